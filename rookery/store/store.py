"""The store: one database, SQLite (a file, the default) or PostgreSQL (by URL).

It keeps the sources, every fetch attempt, every distinct body (content-addressed,
never overwritten or deleted), the parsed Document of each body (so nothing is parsed
twice), and the revisions with their section versions and changes (revisions.py).
Writes happen in short transactions, so a process killed at any point leaves a
consistent store; the next run redoes only what did not commit.

Writers: SQLite has one writer process at a time (a lock file beside the database,
whatever data folder it was reached from). PostgreSQL takes several workers: each
claims a source before fetching it (an advisory lock the server drops when a worker's
connection dies), so no source is fetched by two at once.
"""
from __future__ import annotations

import datetime as dt
import fcntl
import hashlib
import json
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, func, select, text
from sqlalchemy.dialects import postgresql as pg
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.pool import QueuePool

from ..masking import password_masked
from ..errors import RookeryError
from ..model import Document
from . import schema as t
from .codec import document_from_json, document_to_json
from .records import GOOD_OUTCOMES, FetchOutcome, FetchRecord, SourceRecord

DB_NAME = "rookery.db"


class StoreError(RookeryError):
    """The data directory cannot be used."""


class StoreLocked(StoreError):
    """Another process writes to the store."""


def now(precise: bool = False) -> str:
    """The current instant in UTC, as ISO 8601: to the second, or the microsecond."""
    return dt.datetime.now(dt.timezone.utc).isoformat(
        timespec="microseconds" if precise else "seconds")


