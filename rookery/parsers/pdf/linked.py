"""A PDF's linked contents list: the lines of a page that link to places in the document.

Word, LibreOffice and most typesetters link each line of the contents list they make to
its heading. Where a file has neither an outline (bookmarks.py) nor tagged headings
(tagged.py), those lines stand in for one: each names a heading, its indent its depth.
A page with fewer than S.contents_links such links has cross-references, not a
contents list. Each link's box is read while the page is open (pdfium.py) and its words are the
reader's own glyphs in that box, less the leaders and page number after them.
"""
from __future__ import annotations

import ctypes
import re

from .glyphs import Fragment
from .settings import SETTINGS as S
from .tagged import boxed

# the leader dots and the page number (arabic, or a front matter's roman) that end an
# entry, after a space or the leaders
_PAGE = re.compile(r"(?:\s*[.\u2026\u00b7_\u2024-]{2,}\s*|\s+)(?:\d{1,4}|[ivxlcdm]{1,7})\s*$")
_LEADERS = re.compile(r"\s*[.\u2026\u00b7_\u2024-]{2,}\s*$")

Box = tuple[float, float, float, float]  # x0, top, x1, bottom (top-down points)


def page_links(raw, pdf, page, height: float) -> list[Box]:
    """The box of each link on the loaded page to a place in the document, when there
    are enough of them to be a contents list (see `entries` for what each names)."""
    boxes = []
    at = ctypes.c_int(0)
    link = raw.FPDF_LINK()
    rect = raw.FS_RECTF()
    while raw.FPDFLink_Enumerate(page.raw, ctypes.byref(at), ctypes.byref(link)):
        if not _inside(raw, pdf, link) or not raw.FPDFLink_GetAnnotRect(link, ctypes.byref(rect)):
            continue
        left, right = sorted((rect.left, rect.right))
        bottom, top = sorted((rect.bottom, rect.top))
        box = (left, height - top, right, height - bottom)
        if boxes and _one_line(boxes[-1], box):  # one entry's pieces (title, leaders, page)
            last = boxes.pop()
            box = (min(last[0], box[0]), min(last[1], box[1]), max(last[2], box[2]),
                   max(last[3], box[3]))
        boxes.append(box)
    return boxes if len(boxes) >= S.contents_links else []


def _one_line(a: Box, b: Box) -> bool:
    """Do two boxes share most of their height (pieces of one line)?"""
    _left, top, _right, bottom = a
    _left, other_top, _right, other_bottom = b
    overlap = min(bottom, other_bottom) - max(top, other_top)
    return overlap > S.same_line * min(bottom - top, other_bottom - other_top)


def entries(links: list[tuple[Box, list[Fragment]]]) -> list[tuple[int, str]]:
    """(depth, title) of each contents entry, given as its link's box and its page's
    fragments: its words less leaders and page number (where most entries end in one),
    its depth the rank of its indent among the entries' (an indent under S.indent ems is
    none)."""
    found = [got for box, fragments in links if (got := boxed(box, fragments))]
    # a contents list that gives pages gives them on most lines: then a number that ends
    # an entry is its page, else part of its title ("Part 2")
    paged = 2 * sum(bool(_PAGE.search(text)) for text, _left, _size in found) > len(found)
    out = []
    for text, left, size in found:
        title = _LEADERS.sub("", _PAGE.sub("", text) if paged else text).strip()
        if title and any(c.isalpha() for c in title):
            out.append((left, S.indent * size, title))
    indents: list[float] = []
    for left, tolerance, _title in sorted(out):
        if not indents or left - indents[-1] > tolerance:
            indents.append(left)
    return [(sum(left - i > tolerance for i in indents), title)
            for left, tolerance, title in out]


def _inside(raw, pdf, link) -> bool:
    """Does the link go to a place in the document (not a web address)?"""
    if raw.FPDFLink_GetDest(pdf.raw, link):
        return True
    action = raw.FPDFLink_GetAction(link)
    return bool(action) and raw.FPDFAction_GetType(action) == raw.PDFACTION_GOTO
