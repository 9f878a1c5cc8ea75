"""A revision in the few lines a chat message or a mail has room for: the document, its
version and date, the counts, the alerts first (naming both entries), what the release
says it changed against what did (diffs/publisher.py), then the changed sections by
number and title (or, for a target that hears only of them, the changes the release
neither lists nor marks), and the revision page for the rest."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..diffs.compare import grouped
from ..diffs.report import describe
from ..model import Change, Renumbering, effective_note, plural

MAX_LINES = 12  # changes named; the rest are counted and left to the page
MAX_LINE = 160  # characters of a line naming a change
MAX_ALERT = 400  # an alert names both entries and their answers: it gets more room
MAX_BODY = 1900  # characters in all: the least a chat service takes (Discord, 2,000)


@dataclass(frozen=True)
class Message:
    title: str
    body: str


@dataclass(frozen=True)
class Announcement:
    """What a message says, gathered from the store: plain text everywhere."""

    source_title: str
    label: str  # "v2.2", "effective 2020-01-24" or "revision 7" (model.release_label)
    date: str
    effective: str | None
    number: int  # the revision's number: the first one is the first import
    sections: int
    counts: dict[str, int]  # sections added, removed, modified
    changes: list[Change]
    alerts: list[tuple[str, str]]  # (type, detail)
    page: str  # the revision page's address
    publisher: tuple[str, ...] = ()  # the release's own account, in lines
    unlisted: tuple[Change, ...] = ()  # the changes it neither lists nor marks


def compose(a: Announcement, title: str = "rookery", unlisted: bool = False) -> Message:
    """The message for one revision; `title` is how the message names itself; with
    `unlisted`, the changes it names are those the release neither lists nor marks. What
    the document says is made inert for chat services: no mention pings, no link hides."""
    when = effective_note(a.label, a.effective) if a.effective else f"released {a.date}"
    head = [f"{a.source_title} {a.label}" + (f" ({when})" if when else ""), _counts(a)]
    tail = ["", f"Every change, word by word: {a.page}"]
    room = MAX_BODY - sum(len(line) + 1 for line in head + tail)
    alerts, room = _fit([_short(f"{kind.capitalize()}: {detail}", MAX_ALERT)
                         for kind, detail in a.alerts], room, "more alert")
    said, room = _fit([_short(line[:1].upper() + line[1:], MAX_ALERT) for line in a.publisher],
                      room, "more line")
    shown = list(a.unlisted) if unlisted else a.changes
    entries, _room = _fit([_short(_entry(e)) for e in grouped(shown)], room,
                          "more change", MAX_LINES)
    lines = head + alerts + said + entries
    alert = f" \u2013 {a.alerts[0][0].capitalize()}" if a.alerts else ""
    return Message(title=inert(f"{title}: {a.source_title} {a.label}{alert}"),
                   body=inert("\n".join(lines)) + "\n" + "\n".join(tail))


def _fit(lines: list[str], room: int, more: str, most: int | None = None
         ) -> tuple[list[str], int]:
    """A blank line, then as many of `lines` as `room` (characters) and `most` allow, and
    a count of the rest; what room is left."""
    if not lines:
        return [], room
    cut = f"\u2026 and {plural(len(lines), more)}"
    room -= 1 + len(cut) + 1  # the blank line, and room to say what was left out
    kept = []
    for line in lines[:most]:
        if len(line) + 1 > room:
            break
        kept.append(line)
        room -= len(line) + 1
    left = len(lines) - len(kept)
    return [""] + kept + ([f"\u2026 and {plural(left, more)}"] if left else []), room


def _counts(a: Announcement) -> str:
    if a.number == 1:
        return f"First recorded: {plural(a.sections, 'section')}."
    if not any(a.counts.values()):
        return "The version details changed; no section changed."
    return ", ".join(f"{n} {kind}" for kind, n in a.counts.items() if n) + "."


# what chat services read as a mention (@everyone, <@123>, <#channel>, <!here>) or as a
# link whose text hides where it goes ([text](address))
_MENTION = re.compile(r"(?<![\w.])@(?=\w)")
_TAG = re.compile(r"<([@#!&])")


def inert(text: str) -> str:
    """`text` as chat services show it but do not act on it: a word joiner after each
    "@" and "<" that would mention, and between "]" and "(" of a Markdown link."""
    text = _MENTION.sub("@\u2060", text)
    text = _TAG.sub("<\u2060\\1", text)
    return text.replace("](", "]\u2060(")


def _entry(entry: Change | Renumbering) -> str:
    if isinstance(entry, Renumbering):
        return "\u2022 " + entry.describe()
    return "\u2022 " + describe(entry)


def _short(line: str, limit: int = MAX_LINE) -> str:
    return line if len(line) <= limit else line[:limit - 1].rstrip() + "\u2026"
