"""A tagged PDF's headings: the H1 to H6 elements of its structure tree, where they stand.

Word, Acrobat's PDFMaker, LibreOffice and Typst tag what they set with a heading style.
Where a file has no outline (bookmarks.py) its tagged headings stand in for one: the
same evidence, and the check holds the reading to them. Each page's are read while the
reader has the page open (pdfium.py): the box each heading's text is drawn in, in the
reader's top-down points; its words are the reader's own glyphs in that box
(`heading_texts`), so a tag names a heading in the words the reader reads.
"""
from __future__ import annotations

import ctypes
import re

from .glyphs import Fragment
from .settings import SETTINGS as S

TAGGED_PAGES = 80  # the longest document whose structure is read, in pages (PDFium parses
# a page's at up to a few milliseconds; rules documents without an outline are mostly
# short ones: tournament rules from a word processor)
_FORMS = 4  # forms inside forms searched for a heading's text objects, at most
_NESTING = 64  # structure elements inside each other followed, at most (a malformed tree)
_HEADING = re.compile(r"^H([1-6])$")

Box = tuple[float, float, float, float]  # x0, top, x1, bottom (top-down points)


def wanted(raw, pdf) -> bool:
    """Are the document's tagged headings worth reading: tagged, and no longer than
    TAGGED_PAGES? (Read only where it has no outline.)"""
    return bool(raw.FPDFCatalog_IsTagged(pdf.raw)) and len(pdf) <= TAGGED_PAGES


def page_headings(raw, page, height: float) -> list[tuple[int, Box]]:
    """(depth, box) of each tagged heading on the loaded page, depth 0 for H1, the box
    around the text objects its marked content draws."""
    tree = raw.FPDF_StructTree_GetForPage(page.raw)
    if not tree:
        return []
    try:
        found: list[tuple[int, set[int]]] = []
        for k in range(raw.FPDF_StructTree_CountChildren(tree)):
            _walk(raw, raw.FPDF_StructTree_GetChildAtIndex(tree, k), found, 0)
    finally:
        raw.FPDF_StructTree_Close(tree)
    if not found:
        return []
    boxes = _marked_boxes(raw, page.raw, set().union(*(ids for _depth, ids in found)))
    out = []
    for depth, ids in found:
        parts = [boxes[i] for i in ids if i in boxes]
        if parts:
            left, bottom = min(b[0] for b in parts), min(b[1] for b in parts)
            right, top = max(b[2] for b in parts), max(b[3] for b in parts)
            out.append((depth, (left, height - top, right, height - bottom)))
    return out


def heading_texts(headings: list[tuple[int, Box]], fragments: list[Fragment]
                  ) -> list[tuple[int, str]]:
    """(depth, title) of each heading: its words (see `boxed`), none where its box holds
    more than S.tagged_words words (a tag around a page's text: a header artefact, a
    heading's content tagged with it)."""
    out = []
    for depth, box in headings:
        found = boxed(box, fragments)
        if found and len(found[0].split()) <= S.tagged_words:
            out.append((depth, found[0]))
    return out


def boxed(box: Box, fragments: list[Fragment]) -> tuple[str, float, float] | None:
    """The text of the fragments whose middle lies in the box, in reading order, with the
    first one's left edge and size; None for an empty box."""
    x0, top, x1, bottom = box
    inside = sorted((f for f in fragments if top <= (f.top + f.bottom) / 2 <= bottom
                     and x0 <= (f.x0 + f.x1) / 2 <= x1), key=lambda f: (f.top, f.x0))
    text = " ".join(" ".join(f.text for f in inside).split())
    return (text, inside[0].x0, inside[0].size) if text else None


def _walk(raw, element, found: list, depth: int) -> None:
    """The headings under `element`, each with the marked-content ids of its text."""
    if not element or depth > _NESTING:
        return
    tag = _HEADING.match(_type(raw, element))
    if tag:
        ids: set[int] = set()
        _ids(raw, element, ids, depth)
        found.append((int(tag.group(1)) - 1, ids))
        return
    for k in range(raw.FPDF_StructElement_CountChildren(element)):
        _walk(raw, raw.FPDF_StructElement_GetChildAtIndex(element, k), found, depth + 1)


def _ids(raw, element, out: set[int], depth: int) -> None:
    if not element or depth > _NESTING:
        return
    for k in range(max(raw.FPDF_StructElement_GetMarkedContentIdCount(element), 0)):
        out.add(raw.FPDF_StructElement_GetMarkedContentIdAtIndex(element, k))
    for k in range(raw.FPDF_StructElement_CountChildren(element)):
        _ids(raw, raw.FPDF_StructElement_GetChildAtIndex(element, k), out, depth + 1)


def _type(raw, element) -> str:
    buffer = ctypes.create_string_buffer(64)
    length = raw.FPDF_StructElement_GetType(element, buffer, 64)
    return buffer.raw[:max(length - 2, 0)].decode("utf-16-le", "replace")


def _marked_boxes(raw, page, ids: set[int]) -> dict[int, tuple]:
    """The box (left, bottom, right, top: PDF points) around the text objects drawn in
    each of the marked-content `ids`."""
    out: dict[int, tuple] = {}
    box = [ctypes.c_float() for _side in range(4)]
    for obj in _text_objects(raw, page):
        mark = raw.FPDFPageObj_GetMarkedContentID(obj)
        if mark not in ids or not raw.FPDFPageObj_GetBounds(
                obj, *(ctypes.byref(side) for side in box)):
            continue
        left, bottom, right, top = (side.value for side in box)
        if mark in out:
            a = out[mark]
            left, bottom, right, top = min(a[0], left), min(a[1], bottom), \
                max(a[2], right), max(a[3], top)
        out[mark] = (left, bottom, right, top)
    return out


def _text_objects(raw, page, form=None, depth: int = 0):
    """The page's text objects, those inside forms too."""
    count = raw.FPDFFormObj_CountObjects(form) if form else raw.FPDFPage_CountObjects(page)
    for k in range(max(count, 0)):
        obj = raw.FPDFFormObj_GetObject(form, k) if form else raw.FPDFPage_GetObject(page, k)
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            yield obj
        elif kind == raw.FPDF_PAGEOBJ_FORM and depth < _FORMS:
            yield from _text_objects(raw, page, obj, depth + 1)
