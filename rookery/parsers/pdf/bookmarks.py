"""A PDF's outline (its bookmarks): the headings the file names itself.

Word, Acrobat's PDFMaker, InDesign, LaTeX and documentation tools write one from the
headings they set. It is evidence beside the typography, never the only evidence: the
check (structure/soundness.py) holds the reading to it, and a heading the outline names
but the reading left in the text makes the reading doubtful.
"""
from __future__ import annotations

import ctypes
import unicodedata
from dataclasses import dataclass

# the most entries read: an outline that bookmarks every rule (thousands) shows in its
# first thousand entries all it can show, and reading the rest costs a parse time
OUTLINE_ENTRIES = 1000
_TITLE_BYTES = 2048  # a bookmark's title read, in UTF-16 bytes (a longer one is cut)


@dataclass(frozen=True)
class Bookmark:
    """One entry of the outline: its depth (0 = outermost) and title as the file gives it."""

    level: int
    title: str


def outline(data: bytes) -> list[Bookmark]:
    """The document's bookmarks in order, at most OUTLINE_ENTRIES; [] for a file with
    none, or one PDFium cannot open (the reader says why, not this)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError:
        return []
    try:
        return _walk(raw, pdf.raw)
    finally:
        pdf.close()


def _walk(raw, document) -> list[Bookmark]:
    """Depth first, as printed; an entry met twice (a malformed outline that loops) ends
    its branch."""
    out: list[Bookmark] = []
    seen: set[int] = set()
    buffer = ctypes.create_string_buffer(_TITLE_BYTES)
    stack = [(raw.FPDFBookmark_GetFirstChild(document, None), 0)]
    while stack and len(out) < OUTLINE_ENTRIES:
        mark, level = stack.pop()
        address = ctypes.cast(mark, ctypes.c_void_p).value if mark else None
        if not address or address in seen:
            continue
        seen.add(address)
        length = raw.FPDFBookmark_GetTitle(mark, buffer, _TITLE_BYTES)
        size = max(0, min(length, _TITLE_BYTES) - 2) // 2 * 2  # less the closing nul
        title = buffer.raw[:size].decode("utf-16-le", "replace")
        title = " ".join(unicodedata.normalize("NFKC", title).split())
        if title:
            out.append(Bookmark(level, title))
        # the next sibling waits under the first child: depth first, in order
        stack.append((raw.FPDFBookmark_GetNextSibling(document, mark), level))
        stack.append((raw.FPDFBookmark_GetFirstChild(document, mark), level + 1))
    return out
