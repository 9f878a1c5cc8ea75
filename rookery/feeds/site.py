"""The published site: changelog pages (Jinja2, autoescaped) and feeds, from the store.

Layout, with permalinks that survive rebuilds (revision numbers and section ids are the
store's own):

    index.html, feed.atom, feed.rss            every watched document
    SOURCE/index.html, SOURCE/feed.{atom,rss}  one document's revisions
    SOURCE/revisions/N.html, N.json            one revision: a summary, then every change,
                                               word by word (summary.py, display.py)
    SOURCE/sections/ID.html, ID.{atom,rss}     one section through all its versions, with
                                               every alert that names it (history.py)
    cards/index.html, cards/SLUG.{html,atom,rss}  the cards the documents name, and each
                                               card's timeline (cards.py)

Publishing renders only the pages that the revisions new since the last build change
(incremental.py decides which, from the build manifest in the site folder), and writes
only the files whose bytes changed; when it cannot tell what is new it renders every page.
Each revision's card facts are kept beside the pages (CARD_FACTS, cards/facts.py), so the
card index reads only new revisions' sections.
`full` renders and rewrites every file, and removes files an earlier build made that are
no longer part of the site. Either way the folder ends up as a full build would make it,
and in one step: the files that change go into a new build, which the site folder then
serves (builds.py). Names on disk come from the site's own scheme (names.py).
"""
from __future__ import annotations

import functools
import json
import os
import tempfile
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path

from ..config import Config
from ..errors import UsageError
from ..diffs.compare import grouped
from ..diffs.publisher import PublisherAccount, account
from ..diffs.publisher_words import lines as publisher_lines
from ..diffs.publisher_words import to_json as publisher_json
from ..diffs.report import change_json, phrases, sentence
from ..model import Change, Renumbering
from ..store import Store
from ..store import revisions as revs
from ..cards import facts as card_facts
from ..cards import timeline as cards_of
from ..cards.words import card_url, revision_url
from . import alerts as alerts_of
from . import builds, display, folding
from . import incremental
from .cards import card_pages
from .feeds import MAX_ITEMS, Item
from .history import section_pages
from .incremental import Selection
from .names import source_folder
from .render import feed, feed_files, item, page
from .summary import arranged, badges, details, flagged, headline

# a page lists this many cards named, or sections of a first revision, at once; a longer
# list is folded behind its count (a phone's screen holds a few dozen short lines)
LISTED = 12
MANIFEST = ".rookery-site.json"  # what the last build made and showed (incremental.py)
CARD_FACTS = ".rookery-cards.json"  # each revision's card facts (cards/facts.py)


@dataclass
class PublishReport:
    written: int
    unchanged: int  # rendered, and the same bytes as the file already there
    removed: int
    mode: str = "full"  # "full" (asked for), "all" (every page: see reason), "incremental"
    reason: str = ""  # why every page was rendered, or what the incremental build followed
    facts_read: int = 0  # revisions whose card facts were read from the store (not kept)
    names_searched: int = 0  # kept sections searched again for card names newly known

    @property
    def total(self) -> int:
        """Files rendered: every file of the site, or the few new revisions touch."""
        return self.written + self.unchanged


@dataclass
class _Source:
    id: str
    title: str
    author: str  # the author its feeds name: the document's publisher, or the site's


class _Entry:
    """One revision as the pages list it. What it changed is read from the store when a
    page first asks: an incremental build lists every revision but reads few of them."""

    def __init__(self, store: Store, source: _Source, rev: revs.Revision,
                 before: revs.Revision | None = None):
        self.store, self.source, self.rev, self.before = store, source, rev, before
        self.details = details(before, rev)  # its version details, as they changed

    @cached_property
    def recorded(self) -> list[tuple[int, Change]]:
        return revs.recorded_changes(self.store, self.rev)

    @cached_property
    def flags(self) -> list[revs.StoredFlag]:
        return revs.flags(self.store, self.rev)

    @property
    def changes(self) -> list[Change]:
        return [c for _item, c in self.recorded]

    @cached_property
    def publisher(self) -> PublisherAccount | None:
        """What the release says it changed, against what did (None: it neither lists nor
        marks its changes, or it is the first revision)."""
        if self.before is None:
            return None
        return account(revs.document(self.store, self.before),
                       revs.document(self.store, self.rev), self.changes)

    @property
    def publisher_lines(self) -> list[str]:
        return publisher_lines(self.publisher) if self.publisher is not None else []

    @cached_property
    def line(self) -> str:
        """What it changed, in a line (its alerts are said apart, as badges)."""
        return headline(self.changes, self.details) if self.rev.number > 1 else \
            f"first recorded, {self.rev.sections} sections"

    @property
    def headline(self) -> str:
        """The line with its alerts in words, for feed titles and the JSON."""
        return self.line + flagged(self.flags)

    @property
    def badges(self) -> list[tuple[str, int]]:
        return badges(self.flags)

    @property
    def in_feeds(self) -> bool:
        """A feed announces what changed: every revision but a first import (unless that
        raised alerts)."""
        return self.rev.number > 1 or bool(self.flags)


