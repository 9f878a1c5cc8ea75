"""How a PDF's lines stand to one another: the usual distance between baselines (a
paragraph space is more), a line that fills its column or stops short, a box of text
narrower than its column, a line set in or centred. The paragraph rules
(paragraphs.py) ask these of lines that carry `.line`, `.glyphs`, `.text`, `.size`, the
line's edges and baseline (`.x0`, `.x1`, `.base`), and the measures below that a line is
asked many times (`.first_word`, `.word_space`, `.leaders`: see lines.TextLine, which
works each out once)."""
from __future__ import annotations

from collections import Counter

from ..blocks import runs
from .lines import TextLine, next_in_column
from .settings import SETTINGS as S
from .typography import same_size


def pitches(facts: list[TextLine]) -> dict:
    """The usual distance between baselines of consecutive lines, per type size, and per
    page and size where a page is set looser than the rest (an introduction) and shows
    it in three or more lines at one spacing still too tight to be a paragraph space."""
    seen: dict[float, Counter] = {}
    pages: dict[tuple[int, float], Counter] = {}
    for a, b in zip(facts, facts[1:]):
        if b.line.page == a.line.page and not b.line.first_in_column and a.size == b.size:
            delta = round(b.base - a.base, 1)
            if 0 < delta < S.pitch_span * a.size:
                seen.setdefault(a.size, Counter())[delta] += 1
                pages.setdefault((a.line.page, a.size), Counter())[delta] += 1
    out: dict = {size: _usual_delta(c) for size, c in seen.items()}
    for (page, size), c in pages.items():
        own = _usual_delta(c)
        if own > out[size] and c[own] >= S.loose_lines and own <= S.loose_leading * size:
            out[page, size] = own
    return out


def _usual_delta(c: Counter) -> float:
    """The tightest spacing seen pitch_share as often as the commonest (or more)."""
    return min(d for d, n in c.items() if n >= max(1, S.pitch_share * c.most_common(1)[0][1]))


def narrow_boxes(facts: list[TextLine]) -> None:
    """Text set in a box narrower than its column (an example beside a picture) is
    measured by the box: a run of box_lines or more lines at one left edge that all end
    well short of the column, near one another, and mostly run on mid-sentence (the next
    line opens in lower case), as wrapped prose does and a list of names does not."""
    for run in runs(facts, _same_box):
        if len(run) < S.box_lines:
            continue
        left, (col_left, col_right) = run[0].x0, run[0].line.column
        right = max(f.x1 for f in run)
        ends = [f.x1 for f in run[:-1]]
        mid_sentence = sum(nxt.text[:1].islower() for nxt in run[1:])
        if right - col_left < S.box_narrow * (col_right - col_left) \
                and max(ends) - min(ends) <= S.box_ends * (right - left) \
                and 2 * mid_sentence > len(run) - 1:
            for f in run:
                f.line.column = (col_left, right)


def _same_box(a: TextLine, b: TextLine) -> bool:
    """Is `b` the next line of `a`'s column, in its size?"""
    return a.line.page == b.line.page and a.line.column == b.line.column \
        and same_size(a.size, b.size) and next_in_column(a, b, b.size)


def new_column(last: TextLine, f: TextLine) -> bool:
    return f.line.first_in_column or f.line.page != last.line.page \
        or f.line.column != last.line.column


def close(last: TextLine, f: TextLine, pitch: dict) -> bool:
    """Does `f` follow `last` at the usual spacing (no paragraph space between)?"""
    usual = pitch.get((f.line.page, f.size)) or pitch.get(f.size, S.leading * f.size)
    return f.base - last.base <= usual + S.leading_slack * f.size


def indented(f: TextLine) -> bool:
    """A first line set in from the column's edge: how some typesetters open paragraphs."""
    return f.x0 - f.line.column[0] >= S.indent * f.size


def centred(f: TextLine) -> bool:
    """Is the line set in the middle of its column (a title whose lines the typesetter
    balances)?"""
    left, right = f.line.column
    return f.x0 - left > S.centred_inset * f.size \
        and abs((f.x0 + f.x1) - (left + right)) <= S.centred_offset * f.size


def is_full(last: TextLine, nxt: TextLine, slack: float = 0.0) -> bool:
    """Would the next line's first word have fitted at the end of this one (with `slack`
    points to spare)? If not, the line was full and the break between them is only a
    wrap. A line that dot leaders fill to the edge is not full of words."""
    if last.leaders:
        return False
    room = last.line.column[1] - last.x1
    word = nxt.first_word
    # room for the word and the larger of space_room and the line's own word space:
    # space_room first, as it is cheaper to know and most often decides
    if room < word + S.space_room * last.size + slack:
        return True
    return room < word + last.word_space + slack
