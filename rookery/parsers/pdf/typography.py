"""How a line is set, judged against the document's own body text.

Nothing here knows a font, a size or a colour in advance. The body style is the one most
letters are set in; a line stands apart from it by any of: size, weight, another family,
italic where the body is roman, capitals or small capitals, or a colour (other than the
red of the publisher's change marks). Heading styles are ranked by how they follow one
another in the document: an outline steps down one level at a time, so the ranking that
needs the fewest jumps of two or more levels is the document's (ties go to the more
prominent style: larger, then capitals, bold, coloured). Styles that differ only in
slant or family share a rank: a bold and a bold-italic heading of one size are siblings.
"""
from __future__ import annotations

import itertools
from collections import Counter
from typing import NamedTuple

from . import speedups
from .glyphs import Glyph, is_red
from .settings import SETTINGS as S


class Style(NamedTuple):
    """A line's type: its size (to half a point), family, weight, slant, case and colour
    (None for the body's colour and for the marks' red). A named tuple, not a frozen
    dataclass: every line has one, and styles are compared and counted again and again."""

    size: float
    family: str
    bold: bool
    italic: bool
    caps: str  # "" | "all" | "small"
    colour: tuple[int, int, int] | None


def line_style(glyphs: list[Glyph], body_colour=None, marks: frozenset = frozenset()) -> Style:
    """The style of a line: what most of its letters are set in; bold and italic only
    when all of them in its own family are (one bold word does not make a bold line).
    A colour in `marks` (see mark_colours) is the body's, as the red of change marks is."""
    votes = tally(glyphs)
    if votes is None:
        return Style(0.0, "", False, False, "", None)
    letters, one_size, size, family, colour, bold, italic = votes
    return Style(round(size * 2) / 2, family, bold, italic, _caps(glyphs, letters, one_size),
                 None if colour in marks else _colour_class(colour, body_colour))


def mark_colours(colours: list[dict], body_colour) -> frozenset:
    """Colours the document sets words in inside lines of body-coloured text, as a
    publisher marks what changed (in blue, green or orange as well as red): a colour that
    marks words marks a heading too, and sets no heading style apart by itself.
    `colours`: each line's {colour: letters and digits in it} (counts, alnum_only)."""
    mixed: Counter = Counter()
    shown: Counter = Counter()
    for drawn in colours:
        for colour in drawn.keys() - {body_colour, None}:
            shown[colour] += 1
            mixed[colour] += body_colour in drawn
    return frozenset(c for c, n in mixed.items()
                     if n >= S.mark_lines and n >= S.mark_share * shown[c])


def tally(glyphs: list[Glyph], compiled: bool = True) -> tuple | None:
    """What a line's glyphs vote for: (its letters, whether they are of one size (see
    _one_size), the size most letters are set in, the family, colour, weight and slant
    of its ink), or None for a line without ink. By the compiled loop where it was
    built (speedups.py)."""
    if compiled and speedups.loops is not None:
        return speedups.loops.tally(glyphs, Glyph)
    return _python_tally(glyphs)


def _python_tally(glyphs: list[Glyph]) -> tuple | None:
    ink = [g for g in glyphs if g.text.isalnum()] or [g for g in glyphs if g.text.strip()]
    if not ink:
        return None
    alpha = [g for g in ink if g.text.isalpha()]  # every letter: no letter is out of ink
    # the size most letters are set in (a section number's digits do not vote: beside
    # a short title in small capitals they would outvote its letters)
    size = _most_common([g.size for g in alpha or ink])
    family = _most_common([g.family for g in ink])
    colour = _most_common([g.color for g in ink])
    # weight and slant are the line's own family's: a symbol from an icon font set
    # among bold letters ("inkwell symbol {C}") is no lighter word
    own = [g for g in ink if g.family == family]
    return (alpha, bool(alpha) and _one_size(alpha), size, family, colour,
            all(g.bold for g in own), all(g.italic for g in own))


def _most_common(values: list):
    """Counter(values).most_common(1)'s value, without a Counter where all are one."""
    first = values[0]
    if values.count(first) == len(values):
        return first
    return Counter(values).most_common(1)[0][0]


def _colour_class(colour, body_colour):
    if colour is None or body_colour is None or colour == body_colour:
        return None  # (most lines: the body's own colour)
    if max(abs(a - b) for a, b in zip(colour, body_colour)) <= S.colour_step:
        return None
    return None if is_red(colour) else colour


def _caps(glyphs: list[Glyph], letters: list[Glyph], one_size: bool) -> str:
    """"all", "small" or "" for a line of these glyphs, `letters` the alphabetic ones,
    `one_size` whether they are of one size."""
    if len(letters) < S.caps_letters:
        return ""
    if one_size:
        return "all" if all(g.text.isupper() for g in letters) else ""
    if all(g.text.isupper() for g in letters):
        return "small" if any(_two_sizes(word) for word in _words(glyphs)) else "all"
    # small capitals an engine made by scaling capitals down, and whose text it kept in
    # lower case: "Notes" as N at full size and "otes" set smaller
    return "small" if any(_scaled_lower(word) for word in _words(glyphs)) else ""


