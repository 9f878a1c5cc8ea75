"""Text for people at a terminal: the width every text output fills, and lines wrapped to
it, with their styles.

The width is the terminal's, or `$COLUMNS` when it is set (a pipe into `less`, a script
that knows its window), or FALLBACK_WIDTH when output goes to neither. A word longer than
a whole line (a long URL) is never cut, so that it can be copied: it stands on a line of
its own, the only line that may be wider than the width.
"""
from __future__ import annotations

import os
import re
import shutil
import sys

FALLBACK_WIDTH = 100  # output that goes to a file or a pipe, with no $COLUMNS
LEAST_WIDTH = 20  # narrower is no use for words; lines are filled to this at least

RED, GREEN, BOLD, DIM, RESET, STRIKE = "\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[2m", \
    "\x1b[0m", "\x1b[9m"

Segments = list[tuple[str, str]]  # (text, ANSI style or "")

_TOKENS = re.compile(r"\S+|\s+")


def width(stream=None) -> int:
    """The columns text written to `stream` (stdout) may fill."""
    stream = stream or sys.stdout
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        tty = False
    # get_terminal_size reads $COLUMNS first, then the terminal of the real stdout
    columns = shutil.get_terminal_size((FALLBACK_WIDTH, 24)).columns \
        if tty or os.environ.get("COLUMNS", "").strip() else FALLBACK_WIDTH
    return max(columns, LEAST_WIDTH)


def wrap(segments: Segments, width: int, color: bool = False, indent: str = "    ") -> list[str]:
    """Lines of at most `width` characters (escape codes do not count) filled with the
    segments' words; continuation lines start with `indent`, and whitespace that starts
    the first segment is kept. With `color`, each run of words in one style is styled
    once, not word by word."""
    room = max(width, LEAST_WIDTH)
    lines: list[str] = []
    current: Segments = []
    used = 0
    words = False  # does the line hold a word yet (not only spaces and the indent)?
    for text, style in segments:
        if used + len(text) <= room:  # no line ends inside it: its words go in at once
            used = _add_whole(current, text, style, used)
            words = words or bool(text.strip())
            continue
        for token in _TOKENS.findall(text):
            if token.isspace():
                if not (current and current[-1][0].isspace()):
                    current.append((token.replace("\n", " "), style))
                    used += len(token)
                continue
            if used + len(token) > room and words:
                lines.append(render(current, color))
                current, used, words = [(indent, "")], len(indent), bool(indent.strip())
            current.append((token, style))
            used += len(token)
            words = True
    if words:
        lines.append(render(current, color))
    return lines


def _add_whole(current: Segments, text: str, style: str, used: int) -> int:
    """Add all of `text` to the line as wrap would word by word (a space that follows a
    space is dropped, a line break becomes a space), in at most three pieces: the
    spaces it starts and ends with, and what stands between them, which render treats
    alike whether it comes as one token or many. Returns the line's new length."""
    body = text.strip()
    if not body:  # all spaces, or nothing
        if text and not (current and current[-1][0].isspace()):
            current.append((text.replace("\n", " "), style))
            used += len(text)
        return used
    start = len(text) - len(text.lstrip())
    end = start + len(body)
    if start and not (current and current[-1][0].isspace()):
        current.append((text[:start].replace("\n", " "), style))
        used += start
    current.append((body.replace("\n", " "), style))
    used += len(body)
    if end < len(text):
        current.append((text[end:].replace("\n", " "), style))
        used += len(text) - end
    return used


def fill(text: str, width: int, indent: str = "", first: str = "") -> list[str]:
    """Plain text wrapped: the first line starts with `first`, the others with `indent`."""
    return wrap([(first, ""), (text, "")], width, indent=indent)


def render(tokens: Segments, color: bool) -> str:
    """One line of styled tokens: neighbours in the same style share one escape code and
    one reset, the spaces between them inside it; trailing spaces are dropped."""
    while tokens and tokens[-1][0].isspace():
        tokens = tokens[:-1]
    if not color:
        return "".join(t for t, _s in tokens)
    runs: list[list[str]] = []  # [style, text]
    space = ""
    for text, style in tokens:
        if text.isspace():
            space += text
        elif runs and runs[-1][0] == style:
            runs[-1][1] += space + text
            space = ""
        else:
            if space:
                runs.append(["", space])
                space = ""
            runs.append([style, text])
    return "".join(f"{style}{text}{RESET}" if style else text for style, text in runs)
