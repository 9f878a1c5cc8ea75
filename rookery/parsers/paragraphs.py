"""Where lines wrap and paragraphs end in plain text, blank lines or none.

Most text files set a blank line between paragraphs, and a paragraph's lines either
wrap (the next line's first word would not have fitted on the line) or end by force.
Some hard-wrap their text and leave no blank line at all: then where a paragraph ends
must be read off the lines themselves, from evidence the document gives of itself:

* a line much shorter than the measure ends where its paragraph ends (as in any text);
* a line set further in than the one before opens a paragraph, and so does any line
  set in, where the text's wrapped lines come back to the margin (a first-line indent);
* a section number after a finished clause opens a paragraph, even where the line
  before reaches the measure ("...is a draw." then "104.4d In a ..."), if it continues
  the document's numbering or heads a part;
* a name on a line of its own after a finished sentence (a heading, or a glossary's
  term over its definition) stands apart, and so does the line after a name;
* "Label: names" lines in a row (credits, a colophon) run on as one paragraph;
* a dash at the start of a line opens a list item only in a text that sets lists so.

The lines recovered are then read as a text that was never wrapped would be (see
breaks). Each line is looked at with its neighbours only: the work grows with the text.
"""
from __future__ import annotations

import re

from .blocks import ENDS_CLAUSE, ENDS_SENTENCE, LINE_BULLET, is_name
from .numbering import Label, continues, read_label

_PAIR = re.compile(r"^[A-Z][^:.,;]*:\s+(.*)$")  # "Editing: Del Laugel", a label, a name
_INITIAL = re.compile(r"(?:^|\s)[A-Z]\.$")  # "Mark L." ends a name, not a sentence


def wraps(line: str, following: str, measure: int, bullets: bool = True) -> bool:
    """Did `line` end because the first word of `following` would not fit on it? A
    line that opens with a bullet opens a list item, in a text that has `bullets`."""
    return _overruns(len(line), following, measure) \
        and not (bullets and LINE_BULLET.match(following))


def _overruns(length: int, following: str, measure: int) -> bool:
    """Would the first word of `following` overrun the measure after `length` columns?"""
    words = following.split()
    return bool(words) and length + 1 + len(words[0]) > measure


def title_like(line: str, words: int = 12) -> bool:
    """A name rather than a sentence (blocks.is_name), and not a list item."""
    return is_name(line, words) and not LINE_BULLET.match(line.strip())


def unspaced(groups: list[list[str]], measure: int) -> bool:
    """Does the text leave out the blank lines between its paragraphs: do more of its
    paragraphs end inside runs of lines (a finished sentence, then a line the next
    word would have fitted on) than runs there are?"""
    inside = sum(1 for group in groups for line, nxt in zip(group, group[1:])
                 if ENDS_SENTENCE.search(line) and not wraps(line, nxt, measure))
    return inside > len(groups)


def breaks(group: list[str], measure: int) -> list[bool]:
    """For each pair of neighbouring lines of a run, whether the first wraps onto the
    second (else a forced break ends it)."""
    return [wraps(line, nxt, measure) for line, nxt in zip(group, group[1:])]


def measure(lines: list[str]) -> int:
    """The width lines are wrapped at: nearly every line is at most this long."""
    return _measure_of([len(line) for line in lines if line.strip()])


def _measure_of(lengths: list[int]) -> int:
    lengths = sorted(lengths)
    return lengths[int(0.98 * (len(lengths) - 1))] if lengths else 80


def cut(groups: list[list[str]], width: int) -> list[tuple[list[str], list[bool]]]:
    """Runs of lines with no blank line among them, cut into the runs a blank line would
    have set apart, each with its wraps (see breaks). The lines the wraps make up are
    then read as the text's own lines would be: one longer than nearly all others runs
    on into the next (see measure)."""
    out: list[tuple[list[str], list[bool]]] = []
    margin = _wraps_to_margin(groups, width)
    bullets = _has_bullets(groups, width)
    for group in groups:
        found = _wraps_of_run(group, width, margin, bullets)
        start = 0  # the first line of the paragraph being read
        out.append(([group[0]], []))
        for k in range(1, len(group)):
            if not found[k - 1] and _opens(group, start, k, found):
                out.append(([group[k]], []))
                start = k
            else:
                out[-1][0].append(group[k])
                out[-1][1].append(found[k - 1])
    _run_on(out)
    return out


