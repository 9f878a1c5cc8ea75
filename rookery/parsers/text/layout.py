"""Text laid out as a page was (what `pdftotext -layout` writes) → blocks.

Such text keeps the page in its spaces: running heads and feet with page numbers, two
columns side by side, numbered paragraphs whose later lines hang under their text. Read
as plain text it runs columns together and takes every foot for a paragraph. Here:

* running heads and feet are the short lines that recur many times, a page number
  aside ("©Publisher   12"); the pages lie between them, and they are left out;
* a page's columns are parted at a channel of spaces that lines on both sides of it
  share and almost none cross; each column is read through before the next;
* a paragraph opens at a number or bullet, at a line set out to the left of the one
  before, after a blank line, or at a short name line after a finished sentence (a
  glossary's term); inside one, a line either wraps (the next line's first word would
  not have fitted on it) or ends with a forced break, as plain text is read (__init__.py).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ..blocks import ENDS_CLAUSE, ENDS_SENTENCE, LINE_BULLET, is_name, runs
from ..numbering import Nesting, read_label

_PAGE_NUMBER = re.compile(r"^(?:\d{1,4}|[ivxlcdm]{1,7})$", re.I)
_CHANNEL = 3  # a gutter is at least this many spaces wide
NAME_WORDS = 6  # a term line in a glossary is no longer than this
WRAP_SLACK = 0.1  # share of the measure a full line may fall short by on a character grid
BOX_SPREAD = 1.3  # a line this much longer than a box's usual one is not in the box
MIN_COLUMN = 4  # letters: the left column holds this many on most lines beside the right


@dataclass
class Row:
    """One line of one column: its text and where it stands on the page's grid."""

    text: str
    indent: int
    end: int
    gap_before: bool  # a blank line comes before it
    measure: int = 0  # where its column's lines wrap (0 until known)
    page: int = 0
    side: int = 0  # 0: the left column or the whole width; 1: the right column
    opens_page: bool = False
    closes_page: bool = False


def read(lines: list[str]) -> tuple[list[Row], list[str]] | None:
    """The text's rows (see rows) and the running heads and feet left out, or None for
    text that does not keep its page's layout and is plain text to read as such."""
    body = [line for line in lines if line.strip()]
    furniture = _furniture(body)
    if not _laid_out(body, furniture):
        return None
    return rows(lines, furniture), [line for line in body if _key(line) in furniture]


def _laid_out(body: list[str], furniture: set[str]) -> bool:
    """Does the text keep its page's layout: running feet with page numbers, or
    paragraphs with hanging indents and runs of spaces between columns?"""
    if len(body) < 20:
        return False
    indented = sum(1 for line in body if line.startswith("    ")) / len(body)
    spaced = sum(1 for line in body if re.search(r"\S {3,}\S", line)) / len(body)
    if any(_numbered_key(key) for key in furniture):
        return indented >= 0.1 or spaced >= 0.02  # page feet, and the page in its spaces
    return indented >= 0.25 and spaced >= 0.05


def _key(line: str) -> str:
    """A line as its recurrences compare: spaces collapsed, a page number at either end
    replaced by "#"."""
    words = line.split()
    if words and _PAGE_NUMBER.match(words[-1]):
        words[-1] = "#"
    elif words and _PAGE_NUMBER.match(words[0]):
        words[0] = "#"
    return " ".join(words)


def _numbered_key(key: str) -> bool:
    return key.startswith("#") or key.endswith("#")