def _one_size(letters: list[Glyph]) -> bool:
    """Are the letters all of one size (above 0)? Then no word among them mixes
    capitals with small capitals (the quick answer for most lines)."""
    size = letters[0].size
    return size > 0 and all(g.size == size for g in letters)


def _scaled_lower(word: list[Glyph]) -> bool:
    upper = [g.size for g in word if g.text.isupper()]
    lower = [g.size for g in word if g.text.islower()]
    return bool(upper and lower) and _small_capital(max(lower), min(upper))


def _small_capital(size: float, full: float) -> bool:
    """Could type of this size be the small capitals of capitals `full` in size?"""
    return S.small_caps_least * full <= size <= S.small_caps_most * full


def _words(glyphs: list[Glyph]):
    word: list[Glyph] = []
    for g in glyphs + [None]:
        if g is not None and g.text.isalpha():
            word.append(g)
        elif word:
            yield word
            word = []


def _two_sizes(word: list[Glyph]) -> bool:
    big = max(g.size for g in word)
    return any(_small_capital(g.size, big) for g in word)


class SmallCaps(NamedTuple):
    """Small capitals found on a line: their size and the family they are set in (a line
    after it goes on in them only in that family)."""

    size: float
    family: str


def restore_small_caps(glyphs: list[Glyph], small: SmallCaps | None = None
                       ) -> SmallCaps | None:
    """In a line set in small capitals, the smaller capitals stand for lower-case letters:
    give them back their case ("CAN I" set C-an I reads "Can I"). A line whose words are
    all small capitals shows nothing; `small` is the small capitals the line before it
    used, if it is their continuation: in the same family (a heading's small capitals at
    the body's size do not make the body after it small capitals). Returns the small
    capitals restored, or None."""
    votes = tally(glyphs)
    if votes is None or not votes[0]:
        return None
    letters, one_size, family = votes[0], votes[1], votes[3]
    if small is not None and small.family != family:
        small = None  # another face: the small capitals ended with the line before
    if one_size and small is None:
        return None  # no word of two sizes, and no small capitals going on: most lines
    found = None
    for word in () if one_size else _words(glyphs):
        big = max(g.size for g in word)
        if _small_capital(min(g.size for g in word), big):
            found = min(g.size for g in word)
    mapped = all(g.text.isupper() for g in letters)
    going = small.size if small is not None else None
    if not mapped:
        # an engine that scales capitals down may map its glyphs to either case by their
        # first use ("dOes an anChored"): a line of two sizes with most letters at the
        # smaller is in small capitals all the same, and its larger letters are capitals
        at = found or going  # ... or, all at their size, the rest of the line before
        if at is None or 2 * sum(_at_size(g, at) for g in letters) < len(letters) \
                or found is None and not all(_at_size(g, at) for g in letters):
            return None
    size = found or going
    if size is None or not (found or all(_at_size(g, size) for g in letters)):
        return None
    for g in letters:
        if _at_size(g, size):
            g.text = g.text.lower()
        elif not mapped:
            g.text = g.text.upper()
    return SmallCaps(size, family)


def _at_size(g: Glyph, size: float) -> bool:
    """Is the glyph set at this size (the small capitals'), give or take a reader's
    rounding?"""
    return abs(g.size - size) < S.small_caps_match


def settle_sizes(lines: list[list[Glyph]]) -> None:
    """Give sizes a hair apart one value, the commonest among them: a reader may give one
    heading 14.3 points and the next 14.2 (a scaled text matrix), and rounding them to
    half a point would make two styles of them."""
    drawn = counts(lines, "size")
    count: Counter = Counter()
    for size, n in drawn.items():
        count[round(size, 2)] += n
    settled: dict[float, float] = {}
    group: list[float] = []
    for size in sorted(count) + [None]:
        if group and (size is None or size - group[0] > S.same_size * size):
            usual = max(group, key=count.__getitem__)
            settled.update((member, usual) for member in group)
            group = []
        if size is not None:
            group.append(size)
    final = {size: settled[round(size, 2)] for size in drawn}
    if any(to != size for size, to in final.items()):  # most documents: none moves
        for glyphs in lines:
            for g in glyphs:
                g.size = final[g.size]


