import sqlite3
import time

import pytest
from sqlalchemy import text

from rookery.store import Store, StoreError, StoreLocked
from rookery.store.records import FetchOutcome, FetchRecord, SourceRecord
from rookery.store.schema import MIGRATIONS


def test_a_new_store_is_migrated_and_in_wal_mode(tmp_path):
    with Store(tmp_path / "data") as store:
        names = [r["name"] for r in store.rows("SELECT name FROM migrations ORDER BY name")]
        assert names == [name for name, _step in MIGRATIONS]
        assert store.scalar("PRAGMA journal_mode") == "wal"
        assert store.integrity_problems() == []


def test_a_new_database_on_either_engine_gets_every_named_migration(tmp_path, database):
    with Store(tmp_path, url=database) as store:
        assert store.scalar("SELECT COUNT(*) FROM migrations") == len(MIGRATIONS)
    with Store(tmp_path, url=database) as again:  # a second open applies nothing twice
        assert again.scalar("SELECT COUNT(*) FROM migrations") == len(MIGRATIONS)
        assert again.integrity_problems() == []


def test_bodies_are_kept_once_by_content(tmp_path, database):
    with Store(tmp_path, url=database) as store:
        a = store.put_body(b"<html>one</html>", "html", "text/html")
        b = store.put_body(b"<html>one</html>", "html", "text/plain")
        assert a == b and store.body(a) == b"<html>one</html>"
        assert store.scalar("SELECT COUNT(*) FROM bodies") == 1
        assert store.scalar("SELECT content_type FROM bodies") == "text/html"


def test_sources_come_back_as_records(tmp_path, database):
    with Store(tmp_path, url=database) as store:
        store.upsert_source("sky", "Skyforge FAQ", "https://x/faq", "html", {"every": "1h"})
        store.upsert_source("sky", "Skyforge FAQ v2", "https://x/faq", "html", {})
        [source] = store.sources()
        assert isinstance(source, SourceRecord)
        assert (source.id, source.title, source.settings) == ("sky", "Skyforge FAQ v2", "{}")


def test_a_second_writer_is_refused_and_told_who_holds_the_store(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)
    first.lock()
    with pytest.raises(StoreLocked, match=r"is in use by rookery pid \d+"):
        second.lock()
    first.close()
    second.lock()  # free again once the first has gone
    second.close()


def test_reading_a_missing_store_says_how_to_make_one(tmp_path):
    with pytest.raises(StoreError, match="run `rookery fetch` first"):
        Store(tmp_path / "nothing", readonly=True)


def test_quarantined_fetches_never_give_validators(tmp_path, database):
    with Store(tmp_path, url=database) as store:
        sha = store.put_body(b"x", None, None)
        store.record_fetch("s", "https://x/faq", "t1", FetchOutcome.REVISION, body_sha=sha,
                           headers={"etag": '"good"'})
        store.record_fetch("s", "https://x/faq", "t2", FetchOutcome.QUARANTINED, body_sha=sha,
                           headers={"etag": '"broken"'})
        good = store.last_good_fetch("s", "https://x/faq")
        assert isinstance(good, FetchRecord) and good.etag == '"good"'
        assert [f.outcome for f in store.fetches("s")] == [FetchOutcome.QUARANTINED,
                                                          FetchOutcome.REVISION]


