"""Is a reading sound? Judged without truth, from what a wrong reading leaves behind:

* a numbered rule with no title, no text and nothing under it: its text went elsewhere
  (piled on the next number, or read as a running head); a numbered heading may name a
  part that holds nothing yet;
* headings over nothing, many of them: an unnumbered heading with no text and nothing
  under it is a caption, a diagram's label, a table's cell or a sentence's broken line
  read as a heading (or a heading whose text went elsewhere); one or two in a long
  document may be a chart's title;
* a number printed twice in one place, or going backwards among its siblings: a quoted
  rule read as a section, or a contents list read as rules; or a subdivision read
  before the part it divides ("4.0" before "4."): a figure in a line of text read as a
  number;
* a title that is no title (junktitles.py): a bullet ("o", "▪"), an icon, a URL, a
  date, a page number, a section number alone (its text read apart from it; but a
  numbered section may be named by a number that is none of the document's, nor the
  next one after its own: a release, "6.2 9.2"), or the document's own title (or its
  first word, page after page) again (a running head read as a heading), or a version
  line ("Version 2.1, May 2024") as the heading every other section is under (a title
  page's line read as the heading over the whole document, so that every section moves
  with each release);
* titles that are the first line of a sentence whose text goes on in lower case, three
  or more long ones with no closing mark (or ending in a comma) (a paragraph's opening read as its heading),
  the same title on three or more headings over nothing anywhere (a running head read
  as a heading page after page), and the same title on three or more sections side by side (a grid's or a table's
  rows read as sections: each column's label again and again);
* lines that are each a bare figure ("110 pts", "2.5"), three or more in a row, in two
  places or more: a table's columns of values read apart from the rows they belong to;
* a contents list that holds more than a quarter of the words: text that is no
  contents set aside as one (a price list's dotted leaders);
* numbers after a gap among their siblings, many of them, and part headings left as
  lines of the rules before them ("4 General provisions" in rule 3.3's text) (gaps.py);
* a number set under a heading whose number it follows ("9" under "8. Conduct", "3.2"
  under "3.1 Setup"): a heading ranked wrong, or list items read as rules (unless the
  numbering starts afresh under that heading: "1.", "2.", "3." under "2. Setup");
* a dotted number whose nearest numbered heading above it is not its own part ("4.1"
  under "3.12", "1.2" under a list item "3"), in the same kind of numbering (digits under
  digits): a heading ranked wrong or list items read as rules; or one that nothing else
  is numbered beside, no part, sibling or subdivision ("22.00" among "§1", "§2": a time
  read as a rule's number);
* a number left in the text: a line of a numbered rule's text that opens with the number
  that would come next (its first subdivision, its next sibling, a parent's), which no
  section carries (an unnumbered heading's number is the one its title prints after a
  word: "Article 14", or with its mark: "1.- Scope"); or, in a section with no number, a
  run of three or more dotted numbers each going on from the last: rules the reader did
  not split off; or the one number missing between two siblings ("8", then "10") opening
  a line of the first's text, however it goes on ("9a. ..."): a rule left in the text;
* lines that end in a leader, a row of dots run out to a page number or to the line's
  end ("Setup .......... 4"), three or more, or three or more lines in a row that
  each name a page ("page 4"), or three or more lines of one section that each print
  a later numbered heading, number and title ("2 Setup"): a contents list read as
  sections or left in the text (or its page column, its entries read elsewhere), whose
  entries may have taken the numbers of the rules they list;
* headings the file's own outline names (a PDF's bookmarks) left as lines of text,
  several of them (bookmarked.py);
* headings made from a sentence's line or a list's item, nested under the wrong
  heading, or left in the text (misheaded.py);
* numbers left in titles, labels read as sections, a table's columns read apart,
  right-to-left text in visual order (telltales.py);
* words of the text in no section and in no furniture the reader can name (account.py).

A place is a section's path: numbering that starts again under another part ("1." in
each chapter) is no repeat.
"""
from __future__ import annotations

import functools
import re
from collections import Counter

from ...model import Document, Reading, Section, WordAccount, title_key
from ..numbering import Label, continues, first_of_scheme, folded, read_label
from .bookmarked import left_in_text
from .gaps import (articles_in_text, next_articles_in_text, outline_in_text, parts_in_text,
                   skipped, steps)
