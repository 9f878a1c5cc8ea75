"""What a revision changed, in the few words a feed title or an index line has room for:
"v2.2: new FAQ entry Limited Card as Duplicate; 2 errata added; (1.2) Duplicates changed"."""
from __future__ import annotations

from collections import Counter

from ..diffs.report import noun
from ..model import Change, Flag, release_label

NAMED = 2  # up to this many sections of one kind are named, more are counted


def headline(changes: list[Change], details: list[str] = ()) -> str:
    """One line for a revision's changes; with none, what changed in its version
    details (see `details`) and that no section changed."""
    if not changes:
        return f"{'; '.join(details) or 'version details changed'}; no section changed"
    parts = []
    for kind_of_change, verb in (("added", "new"), ("removed", "removed")):
        by_kind: dict[str, list[str]] = {}
        for c in changes:
            if c.type == kind_of_change:
                by_kind.setdefault(c.section.kind, []).append(c.section.label)
        for kind, labels in by_kind.items():
            if len(labels) <= NAMED:
                parts.append(f"{verb} {noun(kind, len(labels))} " + ", ".join(labels))
            else:
                parts.append(f"{len(labels)} {noun(kind, len(labels))} "
                             f"{'added' if verb == 'new' else 'removed'}")
    edited = [c for c in changes if c.type == "modified" and (c.text_changed or c.retitled)]
    if edited:
        if len(edited) <= NAMED:
            parts.append(", ".join(c.new.label for c in edited) + " changed")
        else:
            parts.append(f"{len(edited)} sections changed")
    shuffled = [c for c in changes if c.type == "modified" and not (c.text_changed or c.retitled)]
    if shuffled:
        parts.append(f"{len(shuffled)} renumbered or moved")
    return "; ".join(parts)


def details(before, rev) -> list[str]:
    """What changed in the release's own details since the revision `before` (None for
    a first one): ["version v1.3 → v1.4", "effective 2019-01-21 → 2019-02-21"]. A
    revision that changed no section changed these, or it would not have been recorded."""
    if before is None:
        return []
    versions = [release_label(r.version or r.link_label) for r in (before, rev)]
    pairs = (("version", *versions), ("effective", before.effective, rev.effective),
             ("title", before.title, rev.title))
    return [f"{name} {a or '(none)'} → {b or '(none)'}" for name, a, b in pairs if a != b]


def flagged(flags: list[Flag]) -> str:
    """"; contradiction flagged", or "; contradiction ×2, resolved flagged": each kind
    of alert once, however many there are."""
    if not flags:
        return ""
    return "; " + ", ".join(t if n == 1 else f"{t} \u00d7{n}" for t, n in badges(flags)) + \
        " flagged"


def badges(flags: list[Flag]) -> list[tuple[str, int]]:
    """Each kind of alert once, with how many there are, in the order first raised."""
    return list(Counter(f.type for f in flags).items())


# How a revision page orders its changes: those an alert names first, then new sections,
# changed ones, removed ones, and last those only renumbered or moved.
GROUPS = (("alert", "Named by an alert"), ("added", "New"), ("modified", "Changed"),
          ("removed", "Removed"), ("renumbered", "Renumbered or moved"))


def arranged(entries: list[dict], named: dict[int, list[str]]) -> list[dict]:
    """The revision page's entries (see site._entries) in GROUPS, each group in the
    document's order: [{"key", "name", "entries"}], empty groups left out. `named`: the
    alert types naming each item."""
    by_group: dict[str, list[dict]] = {key: [] for key, _name in GROUPS}
    for entry in entries:
        by_group[_group(entry, named)].append(entry)
    return [{"key": key, "name": name, "entries": by_group[key]}
            for key, name in GROUPS if by_group[key]]


def _group(entry: dict, named: dict[int, list[str]]) -> str:
    if "run" in entry:
        return "renumbered"
    if entry["item"] in named:
        return "alert"
    c = entry["change"]
    if c.type == "modified" and not (c.text_changed or c.retitled):
        return "renumbered"
    return str(c.type)