# the first schema as rookery wrote it before migrations had names (PRAGMA user_version 1)
FIRST_SCHEMA = [
    "CREATE TABLE sources (id TEXT PRIMARY KEY, title TEXT, url TEXT, format TEXT, "
    "settings TEXT, added_at TEXT NOT NULL)",
    "CREATE TABLE bodies (sha256 TEXT PRIMARY KEY, size INTEGER NOT NULL, format TEXT, "
    "content_type TEXT, first_seen TEXT NOT NULL, data BLOB NOT NULL)",
    "CREATE TABLE parsed (key TEXT PRIMARY KEY, body_sha256 TEXT NOT NULL REFERENCES "
    "bodies(sha256), parser TEXT NOT NULL, document TEXT NOT NULL, parsed_at TEXT NOT NULL)",
    "CREATE TABLE revisions (id INTEGER PRIMARY KEY, source_id TEXT NOT NULL REFERENCES "
    "sources(id), number INTEGER NOT NULL, body_sha256 TEXT NOT NULL REFERENCES "
    "bodies(sha256), url TEXT, version TEXT, effective TEXT, title TEXT, format TEXT, "
    "link_label TEXT, sections INTEGER NOT NULL, added INTEGER NOT NULL DEFAULT 0, "
    "removed INTEGER NOT NULL DEFAULT 0, modified INTEGER NOT NULL DEFAULT 0, "
    "seen_at TEXT NOT NULL, published_at TEXT, UNIQUE (source_id, number))",
    "CREATE TABLE fetches (id INTEGER PRIMARY KEY, source_id TEXT NOT NULL, url TEXT NOT "
    "NULL, started_at TEXT NOT NULL, duration_ms INTEGER, status INTEGER, etag TEXT, "
    "last_modified TEXT, content_type TEXT, size INTEGER, body_sha256 TEXT, outcome TEXT NOT "
    "NULL, detail TEXT, revision_id INTEGER REFERENCES revisions(id))",
    "CREATE INDEX fetches_by_url ON fetches (source_id, url, id)",
    "CREATE TABLE items (id INTEGER PRIMARY KEY, source_id TEXT NOT NULL REFERENCES "
    "sources(id), first_revision INTEGER NOT NULL REFERENCES revisions(id))",
    "CREATE TABLE versions (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES "
    "items(id), revision_id INTEGER NOT NULL REFERENCES revisions(id), hash TEXT NOT NULL, "
    "section TEXT NOT NULL)",
    "CREATE INDEX versions_by_item ON versions (item_id, id)",
    "CREATE TABLE revision_items (revision_id INTEGER NOT NULL REFERENCES revisions(id), "
    "position INTEGER NOT NULL, item_id INTEGER NOT NULL REFERENCES items(id), version_id "
    "INTEGER NOT NULL REFERENCES versions(id), PRIMARY KEY (revision_id, position))",
    "CREATE INDEX revision_items_by_item ON revision_items (item_id, revision_id)",
    "CREATE TABLE changes (revision_id INTEGER NOT NULL REFERENCES revisions(id), position "
    "INTEGER NOT NULL, type TEXT NOT NULL, item_id INTEGER NOT NULL REFERENCES items(id), "
    "old_version_id INTEGER REFERENCES versions(id), new_version_id INTEGER REFERENCES "
    "versions(id), text_changed INTEGER NOT NULL, renumbered INTEGER NOT NULL, retitled "
    "INTEGER NOT NULL, moved INTEGER NOT NULL, similarity REAL NOT NULL, ops TEXT NOT NULL, "
    "PRIMARY KEY (revision_id, position))",
    "CREATE INDEX changes_by_item ON changes (item_id)",
]


def test_a_store_with_data_from_the_first_schema_gains_a_search_index(tmp_path):
    db = sqlite3.connect(tmp_path / "rookery.db", isolation_level=None)
    for statement in FIRST_SCHEMA:
        db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO sources (id, added_at) VALUES ('sky', 't')")
    db.execute("INSERT INTO bodies VALUES ('b', 1, 'html', NULL, 't', x'00')")
    db.execute("INSERT INTO revisions (id, source_id, number, body_sha256, sections, seen_at) "
               "VALUES (1, 'sky', 1, 'b', 1, 't')")
    db.execute("INSERT INTO items (id, source_id, first_revision) VALUES (1, 'sky', 1)")
    db.execute("INSERT INTO versions (id, item_id, revision_id, hash, section) VALUES "
               "(1, 1, 1, 'h', '{\"title\": \"Quenching\", \"kind\": \"term\", "
               "\"heading\": \"Quenching\", \"text\": \"Embers go out.\"}')")
    db.close()
    with pytest.raises(StoreError, match="needs upgrading"):
        Store(tmp_path, readonly=True)  # a reader never writes: it says what to do
    with Store(tmp_path) as store:
        assert store.scalar("SELECT COUNT(*) FROM migrations") == len(MIGRATIONS)
        rows = store.rows("SELECT title, body, version_id FROM search "
                          "WHERE search MATCH 'ember'")
        assert [tuple(r.values()) for r in rows] == [("Quenching", "Embers go out.", 1)]
        # a revision recorded before readings were judged has no verdict, and says so
        from rookery.store import revisions as revs
        assert revs.revision(store, 1).judged is None
        assert revs.document(store, revs.revision(store, 1)).reading is None
    with Store(tmp_path, readonly=True) as reader:
        assert reader.scalar("SELECT COUNT(*) FROM versions") == 1