from .junktitles import PAGE_NUMBER, junk_titles
from .misheaded import judged
from .node import has_children
from .sequence import goes_on
from .telltales import telltales, title_number

OVER_NOTHING = 3  # headings over nothing that make a misreading, and their share of
OVER_NOTHING_SHARE = 0.05  # the sections (a chart's title or two is no fault)
# a word and a number opening a title ("Article 14:", "§ 4"), the number a heading
# prints where the reader took none
_WORD_NUMBER = re.compile(r"^(?:[^\W\d_]+\.?|\u00a7)\s*(\d{1,4})(?:[.:)]|\s|$)")
RUN_OF_NUMBERS = 3  # dotted numbers in a row that make rules, in a section with no number
_STRAY = " \t."  # what a line may open with before a number left in it (". 3) ...": the
# full stop that ended the rule before, carried over by the break)
# a leader: four or more dots (spaced or not), middle dots or ellipses, then perhaps a
# page number, at the line's end
_LEADER = re.compile(r"(?:[.\u00b7\u2026]\s?){4,}\s*(?:\d{1,4}|[ivxlcdm]{1,7})?\s*$", re.I)
_LEADER_HINTS = ("..", ". .", "\u00b7", "\u2026")
# a line that is a figure alone, perhaps with a short unit in letters ("110 pts", "45%")
_FIGURE = re.compile(r"^\s*[-+]?\d+(?:[.,]\d+)?\s*(?:[A-Za-z\u00c0-\u024f\u0400-\u04ff]{1,4}\.?|%)?\s*$")
FIGURES_IN_A_ROW = 3  # lines of figures in a row that make a column read apart ...
FIGURE_COLUMNS = 2  # ... and how many such runs make a misreading
CONTENTS_SHARE = 0.25  # of the words, set aside as contents, that make a misreading
CONTENTS_LINES = 3  # lines ending in a leader that make a contents list (one or two may
# be a sentence trailing off)


def assess(doc: Document, words: WordAccount | None = None,
           outline: list[str] = (), styled: list[str] = ()) -> Reading:
    """The reading of `doc` judged (see the module doc), with its word account, and
    held to `outline`, the headings the file names itself (see bookmarked.py), and to
    `styled`, lines the reader saw set in its headings' type and kept as text."""
    sections = doc.sections
    labels = [_label(s) for s in sections]  # each section's number, read once
    return Reading(sections=len(sections), numbered=sum(bool(s.number) for s in sections),
                   empty=_empty(sections), over_nothing=_over_nothing(sections),
                   repeated=_repeated(sections),
                   out_of_order=_backwards(sections, labels),
                   in_text=list(dict.fromkeys(  # (one number found two ways is one)
                       _in_text(sections, labels) + parts_in_text(sections, labels)
                       + outline_in_text(sections) + articles_in_text(sections)
                       + next_articles_in_text(sections) + _gap_in_text(sections, labels))),
                   skipped=skipped(sections, labels),
                   misplaced=_misplaced(sections, labels),
                   astray=_astray(sections, labels),
                   junk_titles=junk_titles(sections, doc.title),
                   headings_in_text=left_in_text(sections, list(outline)),
                   contents_in_text=_contents_lines(sections),
                   contents_words=_contents_words(words),
                   figures_apart=_figures_apart(sections), words=words,
                   **judged(sections, labels, styled), **telltales(sections, labels))


def _empty(sections: list[Section]) -> list[str]:
    out = []
    for k, s in enumerate(sections):
        if s.number and not s.own_title and not s.text.strip() \
                and not has_children(sections, k):
            out.append(s.number)
    return out


def _over_nothing(sections: list[Section]) -> list[str]:
    """The titles of unnumbered headings with no text, no question and nothing under
    them, when there are enough of them to be a misreading (see the module doc)."""
    out = [s.own_title for k, s in enumerate(sections)
           if s.own_title and not s.number and not s.question and not s.text.strip()
           and not has_children(sections, k)]
    return out if len(out) >= OVER_NOTHING and len(out) >= OVER_NOTHING_SHARE * len(sections) \
        else []


