"""PDFium's reading of a PDF's characters (pypdfium2), the default of
chars.CHAR_READERS: a page's glyphs read through PDFium's text page, by the compiled
loop (speedups.py) where it was built, else by _python_glyphs, which it follows step by
step. Only the functions the per-character loop needs are called, declared to take
plain addresses (the cheapest calls ctypes makes).
"""
from __future__ import annotations

import ctypes
import functools
import re
import struct
from collections import Counter
from types import SimpleNamespace
from typing import Callable

from ...errors import ParseError
from .. import limits
from . import linked, rulings, speedups, tagged
from .boxes import visible
from .glyphs import (CARRIAGE_RETURN, LINE_FEED, SOFT_HYPHEN, SPACE, UNKNOWN, Glyph, Page,
                     is_control, style_of)
from .program import program_face
from .settings import SETTINGS as S
from .turns import dominant, inverse, leans, moved_box, quarter_turns, turned_size, upright


class PdfiumDocument:
    """A PDF opened by PDFium: `.count` pages, `.page(index)` → Page, `.close()`."""

    def __init__(self, data: bytes):
        import pypdfium2 as pdfium
        import pypdfium2.raw as raw

        self.raw = raw
        try:
            self.pdf = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as e:
            raise _pdfium_error(e) from None
        self.count = len(self.pdf)
        self.faces: dict = {}  # a font program's (name, size) → its (bold, italic)
        # where it has no outline: its tagged headings and contents links read (tagged.py,
        # linked.py)
        self.outlined = bool(raw.FPDFBookmark_GetFirstChild(self.pdf.raw, None))
        self.tagged = not self.outlined and tagged.wanted(raw, self.pdf)

    def page(self, index: int) -> Page:
        page = self._load(index)
        try:
            found = _pdfium_page(self.raw, page, index, faces=self.faces)
            found.rules = rulings.page_rules(
                _calls(self.raw), ctypes.cast(page.raw, ctypes.c_void_p).value,
                self.raw.FPDF_PAGEOBJ_PATH, found.height)
            if self.tagged:
                found.headings = tagged.page_headings(self.raw, page, found.height)
            if not self.outlined:
                found.links = linked.page_links(self.raw, self.pdf, page, found.height)
        finally:
            page.close()
        found.total = self.count
        return found

    def glyphs(self, index: int) -> int:
        """How many characters PDFium reads on a page (before anything is made of them)."""
        page = self._load(index)
        try:
            textpage = page.get_textpage()
            try:
                return textpage.count_chars()
            finally:
                textpage.close()
        finally:
            page.close()

    def _load(self, index: int):
        import pypdfium2 as pdfium

        try:
            return self.pdf[index]
        except pdfium.PdfiumError:
            raise ParseError(f"page {index + 1} of the {self.count:,} its page tree counts "
                             "cannot be read: a damaged PDF; is the file complete?") from None

    def close(self) -> None:
        self.pdf.close()


def _pdfium_error(error: Exception) -> ParseError:
    if "password" in str(error).lower():
        return ParseError("the PDF is encrypted with a password; give an unprotected copy")
    return ParseError("damaged PDF (PDFium cannot open it); is the file complete?")


def _pdfium_page(raw, page, index: int, compiled: bool = True, faces: dict | None = None
                 ) -> Page:
    """The page's glyphs, read by the compiled loop where it was built (speedups.py) or
    else by _python_glyphs, which it follows step by step. A page whose text is mostly
    drawn turned (turns.py) is read turned upright (in memory, and then put back)."""
    # PDFium orders the characters, infers spaces and finds line-end hyphens on the page
    # as it is shown: it is read as drawn, whatever its /Rotate says
    shown = page.get_rotation()
    if shown:
        page.set_rotation(0)
    try:
        found, ways = _pdfium_read(raw, page, index, compiled, faces)
        turn = dominant(ways)
        return _pdfium_turned(raw, page, index, compiled, turn, found, faces) if turn else found
    finally:
        if shown:
            page.set_rotation(shown)


