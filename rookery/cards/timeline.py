"""Every card's timeline: each section of every watched document that names the card,
added, changed or removed, oldest first; and each list the card stood on (restricted,
banned, pods...), from the revision that put it there to the one that took it off. Lists
and their groups are read from the documents' own headings. Assembled from each
revision's card facts (facts.py), which a publish keeps between builds."""
from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from ..feeds.names import card_page
from ..model import Change, Kind, Section, title_key
from ..store import Store
from ..store import revisions as revs
from .facts import Facts, Kept, VersionFacts, cited_by, gather
from .names import Entry, Finder, card_key, entries
from .texts import Texts

@dataclass
class Listing:
    """A stay on a list: from the revision that listed the card (`since`) to the last
    one that did (`last`); `until` is the revision that no longer does (None: it still
    does)."""

    source: str
    name: str  # the list, as its heading reads: "Joust Restricted List"
    group: str | None  # the heading within it the card stands under: "Greyjoy"
    entry: Entry
    item: int  # the list section that held the entry when it came
    version: int  # that section's stored version then
    since: revs.Revision
    last: revs.Revision
    until: revs.Revision | None = None
    until_item: int | None = None  # the list section that held it last
    last_version: int | None = None  # and its stored version then
    formerly: list[str] = field(default_factory=list)  # the list's earlier names


@dataclass
class Moment:
    """One thing that happened to a card in one revision of one document. The section
    (and the change) are read from the store when first asked for: the index and the
    links need only its kind and label."""

    revision: revs.Revision
    item: int  # the section's identity (its history page)
    what: str  # "first" (in a first import), "added", "modified", "removed",
    #            "listed", "unlisted"
    version: int  # the section as it read then (after the change, or before a removal)
    kind: str
    label: str
    texts: Texts = field(repr=False, compare=False)
    at: int | None = None  # the change's position in its revision
    listing: Listing | None = None

    @property
    def source(self) -> str:
        return self.revision.source_id

    @property
    def section(self) -> Section:
        return self.texts.section(self.version)

    @property
    def change(self) -> Change | None:
        return None if self.at is None else self.texts.change(self.revision.id, self.at)


@dataclass
class Card:
    key: str
    name: str  # as the documents last printed it
    slug: str = ""
    printings: list[str] = field(default_factory=list)  # "Fury of the Storm, 30"
    moments: list[Moment] = field(default_factory=list)
    listings: list[Listing] = field(default_factory=list)

    @property
    def current(self) -> list[Listing]:
        return [stay for stay in self.listings if stay.until is None]

    def at(self) -> set[tuple[str, int]]:
        """The revisions (source, number) its timeline names."""
        return {(m.source, m.revision.number) for m in self.moments}

    def digest(self) -> str:
        """A hash of what its page and feeds show, then of how other pages link it
        ("page-link"): another first part, another page; another second part, every
        revision page that names it changes too."""
        facts = [self.name, self.slug, self.printings,
                 [[m.source, m.revision.id, m.item, m.what, m.label] for m in self.moments],
                 [[s.source, s.name, s.formerly, s.group, s.since.id,
                   s.until.id if s.until else None] for s in self.listings]]
        link = hashlib.sha256(json.dumps([self.name, self.slug]).encode()).hexdigest()[:8]
        return hashlib.sha256(json.dumps(facts).encode()).hexdigest()[:16] + "-" + link


@dataclass
class CardIndex:
    cards: dict[str, Card]  # by key, for cards the documents name
    facts: Facts  # what it was assembled from, and what to keep for the next build

    def by_revision(self) -> dict[tuple[str, int], list[Card]]:
        """The cards each revision (source, number) names in its changes."""
        out: dict[tuple[str, int], list[Card]] = defaultdict(list)
        for card in self.sorted():
            for place in sorted(card.at()):
                out[place].append(card)
        return out

    def sorted(self) -> list[Card]:
        return sorted(self.cards.values(), key=lambda c: (sort_name(c.name), c.key))

    def read(self, cards: list[Card]) -> None:
        """Read the sections and changes the cards' timelines show, in two queries."""
        moments = [m for card in cards for m in card.moments]
        self.facts.texts.sections({m.version for m in moments})
        self.facts.texts.changes({(m.revision.id, m.at) for m in moments if m.at is not None})


