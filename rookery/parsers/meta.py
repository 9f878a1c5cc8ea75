"""Version label and effective date of a release, however a document words them.

"v1.1, 10/10/2016", "Version 2.2, effective 5/13/2019", "Version 1.2 · Effective October
12, 2017" and "The Conclave (Version 2.0), effective 07/03/2020" all come out as a label
("1.1", "2.2", "1.2", "The Conclave (Version 2.0)") and an ISO date.

They are read from the title block first, then from the front matter (the opening
lines before the first section: "These rules are effective as of January 24, 2020.",
"Last updated: 3 March 2021"), then from an explicit statement anywhere that the
document makes about itself ("This document was last revised on 2021-03-03."). A date
a ruling mentions ("cards released after May 1, 2019") names no release.

Numeric dates read month first, as English-language publishers write them, dots or
slashes alike ("Effective 11.01.2016" is November 1), unless only day first makes a
real date ("24.01.2020", "20/01/2023"). A month without a day ("v2.0 - March 2021")
gives a month ("2021-03"): in force from its first day.
"""
from __future__ import annotations

import datetime as dt
import re
from itertools import takewhile

from ..model import title_key
from .numbering import read_label

_VERSION = re.compile(r"(?<![\w.])(?:v|ver\.|version)\s*(\d+(?:\.\d+)*)\b", re.I)
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTH = (r"\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
          r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?")
_NUMERIC = re.compile(r"(?<!\d)(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?!\d)")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_MONTH_FIRST = re.compile(_MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)", re.I)
_DAY_FIRST = re.compile(r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+(\d{4})(?!\d)",
                        re.I)
_MONTH_YEAR = re.compile(_MONTH + r",?\s+(\d{4})(?!\d)", re.I)
_DATES = (_ISO, _NUMERIC, _MONTH_FIRST, _DAY_FIRST, _MONTH_YEAR)
_TAG = re.compile(r"\s*\(v\d")  # "(v1.4) Card name": an entry tagged with its release
_SEPARATORS = r"[,;·|/\u2013\u2014]|\s-\s"
# words that may sit on a version line beside the label and the date
_FILLER = re.compile(r"\b(effective|released?|updated|link|pdf|as of|dated?)\b|[^\w\s]", re.I)
# words that introduce the date a document took effect (rank 0) or was last changed
# (rank 1), the date following at once: "effective as of", "Effective date:", "Updated:"
_STATED = re.compile(
    r"\b(?:(?P<effect>effective(?:\s+date)?|takes?\s+effect|in\s+effect)"
    r"|(?:last\s+)?(?:updated|revised|modified)|revision\s+date)"
    r"(?:\s+(?:as\s+of|from|on|since))?\s*[:\u2013\u2014-]?\s*", re.I)
# a sentence about the document itself: "This document...", "These tournament rules..."
_ABOUT_ITSELF = re.compile(
    r"\W*(?:this|these)\s+(?:[\w-]+\s+){0,2}?(?:document|faq|guide|rulebook|reference"
    r"|regulations|rules|policy|version|edition|release)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(])")
FRONT_BLOCKS = 8  # how many opening blocks the front matter may reach over


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
    """The first date in `text` as ISO 8601 (a month alone as "YYYY-MM")."""
    found = _dates(text)
    return found[0][2] if found else None


def _dates(text: str) -> list[tuple[int, int, str]]:
    """(start, end, ISO date) of each date in `text`, in order; a month and year that are
    part of a full date are that date."""
    full = []
    for m in _ISO.finditer(text):
        full.append((m.start(), m.end(), _date(int(m[1]), int(m[2]), int(m[3]))))
    for m in _NUMERIC.finditer(text):
        a, b, y = int(m[1]), int(m[3]), int(m[4])
        full.append((m.start(), m.end(), _date(y, a, b) or _date(y, b, a)))
    for m in _MONTH_FIRST.finditer(text):
        full.append((m.start(), m.end(), _date(int(m[3]), _month(m[1]), int(m[2]))))
    for m in _DAY_FIRST.finditer(text):
        full.append((m.start(), m.end(), _date(int(m[3]), _month(m[2]), int(m[1]))))
    full = [d for d in full if d[2]]
    months = [(m.start(), m.end(), f"{int(m[2]):04d}-{_month(m[1]):02d}")
              for m in _MONTH_YEAR.finditer(text)
              if not any(a < m.end() and m.start() < b for a, b, _d in full)]
    return sorted(full + months)


def stated_date(text: str) -> str | None:
    """The date `text` states the document by ("effective as of <date>", "Last updated:
    <date>"), the date it took effect before the date it was last changed; None for a
    date that no such words introduce, or that they introduce in brackets."""
    starts = {start: date for start, _end, date in _dates(text)}
    # in brackets, the words qualify something else: "continues the old FAQ (Version
    # 3.0, effective 01/13/2020)"
    found = sorted((m["effect"] is None, m.start(), starts[m.end()])
                   for m in _STATED.finditer(text) if m.end() in starts
                   and text.count("(", 0, m.start()) <= text.count(")", 0, m.start()))
    return found[0][2] if found else None


_MONTH_NAMES = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?")


def is_date_only(text: str) -> bool:
    """Is the line a date and nothing else ("March 27, 2024", "2024-03-27")?"""
    return effective_date(text) is not None and \
        not re.sub(r"[\d\W_]", "", _MONTH_NAMES.sub("", text))


def is_version_line(text: str) -> bool:
    """A line that is mostly a version statement (label and/or date, little else)."""
    label, date = version_label(text), effective_date(text)
    if not label and not date or "\n" in text.strip() or _TAG.match(text):
        return False
    rest = _VERSION.sub(" ", text)
    for pattern in _DATES:
        rest = pattern.sub(" ", rest)
    rest = _FILLER.sub(" ", rest)
    return len(rest.split()) <= 4


def strip_version(title: str) -> str:
    """A title without the version statement printed after it."""
    cut = [m.start() for m in (_VERSION.search(title), *(p.search(title) for p in _DATES)) if m]
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
    the version lines under it ("Version 1.2", "Last updated: 3 March 2021"), when they
    read as a title block: the heading carries a version or date, repeats the page's
    title, or is followed by a version line or a statement of the document's date (read
    by read_release, not used up here)."""
    if not blocks or blocks[0].kind != "heading":
        return None, None, None, 0
    first = blocks[0]
    version_lines = list(takewhile(lambda b: is_version_line(b.text), blocks[1:4]))
    nxt = blocks[1] if len(blocks) > 1 else None
    has_version_line = bool(version_lines)
    in_heading = is_version_line(first.text) and (version_label(first.text)
                                                       or effective_date(first.text))
    repeats_page = bool(page_title) and _names_alike(first.text, page_title)
    states_date = nxt is not None and nxt.kind != "heading" and stated_date(nxt.text) is not None
    if not (in_heading or has_version_line or repeats_page or states_date):
        return None, None, None, 0
    lines = [first.text] + [b.text for b in version_lines]
    title, version, effective = read_title_lines(lines)
    return title, version, effective, len(lines)


def _names_alike(heading: str, page_title: str) -> bool:
    """Does the heading repeat the page's title: one holds the other, or the words of
    one are, in order, among the other's ("Club Rulebook" and "Club 2024 Rulebook": a
    page's title often leaves out the year or edition its heading prints)?"""
    if title_key(page_title) in title_key(heading) or title_key(heading) in title_key(page_title):
        return True
    a, b = title_key(heading).split(), title_key(page_title).split()
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if not short:
        return False
    rest = iter(long_)
    return all(word in rest for word in short)


