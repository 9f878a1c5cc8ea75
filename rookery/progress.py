"""Progress on stderr for long work, drawn only on a terminal: a bar for a first import,
a count of pages for a parse that takes more than a second, and a line for each wait
before a download is tried again."""
from __future__ import annotations

import sys
import time
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
DELAY = 1.0  # seconds of work before a count of pages is worth showing


class Progress:
    def __init__(self, enabled: bool | None = None, stream=None, width: int = 30,
                 clock: Callable[[], float] = time.monotonic):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.width = width
        self.clock = clock

    def track(self, items: Iterable[T], label: str) -> Iterator[T]:
        items = list(items)
        total = len(items)
        for done, item in enumerate(items):
            self._draw(label, done, total)
            yield item
        if total:
            self._draw(label, total, total)
            if self.enabled:
                self.stream.write("\n")

    def pages(self, label: str) -> Callable[[int, int], None]:
        """A callback(done, total) for a reader: "label: 12/40 pages", once the work has
        taken longer than DELAY, cleared when it ends."""
        started = self.clock()
        shown = False

        def tell(done: int, total: int) -> None:
            nonlocal shown
            if not self.enabled or (not shown and self.clock() - started < DELAY):
                return
            shown = True
            end = "\n" if done >= total else ""
            self.stream.write(f"\r{label}: {done}/{total} pages{end}")
            self.stream.flush()

        return tell

    def note(self, line: str) -> None:
        """A line of news about work that is waiting (a retry), on a terminal only."""
        if self.enabled:
            self.stream.write(f"{line}\n")
            self.stream.flush()

    def _draw(self, label: str, done: int, total: int) -> None:
        if not self.enabled or not total:
            return
        filled = int(self.width * done / total)
        self.stream.write(f"\r{label} [{'#' * filled}{'.' * (self.width - filled)}] "
                          f"{done}/{total}")
        self.stream.flush()
