"""Tables in a PDF's flow: which lines are rows, and which line holds the wrapped rest
of the row above it. A PDF has no cells, only fragments of text on a line; a table shows
itself by its columns, which line up from row to row, and a cell too narrow for its text
wraps onto lines of its own under the cell's start, closer than the rows are spaced."""
from __future__ import annotations

from .glyphs import Fragment, Glyph
from .labels import is_label
from .lines import Line
from .settings import SETTINGS as S


def row_lines(lines: list) -> set[int]:
    """Which of the lines (paragraph facts: `.line`, `.text`, `.size`, its edges and
    baseline, and `.refresh()` to read those again once recut) are table rows:
    fragments far apart, or a narrower gap apart where they line up with the line
    above or below, fragment for fragment (a table's columns). A list's labels set
    apart from their text are not cells."""
    ruled = {k for k, f in enumerate(lines) if f.line.ruled}  # (their cells are drawn)
    rows = {k for k, f in enumerate(lines) if k not in ruled and _far_apart(f)
            and not _labelled(f)}
    _settle_cells(lines, rows)  # the cells of the rows far apart guide the lines under them
    for k, f in enumerate(lines):
        if k in rows or k in ruled:
            continue
        j = _row_above(lines, k, rows)
        above = lines[j] if j is not None else None
        under = above is not None and _same_cells(f, above, reach=S.under_row)
        if above is not None and not under and not _stands_below(lines, k, j, rows) \
                and _split_at_cells(f, above):
            rows.add(k)
        elif len(f.line.fragments) > 1 and not is_label(f.line.fragments[0].text) and (
                under or any(_same_cells(f, lines[j])
                             for j in (k - 1, k + 1) if 0 <= j < len(lines))):
            rows.add(k)
    _settle_cells(lines, rows)
    return rows | ruled


def _labelled(f) -> bool:
    """A rule's number or a list's mark at a tab stop before its text: two fragments,
    the first a label (labels.py), is a line of text, not a row of two cells."""
    frags = f.line.fragments
    return len(frags) == 2 and is_label(frags[0].text)


def _row_above(lines: list, k: int, rows: set[int]) -> int | None:
    """The index of the table row right above line `k`, over up to wrapped_lines lines
    of its cells' wrapped text (each starting at one of the row's cells)."""
    between = []
    for j in range(k - 1, max(k - 2 - S.wrapped_lines, -1), -1):
        if j in rows:
            starts = [c.x0 for c in lines[j].line.fragments]
            wrapped = all(any(abs(p.x0 - x) <= S.cell_aligned * w.size for x in starts)
                          for w in between for p in w.line.fragments)
            return j if wrapped else None
        between.append(lines[j])
    return None


def _stands_below(lines: list, k: int, j: int, rows: set[int]) -> bool:
    """Does line `k`, or a line between it and row `j`, stand further below the line
    above it than the rows of the table ending in row `j` stand from one another? A
    heading after a table does, whose words may happen to start under the table's
    columns; the table's next row, or the wrapped text of its cells, does not."""
    steps = []  # down the table: from row to row, over lines of wrapped cells
    first = j
    while first > 0 and _same_column(lines[first], lines[first - 1]) and \
            any(first - d in rows for d in range(1, S.wrapped_lines + 2)):
        steps.append(lines[first].base - lines[first - 1].base)
        first -= 1
    if not steps or not all(_same_column(lines[i], lines[j]) for i in range(j + 1, k + 1)):
        return False
    widest = max(steps) * (1 + S.row_slack)
    return any(lines[i].base - lines[i - 1].base > widest
               for i in range(j + 1, k + 1))


def _same_column(a, b) -> bool:
    """Are two lines on one page, in one column?"""
    return a.line.page == b.line.page and a.line.column == b.line.column


def _split_at_cells(f, row) -> bool:
    """Cut a line right under a table row into the row's cells (see _recut). Returns
    whether the line now has the row's cells."""
    cells = row.line.fragments
    if not _same_column(f, row) or f.base - row.base > S.under_row * f.size:
        return False
    return _recut(f, [c.x0 for c in cells])


