"""Running headers, footers and page numbers: what repeats at the same place on most pages.

Nothing here knows a string or a coordinate. A fragment is furniture when it is among the
outermost lines of its page and a fragment with the same text (digits aside, so page
numbers match) sits at the same height on at least half of the pages, set at the same
left edge, centre or right edge, or in the mirrored place (the outer corner of facing
pages: right on odd pages, left on even ones).
"""
from __future__ import annotations

import re
from collections import defaultdict

from .glyphs import Fragment

EDGE_LINES = 3  # how many lines from the top and bottom of a page may be furniture
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
        tops = sorted({round(f.top) for f in frags})
        edge = set(tops[:EDGE_LINES] + tops[-EDGE_LINES:])
        for f in frags:
            if round(f.top) in edge:
                by_key[furniture_key(f.text)].append((index, f))
    need = max(2, (len(pages) + 1) // 2)
    doomed, texts = set(), []
    for members in by_key.values():
        if len({index for index, _f in members}) < need:
            continue
        for group in _same_height(members):
            placed = [(i, f) for i, f in group
                      if any(j != i and _aligned(f, g, widths[i], widths[j]) for j, g in group)]
            if len({i for i, _f in placed}) >= need:
                doomed.update(id(f) for _i, f in placed)
                texts.append(placed[0][1].text)
    cleaned = [[f for f in frags if id(f) not in doomed] for frags in pages]
    return cleaned, texts


def _same_height(members: list[tuple[int, Fragment]]):
    """Runs of fragments whose tops lie within a third of their size of each other."""
    members = sorted(members, key=lambda m: m[1].top)
    group = [members[0]]
    for m in members[1:]:
        if m[1].top - group[-1][1].top <= max(2.0, 0.3 * m[1].size):
            group.append(m)
        else:
            yield group
            group = [m]
    yield group


def _aligned(a: Fragment, b: Fragment, width_a: float, width_b: float) -> bool:
    """Same left edge, centre or right edge, or mirrored across facing pages."""
    tolerance = max(3.0, 0.3 * max(a.size, b.size))
    if (abs(a.x0 - b.x0) <= tolerance or abs(a.x1 - b.x1) <= tolerance
            or abs((a.x0 + a.x1) - (b.x0 + b.x1)) / 2 <= tolerance):
        return True
    width = width_a or width_b
    return width > 0 and abs(a.x0 - (width - b.x1)) <= tolerance
