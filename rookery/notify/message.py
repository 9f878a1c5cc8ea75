"""A revision in the few lines a chat message or a mail has room for: the document, its
version and date, the counts, the alerts first (naming both entries), then the changed
sections by number and title, and the revision page for the rest."""
from __future__ import annotations

from dataclasses import dataclass

from ..diffs.compare import grouped
from ..diffs.report import describe
from ..model import Change, Renumbering, plural

MAX_LINES = 12  # changes named; the rest are counted and left to the page
MAX_LINE = 160  # characters of a line naming a change
MAX_ALERT = 400  # an alert names both entries and their answers: it gets more room


@dataclass(frozen=True)
class Message:
    title: str
    body: str


@dataclass(frozen=True)
class Announcement:
    """What a message says, gathered from the store: plain text everywhere."""

    source_title: str
    label: str  # "v2.2" or "revision 7"
    date: str
    effective: str | None
    number: int  # the revision's number: the first one is the first import
    sections: int
    changes: list[Change]
    alerts: list[tuple[str, str]]  # (type, detail)
    page: str  # the revision page's address


def compose(a: Announcement, title: str = "rookery") -> Message:
    """The message for one revision; `title` is how the message names itself."""
    when = f"effective {a.effective}" if a.effective else f"released {a.date}"
    head = f"{a.source_title} {a.label} ({when})"
    lines = [head, _counts(a)]
    if a.alerts:
        lines.append("")
        lines += [_short(f"{kind.capitalize()}: {detail}", MAX_ALERT)
                  for kind, detail in a.alerts]
    entries = grouped(a.changes)
    if entries:
        lines.append("")
        lines += [_short(_entry(e)) for e in entries[:MAX_LINES]]
        if len(entries) > MAX_LINES:
            lines.append(f"\u2026 and {plural(len(entries) - MAX_LINES, 'more change')}")
    lines += ["", f"Every change, word by word: {a.page}"]
    alert = f" \u2013 {a.alerts[0][0].capitalize()}" if a.alerts else ""
    return Message(title=f"{title}: {a.source_title} {a.label}{alert}", body="\n".join(lines))


def _counts(a: Announcement) -> str:
    if a.number == 1:
        return f"First recorded: {plural(a.sections, 'section')}."
    if not a.changes:
        return "The version details changed; no section changed."
    kinds = [(t, sum(c.type == t for c in a.changes)) for t in ("added", "removed", "modified")]
    return ", ".join(f"{n} {t}" for t, n in kinds if n) + "."


def _entry(entry: Change | Renumbering) -> str:
    if isinstance(entry, Renumbering):
        return "\u2022 " + entry.describe()
    return "\u2022 " + describe(entry)


def _short(line: str, limit: int = MAX_LINE) -> str:
    return line if len(line) <= limit else line[:limit - 1].rstrip() + "\u2026"