def _pdfium_turned(raw, page, index: int, compiled: bool, turn: int, found: Page,
                   faces: dict | None) -> Page:
    """The page read with its drawing turned upright, as PDFium reads an upright page:
    its characters' order, its inferred spaces and the cut of its ligatures' boxes all
    follow the PDF's own axes. (`found`, the text that runs along it, where PDFium cannot
    turn its drawing.)"""
    (left, bottom, right, top), crop, trim = \
        page.get_mediabox(), page.get_cropbox(), page.get_trimbox()
    matrix = upright(turn, left, bottom, right, top)
    if not raw.FPDFPage_TransFormWithClip(page.raw, raw.FS_MATRIX(*matrix), None):
        return found
    raw.FPDFPage_SetMediaBox(page.raw, 0, 0, *turned_size(turn, right - left, top - bottom))
    raw.FPDFPage_SetCropBox(page.raw, *moved_box(matrix, crop))
    raw.FPDFPage_SetTrimBox(page.raw, *moved_box(matrix, trim))
    drawn = page.pdf[index]  # the page as it is drawn now
    try:
        return _pdfium_read(raw, drawn, index, compiled, faces)[0]
    finally:
        drawn.close()
        raw.FPDFPage_TransFormWithClip(page.raw, raw.FS_MATRIX(*inverse(matrix)), None)
        raw.FPDFPage_SetMediaBox(page.raw, left, bottom, right, top)
        raw.FPDFPage_SetCropBox(page.raw, *crop)
        raw.FPDFPage_SetTrimBox(page.raw, *trim)


def _pdfium_read(raw, page, index: int, compiled: bool, faces: dict | None = None
                 ) -> tuple[Page, Counter]:
    """The page's visible glyphs (boxes.py) that run along it, and, where some text runs
    another way, how many visible characters run each way. (`faces`: the document's
    fonts' faces as their programs say, kept from page to page.)"""
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        c = _calls(raw)
        tp = ctypes.cast(textpage.raw, ctypes.c_void_p).value
        limits.PDF_PAGE_GLYPHS.check(c.count_chars(tp), f" (page {index + 1})")
        styles: dict = {}  # key → (family, bold, italic, colour, size) or None if turned
        fonts: dict = {}  # font handle → (family, bold, italic)

        def make_style(key: tuple):
            font = key[0]
            if font not in fonts:
                fonts[font] = _pdfium_font(c, font, faces) if font else ("", False, False)
            return _pdfium_style(raw, key, fonts[font])

        seen = visible(page.get_mediabox(), page.get_cropbox(), page.get_trimbox())
        if compiled and speedups.loops is not None:
            out = speedups.loops.glyphs(_fast_calls(raw), tp, height, Glyph, UNKNOWN,
                                        styles, make_style, _unknown_cid, S.origin_noise, seen)
        else:
            out = _python_glyphs(c, tp, height, styles, make_style, seen)
        # text that runs along another of the page's axes (1, 2 or 3 quarter turns; not a
        # slant, None): how much of it? Only where it could be most: more characters
        # than the glyphs read, a few of them spaces and line ends
        turned = any(style is None and quarter_turns(*key[4:]) for key, style in styles.items())
        ways = _pdfium_turns(c, tp, seen) if turned and 2 * len(out) < c.count_chars(tp) \
            else Counter()
        images = 0 if out else _pdfium_images(raw, page)
        return Page(index, page.get_width(), height, out, images), ways
    finally:
        textpage.close()


def _pdfium_turns(c: SimpleNamespace, tp: int, seen: tuple) -> Counter:
    """How many of a text page's characters in the visible box `seen` (boxes.py) run
    each way (turns.py)."""
    matrix, box = _Matrix(), _Box()
    matrix_at, box_at = ctypes.addressof(matrix), ctypes.c_void_p(ctypes.addressof(box))
    handle = ctypes.c_void_p(tp)
    seen_left, seen_bottom, seen_right, seen_top = seen
    turns: Counter = Counter()
    run, turn = None, None
    for k in range(c.count_chars(tp)):
        obj = c.get_object(handle, k)
        if not obj:
            continue
        if obj != run:
            run = obj
            c.get_matrix(tp, k, matrix_at)
            turn = quarter_turns(matrix.a, matrix.b, matrix.c, matrix.d)
        c.get_box(handle, k, box_at)
        if turn is not None and box.right > seen_left and box.left < seen_right \
                and box.top > seen_bottom and box.bottom < seen_top:
            turns[turn] += 1
    return turns


