"""Glyphs (a PDF's characters, typed), line fragments, and a line's text and runs of type.

A fragment is a run of glyphs on one baseline with no gap wider than about an em: the
piece of a printed line that lies within one column. Fragments, not whole baselines,
are what column detection looks at, since two columns share their baselines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter

from ..color import is_strong_red
from . import speedups
from .settings import SETTINGS as S

_SUBSET = re.compile(r"^[A-Z]{6}\+")
_BOLD = re.compile(r"bold|black|heavy|semibold|demibold|extrabold|ultrabold", re.I)
_ITALIC = re.compile(r"italic|oblique|slanted", re.I)
UNKNOWN = "\ufffd"  # a glyph the PDF gives no text for (an unmapped ligature, usually)
# character codes: the C0 controls a text holds (tab, line ends), the space, and the end
# of the controls after it (DEL and C1)
TAB, LINE_FEED, CARRIAGE_RETURN, SPACE = 0x09, 0x0A, 0x0D, 0x20
DELETE, LAST_C1 = 0x7F, 0x9F
SOFT_HYPHEN = 0xAD


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
    color: tuple[int, int, int] | None  # fill colour, 0..255 RGB
    cid: object = None  # what tells one unmapped glyph from another, when it has no text
    space_after: bool = False  # PDFium inferred a word space after it (not a space glyph)
    base: float | None = None  # its baseline (top-down points), when the reader knows it

    @property
    def baseline(self) -> float:
        """Where the glyph stands: glyphs of one line share it whatever their size
        (small capitals beside full ones), while their boxes' bottoms do not."""
        return self.bottom if self.base is None else self.base

    @property
    def red(self) -> bool:
        """Set in the publisher's "new" red."""
        return is_red(self.color)


@dataclass
class Page:
    """One page's glyphs, as a character reader (chars.py) gives them."""

    index: int
    width: float
    height: float
    glyphs: list[Glyph]
    images: int = 0  # image objects, counted only on a page without text
    total: int = 0  # pages in the document
    # (depth, box) of the headings its tags mark, and the boxes of its contents links,
    # where they are read (tagged.py, linked.py)
    headings: list = field(default_factory=list)
    links: list = field(default_factory=list)
    # the thin lines it draws, (horizontal, vertical) (rulings.py), where they are read
    rules: tuple = ((), ())


def is_control(code: int) -> bool:
    """Is the character a control character (C0 but tab and line ends, DEL, C1)? No
    glyph's text is one: PDFium falls back to the glyph's code for a glyph its font maps
    to no text (an "fi" ligature a program rewriting the PDF left unmapped reads as
    U+0003), where pdfminer says "(cid:3)". Such a glyph is read as one without text."""
    return code < SPACE and code not in (TAB, LINE_FEED, CARRIAGE_RETURN) \
        or DELETE <= code <= LAST_C1


@lru_cache(maxsize=256)
def is_red(color) -> bool:
    return color is not None and is_strong_red(tuple(c / 255 for c in color))


