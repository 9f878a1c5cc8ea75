"""The store's tables (SQLAlchemy Core) and the named migrations that make them.

The shape follows simonw/git-history: an identity per item (`items`, one per section as
the aligner follows it from release to release), a row in `versions` only when that
section's content changed, and per release (`revisions`) the list of items it holds and
the changes against the release before.

Each migration has a name, is applied once and is recorded in `migrations`; the same
names run on SQLite and on PostgreSQL, each in that engine's own words where they differ
(the full-text index: FTS5 or a tsvector, filled by a trigger on `versions`). A SQLite
store made before migrations had names (PRAGMA user_version) is adopted as it stands.
"""
from __future__ import annotations

from typing import Callable

from sqlalchemy import (Column, Float, ForeignKey, Index, Integer, LargeBinary, MetaData, Table,
                        Text, UniqueConstraint, inspect, text)
from sqlalchemy.engine import Connection

metadata = MetaData()

sources = Table(
    "sources", metadata,
    Column("id", Text, primary_key=True),
    Column("title", Text),
    Column("url", Text),
    Column("format", Text),
    Column("settings", Text),  # the source's configuration, as JSON
    Column("added_at", Text, nullable=False),
)
bodies = Table(  # every distinct response body, never overwritten
    "bodies", metadata,
    Column("sha256", Text, primary_key=True),
    Column("size", Integer, nullable=False),
    Column("format", Text),  # sniffed: html | pdf | text | NULL
    Column("content_type", Text),
    Column("first_seen", Text, nullable=False),
    Column("data", LargeBinary, nullable=False),
)
parsed = Table(  # a parsed Document per body and parser options
    "parsed", metadata,
    Column("key", Text, primary_key=True),
    Column("body_sha256", Text, ForeignKey("bodies.sha256"), nullable=False),
    Column("parser", Text, nullable=False),
    Column("document", Text, nullable=False),
    Column("parsed_at", Text, nullable=False),
)
revisions = Table(  # each distinct parsed content of a source
    "revisions", metadata,
    Column("id", Integer, primary_key=True),
    Column("source_id", Text, ForeignKey("sources.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("body_sha256", Text, ForeignKey("bodies.sha256"), nullable=False),
    Column("url", Text),
    Column("version", Text),
    Column("effective", Text),
    Column("title", Text),
    Column("format", Text),
    Column("link_label", Text),  # the version a discovered link's name gave
    Column("sections", Integer, nullable=False),
    Column("added", Integer, nullable=False, server_default="0"),
    Column("removed", Integer, nullable=False, server_default="0"),
    Column("modified", Integer, nullable=False, server_default="0"),
    Column("seen_at", Text, nullable=False),  # when rookery first saw it
    Column("published_at", Text),  # what the server said (Last-Modified), if anything
    Column("reading", Text),  # how sound the parse was (model.reading_to_dict), as JSON
    UniqueConstraint("source_id", "number"),
)
fetches = Table(  # every attempt, successful or not
    "fetches", metadata,
    Column("id", Integer, primary_key=True),
    Column("source_id", Text, nullable=False),
    Column("url", Text, nullable=False),
    Column("started_at", Text, nullable=False),
    Column("duration_ms", Integer),
    Column("status", Integer),
    Column("etag", Text),
    Column("last_modified", Text),
    Column("content_type", Text),
    Column("size", Integer),
    Column("body_sha256", Text),
    Column("outcome", Text, nullable=False),  # a FetchOutcome
    Column("detail", Text),
    Column("revision_id", Integer, ForeignKey("revisions.id")),
    Index("fetches_by_url", "source_id", "url", "id"),
)
items = Table(  # a section's identity across releases
    "items", metadata,
    Column("id", Integer, primary_key=True),
    Column("source_id", Text, ForeignKey("sources.id"), nullable=False),
    Column("first_revision", Integer, ForeignKey("revisions.id"), nullable=False),
)
versions = Table(  # a section's content, recorded only when it changed
    "versions", metadata,
    Column("id", Integer, primary_key=True),
    Column("item_id", Integer, ForeignKey("items.id"), nullable=False),
    Column("revision_id", Integer, ForeignKey("revisions.id"), nullable=False),
    Column("hash", Text, nullable=False),
    Column("section", Text, nullable=False),  # JSON
    Index("versions_by_item", "item_id", "id"),
)
revision_items = Table(  # which items a revision holds, in reading order
    "revision_items", metadata,
    Column("revision_id", Integer, ForeignKey("revisions.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("item_id", Integer, ForeignKey("items.id"), nullable=False),
    Column("version_id", Integer, ForeignKey("versions.id"), nullable=False),
    Index("revision_items_by_item", "item_id", "revision_id"),
)
changes = Table(  # a revision against the one before it
    "changes", metadata,
    Column("revision_id", Integer, ForeignKey("revisions.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("type", Text, nullable=False),
    Column("item_id", Integer, ForeignKey("items.id"), nullable=False),
    Column("old_version_id", Integer, ForeignKey("versions.id")),
    Column("new_version_id", Integer, ForeignKey("versions.id")),
    Column("text_changed", Integer, nullable=False),
    Column("renumbered", Integer, nullable=False),
    Column("retitled", Integer, nullable=False),
    Column("moved", Integer, nullable=False),
    Column("similarity", Float, nullable=False),
    Column("ops", Text, nullable=False),  # JSON [[op, text], ...]
    Index("changes_by_item", "item_id"),
)
flags = Table(  # reversals, contradictions, resolutions of a revision
    "flags", metadata,
    Column("revision_id", Integer, ForeignKey("revisions.id"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("type", Text, nullable=False),
    Column("detail", Text, nullable=False),
    Column("sections", Text, nullable=False),  # JSON [{source, item, number, title, ...}]
)
outbox = Table(  # one message per revision and notify target
    "outbox", metadata,
    Column("id", Integer, primary_key=True),
    Column("revision_id", Integer, ForeignKey("revisions.id"), nullable=False),
    Column("target", Text, nullable=False),  # the [[notify]] table's name
    Column("state", Text, nullable=False),  # a DeliveryState
    Column("tries", Integer, nullable=False, server_default="0"),
    Column("next_try_at", Text, nullable=False),  # not tried again before then
    Column("last_error", Text),
    Column("sent_at", Text),
    Column("leased", Text),  # while a worker sends it: when that worker took it
    UniqueConstraint("revision_id", "target"),
    Index("outbox_pending", "state", "next_try_at"),
)
claims = Table(  # which worker fetches a source at one of its due times
    "claims", metadata,
    Column("source_id", Text, primary_key=True),
    Column("due", Text, primary_key=True),  # the due time, ISO 8601 in UTC
    Column("worker", Text, nullable=False),  # host and pid
    Column("claimed_at", Text, nullable=False),
    Column("done_at", Text),  # NULL while the fetch runs (or its worker died)
)
migrations = Table(
    "migrations", metadata,
    Column("name", Text, primary_key=True),
    Column("applied_at", Text, nullable=False),
)

# tables in the order their rows can be copied (what they refer to comes first)
DATA_TABLES = [sources, bodies, parsed, revisions, fetches, items, versions, revision_items,
               changes, flags, outbox, claims]

# ---------------------------------------------------------------- full-text index

# SQLite: an FTS5 table beside `versions`
_SQLITE_SEARCH = [
    """CREATE VIRTUAL TABLE search USING fts5(
        title, body, version_id UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2')""",
]
# PostgreSQL: a table of weighted tsvectors (heading A, body B) under a GIN index, in the
# text search configuration `rookery`
_PG_SEARCH = [
    # English stems, as FTS5's Porter stemmer gives, and no stopwords of the server's own:
    # what a query leaves out is search.STOPWORDS, the same on both engines
    "CREATE TEXT SEARCH DICTIONARY rookery_stem (TEMPLATE = snowball, Language = english)",
    "CREATE TEXT SEARCH CONFIGURATION rookery (COPY = english)",
    "ALTER TEXT SEARCH CONFIGURATION rookery ALTER MAPPING FOR asciiword, asciihword, "
    "hword_asciipart, word, hword, hword_part WITH rookery_stem",
    """CREATE TABLE search (
        version_id INTEGER PRIMARY KEY REFERENCES versions(id),
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        doc TSVECTOR NOT NULL)""",
    "CREATE INDEX search_doc ON search USING GIN (doc)",
]
# what the index holds of each section version, defined once per engine as a view
# (search_source) that the trigger, the backfill and search.rebuild all read
_SOURCE = {
    "sqlite": """CREATE VIEW search_source AS SELECT id AS version_id,
        coalesce(json_extract(section, '$.heading'), json_extract(section, '$.title'), '')
            AS title,
        coalesce(json_extract(section, '$.text'), '') AS body FROM versions""",
    "postgresql": """CREATE VIEW search_source AS SELECT version_id, title, body,
        setweight(to_tsvector('rookery', title), 'A') || setweight(to_tsvector('rookery', body), 'B')
            AS doc
        FROM (SELECT id AS version_id,
                     coalesce(section::jsonb->>'heading', section::jsonb->>'title', '') AS title,
                     coalesce(section::jsonb->>'text', '') AS body FROM versions) AS v""",
}
# index the versions of search_source the WHERE clause that follows picks
SEARCH_FILL = {
    "sqlite": "INSERT INTO search (version_id, title, body) "
              "SELECT version_id, title, body FROM search_source",
    "postgresql": "INSERT INTO search (version_id, title, body, doc) "
                  "SELECT version_id, title, body, doc FROM search_source",
}
_TRIGGER = {
    "sqlite": [f"""CREATE TRIGGER versions_search AFTER INSERT ON versions BEGIN
        {SEARCH_FILL['sqlite']} WHERE version_id = new.id; END"""],
    "postgresql": [
        f"""CREATE FUNCTION versions_search() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
            {SEARCH_FILL['postgresql']} WHERE version_id = NEW.id; RETURN NEW; END $$""",
        "CREATE TRIGGER versions_search AFTER INSERT ON versions FOR EACH ROW "
        "EXECUTE FUNCTION versions_search()"],
}


def _search_kept_by_trigger(conn: Connection) -> None:
    dialect = conn.dialect.name
    conn.exec_driver_sql(_SOURCE[dialect])
    # what was recorded before the trigger (a store from before it kept its index by hand)
    conn.exec_driver_sql(f"{SEARCH_FILL[dialect]} "
                         "WHERE version_id NOT IN (SELECT version_id FROM search)")
    for statement in _TRIGGER[dialect]:
        conn.exec_driver_sql(statement)


def _create(*tables: Table) -> Callable[[Connection], None]:
    return lambda conn: metadata.create_all(conn, tables=list(tables))


def _add_column(conn: Connection, table: Table, name: str) -> None:
    """Add a column a table made by an earlier migration lacks (one made now has it)."""
    if name not in {c["name"] for c in inspect(conn).get_columns(table.name)}:
        column = table.c[name]
        conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {name} "
                             f"{column.type.compile(conn.dialect)}")


def _statements(by_dialect: dict[str, list[str]]) -> Callable[[Connection], None]:
    def run(conn: Connection) -> None:
        for statement in by_dialect[conn.dialect.name]:
            conn.exec_driver_sql(statement)
    return run


MIGRATIONS: list[tuple[str, Callable[[Connection], None]]] = [
    ("0001-sources-bodies-revisions-sections",
     _create(sources, bodies, parsed, revisions, fetches, items, versions, revision_items,
             changes)),
    ("0002-flags-and-search", lambda conn: (_create(flags)(conn), _statements(
        {"sqlite": _SQLITE_SEARCH, "postgresql": _PG_SEARCH})(conn))),
    ("0003-outbox", _create(outbox)),
    ("0004-search-kept-by-trigger", _search_kept_by_trigger),
    ("0005-outbox-leases", lambda conn: _add_column(conn, outbox, "leased")),
    ("0006-claims", _create(claims)),
    ("0007-revision-readings", lambda conn: _add_column(conn, revisions, "reading")),
]


def migrate(conn: Connection, stamp: str) -> list[str]:
    """Apply the migrations this database lacks, in one transaction each; returns the
    names applied. `conn` must be in a transaction that serialises migrators."""
    migrations.create(conn, checkfirst=True)
    done = {row[0] for row in conn.execute(migrations.select().with_only_columns(
        migrations.c.name))}
    if not done and conn.dialect.name == "sqlite":
        # a store from before named migrations counts its own in PRAGMA user_version
        old = conn.exec_driver_sql("PRAGMA user_version").scalar() or 0
        for name, _step in MIGRATIONS[:old]:
            conn.execute(migrations.insert().values(name=name, applied_at=stamp))
            done.add(name)
    applied = []
    for name, step in MIGRATIONS:
        if name in done:
            continue
        step(conn)
        conn.execute(migrations.insert().values(name=name, applied_at=stamp))
        applied.append(name)
    return applied


def pending(conn: Connection) -> list[str]:
    """The names of the migrations this database lacks (all of them for an empty one)."""
    if not conn.dialect.has_table(conn, "migrations"):
        old = conn.exec_driver_sql("PRAGMA user_version").scalar() \
            if conn.dialect.name == "sqlite" else 0
        return [name for name, _step in MIGRATIONS[old or 0:]]
    done = {row[0] for row in conn.execute(text("SELECT name FROM migrations"))}
    return [name for name, _step in MIGRATIONS if name not in done]
