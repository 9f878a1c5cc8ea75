"""Gaps in a reading's numbering, where numbers the document prints went:

* numbers skipped: a number that comes after a gap among its siblings ("1.5" straight
  after "1.2", "9.5" after "9.2"), SKIPS or more and at least SKIP_SHARE of the steps
  from one sibling to the next: rules whose numbers the reader lost, read into the text
  beside them or into another column. A document that drops a rule now and then skips
  less often; a scheme that leaves out a letter ("k" then "m") is no gap;
* parts left in the text: a line inside a numbered rule's text that opens with the next
  part's number alone and reads as a title ("4 General provisions" in the text of rule
  3.3: short, opening in a capital, with no closing mark), PARTS_IN_TEXT or more, where
  no section carries that number: the document's chapter headings, read as lines of the
  rules they end; or, in a section with no number, lines that open with numbers going on
  from one another ("I.", "II.", "III."; "A.", "B.", "C."; "1.", "2.", "3."), PARTS or
  more, each followed at once by a list that starts afresh ("1.", "a)"): a document's
  outline, its parts and their rules, left as the text of one section;
* articles left in the text: in a section with no number, lines that each open a
  paragraph of a rule's length with a section sign or an abbreviation and a number
  ("§ 4", "Art. 25."), ARTICLES or more in a row, each number the last one's next: the
  document's numbered articles, read as one section's text (a list's "Step 1", "Zone 2"
  carry no such mark); and, in an article's text ("§ 8"), a line that opens with the
  next article of its mark ("§9: Audit:") that no section carries: its heading, read as
  a line of the article before.
"""
from __future__ import annotations

import re

from ...model import Section
from ..numbering import Label, part_value

SKIPS = 3  # numbers after a gap that make a misreading ...
SKIP_SHARE = 0.1  # ... when they are at least this share of the steps between siblings
LETTERS_LEFT_OUT = 1  # letters a scheme may leave out between siblings ("k", "m")
PARTS_IN_TEXT = 2  # part headings left in rules' text that make a misreading
TITLE_WORDS = 10  # words a part's title has at most
_BARE = re.compile(r"^(\d{1,4})\s+(\S.*)$")  # a number alone, then its title
PARTS = 3  # parts in one section's text, each over its own list, that make an outline
# a part's number and its mark, then its title; a list's first item
_PART = re.compile(r"^([IVXLC]{1,6}|[A-Z]|\d{1,3})[.)]\s+\S")
_FIRST_ITEM = re.compile(r"^\(?(1|a)[.)]\s+\S")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
ARTICLES = 3  # articles in a row in one section's text that make a misreading
ARTICLE_WORDS = 8  # words an article's line has at least
# a section sign, or an abbreviation (a short word and a full stop), then a number
_ARTICLE = re.compile(r"^(\u00a7|[^\W\d_]{1,6}\.)\s*(\d{1,4})(?:[.:)]|\s|$)")
_CLOSING = tuple(".,;:!?)")


def steps(sections: list[Section], labels: list[Label | None]):
    """Each step from a number to the next sibling in the same place and scheme: the
    section stepped to, the last part's value before and after, and the scheme."""
    last: dict = {}
    for s, label in zip(sections, labels):
        value = part_value(label.parts[-1]) if label is not None else None
        if value is None:
            continue
        key = (s.path, label.parts[:-1], len(label.parts))
        before, last[key] = last.get(key), value
        if before is not None and before[0] == value[0]:
            yield s, before[1], value[1], value[0]