def counts(lines: list[list[Glyph]], field: str, alnum_only: bool = False,
           compiled: bool = True) -> dict:
    """{value: how many glyphs have it} for a field of the lines' glyphs (of their
    letters and digits alone with `alnum_only`), in the order first seen. By the
    compiled loop where it was built (speedups.py)."""
    if compiled and speedups.loops is not None and field in Glyph.__slots__:
        return speedups.loops.counts(lines, Glyph, field, alnum_only)
    return _python_counts(lines, field, alnum_only)


def _python_counts(lines: list[list[Glyph]], field: str, alnum_only: bool = False) -> dict:
    seen: Counter = Counter()
    for glyphs in lines:
        for g in glyphs:
            if not alnum_only or g.text.isalnum():
                seen[getattr(g, field)] += 1
    return dict(seen)


def usual_widths(lines: list[list[Glyph]], compiled: bool = True) -> dict:
    """Each lower-case letter's usual advance, in ems, in each face (family, bold,
    italic, letter): the width its glyph has in the body text, where the document uses
    it most (counted to advance_places, of usual_letters glyphs at least). By the
    compiled loop where it was built (speedups.py)."""
    if compiled and speedups.loops is not None:
        return speedups.loops.usual_widths(lines, Glyph, round, S.advance_places,
                                           S.usual_letters)
    return _python_usual_widths(lines)


def _python_usual_widths(lines: list[list[Glyph]]) -> dict:
    counted: Counter = Counter()
    places = S.advance_places
    for glyphs in lines:
        for g in glyphs:
            if g.size > 0 and g.text.islower():
                counted[g.family, g.bold, g.italic, g.text,
                        round((g.x1 - g.x0) / g.size, places)] += 1
    seen: dict = {}
    for (*face, width), n in counted.items():
        seen.setdefault(tuple(face), Counter())[width] += n
    return {key: widths.most_common(1)[0][0] for key, widths in seen.items()
            if widths.total() >= S.usual_letters}


def other_forms(lines: list[list[Glyph]], usual: dict, compiled: bool = True) -> list[bool]:
    """Which lines are set in other forms of their face's letters (other_glyphs), the
    rest of a line in them telling with fewer letters ("zero?" after "...my morale
    below": carried_letters, carried_share). By the compiled loop where it was built
    (speedups.py)."""
    if compiled and speedups.loops is not None:
        return speedups.loops.other_forms(lines, usual, Glyph, S.variant, S.variant_letters,
                                          S.variant_share, S.carried_letters, S.carried_share,
                                          S.scaled, S.scaled_share, S.scaled_letters)
    return _python_other_forms(lines, usual)


def _python_other_forms(lines: list[list[Glyph]], usual: dict) -> list[bool]:
    out, before = [], False
    for glyphs in lines:
        if before:  # the rest of a line in other forms: told with fewer letters
            before = other_glyphs(glyphs, usual, S.carried_letters, S.carried_share)
        else:
            before = other_glyphs(glyphs, usual)
        out.append(before)
    return out


def other_glyphs(glyphs: list[Glyph], usual: dict, least: int = S.variant_letters,
                 share: float = S.variant_share) -> bool:
    """Are most of a line's lower-case letters drawn with other glyphs than its face's
    usual ones, at the same size? A font's own small capitals are mapped back to the
    lower-case letters in the text layer, and their advances alone tell them apart. A
    line needs `least` letters to tell, `share` of them other (the rest of a line in
    them needs fewer). Not a line whose letters are all its usual ones made narrower or
    wider alike (scaled_alike)."""
    ratios = _ratios(glyphs, usual)
    other = sum(abs(ratio - 1) > S.variant for _text, ratio in ratios)
    return len(ratios) >= least and other >= share * len(ratios) and not scaled_alike(ratios)


def _ratios(glyphs: list[Glyph], usual: dict) -> list[tuple[str, float]]:
    """Each lower-case letter of a size whose face has a usual width, with its advance
    over that width."""
    out = []
    for g in glyphs:
        if g.text.islower() and g.size > 0:
            width = usual.get((g.family, g.bold, g.italic, g.text))
            if width:
                out.append((g.text, (g.x1 - g.x0) / g.size / width))
    return out


