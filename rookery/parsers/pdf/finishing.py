"""A block's text, as the block builder (paragraphs.py) finishes it: its lines joined as
their breaks say (a space, a forced break, a word broken at a hyphen or a compound kept
whole), the bullet that marks an item left out, whether it is set apart throughout, its
change marks (red spans) and the name its first line gives it."""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from ..blocks import BULLETS, Block
from ..lexicon import Lexicon
from ..normalize import normalize
from . import repair
from .glyphs import Glyph, is_red, text_runs
from .lines import LineBlock, TextLine

# glyphs that only mark a list item (the HTML of the same list has none); a glyph the
# PDF maps to no text, alone before the words, is one too (a bullet in a symbol font)
BULLET = re.compile(rf"^(?:[{BULLETS}*]+\s*|\ufffd\s+)")
BULLET_STARTS = frozenset(BULLETS + "*\ufffd")  # what BULLET's match starts with


def finish(b: LineBlock, kind: str, levels,
           vocabulary: tuple[Counter, Counter, Callable[[], Lexicon | None]],
           soft: bool) -> tuple[Block, str, list[tuple[int, int]]]:
    """The block, and its raw text and red spans, which build_blocks normalizes into
    the block's text and marks."""
    # every word printed, those printed whole for certain, and the language's words
    words, free, lexicon = vocabulary
    raw: list[str] = []  # the block's text, a line (or a join) a part
    flags: list[tuple[bool, bool, bool]] = []  # bold, italic, red per character of it
    marked = False  # any red
    for k, f in enumerate(b.lines):
        glyphs = _strip_bullet(f)  # a bullet only marks a line as an item
        if k > 0:
            join = b.joins[k - 1]
            if join == "-":
                # the hyphen already ends the previous line; drop it for a soft break
                if not b.lines[k - 1].keeps_hyphen and not repair.keeps_hyphen(
                        *repair.split_word(b.lines[k - 1].text, f.text), words, soft,
                        heading=kind == "heading", free=free, lexicon=lexicon):
                    _drop_last_character(raw)
                    flags.pop()
            else:
                raw.append(" " if kind == "heading" else join)
                flags.append(flags[-1] if flags else (False, False, False))
        text, runs = text_runs(glyphs)
        raw.append(text)
        for count, bold, italic, colour in runs:
            red = is_red(colour)
            marked = marked or red
            flags.extend([(bold, italic, red)] * count)
    raw_text = "".join(raw)
    first = b.lines[0]
    # set apart throughout: a name over a question set apart too (small capitals) is so
    emphasized = first.apart and (not b.lead or all(f.apart for f in b.lines[1:])) \
        or _all_emphasized(raw_text, flags)
    block = Block(kind="para" if kind == "row" else kind, text="", emphasized=emphasized,
                  level=levels.get(first.style, 0) if kind == "heading" else 0,
                  lead=_lead(raw_text) if b.lead else None)
    # (most blocks have no change marks: no pass over their characters to look for one)
    return block, raw_text, _runs([fl[2] for fl in flags]) if marked else []


def _drop_last_character(parts: list[str]) -> None:
    while not parts[-1]:
        parts.pop()
    parts[-1] = parts[-1][:-1]


def _all_emphasized(raw: str, flags) -> bool:
    letters = False
    for ch, fl in zip(raw, flags):
        if ch.isalnum():
            if not (fl[0] or fl[1]):
                return False  # a letter in roman type: most paragraphs, at once
            letters = True
    return letters


def _strip_bullet(f: TextLine) -> list[Glyph]:
    """The line's glyphs after the bullet that opens it, if one does."""
    glyphs = f.glyphs
    if f.text[:1] not in BULLET_STARTS:
        return glyphs  # most lines: no bullet can start them (their text opens as they do)
    text = "".join([g.text for g in glyphs])
    m = BULLET.match(text)
    return glyphs[m.end():] if m else glyphs


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    if True not in flags:
        return []
    spans, start = [], None
    for k, on in enumerate(flags + [False]):
        if on and start is None:
            start = k
        elif not on and start is not None:
            spans.append((start, k))
            start = None
    return spans


def _lead(raw: str) -> str | None:
    """The name line of a block that goes on after it."""
    cut = raw.find("\n")
    return normalize(raw[:cut])[0] or None if cut > 0 else None
