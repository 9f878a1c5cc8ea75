"""Revisions of a source: record one (with its section versions and changes), read them
back, and follow one section through all of them."""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass

from sqlalchemy import select, text

from ..errors import UsageError
from ..model import (Change, Document, DocumentDiff, Flag, Section, number_matches,
                     reading_to_dict)
from . import outbox
from . import schema as t
from .codec import section_from_dict, section_hash, section_json
from .records import Revision  # the record revisions are handed out as
from .store import Store, now


class AlreadyRecorded(UsageError):
    """The source moved on while this revision was being made (another worker's)."""

    def __init__(self, latest: "Revision"):
        super().__init__(f"{latest.source_id} revision {latest.number} was recorded meanwhile; "
                         "nothing to do")
        self.latest = latest


def digest(revisions: list[Revision]) -> str:
    """A hash of the revisions' stored facts, for those who keep work done on them
    (another store's revision 7 is not ours)."""
    facts = [r.to_json() for r in revisions]
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()


def add_revision(store: Store, source_id: str, doc: Document, diff: DocumentDiff | None,
                 body_sha: str, url: str | None, published_at: str | None = None,
                 link_label: str | None = None, flags: list[Flag] = (),
                 others: list[Document] = (), notify: list[str] = (),
                 after: Revision | None | bool = False) -> Revision:
    """Record `doc` as the source's next revision. `diff` is the comparison with the latest
    revision's document as returned by `document()` (None for the first revision): its
    pairs carry each section's identity forward. `flags` are the revision's ruling
    alerts; sections of other sources in them are found in `others` (documents read from
    the store, whose keys are their items). `notify` names the targets owed a message
    about it: their deliveries are recorded in the same transaction. `after` is the
    latest revision the diff was made against, when the caller read it: if the source
    has moved on since (another worker), AlreadyRecorded is raised and nothing written."""
    with store.transaction() as db:
        row = db.execute(select(t.revisions).where(t.revisions.c.source_id == source_id)
                         .order_by(t.revisions.c.number.desc()).limit(1)).mappings().first()
        previous = Revision.of(row, store.zone) if row else None
        if after is not False and (previous.id if previous else None) != \
                (after.id if after else None):
            raise AlreadyRecorded(previous)
        held = _held(db, previous.id) if previous else []
        counts = {t: sum(c.type == t for c in diff.changes) if diff else 0
                  for t in ("added", "removed", "modified")}
        if diff is None:
            counts["added"] = len(doc.sections)
        revision_id = db.execute(t.revisions.insert().values(
            source_id=source_id, number=previous.number + 1 if previous else 1,
            body_sha256=body_sha, url=url, version=doc.version, effective=doc.effective,
            title=doc.title, format=doc.format, link_label=link_label,
            sections=len(doc.sections), added=counts["added"], removed=counts["removed"],
            modified=counts["modified"], seen_at=now(precise=True), published_at=published_at,
            reading=json.dumps(reading_to_dict(doc.reading), ensure_ascii=False)
            if doc.reading else None)
            .returning(t.revisions.c.id)).scalar_one()
        pairs = dict((j, i) for i, j in diff.pairs) if diff else {}
        new_version_of: dict[int, tuple[int, int]] = {}
        held_rows: list[dict] = []
        for position, section in enumerate(doc.sections):
            old = held[pairs[position]] if position in pairs else None
            digest = section_hash(section)
            if old is None:
                item_id = db.execute(t.items.insert().values(
                    source_id=source_id, first_revision=revision_id)
                    .returning(t.items.c.id)).scalar_one()
            else:
                item_id = old["item_id"]
            if old is not None and old["hash"] == digest:
                version_id = old["version_id"]
            else:
                # the search index follows by itself (a trigger on versions)
                version_id = db.execute(t.versions.insert().values(
                    item_id=item_id, revision_id=revision_id, hash=digest,
                    section=section_json(section)).returning(t.versions.c.id)).scalar_one()
            new_version_of[position] = (item_id, version_id)
            held_rows.append(dict(revision_id=revision_id, position=position, item_id=item_id,
                                  version_id=version_id))
        if held_rows:
            db.execute(t.revision_items.insert(), held_rows)
        if diff is not None:
            for position, change in enumerate(diff.changes):
                old = held[change.old_index] if change.old is not None else None
                new = new_version_of[change.new_index] if change.new is not None else None
                db.execute(t.changes.insert().values(
                    revision_id=revision_id, position=position, type=str(change.type),
                    item_id=new[0] if new else old["item_id"],
                    old_version_id=old["version_id"] if old else None,
                    new_version_id=new[1] if new else None,
                    text_changed=int(change.text_changed), renumbered=int(change.renumbered),
                    retitled=int(change.retitled), moved=int(change.moved),
                    similarity=change.similarity,
                    ops=json.dumps(change.ops, ensure_ascii=False)))
        by_source = {d.source: d for d in others}

        def item_at(place) -> tuple[str | None, int | None]:
            where, index = place
            if where == "new":
                return source_id, new_version_of[index][0]
            if where == "old":
                return source_id, held[index]["item_id"]
            other = by_source.get(where)
            return (where, other.key(index)) if other is not None else (where, None)

        for position, flag in enumerate(flags):
            refs = [{"source": src, "item": item, **s.ref()}
                    for s, (src, item) in zip(flag.sections, map(item_at, flag.places))]
            db.execute(t.flags.insert().values(
                revision_id=revision_id, position=position, type=str(flag.type),
                detail=flag.detail, sections=json.dumps(refs, ensure_ascii=False)))
        outbox.enqueue(store, db, revision_id, list(notify))
    return revision(store, revision_id)


