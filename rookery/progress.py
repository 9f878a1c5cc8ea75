"""A progress bar on stderr for long work (a first import), drawn only on a terminal."""
from __future__ import annotations

import sys
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")


class Progress:
    def __init__(self, enabled: bool | None = None, stream=None, width: int = 30):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.width = width

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

    def _draw(self, label: str, done: int, total: int) -> None:
        if not self.enabled or not total:
            return
        filled = int(self.width * done / total)
        self.stream.write(f"\r{label} [{'#' * filled}{'.' * (self.width - filled)}] "
                          f"{done}/{total}")
        self.stream.flush()