def build(store: Store, config: Config, only: Selection | None = None,
          known: dict[str, list[revs.Revision]] | None = None,
          cards: cards_of.CardIndex | None = None) -> dict[str, bytes]:
    """Every file of the site, by path relative to its root; with `only`, the files of
    the pages it selects. `known`: each source's revisions, as read already (a revision
    recorded since is left for the next build); `cards`: the card index, as built
    already."""
    files: dict[str, bytes] = {}
    if cards is None:
        cards = card_index(store, config, config.card_names(), known=known)
    on_revision = cards.by_revision()
    if only is None:
        files["style.css"] = resources.files("rookery.feeds").joinpath(
            "templates/style.css").read_bytes()
    base = config.base_url
    sources, latest, everything = [], [], []
    listed = []  # (source, its revisions, their entries)
    for source in _sources(store, config):
        all_revs = known[source.id] if known and source.id in known else \
            revs.revisions(store, source.id)
        listed.append((source, all_revs, [_Entry(store, source, rev, before) for before, rev
                                          in zip([None, *all_revs], all_revs)]))
    titles = {source.id: source.title for source, _revs, _entries in listed}
    # every source's alerts by the sections they name: read once, and only when a
    # section page is rendered
    alerts = functools.cache(lambda: alerts_of.by_section(
        [e for _source, _revs, entries in listed for e in entries]))
    for source, all_revs, entries in listed:
        wanted = None if only is None else only.revisions.get(source.id, set())
        for entry in entries:
            if wanted is None or entry.rev.number in wanted:
                files.update(_revision_pages(entry, all_revs, base, on_revision.get(
                    (source.id, entry.rev.number), [])))
        feed_entries = [e for e in entries if e.in_feeds]
        everything += feed_entries
        latest += entries
        if only is None or source.id in only.sources:
            folder = source_folder(source.id)
            files[f"{folder}/index.html"] = page(
                "source.html", 1, [feed(source.title, f"{folder}/feed", "Document")],
                source=source, revisions=list(reversed(entries)))
            files.update(feed_files(f"{folder}/feed", source.title,
                                    f"Changes to {source.title}, release by release.",
                                    f"{base}{folder}/index.html", base,
                                    _items(base, feed_entries), source.author))
        files.update(section_pages(store, source, base, {e.rev.id: e.rev for e in entries},
                                   alerts, titles,
                                   None if only is None else only.sections.get(source.id, ())))
        sources.append({"id": source.id, "title": source.title, "count": len(all_revs),
                        "latest": all_revs[-1] if all_revs else None})
    files.update(card_pages(cards, titles, base, config.author,
                            None if only is None else only.cards,
                            only is None or only.card_index))
    if only is None or not only.empty:
        latest.sort(key=lambda e: (e.rev.date, e.rev.id), reverse=True)
        files["index.html"] = page("index.html", 0,
                                   [feed("All documents", "feed", "All documents")],
                                   sources=sources, latest=latest[:30],
                                   cards=len(cards.cards))
        files.update(feed_files("feed", "rookery: all watched documents",
                                "Every change to every watched rules document.",
                                f"{base}index.html", base, _items(base, everything),
                                config.author))
    return files