def _held(db, revision_id: int) -> list:
    return list(db.execute(text(
        "SELECT ri.position, ri.item_id, ri.version_id, v.hash FROM revision_items ri "
        "JOIN versions v ON v.id = ri.version_id WHERE ri.revision_id = :r "
        "ORDER BY ri.position"), {"r": revision_id}).mappings())


# ---------------------------------------------------------------- reading

def revision(store: Store, revision_id: int) -> Revision:
    row = store.first(select(t.revisions).where(t.revisions.c.id == revision_id))
    if row is None:
        raise UsageError(f"no revision with id {revision_id}")
    return Revision.of(row, store.zone)


def revisions(store: Store, source_id: str) -> list[Revision]:
    return [Revision.of(r, store.zone) for r in store.rows(
        select(t.revisions).where(t.revisions.c.source_id == source_id)
        .order_by(t.revisions.c.number))]


def latest_revision(store: Store, source_id: str) -> Revision | None:
    row = store.first(select(t.revisions).where(t.revisions.c.source_id == source_id)
                      .order_by(t.revisions.c.number.desc()).limit(1))
    return Revision.of(row, store.zone) if row else None


def previous_revision(store: Store, rev: Revision) -> Revision | None:
    """The source's revision before `rev` (None for its first)."""
    row = store.first(select(t.revisions).where(
        (t.revisions.c.source_id == rev.source_id) & (t.revisions.c.number == rev.number - 1)))
    return Revision.of(row, store.zone) if row else None


def revision_on(store: Store, source_id: str, day: str,
                known: list[Revision] | None = None) -> Revision | None:
    """The source's revision in force on `day` (an ISO date): of those that had taken
    effect by then (Revision.as_of: the date it prints, else the day it came out), the
    one that took effect last, and of several that took effect that day the one recorded
    last. By the dates, not by the order of recording: old releases imported after the
    current one stand where their dates put them. `known`: the revisions, read already."""
    current = [r for r in (revisions(store, source_id) if known is None else known)
               if r.as_of <= day]
    return max(current, key=lambda r: (r.as_of, r.number), default=None)


def document(store: Store, rev: Revision) -> Document:
    """The revision's sections, in reading order, as a Document whose keys are the
    sections' items."""
    rows = _sections_of(store, rev.id)
    return Document(sections=[section_from_dict(json.loads(r["section"])) for r in rows],
                    title=rev.title, version=rev.version, effective=rev.effective,
                    format=rev.format or "html", source=f"{rev.source_id}@{rev.number}",
                    keys=[r["item_id"] for r in rows], reading=rev.judged)


