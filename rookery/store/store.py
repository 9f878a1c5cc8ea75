"""The store: one SQLite file (WAL) in a data directory, plus a lock file beside it.

It keeps the sources, every fetch attempt, every distinct body (content-addressed,
never overwritten or deleted), the parsed Document of each body (so nothing is parsed
twice), and the revisions with their section versions and changes (revisions.py).
Writes happen in short transactions, so a process killed at any point leaves a
consistent store; the next run redoes only what did not commit.
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

from ..errors import RookeryError
from ..model import Document
from .codec import document_from_json, document_to_json
from .schema import migrate

DB_NAME = "rookery.db"


class StoreError(RookeryError):
    """The data directory cannot be used."""


class StoreLocked(StoreError):
    """Another process writes to the store."""


def now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


class Store:
    """A connection to one data directory."""

    def __init__(self, data_dir: Path | str, readonly: bool = False,
                 db_file: Path | str | None = None, zone: dt.tzinfo = dt.timezone.utc):
        self.dir = Path(data_dir)
        self.zone = zone  # the time zone revisions tell their days in
        self.file = Path(db_file) if db_file else self.dir / DB_NAME
        if readonly and not self.file.exists():
            raise StoreError(f"no store in {self.file.parent}: run `rookery fetch` first, or "
                             "point --data at the right folder")
        self._lock_file = None
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            self.file.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.file, isolation_level=None, timeout=30,
                                      check_same_thread=False)
            self.db.row_factory = sqlite3.Row
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")
            self.db.execute("PRAGMA foreign_keys = ON")
            migrate(self.db)
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"cannot open the store {self.file} ({e}); is it a rookery "
                             "store, and writable?") from None

    def close(self) -> None:
        self.unlock()
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ lock

    @property
    def lock_path(self) -> Path:
        """The lock belongs to the database, wherever it lives: data folders that share
        one database file (`database = "sqlite:///..."`) share its lock too."""
        return self.file.with_name(self.file.name + ".lock")

    def lock(self) -> None:
        """Take the store for this process; a second writer is refused."""
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
    def transaction(self):
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            yield self.db

    # ------------------------------------------------------------ sources

    def upsert_source(self, source_id: str, title: str | None, url: str | None,
                      format: str, settings: dict) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO sources (id, title, url, format, settings, added_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET title = excluded.title,"
                " url = excluded.url, format = excluded.format, settings = excluded.settings",
                (source_id, title, url, format, json.dumps(settings, sort_keys=True), now()))

    def sources(self) -> list[sqlite3.Row]:
        return self.db.execute("SELECT * FROM sources ORDER BY id").fetchall()

    # ------------------------------------------------------------ bodies

    def put_body(self, data: bytes, format: str | None, content_type: str | None) -> str:
        sha = hashlib.sha256(data).hexdigest()
        with self.transaction() as db:
            db.execute("INSERT OR IGNORE INTO bodies (sha256, size, format, content_type, "
                       "first_seen, data) VALUES (?, ?, ?, ?, ?, ?)",
                       (sha, len(data), format, content_type, now(), data))
        return sha

    def body(self, sha: str) -> bytes:
        row = self.db.execute("SELECT data FROM bodies WHERE sha256 = ?", (sha,)).fetchone()
        if row is None:
            raise StoreError(f"body {sha[:12]} is not in the store")
        return row["data"]

    # ------------------------------------------------------------ parsed documents

    def parsed(self, key: str, parser: str) -> Document | None:
        row = self.db.execute("SELECT document FROM parsed WHERE key = ? AND parser = ?",
                              (key, parser)).fetchone()
        return document_from_json(row["document"]) if row else None

    def put_parsed(self, key: str, body_sha: str, parser: str, doc: Document) -> None:
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO parsed (key, body_sha256, parser, document, "
                       "parsed_at) VALUES (?, ?, ?, ?, ?)",
                       (key, body_sha, parser, document_to_json(doc), now()))

    # ------------------------------------------------------------ fetch log

    def record_fetch(self, source_id: str, url: str, started_at: str, outcome: str, *,
                     duration_ms: int | None = None, status: int | None = None,
                     headers: dict | None = None, size: int | None = None,
                     body_sha: str | None = None, detail: str | None = None,
                     revision_id: int | None = None) -> int:
        headers = headers or {}  # as in Fetched: lower-case names
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO fetches (source_id, url, started_at, duration_ms, status, etag, "
                "last_modified, content_type, size, body_sha256, outcome, detail, revision_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (source_id, url, started_at, duration_ms, status, headers.get("etag"),
                 headers.get("last-modified"), headers.get("content-type"), size, body_sha,
                 outcome, detail, revision_id))
            return cur.lastrowid

    def last_good_fetch(self, source_id: str, url: str) -> sqlite3.Row | None:
        """The newest fetch of `url` whose body is the source's content (a revision or a copy
        of one, or the index page that links its releases): its validators are safe for a
        conditional request. A quarantined body's are not, or the server would answer 304
        to it for ever."""
        return self.db.execute(
            "SELECT * FROM fetches WHERE source_id = ? AND url = ? AND body_sha256 IS NOT NULL "
            "AND outcome IN ('revision', 'unchanged', 'index') ORDER BY id DESC LIMIT 1",
            (source_id, url)).fetchone()

    def fetches(self, source_id: str | None = None, limit: int = 50) -> list[sqlite3.Row]:
        if source_id:
            return self.db.execute("SELECT * FROM fetches WHERE source_id = ? ORDER BY id DESC "
                                   "LIMIT ?", (source_id, limit)).fetchall()
        return self.db.execute("SELECT * FROM fetches ORDER BY id DESC LIMIT ?",
                               (limit,)).fetchall()

    def seen_url(self, source_id: str, url: str) -> bool:
        """Has `url` given this source a revision (or a copy of one)?"""
        return self.db.execute(
            "SELECT 1 FROM fetches WHERE source_id = ? AND url = ? "
            "AND outcome IN ('revision', 'unchanged') LIMIT 1", (source_id, url)).fetchone() \
            is not None

    def link_failures(self, source_id: str, url: str, index_url: str) -> tuple[int, int]:
        """(how many times in a row fetching `url` has failed, how many times the index
        page `index_url` was read since the last try): what a discovered link's backoff
        is decided from, straight from the fetch log."""
        ok = self.db.execute(
            "SELECT coalesce(max(id), 0) FROM fetches WHERE source_id = ? AND url = ? "
            "AND outcome IN ('revision', 'unchanged')", (source_id, url)).fetchone()[0]
        failures, last = self.db.execute(
            "SELECT count(*), coalesce(max(id), 0) FROM fetches WHERE source_id = ? "
            "AND url = ? AND id > ? AND outcome IN ('error', 'quarantined')",
            (source_id, url, ok)).fetchone()
        cycles = self.db.execute(
            "SELECT count(*) FROM fetches WHERE source_id = ? AND url = ? AND id > ? "
            "AND outcome = 'index'", (source_id, index_url, last)).fetchone()[0]
        return failures, cycles

    def integrity_problems(self) -> list[str]:
        """What is inconsistent in the store (empty when all is well)."""
        problems = [r[0] for r in self.db.execute("PRAGMA integrity_check") if r[0] != "ok"]
        problems += [f"foreign key: {tuple(r)}" for r in self.db.execute("PRAGMA foreign_key_check")]
        for row in self.db.execute(
                "SELECT r.id, r.sections, (SELECT COUNT(*) FROM revision_items i "
                "WHERE i.revision_id = r.id) AS held FROM revisions r"):
            if row["sections"] != row["held"]:
                problems.append(f"revision {row['id']} holds {row['held']} of "
                                f"{row['sections']} sections")
        return problems
