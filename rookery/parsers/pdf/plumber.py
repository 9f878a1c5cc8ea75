"""A PDF's characters read by pdfminer.six through pdfplumber: the second reader of
chars.CHAR_READERS, pure Python, which must give the sections PDFium gives. pdfminer
places glyphs as the page is shown (after its /Rotate); a page is read the way most of
its text runs (turns.py).
"""
from __future__ import annotations

import functools
import io
import logging
from collections import Counter

from ...errors import ParseError
from .. import limits
from . import turns
from .boxes import visible
from .glyphs import UNKNOWN, Glyph, Page, is_control, style_of
from .pdfium import PdfiumDocument
from .turns import dominant, leans, quarter_turns, turned_size

logging.getLogger("pdfminer").setLevel(logging.ERROR)


class PlumberDocument:
    def __init__(self, data: bytes):
        import pdfplumber

        self.data = data
        try:
            self.pdf = pdfplumber.open(io.BytesIO(data))
        except Exception as e:  # pdfminer raises many kinds on a bad file; all mean the same
            raise _plumber_error(e) from None
        try:
            self.count = len(self.pdf.pages)
        except Exception as e:
            try:
                self.pdf.close()  # (which reads the pages again: it may fail the same way)
            except Exception:
                pass
            raise _plumber_error(e) from None

    def page(self, index: int) -> Page:
        # pdfminer keeps an object of a kilobyte or two per glyph: they are counted first,
        # by PDFium, which keeps far less
        limits.PDF_PAGE_GLYPHS.check(self._glyphs(index), f" (page {index + 1})")
        try:
            page = self.pdf.pages[index]
            chars, images = page.chars, len(page.images)
            size = (float(page.width), float(page.height))
            visible = _visible(page, size[1])
            traits = _font_traits(page.page_obj.resources)
            page.close()  # let its layout objects go before the next page
        except Exception as e:
            raise _plumber_error(e) from None
        turn, glyphs = _plumber_glyphs(chars, *size, visible, traits)
        return Page(index, *turned_size(turn, *size), glyphs, images, self.count)

    @functools.cached_property
    def counter(self) -> PdfiumDocument | None:
        try:
            return PdfiumDocument(self.data)
        except ParseError:
            return None

    def _glyphs(self, index: int) -> int:
        """The page's glyphs as PDFium counts them; 0 where it cannot (pdfminer may)."""
        try:
            return self.counter.glyphs(index) if self.counter is not None else 0
        except ParseError:
            return 0

    def close(self) -> None:
        self.pdf.close()
        if self.__dict__.get("counter") is not None:
            self.counter.close()


def _plumber_error(error: Exception) -> ParseError:
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    from pdfplumber.utils.exceptions import PdfminerException

    cause = error.args[0] if isinstance(error, PdfminerException) and error.args else error
    if isinstance(cause, (PDFPasswordIncorrect, PDFEncryptionError)):
        return ParseError("the PDF is encrypted with a password; give an unprotected copy")
    name = cause.__class__.__name__ if isinstance(cause, Exception) else str(cause)[:60]
    return ParseError(f"damaged PDF ({name}); is the file complete?")


def _visible(page, height: float) -> tuple[float, float, float, float]:
    """The page's visible box (boxes.py) where pdfminer places glyphs: (x0, top, x1,
    bottom) on the page as shown."""
    from pdfminer.pdftypes import resolve1

    obj = page.page_obj
    try:
        trim = tuple(float(resolve1(v)) for v in resolve1(obj.attrs["TrimBox"]))
    except (KeyError, TypeError, ValueError):  # none, or not four numbers: no guide
        trim = ()
    if len(trim) != 4:
        trim = tuple(obj.cropbox)
    seen = visible(tuple(obj.mediabox), tuple(obj.cropbox), trim)
    # the page turned as pdfminer turns it by its /Rotate (PDFPageInterpreter.process_page)
    x0, y0, x1, y1 = obj.mediabox
    shown = {90: (0, -1, 1, 0, -y0, x1), 180: (-1, 0, 0, -1, x1, y1),
             270: (0, 1, -1, 0, y1, -x0)}.get(obj.rotate, (1, 0, 0, 1, -x0, -y0))
    left, bottom, right, top = turns.moved_box(shown, seen)
    return left, height - top, right, height - bottom