def _run_on(runs: list[tuple[list[str], list[bool]]]) -> None:
    """Mark as wraps the forced breaks after an unwrapped line longer than the measure
    of the unwrapped lines, as breaks() does for a text that was never wrapped."""
    ends = []  # (run, index of the break after it, length) of each unwrapped line
    for r, (lines, wrapped) in enumerate(runs):
        length = len(lines[0])
        for k in range(1, len(lines) + 1):
            if k == len(lines) or not wrapped[k - 1]:
                ends.append((r, k - 1, length))
                length = len(lines[k]) if k < len(lines) else 0
            else:
                length += 1 + len(lines[k].strip())
    width = _measure_of([length for _r, _k, length in ends])
    for r, k, length in ends:
        lines, wrapped = runs[r]
        if k < len(wrapped) and _overruns(length, lines[k + 1], width) \
                and not LINE_BULLET.match(lines[k + 1]):
            wrapped[k] = True


def _wraps_to_margin(groups: list[list[str]], measure: int) -> bool:
    """Do the text's wrapped lines come back to the margin, however far in their first
    lines are set? Told by the lines that surely continue a sentence (the line before
    reaches the measure and ends no clause): most of them start at the margin, and
    some lines are set in."""
    flush = further = indented = 0
    for group in groups:
        for line, nxt in zip(group, group[1:]):
            indented += _indent(nxt) > 0
            if wraps(line, nxt, measure) and not ENDS_CLAUSE.search(line):
                flush += _indent(nxt) == 0
                further += _indent(nxt) > 0
    return flush > further and indented > further


def _has_bullets(groups: list[list[str]], measure: int) -> bool:
    """Does the text set lists with bullets: does a line that opens with one follow a
    line that its first word would have fitted on? Else a dash that a wrap brought to
    the start of a line ("Artifact" then "- Equipment") is no bullet."""
    return any(LINE_BULLET.match(nxt) and not wraps(line, nxt, measure, bullets=False)
               for group in groups for line, nxt in zip(group, group[1:]))


def _wraps_of_run(group: list[str], measure: int, margin: bool, bullets: bool) -> list[bool]:
    """Whether each line of a run wraps onto the next (see _wraps_in_run), the last
    section number that opened a line carried along."""
    found, last = [], None
    for k in range(len(group) - 1):
        found.append(_wraps_in_run(group, k, measure, margin, bullets, last))
        read = read_label(group[k + 1].strip())
        if read is not None and not found[-1]:
            last = read[0]
    return found


def _wraps_in_run(group: list[str], k: int, measure: int, margin: bool, bullets: bool,
                  last: Label | None) -> bool:
    """Does line k wrap onto line k + 1, given what each of them is? With `margin`
    (see _wraps_to_margin), a line set in opens a paragraph; a section number opens
    one after a finished clause, if it continues the last one (`last`) that did or
    heads a part ("7. Additional Rules")."""
    line, nxt = group[k], group[k + 1]
    if not wraps(line, nxt, measure, bullets) \
            or _indent(nxt) > (0 if margin else _indent(line)):
        return False
    read = read_label(nxt.strip())
    if ENDS_CLAUSE.search(line) and read is not None \
            and (last is None or continues(last, read[0]) or title_like(read[1])):
        return False
    if _names(line) and _names(nxt):
        return False  # one "Label: value" line over the next
    after = group[k + 2] if k + 2 < len(group) else None
    return not (_finished(line) and _name_apart(nxt, after, measure))


def _name_apart(line: str, after: str | None, measure: int) -> bool:
    """A name on a line of its own: words that read as a name, the line ending before
    the measure does."""
    return _name(line) and (after is None or not wraps(line, after, measure))


def _finished(line: str) -> bool:
    """Does the line end a sentence (not an initial, as in "Mark L.")?"""
    return bool(ENDS_SENTENCE.search(line)) and not _INITIAL.search(line)


def _name(line: str) -> bool:
    """Words that read as a name, with no figures among them (a date, "See rule 3.4")."""
    text = line.strip()
    return title_like(text) and not any(c.isdigit() for c in text)


def _names(line: str) -> bool:
    """Does the line open with a label and a colon, names after it ("Editing: Del
    Laugel, Gregg Luben")? Not a sentence: most of the words after the colon start
    with a capital."""
    pair = _PAIR.match(line.strip())
    words = pair.group(1).split() if pair else []
    return 2 * sum(w.lstrip("\"'(\u201c")[:1].isupper() for w in words) > len(words) > 0


def _opens(group: list[str], start: int, k: int, found: list[bool]) -> bool:
    """Does line k, after a forced break, open a paragraph of its own?"""
    line, prev = group[k].strip(), group[k - 1].strip()
    if read_label(line) is not None:
        return True
    if k - 1 == start and title_like(prev) and not (_names(prev) and _names(line)):
        return True  # a heading or term stands on its own line; pairs run on
    if not _name(line) or k + 1 < len(group) and found[k]:
        return False  # a name fills a line of its own: nothing wraps onto the next
    # a name after a finished sentence, or after a name or a run-on line: a heading,
    # unless it is one more line of names under labels
    return _finished(prev) or not _names(line)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