def changes(store: Store, rev: Revision) -> list[Change]:
    """The revision's changes against the one before, as recorded."""
    return [change for _item, change in recorded_changes(store, rev)]


def _change(row, old_index: int | None = None, new_index: int | None = None) -> Change:
    return Change(
        type=row["type"],
        old=section_from_dict(json.loads(row["old_section"])) if row["old_section"] else None,
        new=section_from_dict(json.loads(row["new_section"])) if row["new_section"] else None,
        text_changed=bool(row["text_changed"]), renumbered=bool(row["renumbered"]),
        retitled=bool(row["retitled"]), moved=bool(row["moved"]),
        similarity=row["similarity"], ops=[tuple(op) for op in json.loads(row["ops"])],
        old_index=old_index, new_index=new_index)


# ---------------------------------------------------------------- one section's history

@dataclass
class SectionEvent:
    """What happened to one section in one revision."""

    revision: Revision
    change: Change | None  # None: the revision that first recorded it (the first import)
    section: Section | None  # as it read after the revision (None once removed)


def find_items(store: Store, source_id: str, query: str) -> list[int]:
    """Items of the source whose number or title, in any version, matches `query`."""
    q = query.strip().strip("()").casefold()
    found: dict[int, int] = {}
    for row in store.rows(
            "SELECT v.item_id, v.section, v.id FROM versions v JOIN items i ON i.id = v.item_id "
            "WHERE i.source_id = :s ORDER BY v.id", {"s": source_id}):
        s = json.loads(row["section"])
        exact = number_matches((s.get("number") or "").casefold(), q)
        names = [s.get(k) or "" for k in ("title", "heading", "question")]
        if exact or any(q in n.casefold() for n in names):
            found.setdefault(row["item_id"], 2 if exact or any(
                n.casefold() == q for n in names) else 1)
    best = max(found.values(), default=0)
    return [item for item, score in found.items() if score == best]


def latest_version(store: Store, item_id: int) -> Section | None:
    """The item's section as it last read (after its last change, or before its removal)."""
    row = store.first(select(t.versions.c.section).where(t.versions.c.item_id == item_id)
                      .order_by(t.versions.c.id.desc()).limit(1))
    return section_from_dict(json.loads(row["section"])) if row else None


def section_history(store: Store, item_id: int,
                    known: dict[int, Revision] | None = None) -> list[SectionEvent]:
    """Every revision in which the item appeared or changed, oldest first (`known`:
    revisions by id, read already, so as not to read each again)."""
    known = known or {}

    def revision_of(revision_id: int) -> Revision:
        return known.get(revision_id) or revision(store, revision_id)

    events = []
    first = store.scalar(select(t.items.c.first_revision).where(t.items.c.id == item_id))
    if first is None:
        return []
    rows = {r["revision_id"]: r for r in store.rows(
        "SELECT c.*, o.section AS old_section, n.section AS new_section FROM changes c "
        "LEFT JOIN versions o ON o.id = c.old_version_id "
        "LEFT JOIN versions n ON n.id = c.new_version_id WHERE c.item_id = :i", {"i": item_id})}
    first_rev = revision_of(first)
    if first_rev.id not in rows:  # recorded in the source's first revision
        version = store.scalar(select(t.versions.c.section).where(t.versions.c.item_id == item_id)
                               .order_by(t.versions.c.id).limit(1))
        events.append(SectionEvent(first_rev, None, section_from_dict(json.loads(version))))
    for revision_id in sorted(rows):
        change = _change(rows[revision_id])
        events.append(SectionEvent(revision_of(revision_id), change, change.new))
    return events


# ---------------------------------------------------------------- SOURCE@REV

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def require_revisions(store: Store, source_id: str, configured=()) -> list[Revision]:
    """The source's revisions; an error that says what to do when there are none: fetch
    a source that exists, or pick one that does (`configured`: the configuration's ids)."""
    all_revs = revisions(store, source_id)
    if all_revs:
        return all_revs
    stored = [r.id for r in store.sources()]
    if source_id in stored or source_id in configured:
        raise UsageError(f"no revisions of {source_id!r} in the store yet; run "
                         f"`rookery fetch {source_id}` first")
    known = ", ".join(sorted(set(stored) | set(configured))) or "none yet"
    raise UsageError(f"no source {source_id!r} (sources: {known})")


