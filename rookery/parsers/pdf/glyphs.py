"""From pdfplumber's character dicts to small typed glyphs, and on to line fragments.

A fragment is a run of glyphs on one baseline with no gap wider than about an em: the
piece of a printed line that lies within one column. Fragments, not whole baselines,
are what column detection looks at, since two columns share their baselines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..color import is_strong_red

_SUBSET = re.compile(r"^[A-Z]{6}\+")
_BOLD = re.compile(r"bold|black|heavy|semibold|demibold|extrabold|ultrabold", re.I)
_ITALIC = re.compile(r"italic|oblique|slanted", re.I)
_CID = re.compile(r"^\(cid:(\d+)\)$")
UNKNOWN = "\ufffd"  # a glyph the PDF gives no text for (an unmapped ligature, usually)


@dataclass(slots=True)
class Glyph:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    family: str
    bold: bool
    italic: bool
    red: bool
    cid: int | None = None  # the glyph id when the PDF gives no text for it


@dataclass
class Fragment:
    """Glyphs on one baseline, within one column."""

    page: int
    glyphs: list[Glyph]
    x0: float = 0.0
    x1: float = 0.0
    top: float = 0.0
    bottom: float = 0.0
    size: float = 0.0
    text: str = ""

    def __post_init__(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        g = self.glyphs
        self.x0 = min(c.x0 for c in g)
        self.x1 = max(c.x1 for c in g)
        self.top = min(c.top for c in g)
        self.bottom = max(c.bottom for c in g)
        sizes: dict[float, int] = {}
        for c in g:
            if c.text.strip():
                sizes[c.size] = sizes.get(c.size, 0) + 1
        self.size = max(sizes, key=sizes.get) if sizes else g[0].size
        self.text = "".join(c.text for c in g).strip()


def font_family(fontname: str) -> str:
    """"ABCDEF+LiberationSerif-BoldItalic" → "liberationserif"."""
    name = _SUBSET.sub("", fontname or "")
    base = re.split(r"[-,]", name, maxsplit=1)[0]
    base = re.sub(r"(?i)(bold|italic|oblique|regular|roman|book|medium|light|mt|ps)+$", "", base)
    return base.lower() or name.lower()


def to_rgb(color) -> tuple[float, float, float] | None:
    """pdfplumber's fill colour (grey, RGB or CMYK tuple) as RGB, when it is a colour."""
    if not isinstance(color, (tuple, list)) or not all(isinstance(v, (int, float)) for v in color):
        return None
    if len(color) == 1:
        return (color[0],) * 3
    if len(color) == 3:
        return tuple(color)  # type: ignore[return-value]
    if len(color) == 4:
        c, m, y, k = color
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return None


def glyphs_of(chars: list[dict]) -> list[Glyph]:
    styles: dict = {}
    out = []
    for ch in chars:
        if not ch.get("upright", True):
            continue  # rotated text: stamps and margin notes, not the document's flow
        text = ch["text"]
        cid = None
        m = _CID.match(text)
        if m:
            text, cid = UNKNOWN, int(m.group(1))
        key = (ch["fontname"], ch["non_stroking_color"] if isinstance(
            ch["non_stroking_color"], (tuple, list, type(None))) else str(ch["non_stroking_color"]))
        style = styles.get(key)
        if style is None:
            name = _SUBSET.sub("", ch["fontname"] or "")
            rgb = to_rgb(ch["non_stroking_color"])
            style = styles[key] = (font_family(name), bool(_BOLD.search(name)),
                                   bool(_ITALIC.search(name)), bool(rgb and is_strong_red(rgb)))
        family, bold, italic, red = style
        out.append(Glyph(text=text, x0=ch["x0"], x1=ch["x1"], top=ch["top"],
                         bottom=ch["bottom"], size=round(ch["size"], 1), family=family,
                         bold=bold, italic=italic, red=red, cid=cid))
    return out


def fragments(glyphs: list[Glyph], page: int) -> list[Fragment]:
    """Group a page's glyphs into fragments (see the module doc)."""
    rows: list[list[Glyph]] = []
    for g in sorted(glyphs, key=lambda g: (g.bottom, g.x0)):
        if rows and abs(g.bottom - rows[-1][-1].bottom) <= 0.3 * max(g.size, 1.0):
            rows[-1].append(g)
        else:
            rows.append([g])
    out = []
    for row in rows:
        row.sort(key=lambda g: g.x0)
        current: list[Glyph] = []
        last_ink = None  # the last glyph that is not a space
        for g in row:
            if current and last_ink is not None and g.text.strip() \
                    and g.x0 - last_ink.x1 > 0.9 * max(g.size, last_ink.size):
                out.append(current)
                current = []
            if current or g.text.strip():
                current.append(_spaced(current, g))
            if g.text.strip():
                last_ink = g
        if current:
            out.append(current)
    return [Fragment(page=page, glyphs=_trim(f)) for f in out if any(c.text.strip() for c in f)]


def _spaced(current: list[Glyph], g: Glyph) -> Glyph:
    """Producers that position words without space glyphs leave only a gap: restore it."""
    if current and g.text.strip() and current[-1].text.strip():
        prev = current[-1]
        if g.x0 - prev.x1 > 0.2 * max(g.size, prev.size):
            current.append(Glyph(" ", prev.x1, g.x0, prev.top, prev.bottom, prev.size,
                                 prev.family, prev.bold, prev.italic, prev.red))
    return g


def _trim(glyphs: list[Glyph]) -> list[Glyph]:
    while glyphs and not glyphs[-1].text.strip():
        glyphs = glyphs[:-1]
    return glyphs
