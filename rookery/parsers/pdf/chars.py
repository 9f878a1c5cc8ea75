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
                yield _pdfium_page(raw, page, index)
            finally:
                page.close()
    finally:
        pdf.close()


def _pdfium_error(error: Exception) -> ParseError:
    if "password" in str(error).lower():
        return ParseError("the PDF is encrypted with a password; give an unprotected copy")
    return ParseError("damaged PDF (PDFium cannot open it); is the file complete?")


def _pdfium_page(raw, page, index: int) -> Page:
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        tp = textpage.raw
        count = raw.FPDFText_CountChars(tp)
        box = raw.FS_RECTF()
        styles: dict = {}  # text object → (family, bold, italic, colour, size)
        fonts: dict = {}  # font handle → (family, bold, italic)
        out: list[Glyph] = []
        get_unicode, get_box = raw.FPDFText_GetUnicode, raw.FPDFText_GetLooseCharBox
        get_object, generated = raw.FPDFText_GetTextObject, raw.FPDFText_IsGenerated
        for k in range(count):
            if generated(tp, k):
                # a space PDFium read from the content stream parts the words around it,
                # wherever it puts the space itself; a line end says nothing we need
                if out and get_unicode(tp, k) == 32:
                    out[-1].space_after = True
                continue
            obj = get_object(tp, k)
            key = ctypes.cast(obj, ctypes.c_void_p).value if obj else None
            style = styles.get(key)
            if style is None:
                style = styles[key] = _pdfium_style(raw, tp, k, obj, fonts)
            if style is False:
                continue  # rotated
            code = get_unicode(tp, k)
            if code < 32 and raw.FPDFText_IsHyphen(tp, k):
                code = 45  # PDFium's mark for a hyphen that ends a line: it is a hyphen
            text = chr(code) if code and code not in (0xFFFE, 0xFFFF) else UNKNOWN
            if text in "\r\n":
                continue
            get_box(tp, k, box)
            family, bold, italic, colour, size = style
            out.append(Glyph(text, box.left, box.right, height - box.top, height - box.bottom,
                             size, family, bold, italic, colour,
                             cid=(family, round(box.right - box.left, 1))
                             if text == UNKNOWN else None))
        images = 0 if out else _pdfium_images(raw, page)
        return Page(index, page.get_width(), height, out, images)
    finally:
        textpage.close()


def _pdfium_style(raw, tp, k: int, obj, fonts: dict):
    """(family, bold, italic, colour, size) of the text object holding character k, or
    False for rotated text."""
    if abs(raw.FPDFText_GetCharAngle(tp, k)) > 0.01:
        return False
    # the font size is in text space; the matrix scales it to the page (a producer that
    # lays out in pixels sets 13.33 at a scale of 0.75: 10 points)
    matrix = raw.FS_MATRIX()
    scale = 1.0
    if raw.FPDFText_GetMatrix(tp, k, matrix):
        scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5 or 1.0
    size = round(raw.FPDFText_GetFontSize(tp, k) * scale, 1)
    family, bold, italic, colour = "", False, False, None
    if obj:
        font = raw.FPDFTextObj_GetFont(obj)
        handle = ctypes.cast(font, ctypes.c_void_p).value if font else None
        if handle not in fonts:
            fonts[handle] = _pdfium_font(raw, font) if font else ("", False, False)
        family, bold, italic = fonts[handle]
        if raw.FPDFTextObj_GetTextRenderMode(obj) == raw.FPDF_TEXTRENDERMODE_FILL_STROKE:
            bold = True  # a "fake bold": the outline stroked as well as filled
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        if raw.FPDFPageObj_GetFillColor(obj, r, g, b, a):
            colour = (r.value, g.value, b.value)
    return family, bold, italic, colour, size


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
            yield Page(index, size[0], size[1], _plumber_glyphs(chars), images)


def _plumber_glyphs(chars: list[dict]) -> list[Glyph]:
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
        out.append(Glyph(text, ch["x0"], ch["x1"], ch["top"], ch["bottom"],
                         round(ch["size"], 1), family, bold, italic, colour, cid))
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
