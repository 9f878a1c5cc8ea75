"""Words a PDF's typesetting broke, mended from the document's own vocabulary.

Hyphenation: a word hyphenated at a line end is kept whole in a document whose
typesetter does not hyphenate (judged on the words the document also prints unbroken or
with their hyphen), and joined in one that does, unless the document spells the word with
a hyphen elsewhere or the break falls after a hyphen already in the word ("out-of-"
and "play"). Ligatures: glyphs that a PDF maps to no text get the letters that turn the
most words they sit in into words the document spells elsewhere.
"""
from __future__ import annotations

import re
from collections import Counter
from operator import attrgetter

from .glyphs import UNKNOWN, Glyph

LIGATURES = ("fi", "fl", "ff", "ffi", "ffl", "ft", "Th", "st", "ct")
_TEXT = attrgetter("text")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def vocabulary(texts) -> Counter:
    words: Counter = Counter()
    for text in texts:
        # a soft hyphen marks where a word may break, inside the word: not a word's end
        words.update(w.lower() for w in _WORD.findall(text.replace("\u00ad", "")))
    return words


def split_word(before: str, after: str) -> tuple[str, str]:
    """The two parts of a word broken at a line end: ("Kings", "grave")."""
    left = re.search(r"([^\W\d_]+(?:-[^\W\d_]+)*)-$", before)
    right = re.match(r"([^\W\d_]+(?:-[^\W\d_]+)*)", after)
    return (left.group(1) if left else ""), (right.group(1) if right else "")


def hyphenates(breaks: list[tuple[str, str]], wraps: int, words: Counter) -> bool:
    """Does this document hyphenate words at line ends? Judged on the words it also
    prints whole or hyphenated elsewhere; failing those, on how often lines end in a
    hyphen (a typesetter that hyphenates does it every few lines, compounds seldom fall
    there)."""
    soft = hard = 0
    for left, right in breaks:
        soft += words[(left + right).lower()] > 0
        hard += words[f"{left}-{right}".lower()] > 0
    if soft != hard:
        return soft > hard
    return wraps > 0 and len(breaks) / wraps > 0.03


def keeps_hyphen(left: str, right: str, words: Counter, soft: bool) -> bool:
    """Is the hyphen that ends a line part of the word?"""
    if not soft:
        return True
    whole, kept = (left + right).lower(), f"{left}-{right}".lower()
    if words[kept] != words[whole] or "-" not in left:
        return words[kept] > words[whole]
    # a compound broken after one of its hyphens ("out-of-" and "play") or inside its last
    # part ("non-target-" and "ing"): the last part and the rest, joined or not, decide;
    # failing them, a rest that is a word of its own is the compound's next part
    tail = left.rsplit("-", 1)[-1]
    joined, apart = (tail + right).lower(), f"{tail}-{right}".lower()
    if words[joined] != words[apart]:
        return words[apart] > words[joined]
    return words[right.lower()] > 0


def repair_ligatures(lines: list[list[Glyph]], words: Counter) -> None:
    """Give unmapped glyphs the letters that make the words they sit in words of the
    document. One glyph is one ligature throughout a font, so votes pool per glyph."""
    votes: dict[object, Counter] = {}
    lines = [glyphs for glyphs in lines if UNKNOWN in map(_TEXT, glyphs)]
    for glyphs in lines:
        for word in _words_with_unknowns(glyphs):
            cids = {g.cid for g in word if g.text == UNKNOWN}
            if len(cids) != 1:
                continue
            cid = cids.pop()
            for ligature in LIGATURES:
                spelled = "".join(ligature if g.text == UNKNOWN else g.text for g in word)
                if words[spelled.lower()]:
                    votes.setdefault(cid, Counter())[ligature] += 1
    choice = {cid: c.most_common(1)[0][0] for cid, c in votes.items()}
    for glyphs in lines:
        for g in glyphs:
            if g.text == UNKNOWN and g.cid in choice:
                g.text = choice[g.cid]


def _words_with_unknowns(glyphs: list[Glyph]):
    word: list[Glyph] = []
    for g in glyphs + [None]:
        if g is not None and (g.text.isalpha() or g.text == UNKNOWN):
            word.append(g)
            continue
        if any(w.text == UNKNOWN for w in word):
            yield word
        word = []
