"""Progress on stderr for long work. On a terminal it is drawn: a bar for a first import,
a count of pages for a parse that takes more than a second, and a line for each wait
before a download is tried again. Elsewhere (a log, a pipe) a wait that passes a few
seconds is said once, in a line: a long parse, or the retries of one address; shorter
ones, and bars, would only fill the log."""
from __future__ import annotations

import sys
import time
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
DELAY = 1.0  # seconds of work before a count of pages is worth showing
QUIET = 3.0  # seconds of waiting before a line says so, off a terminal


class Progress:
    """`enabled`: draw on the terminal (default: when the stream is one). `say`: where,
    when not drawing, the line about a long wait goes (default: the stream; a command
    that logs passes its log), or False to say nothing."""

    def __init__(self, enabled: bool | None = None, stream=None, width: int = 30,
                 clock: Callable[[], float] = time.monotonic,
                 say: Callable[[str], None] | bool | None = None):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.width = width
        self.clock = clock
        if self.enabled or say is False:
            self.say = None
        else:
            self.say = say if callable(say) else self._line
        self._waited: dict[str, float] = {}  # seconds of retries, by address

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
        said = False

        def teller(k: int) -> Callable[[int, int], None]:
            def tell(done: int, total: int) -> None:
                nonlocal shown, said
                counts[k] = (done, total)
                line = " \u00b7 ".join(f"{labels[j]}: {d}/{t} pages"
                                       for j, (d, t) in sorted(counts.items()))
                if not self.enabled:  # a log hears of a long read once
                    took = self.clock() - started
                    if self.say and not said and took >= QUIET and done < total:
                        said = True
                        self.say(f"{line}, still reading after {took:.0f} s")
                    return
                if not shown and self.clock() - started < DELAY:
                    return
                shown = True
                ended = all(d >= t for d, t in counts.values())
                if ended:
                    counts.clear()
                self.stream.write(f"\r{line}{chr(10) if ended else ''}")
                self.stream.flush()

            return tell

        return [teller(k) for k in range(len(labels))]

    def note(self, retry) -> None:
        """A download is waiting to be tried again (a fetchers.Retry): on a terminal,
        each wait is a line; off one, the first wait that brings an address's waiting to
        QUIET seconds."""
        if self.enabled:
            self._line(str(retry))
            return
        before = self._waited.get(retry.url, 0.0)
        self._waited[retry.url] = before + retry.wait
        if self.say and before < QUIET <= before + retry.wait:
            self.say(str(retry))

    def _line(self, line: str) -> None:
        self.stream.write(f"{line}\n")
        self.stream.flush()

    def _draw(self, label: str, done: int, total: int) -> None:
        if not self.enabled or not total:
            return
        filled = int(self.width * done / total)
        self.stream.write(f"\r{label} [{'#' * filled}{'.' * (self.width - filled)}] "
                          f"{done}/{total}")
        self.stream.flush()