def build(store: Store, source_ids: list[str], catalog: list[str] = (),
          kept: Kept | None = None,
          known: dict[str, list[revs.Revision]] | None = None) -> CardIndex:
    """Every card the watched documents name, with its timeline (`catalog`: more names,
    from the operator's card list). `kept`: the card facts an earlier build kept;
    `known`: each source's revisions, as read already."""
    history = {s: known[s] if known is not None and s in known else
               revs.revisions(store, s) for s in source_ids}
    facts = gather(store, history, list(catalog), kept)
    cards = _Cards(facts, history)
    groups = group_titles((f.title, f.parent) for _rev, lists in cards.lists()
                          for _item, _v, f in lists)
    for source, source_revs in history.items():
        for rev in source_revs:
            for key, moment in _said(rev, facts):
                cards[key].moments.append(moment)
        for stay in _listings(source, cards.lists(source), groups):
            _stay_moments(cards[stay.entry.key], stay, facts)
    order = {source: k for k, source in enumerate(source_ids)}
    for c in cards.made.values():
        c.moments.sort(key=lambda m: (m.revision.instant, order[m.source], m.revision.number))
        c.listings.sort(key=lambda s: (s.since.instant, order[s.source], s.name))
    _slugs(cards.made)
    return CardIndex(cards.made, facts)


class _Cards:
    """The cards as the timelines find them, each made when first named: its name as
    the documents last cite it (else as the card list spells it), and its printings."""

    def __init__(self, facts: Facts, history: dict[str, list[revs.Revision]]):
        self.facts, self.history = facts, history
        self.made: dict[str, Card] = {}
        self.cited: dict[str, list[Entry]] = defaultdict(list)
        for source_revs in history.values():
            for rev in source_revs:
                for v in facts.revisions[rev.id].cites:
                    for e in facts.versions[v].cited:
                        self.cited[e.key].append(e)

    def __getitem__(self, key: str) -> Card:
        if key not in self.made:
            printed = self.cited.get(key, [])
            name = printed[-1].name if printed else \
                next(n for n, k in self.facts.finder.names.items() if k == key)
            self.made[key] = Card(key, name, printings=list(dict.fromkeys(
                e.printing for e in printed if e.printing)))
        return self.made[key]

    def lists(self, source: str | None = None):
        """(revision, its lists as (item, version, facts)) of one source's revisions,
        or of every source's."""
        for s in [source] if source else self.history:
            for rev in self.history[s]:
                yield rev, [(item, v, self.facts.versions[v]) for item, v in
                            self.facts.revisions[rev.id].lists]


def _said(rev: revs.Revision, facts: Facts):
    """(card key, moment) for each card a first revision's sections name, and each card
    a change names before or after it (a list's entries are states: see _listings)."""
    f = facts.revisions[rev.id]
    for item, v in f.first:
        for key in facts.versions[v].keys():
            yield key, _moment(facts, rev, item, "first", v)
    for position, item, what, old, new in f.changes:
        sides = [v for v in (old, new) if v is not None]
        for key in set().union(*(facts.versions[v].keys() for v in sides)):
            yield key, _moment(facts, rev, item, what, sides[-1], position)


def _stay_moments(card: Card, stay: Listing, facts: Facts) -> None:
    """The stay on the card's record, and its timeline's "listed" (and "unlisted")."""
    card.listings.append(stay)
    card.moments.append(_moment(facts, stay.since, stay.item, "listed", stay.version,
                                listing=stay))
    if stay.until is not None:
        card.moments.append(_moment(facts, stay.until, stay.until_item, "unlisted",
                                    stay.last_version, listing=stay))


def _moment(facts: Facts, rev: revs.Revision, item: int, what: str, version: int,
            at: int | None = None, listing: Listing | None = None) -> Moment:
    v = facts.versions[version]
    return Moment(rev, item, what, version, Kind(v.kind), v.label, facts.texts, at, listing)


def named(section: Section | None, finder: Finder) -> set[str]:
    """The keys of the cards a section names: the card an erratum is about, and the
    known names in its title, question and text."""
    if section is None:
        return set()
    keys = {e.key for e in cited_by(section)}
    for text in (section.title, section.question, section.text):
        keys |= finder.keys(text)
    return keys