def _settle_cells(lines: list, rows: set[int]) -> None:
    """Give each row of a table the table's cells: the starts most of its rows share.
    A row far apart may still have read a narrow gap between two cells as a word space,
    or the spread words of a justified cell as cells of their own."""
    run: list[int] = []
    for k in sorted(rows) + [None]:
        if k is not None and run and k - run[-1] <= S.wrapped_lines + 1 \
                and _same_column(lines[k], lines[run[-1]]):
            run.append(k)
            continue
        if len(run) >= 2:
            starts = _shared_starts([lines[j] for j in run])
            for j in run:
                have = [c.x0 for c in lines[j].line.fragments]
                if len(starts) >= 2 and (len(have) != len(starts) or any(
                        abs(x - y) > S.cell_aligned * lines[j].size
                        for x, y in zip(have, starts))):
                    _recut(lines[j], starts)
        run = [k] if k is not None else []


def _shared_starts(rows: list) -> list[float]:
    """The starts of fragments that most rows of a table have, left to right (the words
    two justified rows happen to spread to one place are no cell)."""
    size = rows[0].size
    starts = sorted(c.x0 for f in rows for c in f.line.fragments)
    groups: list[list[float]] = []
    for x in starts:
        if groups and x - groups[-1][-1] <= S.cell_aligned * size:
            groups[-1].append(x)
        else:
            groups.append([x])
    need = len(rows) // 2 + 1
    return [min(g) for g in groups if len(g) >= need]


def _recut(f, starts: list[float]) -> bool:
    """Cut a line into cells that begin at `starts`: a cell whose text runs close to the
    next column reads as one fragment with it (the cut falls where a word starts at a
    cell's start, a space before it), and a justified cell spreads its words into
    fragments of their own, the last reaching the cell's end. Returns whether it did."""
    frags = f.line.fragments
    if abs(frags[0].x0 - starts[0]) > S.cell_aligned * f.size:
        return False
    glyphs, parted = [], set()  # the line's glyphs; where a fragment starts
    for frag in frags:
        parted.add(len(glyphs))
        glyphs.extend(frag.glyphs)
    cuts: list[int] = []
    for x in starts[1:]:
        at = [k for k in range(1, len(glyphs))
              if (k in parted or glyphs[k - 1].text == " ")
              and abs(glyphs[k].x0 - x) <= S.cell_aligned * f.size]
        if not at or cuts and at[0] <= cuts[-1]:
            return False
        cuts.append(at[0])
    ends = starts[1:] + [f.line.column[1]]
    pieces = []
    for a, b, end in zip([0] + cuts, cuts + [len(glyphs)], ends):
        piece = glyphs[a:b]
        while piece and not piece[-1].text.strip():
            piece.pop()
        if not piece:
            return False
        if any(a < k < b for k in parted) and piece[-1].x1 < end - S.cell_gap * f.size:
            return False  # words apart that do not fill their cell: not a justified one
        pieces.append(_spaced(piece, parted, a))
    f.line.fragments = [Fragment(page=f.line.page, glyphs=p) for p in pieces]
    f.refresh()
    return True


def _spaced(piece: list[Glyph], parted: set[int], offset: int) -> list[Glyph]:
    """The glyphs of a cell, with a space where one fragment of it ends and the next
    begins (the wide spaces of a justified line)."""
    out: list[Glyph] = []
    for k, g in enumerate(piece):
        if k and offset + k in parted and out[-1].text != " ":
            last = out[-1]
            out.append(Glyph(" ", last.x1, g.x0, last.top, last.bottom, last.size,
                             last.family, last.bold, last.italic, None))
        out.append(g)
    return out


def _far_apart(f) -> bool:
    """Cells far apart; not the words of a justified line in a narrow column, spread
    evenly across it."""
    frags = f.line.fragments
    gaps = [b.x0 - a.x1 for a, b in zip(frags, frags[1:])]
    if not gaps or max(gaps) < S.cell_gap * f.size:
        return False
    even = max(gaps) - min(gaps) <= S.cell_aligned * f.size
    return not (even and f.line.column[1] - frags[-1].x1 <= S.cell_aligned * f.size)


