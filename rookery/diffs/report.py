"""A DocumentDiff as the JSON contract of `rookery diff --format json` (see DESIGN.md),
and the one-line summaries every other output shares."""
from __future__ import annotations

from ..model import Change, Document, DocumentDiff, Section


def to_json(diff: DocumentDiff) -> dict:
    return {
        "old": _document(diff.old),
        "new": _document(diff.new),
        "changes": [change_json(c) for c in diff.changes],
    }


def change_json(c: Change) -> dict:
    return {
        "type": c.type,
        "old": c.old.ref() if c.old else None,
        "new": c.new.ref() if c.new else None,
        "text_changed": c.text_changed,
        "renumbered": c.renumbered,
        "retitled": c.retitled,
        "moved": c.moved,
        "similarity": c.similarity,
        "ops": [[op, text] for op, text in c.ops],
    }


def _document(doc: Document) -> dict:
    return {"source": doc.source, "version": doc.version, "format": doc.format,
            "sections": len(doc.sections)}


def describe(c: Change) -> str:
    """One line a player understands: "(3.2) Player Choices... → (3.3): renumbered"."""
    if c.type == "added":
        return f"added {_kind_word(c.new)}: {c.new.label}"
    if c.type == "removed":
        return f"removed {_kind_word(c.old)}: {c.old.label}"
    what = []
    if c.text_changed:
        what.append("text changed")
    if c.renumbered:
        what.append(f"renumbered {c.old.number or '-'} \u2192 {c.new.number or '-'}")
    if c.retitled:
        what.append(f"retitled from \u201c{c.old.title}\u201d")
    if c.moved:
        where = " / ".join(c.new.path) or "top level"
        what.append(f"moved to {where}" if c.old.path != c.new.path else "moved")
    if not c.text_changed:
        what.append("text unchanged")
    return f"{c.new.label}: " + ", ".join(what)


def _kind_word(s: Section) -> str:
    return {"faq": "FAQ entry", "errata": "erratum", "term": "term", "ruling": "ruling",
            "list": "list", "heading": "heading", "text": "section"}.get(s.kind, "section")


def matches(c: Change, query: str) -> bool:
    """Does the change concern a section whose number or title matches `query`?"""
    q = query.strip().casefold().strip("()")
    for s in (c.old, c.new):
        if s is None:
            continue
        if s.number and s.number.casefold() == q:
            return True
        if any(q in (t or "").casefold() for t in (s.title, s.heading, s.question)):
            return True
    return False
