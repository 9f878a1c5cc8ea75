"""Headings a reading made where the file has none, or missed where it has one: what
`rookery check` finds of them from the sections alone, without truth.

* a title that opens in lower case, in a document whose titles open with capitals (not
  a glossary's terms), or a title of six words or more that does not end a clause and
  whose text goes on in lower case: a line from inside a sentence (or its first line),
  a table's cell or a byline read as a heading; and three or more untitled sections
  that open in lower case: paragraphs cut apart mid-sentence (`mid_sentence`);
* three or more numbered sections in a row, each going on from the last, that have a
  title and nothing else, or a title that opens with a list's bullet or, unnumbered,
  with a number set as one enclosed character ("②"): a list, or a figure's legend, read
  as rules (`items_as_rules`);
* a number set deeper than the sibling it goes on from, under an unnumbered "heading"
  that came after that sibling and is a line of text (a lead-in ending in a colon, or a
  line opening in lower case: "3.3" under "Each entity holds:" after "3.2") or that
  the numbering leaves again ("3.3.4" under "Fridge" after "3.3.3", and "3.3.5" beside
  "Fridge"; a part's heading may hold the rest of a numbering: "Optional Rules" over
  "C." and "D."), or a question-and-answer entry set under another entry, or an
  unnumbered title of its parent's shape, numbers aside ("Place 2: 30%" under "Place 1:
  55%"): a rule nested under the wrong heading, a list's lines nested one under the
  other (`nested_wrong`);
* a short line of text shaped like two or more of the document's titles, numbers aside
  ("Example 4" where "Example 3" and "Example 5" are headings); in a glossary (terms, or
  eight or more sections of text side by side, in alphabetical order), a name that
  sorts between its term and the next, over a sentence (a definition); in a numbered
  rule whose next sibling skips a number ("1.1", then "1.3"), a name over a sentence:
  a heading left in the text; so is, in a numbered rule with no title among siblings
  that nearly all have one, a name over a sentence opening its text (its title, read
  apart from its number: "2.1" alone, "Behaviour" in its text); and, in a reading whose
  text is all in one section, two or more names each standing alone between sentences,
  or alone over a colon ("Overview:"); and two or more lines the PDF reader saw set in
  the larger type of two or more of its headings, short, left as lines of the text
  (`headings_lost`).
"""
from __future__ import annotations

import re
from collections import Counter

from ...model import Section
from ..blocks import ENDS_CLAUSE, ENDS_LIKE_A_SENTENCE, ENDS_SENTENCE, LINE_BULLET
from ..numbering import Label, continues, folded, read_label
from .glossary import alphabetical, order_key
from .node import has_children

SENTENCE_WORDS = 6  # words in a title that may be a sentence's first line
# untitled sections that open in lower case that make a file's paragraphs cut apart (one
# or two may be a caption's "above:", "below:")
BROKEN_PARAGRAPHS = 3
QUOTED = 60  # characters of an untitled section's first line that name it
ITEMS_IN_A_ROW = 3  # numbered sections in a row with a title and nothing else: a list
LOWER_SHARE = 0.25  # of the titles, opening in lower case, below which they are strays
# (more is the document's own style: a glossary, a list of card names)
SHAPE_TITLES = 2  # titles of one shape that make it a kind of heading the document sets
SHAPE_WORDS = 6  # words in a title or a line that may be one of those headings
# sections of text side by side in alphabetical order that make a glossary the reader
# did not name as one (three terms may be in order by chance: "Setup", "Turns", "Winning")
GLOSSARY_ENTRIES = 8
DEFINITION_WORDS = 6  # words in the sentence under a name that make it a definition
TITLED_SIBLINGS = 2  # titled siblings, at least, beside a rule whose title went apart ...
TITLED_SHARE = 0.6  # ... and their share of the siblings
UNDIVIDED_WORDS = 300  # words in a reading's only section that make it a document
UNDIVIDED_NAMES = 2  # names alone between sentences in it that make headings lost
LABEL_WORDS = 3  # words of a name over a colon alone on its line, at most
STYLED_LINES = 2  # lines in the headings' larger type left in the text that make a fault
_WORDY = re.compile(r"[^\W\d_]{3}")  # a word of three letters or more
_DIGITS = re.compile(r"\d+")
# a number set in a circle or brackets as one character ("②", "❸", "⑵"): a list's marker
_ENCLOSED = re.compile("^\\s*[\u2460-\u24ff\u2776-\u2793\u3251-\u325f\u32b1-\u32bf]")


