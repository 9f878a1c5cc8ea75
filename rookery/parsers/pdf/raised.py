"""Raised type (an ordinal's "th", a footnote's mark) joined to the line it is raised in.

A superscript stands on a baseline of its own, so the grouping into fragments
(glyphs.py), which takes a row to be the glyphs of one baseline, leaves it a fragment
apart: a line of its own between two lines of the paragraph, in type unlike the body's,
read as a heading that cut the paragraph in two. A word in type smaller than the glyph
it touches, standing above that glyph's baseline and within its line's height, is that
line's.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import replace

from .glyphs import Fragment, Glyph
from .settings import SETTINGS as S


def join_raised(fragments: list[Fragment]) -> list[Fragment]:
    """A page's fragments with each raised word put in the fragment whose glyph it
    touches (see the module doc); a fragment of raised words on one baseline ("st",
    "nd" in "1st, 2nd") gives each its own."""
    if len(fragments) < 2:
        return fragments
    largest = max(f.size for f in fragments)
    hosts = sorted(fragments, key=lambda f: f.base)
    bases = [f.base for f in hosts]
    emptied: set[int] = set()
    for f in fragments:
        if f.size > S.raised_size * largest:
            continue  # nothing on the page is set large enough for it to be raised in
        kept: list[Glyph] = []
        for word in _words(f.glyphs):
            ink = [g for g in word if g.text.strip()]
            piece = Fragment(f.page, ink)
            near = hosts[bisect_left(bases, piece.base):bisect_right(bases, piece.bottom
                                                                      + piece.size)]
            host = _host(piece, near, emptied, f)
            if host is None:
                kept += word
                continue
            top, bottom = host.top, host.bottom  # the line's height is its own type's
            host.glyphs = sorted(_spaces_after(host.glyphs, piece) + ink, key=lambda g: g.x0)
            host.refresh()
            host.top, host.bottom = top, bottom
        if len(kept) < len(f.glyphs):
            if any(g.text.strip() for g in kept):
                f.glyphs = kept
                f.refresh()
            else:
                emptied.add(id(f))
    return [f for f in fragments if id(f) not in emptied] if emptied else fragments


def _words(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """The glyphs cut at their spaces (a space goes with the word before it)."""
    words: list[list[Glyph]] = [[]]
    for g in glyphs:
        words[-1].append(g)
        if not g.text.strip():
            words.append([])
    return [w for w in words if any(g.text.strip() for g in w)]


def _host(f: Fragment, near: list[Fragment], emptied: set[int],
          own: Fragment) -> Fragment | None:
    """The fragment the word `f` is raised in: one of larger type with a glyph that ends
    where `f` starts, whose baseline is below `f`'s and whose box `f` stays within."""
    for other in near:
        if other is own or id(other) in emptied or other.size * S.raised_size < f.size \
                or not other.x0 < f.x0 <= other.x1 + S.raised_touch * f.size:
            continue
        before = _glyph_before(other.glyphs, f.x0)
        if before is not None and f.base < before.baseline \
                and f.bottom > before.top and f.top >= before.top - S.same_baseline * before.size \
                and f.x0 - before.x1 <= S.raised_touch * f.size:
            return other
    return None


def _spaces_after(glyphs: list[Glyph], f: Fragment) -> list[Glyph]:
    """The host's glyphs with a word space that spans the raised type moved after it:
    the raised type ends the word before the space ("4th week", not "4 thweek")."""
    return [replace(g, x0=f.x1, x1=max(g.x1, f.x1)) if not g.text.strip()
            and g.x0 < f.x1 and g.x1 > f.x0 else g for g in glyphs]


def _glyph_before(glyphs: list[Glyph], x: float) -> Glyph | None:
    """The inked glyph that ends last of those that start before `x` (a word space
    between it and the raised word is the host's guess at the gap, not a glyph)."""
    found = None
    for g in glyphs:
        if g.x0 < x and g.text.strip() and (found is None or g.x1 > found.x1):
            found = g
    return found