def _python_glyphs(c: SimpleNamespace, tp: int, height: float, styles: dict,
                   make_style: Callable, seen: tuple) -> list[Glyph]:
    """A text page's glyphs, in three calls into PDFium a character (its text object, box
    and origin; the codes come in one call for the page). Font, size, colour, render mode
    and matrix belong to the text object, so they are asked once per run of characters
    from one object, and a style is worked out once per distinct combination (a producer
    may put every character in a text object of its own). Glyphs wholly outside the
    visible box `seen` (boxes.py) are left out."""
    count = c.count_chars(tp)
    seen_left, seen_bottom, seen_right, seen_top = seen
    # box (4 floats) then origin (2 doubles), read back in one unpack
    place, matrix, fill = ctypes.create_string_buffer(32), _Matrix(), (ctypes.c_uint * 4)()
    box_at, matrix_at = ctypes.addressof(place), ctypes.addressof(matrix)
    handle = ctypes.c_void_p(tp)  # for the calls that declare no arguments
    box, x_at, y_at = (ctypes.c_void_p(box_at + k) for k in (0, 16, 24))
    fill_at = [ctypes.addressof(fill) + k * ctypes.sizeof(ctypes.c_uint) for k in range(4)]
    out: list[Glyph] = []
    origin_noise = S.origin_noise
    generated, get_object, get_unicode = c.generated, c.get_object, c.get_unicode
    get_box, get_origin, unpack = c.get_box, c.get_origin, _PLACE.unpack_from
    run, style = None, None  # the previous character's text object, and its style
    append = out.append
    for k, code in enumerate(_page_codes(c, tp, count)):
        if code <= SPACE or code >= _HYPHEN_MARK:  # the page's text may not say: ask the char
            code = get_unicode(tp, k)
            if code <= SPACE and generated(tp, k):
                # a space PDFium read from the content stream parts the words around
                # it, wherever it puts the space itself; a line end says nothing
                if out and code == SPACE:
                    out[-1].space_after = True
                continue
            if code < SPACE and c.is_hyphen(tp, k):
                # PDFium's mark for a hyphen where it thinks a line ends, whether the
                # text had a hyphen or a soft one: a soft hyphen, which is a hyphen at
                # a line's end and nothing inside a word unless drawn (repair.py)
                code = SOFT_HYPHEN
            if code == LINE_FEED or code == CARRIAGE_RETURN:
                continue
        obj = get_object(handle, k)
        if not obj:
            continue
        if obj != run:
            run = obj
            font = c.get_font(obj) or 0
            colour = (fill[0], fill[1], fill[2]) if c.get_fill(obj, *fill_at) else None
            c.get_matrix(tp, k, matrix_at)
            key = (font, c.get_size(tp, k), colour, c.get_mode(obj), matrix.a, matrix.b,
                   matrix.c, matrix.d)
            style = styles.get(key)
            if style is None and key not in styles:
                style = styles[key] = make_style(key)
            if style is not None:
                family, bold, italic, colour, size = style
        if style is None:
            continue  # turned against the page: stamps and margin notes, not its flow
        get_box(handle, k, box)
        get_origin(handle, k, x_at, y_at)
        left, top, right, bottom, x, y = unpack(place)
        if right <= seen_left or left >= seen_right or top <= seen_bottom or bottom >= seen_top:
            continue  # off the page as it is cut: a printer's slug, a note off the page
        if x < left - origin_noise:
            # a box PDFium could not give from the glyph's advance (synthesized small
            # capitals) is the ink's: its left edge is the origin, where the glyph
            # starts, as in every other box; the ink alone would open gaps in words
            left = x
        if code and code not in _NO_TEXT and not is_control(code):
            if SURROGATES[0] <= code <= SURROGATES[1]:
                code = ICON  # half of a character past 16 bits: no text, an icon's, most often
            append(Glyph(chr(code), left, right, height - top, height - bottom, size,
                         family, bold, italic, colour, None, False, height - y))
        else:  # no text: the font and the glyph's width tell one such glyph from another
            append(Glyph(UNKNOWN, left, right, height - top, height - bottom, size,
                         family, bold, italic, colour, _unknown_cid(family, right - left),
                         False, height - y))
    return out


