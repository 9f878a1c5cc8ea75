"""Tables drawn with rules: their rows read across, cell by cell.

A table whose cells are boxed by drawn lines says where its rows and columns are: a
horizontal rule tops each row, a vertical rule parts each column. Read by the gaps in
its text instead, such a table is read column by column (its columns look like the
page's) or its wrapped cells become lines of their own. The rules are read from the
page's path objects (thin ones: a stroked line or a filled hairline box); rules that
touch make a grid, and a grid of two columns or more is a table. Each piece of text in
it belongs to the cell of the rules around it; a cell's top is the nearest rule above
it across its column, so a cell spanning rows joins the first row it spans, as a web
page's table gives it. A row is then one line whose fragments are its cells, read
left to right, each cell's lines top to bottom.
"""
from __future__ import annotations

import ctypes
from typing import NamedTuple

from .celltext import Vocabulary, cell_glyphs
from .glyphs import Fragment, Glyph
from .lines import Line
from .settings import SETTINGS as S

Box = tuple[float, float, float, float]  # x0, top, x1, bottom (top-down points)


class Rule(NamedTuple):
    """A drawn line: horizontal at `at` from `start` to `end`, or vertical at `at`."""

    at: float
    start: float
    end: float


class Grid(NamedTuple):
    """Rules that touch: a table's frame and its inner lines."""

    box: Box
    across: list[Rule]  # horizontal rules (at: y; start, end: x)
    down: list[Rule]  # vertical rules (at: x; start, end: y)


def page_rules(c, page: int, path: int, height: float) -> tuple[list[Rule], list[Rule]]:
    """The page's thin drawn lines, (horizontal, vertical), in top-down points: its
    path objects (of type `path`) no thicker than S.rule_thickness and S.rule_length
    times as long, up to S.rule_objects objects. (`c`: PDFium's functions taking plain
    addresses, pdfium.py's _calls; `page`: the page's address.)"""
    count = c.count_objects(page)
    if count > S.rule_objects:
        return [], []
    box = (ctypes.c_float * 4)()
    at = [ctypes.addressof(box) + k * ctypes.sizeof(ctypes.c_float) for k in range(4)]
    across, down = [], []
    for k in range(count):
        obj = c.page_object(page, k)
        if c.object_type(obj) != path or not c.object_bounds(obj, *at):
            continue
        left, bottom, right, top = box
        x0, x1, y0, y1 = left, right, height - top, height - bottom
        wide, high = x1 - x0, y1 - y0
        if high <= S.rule_thickness and wide > S.rule_length * high:
            across.append(Rule((y0 + y1) / 2, x0, x1))
        elif wide <= S.rule_thickness and high > S.rule_length * wide:
            down.append(Rule((x0 + x1) / 2, y0, y1))
    return across, down