def publish(store: Store, config: Config, out: Path | None = None,
            full: bool = False) -> PublishReport:
    """Write the site into `out` (default: the configured site folder): the pages that
    revisions new since the last build change, or (`full`, or when the folder's manifest
    cannot say what the last build showed) every page. The files that change go into a
    new build, which the site then serves in one step (builds.py)."""
    root = Path(out or config.site)
    if root.exists() and not root.is_dir():
        raise UsageError(f"{root} is a file, not a folder for the site; give another --out")
    full = full or (root / builds.UNFINISHED).exists()  # a publish in place was cut short
    catalog = config.card_names()
    state = incremental.current(store, config, _sources(store, config), catalog)
    previous = incremental.read(root / MANIFEST)
    present = set() if full or not root.is_dir() else incremental.present(root)
    if full:
        only, reason = None, "a full build was asked for"
    else:
        only, reason = incremental.plan(store, previous, state, present)
    cards = None
    if only is None or not only.empty:  # a full build reads every revision's facts anew
        cards = card_index(store, config, catalog,
                           None if full else card_facts.read(root / CARD_FACTS),
                           state.revisions)
    if only is not None and cards is not None:
        incremental.follow_cards(only, previous, cards)
    files = {} if cards is None else build(store, config, only, state.revisions, cards)
    changed = {path: data for path, data in files.items()
               if full or not _holds(root / path, data)}
    made, stale = set(files), set()
    if previous is not None:
        if full:
            stale = {path for path in set(previous.files) - made if (root / path).is_file()}
        else:  # files of earlier builds stay on the list, for a full build to remove
            made |= present.intersection(previous.files)
    shown = previous.cards if cards is None and previous is not None else \
        {key: card.digest() for key, card in (cards.cards if cards else {}).items()}
    own = {MANIFEST: incremental.Manifest(files=sorted(made), fingerprint=state.fingerprint,
                                          published=state.published, cards=shown).to_bytes()}
    if cards is not None:
        own[CARD_FACTS] = _json_bytes(cards.facts.kept.to_json(), indent=None)
    own = {path: data for path, data in own.items() if not _holds(root / path, data)}
    if changed or stale or own or not root.is_dir():
        with builds.next_build(root) as where:
            for path, data in {**changed, **own}.items():
                _write(where.folder / path, data)
            for path in stale:
                (where.folder / path).unlink(missing_ok=True)
    else:
        builds.tidy(root)
    return PublishReport(written=len(changed), unchanged=len(files) - len(changed),
                         removed=len(stale),
                         mode="full" if full else "all" if only is None else "incremental",
                         reason=reason, facts_read=cards.facts.computed if cards else 0,
                         names_searched=cards.facts.searched if cards else 0)


# ---------------------------------------------------------------- pages

def card_index(store: Store, config: Config, catalog: list[str],
               kept: card_facts.Kept | None = None,
               known: dict[str, list[revs.Revision]] | None = None) -> cards_of.CardIndex:
    """The cards every source's documents name, with their timelines (`catalog`: the
    operator's card list, as read; `kept`: the card facts the last build kept)."""
    return cards_of.build(store, [s.id for s in _sources(store, config)], catalog, kept,
                          known)


