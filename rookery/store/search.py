"""Full-text search over sections, as they stand now, as they stood then, or in every version.

SQLite FTS5 with the Porter stemmer ranks by BM25 (a heading weighs more than the body).
Every section version is indexed once, as the store records it. A query matches any of
its words (but the little ones): a ruling reworded since the question was first asked
still ranks by the words it shares. The same text in two sources (a page and its PDF)
is one hit that says where else it stands.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..errors import UsageError
from ..model import Section, place_key, text_key, title_key
from . import revisions as revs
from .codec import section_from_dict
from .store import Store

START, END = "\x02", "\x03"  # around matched words in snippets
STOPWORDS = frozenset("""a an and are as at be by do does for from has have he her his i if
in is it its my of on or our she that the their them they this to was we were what when
where which who will with you your""".split())


@dataclass
class Hit:
    source_id: str
    item_id: int
    section: Section
    snippet: str  # matched words between START and END
    score: float
    revision: revs.Revision  # the revision searched (or, with history, that recorded this text)
    last_change: revs.Revision | None = None
    how: str = ""
    also_in: list[str] = field(default_factory=list)


def fts_query(query: str) -> str:
    words = [w for w in re.findall(r"\w+", query.lower()) if w not in STOPWORDS]
    if not words:
        raise UsageError(f"nothing to search for in {query!r}: give some words")
    return " OR ".join(f'"{w}"' for w in dict.fromkeys(words))


def scope(store: Store, sources: list[str], at: str | None) -> dict[str, revs.Revision]:
    """The revision of each source to search: the latest, or the one `at` names."""
    chosen = {}
    for source in sources:
        if not revs.revisions(store, source):
            continue
        if at is None:
            chosen[source] = revs.latest_revision(store, source)
            continue
        try:
            chosen[source] = revs.resolve(store, source, at)
        except UsageError:
            continue  # this source had nothing by then (or no such label)
    if at is not None and not chosen:
        raise UsageError(f"no watched document has a revision {at!r}; give a date "
                         "(YYYY-MM-DD), a version label or a revision number")
    return chosen


def search(store: Store, query: str, sources: list[str] | None = None, at: str | None = None,
           history: bool = False, limit: int = 10) -> list[Hit]:
    sources = sources or [row["id"] for row in store.sources()]
    match = fts_query(query)
    if history:
        where = ("v.id IN (SELECT v2.id FROM versions v2 JOIN items i2 ON i2.id = v2.item_id "
                 f"WHERE i2.source_id IN ({','.join('?' * len(sources))}))")
        args = list(sources)
        revisions = {}
    else:
        revisions = scope(store, sources, at)
        if not revisions:
            return []
        where = ("v.id IN (SELECT version_id FROM revision_items WHERE revision_id IN "
                 f"({','.join('?' * len(revisions))}))")
        args = [r.id for r in revisions.values()]
    rows = store.db.execute(
        "SELECT v.id AS version_id, v.item_id, v.revision_id, v.section, i.source_id, "
        f"bm25(search, 3.0, 1.0) AS score, snippet(search, 1, '{START}', '{END}', '\u2026', 18) "
        "AS snippet FROM search JOIN versions v ON v.id = search.version_id "
        "JOIN items i ON i.id = v.item_id "
        f"WHERE search MATCH ? AND {where} ORDER BY score LIMIT ?",
        [match, *args, limit * 4]).fetchall()
    hits: dict[tuple, Hit] = {}
    for row in rows:
        section = section_from_dict(json.loads(row["section"]))
        # one entry: the same place, number and words (a page and its PDF hold it twice,
        # one with a FAQ entry's short title and one without); headings without words of
        # their own are told apart by their names
        words = text_key(section.text)
        key = (row["version_id"],) if history else (
            place_key(section), section.number, words,
            "" if words else title_key(section.heading or section.title))
        existing = hits.get(key)
        if existing is not None and existing.source_id != row["source_id"]:
            if row["source_id"] not in existing.also_in:
                existing.also_in.append(row["source_id"])
            continue
        if existing is not None:  # twin sections of one document: both are hits
            key = key + (row["version_id"],)
        rev = revisions.get(row["source_id"]) or revs.revision(store, row["revision_id"])
        hit = Hit(source_id=row["source_id"], item_id=row["item_id"], section=section,
                  snippet=row["snippet"], score=-row["score"], revision=rev)
        hit.last_change, hit.how = last_change(store, row["item_id"], rev)
        hits[key] = hit
        if len(hits) >= limit:
            break
    return list(hits.values())


def last_change(store: Store, item_id: int, rev: revs.Revision):
    """(the revision that last changed the item, by `rev`; how it changed)."""
    row = store.db.execute(
        "SELECT c.*, r.id AS rid FROM changes c JOIN revisions r ON r.id = c.revision_id "
        "WHERE c.item_id = ? AND r.source_id = ? AND r.number <= ? ORDER BY r.number DESC "
        "LIMIT 1", (item_id, rev.source_id, rev.number)).fetchone()
    if row is None:
        first = store.db.execute("SELECT first_revision FROM items WHERE id = ?",
                                 (item_id,)).fetchone()[0]
        return revs.revision(store, first), "first recorded"
    if row["type"] == "added":
        how = "added"
    else:
        how = ", ".join(word for word, on in (("text changed", row["text_changed"]),
                                              ("renumbered", row["renumbered"]),
                                              ("retitled", row["retitled"]),
                                              ("moved", row["moved"])) if on)
    return revs.revision(store, row["rid"]), how


def rebuild(store: Store) -> int:
    """Index every version anew (the index is kept up to date as revisions arrive; this
    is for a store whose index was lost, and for timing the whole build)."""
    with store.transaction() as db:
        db.execute("DELETE FROM search")
        db.execute("INSERT INTO search (title, body, version_id) SELECT "
                   "coalesce(json_extract(section, '$.heading'), json_extract(section, '$.title'),"
                   " ''), coalesce(json_extract(section, '$.text'), ''), id FROM versions")
    return store.db.execute("SELECT COUNT(*) FROM search").fetchone()[0]