def scaled_alike(ratios: list[tuple[str, float]]) -> bool:
    """Are a line's letters (with their ratios to their usual widths: _ratios) its face's
    usual ones, all drawn at one ratio: type condensed to fit its line (a typesetter's
    horizontal scale), which keeps each glyph's shape? A font's other forms (its small
    capitals) differ from the usual letters each by its own ratio. Judged on the line's
    different letters: each is at the line's ratio (the median) if any of its glyphs
    is."""
    if not ratios:
        return False
    ordered = sorted(ratio for _text, ratio in ratios)
    middle = ordered[len(ordered) // 2]
    at: dict[str, bool] = {}
    for text, ratio in ratios:
        at[text] = at.get(text, False) or abs(ratio - middle) <= S.scaled * middle
    return len(at) >= S.scaled_letters and sum(at.values()) >= S.scaled_share * len(at)


def body_style(styles_and_weights: list[tuple[Style, int]]) -> Style:
    """The style most letters are set in."""
    count: Counter = Counter()
    for style, letters in styles_and_weights:
        count[style] += letters
    return count.most_common(1)[0][0]


def body_colour(colours: list[dict]) -> tuple[int, int, int] | None:
    """The colour most letters and digits are drawn in, of each line's `colours` (as
    mark_colours takes them)."""
    count: Counter = Counter()
    for drawn in colours:  # (in the lines' order: a tie goes to the colour seen first)
        count.update(drawn)
    return count.most_common(1)[0][0] if count else None


def stands_apart(style: Style, body: Style) -> bool:
    """Is a line in this style set apart from the body text?"""
    return (abs(style.size - body.size) > S.size_step * body.size or style.family != body.family
            or style.bold != body.bold or (style.italic and not body.italic)
            or style.caps != body.caps or style.colour is not None)


def same_size(a: float, b: float) -> bool:
    return abs(a - b) <= S.size_step * max(a, b)


def prominence(tier: tuple) -> tuple:
    """Larger, then capitals, bold, coloured: how much a tier of styles stands out."""
    size, bold, caps, colour = tier
    return (size, caps == "all", caps == "small", bold, colour is not None)


def tier(style: Style) -> tuple:
    """What sets a heading's rank: its size, weight, case and colour."""
    return (style.size, style.bold, style.caps, style.colour)


def rank(sequence: list[Style], depths: list[int | None] | None = None) -> dict[Style, int]:
    """Levels (1 = outermost) for the heading styles in `sequence`, the styles of the
    document's headings in reading order (see the module doc). `depths` gives, per
    heading, how many parts its number has (None when it has none): where a document
    numbers its headings, "1." outranks "1.1", whatever else its type says."""
    tiers = [tier(s) for s in sequence]
    levels = _rank_tiers(tiers, depths or [None] * len(tiers))
    return {s: levels[t] for s, t in zip(sequence, tiers)}


def _rank_tiers(sequence: list[tuple], depths: list[int | None]) -> dict[tuple, int]:
    styles = list(dict.fromkeys(sequence))
    by_prominence = sorted(styles, key=prominence, reverse=True)
    if len(styles) > S.max_ranked:
        return {s: k + 1 for k, s in enumerate(by_prominence)}
    numbered: dict[tuple, list[int]] = {}
    for style, depth in zip(sequence, depths):
        if depth:
            numbered.setdefault(style, []).append(depth)
    depth_of = {s: sorted(d)[len(d) // 2] for s, d in numbered.items()}
    pairs = Counter(zip(sequence, sequence[1:]))
    first = sequence[0] if sequence else None
    # pairs where one type is plainly the greater (much larger, and no lighter): a
    # heading in the lesser never holds one in the greater
    clear = [(a, b) for a, b in itertools.permutations(styles, 2)
             if a[0] >= S.clearly_larger * b[0] and (a[1] or not b[1])]
    # the same costs over styles' indices, each order's levels in a list; an order worse
    # already in its first costs is dropped before its later ones are counted (the
    # costs compare in turn, so the best order is the same)
    at = {s: k for k, s in enumerate(styles)}
    numbers = [(at[a], at[b], depth_of[a] - depth_of[b])
               for a, b in itertools.combinations(depth_of, 2) if depth_of[a] != depth_of[b]]
    follows = [(at[a], at[b], n) for (a, b), n in pairs.items()]
    prominent = [(at[a], at[b]) for a, b in itertools.combinations(by_prominence, 2)]
    plain = [(at[a], at[b]) for a, b in clear]
    opening = at[first] if first is not None else None
    best, best_cost = None, None
    level = [0] * len(styles)
    for order in itertools.permutations(range(len(styles))):
        for k, s in enumerate(order):
            level[s] = k + 1
        misnumbered = sum(1 for a, b, d in numbers if d * (level[a] - level[b]) < 0)
        if best_cost is not None and misnumbered > best_cost[0]:
            continue
        inverted = sum(1 for a, b in plain if level[a] > level[b])
        if best_cost is not None and (misnumbered, inverted) > best_cost[:2]:
            continue
        jumps = sum(n * max(0, level[b] - level[a] - 1) for a, b, n in follows)
        start = level[opening] - 1 if opening is not None else 0
        if best_cost is not None and (misnumbered, inverted, jumps + start) > best_cost[:3]:
            continue
        disorder = sum(1 for a, b in prominent if level[a] > level[b])
        cost = (misnumbered, inverted, jumps + start, disorder)
        if best_cost is None or cost < best_cost:
            best, best_cost = order, cost
    if best is None:
        return {}
    return {styles[s]: k + 1 for k, s in enumerate(best)}