def _unknown_cid(family: str, width: float) -> tuple:
    return family, round(width, 1)


class _Matrix(ctypes.Structure):
    """PDFium's FS_MATRIX."""
    _fields_ = [(name, ctypes.c_float) for name in "abcdef"]


class _Box(ctypes.Structure):
    """PDFium's FS_RECTF."""
    _fields_ = [(name, ctypes.c_float) for name in ("left", "top", "right", "bottom")]


_PLACE = struct.Struct("4f2d")  # a character's loose box, then its origin
# what PDFium's text of a page holds where it marks a line-end hyphen (see _page_codes),
# and the codes no glyph's text is: U+FFFD (PDFium knows none) and the noncharacters
_HYPHEN_MARK = 0xFFFE
_NO_TEXT = range(0xFFFD, 0x10000)
SURROGATES = (0xD800, 0xDFFF)  # what PDFium gives for each half of a character past 16 bits
ICON = 0xE000  # ... read as a private-use character: the icon an icon font draws there
_SURROGATE = re.compile("[\ud800-\udfff]")


def _page_codes(c: SimpleNamespace, tp: int, count: int) -> list[int]:
    """Every character's code, from the page's text in one call. The text holds one code
    unit per character, except that it writes 0xFFFE where PDFium marks a line-end
    hyphen (the loop asks that character itself, as it does for every code <= 32); a
    page whose text does not line up with its characters (a code beyond 16 bits) is
    asked character by character."""
    if count <= 0:
        return []
    buffer = ctypes.create_string_buffer(2 * (count + 1))
    written = c.get_text(tp, 0, count, ctypes.addressof(buffer))
    text = buffer.raw[:2 * count].decode("utf-16-le", "surrogatepass")
    if written != count + 1 or _SURROGATE.search(text):
        return [c.get_unicode(tp, k) for k in range(count)]
    return [ord(ch) for ch in text]


_P, _I, _U, _D = ctypes.c_void_p, ctypes.c_int, ctypes.c_uint, ctypes.c_double
# name → (result, arguments): PDFium's functions as the per-character loop calls them,
# with plain addresses for handles and out-parameters; the three called for every
# character declare no arguments at all (None), the cheapest calls ctypes makes, and are
# given their handles and addresses as c_void_p objects made once a page
_SIGNATURES = {
    "count_chars": ("FPDFText_CountChars", _I, (_P,)),
    "get_unicode": ("FPDFText_GetUnicode", _U, (_P, _I)),
    "get_text": ("FPDFText_GetText", _I, (_P, _I, _I, _P)),
    "generated": ("FPDFText_IsGenerated", _I, (_P, _I)),
    "is_hyphen": ("FPDFText_IsHyphen", _I, (_P, _I)),
    "get_object": ("FPDFText_GetTextObject", _P, None),
    "get_box": ("FPDFText_GetLooseCharBox", _I, None),
    "get_origin": ("FPDFText_GetCharOrigin", _I, None),
    "get_matrix": ("FPDFText_GetMatrix", _I, (_P, _I, _P)),
    "get_size": ("FPDFText_GetFontSize", _D, (_P, _I)),
    "get_font": ("FPDFTextObj_GetFont", _P, (_P,)),
    "get_fill": ("FPDFPageObj_GetFillColor", _I, (_P, _P, _P, _P, _P)),
    "get_mode": ("FPDFTextObj_GetTextRenderMode", _I, (_P,)),
    "font_name": ("FPDFFont_GetBaseFontName", ctypes.c_size_t, (_P, _P, ctypes.c_size_t)),
    "font_flags": ("FPDFFont_GetFlags", _I, (_P,)),
    "italic_angle": ("FPDFFont_GetItalicAngle", _I, (_P, _P)),
    "font_data": ("FPDFFont_GetFontData", _I, (_P, _P, ctypes.c_size_t, _P)),
    # (the page's drawn rules: rulings.py)
    "count_objects": ("FPDFPage_CountObjects", _I, (_P,)),
    "page_object": ("FPDFPage_GetObject", _P, (_P, _I)),
    "object_type": ("FPDFPageObj_GetType", _I, (_P,)),
    "object_bounds": ("FPDFPageObj_GetBounds", _I, (_P, _P, _P, _P, _P)),
}


