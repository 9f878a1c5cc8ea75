"""Glyph text a producer wrote in the wrong byte order, read in the right one.

A font's ToUnicode map gives each glyph its text; a ligature's is several characters
("fi"). Some programs that rewrite PDFs write such text as UTF-16 with its bytes
swapped: "fi" becomes U+6600 U+6900, which every PDF library reads as two Han characters
in the middle of a Latin word ("clari昀椀ed"). The text of such a glyph is two or more
characters of the form U+XX00 (XX a printable byte), and of nothing else: no script's
text is made of those alone, and one glyph's characters are known as one glyph's (PDFium
gives each the glyph's box; pdfminer gives the glyph the whole text).
"""
from __future__ import annotations

import re

from .glyphs import DELETE, LAST_C1, SPACE, Glyph, texts

# U+XX00 for every printable byte XX: what a swapped UTF-16 code unit of Latin-1 text reads as
_SWAPPED = "".join(chr(byte << 8) for byte in range(SPACE, 0x100)
                   if not DELETE <= byte <= LAST_C1)
_TWO_SWAPPED = re.compile(f"[{_SWAPPED}]{{2,}}")


def mend_byte_order(glyphs: list[Glyph]) -> None:
    """Read the text of every glyph of a page whose characters are swapped UTF-16 as it
    was meant, in place, before the page's words are told apart."""
    # most pages hold no two such characters in a row, which any glyph mended would be
    # (Han text has single ones: 一 is U+4E00)
    if _TWO_SWAPPED.search(texts([glyphs])[0]):
        _mend(glyphs)


def _mend(glyphs: list[Glyph]) -> None:
    start = 0
    while start < len(glyphs):
        first, end = glyphs[start], start + 1
        while end < len(glyphs) and glyphs[end].x0 == first.x0 and glyphs[end].x1 == first.x1:
            end += 1  # the characters of one glyph, as PDFium gives them
        one = glyphs[start:end]
        if _TWO_SWAPPED.fullmatch("".join(g.text for g in one)):
            for g in one:
                g.text = "".join(chr(ord(c) >> 8) for c in g.text)
        start = end
