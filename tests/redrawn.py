"""PDFs whose pages draw their text in another order than it reads, made from any PDF by
taking each page's objects out and putting them back in that order: bottom up, as some
report generators draw, or grouped by font and colour, as some print drivers write a
page. Where text stands tells the reading order, not when it is drawn, so the sections
must not change.

PDFium writes each page's content anew (FPDFPage_GenerateContent). That keeps what the
reader reads of reportlab's, Chromium's and WeasyPrint's pages, but drops the colours
Typst sets: `redrawn` says so, and a test skips such a PDF.
"""
from __future__ import annotations

import ctypes

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from edited import edited

ORDERS = ("bottom-up", "by-style")


class ColoursLost(Exception):
    """PDFium's new content for a page lost its text's colours."""


def redrawn(pdf: bytes, order: str) -> bytes:
    """The PDF with each page's objects drawn in `order` (one of ORDERS)."""
    def redraw(_document, page, index: int) -> None:
        objects = [raw.FPDFPage_GetObject(page.raw, k)
                   for k in range(raw.FPDFPage_CountObjects(page.raw))]
        for obj in objects:
            raw.FPDFPage_RemoveObject(page.raw, obj)
        objects = objects[::-1] if order == "bottom-up" else sorted(objects, key=_style)
        for obj in objects:
            raw.FPDFPage_InsertObject(page.raw, obj)
        if not raw.FPDFPage_GenerateContent(page.raw):
            raise RuntimeError(f"PDFium could not write page {index + 1} anew")

    out = edited(pdf, redraw)
    _check_colours(pdf, out)
    return out


def _style(obj) -> tuple:
    """A page object's (is text, font, fill colour): the order a print driver groups by."""
    if raw.FPDFPageObj_GetType(obj) != raw.FPDF_PAGEOBJ_TEXT:
        return (0, 0, 0)
    font = ctypes.cast(raw.FPDFTextObj_GetFont(obj), ctypes.c_void_p).value or 0
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)
    return (1, font, (r.value, g.value, b.value))


def _check_colours(before: bytes, after: bytes) -> None:
    def colours(data: bytes) -> set:
        document = pdfium.PdfDocument(data)
        try:
            found = set()
            for index in range(len(document)):
                page = document[index]
                found |= {_style(raw.FPDFPage_GetObject(page.raw, k))[2]
                          for k in range(raw.FPDFPage_CountObjects(page.raw))}
                page.close()
            return found
        finally:
            document.close()

    if colours(before) != colours(after):
        raise ColoursLost("PDFium's new content for these pages loses their text's colours")
