"""Publishing the site of the whole corpus: a full build, then an incremental build after
one new revision.

    python benchmarks/bench_publish.py [CORPUS]      (default: ../shared/corpus)

The corpus history is replayed into a fresh store (tests/replay.py) up to its last
snapshot and the site is built in full (`--full`). The last snapshot is then fetched source
by source and the site published again (incrementally, the default) after each new
revision. Prints the full build's time, and each incremental build's time, files rendered
and written, and its ratio to the full build (target: at most 10%). Then one publish with
nothing new (target: nothing rendered).
A benchmark: it prints, it never fails.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_watch import replay_and_watch  # noqa: E402

from rookery.feeds.site import publish  # noqa: E402


def main() -> int:
    replay, config, store, watcher = replay_and_watch(sys.argv)
    with store:
        for _ in range(len(replay.steps) - 1):
            replay.advance()
            watcher.cycle()
        started = time.perf_counter()
        full = publish(store, config, full=True)
        full_s = time.perf_counter() - started
        print(f"full build: {full.total} files rendered, {full.written} written in "
              f"{full_s:.3f} s ({full_s / full.written * 1000:.2f} ms a file)")

        # the last snapshot may bring several documents at once: publish after each
        # source's cycle so that every incremental build follows exactly one revision
        replay.advance()
        ratios = []
        for source in config.sources:
            for revision in watcher.cycle([source]).revisions:
                started = time.perf_counter()
                incremental = publish(store, config)
                took = time.perf_counter() - started
                ratios.append(took / full_s)
                print(f"incremental build after one new revision "
                      f"({revision.source_id} {revision.label}, {incremental.mode}): "
                      f"{incremental.total} files rendered, {incremental.written} written, "
                      f"{incremental.unchanged} unchanged, in {took:.3f} s = "
                      f"{took / full_s:.1%} of the full build")
        started = time.perf_counter()
        idle = publish(store, config)
        took = time.perf_counter() - started
        print(f"publish with nothing new: {idle.total} files rendered, {idle.written} "
              f"written, in {took:.3f} s = {took / full_s:.1%} of the full build")
        if ratios:
            print(f"incremental builds: at most {max(ratios):.1%} of the full build "
                  f"(target: at most 10%)")
    replay.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