def engine_for(url: str, readonly: bool = False):
    """An SQLAlchemy engine for a server database's URL (postgresql://...)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        parsed = None
    if parsed is None or parsed.get_backend_name() not in ("postgresql", "postgres"):
        raise StoreError(f"{password_masked(url)} is no database rookery can use; give "
                         "sqlite:///PATH or postgresql://user@host/db")
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    # a reader's sessions refuse to write, as SQLite's read-only file does
    options = {"options": "-c default_transaction_read_only=on"} if readonly else {}
    return create_engine(parsed, pool_pre_ping=True, connect_args=options)


def sqlite_engine(path: Path, readonly: bool = False):
    """An SQLAlchemy engine for an SQLite file, opened by its file: URI so that any path
    works (spaces, "#", "?"), read-only for a reader."""
    target = path.resolve().as_uri() + ("?mode=ro" if readonly else "")

    def connect():
        # transactions are begun by Store.transaction (BEGIN IMMEDIATE), not the driver
        conn = sqlite3.connect(target, uri=True, timeout=30, check_same_thread=False,
                               isolation_level=None)
        if not readonly:
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    return create_engine("sqlite://", creator=connect, poolclass=QueuePool)


class Store:
    """A connection to one store: its database and the data folder beside it."""

    def __init__(self, data_dir: Path | str, readonly: bool = False,
                 db_file: Path | str | None = None, zone: dt.tzinfo = dt.timezone.utc,
                 url: str | None = None):
        self.dir = Path(data_dir)
        self.zone = zone  # the time zone revisions tell their days in
        if url and not url.startswith("sqlite:///"):
            self.file = None
            self.url = url
        else:
            self.file = Path(url[len("sqlite:///"):]) if url else \
                Path(db_file) if db_file else self.dir / DB_NAME
            self.url = f"sqlite:///{self.file}"
            if readonly and not self.file.exists():
                raise StoreError(f"no store in {self.file.parent}: run `rookery fetch` first, "
                                 "or point --data at the right folder")
        self.where = str(self.file) if self.file else password_masked(self.url)
        self._lock_file = None
        try:
            if self.file is not None:
                self.dir.mkdir(parents=True, exist_ok=True)
                self.file.parent.mkdir(parents=True, exist_ok=True)
            self.engine = sqlite_engine(self.file, readonly) if self.file is not None \
                else engine_for(self.url, readonly)
            self.dialect = self.engine.dialect.name
            if readonly:
                with self.engine.connect() as conn:
                    missing = t.pending(conn)
                if missing:
                    raise StoreError(f"the store {self.where} needs upgrading "
                                     f"({', '.join(missing)}); run `rookery fetch` once")
            else:
                with self.transaction() as conn:
                    if not self.is_sqlite:  # one migrator at a time (SQLite: BEGIN IMMEDIATE)
                        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"),
                                     {"k": _lock_key("migrate")})
                    t.migrate(conn, now())
        except (OSError, SQLAlchemyError, ArgumentError) as e:
            raise StoreError(f"cannot open the store {self.where} ({_reason(e)}); is it a "
                             "rookery store, reachable and writable?") from None

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    def close(self) -> None:
        self.unlock()
        self.engine.dispose()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ connections (store/ only)

    @contextmanager
    def transaction(self):
        """A connection in a write transaction, committed when the block ends. On SQLite
        the write lock is taken at once (BEGIN IMMEDIATE), so readers never block it."""
        with self.engine.connect() as conn:
            if self.is_sqlite:
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.commit()
            except DBAPIError as e:
                conn.rollback()
                raise StoreError(f"cannot write to the store {self.where} ({_reason(e)})") \
                    from None
            except BaseException:
                conn.rollback()
                raise

    def rows(self, statement, params: dict | None = None) -> list:
        """All rows of a query, as mappings (for the store's own modules)."""
        with self.engine.connect() as conn:
            return list(conn.execute(_q(statement), params or {}).mappings())

    def first(self, statement, params: dict | None = None):
        with self.engine.connect() as conn:
            return conn.execute(_q(statement), params or {}).mappings().first()

    def scalar(self, statement, params: dict | None = None):
        with self.engine.connect() as conn:
            return conn.execute(_q(statement), params or {}).scalar()

    def insert(self, table):
        """An INSERT for this engine (its ON CONFLICT clauses differ by dialect)."""
        return (sqlite.insert if self.is_sqlite else pg.insert)(table)

    # ------------------------------------------------------------ lock and claims

    @property
    def lock_path(self) -> Path | None:
        """The lock belongs to the database, wherever it lives: data folders that share
        one database file (`database = "sqlite:///..."`) share its lock too."""
        return self.file.with_name(self.file.name + ".lock") if self.file else None

    def lock(self) -> None:
        """Take the store for this process. SQLite: a second writer is refused. A server
        database takes several writers, each claiming the sources it fetches."""
        if self.file is None:
            return
        handle = open(self.lock_path, "a+")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise StoreLocked(f"{self.file} is in use by {holder}; wait for it to finish "
                              "or stop it, then try again") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"rookery pid {os.getpid()}")
        handle.flush()
        self._lock_file = handle

    def unlock(self) -> None:
        if self._lock_file is not None:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
            self._lock_file.close()
            self._lock_file = None

    @contextmanager
    def claim(self, source_id: str):
        """Yields True when this worker may fetch the source now, False when another one
        is at it. On PostgreSQL a session advisory lock: released at the end of the
        block, or by the server when the worker's connection dies."""
        if self.is_sqlite:
            yield True  # the process holds the store's lock
            return
        key = _lock_key(f"source:{source_id}")
        with self.engine.connect() as conn:
            got = conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar()
            conn.commit()
            try:
                yield bool(got)
            finally:
                if got:
                    try:
                        conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": key})
                        conn.commit()
                    except DBAPIError:
                        pass  # the connection is gone, and its lock with it

    # ------------------------------------------------------------ sources

    def upsert_source(self, source_id: str, title: str | None, url: str | None,
                      format: str, settings: dict) -> None:
        values = dict(id=source_id, title=title, url=url, format=format,
                      settings=json.dumps(settings, sort_keys=True))
        statement = self.insert(t.sources).values(**values, added_at=now())
        statement = statement.on_conflict_do_update(
            index_elements=["id"], set_={k: statement.excluded[k] for k in values if k != "id"})
        with self.transaction() as conn:
            conn.execute(statement)

    def sources(self) -> list[SourceRecord]:
        return [SourceRecord(**row) for row in self.rows(select(t.sources).order_by(t.sources.c.id))]

    # ------------------------------------------------------------ bodies

    def put_body(self, data: bytes, format: str | None, content_type: str | None) -> str:
        sha = hashlib.sha256(data).hexdigest()
        if self.scalar(select(t.bodies.c.size).where(t.bodies.c.sha256 == sha)) is None:
            with self.transaction() as conn:
                conn.execute(self.insert(t.bodies).values(
                    sha256=sha, size=len(data), format=format, content_type=content_type,
                    first_seen=now(), data=data).on_conflict_do_nothing())
        return sha

    def body(self, sha: str) -> bytes:
        data = self.scalar(select(t.bodies.c.data).where(t.bodies.c.sha256 == sha))
        if data is None:
            raise StoreError(f"body {sha[:12]} is not in the store")
        return bytes(data)

    # ------------------------------------------------------------ parsed documents

    def parsed(self, key: str, parser: str) -> Document | None:
        stored = self.scalar(select(t.parsed.c.document).where(
            t.parsed.c.key == key, t.parsed.c.parser == parser))
        return document_from_json(stored) if stored else None

    def put_parsed(self, key: str, body_sha: str, parser: str, doc: Document) -> None:
        values = dict(body_sha256=body_sha, parser=parser, document=document_to_json(doc),
                      parsed_at=now())
        statement = self.insert(t.parsed).values(key=key, **values)
        with self.transaction() as conn:
            conn.execute(statement.on_conflict_do_update(index_elements=["key"], set_=values))

    # ------------------------------------------------------------ fetch log

    def record_fetch(self, source_id: str, url: str, started_at: str, outcome: FetchOutcome,
                     *, duration_ms: int | None = None, status: int | None = None,
                     headers: dict | None = None, size: int | None = None,
                     body_sha: str | None = None, detail: str | None = None,
                     revision_id: int | None = None) -> int:
        headers = headers or {}  # as in Fetched: lower-case names
        with self.transaction() as conn:
            return conn.execute(t.fetches.insert().values(
                source_id=source_id, url=url, started_at=started_at, duration_ms=duration_ms,
                status=status, etag=headers.get("etag"),
                last_modified=headers.get("last-modified"),
                content_type=headers.get("content-type"), size=size, body_sha256=body_sha,
                outcome=str(FetchOutcome(outcome)), detail=detail, revision_id=revision_id)
            .returning(t.fetches.c.id)).scalar_one()

    def last_good_fetch(self, source_id: str, url: str) -> FetchRecord | None:
        """The newest fetch of `url` whose body is the source's content (a revision or a copy
        of one, or the index page that links its releases): its validators are safe for a
        conditional request. A quarantined body's are not, or the server would answer 304
        to it for ever."""
        f = t.fetches.c
        row = self.first(select(t.fetches).where(
            f.source_id == source_id, f.url == url, f.body_sha256.is_not(None),
            f.outcome.in_([str(o) for o in GOOD_OUTCOMES])).order_by(f.id.desc()).limit(1))
        return FetchRecord.of(row) if row else None

    def fetches(self, source_id: str | None = None, limit: int = 50) -> list[FetchRecord]:
        query = select(t.fetches).order_by(t.fetches.c.id.desc()).limit(limit)
        if source_id:
            query = query.where(t.fetches.c.source_id == source_id)
        return [FetchRecord.of(row) for row in self.rows(query)]

    def seen_url(self, source_id: str, url: str) -> bool:
        """Has `url` given this source a revision (or a copy of one)?"""
        f = t.fetches.c
        return self.first(select(f.id).where(
            f.source_id == source_id, f.url == url,
            f.outcome.in_([FetchOutcome.REVISION.value, FetchOutcome.UNCHANGED.value])
        ).limit(1)) is not None

    def link_failures(self, source_id: str, url: str, index_url: str) -> tuple[int, int]:
        """(how many times in a row fetching `url` has failed, how many times the index
        page `index_url` was read since the last try): what a discovered link's backoff
        is decided from, straight from the fetch log."""
        f = t.fetches.c
        ok = self.scalar(select(func.coalesce(func.max(f.id), 0)).where(
            f.source_id == source_id, f.url == url,
            f.outcome.in_([FetchOutcome.REVISION.value, FetchOutcome.UNCHANGED.value])))
        failed = self.first(select(func.count().label("n"),
                                   func.coalesce(func.max(f.id), 0).label("last")).where(
            f.source_id == source_id, f.url == url, f.id > ok,
            f.outcome.in_([FetchOutcome.ERROR.value, FetchOutcome.QUARANTINED.value])))
        cycles = self.scalar(select(func.count()).where(
            f.source_id == source_id, f.url == index_url, f.id > failed["last"],
            f.outcome == FetchOutcome.INDEX.value))
        return failed["n"], cycles

    def integrity_problems(self) -> list[str]:
        """What is inconsistent in the store (empty when all is well)."""
        problems = []
        if self.is_sqlite:
            with self.engine.connect() as conn:
                problems += [r[0] for r in conn.exec_driver_sql("PRAGMA integrity_check")
                             if r[0] != "ok"]
                problems += [f"foreign key: {tuple(r)}"
                             for r in conn.exec_driver_sql("PRAGMA foreign_key_check")]
        held = select(func.count()).where(t.revision_items.c.revision_id == t.revisions.c.id) \
            .scalar_subquery()
        for row in self.rows(select(t.revisions.c.id, t.revisions.c.sections,
                                    held.label("held"))):
            if row["sections"] != row["held"]:
                problems.append(f"revision {row['id']} holds {row['held']} of "
                                f"{row['sections']} sections")
        return problems


def _lock_key(name: str) -> int:
    """A PostgreSQL advisory lock key (64 bits) for a name, the same in every worker."""
    return int.from_bytes(hashlib.sha256(f"rookery:{name}".encode()).digest()[:8], "big",
                          signed=True)


def _q(statement):
    return text(statement) if isinstance(statement, str) else statement


def _reason(error: Exception) -> str:
    """The driver's own words, on one line, without SQLAlchemy's background links."""
    if isinstance(error, DBAPIError) and error.orig is not None:
        error = error.orig
    return " ".join(str(error).split("\n")[0].split()) or type(error).__name__
