"""The store's tables, as a list of migrations applied in order (PRAGMA user_version).

The shape follows simonw/git-history: an identity per item (`items`, one per section as
the aligner follows it from release to release), a row in `versions` only when that
section's content changed, and per release (`revisions`) the list of items it holds and
the changes against the release before.
"""
from __future__ import annotations

import sqlite3

MIGRATIONS = [
    # 1: everything a watch needs
    """
    CREATE TABLE sources (
        id TEXT PRIMARY KEY,
        title TEXT,
        url TEXT,
        format TEXT,
        settings TEXT,               -- the source's configuration, as JSON
        added_at TEXT NOT NULL
    );
    CREATE TABLE bodies (            -- every distinct response body, never overwritten
        sha256 TEXT PRIMARY KEY,
        size INTEGER NOT NULL,
        format TEXT,                 -- sniffed: html | pdf | NULL
        content_type TEXT,
        first_seen TEXT NOT NULL,
        data BLOB NOT NULL
    );
    CREATE TABLE parsed (            -- a parsed Document per body and parser options
        key TEXT PRIMARY KEY,
        body_sha256 TEXT NOT NULL REFERENCES bodies(sha256),
        parser TEXT NOT NULL,
        document TEXT NOT NULL,
        parsed_at TEXT NOT NULL
    );
    CREATE TABLE revisions (         -- each distinct parsed content of a source
        id INTEGER PRIMARY KEY,
        source_id TEXT NOT NULL REFERENCES sources(id),
        number INTEGER NOT NULL,
        body_sha256 TEXT NOT NULL REFERENCES bodies(sha256),
        url TEXT,
        version TEXT,
        effective TEXT,
        title TEXT,
        format TEXT,
        link_label TEXT,             -- the version a discovered link's name gave
        sections INTEGER NOT NULL,
        added INTEGER NOT NULL DEFAULT 0,
        removed INTEGER NOT NULL DEFAULT 0,
        modified INTEGER NOT NULL DEFAULT 0,
        seen_at TEXT NOT NULL,       -- when rookery first saw it
        published_at TEXT,           -- what the server said (Last-Modified), if anything
        UNIQUE (source_id, number)
    );
    CREATE TABLE fetches (           -- every attempt, successful or not
        id INTEGER PRIMARY KEY,
        source_id TEXT NOT NULL,
        url TEXT NOT NULL,
        started_at TEXT NOT NULL,
        duration_ms INTEGER,
        status INTEGER,
        etag TEXT,
        last_modified TEXT,
        content_type TEXT,
        size INTEGER,
        body_sha256 TEXT,
        outcome TEXT NOT NULL,       -- revision | unchanged | not-modified | quarantined | error
        detail TEXT,
        revision_id INTEGER REFERENCES revisions(id)
    );
    CREATE INDEX fetches_by_url ON fetches (source_id, url, id);
    CREATE TABLE items (             -- a section's identity across releases
        id INTEGER PRIMARY KEY,
        source_id TEXT NOT NULL REFERENCES sources(id),
        first_revision INTEGER NOT NULL REFERENCES revisions(id)
    );
    CREATE TABLE versions (          -- a section's content, recorded only when it changed
        id INTEGER PRIMARY KEY,
        item_id INTEGER NOT NULL REFERENCES items(id),
        revision_id INTEGER NOT NULL REFERENCES revisions(id),
        hash TEXT NOT NULL,
        section TEXT NOT NULL        -- JSON
    );
    CREATE INDEX versions_by_item ON versions (item_id, id);
    CREATE TABLE revision_items (    -- which items a revision holds, in reading order
        revision_id INTEGER NOT NULL REFERENCES revisions(id),
        position INTEGER NOT NULL,
        item_id INTEGER NOT NULL REFERENCES items(id),
        version_id INTEGER NOT NULL REFERENCES versions(id),
        PRIMARY KEY (revision_id, position)
    );
    CREATE INDEX revision_items_by_item ON revision_items (item_id, revision_id);
    CREATE TABLE changes (           -- a revision against the one before it
        revision_id INTEGER NOT NULL REFERENCES revisions(id),
        position INTEGER NOT NULL,
        type TEXT NOT NULL,
        item_id INTEGER NOT NULL REFERENCES items(id),
        old_version_id INTEGER REFERENCES versions(id),
        new_version_id INTEGER REFERENCES versions(id),
        text_changed INTEGER NOT NULL,
        renumbered INTEGER NOT NULL,
        retitled INTEGER NOT NULL,
        moved INTEGER NOT NULL,
        similarity REAL NOT NULL,
        ops TEXT NOT NULL,           -- JSON [[op, text], ...]
        PRIMARY KEY (revision_id, position)
    );
    CREATE INDEX changes_by_item ON changes (item_id);
    """,
    # 2: ruling alerts, and full-text search over every section version
    """
    CREATE TABLE flags (             -- reversals, contradictions, resolutions of a revision
        revision_id INTEGER NOT NULL REFERENCES revisions(id),
        position INTEGER NOT NULL,
        type TEXT NOT NULL,
        detail TEXT NOT NULL,
        sections TEXT NOT NULL,      -- JSON [{source, item, number, title, kind, path}]
        PRIMARY KEY (revision_id, position)
    );
    CREATE VIRTUAL TABLE search USING fts5(
        title, body, version_id UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2'
    );
    INSERT INTO search (title, body, version_id)
        SELECT coalesce(json_extract(section, '$.heading'), json_extract(section, '$.title'), ''),
               coalesce(json_extract(section, '$.text'), ''), id FROM versions;
    """,
    # 3: the notification outbox, filled in the transaction that records a revision
    """
    CREATE TABLE outbox (            -- one message per revision and notify target
        id INTEGER PRIMARY KEY,
        revision_id INTEGER NOT NULL REFERENCES revisions(id),
        target TEXT NOT NULL,        -- the [[notify]] table's name
        state TEXT NOT NULL,         -- pending | sent | failed (given up)
        tries INTEGER NOT NULL DEFAULT 0,
        next_try_at TEXT NOT NULL,   -- not tried again before then
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (revision_id, target)
    );
    CREATE INDEX outbox_pending ON outbox (state, next_try_at);
    """,
]


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the database up to the newest schema; returns the version it is at."""
    current = conn.execute("PRAGMA user_version").fetchone()[0]
    for version, script in enumerate(MIGRATIONS[current:], start=current + 1):
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            # another process may have migrated while we waited for the write lock
            if conn.execute("PRAGMA user_version").fetchone()[0] >= version:
                continue
            for statement in _statements(script):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version}")
    return max(current, len(MIGRATIONS))


def _statements(script: str):
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line.split("--", 1)[0] + ("\n" if "--" in line else "")
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                yield buffer.strip()
            buffer = ""
