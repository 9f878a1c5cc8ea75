"""Version label and effective date from a title block, however a format words them.

"v1.1, 10/10/2016", "Version 2.2, effective 5/13/2019", "Version 1.2 · Effective October
12, 2017" and "The Conclave (Version 2.0), effective 07/03/2020" all come out as a label
("1.1", "2.2", "1.2", "The Conclave (Version 2.0)") and an ISO date.
"""
from __future__ import annotations

import datetime as dt
import re

from ..model import title_key

_VERSION = re.compile(r"(?<![\w.])(?:v|version)\s*(\d+(?:\.\d+)*)\b", re.I)
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_NUMERIC = re.compile(r"(?<!\d)(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?!\d)")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_MONTH_FIRST = re.compile(_MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})", re.I)
_DAY_FIRST = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+(\d{4})", re.I)
_TAG = re.compile(r"\s*\(v\d")  # "(v1.4) Card name": an entry tagged with its release
_SEPARATORS = r"[,;·|/\u2013\u2014]|\s-\s"
# words that may sit on a version line beside the label and the date
_FILLER = re.compile(r"\b(effective|released?|updated|link|pdf|as of|dated?)\b|[^\w\s]", re.I)


def version_label(text: str) -> str | None:
    """The release label printed in `text`, or None."""
    m = _VERSION.search(text)
    if not m:
        return None
    before, after = text[:m.start()], text[m.end():]
    # "The Conclave (Version 2.0)": a named series; the name is part of the label
    if before.rstrip().endswith("(") and after.lstrip().startswith(")"):
        name = re.split(_SEPARATORS, before.rstrip()[:-1])[-1].strip()
        if name:
            return f"{name} ({text[m.start():m.end()].strip()})"
    return m.group(1)


def effective_date(text: str) -> str | None:
    """The first date in `text` as ISO 8601. Numeric dates read month-first unless only
    day-first makes a real date ("20/01/2023")."""
    candidates = []
    for m in _ISO.finditer(text):
        candidates.append((m.start(), _date(int(m[1]), int(m[2]), int(m[3]))))
    for m in _NUMERIC.finditer(text):
        a, b, y = int(m[1]), int(m[2]), int(m[3])
        candidates.append((m.start(), _date(y, a, b) or _date(y, b, a)))
    for m in _MONTH_FIRST.finditer(text):
        candidates.append((m.start(), _date(int(m[3]), _month(m[1]), int(m[2]))))
    for m in _DAY_FIRST.finditer(text):
        candidates.append((m.start(), _date(int(m[3]), _month(m[2]), int(m[1]))))
    found = sorted((pos, d) for pos, d in candidates if d)
    return found[0][1] if found else None


def is_version_line(text: str) -> bool:
    """A line that is mostly a version statement (label and/or date, little else)."""
    label, date = version_label(text), effective_date(text)
    if not label and not date or "\n" in text.strip() or _TAG.match(text):
        return False
    rest = _VERSION.sub(" ", text)
    for pattern in (_ISO, _NUMERIC, _MONTH_FIRST, _DAY_FIRST):
        rest = pattern.sub(" ", rest)
    rest = _FILLER.sub(" ", rest)
    return len(rest.split()) <= 4


def strip_version(title: str) -> str:
    """A title without the version statement printed after it."""
    cut = [m.start() for m in (_VERSION.search(title), _NUMERIC.search(title),
                                _MONTH_FIRST.search(title), _ISO.search(title)) if m]
    if not cut:
        return title
    head = title[:min(cut)]
    head = re.sub(r"(?:\s*(?:" + _SEPARATORS + r"|\(|effective))+\s*$", "", head, flags=re.I)
    return head.strip() or title


def _month(name: str) -> int:
    name = name.lower().rstrip(".")
    return next(n for m, n in _MONTHS.items() if m.startswith(name[:3]))


def _date(y: int, m: int, d: int) -> str | None:
    try:
        return dt.date(y, m, d).isoformat()
    except ValueError:
        return None


def read_title_block(blocks, page_title: str | None):
    """(title, version, effective, blocks used) from a document's opening heading and
    the version line under it, when they read as a title block."""
    if not blocks or blocks[0].kind != "heading":
        return None, None, None, 0
    first = blocks[0]
    nxt = blocks[1] if len(blocks) > 1 else None
    has_version_line = nxt is not None and is_version_line(nxt.text)
    in_heading = is_version_line(first.text) and (version_label(first.text)
                                                       or effective_date(first.text))
    repeats_page = bool(page_title) and (title_key(page_title) in title_key(first.text)
                                         or title_key(first.text) in title_key(page_title))
    if not (in_heading or has_version_line or repeats_page):
        return None, None, None, 0
    lines = [first.text] + ([nxt.text] if has_version_line else [])
    title, version, effective = read_title_lines(lines)
    return title, version, effective, len(lines)


def read_title_lines(lines: list[str]):
    """(title, version, effective) from the lines of a title block."""
    title = version = effective = None
    for line in lines:
        version = version or version_label(line)
        effective = effective or effective_date(line)
        stripped = strip_version(line)
        if title is None and not is_version_line(stripped):
            title = stripped
    return title, version, effective