def judged(sections: list[Section], labels: list[Label | None],
           styled: list[str] = ()) -> dict[str, list[str]]:
    """The Reading's fields this module fills, by name (see the module doc); `labels`
    are the sections' numbers, read once; `styled`, lines the reader saw set in its
    headings' larger type and kept as text."""
    return {"mid_sentence": mid_sentence(sections),
            "items_as_rules": items_as_rules(sections, labels),
            "nested_wrong": nested_wrong(sections, labels),
            "headings_lost": headings_lost(sections) + terms_lost(sections)
            + skipped_lost(sections, labels) + titles_apart(sections, labels)
            + undivided_lost(sections) + styled_lost(sections, styled)}


def mid_sentence(sections: list[Section]) -> list[str]:
    """Titles that open in lower case, when they are a few of the document's titles;
    titles that are a sentence's first line; untitled sections that open in lower case,
    enough of them (see the module doc)."""
    titled = [s.own_title.strip() for s in sections if s.own_title and s.kind != "term"]
    out = [t for t in titled if _opens_lower(t)]
    out = out if len(out) < LOWER_SHARE * len(titled) else []
    broken = [s.text.strip().split("\n")[0][:QUOTED] for k, s in enumerate(sections)
              if k and not s.title and not s.question and _opens_lower(s.text.strip())]
    return out + [s.own_title.strip() for s in sections if _goes_on(s)] \
        + (broken if len(broken) >= BROKEN_PARAGRAPHS else [])


def _goes_on(s: Section) -> bool:
    """Is the section titled by a sentence's first line, its text going on in lower case
    (a title that opens in lower case is counted above)?"""
    title, text = (s.own_title or "").strip(), s.text.lstrip()
    return len(title.split()) >= SENTENCE_WORDS and not _opens_lower(title) \
        and not ENDS_CLAUSE.search(title) and text[:1].islower()


def _opens_lower(title: str) -> bool:
    """Does the title open with a small letter of a script with capitals, in a word that
    is no name written with one inside ("iPhone")?"""
    word = title.split()[0] if title.split() else ""
    first = word[:1]
    return first.isalpha() and first.islower() and first.upper() != first \
        and not any(c.isupper() for c in word)