def read_title_lines(lines: list[str]):
    """(title, version, effective) from the lines of a title block: the date a line
    states the document by, else the first date."""
    title = version = effective = None
    for line in lines:
        version = version or version_label(line)
        effective = effective or effective_date(line)
        stripped = strip_version(line)
        if title is None and not is_version_line(stripped):
            title = stripped
    stated = next((date for line in lines if (date := stated_date(line))), None)
    return title, version, stated or effective


def read_release(blocks, version: str | None, effective: str | None):
    """(version, effective) completed from the document's text where its title block
    left them unknown: from the front matter (the blocks before the first heading or
    numbered rule: a version line, or a date introduced as the document's), else from
    the first sentence anywhere that states the document's own date ("These rules are
    effective as of ...")."""
    if version and effective:
        return version, effective
    for block in front_matter(blocks):
        if is_version_line(block.text):
            version = version or version_label(block.text)
            effective = effective or effective_date(block.text)
        effective = effective or stated_date(block.text)
    if effective is None:
        effective = next((date for block in blocks
                          for sentence in _SENTENCE_END.split(block.text)
                          if _ABOUT_ITSELF.match(sentence) and (date := stated_date(sentence))),
                         None)
    return version, effective


def front_matter(blocks) -> list:
    """The blocks a document opens with before its first heading or numbered rule (at
    most FRONT_BLOCKS): what stands before any section. A version line set apart like a
    heading ("Last updated: 3 March 2021" on a line of its own) is no section's heading."""
    out = []
    for block in blocks[:FRONT_BLOCKS]:
        if block.kind == "heading" and not is_version_line(block.text) \
                or read_label(block.text) is not None:
            break
        out.append(block)
    return out