def test_a_file_that_is_not_a_store_is_a_clear_error(tmp_path):
    (tmp_path / "rookery.db").write_bytes(b"these bytes are no SQLite database at all" * 4)
    with pytest.raises(StoreError, match="is it a rookery store"):
        Store(tmp_path)


def test_a_source_is_claimed_by_one_worker_at_a_time_on_a_server(tmp_path, postgres_url):
    with Store(tmp_path / "a", url=postgres_url) as a, Store(tmp_path / "b", url=postgres_url) as b:
        with a.claim("faq") as mine:
            assert mine
            with b.claim("faq") as theirs, b.claim("rules") as other:
                assert (theirs, other) == (False, True)
        with b.claim("faq") as theirs:  # released at the end of the first worker's block
            assert theirs
    with Store(tmp_path / "c", url=postgres_url) as worker, worker.claim("faq") as mine, \
            Store(tmp_path / "d", url=postgres_url) as next_worker:
        assert mine
        with next_worker.claim("faq") as theirs:
            assert not theirs
        # the first worker's connection dies (its machine went down): its claim goes too
        assert next_worker.scalar("SELECT count(pg_terminate_backend(pid)) FROM pg_locks "
                                  "WHERE locktype = 'advisory'") == 1
        ends = time.monotonic() + 30  # the server ends a backend when it gets to it
        while True:
            with next_worker.claim("faq") as theirs:
                if theirs or time.monotonic() > ends:
                    break
        assert theirs


def test_a_delivery_is_taken_by_one_worker(tmp_path, database):
    from rookery.store import outbox

    with Store(tmp_path, url=database) as store:
        store.upsert_source("sky", "Skyforge FAQ", None, "html", {})
        sha = store.put_body(b"1", "html", None)
        with store.transaction() as db:  # a revision owed to one target, as add_revision does
            rev = db.execute(text(
                "INSERT INTO revisions (source_id, number, body_sha256, sections, seen_at) "
                "VALUES ('sky', 1, :sha, 0, 't') RETURNING id"), {"sha": sha}).scalar()
            outbox.enqueue(store, db, rev, ["guild"])
        [due] = outbox.due(store)
        assert outbox.take(store, due) and not outbox.take(store, due)
        assert outbox.due(store) == []  # leased to the first worker for a while
        outbox.mark_sent(store, due)
        assert [d.state for d in outbox.deliveries(store)] == ["sent"]


def test_a_reader_cannot_write_on_either_engine(tmp_path, database):
    with Store(tmp_path, url=database) as store:
        store.upsert_source("sky", "Skyforge FAQ", None, "html", {})
    with Store(tmp_path, url=database, readonly=True) as reader:
        assert [s.id for s in reader.sources()] == ["sky"]
        with pytest.raises(StoreError, match="(?i)cannot write to the store .*read.?only"):
            reader.upsert_source("sky", "Renamed", None, "html", {})
    with Store(tmp_path, url=database) as store:
        assert [s.title for s in store.sources()] == ["Skyforge FAQ"]


def test_a_data_folder_may_have_any_name(tmp_path):
    folder = tmp_path / "rules #2? 100% sure"
    with Store(folder) as store:
        store.upsert_source("sky", "Skyforge FAQ", None, "html", {})
    with Store(folder, readonly=True) as reader:
        assert [s.id for s in reader.sources()] == ["sky"]
    assert sorted(p.name for p in folder.iterdir())[0] == "rookery.db"
    assert [p.name for p in tmp_path.iterdir()] == [folder.name]  # nothing made elsewhere
