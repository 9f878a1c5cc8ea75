"""Full-text search over sections, as they stand now, as they stood then, or in every version.

Each engine uses its own full-text index: SQLite FTS5 with the Porter stemmer, ranked by
BM25, and PostgreSQL's tsvector with the English stemmer, ranked by ts_rank; on both a
heading weighs more than the body. Every section version is indexed once, by a trigger
as the store records it. A query matches any of
its words (but the little ones): a ruling reworded since the question was first asked
still ranks by the words it shares. The same text in two sources (a page and its PDF)
is one hit that says where else it stands.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from sqlalchemy import bindparam, text

from ..errors import UsageError
from ..model import Section, place_key, text_key, title_key
from . import revisions as revs
from .codec import section_from_dict
from .schema import SEARCH_FILL
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


def query_words(query: str) -> list[str]:
    words = [w for w in re.findall(r"\w+", query.lower()) if w not in STOPWORDS]
    if not words:
        raise UsageError(f"nothing to search for in {query!r}: give some words")
    return list(dict.fromkeys(words))


def fts_query(query: str) -> str:
    """The query in FTS5's words: any of them."""
    return " OR ".join(f'"{w}"' for w in query_words(query))


def ts_query(query: str) -> str:
    """The query in PostgreSQL's to_tsquery words: any of them."""
    return " | ".join("'" + w.replace("'", "") + "'" for w in query_words(query))


# one query per engine: the same columns, a lower score is a better hit
_MATCH = {
    "sqlite": (
        "SELECT v.id AS version_id, v.item_id, v.revision_id, v.section, i.source_id, "
        f"bm25(search, 3.0, 1.0) AS score, snippet(search, 1, '{START}', '{END}', '\u2026', 18) "
        "AS snippet FROM search JOIN versions v ON v.id = search.version_id "
        "JOIN items i ON i.id = v.item_id "
        "WHERE search MATCH :match AND {where} ORDER BY score LIMIT :limit"),
    "postgresql": (
        "SELECT v.id AS version_id, v.item_id, v.revision_id, v.section, i.source_id, "
        "-ts_rank(s.doc, q, 1) AS score, ts_headline('rookery', s.body, q, "
        f"'StartSel={START}, StopSel={END}, MaxWords=18, MinWords=6, "
        "FragmentDelimiter=\u2026, MaxFragments=1') AS snippet "
        "FROM search s JOIN versions v ON v.id = s.version_id JOIN items i ON i.id = v.item_id, "
        "to_tsquery('rookery', :match) q "
        "WHERE s.doc @@ q AND {where} ORDER BY score, v.id LIMIT :limit"),
}


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
    sources = sources or [row.id for row in store.sources()]
    match = fts_query(query) if store.is_sqlite else ts_query(query)
    if history:
        where = "i.source_id IN :within"
        within = list(sources)
        revisions = {}
    else:
        revisions = scope(store, sources, at)
        if not revisions:
            return []
        where = "v.id IN (SELECT version_id FROM revision_items WHERE revision_id IN :within)"
        within = [r.id for r in revisions.values()]
    statement = text(_MATCH[store.dialect].format(where=where)).bindparams(
        bindparam("within", expanding=True))
    rows = store.rows(statement, {"match": match, "within": within, "limit": limit * 4})
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
    row = store.first(
        "SELECT c.*, r.id AS rid FROM changes c JOIN revisions r ON r.id = c.revision_id "
        "WHERE c.item_id = :i AND r.source_id = :s AND r.number <= :n ORDER BY r.number DESC "
        "LIMIT 1", {"i": item_id, "s": rev.source_id, "n": rev.number})
    if row is None:
        first = store.scalar("SELECT first_revision FROM items WHERE id = :i", {"i": item_id})
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
    """Index every version anew (the trigger keeps the index up to date as revisions
    arrive; this is for a store whose index was lost, and for timing the whole build)."""
    with store.transaction() as db:
        db.execute(text("DELETE FROM search"))
        db.execute(text(SEARCH_FILL[store.dialect]))
    return store.scalar("SELECT COUNT(*) FROM search")