def _contents_lines(sections: list[Section]) -> list[str]:
    """Titles and lines of text that end in a leader, when there are enough of them to
    be a contents list (see the module doc)."""
    out = []
    for s in sections:
        run: list[str] = []  # lines that name a page and nothing else ("page 4")
        for line in [s.own_title or ""] + s.text.split("\n") + [""]:
            if any(hint in line for hint in _LEADER_HINTS) and _LEADER.search(line):
                out.append(line.strip())
            page = line.strip()
            if len(page) <= _PAGE_LINE and PAGE_NUMBER.match(page) and not page.isdigit():
                run.append(page)
                continue
            if len(run) >= CONTENTS_LINES:  # a contents list's page column, its entries gone
                out += run
            run = []
    out += [line for line in _headings_listed(sections) if line not in out]
    return out if len(out) >= CONTENTS_LINES else []


def _headings_listed(sections: list[Section]) -> list[str]:
    """Lines of a section's text that each print a later heading as it stands, number
    and title ("2 Setup"), CONTENTS_LINES or more in one section: a contents list with no
    page numbers left in the text."""
    found: list[list[str]] = []
    later: set[str] = set()  # the headings after the section looked at (read backwards)
    for s in reversed(sections):
        if "\n" in s.text and later:
            listed = [line.strip() for line in s.text.split("\n")
                      if line.strip() and _listed_key(line) in later]
            if len(listed) >= CONTENTS_LINES:
                found.append(listed)
        if s.number and s.own_title:
            later.add(_listed_key(f"{s.number} {s.own_title}"))
    return [line for listed in reversed(found) for line in listed]


_PAGE_LINE = 16  # characters a line that names a page has at most ("page 12 of 40")
_NUMBER_MARK = re.compile(r"^\s*(\S*?\d+)[.:)\uff0e\u3001]?\s*")  # "2." "2:" "2 "


def _listed_key(line: str) -> str:
    """A heading's key as a contents list prints it: its number's mark and the space
    after it aside ("2. Setup", "2 Setup" and "2.Setup" are one)."""
    return title_key(_NUMBER_MARK.sub(r"\1 ", line, count=1))


def _figures_apart(sections: list[Section]) -> list[str]:
    """The first line of each run of bare figures in a section's text, when there are
    enough runs to be a table's columns read apart from their rows."""
    out = []
    for s in sections:
        run, first = 0, ""
        for line in s.text.split("\n"):
            run = run + 1 if line and line[0] in _FIGURE_STARTS and _FIGURE.match(line) else 0
            first = line.strip() if run == 1 else first
            if run == FIGURES_IN_A_ROW:
                out.append(first)
    return out if len(out) >= FIGURE_COLUMNS else []


_FIGURE_STARTS = frozenset("0123456789-+ ")


def _contents_words(words: WordAccount | None) -> int:
    """The words set aside as a contents list, when they are too many to be one."""
    aside = words.furniture.get("contents", 0) if words is not None else 0
    return aside if words is not None and aside > CONTENTS_SHARE * words.words else 0


def _repeated(sections: list[Section]) -> list[str]:
    seen: set = set()
    out = []
    for s in sections:
        if not s.number:
            continue
        key = (s.path, s.number.casefold())
        if key in seen and s.number not in out:
            out.append(s.number)
        seen.add(key)
    return out