def grids(across: list[Rule], down: list[Rule]) -> list[Grid]:
    """The tables the rules draw: rules that touch, gathered, where they part two
    columns or more and two rows or more."""
    if len(across) * len(down) > S.rule_pairs:
        return []  # a drawing's hatching or a grid paper: no table to read
    rules = [("h", r) for r in across] + [("v", r) for r in down]
    parent = list(range(len(rules)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    horizontal = [k for k, (kind, _r) in enumerate(rules) if kind == "h"]
    vertical = [k for k, (kind, _r) in enumerate(rules) if kind == "v"]
    for h in horizontal:
        for v in vertical:
            if _touch(rules[h][1], rules[v][1]):
                parent[root(h)] = root(v)
    groups: dict[int, list[int]] = {}
    for k in range(len(rules)):
        groups.setdefault(root(k), []).append(k)
    out = []
    for members in groups.values():
        hs = [rules[k][1] for k in members if rules[k][0] == "h"]
        vs = [rules[k][1] for k in members if rules[k][0] == "v"]
        if len(_distinct([r.at for r in vs])) < S.table_rules \
                or len(_distinct([r.at for r in hs])) < S.table_rules:
            continue  # a box, or a box parted once: a frame, not a table
        box = (min(r.at for r in vs), min(r.at for r in hs),
               max(r.at for r in vs), max(r.at for r in hs))
        out.append(Grid(box, hs, vs))
    return out


def _touch(h: Rule, v: Rule) -> bool:
    reach = S.rule_reach
    return h.start - reach <= v.at <= h.end + reach and v.start - reach <= h.at <= v.end + reach


def _distinct(values: list[float]) -> list[float]:
    out: list[float] = []
    for x in sorted(values):
        if not out or x - out[-1] > S.rule_reach:
            out.append(x)
    return out


def take_tables(frags: list[Fragment], found: list[Grid], page: int, words: Vocabulary
                ) -> tuple[list[Fragment], list[tuple[Grid, list[Line]]]]:
    """The page's fragments outside its tables, and each table with its rows as lines
    (see the module doc), its cells' lines joined as `words`, the document's, show
    (celltext.py). A fragment that runs across a column's rule is parted there."""
    if not found:
        return frags, []
    inside: dict[int, list[Fragment]] = {}
    for f in frags:
        k = next((k for k, g in enumerate(found) if _within(f, g.box)), None)
        if k is not None:
            inside.setdefault(k, []).append(f)
    tables, taken = [], set()
    for k, grid in enumerate(found):
        # (a grid with no text in it is a drawing, or a form to fill in; one of boxes
        # that lay out a page is read as the page is)
        rows = _rows(grid, inside[k], page, words) if k in inside else None
        if rows is not None:
            tables.append((grid, rows))
            taken.update(id(f) for f in inside[k])
    return [f for f in frags if id(f) not in taken], tables


def _within(f: Fragment, box: Box) -> bool:
    left, top, right, bottom = box
    x, y = (f.x0 + f.x1) / 2, (f.top + f.bottom) / 2
    return left < x < right and top < y < bottom


def _rows(grid: Grid, frags: list[Fragment], page: int, words: Vocabulary
          ) -> list[Line] | None:
    """The grid's rows as lines, a fragment a cell; None where a cell holds more than
    S.cell_lines lines: boxes that lay out a page's text (two languages side by side, a
    rule beside its commentary), whose paragraphs and numbered rules are read as the
    page's own, column by column."""
    cells: dict[tuple[float, float, float], list[Glyph]] = {}
    lines: dict[tuple[float, float, float], set] = {}
    for f in sorted(frags, key=lambda f: (f.base, f.x0)):
        y, cell = (f.top + f.bottom) / 2, None
        for g in f.glyphs:  # (left to right: the cell changes at a column's rule)
            x = (g.x0 + g.x1) / 2
            if cell is None or not cell[1] <= x < cell[2]:
                cell = _cell(grid, x, y)
                held = cells.setdefault(cell, [])
                if held and held[-1].x1 <= g.x0 and held[-1].text.strip():
                    # the fragment goes on the line of one before it in the cell: a
                    # gap wide enough to part fragments parts words
                    held.append(_space(held[-1], g.x0))
            held.append(g)
            lines.setdefault(cell, set()).add(round(f.base))
    if any(len(bases) > S.cell_lines for bases in lines.values()):
        return None
    rows: dict[float, list[tuple[float, float, list[Glyph]]]] = {}
    for (top, left, right), glyphs in cells.items():
        rows.setdefault(top, []).append((left, right, glyphs))
    out = []
    for top in sorted(rows):
        cut = [Fragment(page=page, glyphs=cell_glyphs(glyphs, left, right, words))
               for left, right, glyphs in sorted(rows[top]) if any(g.text.strip() for g in glyphs)]
        if cut:
            out.append(Line(fragments=cut, page=page, column=(grid.box[0], grid.box[2]),
                            ruled=True))
    return out


def _space(before: Glyph, until: float) -> Glyph:
    return Glyph(" ", before.x1, until, before.top, before.bottom, before.size, before.family,
                 before.bold, before.italic, None, base=before.base)


def _cell(grid: Grid, x: float, y: float) -> tuple[float, float, float]:
    """The (top, left, right) of the cell that holds the point: the nearest rules above
    it across it, and either side of it down past it."""
    reach = S.rule_reach
    down = [r.at for r in grid.down if r.start - reach <= y <= r.end + reach]
    left = max((at for at in down if at <= x), default=grid.box[0])
    right = min((at for at in down if at > x), default=grid.box[2])
    top = max((r.at for r in grid.across if r.at <= y and r.start - reach <= x
               <= r.end + reach), default=grid.box[1])
    return _row_key(top), left, right


def _row_key(top: float) -> int:
    """The height of a rule as the row it tops is known by: rules drawn a cell at a time
    stand a rounding apart."""
    return round(top / S.rule_reach)


def place_tables(lines: list[Line], tables: list[tuple[Grid, list[Line]]]) -> list[Line]:
    """The page's lines in reading order with each table's rows put in: before the
    first line below the table's top that stands across from it (in its column)."""
    for grid, rows in tables:
        x0, top, x1, _bottom = grid.box
        across = [k for k, line in enumerate(lines) if line.x0 < x1 and line.x1 > x0]
        above = [k for k in across if lines[k].base <= top]
        at = next((k for k in across if lines[k].base > top), None)
        if at is None:  # nothing under it in its column: after the column's last line,
            # or, alone in it, before the columns to its right
            at = above[-1] + 1 if above else next(
                (k for k, line in enumerate(lines) if line.x0 >= x1), len(lines))
        # a table that opens its column: a header row there may repeat the page before's
        rows[0].first_in_column = not any(k < at for k in across)
        lines[at:at] = rows
    return lines
