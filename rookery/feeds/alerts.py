"""Which ruling alerts name which sections, across every watched document.

An alert is recorded with the revision that raised it, but it concerns every section it
names: a contradiction raised when a new entry came out concerns the old entry too (which
did not change), and the alert that it was resolved concerns the entry that stayed. A
section's history page and feed show every alert that names it, wherever it was raised.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..store import revisions as revs


@dataclass(frozen=True)
class Alert:
    revision: revs.Revision  # the revision that raised it (of any watched document)
    flag: revs.StoredFlag
    anchor: str  # its id on that revision's page


def anchor(position: int) -> str:
    """The id of a revision's alert on its page, by its place among the revision's alerts."""
    return f"alert-{position + 1}"


def by_section(entries) -> dict[tuple[str, int], list[Alert]]:
    """Every alert, under each (source id, item) it names, oldest first. `entries`: the
    revisions of every source, with their `rev` and `flags` (see site._Entry)."""
    out: dict[tuple[str, int], list[Alert]] = {}
    for entry in sorted(entries, key=lambda e: (e.rev.instant, e.rev.id)):
        for position, flag in enumerate(entry.flags):
            alert = Alert(entry.rev, flag, anchor(position))
            for key in dict.fromkeys((ref["source"], ref["item"]) for ref in flag.sections
                                     if ref.get("item") is not None):
                out.setdefault(key, []).append(alert)
    return out


def named(flags: list[revs.StoredFlag], source_id: str) -> dict[int, list[str]]:
    """The items of `source_id` that a revision's alerts name, each with the alert types
    naming it, in the alerts' order."""
    out: dict[int, list[str]] = {}
    for flag in flags:
        for ref in flag.sections:
            if ref.get("source") == source_id and ref.get("item") is not None:
                types = out.setdefault(ref["item"], [])
                if flag.type not in types:
                    types.append(flag.type)
    return out
