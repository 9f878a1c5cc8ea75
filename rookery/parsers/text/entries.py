"""Entries that open with no blank line before them: where one run of lines holds the end
of an entry and the start of the next, or a glossary's term is broken over lines.

Blank lines (or, without them, where the lines end: wrapping.cut) part a text into runs;
a run may still hold two entries, and only the document's own evidence tells where:

* its numbering: a line that opens with a section number continuing the last one that
  opened an entry ("101.4." after "101.3a"), after a finished clause, opens one;
* its glossary's order: where a text gives three or more terms in alphabetical order
  (a name on a line of its own over its definition), a line that reads as a name (in
  title case, when it runs to more words than a name usually has) after a finished
  sentence, and sorts between the terms around it, opens a term of its own; so does a
  name broken over two or three lines ("Bury, Buried, ... (Older" "Wordings)"), and a
  name whose line reaches the measure, where nothing else tells it from the first line
  of its definition.

A term found is given the shape its neighbours have: its name alone on a run before its
definition, in a text cut into runs by its line ends; its name over its definition in
one run, in a text of blank lines.
"""
from __future__ import annotations

from bisect import bisect_right

from ..blocks import ENDS_CLAUSE
from ..numbering import Label, continues, read_label
from ..structure.glossary import order_key
from .layout import NAME_WORDS
from .wrapping import capitalized, finished, title_like

Run = tuple[list[str], list[bool]]  # a run's lines, and whether each wraps onto the next
NAME_LINES = 3  # a term is broken over no more lines than this
NAME_MOST = 16  # words a term that lists a name's older spellings may run to
MIN_TERMS = 3  # terms in order that make a glossary


def split(runs: list[Run], spaced: bool) -> list[Run]:
    """`runs` with each entry that opened inside a run cut off into a run of its own
    (see the module doc); `spaced`: the runs were parted by blank lines."""
    return _terms(_numbered(runs), spaced)


# ---------------------------------------------------------------- numbered entries

def _numbered(runs: list[Run]) -> list[Run]:
    out: list[Run] = []
    last: Label | None = None  # the number of the last entry opened
    for lines, wrapped in runs:
        start = 0
        for k, line in enumerate(lines):
            text = line.lstrip()
            if not (text[:1].isdigit() or text[:1] == "(" or text[1:2] == "."):
                continue  # (a quick look: no number opens the line)
            read = read_label(text.rstrip())
            if read is None or not _opens_entry(read):
                continue
            if k > start and last is not None and continues(last, read[0]) \
                    and ENDS_CLAUSE.search(lines[k - 1]):
                out.append((lines[start:k], wrapped[start:k - 1]))
                start = k
            if k == start:
                last = read[0]
        out.append((lines[start:], wrapped[start:]))
    return out


def _opens_entry(read: tuple[Label, str]) -> bool:
    """A number that may open a section: of two parts or more, or with a name after it
    ("7. Additional Rules"); not the "1." of a term's first sense."""
    label, rest = read
    return len(label.parts) >= 2 or title_like(rest)


# ---------------------------------------------------------------- glossary terms

def _terms(runs: list[Run], spaced: bool) -> list[Run]:
    known = _known_terms(runs)
    if len(known) < MIN_TERMS:
        return runs
    order = sorted(known)
    # the glossary ends at a name after its last term's definition ("Credits")
    end = next((r for r in range(order[-1] + 1, len(runs))
                if _term_like(runs[r][0][0].strip(), 1)), len(runs))
    out: list[Run] = runs[:order[0]]
    for r in range(order[0], end):
        lines, wrapped = runs[r]
        at = bisect_right(order, r) - 1  # the last known term at or before this run
        # the keys a term found here sorts between: the known terms' around it
        bounds = known[order[at]], known[order[at + 1]] if at + 1 < len(order) else None
        # a run that opens with a known term, or the definition after a term's run
        named = r in known or r - 1 in known and len(runs[r - 1][0]) == 1
        out.extend(_cut_terms(lines, wrapped, bounds, named, spaced))
    return out + runs[end:]


def _known_terms(runs: list[Run]) -> dict[int, str]:
    """The runs that surely open a term, and their keys: a name on a line of its own
    over more lines, or a run of one name before a run that is no name (as text cut by
    its line ends gives them), in stretches of alphabetical order."""
    found: list[tuple[int, str]] = []
    for r, (lines, wrapped) in enumerate(runs):
        first = lines[0].strip()
        if not _term_like(first, 1):
            continue
        if len(lines) > 1 and not wrapped[0] or len(lines) == 1 and r + 1 < len(runs) \
                and not _term_like(runs[r + 1][0][0].strip(), 1):
            found.append((r, order_key(first)))
    known: dict[int, str] = {}
    stretch: list[tuple[int, str]] = []
    for item in found:
        if stretch and item[1] < stretch[-1][1]:
            if len(stretch) >= MIN_TERMS:
                known.update(stretch)
            stretch = []
        stretch.append(item)
    if len(stretch) >= MIN_TERMS:
        known.update(stretch)
    return known


def _cut_terms(lines: list[str], wrapped: list[bool], bounds: tuple[str, str | None],
               named: bool, spaced: bool) -> list[Run]:
    """The run cut where terms open in it (`named`: its first line opens none)."""
    cuts: list[tuple[int, str, int]] = []  # (first line, name, its lines)
    low, k = bounds[0], 1 if named else 0
    while k < len(lines):
        found = _name_at(lines, wrapped, k)
        if found is not None and _between(order_key(found[0]), (low, bounds[1])) \
                and (k == 0 or finished(lines[k - 1])):
            cuts.append((k, *found))
            low = order_key(found[0])
            k += found[1] + 1  # the definition's first line opens no term
        else:
            k += 1
    if not cuts:
        return [(lines, wrapped)]
    out: list[Run] = [(lines[:cuts[0][0]], wrapped[:max(cuts[0][0] - 1, 0)])]
    for (k, name, n), end in zip(cuts, [c[0] for c in cuts[1:]] + [len(lines)]):
        definition, inside = lines[k + n:end], wrapped[k + n:end - 1]
        if spaced:
            out.append(([name] + definition, [False] + inside))
        else:
            out += [([name], []), (definition, inside)]
    return [run for run in out if run[0]]


def _name_at(lines: list[str], wrapped: list[bool], k: int) -> tuple[str, int] | None:
    """The term that lines k, k+1... spell, and how many lines it takes: a name that ends
    where a line ends and that more lines follow (its definition, opening as a sentence
    or a numbered sense does); broken lines of it wrap onto one another."""
    for n in range(1, NAME_LINES + 1):
        if k + n >= len(lines):
            return None
        name = " ".join(line.strip() for line in lines[k:k + n])
        if not _term_like(name, n):
            return None
        if not wrapped[k + n - 1] or not _term_like(
                f"{name} {lines[k + n].strip()}", n + 1):
            opening = lines[k + n].strip().lstrip("\"'\u201c\u2018([")[:1]
            return (name, n) if opening.isupper() or opening.isdigit() else None
    return None


def _term_like(text: str, lines: int) -> bool:
    """A glossary's term: a name (no sentence, no number, no question, no "label:"), of a
    few words or in title case; one broken over lines is in title case."""
    if not title_like(text, NAME_MOST) or read_label(text) is not None or ":" in text \
            or text.endswith("?"):
        return False
    return capitalized(text) or lines == 1 and len(text.split()) <= NAME_WORDS


def _between(key: str, bounds: tuple[str, str | None]) -> bool:
    low, high = bounds
    return low <= key and (high is None or key <= high)
