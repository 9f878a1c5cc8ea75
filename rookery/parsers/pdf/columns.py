"""Reading order: find each page's columns and read down one column before the next.

Why a gap histogram: columns are not announced in a PDF. Every fragment covers an x-range
of the page; counting, for each point across the page, how many fragments cover it gives
a histogram whose deep valleys are the gutters. A title or a wide table that spans the
columns covers a gutter too, but such lines are few beside the dozens of lines in each
column, so the valley stays deep. A valley is a gutter only when text is covered on
both sides and a good number of fragments start right after it (a column's left edge);
a gutter seen on most pages of the document is trusted on a page with little text.
A gutter narrower than the gap that parts fragments (a word processor's) joins lines of
two columns that share a baseline: coverage counts runs of ink, which part there
(ink_runs), and such lines are parted at the gutter found (_parted_at).

The page is then cut into bands: runs of lines that cross a gutter (title blocks,
full-width front matter) and runs that do not, which are read column by column. A ragged
line may reach past a narrow gutter's middle and stay in its column (_reaching).
"""
from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import NamedTuple

from . import speedups
from .glyphs import Fragment, Glyph, smaller_em
from .lines import Line
from .settings import SETTINGS as S

Gutter = tuple[float, float]


def find_gutters(frags: list[Fragment], trusted: list[Gutter] = (),
                 seen: list[Gutter] = (), pieces: list[Piece] | None = None) -> list[Gutter]:
    """The gutters of one page (see the module doc), with the document's `trusted` ones
    added where the page has too little text to show its own. A gap where another page
    of the document has a gutter (`seen`) needs less evidence to be one: a contents list
    whose second column holds a few entries. The coverage is of the fragments' runs of
    ink (`pieces`, from ink_pieces if not given)."""
    found = _page_gutters(ink_pieces(frags) if pieces is None else pieces, trusted, seen)
    for g in trusted:
        if not _near(g, found):
            # a gutter of the page's own that overlaps it is the same gutter, widened or
            # narrowed by a line or two: the document's holds
            found = [(a, b) for a, b in found if not (a < g[1] and g[0] < b)] + [g]
    return sorted(found)


class Piece(NamedTuple):
    """A run of ink of a fragment, at the fragment's size."""

    x0: float
    x1: float
    size: float


def ink_pieces(frags: list[Fragment]) -> list[Piece]:
    """The fragments' runs of ink (see ink_runs), each at its fragment's size."""
    return [Piece(x0, x1, f.size) for f in frags for x0, x1 in ink_runs(f.glyphs)]


def ink_runs(glyphs: list[Glyph], compiled: bool = True) -> list[tuple[float, float]]:
    """Where a fragment's ink runs, parted where a gap wider than gutter_gap has a
    column of text's width of ink on each side, and a word beside it: where two columns'
    lines on one baseline have joined across a narrow gutter, the gap between them still
    shows it (a list's number set apart from its entry, a contents line's page number
    and its dot leaders, are no columns). By the compiled loop where it was built."""
    if compiled and speedups.loops is not None:
        return speedups.loops.ink_runs(glyphs, Glyph, S.gutter_gap, S.text_column, S.least_em)
    return _python_ink_runs(glyphs)


def _parts_columns(before: Glyph, after: Glyph, left: float, right: float) -> bool:
    """Could the gap between two glyphs be a gutter between columns of text `left` and
    `right` points wide: wider than gutter_gap, each column text_column wide at least (in
    ems of the smaller type), and a word beside it (a dot leader's dots are none)?"""
    em = smaller_em(before, after)
    return after.x0 - before.x1 > S.gutter_gap * em and min(left, right) >= S.text_column * em \
        and (before.text.isalnum() or after.text.isalnum())


def _python_ink_runs(glyphs: list[Glyph]) -> list[tuple[float, float]]:
    ink = [g for g in glyphs if g.text.strip()] or glyphs
    if not ink:
        return []
    out = []
    start = prev = ink[0]
    end = ink[-1].x1
    narrowest = S.gutter_gap * S.least_em  # no narrower gap parts columns: a quick test
    for g in ink[1:]:
        if g.x0 - prev.x1 > narrowest and _parts_columns(prev, g, prev.x1 - start.x0, end - g.x0):
            out.append((start.x0, prev.x1))
            start = g
        prev = g
    out.append((start.x0, prev.x1))
    return out


