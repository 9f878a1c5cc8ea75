"""A DocumentDiff for people at a terminal: a line per change, wrapped to the width.

Inline word changes are coloured (red deleted, green inserted) when `color` is on, and
marked [-like this-] {+like this+} otherwise, as `git diff --word-diff=plain` does.
Unchanged stretches are cut to a few words on each side; added and removed sections show
their words. A run of sections that were only renumbered is one line. No line is wider
than `width`: what does not fit goes on indented continuation lines.
"""
from __future__ import annotations

import re

from ..model import Change, DocumentDiff, Renumbering, plural
from .compare import grouped
from .report import describe

RED, GREEN, BOLD, DIM, RESET, STRIKE = "\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[2m", "\x1b[0m", \
    "\x1b[9m"
CONTEXT_WORDS = 6
SIGNS = {"added": "+", "removed": "-", "modified": "~"}
INDENT = "    "
WIDTH = 200  # when the output is not a terminal

Segments = list[tuple[str, str]]  # (text, ANSI style or "")


def render_text(diff: DocumentDiff, color: bool = False, width: int = WIDTH) -> str:
    old, new = diff.old, diff.new
    head = f"{old.name} \u2192 {new.name}: {plural(len(diff.changes), 'change')}"
    lines = wrap([(head, BOLD)], width, color)
    for flag in diff.flags:  # ruling alerts first: they matter most
        style = GREEN if flag.type == "resolved" else BOLD + RED
        lines += wrap([(f"! {flag.type.upper()}: {flag.detail}", style)], width, color)
    for entry in grouped(diff.changes):
        lines += wrap(entry_segments(entry, color), width, color)
    return "\n".join(lines) + "\n"


def change_line(change: Change, color: bool = False, width: int = WIDTH) -> str:
    """One change as it reads in the terminal (wrapped lines joined)."""
    return "\n".join(wrap(entry_segments(change, color), width, color))


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


def inline(ops: list[tuple[int, str]], color: bool = False) -> str:
    """The word changes on one line, with a little unchanged context around each."""
    return "".join(_styled(t, s, color) for t, s in inline_segments(ops, color))


def inline_segments(ops: list[tuple[int, str]], color: bool) -> Segments:
    out: Segments = []
    for k, (op, text) in enumerate(ops):
        text = text.replace("\n", " ")
        if op == 0:
            out.append((_trim(text, first=k == 0, last=k == len(ops) - 1), DIM))
        elif op < 0:
            out.append((text, RED + STRIKE) if color else (f"[-{text}-]", ""))
        else:
            out.append((text, GREEN) if color else (f"{{+{text}+}}", ""))
    return out


def wrap(segments: Segments, width: int, color: bool) -> list[str]:
    """Fill lines of at most `width` visible characters with the segments' words, the
    continuation lines indented; styles are carried word by word."""
    room = max(width, 20)
    limit = room - len(INDENT)  # a word longer than a line is cut into pieces this long
    tokens: list[tuple[str, str]] = []
    for text, style in segments:
        for token in re.findall(r"\S+|\s+", text):
            if token.isspace():
                tokens.append((token.replace("\n", " "), style))
            else:
                tokens += [(token[k:k + limit], style) for k in range(0, len(token), limit)]
    lines: list[str] = []
    current: list[tuple[str, str]] = []
    used = 0
    for token, style in tokens:
        if token.isspace():
            if current and not current[-1][0].isspace():
                current.append((token, style))
                used += len(token)
            continue
        if used + len(token) > room and any(t.strip() for t, _s in current):
            lines.append(_render(current, color))
            current, used = [(INDENT, "")], len(INDENT)
        current.append((token, style))
        used += len(token)
    if any(t.strip() for t, _s in current):
        lines.append(_render(current, color))
    return lines


def _render(tokens: list[tuple[str, str]], color: bool) -> str:
    while tokens and tokens[-1][0].isspace():
        tokens = tokens[:-1]
    return "".join(_styled(t, s, color) for t, s in tokens)


def _styled(text: str, style: str, color: bool) -> str:
    return f"{style}{text}{RESET}" if color and style and text.strip() else text


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