@functools.lru_cache(maxsize=1)
def _calls(raw) -> SimpleNamespace:
    """PDFium's functions re-declared to take and give plain addresses (see _SIGNATURES)."""
    calls = {}
    for name, (symbol, result, arguments) in _SIGNATURES.items():
        function = getattr(raw, symbol)
        fast = type(function)(ctypes.cast(function, ctypes.c_void_p).value)
        fast.restype, fast.argtypes = result, arguments
        calls[name] = fast
    return SimpleNamespace(**calls)


# the functions the compiled loop calls, in the order it expects them
_FAST_CALLS = ("count_chars", "get_unicode", "get_text", "generated", "is_hyphen",
               "get_object", "get_box", "get_origin", "get_matrix", "get_size", "get_font",
               "get_fill", "get_mode")


@functools.lru_cache(maxsize=1)
def _fast_calls(raw) -> tuple[int, ...]:
    """The addresses of PDFium's functions, for the compiled loop (which links nothing)."""
    return tuple(ctypes.cast(getattr(raw, _SIGNATURES[name][0]), ctypes.c_void_p).value
                 for name in _FAST_CALLS)


def _pdfium_style(raw, key: tuple, font: tuple[str, bool, bool]):
    """(family, bold, italic, colour, size) for a style key, or None for text that does
    not run along the page (turns.py).

    The font size is in text space; the matrix scales it to the page (a producer that
    lays out in pixels sets 13.33 at a scale of 0.75: 10 points)."""
    _handle, raw_size, colour, mode, a, b, c, d = key
    if quarter_turns(a, b, c, d) != 0:
        return None
    family, bold, italic = font
    if mode == raw.FPDF_TEXTRENDERMODE_FILL_STROKE:
        bold = True  # a "fake bold": the outline stroked as well as filled
    italic = italic or leans(a, b, c, d)  # a "fake italic": upright type slanted
    # the type's height: how far the matrix moves the em's top from its baseline. Not
    # the square root of the area it scales by: type condensed to fit (96% wide) is
    # type of its full size, as pdfminer measures it
    scale = abs(a * d - b * c) / ((a * a + b * b) ** 0.5 or 1.0) or 1.0
    return family, bold, italic, colour, round(raw_size * scale, 1)


def _pdfium_font(c: SimpleNamespace, font: int, faces: dict | None = None
                 ) -> tuple[str, bool, bool]:
    buffer = ctypes.create_string_buffer(256)
    length = c.font_name(font, ctypes.addressof(buffer), 256)
    name = buffer.raw[:max(length - 1, 0)].decode("latin-1") if length else ""
    flags = c.font_flags(font)
    angle = ctypes.c_int()
    slanted = bool(c.italic_angle(font, ctypes.addressof(angle))) and angle.value != 0
    family, bold, italic = style_of(name)
    bold, italic = bold or bool(flags & (1 << 18)), italic or bool(flags & (1 << 6)) or slanted
    if not (bold or italic):  # the name may say nothing (a rewrite's): the program may
        bold, italic = program_face(c.font_data, font, name, {} if faces is None else faces)
    return family, bold, italic


def _pdfium_images(raw, page) -> int:
    images = 0
    for k in range(raw.FPDFPage_CountObjects(page.raw)):
        obj = raw.FPDFPage_GetObject(page.raw, k)
        images += raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_IMAGE
    return images
