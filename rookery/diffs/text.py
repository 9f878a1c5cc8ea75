"""A DocumentDiff for people at a terminal: one line per change.

Inline word changes are coloured (red deleted, green inserted) when `color` is on, and
marked [-like this-] {+like this+} otherwise, as `git diff --word-diff=plain` does.
Unchanged stretches are cut to a few words on each side.
"""
from __future__ import annotations

from ..model import Change, DocumentDiff
from .report import describe

RED, GREEN, BOLD, DIM, RESET = "\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[2m", "\x1b[0m"
CONTEXT_WORDS = 6
SIGNS = {"added": "+", "removed": "-", "modified": "~"}


def render_text(diff: DocumentDiff, color: bool = False) -> str:
    old, new = diff.old, diff.new
    head = (f"{_name(old)} \u2192 {_name(new)}: {len(diff.changes)} change"
            f"{'' if len(diff.changes) == 1 else 's'}")
    lines = [f"{BOLD}{head}{RESET}" if color else head]
    for flag in diff.flags:  # ruling alerts first: they matter most
        line = f"! {flag.type.upper()}: {flag.detail}"
        lines.append(f"{BOLD}{RED}{line}{RESET}" if color else line)
    for change in diff.changes:
        lines.append(change_line(change, color))
    return "\n".join(lines) + "\n"


def change_line(change: Change, color: bool = False) -> str:
    sign = SIGNS[change.type]
    line = f"{sign} {describe(change)}"
    if color:
        line = {"+": GREEN, "-": RED}.get(sign, BOLD) + line + RESET
    if change.ops:
        line += "  " + inline(change.ops, color)
    return line


def inline(ops: list[tuple[int, str]], color: bool = False) -> str:
    """The word changes on one line, with a little unchanged context around each."""
    parts = []
    for k, (op, text) in enumerate(ops):
        text = text.replace("\n", " ")
        if op == 0:
            text = _trim(text, first=k == 0, last=k == len(ops) - 1)
            parts.append(DIM + text + RESET if color else text)
        elif op < 0:
            parts.append(f"{RED}\x1b[9m{text}{RESET}" if color else f"[-{text}-]")
        else:
            parts.append(f"{GREEN}{text}{RESET}" if color else f"{{+{text}+}}")
    return "".join(parts)


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


def _name(doc) -> str:
    label = doc.title or doc.source
    return f"{label} v{doc.version}" if doc.version and doc.version[0].isdigit() else (
        f"{label} {doc.version}" if doc.version else label)
