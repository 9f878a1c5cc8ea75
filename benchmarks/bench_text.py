"""Time the plain-text reader on hard-wrapped text with no blank lines (one paragraph
that runs on for megabytes): its time must grow with the size, not with its square.

    python benchmarks/bench_text.py [MB ...]      (default: 1 10 50)

Prints CPU seconds per size; never fails.
"""
from __future__ import annotations

import sys
import textwrap
import time

from rookery.parsers.text import read_text

WORDS = "a lantern lit at dusk burns until the last player passes their turn and draws "


def hard_wrapped(megabytes: int) -> str:
    body = textwrap.fill(WORDS * (megabytes * 1024 * 1024 // len(WORDS)), 72)
    return "Lanternfall Rules\n\n1. Lanes\n\n" + body


def main(sizes: list[int]) -> None:
    print(f"{'MB':>4} {'CPU s':>8} {'s per MB':>9}")
    for mb in sizes:
        text = hard_wrapped(mb)
        start = time.process_time()
        read_text(text)
        spent = time.process_time() - start
        print(f"{mb:>4} {spent:>8.2f} {spent / mb:>9.3f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1, 10, 50])
