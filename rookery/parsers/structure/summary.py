"""A release's own account of its changes: the update summary ("UPDATE SUMMARY",
"Summary of Changes", "Änderungen in Version 2.1", a front-matter line "New content
(v2.0): Card Errata, FAQ"), found by its structure, not by its name.

A summary is a part of the document — a section and those under it — that stands
before or after (nearly) all of its numbered sections and holds none of them, whose
lines from its first entry on are mostly entries citing the numbers and terms the
releases print (summary_lines.py reads each line), and whose entries say what happened
in the declared words of a language. The document's own further words for it (a word
that opens several of its entries and few of its other lines) are learned, to read
entries like "Ward: Reworked." Rules quoted in a summary are entries too (they cite
their numbers). A line that only names a later part of the summary ("New rule:
Reveal", over a part titled "Reveal") outlines the summary and cites nothing.

A release may carry earlier summaries too ("PREVIOUS UPDATE SUMMARY"); each is read,
with the date and version it prints and whether its heading calls it an earlier one,
for the comparison (diffs/publisher.py) to choose the release's own.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field

from ...model import Section, path_key, title_key
from ..meta import effective_date, version_label
from .summary_lines import (DECLARED, MAX_TERM_WORDS, Cited, expand, fold, parts_of,
                            read_line, tells_change, term_key, words)

NEAR_EDGE = 0.1  # of the numbered sections: at most this share before (or after) a summary
ENTRY_SHARE = 0.5  # of a summary's lines, at least this share are entries
WORDED_SHARE = 0.1  # of its entries, at least this share say what happened (and one)
LEARNED_LEAST = 2  # a word of the document's own opens this many entries, at least
# Words that call a summary an earlier release's, per language
EARLIER_WORDS = frozenset(fold(w) for w in (
    "previous earlier prior older past "  # en
    "précédent précédente précédents précédentes antérieur antérieure antérieures "  # fr
    "vorherige vorherigen frühere früheren ältere älteren "  # de
    "anterior anteriores previo previa "  # es
    "precedente precedenti").split())  # it


@dataclass(frozen=True)
class Entry:
    """One entry of a summary: the section `numbers` it cites (ranges expanded), or the
    `term` it names, and its line as printed."""

    numbers: tuple[str, ...]
    term: str | None
    text: str


@dataclass
class Summary:
    """A summary: its heading, the sections it spans (indices), its entries, and what it
    says of the release it belongs to."""

    title: str
    start: int
    end: int  # one after its last section
    entries: list[Entry] = field(default_factory=list)
    date: str | None = None  # the date it prints first (ISO)
    version: str | None = None  # the version it names
    earlier: bool = False  # its heading calls it an earlier release's

    def holds(self, index: int) -> bool:
        return self.start <= index < self.end


@dataclass(frozen=True)
class _Line:
    text: str
    section: int  # the index of the section it stands in


def names_of(s: Section) -> set[str]:
    """The term keys a summary may name a section by: its own title, or a part of a
    title of several ("damaged/undamaged"); a rule that goes by its parent's title is
    not named by it."""
    title = s.own_title
    if not title:
        return set()
    return ({term_key(title)} | {term_key(p) for p in title.split("/")}) - {""}


class _Document:
    """What reading a part asks of the whole document, each worked out once, when
    first asked: its numbers in order, the numbers and names both releases print, the
    words that open its lines, and each number's section."""

    def __init__(self, sections: list[Section], other: list[Section]):
        self.sections = sections
        self.order = [s.number for s in sections if s.number]
        self.known = frozenset(self.order) | {s.number for s in other if s.number}
        self.other = other
        self._named: dict[str, list[int]] | None = None
        # numbers of one part are the document's own only where most of its are so
        self.single = sum(len(parts_of(n)) == 1 for n in self.order) >= 0.5 * len(self.order)
        self._openers: Counter | None = None
        self._by_number: dict[str, Section] | None = None

    def names_outside(self, name: str, start: int, end: int) -> bool:
        """Does a section outside the part [start, end) go by `name`?"""
        if self._named is None:  # name → where its sections stand (-1: the other release)
            self._named = {}
            for k, s in [*enumerate(self.sections), *((-1, s) for s in self.other)]:
                for known in names_of(s):
                    self._named.setdefault(known, []).append(k)
        return any(not start <= k < end for k in self._named.get(name, ()))

    @property
    def openers(self) -> Counter:
        """How many lines of the document each word opens."""
        if self._openers is None:
            self._openers = Counter(first[0] for s in self.sections
                                    for line in s.text.split("\n")
                                    for first in [words(line, 1)] if first)
        return self._openers

    def section(self, number: str) -> Section | None:
        if self._by_number is None:
            self._by_number = {}
            for s in self.sections:
                self._by_number.setdefault(s.number, s)
        return self._by_number.get(number)


