"""A DocumentDiff as the JSON contract of `rookery diff --format json` (see DESIGN.md),
and the one-line summaries every other output shares."""
from __future__ import annotations

import re

from ..model import Change, Document, DocumentDiff, Flag, Section, number_matches
from .publisher_words import to_json as publisher_json


def to_json(diff: DocumentDiff) -> dict:
    out = {
        "old": _document(diff.old),
        "new": _document(diff.new),
        "changes": [change_json(c) for c in diff.changes],
        "renumberings": [r.to_json() for r in diff.renumberings],
        "flags": [flag_json(f) for f in diff.flags],
    }
    if diff.publisher is not None:  # the newer release lists or marks its changes
        out["publisher"] = publisher_json(diff.publisher)
    return out


def flag_json(f: Flag) -> dict:
    return {"type": str(f.type), "sections": [s.ref() for s in f.sections], "detail": f.detail}


def change_json(c: Change) -> dict:
    """A change as the contract gives it; an added or removed section carries its text."""
    out = {
        "type": str(c.type),
        "old": c.old.ref() if c.old else None,
        "new": c.new.ref() if c.new else None,
        "text_changed": c.text_changed,
        "renumbered": c.renumbered,
        "retitled": c.retitled,
        "moved": c.moved,
        "similarity": c.similarity,
        "ops": [[op, text] for op, text in c.ops],
    }
    if c.type != "modified":
        out[c.type == "added" and "new" or "old"]["text"] = c.section.text
    return out


def _document(doc: Document) -> dict:
    reading = doc.reading
    return {"source": doc.source, "version": doc.version, "effective": doc.effective,
            "label": doc.label, "format": doc.format, "sections": len(doc.sections),
            "reading": {"sound": not reading.doubtful, "problems": reading.problems}
            if reading is not None else None}


def notices(diff: DocumentDiff) -> list[str]:
    """A line for each side whose reading is doubtful: "v2.2: this PDF reads poorly:
    31 numbered rules without text; changes may be wrong"."""
    return [f"{doc.label}: {doc.reading.notice(doc.format)}" for doc in (diff.old, diff.new)
            if doc.reading is not None and doc.reading.doubtful]


KIND_NOUNS = {"faq": ("FAQ entry", "FAQ entries"), "errata": ("erratum", "errata"),
              "ruling": ("ruling", "rulings"), "term": ("term", "terms"),
              "list": ("list", "lists"), "heading": ("heading", "headings"),
              "text": ("section", "sections")}
ARROW = " \u203a "  # between the headings of a path


def noun(kind: str, n: int = 1) -> str:
    one, many = KIND_NOUNS.get(kind, ("section", "sections"))
    return one if n == 1 else many


def phrases(c: Change) -> list[str]:
    """What happened to the section, phrase by phrase: ["renumbered 3.2 → 3.3",
    "text unchanged"]. Every output (terminal, pages, feeds) words changes with these."""
    if c.type == "added":
        return [f"new {noun(c.new.kind)}"]
    if c.type == "removed":
        return [f"removed {noun(c.old.kind)}"]
    said = []
    if c.text_changed:
        said.append("text changed")
    if c.renumbered:
        said.append(f"renumbered {c.old.number or 'without number'} \u2192 "
                    f"{c.new.number or 'without number'}")
    if c.retitled:
        if c.old.title and c.new.title:
            said.append(f"retitled from \u201c{c.old.title}\u201d")
        elif c.new.title:
            said.append(f"given the title \u201c{c.new.title}\u201d")
        else:
            said.append(f"title \u201c{c.old.title}\u201d dropped")
    if c.moved:
        if c.old.path != c.new.path:
            said.append(f"moved from {ARROW.join(c.old.path) or 'the top level'} to "
                        f"{ARROW.join(c.new.path) or 'the top level'}")
        else:
            said.append("moved among its neighbours")
    if not c.text_changed:
        said.append("text unchanged")
    return said


def describe(c: Change) -> str:
    """One line a player understands: "(3.3) Player Choices...: renumbered 3.2 \u2192 3.3,
    text unchanged"."""
    return f"{c.section.label}: " + ", ".join(phrases(c))


def sentence(c: Change) -> str:
    """The change as a sentence, for pages and feeds: "Renumbered 3.2 \u2192 3.3; text
    unchanged."."""
    text = "; ".join(phrases(c))
    return text[:1].upper() + text[1:] + "."


def matches(c: Change, query: str) -> bool:
    """Does the change concern a section whose number or title matches `query`?"""
    return any(section_matches(s, query) for s in (c.old, c.new) if s is not None)


def section_matches(s: Section, query: str) -> bool:
    """A query that is a section number matches that section and those under it, by
    number alone ("702.13" matches "702.13" and "702.13a", not "702.136a" nor a heading
    that mentions "(v2.1)"); any other query matches words of its title, heading or
    question."""
    q = query.strip().casefold().strip("()")
    if _NUMBER_QUERY.match(q):
        return bool(s.number) and number_matches(s.number.casefold(), q.rstrip("."))
    return any(q in (t or "").casefold() for t in (s.title, s.heading, s.question))


# what a section number looks like as a query: "702.13", "100.1a", "2.1.", "(1.2)", "7",
# "A.4" (an appendix)
_NUMBER_QUERY = re.compile(r"^(?:\d{1,4}(?:\.\d{1,4})*|[a-z](?:\.\d{1,4})+)[a-z]{0,2}\.?$")
