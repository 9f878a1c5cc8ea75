"""A PDF's characters, page by page: the one interface between the reader and a PDF
library. Two libraries can fill it, declared in CHAR_READERS:

* "pdfium" (the default): pypdfium2, PDFium's own text layer, about ten times faster
  (pdfium.py);
* "pdfplumber": pdfminer.six through pdfplumber, pure Python (plumber.py).

Each gives, per character, what the reader uses and nothing else (glyphs.Page, a page's
glyphs.Glyph): its text (or UNKNOWN for a glyph the PDF maps to no text, or to a control
character), its box (top-down points), its size, its font's family, weight and slant,
and its fill colour. A page is read the way most of its text runs, whatever way it is
drawn or shown (turns.py); text turned against that (stamps, margin notes) is left out,
and so is text outside the page as it is cut (boxes.py). Both must give the same
sections; the tests hold them to it.
"""
from __future__ import annotations

from typing import Callable, Iterator

from ...errors import TooLarge, UsageError
from .. import limits
from .glyphs import Page, font_family, is_control
from .pdfium import PdfiumDocument


def open_pdf(data: bytes, reader: str = "pdfium"):
    """The document opened by `reader`: `.count` pages, `.page(index)` → Page, `.close()`;
    raises ParseError for a file that cannot be read, TooLarge for one of more pages than
    the PDF reader takes."""
    try:
        opener = CHAR_READERS[reader]
    except KeyError:
        raise UsageError(f"no PDF reader {reader!r}; choose one of "
                         f"{', '.join(CHAR_READERS)}") from None
    document = opener(data)
    try:
        limits.PDF_PAGES.check(document.count)
    except TooLarge:
        document.close()
        raise
    return document


def pages(data: bytes, reader: str = "pdfium") -> Iterator[Page]:
    """The document's pages in order; raises ParseError for a file that cannot be read."""
    document = open_pdf(data, reader)
    try:
        for index in range(document.count):
            yield document.page(index)
    finally:
        document.close()


def _plumber(data: bytes):
    from .plumber import PlumberDocument  # (pdfminer's modules load only when asked for)

    return PlumberDocument(data)


# name → the document opened from its bytes (count, page(index), close())
CHAR_READERS: dict[str, Callable[[bytes], object]] = {
    "pdfium": PdfiumDocument,
    "pdfplumber": _plumber,
}

__all__ = ["CHAR_READERS", "Page", "font_family", "is_control", "open_pdf", "pages"]
