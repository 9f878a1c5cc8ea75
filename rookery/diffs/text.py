"""A DocumentDiff for people at a terminal: a line per change, wrapped to the width.

Inline word changes are coloured (red deleted, green inserted) when `color` is on, and
marked [-like this-] {+like this+} otherwise, as `git diff --word-diff=plain` does.
Unchanged stretches are cut to a few words on each side; added and removed sections show
their words. A run of sections that were only renumbered is one line, followed by the
sections' names when it is short (NAMED_RUN). Last, when the newer release lists or
marks its changes, a few "» " lines set that account against them. No line is wider
than `width` (but for a word longer than a whole line, see terminal.py): what does not
fit goes on indented continuation lines.
"""
from __future__ import annotations

from ..model import Change, DocumentDiff, Renumbering, plural
from ..terminal import BOLD, DIM, FALLBACK_WIDTH, GREEN, RED, STRIKE, Segments, wrap
from .compare import grouped
from .publisher_words import lines as publisher_lines
from .report import describe, notices
from .words import as_shown

CONTEXT_WORDS = 6
NAMED_RUN = 5  # a run of renumbered sections this long or shorter names each of them
INDENT = "    "
SIGNS = {"added": "+", "removed": "-", "modified": "~"}


def render_text(diff: DocumentDiff, color: bool = False,
                width: int = FALLBACK_WIDTH) -> str:
    old, new = diff.old, diff.new
    head = f"{old.name} \u2192 {new.name}: {plural(len(diff.changes), 'change')}"
    lines = wrap([(head, BOLD)], width, color)
    for notice in notices(diff):  # a doubtful reading first: every line after may be wrong
        lines += wrap([(f"? {notice}", BOLD)], width, color, indent=INDENT)
    for flag in diff.flags:  # ruling alerts first: they matter most
        style = GREEN if flag.type == "resolved" else BOLD + RED
        lines += wrap([(f"! {flag.type.upper()}: {flag.detail}", style)], width, color)
    for entry in grouped(diff.changes):
        lines += wrap(entry_segments(entry, color), width, color)
        if isinstance(entry, Renumbering) and entry.count <= NAMED_RUN:
            for c in entry.changes:  # a short run names its sections, a long one only counts
                lines += wrap([(f"{INDENT}{c.new.label} (was {c.old.number})", "")], width,
                              color, indent=INDENT * 2)
    if diff.publisher is not None:  # what the release says it changed, against the above
        for line in publisher_lines(diff.publisher):
            lines += wrap([(f"\u00bb {line}", "")], width, color, indent=INDENT)
    return "\n".join(lines) + "\n"


def entry_segments(entry: Change | Renumbering, color: bool) -> Segments:
    if isinstance(entry, Renumbering):
        return [(f"~ {entry.describe()}", BOLD)]
    sign = SIGNS[entry.type]
    out: Segments = [(f"{sign} {describe(entry)}", {"+": GREEN, "-": RED}.get(sign, BOLD))]
    if entry.ops:
        out += [("  ", "")] + inline_segments(entry.ops, color)
    elif entry.type == "added" and entry.new.text:
        out += [("  ", ""), (entry.new.text.replace("\n", " "), GREEN)]
    elif entry.type == "removed" and entry.old.text:
        text = entry.old.text.replace("\n", " ")
        out += [("  ", ""), (text, RED + STRIKE) if color else (f"[-{text}-]", "")]
    return out


def inline_segments(ops: list[tuple[int, str]], color: bool) -> Segments:
    out: Segments = []
    ops = as_shown(ops)
    for k, (op, text) in enumerate(ops):
        text = text.replace("\n", " ")
        if op == 0:
            out.append((_trim(text, first=k == 0, last=k == len(ops) - 1), DIM))
        elif op < 0:
            out.append((text, RED + STRIKE) if color else (f"[-{text}-]", ""))
        else:
            out.append((text, GREEN) if color else (f"{{+{text}+}}", ""))
    return out


def _trim(text: str, first: bool, last: bool) -> str:
    words = text.split(" ")  # keeps the edge spaces as empty words
    n = CONTEXT_WORDS
    if first and len(words) > n + 1:
        return "\u2026 " + " ".join(words[-n:]).lstrip()
    if last and len(words) > n + 1:
        return " ".join(words[:n]).rstrip() + " \u2026"
    if not first and not last and len(words) > 2 * n + 2:
        return " ".join(words[:n + 1]) + "\u2026 " + " ".join(words[-n - 1:])
    return text
