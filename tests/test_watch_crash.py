"""kill -9 in the middle of an import, then a clean finish; and one writer at a time."""
import hashlib
import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from replay import Replay, sources_toml
from rookery.store import Store
from rookery.store import revisions as revs

RELEASES = 5
CONFIG = 'data = "data"\n[fetch]\nretries = 0\n'


@pytest.fixture
def archive(corpus, tmp_path):
    """A loopback server whose FAQ page links the first RELEASES PDF releases, and a config."""
    replay = Replay(corpus, docs=("faq",), link_all=RELEASES)
    replay.advance()
    (tmp_path / "rookery.toml").write_text(sources_toml(replay.url, docs=(), head=CONFIG))
    yield replay, tmp_path
    replay.close()


def rookery(folder, *args):
    env = {**os.environ, "ROOKERY_CONFIG": str(folder / "rookery.toml")}
    env.pop("ROOKERY_DATA", None)
    return subprocess.Popen([sys.executable, "-m", "rookery", *args], cwd=folder, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def revision_count(db_path) -> int:
    if not db_path.exists():
        return 0
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5)
    try:
        return db.execute("SELECT COUNT(*) FROM revisions").fetchone()[0]
    except sqlite3.OperationalError:  # not migrated yet
        return 0
    finally:
        db.close()


def test_a_killed_import_leaves_a_consistent_store_and_the_next_run_finishes(archive):
    replay, folder = archive
    db_path = folder / "data" / "rookery.db"
    replay.link_all = 2  # an archive that first links two releases: both are recorded
    assert rookery(folder, "fetch").wait(timeout=300) == 0
    assert revision_count(db_path) == 2

    # then three more: the process is killed while it waits for the second of them,
    # with the first one fetched, stored and parsed but not yet recorded
    replay.link_all = RELEASES
    replay.fail(f"/files/{replay.pdfs[3]['file']}", "hold")
    first = rookery(folder, "fetch")
    assert replay.held.wait(timeout=240), first.communicate()
    first.send_signal(signal.SIGKILL)
    first.communicate()
    assert first.returncode == -signal.SIGKILL
    replay.release.set()

    with Store(folder / "data") as store:
        assert store.integrity_problems() == []
        interrupted = [r.version for r in revs.revisions(store, "faq-pdf")]
        third = (replay.corpus / "pdf" / replay.pdfs[2]["file"]).read_bytes()
        assert store.body(hashlib.sha256(third).hexdigest()) == third  # kept, not recorded
    assert len(interrupted) == 2

    second = rookery(folder, "fetch")
    out, err = second.communicate(timeout=300)
    assert second.returncode == 0, err
    with Store(folder / "data") as store:
        assert store.integrity_problems() == []
        done = revs.revisions(store, "faq-pdf")
        assert [r.version for r in done][: len(interrupted)] == interrupted
        assert sorted(r.version for r in done) == \
            sorted(p["version_label"] for p in replay.pdfs[:RELEASES])
        assert len({r.url for r in done}) == RELEASES  # no release recorded twice
        assert [r.number for r in done] == list(range(1, RELEASES + 1))


def fetch_while_held(folder, holder: Store) -> tuple[int, str]:
    """(exit status, stderr) of `rookery fetch` while `holder` holds its store's lock."""
    holder.lock()
    try:
        other = rookery(folder, "fetch")
        _, err = other.communicate(timeout=60)
    finally:
        holder.close()
    return other.returncode, err


def test_a_second_process_on_the_same_data_says_so_and_exits(archive):
    _, folder = archive
    code, err = fetch_while_held(folder, Store(folder / "data"))
    assert code == 1
    assert err.count("\n") == 1 and "is in use by rookery pid" in err and "Traceback" not in err


def test_two_data_folders_on_one_database_file_still_have_one_writer(archive, tmp_path):
    """The lock belongs to the database: a second data folder pointed at the same SQLite
    file by `database` is refused like a second process on the same folder."""
    _, folder = archive
    shared = tmp_path / "shared.db"
    toml = (folder / "rookery.toml").read_text()
    (folder / "rookery.toml").write_text(f'database = "sqlite:///{shared}"\n' + toml)
    code, err = fetch_while_held(folder, Store(folder / "elsewhere", db_file=shared))
    assert code == 1
    assert err.count("\n") == 1 and f"{shared} is in use by rookery pid" in err