def _revision_pages(entry: _Entry, all_revs: list[revs.Revision], base: str,
                    cards: list = ()) -> dict[str, bytes]:
    """The revision's page (linking the cards it names), and the same facts as JSON for
    other tools."""
    source, rev, recorded, flags = entry.source, entry.rev, entry.recorded, entry.flags
    index = rev.number - 1
    named = alerts_of.named(flags, source.id)
    changes = folding.parts(_entries(recorded), named)
    groups = arranged(changes, named)
    # (what the publisher says takes its room on the page as an alert's lines do)
    folding.budget(groups, [f.detail for f in flags] + entry.publisher_lines)
    folder = source_folder(source.id)
    path = f"{folder}/revisions/{rev.number}"
    page_ = page("revision.html", 2, [feed(source.title, f"{folder}/feed", "Document")],
                 source=source, rev=rev, groups=groups, named=named,
                 details=entry.details, marked=_shows_marks(recorded), listed=LISTED,
                 publisher=entry.publisher_lines,
                 on_page={m["item"] for e in changes for m in e.get("part", [e])
                          if "item" in m}, flags=flags,
                 cards=cards,
                 held=revs.held_items(entry.store, rev) if rev.number == 1 else [],
                 previous=all_revs[index - 1] if index > 0 else None,
                 following=all_revs[index + 1] if index + 1 < len(all_revs) else None)
    data = {
        "source": source.id, "title": source.title, "page": f"{base}{path}.html",
        "revision": {"number": rev.number, "version": rev.version, "effective": rev.effective,
                     "label": rev.label, "date": rev.date, "seen_at": rev.seen_at, "published_at": rev.published_at,
                     "url": rev.url, "sections": rev.sections},
        "summary": entry.headline,
        "cards": [{"name": card.name, "page": card_url(base, card)}
                  for card in cards],
        "changes": [{**change_json(c), "history": f"{base}{folder}/sections/{item}.html"}
                    for item, c in recorded],
        "renumberings": [e["run"].to_json() for e in changes if "run" in e],
        "flags": [{"type": f.type, "detail": f.detail,
                   "sections": [{**ref, "history": f"{base}{source_folder(ref['source'])}/sections/"
                                 f"{ref['item']}.html" if ref.get("item") else None}
                                for ref in f.sections]} for f in flags],
    }
    if entry.publisher is not None:
        data["publisher"] = publisher_json(entry.publisher)
    return {f"{path}.html": page_, f"{path}.json": _json_bytes(data)}


def _shows_marks(recorded: list[tuple[int, Change]]) -> bool:
    """Does the revision page highlight words the publisher marked new (in a new
    section's text, or beside a changed one's)? Then its legend says what that means."""
    return any(c.type == "added" and c.new.marks or
               c.type == "modified" and display.publisher_marks(c) for _item, c in recorded)


def _entries(recorded: list[tuple[int, Change]]) -> list[dict]:
    """The changes as the page lists them: a run of renumbered sections as one entry
    (with its members and an anchor), every other change with its section's item."""
    def place(c: Change) -> tuple:  # a change is known by its section's places
        return c.old_index, c.new_index

    item_of = {place(c): item for item, c in recorded}
    out = []
    for entry in grouped([c for _item, c in recorded]):
        if isinstance(entry, Renumbering):
            members = [(item_of[place(c)], c.new) for c in entry.changes]
            out.append({"run": entry, "words": entry.describe(), "members": members,
                        "anchor": f"run-{members[0][0]}"})
        else:
            out.append({"item": item_of[place(entry)], "change": entry,
                        "words": sentence(entry), "phrase": "; ".join(phrases(entry)),
                        "anchor": f"item-{item_of[place(entry)]}"})
    return out


def _items(base: str, entries: list[_Entry]) -> list[Item]:
    """The feed items of the newest entries, as many as a feed holds (the same the feed
    would pick from all of them): only those are read from the store."""
    newest = sorted(entries, key=lambda e: (e.rev.instant, revision_url(base, e.rev)),
                    reverse=True)[:MAX_ITEMS]
    return [item(base, e.source.title, e.rev, e.headline, e.changes, e.flags,
                 publisher=e.publisher_lines) for e in newest]


def _sources(store: Store, config: Config) -> list[_Source]:
    sources = {s.id: _Source(s.id, s.title, s.publisher or config.author)
               for s in config.sources}
    for row in store.sources():  # a source no longer configured keeps its pages
        sources.setdefault(row.id, _Source(row.id, row.title or row.id,
                                              config.author))
    return list(sources.values())


def _json_bytes(data, indent: int | None = 1) -> bytes:
    """JSON with <, > and & escaped: still the same data, and inert if someone serves it
    as HTML or pastes it into a page."""
    text = json.dumps(data, ensure_ascii=False, indent=indent,
                      separators=None if indent is not None else (",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e").encode()


def _holds(target: Path, data: bytes) -> bool:
    """Does the file hold these bytes already?"""
    try:
        return target.read_bytes() == data
    except OSError:  # none there (or a folder where the file should be)
        return False


def _write(target: Path, data: bytes) -> None:
    """Replace the file in one step: a reader sees the old page or the new one. The file
    gets the permissions a plain write would give it (a web server must read it)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
    with os.fdopen(handle, "wb") as f:
        f.write(data)
        os.fchmod(f.fileno(), 0o666 & ~_UMASK)
    os.replace(temp, target)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _umask()