def items_as_rules(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Numbers of runs of bare numbered sections going on from each other in one place,
    and titles that open with a bullet (see the module doc)."""
    out: list[str] = []
    run: list[int] = []
    for k in range(len(sections) + 1):
        bare = k < len(sections) and _bare(sections, k) and labels[k] is not None
        if bare and run and sections[k].path == sections[run[-1]].path \
                and continues(labels[run[-1]], labels[k]):
            run.append(k)
            continue
        if len(run) >= ITEMS_IN_A_ROW:
            out += [sections[j].number for j in run]
        run = [k] if bare else []
    out += [s.own_title for s in sections if s.own_title and (
        LINE_BULLET.match(s.own_title)
        and any(c.isalnum() for c in LINE_BULLET.sub("", s.own_title, count=1))
        or _ENCLOSED.match(s.own_title) and not s.number)]
    return out


def _bare(sections: list[Section], k: int) -> bool:
    """Is section `k` a number and a title over nothing: no text, no question, no child?"""
    s = sections[k]
    return bool(s.number and s.own_title) and not s.text.strip() and not s.question \
        and not has_children(sections, k)


def nested_wrong(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Numbers set under an unnumbered heading that follows the sibling they go on from,
    and entries set under another entry (see the module doc)."""
    out: list[str] = []
    keys = [_rank(label) if label is not None else None for label in labels]
    after: list[int | None] = [None] * len(sections)  # the next section of the same rank
    ahead: dict = {}
    for k in range(len(sections) - 1, -1, -1):
        if keys[k] is not None:
            after[k], ahead[keys[k]] = ahead.get(keys[k]), k
    last: dict = {}  # rank -> the section before
    for k, (s, label) in enumerate(zip(sections, labels)):
        if label is None:
            continue
        before = last.get(keys[k])
        last[keys[k]] = (label, s)
        if before is None or not continues(before[0], label):
            continue
        depth = len(before[1].path)
        if len(s.path) > depth and s.path[:depth] == before[1].path \
                and s.path[depth] != before[1].heading and (
                    _no_heading(s.path[depth]) or _leaves(sections, labels, k, after[k], depth)):
            out.append(s.number)
    entries = {s.heading for s in sections if s.kind == "faq" and s.question and s.heading}
    out += [s.label for s in sections if s.kind == "faq" and s.path and s.path[-1] in entries]
    # a title of its parent's shape, numbers aside ("Place 2: 30%" under "Place 1: 55%"):
    # the lines of one list nested one under the other
    shapes = {s.heading: _shape(s.own_title) for s in sections
              if s.heading and s.own_title and not s.number and _DIGITS.search(s.own_title)}
    out += [s.own_title for s in sections if s.path and not s.number and s.own_title
            and shapes.get(s.path[-1]) == _shape(s.own_title)]
    return out


def _leaves(sections: list[Section], labels: list[Label | None], k: int, nxt: int | None,
            depth: int) -> bool:
    """Does the numbering leave the heading section `k` sits under (at `depth`) with its
    next number, which goes on from `k`'s and stands outside that heading?"""
    return nxt is not None and continues(labels[k], labels[nxt]) \
        and sections[nxt].path[:depth + 1] != sections[k].path[:depth + 1]


def _rank(label: Label) -> tuple:
    """A number's rank: how many parts it has, under which parent number."""
    return len(label.parts), folded(label.parent)


def _no_heading(title: str) -> bool:
    """Is the title a line of text rather than a heading: a sentence's lead-in (it ends
    in a colon or a comma) or a line from inside one (it opens in lower case)? A part's
    heading may hold the rest of a numbering ("Optional Rules" before "C." and "D.")."""
    return title.rstrip().endswith(_LEAD_IN) or _opens_lower(title.strip())


_LEAD_IN = (":", ",", "\uff1a", "\uff0c", "\u3001")  # (and their full-width forms)


def headings_lost(sections: list[Section]) -> list[str]:
    """Short lines of text shaped like two or more titles that print a number."""
    shapes = Counter(_shape(s.own_title) for s in sections if s.own_title
                     and any(c.isdigit() for c in s.own_title)
                     and len(s.own_title.split()) <= SHAPE_WORDS)
    if not shapes:
        return []
    out = []
    for s in sections:
        for line in s.text.split("\n"):
            line = line.strip()
            if line and len(line.split()) <= SHAPE_WORDS and any(c.isdigit() for c in line) \
                    and shapes[_shape(line)] >= SHAPE_TITLES:
                out.append(line)
    return out


def terms_lost(sections: list[Section]) -> list[str]:
    """Names left in a glossary term's text, between it and the next term in order, each
    over a definition (see the module doc)."""
    glossaries: dict[tuple, list[Section]] = {}
    for s in sections:
        if s.own_title and not s.number and s.kind in ("term", "text"):
            glossaries.setdefault((s.path, s.kind), []).append(s)
    out = []
    for (_path, kind), terms in glossaries.items():
        keys = [order_key(s.own_title) for s in terms]
        if kind != "term" and len(terms) < GLOSSARY_ENTRIES \
                or not alphabetical([s.own_title for s in terms]):
            continue
        for k, s in enumerate(terms):
            after = keys[k + 1] if k + 1 < len(terms) else None
            lines = [line.strip() for line in s.text.split("\n")]
            for line, nxt in zip(lines, lines[1:]):
                key = order_key(line)
                if _named(line) and keys[k] < key and (after is None or key < after) \
                        and _definition(nxt):
                    out.append(line)
    return out


def skipped_lost(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Names over a sentence in a numbered rule's text where the next sibling skips one
    number ("1.1", then "1.3"): the skipped rule's heading, left in the text."""
    out = []
    for k in range(len(sections) - 1):
        a, b = labels[k], labels[k + 1]
        if a is None or b is None or a.parent != b.parent or sections[k].path != \
                sections[k + 1].path or not (a.parts[-1].isdigit() and b.parts[-1].isdigit()) \
                or int(b.parts[-1]) != int(a.parts[-1]) + 2:
            continue
        lines = [line.strip() for line in sections[k].text.split("\n")]
        out += [line for line, nxt in zip(lines[1:], lines[2:])
                if _named(line) and not _opens_lower(line) and _definition(nxt)]
    return out


def _definition(line: str) -> bool:
    """A sentence long enough to be what a name above it heads."""
    return len(line.split()) >= DEFINITION_WORDS and ENDS_SENTENCE.search(line) is not None


def _named(line: str) -> bool:
    """Could the line be a term's name: a few words with a letter, not a sentence?"""
    return 0 < len(line.split()) <= SHAPE_WORDS and any(c.isalpha() for c in line) \
        and not ENDS_LIKE_A_SENTENCE.search(line)


def _shape(line: str) -> str:
    """A line with its opening section number left out and each run of digits alike."""
    line = line.strip()
    read = read_label(line)
    if read is not None and read[1]:
        line = read[1]
    return _DIGITS.sub("#", line.casefold())


def titles_apart(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """First lines of untitled numbered rules whose siblings are titled, when the line is
    a name over a sentence: the rule's title, read apart from its number."""
    siblings: dict[tuple, list[int]] = {}
    for k, label in enumerate(labels):
        if label is not None and not sections[k].question:
            siblings.setdefault(sections[k].path, []).append(k)
    out = []
    for ks in siblings.values():
        titled = sum(bool(sections[k].own_title) for k in ks)
        if titled < TITLED_SIBLINGS or titled < TITLED_SHARE * len(ks):
            continue
        for k in ks:
            lines = [line.strip() for line in sections[k].text.split("\n")]
            if not sections[k].own_title and len(lines) > 1 and _named(lines[0]) \
                    and not _opens_lower(lines[0]) and _definition(lines[1]):
                out.append(lines[0])
    return out


def undivided_lost(sections: list[Section]) -> list[str]:
    """Names standing alone between sentences in the text of a reading that put all its
    words in one section (see the module doc): the headings it did not see."""
    full = [s for s in sections if s.text.strip()]
    if len(full) != 1 or len(full[0].text.split()) < UNDIVIDED_WORDS:
        return []
    lines = [line.strip() for line in full[0].text.split("\n")]
    out = [line for before, line, nxt in zip([""] + lines, lines, lines[1:] + [""])
           if not _opens_lower(line) and not LINE_BULLET.match(line) and (
               _named(line) and (not before or ENDS_SENTENCE.search(before))
               and _definition(nxt)
               # a name of a word or three and a colon alone on its line ("Overview:")
               or line.endswith(":") and len(line.split()) <= LABEL_WORDS
               and _named(line[:-1]))]
    return out if len(out) >= UNDIVIDED_NAMES else []


def styled_lost(sections: list[Section], styled: list[str]) -> list[str]:
    """Lines of the sections' text that the reader saw set in the larger type of its
    headings, STYLED_LINES or more: headings it left in the text."""
    if len(styled) < STYLED_LINES:
        return []
    lines = {line.strip() for s in sections for line in s.text.split("\n")}
    # (a diagram's letters or a table's figures in that type name nothing)
    found = [line for line in dict.fromkeys(t.strip() for t in styled)
             if line in lines and _WORDY.search(line)]
    return found if len(found) >= STYLED_LINES else []
