"""What each revision's sections say of cards, kept between publishes.

A revision's card facts are the cards its sections cite (errata titles, list lines), its
lists, and the sections and changes that may name a card in running text; a stored
version's are its kind, label, citations and the known names found in its text. They
are read from the store once per revision and kept in a file beside the published site,
so that a publish after a new revision reads only that revision. A kept revision counts
only while the store's revision is the same one (its stored fields hash alike) and the
code that made the facts is the same (`basis`). The names found depend on every name
known (the operator's card list, and every card cited anywhere): when they change, the
versions whose capitalised words hold every capitalised word of a name added or gone
are searched again, and only those (a name that cannot match a text changes nothing in
it)."""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__, code
from ..model import Kind, Section
from ..parsers import PARSER_VERSION
from ..store import Store
from ..store import revisions as revs
from ..store import sweep
from .names import Entry, Finder, entries, entry, plain_name
from .texts import Texts

FORMAT = 1
_WORD = re.compile(r"\w+")


@dataclass
class VersionFacts:
    """What one stored version of a section says of cards."""

    kind: str
    label: str
    cited: list[Entry]  # the cards it cites as "Name (Pack, Number)"
    title: str | None = None  # a list's title, and the heading it stands under
    parent: str | None = None
    marks: list[str] | None = None  # its capitalised words (None: its text is not searched)
    found: list[str] = field(default_factory=list)  # keys of the known names it prints
    saved: list | None = field(default=None, repr=False, compare=False)  # its JSON, as read

    def keys(self) -> set[str]:
        """The cards it names: those it cites and those whose names it prints."""
        return {e.key for e in self.cited} | set(self.found)

    def searched(self, marks: list[str] | None, found: list[str]) -> None:
        """Its words and the names found in them, anew (its JSON as read is stale)."""
        self.marks, self.found, self.saved = marks, found, None

    def to_json(self) -> list:
        if self.saved is None:  # (most are as read: the file is written without copies)
            self.saved = [self.kind, self.label,
                          [[e.name, e.pack, e.number] for e in self.cited],
                          self.title, self.parent, self.marks, self.found]
        return self.saved

    @classmethod
    def of(cls, data: list, made: dict[tuple, Entry]) -> "VersionFacts":
        """The facts from their JSON; `made`: the entries read so far, each made once."""
        kind, label, cited, title, parent, marks, found = data
        entries = [made.get(key) or made.setdefault(key, Entry(*key))
                   for key in map(tuple, cited)]
        return cls(kind, label, entries, title, parent, marks, found, saved=data)


@dataclass
class RevisionFacts:
    """What one revision says of cards, by the versions it holds and its changes."""

    digest: str  # of the revision's stored fields: another store's revision 7 is not ours
    cites: list[int]  # versions it holds that cite cards, in reading order
    lists: list[tuple[int, int]]  # (item, version) of the lists it holds
    first: list[tuple[int, int]]  # a first revision's other sections (item, version)
    changes: list[tuple[int, int, str, int | None, int | None]]  # (position, item, type,
    #                                       old version, new version) of changes not to lists

    def to_json(self) -> list:
        return [self.digest, self.cites, self.lists, self.first, self.changes]

    @classmethod
    def of(cls, data: list) -> "RevisionFacts":
        digest, cites, lists, first, changes = data
        return cls(digest, cites, [tuple(x) for x in lists], [tuple(x) for x in first],
                   [tuple(x) for x in changes])


@dataclass
class Kept:
    """The facts of every revision a build showed, as the file beside the site keeps them."""

    basis: str
    names: list[str]  # the names `found` was searched for
    revisions: dict[int, RevisionFacts]
    versions: dict[int, VersionFacts]

    def to_json(self) -> dict:
        return {"format": FORMAT, "basis": self.basis, "names": self.names,
                "revisions": {str(k): v.to_json() for k, v in sorted(self.revisions.items())},
                "versions": {str(k): v.to_json() for k, v in sorted(self.versions.items())}}


def read(path: Path) -> Kept | None:
    """The facts a build left in `path`, or None when there are none it can use."""
    made: dict[tuple, Entry] = {}
    try:
        data = json.loads(path.read_bytes())
        if data.get("format") != FORMAT or data.get("basis") != basis():
            return None
        return Kept(data["basis"], list(data["names"]),
                    {int(k): RevisionFacts.of(v) for k, v in data["revisions"].items()},
                    {int(k): VersionFacts.of(v, made) for k, v in data["versions"].items()})
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


@functools.cache
def basis() -> str:
    """A hash of what the facts are made by: rookery's version, the parsers' and the
    code that reads cards, labels sections and reads them back from the store. Another
    basis, no kept facts. (Worked out once a process: the code running is the code it
    was started with.)"""
    package = code.PACKAGE
    files = [*sorted((package / "cards").glob("*.py")), package / "model.py",
             package / "store" / "codec.py", package / "store" / "sweep.py"]
    return code.digest(files, FORMAT, __version__, PARSER_VERSION)


@dataclass
class Facts:
    """Every revision's card facts for one build, with what gathering them cost."""

    kept: Kept  # what to keep for the next build
    finder: Finder  # every name known
    texts: Texts  # sections and changes, read from the store when asked
    computed: int = 0  # revisions whose facts were read from the store
    searched: int = 0  # kept versions searched again for names

    @property
    def revisions(self) -> dict[int, RevisionFacts]:
        return self.kept.revisions

    @property
    def versions(self) -> dict[int, VersionFacts]:
        return self.kept.versions


