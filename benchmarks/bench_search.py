"""Search: building the index for the whole history, and answering 50 questions.

    python benchmarks/bench_search.py [CORPUS]      (default: ../shared/corpus)

The corpus history is replayed into a fresh store (as in bench_watch.py); then the
full-text index is rebuilt from every section version, and each query below is run as
players would: over the current documents, as they stood on a date, and over every
version. Prints the build time and the median and max latency per mode (target: under
50 ms a query). A benchmark: it prints, it never fails.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_watch import replay_and_watch  # noqa: E402

from rookery.store.search import rebuild, search  # noqa: E402

QUERIES = [
    "marshal a limited card as a duplicate", "duplicate limited card", "infinite loop",
    "cancel the effects of an event", "play an event from the discard pile", "stealth target",
    "take control of a character", "dead pile unique card", "save from a terminal condition",
    "kill a character with 0 STR", "ambush cost", "bestow gold", "shadow cards", "assault keyword",
    "prized power", "initiative tie", "first player chooses", "reserve value",
    "draw phase cards", "dominance phase", "taxation return gold", "claim military challenge",
    "intrigue claim discard", "power challenge claim", "insight draw a card", "renown power",
    "pillage discard top card", "attachments in setup", "plot card revealed", "when revealed abilities",
    "agenda cards are not in play", "restricted list deck", "banned cards joust",
    "melee titles", "tournament round time limit", "deck list requirements", "missed opportunities",
    "judge ruling", "tiebreakers strength of schedule", "going to time modified win",
    "cannot be knelt", "immune to card abilities", "referential targets", "lasting effects expire",
    "reaction window after a challenge", "interrupt to being killed", "Hand's Judgment cancel",
    "Tycho Nestoris win the game", "Varys's Riddle Summer Harvest", "traits gained blank",
]


def timed(run) -> float:
    started = time.perf_counter()
    run()
    return (time.perf_counter() - started) * 1000


def main() -> int:
    assert len(QUERIES) == 50
    replay, config, store, watcher = replay_and_watch(sys.argv)
    with store:
        while replay.advance():
            watcher.cycle()
        replay.close()
        versions = store.scalar("SELECT COUNT(*) FROM versions")
        started = time.perf_counter()
        indexed = rebuild(store)
        print(f"index build: {indexed} section versions in "
              f"{(time.perf_counter() - started) * 1000:.0f} ms ({versions} versions stored)")
        search(store, QUERIES[0])  # warm the page cache
        for mode, options in (("current", {}), ("at 2019-01-01", {"at": "2019-01-01"}),
                              ("every version", {"history": True})):
            times = [timed(lambda q=q: search(store, q, **options)) for q in QUERIES]
            print(f"{mode:14} 50 queries: median {statistics.median(times):5.1f} ms, "
                  f"max {max(times):5.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
