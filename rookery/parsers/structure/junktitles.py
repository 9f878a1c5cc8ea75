"""Titles that are no titles (see soundness.py): a bullet, an icon, a URL, a date, a page
number, a section number alone, a formula, markup, an e-mail address, a table's values
("Cost: 20 Revenue: 5"); the document's own title again (a running
head); a version line over the whole document, or, when the reading found no title, the two lines
of a title read as a heading over another over it; the first lines of sentences; one title side by
side or over nothing again and again.
"""
from __future__ import annotations

import re

from ...model import Section, title_key
from ..blocks import RELATION
from ..meta import is_date_only, is_version_line, strip_version
from ..numbering import read_label
from .node import has_children
from .sequence import goes_on

_PRIVATE = re.compile("[\ue000-\uf8ff\U000f0000-\U0010ffff]")
_URL = re.compile(r"^(?:[a-z][a-z0-9+.-]*://|www\.)\S+$|^\S+\.(?:com|org|net|io|de|fr)(?:/\S*)?$",
                  re.I)
PAGE_NUMBER = re.compile(r"^(?:[Pp]age\s+|[Pp]\.\s*)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:/|of)\s*\d{1,4})?$")
# sections titled by the document's title's first word alone that make it a running head
PAGE_AFTER_PAGE = 3
SENTENCE_WORDS = 6  # words in a title that may be a sentence's first line ...
SENTENCE_TITLES = 3  # ... and how many of those make a misreading
SIDE_BY_SIDE = 3  # sections in a row under one heading with one title: a grid's rows
_CLOSING = tuple(".!?:;)]\"'\u00bb\u201d\u2019\u3002\uff1a\uff09")
_NUMBER_ALONE = re.compile(r"^\(?\d{1,4}(?:\.\d{1,4})+[a-z]?[.)]?$")  # "1.2": its text apart
# an e-mail address, perhaps after a label ("E-mail: someone@example.org")
_MAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
MAIL_WORDS = 3  # words of a title with an e-mail address in it, at most
# a label and its figure ("Cost: 20"), VALUES or more in a title: a table's values
_VALUE = re.compile(r"[^\W\d_]+:\s*[-+]?\d")
VALUES = 2
# a tag of markup ("<h2>", "</b>", "<article-1>", "<br/>"): the source's markup read as words
_TAG = re.compile(r"</?[A-Za-z][\w.:-]*(?:\s+[^<>]*)?/?>")


def junk_titles(sections: list[Section], doc_title: str | None) -> list[tuple[str, str]]:
    """Titles that are no titles; the document's own title (or the line that opens it),
    or its first words, set as the title of sections twice or more is a running head
    read as a heading (its first word alone, page after page)."""
    out = []
    printed = {s.number.casefold() for s in sections if s.number}
    own = _opening(sections, doc_title)
    heads = [s for s in sections if s.own_title and not s.number and own
             and own.startswith(title_key(s.own_title))]
    words = [s for s in heads if " " in s.own_title.strip()]
    single = [s for s in heads if " " not in s.own_title.strip()]  # one word may name a
    # section or two
    again = {id(s) for s in (words if len(words) >= 2 else [])
             + (single if len(single) >= PAGE_AFTER_PAGE else [])}
    sentences = _sentence_lines(sections)
    side = _side_by_side(sections)
    heads_again = _bare_again(sections)
    over_all = _over_all(sections)
    for s in sections:
        title = s.own_title
        if not title:
            continue
        why = junk(title)
        if why is None and s is over_all and _version_alone(title):
            why = "a version line over the whole document"
        if why is None and s is over_all and not doc_title and _title_lines(sections, s):
            why = "a title page's line over the whole document"
        if why == "a number alone" and _names_by_number(s, title, printed):
            why = None
        if why is None and id(s) in again:
            why = "the document's title again"
        if why is None and id(s) in sentences:
            why = "a sentence's first line"
        if why is None and id(s) in side:
            why = "one title side by side"
        if why is None and id(s) in heads_again:
            why = "one heading over nothing again and again"
        if why is not None:
            out.append((title, why))
    return out


def _over_all(sections: list[Section]) -> Section | None:
    """The heading every other section is under, if there is one."""
    top = next((s for s in sections if s.heading), None)
    if top is None or len(sections) < 3:
        return None
    inside = [s for s in sections if s is not top and (s.heading or s.text)]
    return top if all(s.path[:1] == (top.heading,) for s in inside) and inside else None


