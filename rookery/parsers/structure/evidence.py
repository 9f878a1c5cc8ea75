"""What tells a run of lines that repeat later headings for a contents list, rather than
the document's own text that repeats them (a points list, a list or a table printed
twice): the entries name headings of their own, in the document's order, with text
under them or pages after them. contents.py finds the runs; this judges each."""
from __future__ import annotations

import bisect

from ..blocks import Block


def lists(blocks: list[Block], lines: list[list[tuple[list[str], int | None]]],
          where: dict[str, list[int]], end: int) -> bool:
    """Does a run of blocks (each a list of lines, each the keys it names and the page
    it gives) give the evidence of a contents list that ends at block `end`? Most of its
    entries name a heading that the document sets after it no more than once beyond the
    times the list names it (a value the body repeats, "1 model", is no heading of its
    own); its lines name their headings in the order the document sets them; and those
    headings head text of their own, not one right after the other as a copy of the run
    would be, unless the lines give pages (a draft's empty headings). Numbers after its
    entries that go back are no pages (points, prices): then it is a priced list; and a
    run that holds lines of text the body sets again is the body's own text. (`where`:
    the blocks that set each key, last first.)"""
    entries = [key for block in lines for keys, _page_number in block for key in keys]
    run = blocks[end + 1 - len(lines):end + 1]
    if not entries:
        return False
    copied = {block.text for block in run if "\n" in block.text.strip()}
    if copied and any(block.text in copied for block in blocks[end + 1:]):
        return False  # it holds text the body sets again: the body's own, not a list
    after = {key: [j for j in reversed(where.get(key, [])) if j > end] for key in entries}
    own = sum(0 < len(after[key]) <= entries.count(key) + 1 for key in entries)
    # each line's first entry: entries side by side run across the columns of a list
    firsts = [after[keys[0]][0] for block in lines for keys, _page_number in block
              if keys and after[keys[0]]]
    together = sum(0 <= b - a <= 1 and "\n" not in blocks[a].text.strip()
                   for a, b in zip(firsts, firsts[1:]))
    pages = [page for block in lines for keys, page in block if keys and page is not None]
    if pages and 2 * len(pages) >= len(firsts) and _rising(pages) < len(pages) - 1:
        return False  # numbers that go back are no pages: points, prices (a priced list)
    paged = bool(pages) and 2 * len(pages) >= len(firsts)
    return 2 * own > len(entries) and 2 * _rising(firsts) > len(firsts) \
        and (paged or 2 * together <= max(len(firsts) - 1, 0))


def page_after(key: str, bare: str, later: set[str]) -> int | None:
    """The page a contents line gives after the heading it names, if it names one so."""
    if key in later or bare == key or bare not in later:
        return None
    number = key[len(bare):].strip()
    return int(number) if number.isdigit() else None


def _rising(values: list[int]) -> int:
    """The length of the longest run of `values`, not necessarily adjacent, that never
    falls."""
    tails: list[int] = []  # tails[n]: the least last value of such a run of n + 1
    for value in values:
        at = bisect.bisect_right(tails, value)
        tails[at:at + 1] = [value]
    return len(tails)
