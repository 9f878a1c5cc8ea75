"""The store on PostgreSQL: the corpus replay gives what it gives on SQLite, several
`rookery fetch` workers on one database record each revision once, and a worker killed
in the middle of a fetch hands its source on."""
import os
import signal
import subprocess
import sys
from collections import Counter

import pytest

from replay import Replay, sources_toml, watcher_for
from rookery.store import Store
from rookery.store import revisions as revs
from rookery.store.search import search

QUERIES = ["duplicate", "limited card", "shadow cards come out", "kneel attachment",
           "playing attacks during challenges", "running out of tokens",
           "tournament judge deck list"]


def recorded(store) -> dict[str, list[tuple]]:
    """Each source's revisions, as what they are (ids aside, and bodies: a replay server
    writes its own address into the pages it serves)."""
    return {s.id: [(r.number, r.version, r.effective, r.sections, r.added,
                    r.removed, r.modified, len(revs.flags(store, r)))
                   for r in revs.revisions(store, s.id)] for s in store.sources()}


def twice(store) -> int:
    """Revisions recorded twice: the same body again as a later revision of a source."""
    seen = Counter((s.id, r.body_sha256) for s in store.sources()
                   for r in revs.revisions(store, s.id))
    return sum(n - 1 for n in seen.values())


def found(store, query: str) -> set[tuple]:
    return {(h.source_id, h.section.number, h.section.title, h.section.text)
            for h in search(store, query, limit=100_000)}  # every match, whatever its rank


@pytest.fixture(scope="module")
def replays(corpus, tmp_path_factory, request):
    """The whole timeline (pages and PDFs) watched into SQLite and into PostgreSQL."""
    stores = {}
    for engine in ("sqlite", "postgresql"):
        head = ""
        if engine == "postgresql":
            server = request.getfixturevalue("postgres_server")
            head = f'database = "{server.create_database("replay")}"\n'
        replay = Replay(corpus)
        config, store, watcher = watcher_for(sources_toml(replay.url, head=head),
                                             tmp_path_factory.mktemp(engine), retries=0,
                                             sleep=lambda s: None)
        while replay.advance():
            watcher.cycle()
        replay.close()
        stores[engine] = store
    yield stores
    for store in stores.values():
        store.close()


def test_the_replay_on_postgresql_records_what_it_records_on_sqlite(replays):
    lite, server = recorded(replays["sqlite"]), recorded(replays["postgresql"])
    assert sum(map(len, lite.values())) > 50
    assert server == lite
    for source, revisions in lite.items():
        for a, b in zip(revs.revisions(replays["sqlite"], source),
                        revs.revisions(replays["postgresql"], source)):
            assert revs.changes(replays["sqlite"], a) == revs.changes(replays["postgresql"], b)
    assert replays["postgresql"].integrity_problems() == []


@pytest.mark.parametrize("query", QUERIES)
def test_search_finds_the_same_sections_on_both_engines(replays, query):
    lite = found(replays["sqlite"], query)
    assert lite and found(replays["postgresql"], query) == lite


# ---------------------------------------------------------------- workers as processes

def rookery(folder, *args) -> subprocess.Popen:
    env = {**os.environ, "ROOKERY_CONFIG": str(folder / "rookery.toml")}
    env.pop("ROOKERY_DATA", None)
    return subprocess.Popen([sys.executable, "-m", "rookery", *args], cwd=folder, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def failed(log: str) -> int:
    """The exit status a fetch that logged `log` owes: 1 when a source failed (here, a
    release the FAQ page links on another host, which answers 404), else 0."""
    return 1 if "fetch failed" in log and "Traceback" not in log else 0


def workers_config(folder, replay, url: str, docs=("faq", "rules", "tournament"),
                   pdfs: bool = True):
    folder.mkdir(parents=True, exist_ok=True)
    head = f'data = "data"\ndatabase = "{url}"\n[fetch]\nretries = 0\n'
    (folder / "rookery.toml").write_text(sources_toml(replay.url, docs, pdfs=pdfs, head=head))
    return folder


STEPS = 8  # snapshots of the timeline the workers fetch (every few, to the end)


def test_two_workers_at_once_record_each_revision_once(corpus, tmp_path, postgres_url):
    replay = Replay(corpus)
    one = Replay(corpus)
    try:
        folders = [workers_config(tmp_path / name, replay, postgres_url)
                   for name in ("worker-a", "worker-b")]
        alone = workers_config(tmp_path / "alone", one, f"sqlite:///{tmp_path / 'alone.db'}")
        stride = max(1, len(replay.steps) // STEPS)
        skipped = 0
        while True:
            for _ in range(stride):
                moved = replay.advance() and one.advance()
            if not moved:
                break
            runs = [rookery(folder, "fetch") for folder in folders]
            for run in runs:
                _out, err = run.communicate(timeout=300)
                assert run.returncode == failed(err), err
                skipped += err.count("another worker is fetching it")
            solo = rookery(alone, "fetch")
            _out, err = solo.communicate(timeout=300)
            assert solo.returncode == failed(err), err
        with Store(tmp_path, url=postgres_url) as shared, \
                Store(tmp_path, db_file=tmp_path / "alone.db") as single:
            assert twice(shared) == 0
            assert recorded(shared) == recorded(single)
            assert shared.integrity_problems() == []
        print(f"two workers, {STEPS} cycles: {skipped} sources left to the other worker")
    finally:
        replay.close()
        one.close()


def test_a_worker_killed_mid_fetch_leaves_its_source_to_the_others(corpus, tmp_path,
                                                                  postgres_url):
    replay = Replay(corpus, docs=("faq", "rules"))
    try:
        while not {"faq", "rules"} <= set(replay.current):
            replay.advance()
        folder = workers_config(tmp_path / "w", replay, postgres_url, ("faq", "rules"),
                                pdfs=False)
        replay.fail("/faq", "hold")  # the first worker to ask for the FAQ waits there
        first = rookery(folder, "fetch", "faq")
        assert replay.held.wait(timeout=120), first.communicate()
        other = rookery(folder, "fetch")  # meanwhile: the FAQ is claimed, the rest is not
        _out, err = other.communicate(timeout=300)
        assert other.returncode == 0 and "faq: another worker is fetching it" in err, err
        first.send_signal(signal.SIGKILL)
        first.communicate()
        replay.release.set()

        after = rookery(folder, "fetch")  # the dead worker's claim went with it
        _out, err = after.communicate(timeout=300)
        assert after.returncode == 0, err
        with Store(tmp_path, url=postgres_url) as store:
            counts = {s.id: len(revs.revisions(store, s.id)) for s in store.sources()}
            assert counts == {"faq": 1, "rules": 1}
            assert twice(store) == 0 and store.integrity_problems() == []
    finally:
        replay.close()
