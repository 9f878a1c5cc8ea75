"""A PDF as a print shop's file: each page on a larger sheet, the page itself marked by
the trim box, and in the margin outside it, on the first sheet, a slug line naming the
job and the minute the file was made, which changes with every export. A reader must not
see the slug: two exports of one release would differ. (A slug on every sheet would be
left out as a running foot anyway.)
"""
from __future__ import annotations

import ctypes

import pypdfium2.raw as raw

from edited import edited

MARGIN = 36.0  # points of sheet around the page


def printed(pdf: bytes, slug: str) -> bytes:
    """The PDF with every page set on a sheet MARGIN larger each way, trimmed to the
    page, and `slug` set in the margin below the first."""
    def print_(document, page, index: int) -> None:
        left, bottom, right, top = page.get_mediabox()
        width, height = right - left, top - bottom
        raw.FPDFPage_TransFormWithClip(
            page.raw, raw.FS_MATRIX(1, 0, 0, 1, MARGIN - left, MARGIN - bottom), None)
        sheet = (0, 0, width + 2 * MARGIN, height + 2 * MARGIN)
        raw.FPDFPage_SetMediaBox(page.raw, *sheet)
        raw.FPDFPage_SetCropBox(page.raw, *sheet)  # a viewer shows the whole sheet
        raw.FPDFPage_SetTrimBox(page.raw, MARGIN, MARGIN, MARGIN + width, MARGIN + height)
        if index == 0:
            text = raw.FPDFPageObj_NewTextObj(document.raw, b"Helvetica", 7.0)
            raw.FPDFText_SetText(text, (ctypes.c_ushort * (len(slug) + 1))(*map(ord, slug), 0))
            raw.FPDFPageObj_Transform(text, 1, 0, 0, 1, MARGIN, MARGIN / 3)
            raw.FPDFPage_InsertObject(page.raw, text)
            if not raw.FPDFPage_GenerateContent(page.raw):
                raise RuntimeError("PDFium could not write the first page anew")

    return edited(pdf, print_)
