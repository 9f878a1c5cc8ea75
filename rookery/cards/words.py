"""A card's timeline in words and as JSON: what the command, the pages and the feeds
all say of it, said once."""
from __future__ import annotations

from ..diffs.report import noun, phrases
from ..feeds.names import source_folder
from ..store import revisions as revs
from .timeline import Card, Listing, Moment


def what(m: Moment) -> str:
    """What happened, in a phrase: "new erratum", "put on the Joust Restricted List
    (Greyjoy)", "text changed". A card that leaves a list is "no longer on" it: the
    document stopped printing it there, which may be a list that moved elsewhere."""
    if m.listing is not None:
        stay = m.listing
        group = f" ({stay.group})" if stay.group else ""
        named = stay.formerly[0] if stay.formerly else stay.name  # as it was called then
        return f"put on the {named}{group}" if m.what == "listed" else \
            f"no longer on the {stay.name}"
    if m.what == "first":
        return f"{noun(m.kind)} {m.label} (first recorded)"
    if m.what == "added":
        return f"new {noun(m.kind)} {m.label}"
    if m.what == "removed":
        return f"{noun(m.kind)} {m.label} removed"
    return f"{m.label}: " + ", ".join(phrases(m.change))


def when(rev: revs.Revision) -> str:
    """"v2.2, effective 2019-05-13": the release and the day the pages print beside it."""
    return rev.described


def stay_line(stay: Listing, titles: dict[str, str]) -> str:
    """"On the Joust Restricted List (Greyjoy) of AGoT FAQ from v1.3, effective
    2018-03-22 (revision 7) until v3.0, effective 2020-01-13 (revision 19)": a list entry
    as a state."""
    where = titles.get(stay.source, stay.source)
    span = f"until {_at(stay.until)}" if stay.until else "and still on it"
    return f"On the {list_name(stay)} of {where} from {_at(stay.since)} {span}"


def list_name(stay: Listing) -> str:
    """"Joust Banned List (formerly Banned Cards) (Greyjoy)": the list, as it is called
    now and was called then, and the group the card stood in."""
    group = f" ({stay.group})" if stay.group else ""
    formerly = f" (formerly {', '.join(stay.formerly)})" if stay.formerly else ""
    return f"{stay.name}{formerly}{group}"


def _at(rev: revs.Revision) -> str:
    """"v1.3, effective 2018-03-22 (revision 7)"; "revision 28, published 2021-01-05"."""
    return when(rev) + ("" if rev.numbered else f" (revision {rev.number})")


def summary(card: Card) -> str:
    """The index's line for a card: what kinds of thing the documents say of it."""
    kinds = sorted({m.kind for m in card.moments if m.listing is None})
    said = [noun(k, 2) for k in kinds]
    lists = sorted({s.name for s in card.current})
    if lists:
        said.append("now on " + ", ".join(lists))
    elif card.listings:
        said.append("formerly listed")
    return "; ".join(said)


def card_url(base: str, card: Card) -> str:
    """Where the published site keeps the card's page."""
    return f"{base}cards/{card.slug}.html"


def revision_url(base: str, rev: revs.Revision) -> str:
    """Where the published site keeps the revision's page."""
    return f"{base}{source_folder(rev.source_id)}/revisions/{rev.number}.html"


def rev_json(rev: revs.Revision, base: str) -> dict:
    return {"source": rev.source_id, "number": rev.number, "label": rev.label,
            "version": rev.version, "effective": rev.effective, "date": rev.date,
            "page": revision_url(base, rev)}


def card_json(card: Card, titles: dict[str, str], base: str) -> dict:
    """The card's whole timeline, oldest first, for other tools."""
    return {
        "name": card.name, "key": card.key, "printings": card.printings,
        "page": card_url(base, card),
        "lists": [{"source": s.source, "document": titles.get(s.source, s.source),
                   "list": s.name, "formerly": s.formerly, "group": s.group,
                   "entry": s.entry.name,
                   "since": rev_json(s.since, base), "last": rev_json(s.last, base),
                   "until": rev_json(s.until, base) if s.until else None,
                   "current": s.until is None} for s in card.listings],
        "timeline": [{"type": m.what, "document": titles.get(m.source, m.source),
                      "revision": rev_json(m.revision, base), "what": what(m),
                      "section": m.section.ref(),
                      "history": f"{base}{source_folder(m.source)}/sections/{m.item}.html",
                      "text": m.section.text if m.change is None or m.what != "modified"
                      else None,
                      "ops": [[op, t] for op, t in m.change.ops] if m.change else [],
                      "list": m.listing.name if m.listing else None}
                     for m in card.moments],
    }