def _title_lines(sections: list[Section], top: Section) -> bool:
    """Is the heading over the whole document one of two lines of a title read as two
    headings, one over the other ("RULES" over "OFFICIAL" over every rule): each
    unnumbered, with no text, the second alone under the first?"""
    k = sections.index(top)
    inner = sections[k + 1] if k + 1 < len(sections) else None
    if inner is None or top.number or inner.number or top.text.strip() \
            or inner.text.strip() or not inner.heading:
        return False
    under = [s for s in sections[k + 1:] if len(s.path) > len(top.path) + 1 or s is inner]
    return len(under) == len(sections) - k - 1 and \
        all(s.path[:len(inner.path) + 1] == (*inner.path, inner.heading)
            for s in sections[k + 2:])


def _version_alone(title: str) -> bool:
    """Is the title a version line and little else ("Version 2.1", "Updated 3 May"),
    no name before it ("Changes in version 2.1")?"""
    if not is_version_line(title):
        return False
    before = strip_version(title)
    return before == title or len(before.split()) <= 1


def _sentence_lines(sections: list[Section]) -> set[int]:
    """Sections titled by the first line of a sentence that their text goes on with (in
    lower case, or after a comma), when there are enough of them to be a misreading."""
    found = set()
    for s in sections:
        title, text = (s.own_title or "").strip(), s.text.lstrip()
        if len(title.split()) >= SENTENCE_WORDS and (
                title.endswith(",") or not title.endswith(_CLOSING) and text[:1].islower()):
            found.add(id(s))
    return found if len(found) >= SENTENCE_TITLES else set()


def _bare_again(sections: list[Section]) -> set[int]:
    """Unnumbered headings over nothing that share their title with two or more others
    over nothing: a running head (or a page's label) read as a heading, page after page."""
    bare: dict[str, list[int]] = {}
    for k, s in enumerate(sections):
        if s.own_title and not s.number and not s.question and not s.text.strip() \
                and not has_children(sections, k):
            bare.setdefault(s.own_title.casefold(), []).append(id(s))
    return {i for found in bare.values() if len(found) >= SIDE_BY_SIDE for i in found}


def _side_by_side(sections: list[Section]) -> set[int]:
    """Unnumbered sections in runs of SIDE_BY_SIDE or more under one heading with one
    title (a grid read row by row gives each column's label again and again)."""
    found: set[int] = set()
    run: list[Section] = []
    for s in sections + [None]:
        if run and s is not None and not s.number and s.own_title == run[0].own_title \
                and s.path == run[0].path:
            run.append(s)
            continue
        if len(run) >= SIDE_BY_SIDE:
            found.update(id(r) for r in run)
        run = [s] if s is not None and not s.number and s.own_title else []
    return found


def _names_by_number(s: Section, title: str, printed: set[str]) -> bool:
    """Is the number that titles the numbered section `s` a name (a release it tells of)
    rather than a section number read apart from its text: none the document prints as a
    section's, nor one that could come next to the section's own or above it?"""
    own, named = read_label(f"{s.number}.", loose=True) if s.number else None, \
        read_label(title.strip(), loose=True)
    if own is None or named is None or named[1]:
        return False
    mine, label = own[0], named[0]
    return label.number.casefold() not in printed \
        and not goes_on(mine, label) and not goes_on(label, mine) \
        and mine.parts[:len(label.parts)] != label.parts


def _opening(sections: list[Section], doc_title: str | None) -> str | None:
    """The document's title as a key: the one it was read with, else the first line of
    its front matter (which a title of its own starts)."""
    if doc_title:
        return title_key(doc_title)
    if sections and not sections[0].heading and sections[0].text:
        return title_key(sections[0].text.split("\n")[0])
    return None


def junk(title: str) -> str | None:
    """What a title is when it is no title: "a bullet", "an icon", "a URL", "a date",
    "a page number", "a number alone", "markup", "an e-mail address", "values" (two or
    more labels with their figures, "Cost: 20 Revenue: 5"), "a formula"; None for a
    title."""
    text = title.strip()
    letters = [c for c in text if c.isalnum()]
    if _PRIVATE.search(text) and len(_PRIVATE.findall(text)) * 2 >= len(text.replace(" ", "")):
        return "an icon"
    if not letters or len(text) == 1 and text.islower():
        return "a bullet"
    if _URL.match(text):
        return "a URL"
    if PAGE_NUMBER.match(text):
        return "a page number"
    if is_date_only(text):
        return "a date"
    if _NUMBER_ALONE.match(text):
        return "a number alone"
    if _TAG.search(text):
        return "markup"
    if _MAIL.search(text) and len(text.split()) <= MAIL_WORDS:
        return "an e-mail address"
    if len(_VALUE.findall(text)) >= VALUES:
        return "values"
    if RELATION.search(text):
        return "a formula"
    return None
