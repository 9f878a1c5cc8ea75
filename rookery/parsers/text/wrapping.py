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
* a word that leads paragraphs elsewhere in the text ("Example:" after a short line)
  opens one after a finished sentence;
* "Label: names" lines in a row (credits, a colophon) run on as one paragraph;
* a dash at the start of a line opens a list item only in a text that sets lists so.

The lines recovered are then read as a text that was never wrapped would be (see
breaks). Each line is looked at with its neighbours only: the work grows with the text.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ..blocks import ENDS_CLAUSE, ENDS_SENTENCE, LINE_BULLET, is_name
from ..numbering import Label, continues, read_label
from .layout import NAME_WORDS

_PAIR = re.compile(r"^[A-Z][^:.,;]*:\s+(.*)$")  # "Editing: Del Laugel", a label, a name
_INITIAL = re.compile(r"(?:^|\s)[A-Z]\.$")  # "Mark L." ends a name, not a sentence
_LEAD = re.compile(r"[A-Z][a-z]+:")  # a word that may lead paragraphs in ("Example:")


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
    evidence = _Evidence(_wraps_to_margin(groups, width), _has_bullets(groups, width),
                         _leads(groups, width))
    for group in groups:
        found = _wraps_of_run(group, width, evidence)
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


def _leads(groups: list[list[str]], measure: int) -> set[str]:
    """The words and colons that lead paragraphs in this text ("Example:", "Note:"):
    those that open two lines or more after a finished sentence that the word would
    have fitted after."""
    counts: Counter = Counter()
    for group in groups:
        for line, nxt in zip(group, group[1:]):
            lead = _LEAD.match(nxt.strip())
            if lead and finished(line) and not _overruns(len(line), nxt, measure):
                counts[lead.group(0)] += 1
    return {lead for lead, n in counts.items() if n >= 2}


@dataclass(frozen=True)
class _Evidence:
    """What the whole text says of its lines: whether its wrapped lines come back to
    the margin, whether it sets lists with bullets, which words lead its paragraphs."""

    margin: bool
    bullets: bool
    leads: set[str]


def _wraps_of_run(group: list[str], measure: int, evidence: _Evidence) -> list[bool]:
    """Whether each line of a run wraps onto the next (see _wraps_in_run), the last
    section number that opened a line carried along."""
    found, last = [], None
    for k in range(len(group) - 1):
        found.append(_wraps_in_run(group, k, measure, evidence, last))
        read = read_label(group[k + 1].strip())
        if read is not None and not found[-1]:
            last = read[0]
    return found


def _wraps_in_run(group: list[str], k: int, measure: int, evidence: _Evidence,
                  last: Label | None) -> bool:
    """Does line k wrap onto line k + 1, given what each of them is and what the text
    says of its lines (`evidence`)? A section number opens a paragraph after a finished
    clause or a numbered heading, if it continues the last one (`last`) that did or
    heads a part ("7. Additional Rules"); so does a word that leads paragraphs in the
    text, after a finished sentence."""
    line, nxt = group[k], group[k + 1]
    if not wraps(line, nxt, measure, evidence.bullets) \
            or _indent(nxt) > (0 if evidence.margin else _indent(line)):
        return False
    lead = _LEAD.match(nxt.strip())
    if lead and lead.group(0) in evidence.leads and finished(line):
        return False
    after = group[k + 2] if k + 2 < len(group) else None
    read = read_label(nxt.strip())
    if read is not None:
        follows = last is None or continues(last, read[0])
        heads = title_like(read[1]) and (after is None or not wraps(nxt, after, measure))
        if ENDS_CLAUSE.search(line) and (follows or heads) \
                or follows and last is not None and _numbered_name(line):
            return False
    if _names(line) and _names(nxt):
        return False  # one "Label: value" line over the next
    return not (finished(line) and _name_apart(nxt, after, measure))


def _numbered_name(line: str) -> bool:
    """A numbered heading filling a line ("616. Interaction of Replacement Effects")."""
    read = read_label(line.strip())
    return read is not None and title_like(read[1])


def _name_apart(line: str, after: str | None, measure: int) -> bool:
    """A name on a line of its own: words that read as a name, the line ending before
    the measure does."""
    return _name(line) and (after is None or not wraps(line, after, measure))


def finished(line: str) -> bool:
    """Does the line end a sentence (not an initial, as in "Mark L.")?"""
    return bool(ENDS_SENTENCE.search(line)) and not _INITIAL.search(line)


def _name(line: str) -> bool:
    """Words that read as a name, with no figures among them (a date, "See rule 3.4"):
    a few words, or more in title case (a line of prose may end short of the measure
    without a stop where the type was proportional)."""
    text = line.strip()
    return title_like(text) and not any(c.isdigit() for c in text) \
        and (len(text.split()) <= NAME_WORDS or capitalized(text))


def _names(line: str) -> bool:
    """Does the line open with a label and a colon, names after it ("Editing: Del
    Laugel, Gregg Luben")? Not a sentence: most of the words after the colon start
    with a capital."""
    pair = _PAIR.match(line.strip())
    return pair is not None and capitalized(pair.group(1))


def capitalized(text: str) -> bool:
    """Do most of the words start with a capital (after an opening quote or bracket)?"""
    words = text.split()
    return 2 * sum(w.lstrip("\"'(\u201c")[:1].isupper() for w in words) > len(words) > 0


def _opens(group: list[str], start: int, k: int, found: list[bool]) -> bool:
    """Does line k, after a forced break, open a paragraph of its own?"""
    line, prev = group[k].strip(), group[k - 1].strip()
    if read_label(line) is not None:
        return True
    if k - 1 == start and (_name(prev) or _numbered_name(prev)) \
            and not (_names(prev) and _names(line)):
        return True  # a heading or term stands on its own line; pairs run on
    if not _name(line) or k + 1 < len(group) and found[k]:
        return False  # a name fills a line of its own: nothing wraps onto the next
    # a name after a finished sentence, or after a name or a run-on line: a heading,
    # unless it is one more line of names under labels
    return finished(prev) or not _names(line)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
