"""kill -9 of `rookery run` at random moments while it sends to ten webhooks and a
mailbox, then `rookery notify send` to finish; prints trials, messages lost, duplicated,
and how many duplicates a receiver could drop by their id.

    python benchmarks/bench_notify_kill.py [TRIALS]      (default 16)

Each trial waits for the first message to arrive, then kills at a random moment of the
next SPAN seconds (about as long as the eleven sends take). A benchmark: it prints, it
never fails.
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from killtrials import Tally, trial  # noqa: E402

SPAN = 0.6  # seconds


def main(argv: list[str]) -> None:
    trials = int(argv[1]) if len(argv) > 1 else 16
    picks = random.Random()
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="rookery-kill-") as folder:
        for n in range(trials):
            one = trial(Path(folder) / f"trial-{n}", kill_in=picks.uniform(0, SPAN))
            tally.add(one)
            print(f"trial {n + 1}: {one}", file=sys.stderr)
    print(f"kill -9 while sending to 10 webhooks and a mailbox: {tally}")


if __name__ == "__main__":
    main(sys.argv)
