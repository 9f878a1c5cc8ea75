import sqlite3

import pytest

from rookery.store import Store, StoreError, StoreLocked
from rookery.store.schema import MIGRATIONS


def test_a_new_store_is_migrated_and_in_wal_mode(tmp_path):
    with Store(tmp_path / "data") as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.integrity_problems() == []


def test_bodies_are_kept_once_by_content(tmp_path):
    with Store(tmp_path) as store:
        a = store.put_body(b"<html>one</html>", "html", "text/html")
        b = store.put_body(b"<html>one</html>", "html", "text/plain")
        assert a == b and store.body(a) == b"<html>one</html>"
        assert store.db.execute("SELECT COUNT(*) FROM bodies").fetchone()[0] == 1
        assert store.db.execute("SELECT content_type FROM bodies").fetchone()[0] == "text/html"


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


def test_quarantined_fetches_never_give_validators(tmp_path):
    with Store(tmp_path) as store:
        sha = store.put_body(b"x", None, None)
        store.record_fetch("s", "https://x/faq", "t1", "revision", body_sha=sha,
                           headers={"etag": '"good"'})
        store.record_fetch("s", "https://x/faq", "t2", "quarantined", body_sha=sha,
                           headers={"etag": '"broken"'})
        assert store.last_good_fetch("s", "https://x/faq")["etag"] == '"good"'


def test_a_store_with_data_from_the_first_schema_gains_a_search_index(tmp_path):
    from rookery.store.schema import _statements

    db = sqlite3.connect(tmp_path / "rookery.db", isolation_level=None)
    for statement in _statements(MIGRATIONS[0]):
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
    with Store(tmp_path) as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        rows = store.db.execute("SELECT title, body, version_id FROM search "
                                "WHERE search MATCH 'ember'").fetchall()
        assert [tuple(r) for r in rows] == [("Quenching", "Embers go out.", 1)]


def test_a_file_that_is_not_a_store_is_a_clear_error(tmp_path):
    (tmp_path / "rookery.db").write_bytes(b"these bytes are no SQLite database at all" * 4)
    with pytest.raises(StoreError, match="is it a rookery store"):
        Store(tmp_path)
