"""Every card's timeline, from the store: each section of every watched document that
names the card, added, changed or removed, oldest first; and each list the card stood
on (restricted, banned, pods...), from the revision that put it there to the one that
took it off. Lists and their groups are read from the documents' own headings."""
from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from ..model import Change, Kind, Section, title_key
from ..store import Store
from ..store import revisions as revs
from ..store import sweep
from .names import Entry, Finder, card_key, entries, entry, plain_name


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
    since: revs.Revision
    last: revs.Revision
    until: revs.Revision | None = None
    until_item: int | None = None  # the list section that held it last
    formerly: list[str] = field(default_factory=list)  # the list's earlier names


@dataclass
class Moment:
    """One thing that happened to a card in one revision of one document."""

    revision: revs.Revision
    item: int  # the section's identity (its history page)
    what: str  # "first" (in a first import), "added", "modified", "removed",
    #            "listed", "unlisted"
    section: Section  # as it read then: after the change, or before it for a removal
    change: Change | None = None
    listing: Listing | None = None

    @property
    def source(self) -> str:
        return self.revision.source_id


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
                 [[m.source, m.revision.id, m.item, m.what, m.section.label]
                  for m in self.moments],
                 [[s.source, s.name, s.formerly, s.group, s.since.id,
                   s.until.id if s.until else None] for s in self.listings]]
        link = hashlib.sha256(json.dumps([self.name, self.slug]).encode()).hexdigest()[:8]
        return hashlib.sha256(json.dumps(facts).encode()).hexdigest()[:16] + "-" + link


@dataclass
class CardIndex:
    cards: dict[str, Card]  # by key, for cards the documents name
    known: int  # names known (cited by errata or lists, or from the card list)

    def by_revision(self) -> dict[tuple[str, int], list[Card]]:
        """The cards each revision (source, number) names in its changes."""
        out: dict[tuple[str, int], list[Card]] = defaultdict(list)
        for card in self.sorted():
            for place in sorted(card.at()):
                out[place].append(card)
        return out

    def sorted(self) -> list[Card]:
        return sorted(self.cards.values(), key=lambda c: (sort_name(c.name), c.key))


def build(store: Store, source_ids: list[str], catalog: list[str] = ()) -> CardIndex:
    """Every card the watched documents name, with its timeline (`catalog`: more names,
    from the operator's card list)."""
    read = []
    for source in source_ids:
        held, changed = sweep.held_by_revision(store, source), \
            sweep.changes_by_revision(store, source)
        read += [(source, rev, held.get(rev.id, []), changed.get(rev.id, []))
                 for rev in revs.revisions(store, source)]
    cited: dict[str, list[Entry]] = defaultdict(list)
    for _source, _rev, held, _changes in read:
        for _item, section in held:
            for e in cited_by(section):
                cited[e.key].append(e)
    names = {plain_name(n) for n in catalog} | {e.name for es in cited.values() for e in es}
    finder = Finder(names)
    groups = group_titles(s for _src, _rev, held, _ch in read for _i, s in held)
    cards: dict[str, Card] = {}

    def card(key: str) -> Card:
        if key not in cards:
            printed = cited.get(key, [])
            name = printed[-1].name if printed else \
                next(n for n, k in finder.names.items() if k == key)
            cards[key] = Card(key, name, printings=list(dict.fromkeys(
                e.printing for e in printed if e.printing)))
        return cards[key]

    for source in source_ids:
        rows = [r for r in read if r[0] == source]
        for _source, rev, held, changes in rows:
            if rev.number == 1:
                for item, section in held:
                    if section.kind != Kind.LIST:
                        for key in named(section, finder):
                            card(key).moments.append(Moment(rev, item, "first", section))
            for item, change in changes:
                if Kind.LIST in (getattr(change.old, "kind", None),
                                 getattr(change.new, "kind", None)):
                    continue  # a list's entries are states (below), not changes
                keys = named(change.old, finder) | named(change.new, finder)
                for key in keys:
                    card(key).moments.append(Moment(rev, item, str(change.type),
                                                    change.new or change.old, change))
        held_at = {r.id: dict(h) for _s, r, h, _c in rows}
        for stay in _listings(source, [(rev, held) for _s, rev, held, _c in rows], groups):
            c = card(stay.entry.key)
            c.listings.append(stay)
            section = held_at[stay.since.id][stay.item]
            c.moments.append(Moment(stay.since, stay.item, "listed", section, listing=stay))
            if stay.until is not None:
                before = held_at[stay.last.id].get(stay.until_item, section)
                c.moments.append(Moment(stay.until, stay.until_item, "unlisted", before,
                                        listing=stay))
    order = {source: k for k, source in enumerate(source_ids)}
    for c in cards.values():
        c.moments.sort(key=lambda m: (m.revision.instant, order[m.source], m.revision.number))
        c.listings.sort(key=lambda s: (s.since.instant, order[s.source], s.name))
    _slugs(cards)
    return CardIndex(cards, known=len(set(finder.names.values())))