def _furniture(body: list[str]) -> set[str]:
    """The keys of running heads and feet: short lines that recur at least half as often
    as the most frequent one does, and at least three times."""
    counts = Counter(_key(line) for line in body)
    counts = Counter({k: n for k, n in counts.items() if len(k.split()) <= 8 and n >= 3})
    if not counts:
        return set()
    most = counts.most_common(1)[0][1]
    return {k for k, n in counts.items() if n >= max(3, most // 2)}


def rows(lines: list[str], furniture: set[str]) -> list[Row]:
    """The text's lines in reading order, a column at a time, `furniture` (the keys of
    its running heads and feet) left out."""
    out: list[Row] = []
    for index, page in enumerate(_pages(lines, furniture)):
        found = _read_page(page)
        for row in found:
            row.page = index
        if found:
            found[0].opens_page = True
            found[-1].closes_page = True
        out.extend(found)
    if out:
        out[0].gap_before = True  # the document's first line opens a block
    _set_measures(out)
    _narrow_boxes(out)
    return out


def _narrow_boxes(found: list[Row]) -> None:
    """Text set in a box narrower than its column (an example beside a picture) wraps at
    the box: four or more rows at one indent that end well short of the measure, most of
    them near one another (a paragraph may end inside the box), and mostly run on
    mid-sentence (the next row opens in lower case), as wrapped prose does and a list of
    names does not."""
    for run in runs(found, _same_box):
        # the last lines of a wider paragraph before the box are not in it
        middle = sorted(row.end for row in run)[len(run) // 2]
        while len(run) > 1 and run[0].end > BOX_SPREAD * middle:
            run = run[1:]
        right = max(row.end for row in run)
        ends = [row.end for row in run[:-1]]
        near = sum(1 for end in ends if right - end <= 0.3 * (right - run[0].indent))
        if len(run) >= 4 and right - run[0].indent < 0.75 * (run[0].measure - run[0].indent) \
                and near >= 0.75 * len(ends) \
                and 2 * sum(row.text[:1].islower() for row in run[1:]) > len(run) - 1:
            for row in run:
                row.measure = right


def _same_box(a: Row, b: Row) -> bool:
    return a.page == b.page and a.side == b.side and abs(a.indent - b.indent) <= 1 \
        and not b.gap_before


def _set_measures(found: list[Row]) -> None:
    """A column wraps where its page's longest line ends, or where the document's
    columns on that side usually do, whichever is further: a page of short lines (a
    chapter's tail, a contents list) shows no measure of its own."""
    longest: dict[tuple[int, int], int] = {}
    for row in found:
        key = (row.page, row.side)
        longest[key] = max(longest.get(key, 0), row.end)
    usual = {}
    for side in {side for _page, side in longest}:
        ends = sorted(end for (_page, s), end in longest.items() if s == side)
        usual[side] = ends[len(ends) // 2]
    for row in found:
        row.measure = max(longest[row.page, row.side], usual[row.side])


def _pages(lines: list[str], furniture: set[str]) -> list[list[str]]:
    pages, current = [], []
    for line in lines:
        if line.strip() and _key(line) in furniture:
            if any(x.strip() for x in current):
                pages.append(current)
            current = []
        else:
            current.append(line)
    if any(x.strip() for x in current):
        pages.append(current)
    return pages


def _read_page(page: list[str]) -> list[Row]:
    """The page's rows: band by band (a line that crosses the gutter ends a band), the
    left column of each band before its right one."""
    cut = _gutter(page)
    out: list[Row] = []
    if cut is None:
        _add(out, page, 0)
        return out
    band: list[str] = []
    for line in page + [None]:
        crosses = line is not None and len(line) > cut and line[cut - 2:cut].strip()
        if line is None or crosses:
            if band:
                _add(out, [x[:cut] for x in band], 0)
                _add(out, [x[cut:] for x in band], cut, side=1)
                band = []
            if line is not None:
                _add(out, [line], 0)
        else:
            band.append(line)
    return out


def _add(out: list[Row], lines: list[str], offset: int, side: int = 0) -> None:
    """Rows of one column; a page or column that opens is no gap by itself (a paragraph
    may run on across it), a blank line is."""
    gap = False
    for line in lines:
        if not line.strip():
            gap = True
            continue
        stripped = line.rstrip()
        indent = len(line) - len(line.lstrip())
        out.append(Row(stripped.strip(), offset + indent, offset + len(stripped), gap,
                       side=side))
        gap = False


def _gutter(page: list[str]) -> int | None:
    """Where the page's columns part: a channel of spaces that three or more lines in a
    row have text on both sides of, with none crossing it between them (a line that
    crosses it elsewhere, a title across the page, is a band of its own); None for a
    page of one column."""
    body = [line for line in page if line.strip()]
    width = max((len(line) for line in body), default=0)
    best, best_cost = None, None
    for p in range(8, width - 4):
        run = longest = crossing = 0
        lefts = []
        for line in body:
            left, right = line[:p].strip(), line[p:].strip()
            if line[p - 1:p + _CHANNEL - 1].strip() and left and right:
                crossing += 1  # text runs through the channel: the run of columns ends
                run = 0
            elif left and right:
                run += 1
                longest = max(longest, run)
                lefts.append(sum(c.isalpha() for c in left))
        cost = (-longest, crossing)
        # a column holds words: bullets or section numbers beside text are no column
        if longest >= 3 and sorted(lefts)[len(lefts) // 2] >= MIN_COLUMN \
                and (best_cost is None or cost < best_cost):
            best, best_cost = p, cost
    if best is None:
        return None
    # cut where the right column's text starts on the lines that have both columns, so
    # no line of it loses a letter
    starts = [len(line) - len(line[best:].lstrip()) for line in body
              if line[:best].strip() and line[best:].strip()
              and not line[best - 1:best + _CHANNEL - 1].strip()]
    return min(starts) if starts else best


def paragraphs(found: list[Row]) -> list[list[Row]]:
    """Rows grouped into paragraphs (see the module doc)."""
    out: list[list[Row]] = []
    for k, row in enumerate(found):
        if not out or _opens(out[-1], row, found[k + 1] if k + 1 < len(found) else None):
            out.append([row])
        else:
            out[-1].append(row)
    return out


def _opens(para: list[Row], row: Row, nxt: Row | None) -> bool:
    prev = para[-1]
    if _foot_name(para, row):
        # a name left at a page's foot, its text atop the next: a heading over that text
        # where a blank line sets the name off, else the name line of its paragraph
        return prev.gap_before
    if row.gap_before or LINE_BULLET.match(row.text):
        return True
    if row.indent < prev.indent - 1:
        return True  # set out to the left of the line before: a new paragraph
    if read_label(row.text) is not None:
        # a number opens a paragraph, unless a line that did not end a clause wrapped
        # onto it ("...the rules in section" then "7.5.")
        return not wraps(prev, row) or bool(ENDS_CLAUSE.search(prev.text))
    if len(para) == 1 and _stands_alone(prev, row) and heading_like(prev.text) \
            and not wraps(prev, row):
        return True  # a heading after a blank line or atop a page, its text right under it
    # a term after a finished sentence, on a line of its own, its definition (or a
    # list) after it
    return bool(ENDS_SENTENCE.search(prev.text)) and name_line(row) and nxt is not None \
        and not nxt.gap_before and (bool(LINE_BULLET.match(nxt.text)) or not wraps(row, nxt))


def name_line(row: Row) -> bool:
    """A short line of words that ends like no sentence and holds no number (a date
    line is no term)."""
    return 0 < len(row.text.split()) <= NAME_WORDS and not ENDS_SENTENCE.search(row.text) \
        and not re.search(r"[,;]$", row.text) and not any(c.isdigit() for c in row.text)


def wraps(prev: Row, row: Row) -> bool:
    """Did `prev` end because the first word of `row` would not fit on it? Measured in
    characters on a grid that proportional type was laid on, a full line's length
    varies with its letters' widths, by up to WRAP_SLACK of the measure."""
    first = row.text.split()[0] if row.text.split() else ""
    return prev.end + 1 + len(first) > prev.measure * (1 - WRAP_SLACK)


def levels(paras: list[list[Row]]) -> list[tuple[str, int, list[Row]]]:
    """(kind, level, rows) per paragraph: a one-line numbered name is a heading,
    levelled by its number, as is an unnumbered one after a blank line; the rest are
    paragraphs. An unnumbered heading heads something: not a numbered name right
    after it (a contents list's subtopics before its next entry)."""
    nesting = Nesting()
    out = []
    standalone = 0  # the level of the last heading that stood alone
    for k, rows_ in enumerate(paras):
        first = rows_[0]
        after = paras[k + 1] if k + 1 < len(paras) else None
        read = read_label(first.text)
        if len(rows_) == 1 and heading_like(first.text) and read is not None and read[1]:
            out.append(("heading", nesting.level(read[0]), rows_))
        elif _led_by(paras, k) == "heading":
            # an unnumbered heading in capitals, or with a blank line under it too, stands
            # alone at the top; a name right over its text is one level under that
            nesting.reset()
            if first.text.isupper() or after is None or after[0].gap_before \
                    and not _foot_name(rows_, after[0]):
                standalone = 1
                out.append(("heading", 1, rows_))
            else:
                out.append(("heading", standalone + 1, rows_))
        elif _page_top_name(rows_) and _neighbours_are_headings(paras, k):
            out.append(("heading", standalone + 1, rows_[:1]))
            out.append(("para", 0, rows_[1:]))
        else:
            out.append(("para", 0, rows_))
    return out


def _led_by(paras: list[list[Row]], k: int) -> str | None:
    """What a paragraph opens with: "heading" for an unnumbered heading that stands
    alone over something other than a numbered name, "term" for a name on a line of its
    own over its text, None for anything else."""
    rows_ = paras[k]
    first = rows_[0]
    after = paras[k + 1] if k + 1 < len(paras) else None
    if len(rows_) == 1 and heading_like(first.text) \
            and _stands_alone(first, after[0] if after else None) \
            and after is not None and not _numbered_name(after):
        return "heading"
    if len(rows_) > 1 and name_line(first) and not wraps(first, rows_[1]):
        return "term"
    return None


def _page_top_name(para: list[Row]) -> bool:
    """A name atop a page over its text, no blank line to tell a heading from a term."""
    return _led_by([para], 0) == "term" and para[0].opens_page and not para[0].gap_before


def _neighbours_are_headings(paras: list[list[Row]], k: int) -> bool:
    """Is the nearest name-led paragraph before a heading, and the nearest after one too
    (or none)? Then a name atop a page is one more of those headings; among a
    glossary's terms it is one more term."""
    def nearest(indices) -> str | None:
        for j in indices:
            led = _led_by(paras, j)
            if led is not None and not _page_top_name(paras[j]):
                return led
        return None
    return nearest(range(k - 1, -1, -1)) == "heading" \
        and nearest(range(k + 1, len(paras))) in ("heading", None)


def _foot_name(para: list[Row], row: Row) -> bool:
    """Is `para` one name row at a page's foot, and `row` prose atop the next page?"""
    prev = para[-1]
    return prev.closes_page and row.opens_page and len(para) == 1 and name_line(prev) \
        and not heading_like(row.text) and not read_label(row.text) \
        and not LINE_BULLET.match(row.text)


def _stands_alone(row: Row, nxt: Row | None) -> bool:
    """Is the row set off as a heading is: after a blank line, or atop a page in
    capitals or over a term, a list or a rule of its own (a page may open with a
    glossary's term, over its definition, just as well)?"""
    return row.gap_before or row.opens_page and (
        row.text.isupper() or nxt is not None and (
            name_line(nxt) or bool(LINE_BULLET.match(nxt.text))
            or read_label(nxt.text) is not None))


def _numbered_name(para: list[Row]) -> bool:
    """Does the paragraph open with a section number?"""
    return read_label(para[0].text) is not None


def heading_like(text: str) -> bool:
    return is_name(text) and not LINE_BULLET.match(text)
