"""PDFs whose pages are turned, made from any PDF by turning its pages' content and
setting their /Rotate, as publishers' files come: a landscape table drawn sideways on a
portrait page and shown upright by /Rotate (LaTeX's pdflscape), a document a program
turned as a whole, a page that says /Rotate but draws upright and so shows sideways, a
page drawn upside down. The sections must not change.
"""
from __future__ import annotations

import pypdfium2.raw as raw

from edited import edited

# name → (quarter turns counter-clockwise of the content, the page's /Rotate)
TURNS = {
    "landscape": (1, 90),  # drawn sideways, shown upright
    "landscape-clockwise": (3, 270),
    "upside-down-shown-upright": (2, 180),
    "rotate-only": (0, 90),  # drawn upright, shown sideways
    "sideways": (1, 0),  # drawn sideways, shown so
    "upside-down": (2, 0),
}


def turned(pdf: bytes, how: str, pages: set[int] | None = None) -> bytes:
    """The PDF with `pages` (every page by default) turned as TURNS[how] says: the
    content turned about the page's corner and moved back onto it, the media box turned
    with it, and the page's /Rotate set."""
    quarters, rotate = TURNS[how]

    def turn(_document, page, index: int) -> None:
        if pages is not None and index not in pages:
            return
        left, bottom, right, top = page.get_mediabox()
        trim = page.get_trimbox()  # (the crop box where the PDF gives none)
        width, height = right - left, top - bottom
        # (x, y) → the point turned `quarters` times about the box's corner, moved so
        # that the turned box starts at (0, 0) (written out here rather than taken from
        # the reader's turns.upright, so that a mistake there shows)
        matrix = {0: (1, 0, 0, 1, -left, -bottom),
                  1: (0, 1, -1, 0, top, -left),
                  2: (-1, 0, 0, -1, right, top),
                  3: (0, -1, 1, 0, -bottom, right)}[quarters]
        if not raw.FPDFPage_TransFormWithClip(page.raw, raw.FS_MATRIX(*matrix), None):
            raise RuntimeError(f"PDFium could not turn page {index + 1}")
        size = (height, width) if quarters % 2 else (width, height)
        raw.FPDFPage_SetMediaBox(page.raw, 0, 0, *size)
        raw.FPDFPage_SetCropBox(page.raw, 0, 0, *size)
        a, b, c, d, e, f = matrix  # the trim box turns with the drawing
        xs, ys = zip(*((a * x + c * y + e, b * x + d * y + f)
                       for x in (trim[0], trim[2]) for y in (trim[1], trim[3])))
        raw.FPDFPage_SetTrimBox(page.raw, min(xs), min(ys), max(xs), max(ys))
        page.set_rotation(rotate)

    return edited(pdf, turn)