def style_of(fontname: str) -> tuple[str, bool, bool]:
    """(family, bold, italic) from a PDF font name ("ABCDEF+LiberationSerif-BoldItalic")."""
    name = _SUBSET.sub("", fontname or "")
    return font_family(name), bool(_BOLD.search(name)), bool(_ITALIC.search(name))


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
    base: float = 0.0  # the baseline most of its glyphs stand on

    def __post_init__(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Work out the fragment's box, size (the one most of its inked glyphs have), text
        and baseline from its glyphs, again after they change.

        The baseline is the median glyph's: the bottoms of boxes differ with their sizes
        (small capitals beside full ones), and a raised figure or an icon drawn from its
        own origin stands apart from the rest."""
        g = self.glyphs
        self.x0 = min(map(_X0, g))
        self.x1 = max(map(_X1, g))
        self.top = min(map(_TOP, g))
        self.bottom = max(map(_BOTTOM, g))
        sizes = [c.size for c in g if c.text.strip()]
        if not sizes:
            self.size = g[0].size
        elif sizes.count(sizes[0]) == len(sizes):
            self.size = sizes[0]  # one size throughout, as most fragments are
        else:
            counts: dict[float, int] = {}
            for size in sizes:
                counts[size] = counts.get(size, 0) + 1
            self.size = max(counts, key=counts.get)
        self.text = "".join(map(_TEXT, g)).strip()
        bases = sorted([c.bottom if c.base is None else c.base for c in g])
        self.base = bases[len(bases) // 2]


_X0, _X1, _TOP, _BOTTOM, _TEXT = (attrgetter(name) for name in ("x0", "x1", "top", "bottom",
                                                                  "text"))


def font_family(fontname: str) -> str:
    """"ABCDEF+LiberationSerif-BoldItalic" → "liberationserif"."""
    name = _SUBSET.sub("", fontname or "")
    base = re.split(r"[-,]", name, maxsplit=1)[0]
    base = re.sub(r"(?i)(bold|italic|oblique|regular|roman|book|medium|light|mt|ps)+$", "", base)
    return base.lower() or name.lower()


def fragments(glyphs: list[Glyph], page: int, compiled: bool = True) -> list[Fragment]:
    """Group a page's glyphs into fragments (see the module doc and _python_fragments),
    by the compiled loop where it was built (speedups.py)."""
    if compiled and speedups.loops is not None:
        return speedups.loops.fragments(glyphs, page, Glyph, Fragment, _CONSTANTS)
    return _python_fragments(glyphs, page)


# the settings the grouping reads, in the order the compiled one takes them (the Rules
# of csrc/fragments.c)
_RULES = ("space_gap", "fragment_gap", "word_space", "tight_space", "letter_spaced",
          "same_place", "other_size", "same_baseline", "baselines_apart", "sizes_apart",
          "marked_gaps", "marked_share", "tracking_least", "tracking_most", "tracking_gaps",
          "short_word", "least_em", "unmarked_gaps", "own_space")
_CONSTANTS = tuple(getattr(S, name) for name in _RULES)


def _python_fragments(glyphs: list[Glyph], page: int) -> list[Fragment]:
    """Group a page's glyphs into fragments.

    Words are parted where the PDF's text has a space: a space glyph, or one PDFium
    infers from the content stream (whose own position is not to be trusted) where the
    gap is any wider than the line's other gaps between letters. Where the
    page's producer marks its word spaces so (most engines that set text do), that is
    all: a letter-spaced heading, synthesized small capitals or a justified line open
    gaps inside words that must not part them, and only a gap as wide as a space beyond
    the line's usual gap between letters (its tracking, 0 for most text) parts words
    where it has none (a list's number placed apart from its text). On a page whose
    producer places words without spaces, a gap wider than the tracking by a tenth of
    an em parts them."""
    # (the settings read per glyph, bound here once)
    least_em, same_baseline = S.least_em, S.same_baseline
    space_gap, fragment_gap = S.space_gap, S.fragment_gap
    # rows: glyphs on one baseline (near enough for their size), read left to right
    rows: list[list[Glyph]] = []
    row: list[Glyph] = []
    last = 0.0  # the baseline of the glyph placed last
    for base, _x0, k in sorted([(g.bottom if g.base is None else g.base, g.x0, k)
                                for k, g in enumerate(glyphs)]):
        g = glyphs[k]
        size = g.size
        if rows and abs(base - last) <= same_baseline * (size if size > least_em else least_em):
            row.append(g)
        else:
            row = [g]
            rows.append(row)
        last = base
    # each row's inked glyphs, the gaps between them in ems, and where spaces stand
    read = []
    spaces = marked = 0  # gaps as wide as a word space anywhere, and those the text marks
    for row in rows:
        row.sort(key=_X0)
        spaced = set()  # positions in `ink` after which the producer put a space glyph
        inferred = set()  # ... or after which PDFium inferred one from the content stream
        ink: list[Glyph] = []
        gaps: list[float] = []
        blank = None  # the space glyph after the last inked one, if any
        for g in row:
            if g.text.strip():
                if ink:
                    prev = ink[-1]
                    em = prev.size if prev.size > g.size else g.size  # max(), inline
                    gap = (g.x0 - prev.x1) / (em if em > least_em else least_em)
                    gaps.append(gap)
                    if space_gap < gap <= fragment_gap:
                        spaces += 1
                        marked += prev.space_after or blank is not None
                    if blank is not None and _takes_room(blank, prev, g):
                        spaced.add(len(ink) - 1)
                blank = None
                if g.space_after:
                    inferred.add(len(ink))
                ink.append(g)
            elif ink:
                blank = g
        if ink:
            read.append((ink, gaps, spaced, inferred))
    # does the page's text carry its word spaces? Judged on the gaps wide enough to be
    # spaces in any typesetting: nearly all of them must be marked
    marks_spaces = spaces >= S.marked_gaps and marked >= S.marked_share * spaces
    out = []
    for ink, gaps, spaced, inferred in read:
        # cut the row where columns (or cells) part, then read each piece's words by its
        # own tracking: a letter-spaced heading beside a column of body text has its own
        # (a gap narrower than fragment_gap ems of the least em parts no lines: the
        # quick test before _other_line's own)
        wide = fragment_gap + max(_usual(gaps), 0.0)
        cuts = [0] + [k + 1 for k, gap in enumerate(gaps)
                      if gap > wide or ink[k + 1].x0 - ink[k].x1 > fragment_gap * least_em
                      and _other_line(ink[k], ink[k + 1])] + [len(ink)]
        alnum = [g.text.isalnum() for g in ink]
        for a, b in zip(cuts, cuts[1:]):
            # the tracking is read between letters: dot leaders set apart are no guide,
            # nor the letters of one ligature, which share its box
            tracking = _usual([gaps[k] for k in range(a, b - 1) if alnum[k] and alnum[k + 1]
                               and not _same_place(ink[k], ink[k + 1])] or gaps[a:b - 1])
            plain = tracking < S.letter_spaced
            tight = tracking + S.tight_space
            loose = _loose(range(a, b - 1), gaps, tracking, spaced, inferred, marks_spaces)
            current = [ink[a]]
            for k in range(a, b - 1):
                prev, g, gap = ink[k], ink[k + 1], gaps[k]
                # an inferred space stands, but in letter-spaced type only where the gap
                # is wider than the tracking at all: a letter-spaced word drawn glyph by
                # glyph makes PDFium infer spaces inside it, at gaps no wider than its
                # other letters' (in plain type a glyph's overhang may hide a real gap)
                # (a soft hyphen stands inside a word, whatever gap its slice leaves,
                # unless a space glyph that takes room follows it: the word ends there)
                if k in spaced or (k in inferred and (plain or gap > tight) or gap > loose
                                   or prev.text == "." and _number_meets_title(ink, k)) \
                        and prev.text != "\u00ad":
                    # the space between two words is coloured only if both are
                    current.append(Glyph(" ", prev.x1, g.x0, prev.top, prev.bottom, prev.size,
                                         prev.family, prev.bold, prev.italic,
                                         prev.color if prev.color == g.color else None))
                current.append(g)
            out.append(Fragment(page, current))
    return out


def _loose(at: range, gaps: list[float], tracking: float, spaced: set[int],
           inferred: set[int], marks_spaces: bool) -> float:
    """The gap beyond which a line's glyphs part words with no space marked: a space's
    width on a page that marks its spaces, else a word space's. A line may say
    otherwise by its own word-wide gaps (wider than word_space beyond its tracking,
    taken no tighter than zero, so type set tight parts no more): where most of them,
    unmarked_gaps or more, are unmarked it marks none of its spaces (a producer that
    wrote them as glyphs PDFium drops); and an unmarked gap as wide as own_space of its
    narrowest marked one is a space too."""
    least = max(tracking, 0.0) + S.word_space
    wide = [k for k in at if gaps[k] > least]
    marked = [gaps[k] for k in wide if k in spaced or k in inferred]
    marks = marks_spaces and (len(wide) - len(marked) < S.unmarked_gaps
                              or 2 * len(marked) >= len(wide))
    loose = tracking + (S.space_gap if marks else S.word_space)
    return min(loose, max(S.own_space * min(marked), least)) if marked else loose


def smaller_em(a: Glyph, b: Glyph) -> float:
    """The em two glyphs' gap is measured in: the smaller type's (see least_em)."""
    return max(min(a.size, b.size), S.least_em)


def _other_line(a: Glyph, b: Glyph) -> bool:
    """Are two glyphs of one row on lines of their own: on baselines apart, or in type
    of sizes far apart, and with a gap between them wider than the smaller type's column
    gap? A large heading's line lies close to a body line's in the column beside it, on
    the same baseline at times; a superscript touches its word."""
    small = smaller_em(a, b)
    apart = abs(a.baseline - b.baseline) > S.baselines_apart * small \
        or max(a.size, b.size) > S.other_size * small
    return apart and b.x0 - a.x1 > S.fragment_gap * small


def _same_place(a: Glyph, b: Glyph) -> bool:
    """Do two glyphs' boxes start at one place (the letters of one ligature)?"""
    return abs(a.x0 - b.x0) <= S.same_place * max(a.size, S.least_em)


def _takes_room(blank: Glyph, before: Glyph, after: Glyph) -> bool:
    """Does a space glyph stand between the glyphs around it? One drawn at the place of
    a letter beside it parts nothing: a browser writes one where it may break a word (at
    a soft hyphen), and a program rewriting a PDF may write one that the next letter is
    kerned back over, so that it ends inside the letter before it. A real space starts
    where the letter before it ends, give or take kerning and a letter's overhang."""
    near = S.same_place * max(blank.size, S.least_em)
    return abs(blank.x0 - after.x0) > near and abs(blank.x0 - before.x0) > near \
        and blank.x1 >= before.x1 - near


def _number_meets_title(ink: list[Glyph], k: int) -> bool:
    """Does a section number ("10.10.") end at `k`, its title running on at once in
    type of another size? Two runs of type set edge to edge are two words, as a reader
    sees them ("10.10. Sing Together"), not one ("10.10.Sing")."""
    prev, g = ink[k], ink[k + 1]
    return prev.text == "." and k > 0 and ink[k - 1].text.isdigit() and g.text.isupper() \
        and abs(prev.size - g.size) > S.sizes_apart * max(prev.size, g.size) \
        and g.x0 >= prev.x1


def _usual(gaps: list[float]) -> float:
    """The gap between letters of a word on this line: most gaps are inside words."""
    if len(gaps) < S.tracking_gaps:
        return 0.0
    if len(gaps) < S.short_word:  # a short word: its narrowest gap
        return min(max(min(gaps), S.tracking_least), S.tracking_most)
    ordered = sorted(gaps)
    return min(max(ordered[len(ordered) // 3], S.tracking_least), S.tracking_most)


def text_runs(glyphs: list[Glyph], compiled: bool = True) -> tuple[str, list[tuple]]:
    """A line's text, its unresolved glyphs left out, and its runs of type: (characters,
    bold, italic, colour) for each run of glyphs in one type, by the compiled loop where
    it was built (speedups.py). A run ends where a glyph's weight, slant or colour is
    not the very object the run's is (a run of glyphs from one style shares them)."""
    if compiled and speedups.loops is not None:
        return speedups.loops.text_runs(glyphs, Glyph, UNKNOWN)
    return _python_text_runs(glyphs)


def texts(lines: list[list[Glyph]], compiled: bool = True) -> list[str]:
    """Each line's glyphs' texts joined, by the compiled loop where it was built
    (speedups.py)."""
    if compiled and speedups.loops is not None:
        return speedups.loops.texts(lines, Glyph)
    return _python_texts(lines)


def _python_texts(lines: list[list[Glyph]]) -> list[str]:
    return ["".join([g.text for g in glyphs]) for glyphs in lines]


def _python_text_runs(glyphs: list[Glyph]) -> tuple[str, list[tuple]]:
    texts: list[str] = []
    runs: list[tuple] = []
    count, style = 0, None
    for g in glyphs:
        text = g.text
        if text == UNKNOWN:
            continue
        if count and (g.bold is not style[0] or g.italic is not style[1]
                      or g.color is not style[2]):
            runs.append((count, *style))
            count = 0
        if count == 0:
            style = (g.bold, g.italic, g.color)
        count += len(text)
        texts.append(text)
    if count:
        runs.append((count, *style))
    return "".join(texts), runs