def gather(store: Store, history: dict[str, list[revs.Revision]], catalog: list[str],
           kept: Kept | None = None) -> Facts:
    """The card facts of every revision in `history` (by source): those kept that still
    hold, the others read from the store, and the names found brought up to date."""
    texts = Texts(store)
    everyone = [rev for source_revs in history.values() for rev in source_revs]
    held = {} if kept is None else \
        {r.id: kept.revisions[r.id] for r in everyone
         if r.id in kept.revisions and kept.revisions[r.id].digest == _digest(r)}
    trusted = {v: kept.versions[v] for f in held.values() for v in _versions_of(f)
               if v in kept.versions}
    missing = [r for r in everyone if r.id not in held]
    revisions, versions = _read(store, missing, texts, trusted)
    revisions |= held
    searched = {v for f in revisions.values() for v in _searched(f)}
    versions = {v: versions[v] for v in
                sorted({v for f in revisions.values() for v in _versions_of(f)})}
    for v, facts in versions.items():
        if v not in searched and facts.marks is not None:  # held only: not searched
            facts.searched(None, [])
    names = {plain_name(n) for n in catalog} | \
        {e.name for rev in everyone for v in revisions[rev.id].cites
         for e in versions[v].cited}
    finder = Finder(sorted(names))
    unmarked = {v for v in searched if versions[v].marks is None}
    again = _to_search(finder, set(kept.names) if kept is not None else set(),
                       {v: versions[v] for v in searched - unmarked})
    for version, section in texts.sections(unmarked | again).items():
        facts = versions[version]
        marks = facts.marks if facts.marks is not None else \
            sorted({w for text in _texts(section) for w in _capitalised(text)})
        facts.searched(marks, sorted(_found(section, finder)))
    return Facts(Kept(basis(), sorted(finder.names), revisions, versions), finder, texts,
                 computed=len(missing), searched=len(again))


def _read(store: Store, missing: list[revs.Revision], texts: Texts,
          versions: dict[int, VersionFacts]) -> tuple[dict, dict]:
    """({revision id: its facts}, `versions` with those of the versions they hold or
    change), read from the store; the sections and changes read are left in `texts`."""
    ids = [r.id for r in missing]
    held, recorded = sweep.held_by_revision(store, ids), sweep.changes_by_revision(store, ids)
    versions = dict(versions)

    def facts_of(version: int, section: Section) -> VersionFacts:
        texts.keep(version, section)
        if version not in versions:
            versions[version] = _version_facts(section)
        return versions[version]

    out = {}
    for rev in missing:
        cites, lists, first = [], [], []
        for h in held.get(rev.id, []):
            facts = facts_of(h.version, h.section)
            if facts.cited:
                cites.append(h.version)
            if facts.kind == Kind.LIST:
                lists.append((h.item, h.version))
            elif rev.number == 1:
                first.append((h.item, h.version))
        changes = []
        for r in recorded.get(rev.id, []):
            texts.keep_change(rev.id, r.position, r.change)
            sides = [facts_of(v, s) for v, s in ((r.old_version, r.change.old),
                                                 (r.new_version, r.change.new)) if s]
            if all(f.kind != Kind.LIST for f in sides):
                changes.append((r.position, r.item, str(r.change.type), r.old_version,
                                r.new_version))
        out[rev.id] = RevisionFacts(_digest(rev), cites, lists, first, changes)
    return out, versions


def _version_facts(section: Section) -> VersionFacts:
    """A version's facts but for the names in its text (see gather)."""
    if section.kind == Kind.LIST:
        return VersionFacts(str(section.kind), section.label, cited_by(section),
                            section.title, section.path[-1] if section.path else None)
    return VersionFacts(str(section.kind), section.label, cited_by(section))


def cited_by(section: Section) -> list[Entry]:
    """The cards a section cites as "Name (Pack, Number)": an erratum by its title, a
    list by its lines."""
    if section.kind == Kind.ERRATA and section.title:
        found = entry(section.title)
        return [found] if found else []
    if section.kind == Kind.LIST:
        return list(entries(section.text))
    return []


def _to_search(finder: Finder, old: set[str], versions: dict[int, VersionFacts]) -> set[int]:
    """The versions whose names found may differ now that the names known are
    `finder`'s and not `old`: those that could print a name added or gone."""
    changed = old.symmetric_difference(finder.names)
    needs = [set(_capitalised(name)) for name in changed]
    return {v for v, f in versions.items() if f.marks is not None and
            any(not need or need.issubset(f.marks) for need in needs)}


def _found(section: Section, finder: Finder) -> set[str]:
    keys = set()
    for text in _texts(section):
        keys |= finder.keys(text)
    return keys


def _texts(section: Section) -> list[str]:
    return [t for t in (section.title, section.question, section.text) if t]


def _capitalised(text: str) -> list[str]:
    """Its words that hold a capital: a name is found (in its own case) only in a text
    that holds each of its own."""
    return [w for w in _WORD.findall(text) if w != w.lower()]


def _versions_of(f: RevisionFacts) -> set[int]:
    return {*f.cites, *(v for _i, v in f.lists), *(v for _i, v in f.first),
            *(v for c in f.changes for v in c[3:] if v is not None)}


def _searched(f: RevisionFacts) -> set[int]:
    """The versions whose text may name a card: a first revision's, and changes'."""
    return {*(v for _i, v in f.first), *(v for c in f.changes for v in c[3:] if v is not None)}


def _digest(rev: revs.Revision) -> str:
    return revs.digest([rev])[:16]
