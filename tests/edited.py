"""A PDF with every page edited through PDFium and saved anew: what tests/turned.py,
tests/redrawn.py and tests/printed.py make their variations of a PDF with."""
from __future__ import annotations

import io
from typing import Callable

import pypdfium2 as pdfium


def edited(pdf: bytes, edit: Callable[[pdfium.PdfDocument, pdfium.PdfPage, int], None]) -> bytes:
    """The PDF after edit(document, page, index) on each page, in order."""
    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                edit(document, page, index)
            finally:
                page.close()
        out = io.BytesIO()
        document.save(out)
        return out.getvalue()
    finally:
        document.close()
