"""Running headers, footers and page numbers: what repeats at the same place on most pages.

Nothing here knows a string or a coordinate. A fragment is furniture when it is among the
outermost lines of its page and a fragment with the same text (digits aside, so page
numbers match) sits at the same height (its baseline: the boxes' tops move with each
font's idea of its ascent) on at least half of the pages, set at the same
left edge, centre or right edge, or in the mirrored place (the outer corner of facing
pages: right on odd pages, left on even ones), and not level with a column of text beside
it (then it is that column's first or last line), nor a number in type larger than the
text's with its title beside it (a heading's number atop a page).

A running head may also follow the text: the chapter or section a page is in, which
changes as the document goes on. Those are taken by `_tracking_heads`: the outermost line
of most pages at one height, in type no larger than the text's, whose words either head
the page again on another page or stand as the heading they repeat on the same page or
the one before.
"""
from __future__ import annotations

import re
from collections import defaultdict

from .glyphs import Fragment
from .lines import next_in_column
from .settings import SETTINGS as S

_DIGITS = re.compile(r"\d+")
_ROMAN = re.compile(r"^[ivxlcdm]+$", re.I)


def furniture_key(text: str) -> str:
    text = " ".join(text.split())
    return "#" if _ROMAN.match(text) else _DIGITS.sub("#", text)


