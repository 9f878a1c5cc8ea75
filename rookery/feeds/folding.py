"""How much of a revision's changes its page shows open, so that a long revision still
reads on a phone (a screen holds about forty short lines).

- A part of the document added or removed whole (a heading and the sections under it, a
  list and its groups) is one entry: its heading, the sections named in a line, and
  every section's own entry folded under it.
- The changes then show open, word by word, in the page's order (alerts first, then new
  sections, changed ones...), while the page stays within about PAGE words' worth of
  room; the rest show their heading and what changed in a line, each opening to its
  words. A revision of a few changes shows them all.

Entries are site._entries' dicts; this adds keys to them and never drops a change.
"""
from __future__ import annotations

from .display import LONG, RUN, pieces, word_count

# What a page holds, in words' worth of room (a line of a phone 390 px wide holds about
# six words): about 3,800 px in all, of which the page's own lines (title, details,
# pager, legend, headings) take FRAME, each change folded ENTRY, and each change open
# OPENED more, above its words.
PAGE = 690
FRAME = 150
ENTRY = 14
OPENED = 10
PART = 3  # sections under a heading, added or removed with it, that make it one entry


def parts(entries: list[dict], named: dict[int, list[str]]) -> list[dict]:
    """`entries` (in the document's order) with each heading added or removed together
    with PART or more of the sections right under it made one entry: the heading's, with
    `part` (the heading's entry first, then those under it). A section an alert
    names stays an entry of its own."""
    out: list[dict] = []
    k = 0
    while k < len(entries):
        head = entries[k]
        under = _under(head, entries[k + 1:], named) if _whole(head, named) else []
        if len(under) < PART:
            out.append(head)
            k += 1
            continue
        members = [head, *under]
        out.append({**head, "part": members, "anchor": f"part-{head['item']}",
                    "words": _part_words(head["change"], len(under))})
        k += len(members)
    return out


def _whole(entry: dict, named: dict[int, list[str]]) -> bool:
    """Can the entry open a part: a section added or removed, named by no alert?"""
    return "change" in entry and entry["change"].type in ("added", "removed") \
        and entry["item"] not in named


def _under(head: dict, rest: list[dict], named: dict[int, list[str]]) -> list[dict]:
    """The entries right after `head` that were added or removed as it was, under it."""
    section = head["change"].section
    if not section.title:
        return []
    path = (*section.path, section.title)
    taken = []
    for entry in rest:
        if not _whole(entry, named) or entry["change"].type != head["change"].type:
            break
        if entry["change"].section.path[:len(path)] != path:
            break
        taken.append(entry)
    return taken


def _part_words(change, count: int) -> str:
    verb = "New" if change.type == "added" else "Removed"
    return f"{verb}, with the {count} sections under it."


def budget(groups: list[dict], alerts: list[str] = ()) -> None:
    """Mark each entry of the page's groups (summary.arranged) `open` or not: the page's
    alerts (their details, `alerts`) and every change take their room (folded, or a
    part with its sections named), the summary its names, and what is left of PAGE
    opens changes in the page's order. The first always opens; after the first that
    does not fit none does (a reader meets open changes, then folded ones, not the two
    mixed)."""
    entries = [entry for group in groups for entry in group["entries"]]
    names = sum(word_count(entry["words"] if "run" in entry else _label(entry)) + 1
                for entry in entries)
    fixed = sum(word_count(_label(member)) + 1 for entry in entries
                for member in entry.get("part", ())) + \
        sum(word_count(detail) + ENTRY for detail in alerts)
    left = PAGE - FRAME - names - fixed - ENTRY * len(entries)
    for k, entry in enumerate(entries):
        left -= OPENED + shown(entry)
        entry["open"] = k == 0 or left >= 0


def _label(entry: dict) -> str:
    return entry["change"].section.label


def shown(entry: dict) -> int:
    """About how many words an entry shows open: the changed words and the unchanged
    ones kept beside them (a fold's line counting a few), a new section's opening, a
    removed section's text when short."""
    if "run" in entry or "part" in entry:  # a line, and a list that opens
        return 0
    change = entry["change"]
    if change.type == "modified":
        return sum(3 if p.kind.startswith("fold") else word_count(p.text)
                   for p in pieces(change.ops))
    words = word_count(change.section.text)
    if change.type == "added":
        return words if words <= RUN else RUN + 3
    return words if words <= LONG else 3
