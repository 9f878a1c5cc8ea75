"""What the publisher says changed, against what did.

A release accounts for its changes in an update summary (parsers/structure/summary.py)
and in change marks (the publisher's coloured text, Section.marks). Set against the
diff, each entry of the summary and each marked section is:

- `changed`: the diff finds a change to the section it cites (added, removed, reworded,
  renumbered, retitled or moved), by its number on either side (a renumbered section is
  cited by its new number or its old one) or, for a term, by its title;
- `beneath`: the section itself is unchanged, but one under it changed (a summary that
  lists "10.2 Bodyguard" for its new subrules);
- `unchanged`: neither it nor anything under it changed;
- `missing`: no section of either release has that number or term, and none stands
  under it.

The last two are unconfirmed. A section unchanged whose marks the older release carried
on the same words is not marked by this release (a legend in the marks' colour, a
colour the document uses for itself). A change is listed when the summary cites its section,
on either side, or a section above it (a parent covers what is under it), and marked
when its section carries marks; the others whose words changed (added, removed,
reworded, retitled) are unlisted. A section only renumbered or moved, its words as
they were, follows from changes around it and is never unlisted. The summaries
themselves, in either release, are the account, not changes.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Callable

from ..model import Change, Document, Section, number_matches, path_key, text_key
from ..parsers.structure.summary import Entry, Summary, names_of, summaries
from ..parsers.structure.summary_lines import parts_of, term_key

CHANGED, BENEATH, UNCHANGED, MISSING = "changed", "beneath", "unchanged", "missing"
CONFIRMED = (CHANGED, BENEATH)


@dataclass(frozen=True)
class Listed:
    """One section a summary cites: its `number` (None for a term), its `title` (the
    term as the summary prints it, or the cited section's title), the summary's `text`
    for it (its lines, when several cite it), and its `status`."""

    number: str | None
    title: str | None
    text: str
    status: str


@dataclass(frozen=True)
class Marked:
    """A section of the newer release that carries the publisher's marks."""

    section: Section
    status: str


@dataclass
class PublisherAccount:
    """The newer release's own account of its changes, set against the diff."""

    summary: str | None  # the heading of the summary read (None: it only marks)
    listed: list[Listed] = field(default_factory=list)
    marked: list[Marked] = field(default_factory=list)
    unlisted: list[Change] = field(default_factory=list)

    @property
    def unconfirmed(self) -> list[Listed | Marked]:
        return [e for e in [*self.listed, *self.marked] if e.status not in CONFIRMED]

    def narrowed(self, keep: Callable[[Section], bool]) -> PublisherAccount | None:
        """The account of the sections `keep` keeps (`rookery diff --section`), or None
        when none is left."""
        listed = [e for e in self.listed
                  if keep(Section(title=e.title, kind="text", number=e.number))]
        marked = [e for e in self.marked if keep(e.section)]
        unlisted = [c for c in self.unlisted if any(keep(s) for s in (c.old, c.new) if s)]
        if not (listed or marked or unlisted):
            return None
        return PublisherAccount(self.summary if listed else None, listed, marked, unlisted)


def account(old: Document, new: Document, changes: list[Change],
            read: tuple[list[Summary], list[Summary]] | None = None
            ) -> PublisherAccount | None:
    """The newer release's account of its changes against `changes` (from `old` to
    `new`, with their sections' places), or None when it neither lists nor marks any.
    `read`: both releases' summaries, as read_summaries gives them, if read already."""
    return reckon(old, new, changes, read)[0]


def read_summaries(old: Document, new: Document) -> tuple[list[Summary], list[Summary]]:
    """The summaries of changes the newer release carries, then the older one's (shared:
    not to be changed)."""
    return _summaries_of(tuple(old.sections), tuple(new.sections))


@functools.lru_cache(maxsize=32)
def _summaries_of(old: tuple[Section, ...], new: tuple[Section, ...]
                  ) -> tuple[list[Summary], list[Summary]]:
    # They depend on nothing but the sections, and a site build asks again for every
    # release its pages and feeds show, each publish: the last few pairs are remembered.
    return summaries(list(new), list(old)), summaries(list(old), list(new))


def reckon(old: Document, new: Document, changes: list[Change],
           read: tuple[list[Summary], list[Summary]] | None = None
           ) -> tuple[PublisherAccount | None, list[Change]]:
    """The account (as `account` gives it) and the changes the release says nothing of:
    the account's unlisted ones, or, when it neither lists nor marks any, every change
    whose words changed (but to its summaries, in either release)."""
    found, before = read if read is not None else read_summaries(old, new)
    own = own_summaries(found, before, new)
    placed = {c.new_index for c in changes if c.new_index is not None}
    fresh = _freshly_marked(old, new)
    marked_at = [k for k, s in enumerate(new.sections)
                 if s.is_marked and (k in placed or k in fresh)]
    # the summaries, in either release, are the account: neither changes nor what it cites
    in_summary = ({k for s in before for k in range(s.start, s.end)},
                  {k for s in found for k in range(s.start, s.end)})
    changes = [c for c in changes if c.old_index not in in_summary[0]
               and c.new_index not in in_summary[1]]
    if not own and not marked_at:
        return None, [c for c in changes if _worded(c)]
    index = _Index(old, new, changes, in_summary, placed)
    listed = _listed([e for s in own for e in s.entries], index)
    marked = [Marked(new.sections[k], index.status_at(k)) for k in marked_at]
    covered = _Cover(listed, index)
    marked_set = set(marked_at)
    unlisted = [c for c in changes if _worded(c) and c.new_index not in marked_set
                and not covered(c)]
    return PublisherAccount(summary=own[0].title if own else None, listed=listed,
                            marked=marked, unlisted=unlisted), unlisted


def _freshly_marked(old: Document, new: Document) -> set[int]:
    """The newer release's sections that carry marks, but for those whose marked words
    the older release carried too, marked the same, in a section of the same words: a
    legend in the marks' colour, or a colour the document uses for itself."""
    kept = {(text_key(s.text), tuple(s.marked_text), s.heading_marked)
            for s in old.sections if s.is_marked}
    return {k for k, s in enumerate(new.sections) if s.is_marked and
            (text_key(s.text), tuple(s.marked_text), s.heading_marked) not in kept}


def own_summaries(found: list[Summary], before: list[Summary], new: Document) -> list[Summary]:
    """Of the summaries a release carries, those that speak of it: not one the older
    release carried already (the same entries), nor one its heading calls an earlier
    one; then those dated the day it took effect (else the latest date printed) and
    those naming its version, where any does."""
    kept_lines = {_line_key(e.text) for s in before for e in s.entries}
    own = [s for s in found if not _repeated(s, kept_lines)]
    own = [s for s in own if not s.earlier] or own
    if new.version and any(s.version for s in own):
        own = [s for s in own if s.version == new.version] or own
    dated = [s for s in own if s.date]
    if dated:
        on_the_day = [s for s in dated if new.effective and s.date == new.effective]
        latest = max(s.date for s in dated)
        own = on_the_day or [s for s in dated if s.date == latest]
    return own


def _repeated(s: Summary, kept_lines: set[str], share: float = 0.6) -> bool:
    return bool(s.entries) and \
        sum(_line_key(e.text) in kept_lines for e in s.entries) >= share * len(s.entries)


def _line_key(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


def _worded(c: Change) -> bool:
    """Did the section's words change (added, removed, reworded or retitled)?"""
    return c.type != "modified" or c.text_changed or c.retitled


def above(s: Section) -> set[str]:
    """The names of the headings a section stands under ("Card Errata" for an erratum
    under it): a summary that names a heading names what is under it."""
    return {term_key(part) for part in path_key(s.path)} - {""}


class _Index:
    """The changes by the numbers and names of their sections (either side), and the
    sections of both releases (0: the older, 1: the newer) by number and name.

    A name may be both a term's and a heading's in one release ("Glow" in the glossary,
    and "3.1 Glow"): an entry that names it names the term there, and names a heading
    (and what stands under it) only where no section but a heading goes by it."""

    def __init__(self, old: Document, new: Document, changes: list[Change],
                 leave_out: tuple[set[int], set[int]] = (set(), set()),
                 placed: set[int] | None = None):
        self.changes = changes
        self.by_number: dict[str, list[Change]] = {}
        # name → (release, a heading?) of the changed sections that bear it, or stand
        # under a heading that does
        self.by_name: dict[str, list[tuple[int, bool]]] = {}
        self.by_above: dict[str, list[int]] = {}
        for c in changes:
            for side, s in ((0, c.old), (1, c.new)):
                if s is None:
                    continue
                if s.number:
                    self.by_number.setdefault(s.number, []).append(c)
                for name in names_of(s):
                    self.by_name.setdefault(name, []).append((side, _heading(s)))
                for name in above(s):
                    self.by_above.setdefault(name, []).append(side)
        # where the newer release's changed sections stand
        self.placed = placed if placed is not None else \
            {c.new_index for c in changes if c.new_index is not None}
        self.numbers = {s.number for doc in (old, new) for s in doc.sections if s.number}
        self.named: dict[str, list[tuple[int, Section]]] = {}  # (but those of `leave_out`)
        for side, (doc, out) in enumerate(zip((old, new), leave_out)):
            for k, s in enumerate(doc.sections):
                for name in names_of(s) if k not in out else ():
                    self.named.setdefault(name, []).append((side, s))
        self.new = new

    def headings(self, name: str) -> set[int]:
        """The releases in which only headings go by `name`."""
        bearers = self.named.get(name, ())
        return {side for side in (0, 1) if all(_heading(s) for k, s in bearers if k == side)
                and any(k == side for k, _s in bearers)}

    def cites(self, name: str, side: int, heading: bool) -> bool:
        """Does an entry naming `name` cite a section of release `side` that bears it?"""
        return heading == (side in self.headings(name))

    def named_numbers(self, name: str) -> set[str]:
        """The numbers of the sections an entry naming `name` cites."""
        return {s.number for side, s in self.named.get(name, ())
                if s.number and self.cites(name, side, _heading(s))}

    def under(self, number: str) -> bool:
        """Did a section under `number` change (on either side)?"""
        return any(number_matches(n, number) and n != number for n in self.by_number)

    def status_of_number(self, number: str) -> str:
        if number in self.by_number:
            return CHANGED
        if self.under(number):
            return BENEATH
        return UNCHANGED if number in self.numbers else MISSING

    def status_of_term(self, term: str) -> str:
        key = term_key(term)
        if key not in self.named:
            return MISSING
        if any(self.cites(key, side, heading) for side, heading in self.by_name.get(key, ())):
            return CHANGED
        headings = self.headings(key)
        if any(side in headings for side in self.by_above.get(key, ())) or any(
                self.under(n) for n in self.named_numbers(key)):
            return BENEATH
        return UNCHANGED

    def status_at(self, k: int) -> str:
        """The status of the newer release's section at `k`."""
        if k in self.placed:
            return CHANGED
        number = self.new.sections[k].number
        return BENEATH if number and self.under(number) else UNCHANGED


def _heading(s: Section) -> bool:
    return s.kind == "heading"


def _listed(entries: list[Entry], index: _Index) -> list[Listed]:
    """One Listed per section number or term the entries cite, in the summary's order;
    a section cited twice keeps the lines of both."""
    lines: dict[tuple[str, str], list[str]] = {}
    for e in entries:
        keys = [("number", n) for n in e.numbers] or [("term", term_key(e.term))]
        for key in keys:
            if e.text not in lines.setdefault(key, []):
                lines[key].append(e.text)
    printed = {term_key(e.term): e.term for e in entries if e.term}
    titles = {s.number: s.title for s in index.new.sections if s.number}
    out = []
    for (what, value), texts in lines.items():
        if what == "number":
            title = titles.get(value) or next(
                (c.section.title for c in index.by_number.get(value, [])), None)
            out.append(Listed(value, title, "\n".join(texts), index.status_of_number(value)))
        else:
            out.append(Listed(None, printed[value], "\n".join(texts),
                              index.status_of_term(printed[value])))
    return out


class _Cover:
    """Is a change listed: its section (either side) cited by number or name, or under a
    cited number or a named heading?"""

    def __init__(self, listed: list[Listed], index: _Index):
        self.index = index
        self.numbers = {e.number for e in listed if e.number}
        self.names = {term_key(e.title) for e in listed if e.number is None}
        for name in self.names:  # a term that names a numbered section covers what is under it
            self.numbers |= index.named_numbers(name)
        self.headings = {name: index.headings(name) for name in self.names}
        self.tops = {parts_of(n)[:1] for n in self.numbers}

    def __call__(self, c: Change) -> bool:
        for side, s in ((0, c.old), (1, c.new)):
            if s is None:
                continue
            if s.number and parts_of(s.number)[:1] in self.tops and any(
                    number_matches(s.number, n) for n in self.numbers):
                return True
            if any(self.index.cites(name, side, _heading(s))
                   for name in names_of(s) & self.names):
                return True
            if any(side in self.headings[name] for name in above(s) & self.names):
                return True
        return False