def skipped(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Numbers that come after a gap among their siblings, when there are enough of them
    (see the module doc)."""
    taken, out = 0, []
    for s, before, after, scheme in steps(sections, labels):
        taken += 1
        if after - before > (LETTERS_LEFT_OUT if scheme != "digits" else 0) + 1:
            out.append(s.number)
    return out if len(out) >= SKIPS and len(out) >= SKIP_SHARE * taken else []


def parts_in_text(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """The numbers of part headings left as lines of the rules before them (see the
    module doc)."""
    carried = {s.number for s in sections if s.number}
    out: list[str] = []
    for s, label in zip(sections, labels):
        if label is None or len(label.parts) < 2 or not label.parts[0].isdigit():
            continue
        after = str(int(label.parts[0]) + 1)
        if after in carried or after in out:
            continue
        for line in s.text.split("\n")[1:]:
            found = _BARE.match(line.strip())
            if found and found.group(1) == after and _title_shaped(found.group(2)):
                out.append(after)
                break
    return out if len(out) >= PARTS_IN_TEXT else []


def outline_in_text(sections: list[Section]) -> list[str]:
    """The parts' numbers of an outline left in an unnumbered section's text (see the
    module doc)."""
    out: list[str] = []
    for s in sections:
        if s.number:
            continue
        lines = [line.strip() for line in s.text.split("\n")]
        for scheme in ("roman", "capitals", "digits"):
            run: list[str] = []
            for k, line in enumerate(lines[:-1]):
                found = _PART.match(line)
                read = _part(found.group(1), scheme) if found else None
                if read is None or read != len(run) + 1:
                    continue
                first = _FIRST_ITEM.match(lines[k + 1])
                if first and (first.group(1) == "a") == (scheme == "digits"):
                    run.append(found.group(1))
            if len(run) >= PARTS:
                out += run
                break
    return out


def articles_in_text(sections: list[Section]) -> list[str]:
    """The articles left in the text of sections with no number (see the module doc)."""
    out: list[str] = []
    for s in sections:
        if s.number:
            continue
        run: list[tuple[str, int, str]] = []  # (mark, number, as printed)
        for line in s.text.split("\n"):
            found = _ARTICLE.match(line.strip())
            if found is None or len(line.split()) < ARTICLE_WORDS:
                continue
            mark, number = found.group(1), int(found.group(2))
            if not (run and run[-1][0] == mark and run[-1][1] + 1 == number):
                if len(run) >= ARTICLES:
                    out += [printed for _m, _n, printed in run]
                run = []
            run.append((mark, number, found.group(0).strip().rstrip(".:)")))
        if len(run) >= ARTICLES:
            out += [printed for _m, _n, printed in run]
    return out


def _part(number: str, scheme: str) -> int | None:
    """A part's number as a count in `scheme` ("III" 3 in roman; "C" 3 in capitals)."""
    if scheme == "digits":
        return int(number) if number.isdigit() else None
    if scheme == "capitals":
        return ord(number) - ord("A") + 1 if len(number) == 1 and number.isalpha() else None
    if not number.isalpha() or any(c not in _ROMAN for c in number):
        return None
    values = [_ROMAN[c] for c in number]
    return sum(-v if v < after else v for v, after in zip(values, values[1:] + [0]))


def _title_shaped(text: str) -> bool:
    return text[0].isupper() and len(text.split()) <= TITLE_WORDS \
        and not text.endswith(_CLOSING)


# an article's number as the reader keeps it: a section sign or a word, then the number
_ARTICLE_NUMBER = re.compile(r"^(\u00a7|[^\W\d_]{1,12}\.?)\s*(\d{1,4})$")


def next_articles_in_text(sections: list[Section]) -> list[str]:
    """Lines of an article's text that open with the next article of its mark, which no
    section carries (see the module doc)."""
    numbered = [(s, _ARTICLE_NUMBER.match(s.number.strip())) for s in sections if s.number]
    carried = {(m.group(1).casefold(), int(m.group(2))) for _s, m in numbered if m}
    out: list[str] = []
    for s, found in numbered:
        if found is None:
            continue
        mark, last = found.group(1).casefold(), int(found.group(2))
        opens = re.compile(rf"^{re.escape(found.group(1))}\s*(\d{{1,4}})(?:[.:)]|\s|$)", re.I)
        for line in s.text.split("\n"):
            opening = opens.match(line.strip())
            if opening is None:
                continue
            number = int(opening.group(1))
            if number != last + 1 or (mark, number) in carried:
                break
            out.append(opening.group(0).strip().rstrip(".:)"))
            last = number
    return out
