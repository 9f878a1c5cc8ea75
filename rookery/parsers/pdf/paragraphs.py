"""Lines in reading order → blocks: headings, paragraphs and list items.

Typography stands in for markup. A heading is a line set apart by its type (bold in
another family than the body, or clearly larger); heading levels rank the heading styles
by size. A paragraph ends where the line spacing opens up, where a list marker starts a
line, or where the type changes; across a column or page break it goes on when the last
line was full. Inside a block, a line that stops short of the column edge (the next word
would have fit) ends with a forced line break; a full line wraps. A word hyphenated at a
line end is kept whole in documents whose typesetter does not hyphenate (judged on the
words the document also prints unbroken); in one that does, it is joined unless the
document spells the word with a hyphen elsewhere.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ..blocks import Block
from ..normalize import normalize
from .columns import Line
from .glyphs import UNKNOWN, Glyph

_ORDINAL = re.compile(r"^(\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,6})[.)]\s")
# glyphs that only mark a list item (the HTML of the same list has none)
_BULLET = re.compile(r"^[\u2022\u25e6\u25aa\u25ab\u25a0\u25a1\u25cf\u25cb\u25c6\u25c7\u25ba"
                     r"\u25b6\u2726\u2727\u2756\u27a2\u2192\u2794\u279c*\u00b7\u2023"
                     r"\u2043\u2219\u25b8\u25b9\u27a4\uf0b7\uf0a7]+\s*")
LIGATURES = ("fi", "fl", "ff", "ffi", "ffl", "ft", "Th", "st", "ct")


@dataclass
class _Line:
    """A line with the facts the paragraph rules need."""

    line: Line
    glyphs: list[Glyph]
    text: str
    size: float
    family: str
    bold: bool
    italic: bool
    upper: bool

    @property
    def x0(self):
        return self.line.x0

    @property
    def x1(self):
        return self.line.x1


@dataclass
class _Block:
    kind: str
    lines: list[_Line] = field(default_factory=list)
    joins: list[str] = field(default_factory=list)  # between line k and k+1: " ", "\n", "-"
    style: tuple | None = None


def build_blocks(lines: list[Line]) -> list[Block]:
    facts = [_facts(line) for line in lines]
    facts = [f for f in facts if f.text]
    if not facts:
        return []
    body = _body_style(facts)
    pitch = _pitches(facts)
    raw: list[_Block] = []
    table_head = None  # the first row of the table being read
    for f in facts:
        style = _heading_style(f, body)
        prev = raw[-1] if raw else None
        if _is_row(f):
            if f.line.first_in_column and f.text == table_head:
                continue  # the table's header row, repeated after a page break
            if prev is None or prev.kind != "row":
                table_head = f.text
            raw.append(_Block(kind="row", lines=[f]))
            continue
        if prev is None or prev.kind == "row" or not _continues(prev, f, style, pitch):
            kind = "heading" if style else ("item" if _is_item_start(f) else "para")
            raw.append(_Block(kind=kind, lines=[f], style=style))
            continue
        prev.joins.append(_join(prev.lines[-1], f))
        prev.lines.append(f)
    vocabulary = _vocabulary(facts)
    repair_ligatures(facts, vocabulary)
    levels = _heading_levels([b.style for b in raw if b.style])
    soft = _hyphen_policy(raw, vocabulary)
    return [_finish(b, levels, vocabulary, soft) for b in raw]


# ---------------------------------------------------------------- line facts

def _facts(line: Line) -> _Line:
    glyphs: list[Glyph] = []
    for frag in line.fragments:
        if glyphs:
            g = glyphs[-1]
            glyphs.append(Glyph(" ", g.x1, frag.x0, g.top, g.bottom, g.size, g.family,
                                g.bold, g.italic, g.color))
        glyphs.extend(frag.glyphs)
    ink = [g for g in glyphs if g.text.isalnum() or g.text == UNKNOWN]
    sizes = Counter(g.size for g in ink or glyphs)
    families = Counter(g.family for g in ink or glyphs)
    text = "".join(g.text for g in glyphs).strip()
    letters = [c for c in text if c.isalpha()]
    return _Line(line=line, glyphs=glyphs, text=text, size=sizes.most_common(1)[0][0],
                 family=families.most_common(1)[0][0],
                 bold=bool(ink) and all(g.bold for g in ink),
                 italic=bool(ink) and all(g.italic for g in ink),
                 upper=len(letters) > 1 and all(c.isupper() for c in letters))


def _body_style(facts: list[_Line]) -> tuple[str, float]:
    """The type most letters are set in (any glyphs, for a text without letters)."""
    glyphs = [g for f in facts for g in f.glyphs if g.text.strip()]
    count = Counter((g.family, g.size) for g in glyphs if g.text.isalnum()) or \
        Counter((g.family, g.size) for g in glyphs)
    return count.most_common(1)[0][0]


def _pitches(facts: list[_Line]) -> dict[float, float]:
    """The usual distance between baselines of consecutive lines, per type size."""
    seen: dict[float, Counter] = {}
    for a, b in zip(facts, facts[1:]):
        if b.line.page == a.line.page and not b.line.first_in_column and a.size == b.size:
            delta = round(b.line.bottom - a.line.bottom, 1)
            if 0 < delta < 3 * a.size:
                seen.setdefault(a.size, Counter())[delta] += 1
    return {size: min(d for d, n in c.items() if n >= max(1, 0.2 * c.most_common(1)[0][1]))
            for size, c in seen.items()}


def _heading_style(f: _Line, body: tuple[str, float]) -> tuple | None:
    family, size = body
    if not any(c.isalpha() for c in f.text):
        return None
    larger = f.size >= 1.15 * size
    set_apart = f.bold and f.size >= size - 0.1 and (f.family != family or f.size > size + 0.4)
    if larger or set_apart:
        return (round(f.size * 2) / 2, f.bold, f.family, f.upper)
    return None


def _heading_levels(styles: list[tuple]) -> dict[tuple, int]:
    """Rank heading styles: larger first, capitals before mixed case, bold before not.
    Case counts only where a style is set in capitals by design, not where one heading
    happens to be an acronym ("STR" among the glossary's terms)."""
    capitals: dict[tuple, list[bool]] = {}
    for size, bold, family, upper in styles:
        capitals.setdefault((size, bold, family), []).append(upper)
    design = {base: sum(flags) > len(flags) / 2 for base, flags in capitals.items()}
    ranked = sorted(design, key=lambda b: (-b[0], not design[b], not b[1]))
    level = {base: k + 1 for k, base in enumerate(ranked)}
    return {style: level[style[:3]] for style in set(styles)}


# ---------------------------------------------------------------- block boundaries

def _continues(block: _Block, f: _Line, style, pitch: dict[float, float]) -> bool:
    last = block.lines[-1]
    if style != block.style:
        return False
    new_column = f.line.first_in_column or f.line.page != last.line.page \
        or f.line.column != last.line.column
    if style is not None:  # a heading wraps onto a second line at the usual spacing
        return not new_column and f.line.bottom - last.line.bottom <= 1.5 * f.size
    if _is_item_start(f) and not _is_full(last, f):
        return False
    if f.size != last.size or (f.bold and not last.bold):
        return False  # a bold line after roman type names the next entry
    if new_column:
        if len(block.lines) == 1 and last.bold and not f.bold:
            return True  # a name line left alone at a column's foot introduces this text
        # otherwise carry on past a column break only a full line of the same type
        return _is_full(last, f) and f.italic == last.italic
    usual = pitch.get(f.size, 1.2 * f.size)
    return f.line.bottom - last.line.bottom <= usual + 0.12 * f.size


def _is_row(f: _Line) -> bool:
    """A table row (or tab-separated line): cells far apart on one baseline."""
    frags = f.line.fragments
    return len(frags) > 1 and max(b.x0 - a.x1 for a, b in zip(frags, frags[1:])) >= 2 * f.size


def _is_item_start(f: _Line) -> bool:
    return bool(_ORDINAL.match(f.text) or _BULLET.match(f.text))


def _first_word_width(f: _Line) -> float:
    start = f.glyphs[0].x0
    for g in f.glyphs:
        if not g.text.strip():
            return g.x0 - start
    return f.glyphs[-1].x1 - start


def _is_full(last: _Line, nxt: _Line) -> bool:
    """Would the next line's first word have fitted at the end of this one? If not, the
    line was full and the break between them is only a wrap."""
    room = last.line.column[1] - last.x1
    space = 0.3 * last.size
    return room < _first_word_width(nxt) + space


def _join(last: _Line, nxt: _Line) -> str:
    if not _is_full(last, nxt) or (last.bold and not nxt.bold):
        return "\n"  # stopped short, or a bold name line followed by its text
    if re.search(r"[^\W\d_]-$", last.text) and nxt.text[:1].islower():
        return "-"
    return " "


# ---------------------------------------------------------------- hyphenation

def _vocabulary(facts: list[_Line]) -> Counter:
    words: Counter = Counter()
    for f in facts:
        words.update(w.lower() for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", f.text))
    return words


def _split_word(a: _Line, b: _Line) -> tuple[str, str]:
    left = re.search(r"([^\W\d_]+(?:-[^\W\d_]+)*)-$", a.text)
    right = re.match(r"([^\W\d_]+(?:-[^\W\d_]+)*)", b.text)
    return (left.group(1) if left else ""), (right.group(1) if right else "")


def _hyphen_policy(blocks: list[_Block], vocabulary: Counter) -> bool:
    """Does this document hyphenate words at line ends? Judged on the words it also prints
    whole or hyphenated elsewhere; failing those, on how often lines end in a hyphen
    (a typesetter that hyphenates does it every few lines, compounds seldom fall there)."""
    soft = hard = breaks = wraps = 0
    for b in blocks:
        for k, join in enumerate(b.joins):
            wraps += join != "\n"
            if join == "-":
                breaks += 1
                left, right = _split_word(b.lines[k], b.lines[k + 1])
                whole, kept = (left + right).lower(), f"{left}-{right}".lower()
                soft += vocabulary[whole] > 0
                hard += vocabulary[kept] > 0
    if soft != hard:
        return soft > hard
    return wraps > 0 and breaks / wraps > 0.03


def _hyphen_join(a: _Line, b: _Line, vocabulary: Counter, soft: bool) -> str:
    if not soft:  # a typesetter that does not hyphenate: every line-end hyphen is a hyphen
        return "-"
    left, right = _split_word(a, b)
    whole, kept = (left + right).lower(), f"{left}-{right}".lower()
    return "-" if vocabulary[kept] > vocabulary[whole] else ""


def repair_ligatures(facts: list[_Line], vocabulary: Counter) -> None:
    """Give unmapped glyphs (PDF fonts whose ligatures have no text) the letters that turn
    the most words they sit in into words the document spells elsewhere. One glyph id is
    one ligature throughout a font, so the votes are pooled per id."""
    votes: dict[int, Counter] = {}
    for f in facts:
        for word in _words_with_unknowns(f.glyphs):
            cids = {g.cid for g in word if g.text == UNKNOWN}
            if len(cids) != 1:
                continue
            cid = cids.pop()
            for ligature in LIGATURES:
                spelled = "".join(ligature if g.text == UNKNOWN else g.text for g in word)
                if vocabulary[spelled.lower()]:
                    votes.setdefault(cid, Counter())[ligature] += 1
    choice = {cid: c.most_common(1)[0][0] for cid, c in votes.items()}
    for f in facts:
        for g in f.glyphs:
            if g.text == UNKNOWN and g.cid in choice:
                g.text = choice[g.cid]
        f.text = "".join(g.text for g in f.glyphs).strip()


def _words_with_unknowns(glyphs: list[Glyph]):
    word: list[Glyph] = []
    for g in glyphs + [None]:
        if g is not None and (g.text.isalpha() or g.text == UNKNOWN):
            word.append(g)
            continue
        if any(w.text == UNKNOWN for w in word):
            yield word
        word = []


# ---------------------------------------------------------------- finishing

def _finish(b: _Block, levels, vocabulary: Counter, soft: bool) -> Block:
    raw: list[str] = []
    flags: list[tuple[bool, bool, bool]] = []  # bold, italic, red per raw character
    for k, f in enumerate(b.lines):
        glyphs = list(f.glyphs)
        if k == 0 and b.kind == "item":
            glyphs = _strip_bullet(glyphs)
        if k > 0:
            join = b.joins[k - 1]
            if join == "-":
                # the hyphen already ends the previous line; drop it for a soft break
                if _hyphen_join(b.lines[k - 1], f, vocabulary, soft) == "":
                    raw.pop()
                    flags.pop()
            else:
                prev_flags = flags[-1] if flags else (False, False, False)
                raw.append(join)
                flags.append(prev_flags)
        for g in glyphs:
            text = "" if g.text == UNKNOWN else g.text  # an unresolved glyph: left out
            raw.extend(text)
            flags.extend([(g.bold, g.italic, g.red)] * len(text))
    raw_text = "".join(raw)
    spans = _runs([fl[2] for fl in flags])
    text, marks = normalize(raw_text if b.kind != "heading" else raw_text.replace("\n", " "), spans)
    letters = [fl for ch, fl in zip(raw_text, flags) if ch.isalnum()]
    emphasized = bool(letters) and all(fl[0] or fl[1] for fl in letters)
    return Block(kind="para" if b.kind == "row" else b.kind, text=text, marks=marks,
                 emphasized=emphasized,
                 level=levels.get(b.style, 0) if b.style else 0,
                 lead=_lead(raw_text, flags) if b.kind != "heading" else None)


def _strip_bullet(glyphs: list[Glyph]) -> list[Glyph]:
    text = "".join(g.text for g in glyphs)
    m = _BULLET.match(text)
    return glyphs[m.end():] if m else glyphs


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    spans, start = [], None
    for k, on in enumerate(flags + [False]):
        if on and start is None:
            start = k
        elif not on and start is not None:
            spans.append((start, k))
            start = None
    return spans


def _lead(raw: str, flags) -> str | None:
    """The bold first line of a block that goes on after a forced line break."""
    cut = raw.find("\n")
    if cut <= 0:
        return None
    head = [fl for ch, fl in zip(raw[:cut], flags[:cut]) if ch.isalnum()]
    tail = any(ch.isalnum() for ch in raw[cut:])
    if head and tail and all(fl[0] for fl in head):
        return normalize(raw[:cut])[0] or None
    return None
