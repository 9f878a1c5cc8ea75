"""A table cell's lines put together: a space where a line ends at a word's end, none
where a word too long for the cell was broken at its side.

A PDF prints no space at a line's end either way. A word is broken inside only when it
cannot fit on a line of its own (a code, a long compound in a narrow column), so the
line it is broken from holds that word alone and fills the cell: the next line's first
letter would not have fitted after it, inside the cell's padding (the narrowest the
cell's lines leave, at a line that fills it, however they are aligned). That is seen,
too, where a short word just fills a narrow cell and the next word moved down whole;
the document's own words tell the two apart where they can: the pieces run together
are a word it prints elsewhere (or begin one), or each piece is a word of its own that
it prints elsewhere. A capital after a small letter starts a word.
"""
from __future__ import annotations

import bisect
import re
from collections import Counter
from typing import Iterable

from .glyphs import Glyph
from .settings import SETTINGS as S

_WORD = re.compile(r"\w+")  # (a code's underscores are in its word: "TIMEOUT_CALLED")


class Vocabulary:
    """The words a document prints, counted (case folded), and the beginnings of them."""

    def __init__(self, texts: Iterable[str]):
        self.counts = Counter(w for text in texts for w in _WORD.findall(text.casefold()))
        self.sorted = sorted(self.counts)

    def printed(self, word: str, times: int = 1) -> bool:
        return self.counts.get(word.casefold(), 0) >= times

    def begins(self, piece: str) -> bool:
        """Does a word the document prints begin with `piece` (and go on)?"""
        piece = piece.casefold()
        k = bisect.bisect_right(self.sorted, piece)
        return k < len(self.sorted) and self.sorted[k].startswith(piece)


def cell_glyphs(glyphs: list[Glyph], left: float, right: float,
                words: Vocabulary) -> list[Glyph]:
    """A cell's glyphs (its lines top to bottom, each left to right), between the rules
    at `left` and `right`, with a space glyph between two lines unless a word was
    broken there (see the module doc)."""
    lines: list[list[Glyph]] = []
    for g in glyphs:
        if not lines or g.x0 < lines[-1][-1].x0 and g.text.strip():
            lines.append([])
        lines[-1].append(g)
    lines = [line for line in map(_trimmed, lines) if line]
    if not lines:
        return []
    pad = min(line[0].x0 for line in lines) - left
    edge = max(line[-1].x1 for line in lines)  # where the cell's text reaches at most
    steps = [b[0].baseline - a[0].baseline for a, b in zip(lines, lines[1:])]
    pitch = min([d for d in steps if d > 0], default=0.0)  # its lines' spacing
    out: list[Glyph] = []
    piece = ""  # the word being read across lines, so far
    for line, nxt in zip(lines, lines[1:] + [None]):
        out += line
        if nxt is None:
            break
        text = "".join(g.text for g in line)
        piece = (piece if _single(line) else "") + text.split()[-1]
        following = "".join(g.text for g in nxt).split()[0]
        if not _broken(line, nxt, piece, following, left, right, pad, words):
            last = line[-1]
            out.append(Glyph(_join(line, nxt, edge, pitch), last.x1, last.x1,
                             last.top, last.bottom, last.size, last.family, last.bold,
                             last.italic, None, base=last.base))
            piece = ""
    return out


def _join(line: list[Glyph], nxt: list[Glyph], edge: float, pitch: float) -> str:
    """A line break ("\n") at a paragraph's or an item's end, as a web page's cell holds
    its paragraphs: where the line stopped short of where the cell's text reaches,
    `edge`, and the next line's first word would have fitted after it, or where the
    spacing opens up past the cell's own, `pitch`; else a space: the line wrapped."""
    if pitch and nxt[0].baseline - line[0].baseline > S.cell_paragraph * pitch:
        return "\n"
    word = next((k for k, g in enumerate(nxt) if g.text.isspace() or g.space_after), len(nxt) - 1)
    needs = nxt[word].x1 - nxt[0].x0 + S.cell_space * line[-1].size
    return "\n" if edge - line[-1].x1 > needs else " "


def _broken(line: list[Glyph], nxt: list[Glyph], piece: str, following: str,
            left: float, right: float, pad: float, words: Vocabulary) -> bool:
    """Was the word `piece` (read so far) broken at this line's end, `following`
    opening the next line?"""
    if not _single(line):
        return False
    joined = _WORD.findall(piece + following)
    if len(joined) == 1 and (words.printed(joined[0]) or words.begins(joined[0])):
        return True
    head, tail = _WORD.findall(piece), _WORD.findall(following)
    if head and tail and words.printed(head[-1], S.cell_word_printed) \
            and words.printed(tail[0], S.cell_word_printed):
        return False  # two words the document prints apart
    last, first = line[-1], nxt[0]
    room = right - left - 2 * pad  # the cell's width inside its padding
    return last.x1 - line[0].x0 + (first.x1 - first.x0) > room - S.rule_reach \
        and not (last.text[-1:].islower() and first.text[:1].isupper())


def _single(line: list[Glyph]) -> bool:
    """A line of one word: no space inside it, printed or inferred."""
    return not any(g.text.isspace() or g.space_after for g in line[:-1])


def _trimmed(line: list[Glyph]) -> list[Glyph]:
    """A line of a cell without the spaces it ends in (before the next cell)."""
    end = len(line)
    while end and not line[end - 1].text.strip():
        end -= 1
    return line[:end]
