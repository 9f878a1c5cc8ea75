"""A section's history page and feeds: every version of the section, newest first, with
what changed in each and every ruling alert that names it (raised where it changed or
anywhere else, by any watched document)."""
from __future__ import annotations

from ..diffs.report import sentence
from ..store import Store
from ..store import revisions as revs
from .alerts import Alert
from .names import source_folder
from .render import feed, feed_files, item, page
from .summary import flagged


def section_pages(store: Store, source, base: str, known: dict[int, revs.Revision],
                  alerts, titles: dict[str, str], only=None) -> dict[str, bytes]:
    """The history page and feeds of each of the source's sections (or of those `only`
    names). `known`: the source's revisions by id, as read already; `alerts`: every
    alert by the (source id, item) it names (alerts.by_section), read when first asked;
    `titles`: each source's title, by id."""
    files = {}
    for item_id in revs.items(store, source.id) if only is None else sorted(only):
        events = revs.section_history(store, item_id, known)
        if not events:
            continue
        rows = _rows(events, alerts().get((source.id, item_id), []))
        last = events[-1]  # the section's latest change: a removal leaves no wording in force
        removed = last.revision if last.change is not None and last.change.new is None else None
        name = revs.latest_version(store, item_id).label  # its current name, retitles and all
        folder = source_folder(source.id)
        path = f"{folder}/sections/{item_id}"
        feed_title = f"{name} — {source.title}"
        files[f"{path}.html"] = page(
            "section.html", 2, [feed(feed_title, path, "This section"),
                                feed(source.title, f"{folder}/feed", "Document")],
            source=source, name=name, item=item_id, rows=rows, titles=titles,
            current=next((r for r in rows if r["section"] is not None), None), removed=removed,
            alerts=[a for r in reversed(rows) for a in r["alerts"]])
        feed_items = [_feed_item(base, titles, name, item_id, r) for r in rows
                      if r["change"] is not None or r["alerts"]]
        files.update(feed_files(path, feed_title, f"Every change to {name}.",
                                f"{base}{path}.html", base, feed_items, source.author))
    return files


def _rows(events: list[revs.SectionEvent], alerts: list[Alert]) -> list[dict]:
    """One row per revision that changed the section or raised an alert naming it,
    newest first; a row of alerts only has no change and no section."""
    rows = {e.revision.id: {"revision": e.revision, "change": e.change,
                            "section": e.section, "alerts": [], "first": e.change is None,
                            "words": sentence(e.change) if e.change else ""}
            for e in events}
    for alert in alerts:
        rows.setdefault(alert.revision.id, {
            "revision": alert.revision, "change": None, "section": None, "alerts": [],
            "first": False, "words": ""})["alerts"].append(alert)
    return sorted(rows.values(), key=lambda r: (r["revision"].instant, r["revision"].id),
                  reverse=True)


def _feed_item(base: str, titles: dict[str, str], name: str, item_id: int, row: dict):
    """A section feed item: its alerts first, and a link to the change on the revision
    page (to the first alert, when the section did not change there)."""
    rev, change, flags = row["revision"], row["change"], [a.flag for a in row["alerts"]]
    if change is not None:
        line, anchor = f"{name}: {row['words']}{flagged(flags)}", f"item-{item_id}"
    else:  # "; resolved flagged" → "resolved flagged"
        line, anchor = f"{name}: {flagged(flags)[2:]}", row["alerts"][0].anchor
    return item(base, titles.get(rev.source_id, rev.source_id), rev, line,
                [change] if change is not None else [], flags, anchor)
