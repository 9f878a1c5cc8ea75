"""What each reader takes on, declared once: how deep, how long, how many. A file past
a limit is refused whole with the limit named, never read in part: a document with its
end cut off would show as sections removed, and be recorded and published that way.

Each limit is far above any rules document (the Magic Comprehensive Rules, the largest
we know, are under a tenth of each) and low enough that a file within every limit is
read in well under a gigabyte and half a minute. What no limit here foresees is bounded
by the memory and time a parse may take in its own process (isolated.py). A page
nested past HTML_DEPTH is read with its deeper elements beside each other (nesting.py).
"""
from __future__ import annotations

import sys
import threading
from dataclasses import dataclass

from ...errors import TooLarge

MB = 1024 * 1024
# what one parse may take in its own process (isolated.py): two at once, and rookery
# itself, fit in a machine of 2 cores and 4 GB; the largest real release (the Magic
# Comprehensive Rules read by pdfplumber) takes under half of the memory and a sixth of
# the time
PARSE_MEMORY = 1024 * MB
PARSE_DEADLINE = 300.0


@dataclass(frozen=True)
class Limit:
    """One reader's bound: `reader` (a format, or "any"), the most it takes of what
    `what` says ("{}" stands for the amount), in `unit` ("MB": counted in bytes)."""

    reader: str
    what: str
    most: int
    unit: str = ""

    def amount(self, count: int) -> str:
        if self.unit == "MB":
            return f"{count / MB:,.1f}".removesuffix(".0") + " MB"
        return f"{count:,}{' ' + self.unit if self.unit else ''}"

    def check(self, found: int, where: str = "") -> None:
        """Refuse (TooLarge) when `found` passes the bound; `where` says in what."""
        if found > self.most:
            who = "rookery reads" if self.reader == "any" else f"the {self.reader} reader takes"
            raise TooLarge(f"{self.what.format(self.amount(found))}{where}, where {who} at "
                           f"most {self.amount(self.most)}: a rules document is far smaller; "
                           "is this the release you meant?")


BLOCKS = Limit("any", "{} paragraphs, headings and items", 100_000)
HTML_BYTES = Limit("HTML", "a page of {}", 16 * MB, "MB")
HTML_ELEMENTS = Limit("HTML", "{} elements", 250_000)
# past this depth a page's elements stand beside each other, as in a browser (nesting.py)
HTML_DEPTH = 400
ZIP_ENTRIES = Limit("Word", "{} files in the zip", 10_000)
ZIP_PART = Limit("Word", "a part unpacking to {}", 64 * MB, "MB")
ZIP_RATIO = Limit("Word", "a part unpacking to {} its packed size", 100, "times")
RATIO_FLOOR = 1 * MB  # a part smaller than this unpacked is never a bomb, whatever its ratio
XML_TAGS = Limit("Word", "{} XML tags", 2_000_000)
PDF_PAGES = Limit("PDF", "{} pages", 5_000)
PDF_PAGE_GLYPHS = Limit("PDF", "{} glyphs on one page", 200_000)
PDF_GLYPHS = Limit("PDF", "{} glyphs", 3_000_000)
PDF_CONTENT = Limit("PDF", "{} of drawing instructions for one page", 32 * MB, "MB")
PDF_TEXTS = Limit("PDF", "{} runs of text drawn on one page", 50_000)
PDF_FORMS = Limit("PDF", "{} forms drawn on one page", 10_000)
TEXT_BYTES = Limit("text", "{} of text", 8 * MB, "MB")

LIMITS = [BLOCKS, HTML_BYTES, HTML_ELEMENTS, ZIP_ENTRIES, ZIP_PART, ZIP_RATIO, XML_TAGS,
          PDF_PAGES, PDF_PAGE_GLYPHS, PDF_GLYPHS, PDF_CONTENT, PDF_TEXTS, PDF_FORMS,
          TEXT_BYTES]


def forkable() -> bool:
    """Is forking this process safe, for the readers' processes and the diff's work beside
    them: Linux, and no thread but this one (a forked copy of a scheduler's threads would
    hold their locks for ever)?"""
    return sys.platform == "linux" and threading.active_count() == 1