def _backwards(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Numbers lower than a sibling's before them, in the same place ("3.2" after "3.5"
    under "3. Combat"), and subdivisions read before the part they divide, in the same
    place ("4.0" before "4. Scoring": a line of text, "Creative Commons 4.0
    International", broken before its figure)."""
    first: dict[tuple, int] = {}  # each number in each place, where it is first read
    for k, (s, label) in enumerate(zip(sections, labels)):
        if label is not None:
            first.setdefault((s.path, folded(label.parts)), k)
    early = [s.number for k, (s, label) in enumerate(zip(sections, labels))
             if label is not None and len(label.parts) > 1
             and first.get((s.path, folded(label.parent)), -1) > k]
    back = [s.number for s, before, after, _scheme in steps(sections, labels) if after < before]
    once = set(early)
    return early + [n for n in back if n not in once]



def _misplaced(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Numbers set under a heading whose number they follow (see the module doc)."""
    first: dict = {}  # (the headings above, depth) -> the first number read there
    for s, label in zip(sections, labels):
        if label is not None:
            for j in range(1, len(s.path) + 1):
                first.setdefault((s.path[:j], len(label.parts)), label)
    headed = functools.cache(read_label)  # the headings above, read once each
    out = []
    for s, label in zip(sections, labels):
        if label is None:
            continue
        for j, above in enumerate(s.path):
            held = headed(above)
            if held is None or len(label.parts) > len(held[0].parts) \
                    or not continues(held[0], label):
                continue
            if not first_of_scheme(first[(s.path[:j + 1], len(label.parts))]):
                out.append(s.number)
                break
    return out


def _astray(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Dotted numbers whose nearest numbered heading above is not their own part (see
    the module doc)."""
    numbered = {s.heading: label for s, label in zip(sections, labels) if label is not None}
    out = []
    for s, label in zip(sections, labels):
        if label is None or len(label.parts) < 2:
            continue
        above = next((numbered[h] for h in reversed(s.path) if h in numbered), None)
        if above is None or above.parts[0].isdigit() != label.parts[0].isdigit():
            continue
        own, held = folded(label.parts), folded(above.parts)
        if len(held) >= len(own) or own[:len(held)] != held:
            out.append(s.number)
    return out + [n for n in _alone(labels, sections) if n not in out]


def _alone(labels: list[Label | None], sections: list[Section]) -> list[str]:
    """Dotted numbers in digits that nothing else in the document is numbered beside:
    no part, sibling or subdivision ("22.00" alone: a time or a value read as a rule's
    number), where other sections are numbered; under a numbered heading a numbering may
    start afresh ("1.1" under an appendix "A")."""
    if sum(bool(s.number) for s in sections) < 2:
        return []
    firsts = Counter(label.parts[0] for label in labels if label is not None)
    numbered = {s.heading for s in sections if s.number}
    return [s.number for s, label in zip(sections, labels)
            if label is not None and len(label.parts) >= 2 and label.parts[0].isdigit()
            and firsts[label.parts[0]] == 1 and not numbered.intersection(s.path)]


def _in_text(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Numbers that open a line of a section's text and carry on the document's numbering
    where the section leaves off, but which no section carries (see the module doc)."""
    printed = {label.parts for label in labels if label is not None}
    out: list[str] = []
    for s, start in zip(sections, labels):
        start = start or _titled_number(s)
        last, run = start, []
        for line in s.text.split("\n"):
            read = read_label(line.lstrip(_STRAY))
            if read is None:
                continue
            label = read[0]
            if label.parts in printed:
                break
            if last is not None and goes_on(last, label):
                run.append(label.number)
                last = label
            elif start is None and not run and len(label.parts) > 1:
                last, run = label, [label.number]  # a run of dotted numbers may start here
            else:
                break
        if start is not None or len(run) >= RUN_OF_NUMBERS:
            out += [n for n in run if n not in out]
    return out


def _gap_in_text(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """The number missing between two siblings one apart ("8", then "10") where it opens
    a line of the first one's text, however it goes on ("9a. ...", "9 - ..."): a rule
    left in the text of the rule before."""
    out = []
    for k in range(len(sections) - 1):
        a, b = labels[k], labels[k + 1]
        if a is None or b is None or a.parent != b.parent \
                or sections[k].path != sections[k + 1].path \
                or not (a.parts[-1].isdigit() and b.parts[-1].isdigit()) \
                or int(b.parts[-1]) != int(a.parts[-1]) + 2:
            continue
        missing = ".".join((*a.parent, str(int(a.parts[-1]) + 1)))
        opens = re.compile(rf"^{re.escape(missing)}(?!\d)(?!\.\d)")
        if any(opens.match(line.lstrip(_STRAY)) for line in sections[k].text.split("\n")):
            out.append(missing)
    return out


def _titled_number(s: Section) -> Label | None:
    """The number an unnumbered heading prints in its title after a word ("Article 14:
    FIDE", "§ 4 Play") or with its mark ("1.- Term"): where its rules go on from in its
    text."""
    if s.number or not s.own_title:
        return None
    found = _WORD_NUMBER.match(s.own_title)
    read = read_label(f"{found.group(1)}.", loose=True) if found else None
    return read[0] if read else title_number(s.own_title)


def _label(s: Section) -> Label | None:
    read = read_label(f"{s.number}.", loose=True) if s.number else None
    return read[0] if read else None
