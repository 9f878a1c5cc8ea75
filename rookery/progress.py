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
        taken longer than DELAY, the line ended when the work is done."""
        return self.pages_together([label])[0]

    def pages_together(self, labels: list[str]) -> list[Callable[[int, int], None]]:
        """One callback(done, total) per label for work that may go on at once (two
        releases read side by side): one line, "label: 12/40 pages · label: 3/38 pages",
        once the work has taken longer than DELAY, ended when all the work it shows is
        done; work that reports later (read in turn) gets a line of its own."""
        started = self.clock()
        counts: dict[int, tuple[int, int]] = {}
        shown = False

        def teller(k: int) -> Callable[[int, int], None]:
            def tell(done: int, total: int) -> None:
                nonlocal shown
                counts[k] = (done, total)
                if not self.enabled or (not shown and self.clock() - started < DELAY):
                    return
                shown = True
                line = " \u00b7 ".join(f"{labels[j]}: {d}/{t} pages"
                                       for j, (d, t) in sorted(counts.items()))
                ended = all(d >= t for d, t in counts.values())
                if ended:
                    counts.clear()
                self.stream.write(f"\r{line}{chr(10) if ended else ''}")
                self.stream.flush()

            return tell

        return [teller(k) for k in range(len(labels))]

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
