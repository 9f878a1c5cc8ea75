"""Faults of a real server (the corpus replay on loopback): none may become a revision,
lose what was stored, or go unreported; the next good cycle must succeed."""
import logging

import pytest

from replay import Replay, sources_toml, watcher_for
from rookery.store import revisions as revs

RETRIES = 1

# fault, the path it hits, the source that asks for it first, what its warning must say
FAULTS = [
    ("500", "/faq", "faq", "HTTP 500"),
    ("503", "/faq", "faq", "HTTP 503"),
    ("timeout", "/faq", "faq", "no answer within"),
    ("reset", "/faq", "faq", "cannot connect"),
    ("truncated", "/faq", "faq", "cut short"),
    ("empty", "/faq", "faq", "empty"),
    ("oversize", "/faq", "faq", "size limit"),
    ("gutted", "/faq", "faq", "sections where revision 1"),
    ("html-for-pdf", "/files/faq_v1.2.pdf", "faq-pdf", "HTML where a PDF was expected"),
]


@pytest.fixture
def setup(corpus, tmp_path):
    replay = Replay(corpus, docs=("faq",))
    waits = []
    head = f"[fetch]\nmax_size = 1000000\ntimeout = 1.0\nretries = {RETRIES}\n"
    config, store, watcher = watcher_for(sources_toml(replay.url, docs=("faq",), head=head),
                                         tmp_path, sleep=waits.append)
    replay.advance()  # the first FAQ page, v1.1 (and its PDF)
    watcher.cycle()
    while replay.advance()["version_label"] != "1.2":  # on to the v1.2 page
        pass
    yield replay, store, watcher, waits
    store.close()
    replay.close()


def stored(store):
    return {source: [(r.number, r.version, r.body_sha256) for r in revs.revisions(store, source)]
            for source in ("faq", "faq-pdf")}


@pytest.mark.parametrize("fault,path,victim,says", FAULTS, ids=[f[0] for f in FAULTS])
def test_a_fault_records_no_revision_loses_nothing_and_says_so_once(setup, caplog, fault, path,
                                                                     victim, says):
    replay, store, watcher, waits = setup
    before = stored(store)
    assert [v for _n, v, _s in before["faq"]] == ["1.1"] and len(before["faq-pdf"]) == 1
    # transport faults last through every attempt; a bad body is only served once
    retried = fault in ("500", "503", "timeout", "reset", "truncated")
    replay.fail(path, fault, times=RETRIES + 1 if retried else 1)
    caplog.set_level(logging.INFO, logger="rookery")
    watcher.cycle()
    after = stored(store)
    assert after[victim] == before[victim]  # no revision from the fault
    for source in before:  # nothing stored earlier is lost
        assert after[source][: len(before[source])] == before[source]
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith(f"{victim}: ") and says in warnings[0]
    assert "\n" not in warnings[0]
    if fault == "503":
        assert waits == [7.0]  # Retry-After honoured
    # each retry is logged before its wait, naming the address
    told = [r.getMessage() for r in caplog.records if "trying again in" in r.getMessage()]
    assert len(told) == (RETRIES if retried else 0) and all(path in m for m in told), told
    assert store.integrity_problems() == []

    replay.release.set()  # let a held request go before the next cycle
    caplog.clear()
    watcher.cycle()
    after = stored(store)
    assert [v for _n, v, _s in after["faq"]] == ["1.1", "1.2"]
    assert [v for _n, v, _s in after["faq-pdf"]] == ["1.1", "1.2"]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