def _same_cells(a, b, reach: float = S.cells_reach) -> bool:
    """Two lines with their fragments at the same starts in their columns: in one
    column within `reach` ems of one another, or a table going on at the top of the
    next column, on this page or the next."""
    if len(a.line.fragments) != len(b.line.fragments) \
            or abs(a.line.page - b.line.page) > 1:
        return False
    if a.line.page != b.line.page:
        near = (b if b.line.page > a.line.page else a).line.first_in_column
    elif a.line.column == b.line.column:
        near = abs(a.base - b.base) <= reach * a.size
    else:
        near = a.line.first_in_column or b.line.first_in_column
    return near and all(abs(x - y) <= S.cell_aligned * a.size
                        for x, y in zip(_starts(a), _starts(b)))


def wraps_cells(above, row, last, f, close: bool) -> bool:
    """Is `f` the rest of the cells of `row` (printed down to `last`), wrapped? Only in a
    table (the row `above` has its cells where this row does, in its own column: a
    justified line's wide spaces do not line up), right under `last` (`close`: at the
    usual spacing), each piece within a cell, under its start, where the cell had no
    room for the piece's first word. A piece under every cell is a wrap only where the
    rows stand further apart than this line does."""
    cells = row.line.fragments
    pieces = _cell_pieces(f.line.fragments, cells)
    if len(cells) < 2 or len(pieces) > len(cells) or not close \
            or f.line.page != row.line.page or f.line.column != row.line.column \
            or len(above.line.fragments) != len(cells) \
            or not all(_under(a, c, f.size) for a, c in zip(_starts(above), _starts(row))):
        return False
    if len(pieces) == len(cells):
        apart = row.base - above.base
        if f.base - last.base >= apart - S.wrap_closer * f.size:
            return False
    ends = [c.x0 for c in cells[1:]] + [row.line.column[1]]
    for piece in pieces:
        at = [k for k, c in enumerate(cells) if _under(piece.x0, c.x0, f.size)]
        if not at:
            return False
        end = ends[at[0]]
        # what the cell holds on the line before: the last line's piece there, if any
        held = [p for p in last.line.fragments if _under(p.x0, cells[at[0]].x0, f.size)]
        if not held:
            return False  # a cell left empty above does not wrap into this line
        if piece.x1 > end:
            return False  # it runs on past the next cell's start: a row of its own
        word = next((g.x0 for g in piece.glyphs if not g.text.strip()), piece.x1) - piece.x0
        if held[0].x1 + S.cell_space * f.size + word < end - S.fragment_gap * f.size:
            return False  # the word would have fitted: a new row with a cell left empty
    return True


def _under(x: float, start: float, size: float) -> bool:
    """Does a piece of a line that starts at `x` stand under a cell that starts at
    `start` (cell_start ems of `size` from it)?"""
    return abs(x - start) < S.cell_start * size


def _starts(f) -> list[float]:
    """Where a line's fragments start, from its column's edge: a table that goes on in
    the next column keeps its cells there."""
    return [c.x0 - f.line.column[0] for c in f.line.fragments]


def _cell_pieces(frags: list[Fragment], cells: list[Fragment]) -> list[Fragment]:
    """A line's fragments with those that start inside a cell, not at its start, joined
    to the one before them: the words of a justified line in a cell, spread apart."""
    out: list[Fragment] = []
    for frag in frags:
        if out and not any(_under(frag.x0, c.x0, frag.size) for c in cells):
            out[-1] = Fragment(page=frag.page, glyphs=_spaced(
                out[-1].glyphs + frag.glyphs, {len(out[-1].glyphs)}, 0))
        else:
            out.append(frag)
    return out


def with_wrapped_cells(row, f) -> Line:
    """The row's line with each wrapped piece added to the end of its cell."""
    cells = []
    for cell in row.line.fragments:
        glyphs = list(cell.glyphs)
        for piece in _cell_pieces(f.line.fragments, row.line.fragments):
            if _under(piece.x0, cell.x0, f.size):
                last = glyphs[-1]
                glyphs.append(Glyph(" ", last.x1, piece.x0, last.top, last.bottom, last.size,
                                    last.family, last.bold, last.italic, None))
                glyphs.extend(piece.glyphs)
        cells.append(Fragment(page=cell.page, glyphs=glyphs))
    return Line(fragments=cells, page=row.line.page, column=row.line.column,
                first_in_column=row.line.first_in_column)