def _page_gutters(frags: list[Piece], trusted, seen=()) -> list[Gutter]:
    if len(frags) < 2:
        return []
    left = min(f.x0 for f in frags)
    right = max(f.x1 for f in frags)
    width = right - left
    if width <= 0:
        return []
    em = sorted(f.size for f in frags)[len(frags) // 2]
    # count coverage per point; lines that clearly span the page do not vote
    voters = [f for f in frags if f.x1 - f.x0 < S.spanning * width]
    cells = int(width) + 2
    delta = [0] * (cells + 1)
    for f in voters:
        delta[int(f.x0 - left)] += 1
        delta[int(f.x1 - left) + 1] -= 1
    coverage, running = [], 0
    for d in delta[:cells]:
        running += d
        coverage.append(running)
    peak = max(coverage) if coverage else 0
    if peak < S.column_lines:
        return []
    low = max(1, int(S.valley * peak))
    gutters = []
    x = 0
    while x < cells:
        if coverage[x] <= low:
            start = x
            while x < cells and coverage[x] <= low:
                x += 1
            a, b = left + start, left + x
            covered_left = max(coverage[:start], default=0) >= S.column_lines
            covered_right = max(coverage[x:], default=0) >= S.column_lines
            if covered_left and not covered_right and seen:
                # a last column of a few lines, lighter than the valley's floor: the
                # empty gap before it, where another page of the document has a gutter
                a, b = _empty_gap(coverage, start, x, left)
                covered_right = b < left + x
            if covered_left and covered_right and b - a >= S.gutter_width * em:
                # a column's lines start at the gutter's end, or, between columns of
                # text, a little past a few that start sooner (its list labels, hung
                # into the gutter): a shelf
                reach = b + S.start_after * em
                before = gutters[-1][1] if gutters else left
                if min(a - before, right - b) >= S.text_column * em:
                    shelf = x
                    while shelf < cells and coverage[shelf] <= S.shelf * peak \
                            and left + shelf <= b + S.shelf_width * em:
                        shelf += 1
                    reach = max(reach, left + shelf + S.start_after * em)
                starts = sum(1 for f in voters if b - S.start_before <= f.x0 <= reach)
                if starts >= max(S.column_lines, S.gutter_starts * len(voters)) \
                        or _near((a, b), trusted) \
                        or starts >= S.column_lines and _overlaps(a, b, seen):
                    gutters.append((a, b))
        else:
            x += 1
    return gutters


def _empty_gap(coverage: list[int], start: int, end: int, left: float) -> tuple[float, float]:
    """The first run of points no fragment covers within coverage[start:end] that has
    covered points after it (as page x), else the whole span."""
    a = start
    while a < end and coverage[a]:
        a += 1
    b = a
    while b < end and not coverage[b]:
        b += 1
    if a < b < end:
        return left + a, left + b
    return left + start, left + end


def _same_gutter(g: Gutter, h: Gutter) -> bool:
    """Are two gutters one: each edge within same_gutter points of the other's?"""
    return abs(g[0] - h[0]) <= S.same_gutter and abs(g[1] - h[1]) <= S.same_gutter


def _near(g: Gutter, gutters) -> bool:
    return any(_same_gutter(g, h) for h in gutters)


def _overlaps(a: float, b: float, seen) -> bool:
    """Does the gap a–b share gutter_overlap of its width, or the other's, with a gutter?"""
    return any(min(b, sb) - max(a, sa) >= S.gutter_overlap * min(b - a, sb - sa)
               for sa, sb in seen)


def common_gutters(per_page: list[list[Gutter]], pages: int | None = None) -> list[Gutter]:
    """Gutters that most pages agree on: of `pages` pages of text, by default of those
    with a gutter."""
    seen: list[tuple[Gutter, int]] = []
    for gutters in per_page:
        for g in gutters:
            for k, (h, n) in enumerate(seen):
                if _same_gutter(g, h):
                    seen[k] = (h, n + 1)
                    break
            else:
                seen.append((g, 1))
    pages = pages or sum(1 for g in per_page if g) or 1
    return [g for g, n in seen if n >= max(2, pages // 2)]


def reading_order(frags: list[Fragment], gutters: list[Gutter], page: int) -> list[Line]:
    """The page's lines, band by band and column by column."""
    if not frags:
        return []
    left = min(f.x0 for f in frags)
    right = max(f.x1 for f in frags)
    # a line belongs to a column when it stays clear of the middle of the gutters beside it
    cuts = [left - 1] + [(a + b) / 2 for a, b in gutters] + [right + 1]
    frags = _parted_at(frags, gutters, cuts)

    def column_of(f: Fragment) -> int | None:
        for k in range(len(cuts) - 1):
            if f.x0 >= cuts[k] and f.x1 <= cuts[k + 1]:
                return k
        return _reaching(f, frags, gutters, cuts)  # None: it spans the columns

    placed = [(f, column_of(f)) for f in frags]
    # where each column's text ends on this page: the measure for "is this line full?"
    edges = {}
    for k in range(len(cuts) - 1):
        inside = [f for f, c in placed if c == k]
        if inside:
            edges[k] = (min(f.x0 for f in inside), _measure(inside, k, gutters, right))
    bands: list[tuple[str, list[tuple[Fragment, int | None]]]] = []
    tops = _line_tops([f for f, _k in placed])
    for f, k in sorted(placed, key=lambda p: (tops[id(p[0])], p[0].x0)):
        kind = "span" if k is None or len(edges) == 1 else "columns"
        if bands and bands[-1][0] == kind:
            bands[-1][1].append((f, k))
        else:
            bands.append((kind, [(f, k)]))
    _carry_on_spans(bands)

    lines: list[Line] = []
    for kind, members in bands:
        if kind == "span":
            lines.extend(_lines([f for f, _k in members], (left, right), page))
            continue
        for k in sorted(edges):
            lines.extend(_lines([f for f, c in members if c == k], edges[k], page))
    return lines


def _line_tops(frags: list[Fragment]) -> dict[int, float]:
    """Each fragment's line's top: the highest top of the fragments on its baseline. The
    fragments of one line go left to right whatever their boxes' heights, which come
    from each font's own metrics (a program rewriting the PDF writes others): a rule's
    number and its text on one baseline must not change order with them."""
    out: dict[int, float] = {}
    line: list[Fragment] = []
    for f in sorted(frags, key=attrgetter("base")) + [None]:
        if f is not None and line \
                and f.base - line[0].base <= S.same_baseline * min(f.size, line[0].size):
            line.append(f)
            continue
        top = min((g.top for g in line), default=0.0)
        out.update((id(g), top) for g in line)
        line = [f]
    return out


def _parted_at(frags: list[Fragment], gutters: list[Gutter], cuts: list[float]
               ) -> list[Fragment]:
    """Fragments that cross a gutter between two columns of text through a gap wider
    than a word space, parted there. The page's other lines show the gutter, where one
    line's glyphs alone cannot: a narrow gutter (a word processor sets none unless
    asked) is less than the em that parts fragments, and a heading in the next column
    set larger, on a full line's baseline, makes that em its own. (`cuts`: where each
    column begins and ends, see reading_order.)"""
    out = []
    for f in frags:
        if not any(f.x0 < middle < f.x1 for middle in cuts[1:-1]):
            out.append(f)  # most lines: within a column
            continue
        pieces = [f]
        for k, gutter in enumerate(gutters):
            pieces = [p for piece in pieces for p in _part(piece, gutter, cuts[k:k + 3])]
        out.extend(pieces)
    return out


def _part(f: Fragment, gutter: Gutter, cuts: list[float]) -> list[Fragment]:
    """`f` parted at the gutter between columns that run from cuts[0] to cuts[2] (its
    middle at cuts[1])."""
    (a, b), (start, middle, end) = gutter, cuts
    if not f.x0 < middle < f.x1:
        return [f]
    ink = [k for k, g in enumerate(f.glyphs) if g.text.strip()]
    for k, j in zip(ink, ink[1:]):
        before, after = f.glyphs[k], f.glyphs[j]
        # the next column's lines start where the gutter ends (a line set across the
        # page may have a wide word space in the gutter too), and the line before may
        # reach past the gutter's middle (a hyphen); a column of list numbers beside
        # their text is no column of text
        if abs(after.x0 - b) <= S.gutter_gap * smaller_em(before, after) \
                and _parts_columns(before, after, a - start, end - b):
            # (the spaces between go with neither: a fragment's box is its glyphs')
            return [Fragment(page=f.page, glyphs=f.glyphs[:k + 1]),
                    Fragment(page=f.page, glyphs=f.glyphs[j:])]
    return [f]


def _reaching(f: Fragment, frags: list[Fragment], gutters: list[Gutter],
              cuts: list[float]) -> int | None:
    """The column of a ragged line that reaches past the middle of the gutter after it,
    short of the next column (a narrow gutter is found where most lines end), between
    lines of its own column right above and below it. None for a line that spans the
    columns: the last line of a paragraph set across the page ends anywhere."""
    for k, (_a, b) in enumerate(gutters):
        if cuts[k] <= f.x0 and cuts[k + 1] < f.x1 < b:
            over = [g for g in frags if g.x0 < f.x1 and f.x0 < g.x1]  # its column's part
            above = [g for g in over if g.bottom <= f.top]
            below = [g for g in over if g.top >= f.bottom]
            return k if above and below and all(
                cuts[k] <= g.x0 and g.x1 <= cuts[k + 1]
                for g in (max(above, key=attrgetter("bottom")),
                          min(below, key=attrgetter("top")))) else None
    return None


def _measure(inside: list[Fragment], k: int, gutters: list[Gutter], right: float) -> float:
    """Where column `k` ends: where its lines do, when a good part of them come near
    that far (prose, justified or ragged); when its lines are mostly short (a list of
    entries), nothing shows the measure, and the column may run up to the next gutter
    or the page's text edge."""
    end = max(f.x1 for f in inside)
    start = min(f.x0 for f in inside)
    widths = sorted(f.x1 - start for f in inside)
    if len(widths) < S.measure_lines \
            or widths[int(S.measure_rank * len(widths))] >= S.full_measure * (end - start):
        return end
    return max(end, gutters[k][0] if k < len(gutters) else right)


def _carry_on_spans(bands) -> None:
    """A paragraph set across the page whose last line is short enough to fit in a
    column (above the page's columns, before any other column has begun) goes on
    across the page: move such lines from the top of a columns band to the span before."""
    for (kind, before), (next_kind, members) in zip(bands, bands[1:]):
        if kind != "span" or next_kind != "columns":
            continue
        while members:
            f, k = members[0]
            last = before[-1][0]
            others = [g.top for g, c in members[1:] if c != k]
            if others and min(others) < f.bottom \
                    or f.top - last.bottom > S.carry_gap * f.size \
                    or f.top < last.bottom - S.carry_overlap * f.size:  # beside it, not below
                break
            before.append(members.pop(0))


def _lines(frags: list[Fragment], column: tuple[float, float], page: int) -> list[Line]:
    """Join fragments that share a baseline into lines, top to bottom."""
    out: list[Line] = []
    for f in sorted(frags, key=lambda f: (f.base, f.x0)):
        if out and abs(out[-1].fragments[-1].base - f.base) <= S.same_baseline * f.size:
            out[-1].fragments.append(f)
            out[-1].fragments.sort(key=lambda g: g.x0)
        else:
            out.append(Line(fragments=[f], page=page, column=column))
    if out:
        out[0].first_in_column = True
    return out


def usual_measures(lines: list[Line]) -> None:
    """Give each column the document's usual measure for a column that starts there.

    A page of short lines (a contents list, the tail of a chapter) ends its column where
    its longest line ends, so every line there looks full and a wrap would join two
    entries. The document's other pages show how wide a column starting at that edge
    really is: the measure most of its lines were set to. Never narrows a column."""
    widths: dict[int, Counter] = {}
    for line in lines:
        left, right = line.column
        widths.setdefault(round(left), Counter())[round(right)] += 1
    usual = {}
    for left, seen in widths.items():
        near = Counter()
        for other, counts in widths.items():
            if abs(other - left) <= S.same_edge:
                near.update(counts)
        usual[left] = near.most_common(1)[0][0]
    for line in lines:
        left, right = line.column
        if usual[round(left)] > right:
            line.column = (left, float(usual[round(left)]))