def summaries(sections: list[Section], other: list[Section] = ()) -> list[Summary]:
    """Every summary of changes the document carries, in reading order. `other`: the
    sections of the release it is compared with (a summary cites what it removed)."""
    doc = _Document(sections, list(other))
    anchors = [k for k, s in enumerate(sections) if s.number] or list(range(len(sections)))
    found: list[Summary] = []
    k = 0
    while k < len(sections):
        end = _end_of_part(sections, k)
        if _near_an_edge(anchors, k, end):
            # a part right after a summary may go on with it (a print that set its parts
            # side by side): its entries need no words of their own to be read as such
            after = bool(found) and found[-1].end == k
            summary = _read_part(doc, k, end, vouched=after)
            if summary is not None:
                if after and not summary.earlier and summary.date in (None, found[-1].date):
                    _merge(found[-1], summary, sections)
                else:
                    found.append(_under_its_heading(summary, sections, found))
                k = end
                continue
        k += 1
    return found


def _merge(summary: Summary, more: Summary, sections: list[Section]) -> None:
    """`more` read as the rest of `summary`; an entry of the first that names a part of
    the rest outlines the summary, and cites nothing."""
    parts = {title_key(sections[k].title) for k in range(more.start, more.end)
             if sections[k].title}
    summary.entries = [e for e in summary.entries
                       if e.term is None or title_key(e.term) not in parts] + more.entries
    summary.end = more.end


def _under_its_heading(summary: Summary, sections: list[Section],
                       found: list[Summary]) -> Summary:
    """The summary with the heading right before it when that heading holds nothing of
    its own (a "Summary of Changes" over "Rule changes", where a flat print left them
    side by side)."""
    k = summary.start - 1
    if k >= 0 and sections[k].title and not sections[k].text.strip() \
            and not sections[k].number and not any(s.holds(k) for s in found):
        summary.start = k
        summary.title = sections[k].heading or sections[k].title or summary.title
    return summary


def _end_of_part(sections: list[Section], k: int) -> int:
    """One after the last section under section k (its path goes on from k's with k's
    heading)."""
    path = sections[k].path
    own = path_key((sections[k].heading or sections[k].title or "",))
    end = k + 1
    while end < len(sections) and len(sections[end].path) > len(path) \
            and sections[end].path[:len(path)] == path \
            and path_key(sections[end].path[len(path):len(path) + 1]) == own:
        end += 1
    return end


def _near_an_edge(anchors: list[int], start: int, end: int) -> bool:
    """Does the part hold (nearly) none of the numbered sections (`anchors`, in order)
    and stand before or after (nearly) all of them?"""
    room = NEAR_EDGE * len(anchors)
    before = bisect_left(anchors, start)
    inside = bisect_left(anchors, end) - before
    return inside <= room and min(before, len(anchors) - before - inside) <= room


def _lines(sections: list[Section], start: int, end: int) -> list[_Line]:
    """The part's lines: each section's text, line by line (a line that opens with a
    comma goes on the one before: a list broken where it was set); a titled section
    under the first whose text is one line reads as that line after its title ("Ward"
    over "Added." is "Ward: Added.")."""
    out: list[_Line] = []
    for k in range(start, end):
        s = sections[k]
        texts = [t for t in s.text.split("\n") if t.strip()]
        if k > start and s.title and not s.number and len(texts) == 1:
            out.append(_Line(f"{s.title}: {texts[0]}", k))
            continue
        for t in texts:
            if out and out[-1].section == k and t.lstrip()[:1] in (",", ";"):
                out[-1] = _Line(out[-1].text.rstrip() + t.strip(), k)
            else:
                out.append(_Line(t, k))
    return out