def split_furniture(pages: list[list[Fragment]], widths: list[float] | None = None
                    ) -> tuple[list[list[Fragment]], list[str]]:
    """(pages without furniture, the texts of the furniture found)."""
    if len(pages) < 2:
        return pages, []
    widths = widths or [0.0] * len(pages)
    by_key: dict[str, list[tuple[int, Fragment]]] = defaultdict(list)
    for index, frags in enumerate(pages):
        bases = sorted({round(f.base) for f in frags})
        edge = set(bases[:S.edge_lines] + bases[-S.edge_lines:])
        for f in frags:
            if round(f.base) in edge:
                by_key[furniture_key(f.text)].append((index, f))
    need = max(2, (len(pages) + 1) // 2)
    recurring = [members for members in by_key.values()
                 if len({index for index, _f in members}) >= need]
    likely = {id(f) for members in recurring for _i, f in members}
    body = _body_size(pages) if recurring else 0.0
    doomed, texts = set(), []
    for members in recurring:
        for group in _same_height(members):
            placed = [(i, f) for i, f in group
                      if any(j != i and _aligned(f, g, widths[i], widths[j]) for j, g in group)
                      and not _in_text_block(f, pages[i], likely)
                      and not _heading_number(f, pages[i], body)]
            if len({i for i, _f in placed}) >= need:
                doomed.update(id(f) for _i, f in placed)
                texts.append(placed[0][1].text)
    tracking = _tracking_heads(pages, widths, doomed, likely, need)
    if tracking:
        doomed.update(id(f) for _i, f in tracking)
        texts.append(tracking[0][1].text)
    cleaned = [[f for f in frags if id(f) not in doomed] for frags in pages]
    return cleaned, texts


_LETTERS = re.compile(r"[\W\d_]+")


def _words_key(text: str) -> str:
    """A line's letters alone: a running head repeats its heading's words, with or
    without its number and in its own punctuation."""
    return _LETTERS.sub("", text).casefold()


def _tracking_heads(pages: list[list[Fragment]], widths: list[float], doomed: set[int],
                    likely: set[int], need: int) -> list[tuple[int, Fragment]]:
    """The running heads whose words change with the chapter or section: fragments on
    the outermost line of their page, at one height on at least `need` pages, placed
    alike, set off from the text and not a column's line, in type no larger than the
    text's, each either repeated at that place on another page or repeating a line of
    its own page or the page before (the heading it follows), on tracking_pages pages or
    more. A page's own heading at its top is neither, so it stays."""
    outer: list[tuple[int, Fragment]] = []
    for index, frags in enumerate(pages):
        left = [f for f in frags if id(f) not in doomed]
        if left:
            bases = [min(f.base for f in left), max(f.base for f in left)]
            outer += [(index, f) for f in left if f.base in bases
                      and any(c.isalpha() for c in f.text)]
    if len({i for i, _f in outer}) < need:
        return []
    body = _body_size(pages)
    taken: list[tuple[int, Fragment]] = []
    for group in _same_height(outer):
        if len({i for i, _f in group}) < need:
            continue
        band = {id(g) for _j, g in group}
        key = {id(f): _words_key(f.text) for _i, f in group}
        pages_of: dict[str, set[int]] = defaultdict(set)
        for i, f in group:
            pages_of[key[id(f)]].add(i)
        told: dict[int, set[str]] = {}  # each page's lines, read once for the group

        def tells(j: int, f: Fragment) -> bool:
            if j not in told:
                told[j] = _lines_told(pages[j], band)
            return bool(_head_keys(f.text) & told[j])

        found = [(i, f) for i, f in group
                 if f.size <= body * (1 + S.mate_size) and key[id(f)]
                 and any(j != i and _aligned(f, g, widths[i], widths[j]) for j, g in group)
                 and _stands_off(f, pages[i], band)
                 and not _in_text_block(f, pages[i], likely)
                 and (len(pages_of[key[id(f)]]) > 1
                      or any(tells(j, f) for j in (i, i - 1) if j >= 0))]
        if len({i for i, _f in found}) >= max(S.tracking_pages, need // 2):
            taken += found
    return taken


def _stands_off(f: Fragment, frags: list[Fragment], band: set[int]) -> bool:
    """Is the head set off from the page's text: no line within a line's distance of it
    (next_line ems), as a running head stands in its margin? A page's first or last line
    of text has its neighbour a line away."""
    reach = S.next_line * f.size
    return not any(0 < abs(g.base - f.base) <= reach for g in frags if id(g) not in band)


def _lines_told(frags: list[Fragment], band: set[int]) -> set[str]:
    """The page's lines (the band's left out) as keys, alone and two read together (a
    chapter's number above its title). Digits count: a contents line's page number
    makes it another line than the heading it lists."""
    by_base: dict[int, list[Fragment]] = defaultdict(list)
    for g in frags:
        if id(g) not in band:
            by_base[round(g.base)].append(g)
    rest = [_line_key(" ".join(g.text for g in sorted(line, key=lambda g: g.x0)))
            for _base, line in sorted(by_base.items())]
    return set(rest) | {a + b for a, b in zip(rest, rest[1:])}


def _head_keys(text: str) -> set[str]:
    """A head's keys: its words, and its words without a page number set in its own
    fragment."""
    words = text.split()
    keys = {_line_key(text)}
    if len(words) > 1:
        if words[0].isdigit():
            keys.add(_line_key(" ".join(words[1:])))
        if words[-1].isdigit():
            keys.add(_line_key(" ".join(words[:-1])))
    return keys - {""}


_NOT_ALNUM = re.compile(r"[\W_]+")


def _line_key(text: str) -> str:
    return _NOT_ALNUM.sub("", text.casefold())


def _body_size(pages: list[list[Fragment]]) -> float:
    """The size most of the document's letters are set in."""
    count: dict[float, int] = defaultdict(int)
    for frags in pages:
        for f in frags:
            count[round(f.size, 1)] += len(f.text)
    return max(count, key=count.get) if count else 0.0


def _heading_number(f: Fragment, frags: list[Fragment], body: float) -> bool:
    """Is the fragment a number in type larger than the text's, level with words in its
    type just after it: a heading's number set apart from its title ("1   Players" atop
    a page), not a page number?"""
    if not f.text.isdigit() or f.size <= S.heading_number_size * body:
        return False
    return any(g is not f and abs(g.base - f.base) <= S.level_with * f.size
               and 0 <= g.x0 - f.x1 <= S.heading_number_gap * f.size
               and abs(g.size - f.size) <= S.mate_size * f.size
               and any(c.isalpha() for c in g.text) for g in frags)


def _in_text_block(f: Fragment, frags: list[Fragment], likely: set[int]) -> bool:
    """Is the fragment a line of a column of text: with a line that does not recur right
    above or below it at its left edge, in its type, or level with such a line of a
    column beside it? A line a short document repeats that came to top a column on two
    pages is text; a running head stands above or below every column, apart. The text
    above or below the line beside it may recur itself (a sentence ending twice)."""
    if any(_column_mates(f, g) and abs(g.size - f.size) <= S.mate_size * f.size
           for g in frags if id(g) not in likely):
        return True
    for g in frags:
        if g is f or id(g) in likely or g.x1 > f.x0 and g.x0 < f.x1 \
                or abs(g.base - f.base) > S.level_with * max(g.size, f.size):
            continue
        if any(_column_mates(g, h) for h in frags):
            return True
    return False


def _column_mates(a: Fragment, b: Fragment) -> bool:
    """Does `b` stand right above or below `a`, at its left edge: the next line of its
    column? (In ems of `a`'s type.)"""
    return b is not a and (next_in_column(a, b, a.size) or next_in_column(b, a, a.size))


def _same_height(members: list[tuple[int, Fragment]]):
    """Runs of fragments whose baselines lie within same_height of each other (for small
    type, same_height_least)."""
    members = sorted(members, key=lambda m: m[1].base)
    group = [members[0]]
    for m in members[1:]:
        if m[1].base - group[-1][1].base <= max(S.same_height_least,
                                                 S.same_height * m[1].size):
            group.append(m)
        else:
            yield group
            group = [m]
    yield group


def _aligned(a: Fragment, b: Fragment, width_a: float, width_b: float) -> bool:
    """Same left edge, centre or right edge, or mirrored across facing pages."""
    tolerance = max(S.furniture_aligned_least, S.furniture_aligned * max(a.size, b.size))
    if (abs(a.x0 - b.x0) <= tolerance or abs(a.x1 - b.x1) <= tolerance
            or abs((a.x0 + a.x1) - (b.x0 + b.x1)) / 2 <= tolerance):
        return True
    width = width_a or width_b
    return width > 0 and abs(a.x0 - (width - b.x1)) <= tolerance
