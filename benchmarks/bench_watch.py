"""A first import of the whole corpus history, then a cycle with nothing new.

    python benchmarks/bench_watch.py [CORPUS]      (default: ../shared/corpus)
    ROOKERY_BENCH_DATABASE=postgresql://... python benchmarks/bench_watch.py   (on a server)

A loopback server (tests/replay.py) replays the ThronesDB pages in date order, the FAQ
page linking the matching PDF release, with ETag / Last-Modified / 304; one fetch cycle
runs per snapshot. Then one more cycle with nothing new. Prints wall and CPU time, peak
memory, and what the second cycle cost: parses (target 0) and bodies downloaded (target
0: all 304). A benchmark: it prints, it never fails.
"""
from __future__ import annotations

import logging
import os
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from replay import Replay, sources_toml, watcher_for  # noqa: E402

from rookery.watch import CycleStats  # noqa: E402

def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def replay_and_watch(argv: list[str]):
    """(replay server, config, store, watcher) for the corpus named on the command line."""
    # before a document's first snapshot its URL answers 404: expected, not news here
    logging.getLogger("rookery").setLevel(logging.ERROR)
    corpus = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "corpus"
    replay = Replay(corpus)
    # ROOKERY_BENCH_DATABASE=postgresql://... measures the store on a server (an empty
    # database); the default is SQLite in a fresh folder
    database = os.environ.get("ROOKERY_BENCH_DATABASE")
    head = f'database = "{database}"\n' if database else ""
    config, store, watcher = watcher_for(sources_toml(replay.url, head=head),
                                         Path(tempfile.mkdtemp(prefix="rookery-bench-")),
                                         retries=0)
    return replay, config, store, watcher


def main() -> int:
    replay, config, store, watcher = replay_and_watch(sys.argv)
    with store:
        total = CycleStats()
        wall, started = time.perf_counter(), cpu()
        cycles = 0
        while replay.advance():
            total.merge(watcher.cycle())
            cycles += 1
        wall, used = time.perf_counter() - wall, cpu() - started
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        size = config.db_file.stat().st_size / 1024 / 1024 if config.is_sqlite else 0.0
        print(f"first import: {cycles} cycles over {len(config.sources)} sources, "
              f"{len(total.revisions)} revisions, {total.parses} parses, "
              f"{total.downloads} bodies downloaded, {total.not_modified} not modified")
        print(f"  wall {wall:.1f} s, CPU {used:.1f} s, peak RSS {peak:.0f} MB, "
              f"store {size:.1f} MB")

        served = dict(replay.counts)
        tracemalloc.start()
        wall, started = time.perf_counter(), cpu()
        second = watcher.cycle()
        wall, used = time.perf_counter() - wall, cpu() - started
        _, python_peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        bodies = replay.counts["bodies"] - served["bodies"]
        print(f"second cycle (nothing new): {second.requests} requests, "
              f"{second.not_modified} answered 304, {bodies} bodies downloaded (target 0), "
              f"{second.parses} parses (target 0), {len(second.revisions)} revisions")
        print(f"  wall {wall * 1000:.0f} ms, CPU {used * 1000:.0f} ms, "
              f"peak Python allocations {python_peak / 1024 / 1024:.1f} MB")
    replay.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