def resolve(store: Store, source_id: str, spec: str, configured=()) -> Revision:
    """A revision named by version label ("2.2", "v2.2"), date (the revision in force
    that day, see revision_on), revision number ("7", "#7"), or "latest"."""
    all_revs = require_revisions(store, source_id, configured)
    spec = spec.strip()
    if spec in ("", "latest"):
        return all_revs[-1]
    wanted = spec[1:] if spec[:1] in "vV" and spec[1:2].isdigit() else spec
    by_label = [r for r in all_revs if wanted in (r.version, r.link_label)]
    if by_label:
        return by_label[-1]
    if _DATE.match(spec):
        current = revision_on(store, source_id, spec, all_revs)
        if current is None:
            first = min(all_revs, key=lambda r: (r.as_of, r.number))
            began = f"took effect on {first.effective}" if first.effective else \
                f"prints no date and was first seen on {first.date}"
            raise UsageError(f"{source_id} has no revision in force on {spec}: the earliest "
                             f"({first.label}) {began}; give that day or a later one")
        return current
    number = spec.lstrip("#")
    if number.isdigit() and 1 <= int(number) <= len(all_revs):
        return all_revs[int(number) - 1]
    labels = ", ".join(dict.fromkeys(r.version for r in all_revs if r.version)) or "none"
    raise UsageError(f"{source_id}@{spec}: no such revision; give a version ({labels}), a "
                     f"date (YYYY-MM-DD) or a number 1-{len(all_revs)}")


def recorded_changes(store: Store, rev: Revision) -> list[tuple[int, Change]]:
    """The revision's changes with the item (section identity) each one is about, each
    with the section's places in the revision before and in this one, as the diff gave
    them (so runs of renumbered sections read as runs again)."""
    rows = store.rows(
        "SELECT c.*, o.section AS old_section, n.section AS new_section, "
        "(SELECT ri.position FROM revision_items ri JOIN revisions p ON p.id = ri.revision_id "
        " WHERE p.source_id = :s AND p.number = :n AND ri.item_id = c.item_id) AS old_index, "
        "(SELECT ri.position FROM revision_items ri WHERE ri.revision_id = c.revision_id "
        " AND ri.item_id = c.item_id) AS new_index FROM changes c "
        "LEFT JOIN versions o ON o.id = c.old_version_id "
        "LEFT JOIN versions n ON n.id = c.new_version_id "
        "WHERE c.revision_id = :r ORDER BY c.position",
        {"s": rev.source_id, "n": rev.number - 1, "r": rev.id})
    return [(row["item_id"], _change(row, row["old_index"], row["new_index"])) for row in rows]


def held_items(store: Store, rev: Revision) -> list[tuple[int, Section]]:
    """The revision's sections in reading order, each with its item id."""
    rows = _sections_of(store, rev.id)
    return [(row["item_id"], section_from_dict(json.loads(row["section"]))) for row in rows]


def items(store: Store, source_id: str) -> list[int]:
    """Every section identity the source ever had, oldest first."""
    return [row["id"] for row in store.rows(
        select(t.items.c.id).where(t.items.c.source_id == source_id).order_by(t.items.c.id))]


def _sections_of(store: Store, revision_id: int) -> list:
    return store.rows(
        "SELECT ri.item_id, v.section FROM revision_items ri JOIN versions v "
        "ON v.id = ri.version_id WHERE ri.revision_id = :r ORDER BY ri.position",
        {"r": revision_id})


@dataclass
class StoredFlag:
    """A ruling alert as recorded: the sections are refs with their source and item."""

    type: str
    detail: str
    sections: list[dict]


def flags(store: Store, rev: Revision) -> list[StoredFlag]:
    return [StoredFlag(type=row["type"], detail=row["detail"],
                       sections=json.loads(row["sections"]))
            for row in store.rows(select(t.flags).where(t.flags.c.revision_id == rev.id)
                                  .order_by(t.flags.c.position))]