def changed_cards(change: Change, finder: Finder) -> set[str]:
    """The cards a change says something new of, as their timelines tell it: for a list,
    the cards it puts on or takes off (not the ones it leaves there, however their line
    is reworded); for any other section, every card it names, before or after."""
    if Kind.LIST in (getattr(change.old, "kind", None), getattr(change.new, "kind", None)):
        old, new = ({e.key for e in entries(s.text)} if s else set()
                    for s in (change.old, change.new))
        return old ^ new
    return named(change.old, finder) | named(change.new, finder)


def group_titles(lists) -> set[str]:
    """Titles of lists that stand under more than one heading (the factions each
    restricted and banned list is divided by): groups within a list, not lists.
    `lists`: (title, the heading above it) of every list section."""
    parents: dict[str, set] = defaultdict(set)
    for title, parent in lists:
        if title and parent:
            parents[title_key(title)].add(title_key(parent))
    return {title for title, under in parents.items() if len(under) > 1}


def list_of(facts: VersionFacts, groups: set[str]) -> tuple[str, str | None]:
    """(the list, the group in it) a list section holds entries of."""
    if facts.parent and facts.title and title_key(facts.title) in groups:
        return facts.parent, facts.title
    return facts.title or facts.parent or "List", None


def _listings(source: str, history, groups: set[str]) -> list[Listing]:
    """The stays on lists of every card in one source's revisions (oldest first;
    `history`: each revision with its lists by item). A list whose heading is reworded
    ("Banned Cards" → "Joust Banned List": the old name gone from the revision, the card
    under a name new to it) keeps its stays, and they remember the names it had."""
    open_: dict[tuple[str, str], Listing] = {}  # (card, list) → its stay
    done: list[Listing] = []
    present_before: set[str] = set()
    for rev, lists in history:
        now, present = _on_lists(lists, groups)
        for (card, lst), stay in list(open_.items()):
            if (card, lst) in now:
                continue
            renamed = [key for key in now if key[0] == card and key not in open_ and
                       key[1] not in present_before] if lst not in present else []
            del open_[(card, lst)]
            if len(renamed) == 1:
                stay.formerly.append(stay.name)
                stay.name = now[renamed[0]][3]
                open_[renamed[0]] = stay
            else:
                stay.until = rev
                done.append(stay)
        for key, (e, group, item, name, version) in now.items():
            stay = open_.setdefault(key, Listing(source, name, group, e, item, version,
                                                 rev, rev))
            stay.last, stay.last_version = rev, version
            stay.entry, stay.group, stay.until_item = e, group, item
        present_before = present
    return done + list(open_.values())


def _on_lists(lists: list[tuple[int, int, VersionFacts]], groups: set[str]):
    """({(card key, list key): (entry, group, item, list name, version)}, the lists'
    keys) of one revision's lists: a card's first entry on each list."""
    now: dict[tuple[str, str], tuple] = {}
    present = set()
    for item, version, facts in lists:
        name, group = list_of(facts, groups)
        present.add(title_key(name))
        for e in facts.cited:
            now.setdefault((e.key, title_key(name)), (e, group, item, name, version))
    return now, present


def sort_name(name: str) -> str:
    """How the index orders names: without case, accents, quotes or a leading "The"."""
    text = unicodedata.normalize("NFKD", card_key(name))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"^(the|a|an) ", "", text)


def _slugs(cards: dict[str, Card]) -> None:
    """Each card's page name: ASCII words and hyphens, as the site names pages
    (feeds/names.py: never the card index's, never too long for a file name). Two names
    that would share one (they differ only in punctuation) leave it to the card named
    first, and the other gets a short hash of its key: new revisions never move a card's
    page."""
    def first_named(card: Card):
        return min((m.revision.id for m in card.moments), default=0), card.key

    taken: set[str] = set()
    for card in sorted(cards.values(), key=first_named):
        text = unicodedata.normalize("NFKD", card.key).encode("ascii", "ignore").decode()
        slug = card_page(re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-"), card.key)
        if not slug or slug in taken:
            slug = f"{slug or 'card'}-{hashlib.sha256(card.key.encode()).hexdigest()[:8]}"
        taken.add(slug)
        card.slug = slug