def _read_part(doc: _Document, start: int, end: int, vouched: bool = False
               ) -> Summary | None:
    """The part as a summary, or None when it is not one: from its first entry on, at
    least ENTRY_SHARE of its lines are entries (or outline it), and enough of them say
    what happened (unless the part is `vouched` for: it goes on with a summary)."""
    sections = doc.sections
    lines = _lines(sections, start, end)
    if not lines:
        return None
    cited = [read_line(line.text) for line in lines]
    if all(c.empty for c in cited) and not any(":" in line.text for line in lines):
        return None  # (most parts: nothing cites, nor could with learned words)
    vocabulary = DECLARED
    if any(c.numbers for c in cited):
        vocabulary |= learned_words(doc, lines, cited)
        if vocabulary != DECLARED:  # terms the document's own words describe
            cited = [read_line(line.text, vocabulary) for line in lines]
    if all(c.empty for c in cited):
        return None
    titles = {title_key(sections[k].title): k for k in range(start + 1, end)
              if sections[k].title}
    entries, worded, first = [], 0, None
    for at, (line, c) in enumerate(zip(lines, cited)):
        made = _entries(c, line, doc, titles, (start, end))
        if made or (c.reverse and any(title_key(t) in titles for t in c.terms)):
            first = at if first is None else first  # an entry, or a line that outlines
            entries += made
            worded += bool(made) and tells_change(line.text)
    heading = sections[start].title or ""
    worded += tells_change(heading)
    if first is None or not entries or _share(lines[first:], cited[first:]) < ENTRY_SHARE \
            or (worded < max(1, WORDED_SHARE * len(entries)) and not vouched):
        return None
    # its date and version: in its heading or first entry, else in a short line before
    # it (a dateline, not the prose of an introduction)
    near = [heading, lines[first].text]
    head = " ".join(line.text for line in lines[:first]
                    if len(line.text.split()) <= MAX_TERM_WORDS)
    return Summary(title=sections[start].heading or heading or _lead(lines[first].text),
                   start=start, end=end, entries=entries,
                   date=effective_date(" ".join(near)) or effective_date(head),
                   version=_version(" ".join(near)) or _version(head),
                   earlier=any(w in EARLIER_WORDS for w in words(heading)))


def _version(text: str) -> str | None:
    """The version a summary names, as a number ("(v2.0)" as "2.0")."""
    return version_label(re.sub(r"[()]", " ", text))


def _lead(line: str) -> str:
    """What an untitled summary is called: its line up to the colon ("New Content
    (v2.0)"), or its first words."""
    lead = line.split(":", 1)[0].strip()
    return lead if len(lead.split()) <= MAX_TERM_WORDS else " ".join(line.split()[:6])


def _share(lines: list[_Line], cited: list[Cited]) -> float:
    """The share of lines that cite something."""
    return sum(not c.empty for c in cited) / len(lines)


def _entries(c: Cited, line: _Line, doc: _Document, titles: dict[str, int],
             part: tuple[int, int]) -> list[Entry]:
    """The entries a line makes: none for a line that cites nothing, a name no section
    of either release goes by (but the part's own), a number of one part where the
    document's sections have more (a step of a list), or a name of a part of the
    summary that follows it (the part lists the entries)."""
    if c.terms:
        return [Entry((), t, line.text) for t in c.terms
                if doc.names_outside(term_key(t), *part)
                and titles.get(title_key(t), -1) <= line.section]
    if any(len(parts_of(n)) == 1 and not (doc.single and n in doc.known) for n in c.numbers):
        return []
    numbers = list(c.numbers)
    for first, last in c.ranges:
        at = numbers.index(last)
        numbers[at:at + 1] = [n for n in expand(first, last, doc.order) if n != first]
    return [Entry(tuple(dict.fromkeys(numbers)), None, line.text)] if numbers else []


def learned_words(doc: _Document, lines: list[_Line], cited: list[Cited]) -> frozenset[str]:
    """The document's own words for what happened: words that open the descriptions of
    at least LEARNED_LEAST of the part's numbered entries (not rules it quotes) and open
    no more of the document's other lines than that."""
    first: Counter = Counter()
    for line, c in zip(lines, cited):
        if c.numbers and not c.reverse and c.said and not _quotes(c, doc):
            said = words(c.said)
            if said:
                first[said[0]] += 1
    inside = Counter(w for line in lines for w in words(line.text, 1))
    return frozenset(w for w, n in first.items() if n >= LEARNED_LEAST
                     and doc.openers[w] - inside[w] <= n)


def _quotes(c: Cited, doc: _Document) -> bool:
    """Does the entry quote its section (its words are the section's title or text)?"""
    said = words(c.said, 6)
    if not said:
        return True  # a number alone says nothing to learn from
    s = doc.section(c.numbers[0])
    if s is None:
        return False
    own = words(" ".join(filter(None, (s.title, s.text)))[:400])
    return any(own[k:k + len(said)] == said for k in range(min(len(own), 12)))