def cited_by(section: Section) -> list[Entry]:
    """The cards a section cites as "Name (Pack, Number)": an erratum by its title, a
    list by its lines."""
    if section.kind == Kind.ERRATA and section.title:
        found = entry(section.title)
        return [found] if found else []
    if section.kind == Kind.LIST:
        return list(entries(section.text))
    return []


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


def group_titles(sections) -> set[str]:
    """Titles of list sections that stand under more than one heading (the factions
    each restricted and banned list is divided by): groups within a list, not lists."""
    parents: dict[str, set] = defaultdict(set)
    for s in sections:
        if s.kind == Kind.LIST and s.title and s.path:
            parents[title_key(s.title)].add(title_key(s.path[-1]))
    return {title for title, under in parents.items() if len(under) > 1}


def list_of(section: Section, groups: set[str]) -> tuple[str, str | None]:
    """(the list, the group in it) a list section holds entries of."""
    if section.path and section.title and title_key(section.title) in groups:
        return section.path[-1], section.title
    return section.title or (section.path[-1] if section.path else "List"), None


def _listings(source: str, history, groups: set[str]) -> list[Listing]:
    """The stays on lists of every card in one source's revisions (oldest first). A list
    whose heading is reworded ("Banned Cards" → "Joust Banned List": the old name gone
    from the revision, the card under a name new to it) keeps its stays, and they
    remember the names it had."""
    open_: dict[tuple[str, str], Listing] = {}  # (card, list) → its stay
    done: list[Listing] = []
    present_before: set[str] = set()
    for rev, held in history:
        now: dict[tuple[str, str], tuple[Entry, str | None, int, str]] = {}
        present = set()
        for item, section in held:
            if section.kind == Kind.LIST:
                name, group = list_of(section, groups)
                present.add(title_key(name))
                for e in entries(section.text):
                    now.setdefault((e.key, title_key(name)), (e, group, item, name))
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
        for key, (e, group, item, name) in now.items():
            stay = open_.setdefault(key, Listing(source, name, group, e, item, rev, rev))
            stay.last = rev
            stay.entry, stay.group, stay.until_item = e, group, item
        present_before = present
    return done + list(open_.values())


def sort_name(name: str) -> str:
    """How the index orders names: without case, accents, quotes or a leading "The"."""
    text = unicodedata.normalize("NFKD", card_key(name))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"^(the|a|an) ", "", text)


def _slugs(cards: dict[str, Card]) -> None:
    """Each card's page name: ASCII words and hyphens. Two names that would share one
    (they differ only in punctuation) leave it to the card named first, and the other
    gets a short hash of its key: new revisions never move a card's page."""
    def first_named(card: Card):
        return min((m.revision.id for m in card.moments), default=0), card.key

    taken: set[str] = set()
    for card in sorted(cards.values(), key=first_named):
        text = unicodedata.normalize("NFKD", card.key).encode("ascii", "ignore").decode()
        slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
        if not slug or slug in taken:
            slug = f"{slug or 'card'}-{hashlib.sha256(card.key.encode()).hexdigest()[:8]}"
        taken.add(slug)
        card.slug = slug
