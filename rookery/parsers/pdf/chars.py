"""A PDF's characters, page by page: the one interface between the reader and a PDF
library. Two libraries can fill it, declared in CHAR_READERS:

* "pdfium" (the default): pypdfium2, PDFium's own text layer, about ten times faster;
* "pdfplumber": pdfminer.six through pdfplumber, pure Python.

Each gives, per character, what the reader uses and nothing else: its text (or UNKNOWN
for a glyph the PDF maps to no text), its box (top-down points), its size, its font's
family, weight and slant, and its fill colour. Rotated text (stamps, margin notes) is
left out. Both must give the same sections; the tests hold them to it.
"""
from __future__ import annotations

import ctypes
import io
import logging
from dataclasses import dataclass
from typing import Callable, Iterator

from ...errors import ParseError
from .glyphs import UNKNOWN, Glyph, font_family, style_of

logging.getLogger("pdfminer").setLevel(logging.ERROR)


@dataclass
class Page:
    index: int
    width: float
    height: float
    glyphs: list[Glyph]
    images: int = 0  # image objects, counted only on a page without text
    total: int = 0  # pages in the document


def pages(data: bytes, reader: str = "pdfium") -> Iterator[Page]:
    """The document's pages in order; raises ParseError for a file that cannot be read."""
    try:
        read = CHAR_READERS[reader]
    except KeyError:
        from ...errors import UsageError

        raise UsageError(f"no PDF reader {reader!r}; choose one of "
                         f"{', '.join(CHAR_READERS)}") from None
    yield from read(data)


# ---------------------------------------------------------------- pypdfium2

def _pdfium_pages(data: bytes) -> Iterator[Page]:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as e:
        raise _pdfium_error(e) from None
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            try:
                found = _pdfium_page(raw, page, index)
            finally:
                page.close()
            found.total = len(pdf)
            yield found
    finally:
        pdf.close()


def _pdfium_error(error: Exception) -> ParseError:
    if "password" in str(error).lower():
        return ParseError("the PDF is encrypted with a password; give an unprotected copy")
    return ParseError("damaged PDF (PDFium cannot open it); is the file complete?")


def _pdfium_page(raw, page, index: int) -> Page:
    """The page's glyphs. A style is worked out once per font, size, colour, render mode
    and matrix (a producer may put every character in a text object of its own)."""
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        tp = textpage.raw
        box, matrix = raw.FS_RECTF(), raw.FS_MATRIX()
        red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
        styles: dict = {}  # key → (family, bold, italic, colour, size) or None if rotated
        fonts: dict = {}  # font handle → (family, bold, italic)
        out: list[Glyph] = []
        generated, get_object = raw.FPDFText_IsGenerated, raw.FPDFText_GetTextObject
        get_font, get_size = raw.FPDFTextObj_GetFont, raw.FPDFText_GetFontSize
        get_fill, get_mode = raw.FPDFPageObj_GetFillColor, raw.FPDFTextObj_GetTextRenderMode
        get_matrix, get_unicode = raw.FPDFText_GetMatrix, raw.FPDFText_GetUnicode
        get_box, cast, pointer = raw.FPDFText_GetLooseCharBox, ctypes.cast, ctypes.c_void_p
        get_origin, origin_x, origin_y = raw.FPDFText_GetCharOrigin, ctypes.c_double(), \
            ctypes.c_double()
        for k in range(raw.FPDFText_CountChars(tp)):
            if generated(tp, k):
                # a space PDFium read from the content stream parts the words around it,
                # wherever it puts the space itself; a line end says nothing we need
                if out and get_unicode(tp, k) == 32:
                    out[-1].space_after = True
                continue
            obj = get_object(tp, k)
            if not obj:
                continue
            font = get_font(obj)
            handle = cast(font, pointer).value
            colour = (red.value, green.value, blue.value) \
                if get_fill(obj, red, green, blue, alpha) else None
            get_matrix(tp, k, matrix)
            key = (handle, get_size(tp, k), colour, get_mode(obj), matrix.a, matrix.b,
                   matrix.c, matrix.d)
            style = styles.get(key)
            if style is None and key not in styles:
                if handle not in fonts:
                    fonts[handle] = _pdfium_font(raw, font) if handle else ("", False, False)
                style = styles[key] = _pdfium_style(raw, key, fonts[handle])
            if style is None:
                continue  # rotated: stamps and margin notes, not the document's flow
            code = get_unicode(tp, k)
            if code < 32 and raw.FPDFText_IsHyphen(tp, k):
                code = 45  # PDFium's mark for a hyphen that ends a line: it is a hyphen
            text = chr(code) if code and code not in (0xFFFE, 0xFFFF) else UNKNOWN
            if text in "\r\n":
                continue
            get_box(tp, k, box)
            get_origin(tp, k, origin_x, origin_y)
            family, bold, italic, fill, size = style
            out.append(Glyph(text, box.left, box.right, height - box.top, height - box.bottom,
                             size, family, bold, italic, fill,
                             cid=(family, round(box.right - box.left, 1))
                             if text == UNKNOWN else None, base=height - origin_y.value))
        images = 0 if out else _pdfium_images(raw, page)
        return Page(index, page.get_width(), height, out, images)
    finally:
        textpage.close()


