"""Our rulebook (numbered.py) as text that keeps a page's layout, the way
`pdftotext -layout` writes a PDF: pages with running heads and feet, a contents list in
two columns, numbered rules whose later lines hang under their text, headings set off
by blank lines, glossary terms on lines of their own. Each `Page` varies what a
publisher's page and a converter vary."""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

import numbered


@dataclass(frozen=True)
class Page:
    name: str
    measure: int = 80  # where lines wrap
    label_gap: int = 3  # spaces between a rule's number and its text
    indent_step: int = 4  # how far each depth of rule is set in
    page_rows: int = 24  # body rows between running heads and feet
    head: str = ""  # a running head over every page ("" for none)
    foot: str = "lanternfall.example   {n}"  # a running foot; {n} is the page number
    contents_columns: int = 2
    blank_after_headings: bool = True
    # wrap by the widths of proportional type, then set each line's letters one a column
    # (as a converter lays type on a grid): a full line's length in characters varies
    proportional: bool = False


PAGES = [
    Page("wide two-column contents"),
    Page("narrow, tight labels", measure=64, label_gap=1, indent_step=3, page_rows=18),
    Page("running head, roman feet", measure=96, head="LANTERNFALL COMPREHENSIVE RULES",
         foot="{n}", page_rows=30),
    Page("one-column contents, headings tight", measure=72, contents_columns=1,
         blank_after_headings=False, foot="Lanternfall Rules  -  page {n}"),
    Page("proportional type", measure=84, proportional=True),
    Page("proportional type, narrow", measure=60, label_gap=2, proportional=True,
         foot="{n}", page_rows=20),
]

# widths of letters in a proportional face, in the grid's characters
NARROW, WIDE = set("iljtfr.,;:'!|()"), set("mwMWOQG@")


def _width(text: str) -> float:
    return sum(0.5 if c in NARROW else 1.5 if c in WIDE else 1.2 if c.isupper() else 1.0
               for c in text)


def _wrap(words: str, room: int, page: Page) -> list[str]:
    """The words wrapped to `room` columns: by count of characters, or by the widths of
    proportional type."""
    if not page.proportional:
        return textwrap.wrap(words, room)
    lines: list[str] = []
    for word in words.split():
        if lines and _width(lines[-1] + " " + word) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines

ROMAN = ["i", "ii", "iii", "iv", "v", "vi"]


def text(scheme: numbered.Scheme, page: Page) -> str:
    """The rulebook laid out as `page` says, pages parted by their heads and feet."""
    rows = _title(page) + [""] + _contents(scheme, page)
    pages = [rows]
    body = _body(scheme, page)
    for start in range(0, len(body), page.page_rows):
        pages.append(body[start:start + page.page_rows])
    out: list[str] = []
    for n, rows in enumerate(pages):
        if page.head and n:
            out += [page.head.center(page.measure).rstrip(), ""]
        out += rows + ["", "", ""]
        number = ROMAN[n] if n < len(ROMAN) and n == 0 else str(n)
        out.append(page.foot.format(n=number).rjust(page.measure))
    return "\n".join(out) + "\n"


def _title(page: Page) -> list[str]:
    return [numbered.TITLE.center(page.measure).rstrip(),
            numbered.EFFECTIVE.center(page.measure).rstrip()]


def _contents(scheme: numbered.Scheme, page: Page) -> list[str]:
    entries = [("   " if level == 2 else "") + heading
               for kind, level, heading in (it for it in numbered.items(scheme) if it[0] == "h")]
    if page.contents_columns == 1:
        return ["Contents", ""] + entries
    half = (len(entries) + 1) // 2
    left, right = entries[:half], entries[half:]
    gutter = page.measure // 2
    rows = [(a.ljust(gutter) + b).rstrip() for a, b in zip(left, right + [""] * len(left))]
    return ["Contents", ""] + rows


def _body(scheme: numbered.Scheme, page: Page) -> list[str]:
    out: list[str] = []
    after = [""] if page.blank_after_headings else []
    for it in numbered.items(scheme):
        if it[0] == "h":
            out += ["", it[2]] + after
        elif it[0] == "p":
            out += _wrap(it[1], page.measure, page) + [""]
        elif it[0] == "rule":
            out += _rule(it[1], it[2], page)
        else:  # a glossary term over its definition
            out += ["", it[1]] + _wrap(it[2], page.measure, page)
    return out


def _rule(label: str, words: str, page: Page) -> list[str]:
    """A numbered rule: its number set in by its depth, its text beside the number and
    its later lines hanging under that text."""
    depth = label.strip("()").rstrip(".").count(".") + label[-1:].isalpha()
    lead = " " * (page.indent_step * depth) + label + " " * page.label_gap
    lines = _wrap(words, page.measure - len(lead), page)
    return [lead + lines[0]] + [" " * len(lead) + line for line in lines[1:]]