def _font_traits(resources, depth: int = 0) -> dict[str, tuple[bool, bool]]:
    """(bold, italic) as each font's descriptor declares it (a flag, an italic angle), by
    the name pdfminer gives its glyphs: what PDFium reads of a font besides its name
    (pdfium._pdfium_font). "BrandonTextCond-MediumIt" is italic by its descriptor alone.
    The fonts of the forms the page draws too."""
    from pdfminer.pdftypes import PDFStream, resolve1

    out: dict[str, tuple[bool, bool]] = {}
    resources = resolve1(resources)
    if not isinstance(resources, dict):
        return out
    fonts = resolve1(resources.get("Font"))
    for ref in (fonts.values() if isinstance(fonts, dict) else ()):
        try:
            font = resolve1(ref)
            name = getattr(resolve1(font.get("BaseFont")), "name", None)
            descriptor = resolve1(font.get("FontDescriptor"))
            if descriptor is None and font.get("DescendantFonts"):
                descendant = resolve1(resolve1(font["DescendantFonts"])[0])
                descriptor = resolve1(descendant.get("FontDescriptor"))
            if not isinstance(name, str) or not isinstance(descriptor, dict):
                continue
            flags = int(resolve1(descriptor.get("Flags", 0)) or 0)
            angle = float(resolve1(descriptor.get("ItalicAngle", 0)) or 0)
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            continue  # a font described amiss: its name alone speaks for it
        out[name] = (bool(flags & (1 << 18)), bool(flags & (1 << 6)) or angle != 0)
    forms = resolve1(resources.get("XObject"))
    for ref in (forms.values() if isinstance(forms, dict) and depth < _FORM_DEPTH else ()):
        form = resolve1(ref)
        if isinstance(form, PDFStream) and getattr(form.get("Subtype"), "name", "") == "Form":
            out.update(_font_traits(form.get("Resources"), depth + 1))
    return out


_FORM_DEPTH = 4  # forms drawn within forms this deep are not looked into (a form may draw itself)


def _plumber_glyphs(chars: list[dict], width: float, height: float, visible: tuple,
                    traits: dict | None = None) -> tuple[int, list[Glyph]]:
    """The page's turn (turns.py: pdfminer places glyphs as the page is shown) and the
    glyphs that run that way, placed on the page turned back by it; those wholly
    outside the `visible` box (x0, top, x1, bottom) are left out. `traits`: see
    _font_traits."""
    traits = traits or {}
    seen_x0, seen_top, seen_x1, seen_bottom = visible
    chars = [ch for ch in chars if ch["x1"] > seen_x0 and ch["x0"] < seen_x1
             and ch["bottom"] > seen_top and ch["top"] < seen_bottom]
    runs = [quarter_turns(*ch["matrix"][:4]) for ch in chars]  # (pdfplumber >= 0.11 gives it)
    turn = dominant(Counter(run for run in runs if run is not None))
    styles: dict = {}
    out = []
    for ch, run in zip(chars, runs):
        if run != turn:
            continue  # turned against the page: stamps and margin notes, not its flow
        text = ch["text"]
        cid = None
        if text.startswith("(cid:") and text.endswith(")"):
            text, cid = UNKNOWN, int(text[5:-1])
        elif len(text) == 1 and is_control(ord(text)):
            text, cid = UNKNOWN, ord(text)
        colour_value = ch["non_stroking_color"]
        matrix = ch["matrix"]
        slanted = leans(*matrix[:4])
        key = (ch["fontname"], colour_value if isinstance(colour_value, (tuple, list, type(None)))
               else str(colour_value), slanted)
        style = styles.get(key)
        if style is None:
            family, bold, italic = style_of(ch["fontname"] or "")
            declared_bold, declared_italic = traits.get(ch["fontname"], (False, False))
            # (upright type slanted by its matrix: a "fake italic")
            style = styles[key] = (family, bold or declared_bold,
                                   italic or declared_italic or slanted,
                                   _plumber_colour(colour_value))
        family, bold, italic, colour = style
        if turn == 0:  # as pdfminer measures it: down from the top
            left, right, top, bottom = ch["x0"], ch["x1"], ch["top"], ch["bottom"]
            base = height - matrix[5]
        else:
            left, right, top, bottom, base, _along = turns.place(
                turn, width, height, ch["x0"], height - ch["bottom"], ch["x1"],
                height - ch["top"], matrix[4], matrix[5])
        # pdfminer's size is the box's height on the page: across a turned line, its width
        size = ch["size"] if turn % 2 == 0 else ch["x1"] - ch["x0"]
        out.append(Glyph(text, left, right, top, bottom, round(size, 1), family, bold, italic,
                         colour, cid, base=base))
    return turn, out


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
