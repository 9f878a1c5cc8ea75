"""Time the plain-text reader on hard-wrapped text with no blank lines: one paragraph
that runs on for megabytes, and numbered rules a paragraph each whose ends must be read
off their lines. Its time must grow with the size, not with its square.

    python benchmarks/bench_text.py [MB ...]      (default: 1 10 50)

Prints CPU seconds per size; never fails.
"""
from __future__ import annotations

import sys
import textwrap
import time

from rookery.parsers.text import read_text

WORDS = "a lantern lit at dusk burns until the last player passes their turn and draws "
RULE = "A lantern lit at dusk burns until the last player passes. Its glow counts at dawn."


def hard_wrapped(megabytes: int) -> str:
    body = textwrap.fill(WORDS * (megabytes * 1024 * 1024 // len(WORDS)), 72)
    return "Lanternfall Rules\n\n1. Lanes\n\n" + body


def rules(megabytes: int) -> str:
    """Numbered rules, each wrapped at 72 columns, no blank line anywhere."""
    count = megabytes * 1024 * 1024 // (len(RULE) + 12)
    lines = ["Lanternfall Rules", "1. Lanes"]
    for n in range(count):
        lines += textwrap.wrap(f"{100 + n // 1000}.{n % 1000 + 1}. {RULE}", 72)
    return "\n".join(lines)


def main(sizes: list[int]) -> None:
    print(f"{'MB':>4} {'run-on s':>9} {'rules s':>8} {'s per MB':>9}")
    for mb in sizes:
        spent = []
        for text in (hard_wrapped(mb), rules(mb)):
            start = time.process_time()
            read_text(text)
            spent.append(time.process_time() - start)
        print(f"{mb:>4} {spent[0]:>9.2f} {spent[1]:>8.2f} {max(spent) / mb:>9.3f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1, 10, 50])