def _pdfium_style(raw, key: tuple, font: tuple[str, bool, bool]):
    """(family, bold, italic, colour, size) for a style key, or None for rotated text.

    The font size is in text space; the matrix scales it to the page (a producer that
    lays out in pixels sets 13.33 at a scale of 0.75: 10 points)."""
    _handle, raw_size, colour, mode, a, b, c, d = key
    if abs(b) > 0.01 * abs(a) + 1e-4 or abs(c) > 0.01 * abs(d) + 1e-4:
        return None
    family, bold, italic = font
    if mode == raw.FPDF_TEXTRENDERMODE_FILL_STROKE:
        bold = True  # a "fake bold": the outline stroked as well as filled
    scale = abs(a * d - b * c) ** 0.5 or 1.0
    return family, bold, italic, colour, round(raw_size * scale, 1)


def _pdfium_font(raw, font) -> tuple[str, bool, bool]:
    buffer = ctypes.create_string_buffer(256)
    length = raw.FPDFFont_GetBaseFontName(font, buffer, 256)
    name = buffer.raw[:max(length - 1, 0)].decode("latin-1") if length else ""
    flags = raw.FPDFFont_GetFlags(font)
    angle = ctypes.c_int()
    slanted = bool(raw.FPDFFont_GetItalicAngle(font, angle)) and angle.value != 0
    family, bold, italic = style_of(name)
    return family, bold or bool(flags & (1 << 18)), italic or bool(flags & (1 << 6)) or slanted


def _pdfium_images(raw, page) -> int:
    images = 0
    for k in range(raw.FPDFPage_CountObjects(page.raw)):
        obj = raw.FPDFPage_GetObject(page.raw, k)
        images += raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_IMAGE
    return images


# ---------------------------------------------------------------- pdfplumber

def _pdfplumber_pages(data: bytes) -> Iterator[Page]:
    import pdfplumber
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    from pdfplumber.utils.exceptions import PdfminerException

    def unreadable(error: Exception) -> ParseError:
        cause = error.args[0] if isinstance(error, PdfminerException) and error.args else error
        if isinstance(cause, (PDFPasswordIncorrect, PDFEncryptionError)):
            return ParseError("the PDF is encrypted with a password; give an unprotected copy")
        name = cause.__class__.__name__ if isinstance(cause, Exception) else str(cause)[:60]
        return ParseError(f"damaged PDF ({name}); is the file complete?")

    try:
        pdf = pdfplumber.open(io.BytesIO(data))
    except Exception as e:  # pdfminer raises many kinds on a bad file; all mean the same
        raise unreadable(e) from None
    with pdf:
        for index in range(len(pdf.pages)):
            try:
                page = pdf.pages[index]
                chars, images = page.chars, len(page.images)
                size = (float(page.width), float(page.height))
                page.close()  # let its layout objects go before the next page
            except Exception as e:
                raise unreadable(e) from None
            yield Page(index, size[0], size[1], _plumber_glyphs(chars, size[1]), images,
                       len(pdf.pages))


def _plumber_glyphs(chars: list[dict], height: float) -> list[Glyph]:
    styles: dict = {}
    out = []
    for ch in chars:
        if not ch.get("upright", True):
            continue  # rotated text: stamps and margin notes, not the document's flow
        text = ch["text"]
        cid = None
        if text.startswith("(cid:") and text.endswith(")"):
            text, cid = UNKNOWN, int(text[5:-1])
        colour_value = ch["non_stroking_color"]
        key = (ch["fontname"], colour_value if isinstance(colour_value, (tuple, list, type(None)))
               else str(colour_value))
        style = styles.get(key)
        if style is None:
            family, bold, italic = style_of(ch["fontname"] or "")
            style = styles[key] = (family, bold, italic, _plumber_colour(colour_value))
        family, bold, italic, colour = style
        matrix = ch.get("matrix")
        out.append(Glyph(text, ch["x0"], ch["x1"], ch["top"], ch["bottom"],
                         round(ch["size"], 1), family, bold, italic, colour, cid,
                         base=height - matrix[5] if matrix else None))
    return out


def _plumber_colour(color) -> tuple[int, int, int] | None:
    """pdfplumber's fill colour (grey, RGB or CMYK, 0..1) as 0..255 RGB."""
    if not isinstance(color, (tuple, list)) or not all(isinstance(v, (int, float)) for v in color):
        return None
    if len(color) == 1:
        rgb = (color[0],) * 3
    elif len(color) == 3:
        rgb = tuple(color)
    elif len(color) == 4:
        c, m, y, k = color
        rgb = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    else:
        return None
    return tuple(round(255 * v) for v in rgb)  # type: ignore[return-value]


# name → reader(bytes) → pages
CHAR_READERS: dict[str, Callable[[bytes], Iterator[Page]]] = {
    "pdfium": _pdfium_pages,
    "pdfplumber": _pdfplumber_pages,
}

__all__ = ["CHAR_READERS", "Page", "pages", "font_family"]
