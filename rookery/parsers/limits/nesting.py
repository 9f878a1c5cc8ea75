"""How deep a web page nests, and the page with elements past a depth standing beside
each other instead of inside one another, as a browser's own parser builds it.

A page that opens a <div> per FAQ entry and never closes one is nested as deep as it has
entries; a browser shows it fine (Blink attaches elements past 512 levels beside the
deepest one), but the HTML5 tree builder's scope checks walk every open element for
each new one, so parsing it takes time in the square of its depth, and lxml keeps
nothing past its depth cap. One linear scan of the tags measures the depth; only a page
deeper than the bound is rewritten, closing the deepest open element before the next
one opens, so every word and every block stays, in order.

The scan follows HTML closely enough to count depth: comments, declarations, raw text
(scripts, styles, titles) and quoted attributes are skipped; void and self-closed
elements and those whose end tag may be left out (p, li, td, ...) open no level; an end
tag closes the most recent open element of its name.
"""
from __future__ import annotations

import re
from typing import NamedTuple

# elements that never hold others, and those a sibling closes: they add no depth
FLAT = frozenset("""area base br col embed hr img input keygen link meta param source track
wbr frame basefont bgsound image html head body p li dt dd option optgroup tr td th thead
tbody tfoot colgroup caption rb rt rtc rp""".split())
RAW = frozenset("script style textarea title xmp iframe noembed noframes noscript".split())
_RAW_ENDS = {name: re.compile(rf"</{name}[\s/>]", re.I) for name in RAW}
_TAG = re.compile(r"""<!--.*?(?:-->|\Z)|<![^>]*>?|<\?[^>]*>?|<(/?)([a-zA-Z][^\s/>]*)"""
                  r"""((?:[^>"']|"[^"]*"|'[^']*')*)>""", re.S)


class Flattened(NamedTuple):
    text: str  # the page, no element opened past the bound
    depth: int  # how deep the page itself nests
    elements: int  # its start tags


def flatten(text: str, bound: int) -> Flattened:
    """`text` with no element opened deeper than `bound` (counted as the module doc says),
    with the depth the page itself reaches and its number of elements. A page within the
    bound comes back as it is."""
    deepest, elements, edits = _scan(text, bound)
    if not edits:
        return Flattened(text, deepest, elements)
    out, at = [], 0
    for start, end, replacement in edits:
        out.append(text[at:start])
        out.append(replacement)
        at = end
    out.append(text[at:])
    return Flattened("".join(out), deepest, elements)


def _scan(text: str, bound: int) -> tuple[int, int, list]:
    """(the page's own deepest depth, its start tags, edits): each edit (start, end,
    replacement) closes the deepest open element before a start tag past `bound`, or
    drops the end tag of an element closed that way. One pass: the page's own depth is
    the elements open here and those closed early whose end has not come."""
    stack: list[tuple[str, int]] = []  # (name, order opened) of the open elements
    closed_early: dict[str, list[int]] = {}  # name → order opened, of those closed early
    open_by_name: dict[str, list[int]] = {}
    deepest, order, elements, early, edits = 0, 0, 0, 0, []
    at = 0
    while (m := _TAG.search(text, at)) is not None:
        at = m.end()
        name = m.group(2)
        if name is None:
            continue  # a comment or declaration
        name = name.lower()
        if m.group(1):  # an end tag: closes the latest open element of its name
            latest = open_by_name.get(name)
            closed = closed_early.get(name)
            if closed and (not latest or closed[-1] > latest[-1]):
                closed.pop()
                early -= 1
                edits.append((m.start(), m.end(), ""))
                continue
            if latest:
                while stack:
                    top, _ = stack.pop()
                    open_by_name[top].pop()
                    if top == name:
                        break
            continue
        elements += 1
        if name in RAW:
            end = _RAW_ENDS[name].search(text, at)
            at = end.start() if end is not None else len(text)
            continue
        if name in FLAT or m.group(3).endswith("/"):  # (self-closing, as in SVG)
            continue
        order += 1
        if len(stack) >= bound:  # past the bound: the deepest closes, this stands beside it
            top, opened = stack.pop()
            open_by_name[top].pop()
            closed_early.setdefault(top, []).append(opened)
            early += 1
            edits.append((m.start(), m.start(), f"</{top}>"))
        stack.append((name, order))
        open_by_name.setdefault(name, []).append(order)
        deepest = max(deepest, len(stack) + early)
    return deepest, elements, edits
