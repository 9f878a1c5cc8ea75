"""What an incremental publish renders, decided from the site folder's build manifest.

The manifest (MANIFEST in the site folder, written after every build) keeps the files
rookery made there, the revisions each source had when they were made, and a fingerprint
of everything else every page depends on: the rookery, Jinja2 and feedgen versions, the
templates and the code of this package, the configuration values the pages show
(base_url, author, the time zone, each source's id, title and feed author).

Revisions are never changed once recorded, so a revision the site already shows is
rendered again only when the pages around it change:

- its own page and JSON, and the page before it (whose "next" link appears);
- its source's index page and feeds, the home page and the site-wide feeds;
- the pages and feeds of the cards whose timelines it changes, the card index, and the
  revision pages that name those cards (follow_cards);
- the history page and feeds of every section it touched: its changes (added, removed,
  modified), any section whose stored version changed (a section's page is named after
  its latest version), and every section its alerts name, in any watched document (a
  section's page and feed show every alert that names it).

Anything else (no manifest, a manifest from an older rookery, another fingerprint, a
published file gone, published revisions the store no longer holds) means every page is
rendered again: the same as a full build, except that unchanged files are left alone.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from functools import cached_property
from importlib import metadata
from pathlib import Path

from .. import __version__, code
from ..store import Store
from ..store import revisions as revs

FORMAT = 4  # the first manifests were a bare list of paths; 2 listed revision ids; 3 no cards


@dataclass
class Selection:
    """The pages to render: revision numbers and section items by source. The sources
    with new revisions get their index page and feeds, and the site its home page and
    site-wide feeds."""

    revisions: dict[str, set[int]] = field(default_factory=dict)
    sections: dict[str, set[int]] = field(default_factory=dict)
    cards: set[str] = field(default_factory=set)  # the cards whose pages change (keys)
    card_index: bool = False  # the card index changes (a card's line, a card gone)
    new: int = 0  # new revisions that asked for these pages

    @property
    def sources(self) -> set[str]:
        return set(self.revisions)

    @property
    def empty(self) -> bool:
        return not self.revisions


@dataclass
class Manifest:
    files: list[str]
    fingerprint: str | None = None  # None: a manifest from before FORMAT 3
    published: dict[str, dict] = field(default_factory=dict)  # source → {count, digest}
    cards: dict[str, str] = field(default_factory=dict)  # card key → what its page showed

    def to_bytes(self) -> bytes:
        return json.dumps({"format": FORMAT, "fingerprint": self.fingerprint,
                           "published": self.published, "files": sorted(self.files),
                           "cards": self.cards}, indent=0, sort_keys=True).encode()


def read(path: Path) -> Manifest | None:
    """The manifest an earlier build left, or None when there is none (or it is not one)."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if isinstance(data, list):  # the first format: the paths only
        return Manifest(files=[p for p in data if isinstance(p, str)])
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    files, published, cards = data.get("files"), data.get("published"), data.get("cards")
    if not isinstance(files, list) or not isinstance(published, dict) or \
            not isinstance(cards, dict):
        return None
    return Manifest(files=[p for p in files if isinstance(p, str)],
                    fingerprint=data.get("fingerprint"), published=published,
                    cards={k: v for k, v in cards.items() if isinstance(v, str)})


@dataclass
class State:
    """What the site is built from now: the fingerprint and every source's revisions."""

    fingerprint: str
    revisions: dict[str, list[revs.Revision]]

    @cached_property
    def published(self) -> dict[str, dict]:
        """Each source's revision count and their digest, as the manifest keeps them."""
        return {source: {"count": len(all_revs), "digest": revs.digest(all_revs)}
                for source, all_revs in self.revisions.items()}

    def digest(self, source: str, count: int) -> str:
        """The digest of the source's first `count` revisions."""
        all_revs = self.revisions[source]
        return self.published[source]["digest"] if count == len(all_revs) else \
            revs.digest(all_revs[:count])


