"""Which way a page's text runs, and how to turn the page so that it runs along it.

A page can hold its text turned: a landscape table drawn sideways on a portrait page and
shown upright by the page's /Rotate (what LaTeX's pdflscape does), a whole document
turned by the program that wrote it, a page that says /Rotate but draws upright. PDFium
reads the text in the PDF's own space, pdfminer as the page is shown; neither is always
the reading way. So each page is read in the direction most of its glyphs run (its
"turn": 0 along x, 1 up the page, 2 upside down, 3 down the page), the page turned back
by as much (pdfium.py turns PDFium's drawing with `upright`; plumber.py moves pdfminer's
glyphs with `place`), and the glyphs that run any other way (a stamp, a margin note) are
left out, as rotated text always was.
"""
from __future__ import annotations

from collections import Counter

from .settings import SETTINGS as S


def quarter_turns(a: float, b: float, c: float, d: float) -> int | None:
    """The turn of text drawn by the matrix (a b c d): its baseline runs along (a, b),
    its up along (c, d); None for a baseline at a slant, or an up that all but lies
    along it. An up that leans (type slanted by the producer, its italic made by a
    shear) leaves the baseline where it runs."""
    run, up = (a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5
    if abs(a * d - b * c) <= S.upright * run * up:
        return None
    if abs(b) <= S.skew * abs(a) + S.matrix_noise:
        return 0 if a > 0 else 2
    if abs(a) <= S.skew * abs(b) + S.matrix_noise:
        return 1 if b > 0 else 3
    return None


def leans(a: float, b: float, c: float, d: float) -> bool:
    """Does the type drawn by the matrix (a b c d) lean forward: an up (c, d) that tilts
    towards where the baseline (a, b) runs, as a producer slants type for an italic
    the font does not have?"""
    run, up = (a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5
    return run > 0 and up > 0 and (a * c + b * d) > S.slant * run * up


def dominant(turns: Counter) -> int:
    """The turn most glyphs run in (a tie goes to the lower turn: upright first)."""
    return max(sorted(turns), key=turns.__getitem__, default=0)


def turned_size(turn: int, width: float, height: float) -> tuple[float, float]:
    """The page's width and height once turned back by `turn`."""
    return (height, width) if turn % 2 else (width, height)


def place(turn: int, width: float, height: float, left: float, bottom: float, right: float,
          top: float, x: float, y: float) -> tuple[float, float, float, float, float, float]:
    """A glyph's box (left, bottom, right, top) and origin (x, y), in the PDF's points
    measured up from the bottom of a `width` x `height` page, as they lie on that page
    turned back by `turn`: (left, right, top, bottom, base) measured down from its top,
    and the origin's place along the line (where the glyph starts)."""
    if turn == 0:
        return left, right, height - top, height - bottom, height - y, x
    if turn == 1:
        return bottom, top, left, right, x, y
    if turn == 2:
        return width - right, width - left, bottom, top, y, width - x
    return height - top, height - bottom, width - right, width - left, width - x, height - y


def upright(turn: int, left: float, bottom: float, right: float,
            top: float) -> tuple[float, float, float, float, float, float]:
    """The matrix (a b c d e f) that turns a page's drawing, whose text runs `turn` way
    on the box (left, bottom, right, top), upright: a quarter turn counter-clockwise
    for each of the 4 - `turn` quarters left, about the box's corner, moved so that the
    turned box starts at (0, 0)."""
    return {0: (1, 0, 0, 1, -left, -bottom),
            3: (0, 1, -1, 0, top, -left),
            2: (-1, 0, 0, -1, right, top),
            1: (0, -1, 1, 0, -bottom, right)}[turn]


def moved_box(matrix: tuple, box: tuple) -> tuple[float, float, float, float]:
    """The box (left, bottom, right, top) moved by the matrix (a b c d e f), a turn by
    quarters: the box its moved corners span."""
    a, b, c, d, e, f = matrix
    xs, ys = zip(*((a * x + c * y + e, b * x + d * y + f)
                   for x in (box[0], box[2]) for y in (box[1], box[3])))
    return min(xs), min(ys), max(xs), max(ys)


def inverse(matrix: tuple) -> tuple[float, float, float, float, float, float]:
    """The matrix that moves every point back where `matrix` took it from."""
    a, b, c, d, e, f = matrix
    det = a * d - b * c
    a, b, c, d = d / det, -b / det, -c / det, a / det
    return a, b, c, d, -(a * e + c * f), -(b * e + d * f)
