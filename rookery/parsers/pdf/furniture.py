"""Running headers, footers and page numbers: what repeats at the same place on most pages.

Nothing here knows a string or a coordinate. A fragment is furniture when it is among the
outermost lines of its page and a fragment with the same text (digits aside, so page
numbers match) sits at the same height on at least half of the pages.
"""
from __future__ import annotations

import re

from .glyphs import Fragment

EDGE_LINES = 3  # how many lines from the top and bottom of a page may be furniture
_DIGITS = re.compile(r"\d+")
_ROMAN = re.compile(r"^[ivxlcdm]+$", re.I)


def furniture_key(text: str) -> str:
    text = " ".join(text.split())
    return "#" if _ROMAN.match(text) else _DIGITS.sub("#", text)


def split_furniture(pages: list[list[Fragment]]) -> tuple[list[list[Fragment]], list[str]]:
    """(pages without furniture, the texts of the furniture found)."""
    if len(pages) < 2:
        return pages, []
    candidates = []  # (page index, fragment)
    for index, frags in enumerate(pages):
        tops = sorted({round(f.top) for f in frags})
        edge = set(tops[:EDGE_LINES] + tops[-EDGE_LINES:])
        candidates.extend((index, f) for f in frags if round(f.top) in edge)
    groups: list[list[tuple[int, Fragment]]] = []
    for index, frag in sorted(candidates, key=lambda c: (furniture_key(c[1].text), c[1].top)):
        key = furniture_key(frag.text)
        for group in groups:
            g_index, g_frag = group[0]
            if furniture_key(g_frag.text) == key and abs(g_frag.top - frag.top) <= 2.0 \
                    and _aligned(g_frag, frag):
                group.append((index, frag))
                break
        else:
            groups.append([(index, frag)])
    need = max(2, (len(pages) + 1) // 2)
    doomed = set()
    texts = []
    for group in groups:
        if len({index for index, _f in group}) >= need:
            doomed.update(id(f) for _i, f in group)
            texts.append(group[0][1].text)
    cleaned = [[f for f in frags if id(f) not in doomed] for frags in pages]
    return cleaned, texts


def _aligned(a: Fragment, b: Fragment) -> bool:
    """Same left edge, centre or right edge: how headers and page numbers are set."""
    tolerance = 3.0
    return (abs(a.x0 - b.x0) <= tolerance or abs(a.x1 - b.x1) <= tolerance
            or abs((a.x0 + a.x1) - (b.x0 + b.x1)) / 2 <= tolerance)