def current(store: Store, config, sources, catalog: list[str]) -> State:
    """The state of the store and configuration that a build now would show
    (`catalog`: the operator's card list, as read)."""
    return State(fingerprint(store, config, sources, catalog),
                 {s.id: revs.revisions(store, s.id) for s in sources})


def fingerprint(store: Store, config, sources, catalog: list[str]) -> str:
    """A hash of everything besides the revisions that goes into every page."""
    # the pages' words come from the whole package (diffs/report.py words a change,
    # model.py labels a section), so all of its code and templates count
    package = code.PACKAGE
    files = [p for p in sorted([*package.rglob("*.py"), *package.rglob("templates/*")])
             if p.is_file()]
    facts = {"rookery": __version__, "jinja2": _version("jinja2"),
             "feedgen": _version("feedgen"), "code": code.digest(files),
             "base_url": config.base_url, "author": config.author,
             "zone": str(store.zone), "cards": catalog,
             "sources": [[s.id, s.title, s.author] for s in sources]}
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()


def present(root: Path) -> set[str]:
    """The files in the site folder, by path relative to it."""
    found = set()
    for folder, _dirs, names in os.walk(root):
        inside = Path(folder).relative_to(root).as_posix()
        found.update(names if inside == "." else (f"{inside}/{name}" for name in names))
    return found


def plan(store: Store, previous: Manifest | None, state: State,
         files: set[str]) -> tuple[Selection | None, str]:
    """(the pages to render, why): None for every page, else the pages that the
    revisions new since the previous build change. `files`: those the folder holds."""
    if previous is None:
        return None, "no earlier build in this folder"
    if previous.fingerprint is None:
        return None, "the earlier build was made by an older rookery"
    if previous.fingerprint != state.fingerprint or \
            set(previous.published) != set(state.revisions):
        return None, "the configuration, the templates or rookery changed"
    if not files.issuperset(previous.files):
        return None, "files of the earlier build are missing"
    selection = Selection()
    for source, all_revs in state.revisions.items():
        done = previous.published[source]
        count = done.get("count") if isinstance(done, dict) else None
        if not isinstance(count, int) or not 0 <= count <= len(all_revs) or \
                state.digest(source, count) != done.get("digest"):
            return None, f"the store no longer holds the revisions of {source} last published"
        for rev in all_revs[count:]:
            before = all_revs[rev.number - 2] if rev.number > 1 else None
            selection.new += 1
            selection.revisions.setdefault(source, set()).update(
                {rev.number} | ({before.number} if before else set()))
            selection.sections.setdefault(source, set()).update(
                touched(store, rev, before))
            for flag in revs.flags(store, rev):
                for ref in flag.sections:
                    if ref.get("item") is not None:
                        selection.sections.setdefault(ref["source"], set()).add(ref["item"])
    if selection.empty:
        return selection, "nothing new"
    return selection, f"{selection.new} new revision{'' if selection.new == 1 else 's'}"


def follow_cards(selection: Selection, previous: Manifest | None, index) -> None:
    """Add to the selection the cards whose pages change (their timelines differ from
    what the last build showed: a new revision names them, or a new erratum or list
    entry makes a name known), and the revision pages that name those cards (a name
    newly known is linked from the older revisions that named it all along)."""
    shown = previous.cards if previous is not None else {}
    for key, card in index.cards.items():
        digest = card.digest()
        if shown.get(key) == digest:
            continue
        selection.cards.add(key)
        selection.card_index = True
        if shown.get(key, "").rpartition("-")[2] != digest.rpartition("-")[2]:
            for source, number in card.at():  # new, or named anew: its links change
                selection.revisions.setdefault(source, set()).add(number)
    if set(shown) - set(index.cards):  # a card no longer named: the index loses it
        selection.card_index = True


def touched(store: Store, rev: revs.Revision, before: revs.Revision | None) -> set[int]:
    """The items of the revision's source whose history page the revision changes."""
    items = {item for item, _change in revs.recorded_changes(store, rev)}
    held_before = dict(revs.held_items(store, before)) if before else {}
    items |= {item for item, section in revs.held_items(store, rev)
              if held_before.get(item) != section}  # new, or a new stored version
    return items




def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None
