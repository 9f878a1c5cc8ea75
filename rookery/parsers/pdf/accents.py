"""Accents drawn over their letters as glyphs of their own, joined to them.

TeX (and a few other programs) set "à" as two glyphs: a spacing accent ("`") drawn
centred over the letter ("a"), one right after the other in the drawing. The two share
one place on the line, so which comes first left to right is a matter of rounding: a
program rewriting the PDF moves one by a hundredth of a point and "modalità" reads
"modalit`a" in one file and "modalita`" in the other. An accent whose box and its
letter's cover each other's centres, on its baseline or raised over it (over a
capital), is the letter's: they read as the one accented letter ("à"), as a
reader sees them. A dotless i or j under an accent is the i or j the accent stands on.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import replace

from .glyphs import Glyph, texts
from .settings import SETTINGS as S

# a spacing accent → the combining mark it draws over (or under) a letter
MARKS = {
    "`": "\u0300", "\u02cb": "\u0300",  # grave
    "\u00b4": "\u0301", "\u02ca": "\u0301",  # acute
    "^": "\u0302", "\u02c6": "\u0302",  # circumflex
    "~": "\u0303", "\u02dc": "\u0303",  # tilde
    "\u00af": "\u0304", "\u02c9": "\u0304",  # macron
    "\u02d8": "\u0306",  # breve
    "\u02d9": "\u0307",  # dot above
    "\u00a8": "\u0308",  # diaeresis
    "\u02da": "\u030a",  # ring above
    "\u02dd": "\u030b",  # double acute
    "\u02c7": "\u030c",  # caron
    "\u00b8": "\u0327",  # cedilla
    "\u02db": "\u0328",  # ogonek
}
# any of them in a text (each is one character: a glyph that is one holds it)
_ANY_MARK = re.compile("[" + "".join(map(re.escape, MARKS)) + "]")
# letters an accent is set over in place of the one it makes: the dotless i and j
_DOTLESS = {"\u0131": "i", "\u0237": "j"}


def join_accents(glyphs: list[Glyph]) -> list[Glyph]:
    """The page's glyphs, each accent drawn over a letter joined to that letter (see the
    module doc); the list itself when there is none. The letter is looked for by place,
    not next to the accent in the page's order of characters: PDFium reads a raised
    accent as a line of its own, which it may put after the line it stands over, or
    before a letter further on (the space it infers before such an accent marks that
    jump, not a word's end: the gap there tells, glyphs.py)."""
    if not _ANY_MARK.search(texts([glyphs])[0]):
        return glyphs  # (most pages: one compiled pass over their text tells)
    accents = [k for k, g in enumerate(glyphs) if g.text in MARKS]
    if not accents:
        return glyphs
    letters = sorted((g.x0, k) for k, g in enumerate(glyphs) if _letter(g))
    starts = [x0 for x0, _k in letters]
    widest = max((glyphs[k].x1 - x0 for x0, k in letters), default=0.0)
    joined: dict[int, Glyph] = {}  # letter's index → the letter with its accent
    gone: set[int] = set()  # the accents joined to their letters
    jumped: set[int] = set()  # the glyphs before accents read away from their letters
    for a in accents:
        accent = glyphs[a]
        middle = (accent.x0 + accent.x1) / 2
        best, nearest = None, None
        j = bisect_right(starts, middle)
        while j > 0 and starts[j - 1] >= middle - widest:
            j -= 1
            k = letters[j][1]
            letter = glyphs[k]
            if k in joined or not _over(accent, letter):
                continue
            off = abs(letter.baseline - accent.baseline), abs(letter.x0 + letter.x1 - 2 * middle)
            if nearest is None or off < nearest:
                best, nearest = k, off
        if best is not None:
            joined[best] = _joined(glyphs, best, a)
            gone.add(a)
            if abs(best - a) > 1:  # (the space PDFium inferred before it marks the jump)
                jumped.add(a - 1)
    out = []
    for k, g in enumerate(glyphs):
        if k not in gone:
            g = joined.get(k, g)
            out.append(replace(g, space_after=False) if k in jumped else g)
    return out


def _over(accent: Glyph, letter: Glyph) -> bool:
    """Is the accent drawn over (or under) the letter: each box covering the other's
    centre, its baseline the letter's or above it by less than the rise of an accent
    over a capital?"""
    if not _letter(letter):
        return False
    middle, centre = (accent.x0 + accent.x1) / 2, (letter.x0 + letter.x1) / 2
    if not (letter.x0 <= middle <= letter.x1 and accent.x0 <= centre <= accent.x1):
        return False
    em = max(letter.size, S.least_em)
    rise = letter.baseline - accent.baseline  # (top-down: up is less)
    return -S.same_baseline * em <= rise <= S.accent_rise * em


def _letter(g: Glyph) -> bool:
    """Is the glyph a letter an accent may stand on? (Some spacing accents are letters
    to Unicode: "ˆ" is a modifier letter.)"""
    return len(g.text) == 1 and g.text.isalpha() and g.text not in MARKS


def _joined(glyphs: list[Glyph], k: int, a: int) -> Glyph:
    """The letter `k` with the mark of the accent `a`: the letter's box and type, and
    the word space after the pair: the accent's where it comes right after the letter
    (the letter's then stands between them), but an accent's raised over a capital
    (PDFium infers a space wherever the baseline drops back, a word space or not: the
    gap after the letter tells then, glyphs.py); else the letter's."""
    letter, accent = glyphs[k], glyphs[a]
    base = _DOTLESS.get(letter.text, letter.text)
    text = unicodedata.normalize("NFC", base + MARKS[accent.text])
    space = letter.space_after if a != k + 1 else \
        accent.space_after and accent.baseline >= letter.baseline
    return Glyph(text, letter.x0, letter.x1, letter.top, letter.bottom, letter.size,
                 letter.family, letter.bold, letter.italic, letter.color, letter.cid,
                 space, letter.base)
