"""The lines the PDF reader works with, from reading order to blocks: a `Line` of one
column on one baseline (columns.py makes them), a `TextLine` with the facts the
paragraph rules ask of it (its text, style, edges and the measures below, each worked
out once), and a `LineBlock` of lines the block builder (paragraphs.py) gathers."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .glyphs import Fragment, Glyph
from .labels import is_label
from .settings import SETTINGS as S
from .typography import Style


@dataclass
class Line:
    """Fragments of one column on one baseline, in reading order, with where it stands."""

    fragments: list[Fragment]
    page: int
    column: tuple[float, float]  # the x-range of the column (or band) it is read in
    first_in_column: bool = False
    small_caps: bool = False  # set in small capitals (found on it, or on the line before)
    ruled: bool = False  # a row of a table drawn with rules, a fragment a cell (rulings.py)

    @property
    def x0(self) -> float:
        return self.fragments[0].x0

    @property
    def x1(self) -> float:
        return self.fragments[-1].x1

    @property
    def base(self) -> float:
        """Where the line stands: its (lowest) baseline. Line spacing is measured from
        baseline to baseline, as type is set: the bottoms of glyph boxes move with each
        font's idea of its descent, which a program rewriting the PDF may change."""
        return max(f.base for f in self.fragments)


class once:
    """A measure worked out on first use and kept on the instance (functools'
    cached_property takes a lock each first use: the block builder makes thousands)."""

    def __init__(self, work):
        self.work, self.name = work, work.__name__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.work(obj)
        return value


class TextLine:
    """A line with the facts the paragraph rules need. Its edges, baseline and size are
    read once: the rules ask them of each line dozens of times, and none changes while
    blocks are built (a new style only changes case, a wrapped table row is a new line,
a row cut into cells is read again: see refresh)."""

    def __init__(self, line: Line, glyphs: list[Glyph], text: str, style: Style,
                 apart: bool, keeps_hyphen: bool = False):
        self.line, self.glyphs, self.text, self.style = line, glyphs, text, style
        self.apart = apart  # set apart from the body
        self.keeps_hyphen = keeps_hyphen  # it ends in a compound's hyphen, not a break's
        self.size = style.size
        self.refresh()

    def refresh(self) -> None:
        """Read the line's edges and baseline again, after its fragments were recut."""
        self.x0, self.x1, self.base = self.line.x0, self.line.x1, self.line.base

    # measures the paragraph rules ask of some lines again and again (spacing.py)
    @once
    def first_word(self) -> float:
        return first_word_width(self.glyphs)

    @once
    def word_space(self) -> float:
        return word_space(self.glyphs)

    @once
    def leaders(self) -> bool:
        return ends_in_leaders(self.text)

    @once
    def tallest(self) -> float:
        return max(g.size for g in self.glyphs)

    @once
    def hang(self) -> float | None:
        """Where the text after the label that opens the line starts ("1.1  The game
        is..."): in a hanging indent its wrapped lines come back there, not to the
        label. None for a line that opens with no label."""
        glyphs = self.glyphs
        k = 0
        while k < len(glyphs) and glyphs[k].text.strip():
            k += 1  # the first word
        if k == len(glyphs) or not is_label("".join(g.text for g in glyphs[:k])):
            return None
        while k < len(glyphs) and not glyphs[k].text.strip():
            k += 1
        return glyphs[k].x0 if k < len(glyphs) else None


@dataclass
class LineBlock:
    """Lines the block builder has gathered into one heading, paragraph, item or row."""

    kind: str  # heading | para | item | row
    lines: list[TextLine] = field(default_factory=list)
    joins: list[str] = field(default_factory=list)  # between line k and k+1: " ", "\n", "-"
    lead: bool = False  # its first line names it


def first_word_width(glyphs: list[Glyph]) -> float:
    """How wide the line's first word is: where the next line's would have had to fit."""
    start = glyphs[0].x0
    for g in glyphs:
        if not g.text.strip():
            return g.x0 - start
    return glyphs[-1].x1 - start


# "Round Sequence . . . . 5": a contents line
_LEADERS = re.compile(rf"(?:\.\s*){{{S.leader_dots},}}\S{{0,5}}$")


def ends_in_leaders(text: str) -> bool:
    """Do dot leaders fill the line to its end ("Round Sequence . . . . 5")?"""
    return text.count(".") >= S.leader_dots and _LEADERS.search(text) is not None


def next_in_column(upper, lower, size: float) -> bool:
    """Does `lower` stand right below `upper`, at its left edge: the next line of its
    column? (Lines or fragments: their `.x0` and `.base`; `size` the type the distances
    are measured in.)"""
    return abs(lower.x0 - upper.x0) <= S.next_line_edge * size \
        and 0 < lower.base - upper.base <= S.next_line * size


def word_space(glyphs: list[Glyph]) -> float:
    """The line's own space between words (letter-spaced type spaces its words wider)."""
    spaces = sorted(g.x1 - g.x0 for g in glyphs if g.text == " ")
    return spaces[len(spaces) // 2] if spaces else 0.0
