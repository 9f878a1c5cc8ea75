"""Telltales of a reading made wrong in ways its numbers alone do not show:

* numbers left in titles: unnumbered sections with text of their own whose title (or,
  with no title, whose text) opens with a number ("II. Equipment", "3 Scoring", "Article
  4", "第5条"), three or more, each going on from the number before it (a section's or
  another title's), not all to one title ("Level 1 Monsters", "Level 2 Monsters"; but a
  part's roman numeral alone, "Chapter IV", its title read into its text, counts): the
  document's numbering, which the reader did not take as the sections' numbers, so
  that an inserted rule reads as every later one retitled (a heading over nothing but
  numbered rules, "2 Setup" over "2.1", names a part whose rules carry their numbers:
  it goes on the numbering without counting);
  So is a title that opens with a number printed as other sections are numbered in a
  scheme of their own ("BASE 1ª.- ..." beside "BASE 2ª", "BASE 3ª"), even one;
* labels read as sections: short titles (three words or fewer) that open in lower case,
  two or more, in a document whose other titles open in capitals: a formula's subscript
  ("team"), a diagram's callouts, read as headings;
* a table's columns read apart: two or more sections side by side (and no more), each
  titled by a short header, whose texts are all the same number of short lines (three
  or more) with no sentence among them: a table of words read column by column, each
  column under its header, so that no row holds together;
* right-to-left text in visual order: words that open with a letter only a word's end
  takes (a Hebrew final letter, an Arabic final form) or end with one only a word's start
  takes, more of them than words the other way round: the file stored the line as it is
  shown, and the reading has every word backwards;
* words read letter by letter: runs of eight or more one-letter words, most of them in
  lower case ("d e l l a p a r t i t a"), three runs or more: type set upright down a
  column or turned in a table, its letters placed one by one and read apart (a board's
  squares or a hand of cards, "P T L D", "X X Y Z", are capitals).
"""
from __future__ import annotations

import functools
import re
import unicodedata

from ...model import Section, title_key
from ..blocks import ENDS_SENTENCE
from ..numbering import Label, read_label, roman_value
from .sequence import goes_on

LEFT_IN_TITLES = 3  # titles printing numbers that go on from one another: a numbering
LABELS = 2  # short titles opening in lower case that make labels read as sections ...
LABEL_SHARE = 0.5  # ... when they are fewer than this share of the titles in capitals
LABEL_WORDS = 3  # words a label has at most
CELL_WORDS = 8  # words a table's cell has at most, and characters (a script that sets
CELL_CHARS = 64  # no spaces between words) ...
CELLS = 3  # ... and the cells a column read apart holds at least
HEADER_WORDS = 4  # words a column's header has at most
FIGURE_CELLS = 3  # a column of words has figures in no more than one cell in this many
_OPENING = 40  # characters of a text's first line a rule's number is looked for in
VISUAL_WORDS = 5  # words opening with a word-final letter that make a line stored as shown
LETTER_RUN = 8  # one-letter words in a row that make a word read letter by letter ...
LETTER_RUNS = 3  # ... and the runs of them that make a misreading

_ROMAN = "IVXLC"  # (D and M are more often an appendix's letters)
_DASHED = re.compile(r"^\d{1,3}\s?[-\u2013]\s")  # a number with a dash for its mark: "5- "
_FIRSTS = ("1", "A", "\u0391", "\u0410")  # the parts a numbering starts with (A, Α, А)
_CAPITAL = "A-Z\u0391-\u03a9\u0410-\u042f"  # a capital letter: Latin, Greek, Cyrillic
# a number opening a title: perhaps after one word ("Article", "BASE", "第", "§"),
# perhaps in brackets ("[1.1]", "(2.3)"); digits, capital roman numerals or a capital
# and digits ("E1", "A12"); further parts after "." or "-" (digits or one capital), then
# a mark or a space or the title's end; a roman numeral or a capital and digits needs a
# mark
_PARTS = rf"(?:[.\-](?:\d{{1,4}}|[{_CAPITAL}](?![^\W\d_])))*"
_MARK = "[.)\\]\u3009>:\\-\u2013\u00aa\u00ba\u00b0\uff0e\uff09]"  # after a number: ". ) ] 〉 : - ª"
_NUMBER = (rf"(?:(?P<digits>\d{{1,4}}{_PARTS})|(?P<roman>[{_ROMAN}]{{1,6}}{_PARTS})(?={_MARK}|\s*$)"
           rf"|(?P<lettered>[A-Z]\d{{1,3}}{_PARTS})(?={_MARK}))"
           # a mark, or a space, the end, or a letter of a script that sets no spaces
           rf"(?:{_MARK}+|(?=\s|$|[^\W\d_A-Za-z\u00c0-\u024f\u0400-\u04ff]))")
_BARE = re.compile(rf"^\s*[\[(]?{_NUMBER}")
# after a word: spaced from it ("Article 3", "BASE 1ª", "Art. 24"), or set against it
# where the word is in a script that sets no spaces, or is "§" ("第3条", "§4")
_AFTER_WORD = re.compile(
    rf"^\s*(?:[^\W\d_]{{1,12}}\.?\s+|[^\W\d_A-Za-z\u00c0-\u024f\u0400-\u04ff]{{1,3}}\s?|\u00a7\s*)"
    rf"{_NUMBER}")


def telltales(sections: list[Section], labels: list[Label | None]) -> dict[str, list[str]]:
    """Each telltale found in a reading's `sections` (with their numbers read, `labels`),
    under the name of the Reading's field that holds it."""
    return {"numbers_in_titles": numbers_in_titles(sections, labels),
            "label_titles": label_titles(sections), "columns_apart": columns_apart(sections),
            "visual_order": visual_order(sections), "letters_apart": letters_apart(sections)}


def numbers_in_titles(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Titles of unnumbered sections that print a number going on from the number before
    (see the module doc), when there are enough of them to be the document's numbering."""
    last: list[Label] = []  # the number before, read each way it may be read
    out = []
    for s, label in zip(sections, labels):
        if label is not None:
            last = _readings(label.printed, list(label.parts))
            continue
        readings = _printed(s)
        if not readings:
            continue
        going = next((r for r in readings if not last and r.parts[-1] in _FIRSTS
                      or any(goes_on(before, r) for before in last)), None)
        if going is not None:
            if s.text.strip():  # a heading over its rules alone names them; a section
                # with text of its own is a rule a player cites, left unnumbered
                out.append((s.own_title or s.text.split("\n", 1)[0]).strip())
            last = [going]
        elif any(r.parts[-1] in _FIRSTS for r in readings):
            last = readings  # a numbering may start afresh; a count ("2 Players") does not
    rests = {title_key(_after_number(title)) for title in out}
    if len(rests) == 1 and not (rests == {""} and all(map(_roman_alone, out))):
        out = []  # one title again and again ("Level 1 Monsters", "Level 2 Monsters"):
        # levels, or labels counted ("Figure 3"); but a part's roman numeral alone
        # ("Chapter IV", its title read into its text) is a numbering's
    out = out if len(out) >= LEFT_IN_TITLES else []
    return out + [t for t in _schemes_left(sections, labels) if t not in out]


def _schemes_left(sections: list[Section], labels: list[Label | None]) -> list[str]:
    """Titles that open with a number printed as the reader numbered other sections in a
    scheme of their own ("BASE 1ª.- ..." beside sections numbered "BASE 2ª", "BASE 3ª"),
    once LEFT_IN_TITLES sections or more are numbered so: even one is a number left."""
    counts: dict[str, int] = {}
    for s, label in zip(sections, labels):
        if s.number and label is None and any(c.isdigit() for c in s.number):
            key = re.sub(r"\d+", "#", s.number)
            counts[key] = counts.get(key, 0) + 1
    schemes = [re.compile(re.escape(key).replace("\\#", r"\d+") + r"(?!\w)")
               for key, n in counts.items() if n >= LEFT_IN_TITLES]
    return [s.own_title for s in sections if schemes and not s.number and s.own_title
            and any(scheme.match(s.own_title.strip()) for scheme in schemes)]


def title_number(title: str) -> Label | None:
    """The number a title opens with, after a word or not ("1.- Term", "Article 4:",
    "[2.1] Setup"), as printed; None when it opens with none."""
    found = _BARE.match(title) or _AFTER_WORD.match(title)
    if found is None:
        return None
    core = found.group("digits") or found.group("roman") or found.group("lettered")
    parts = [p for p in re.split(r"[.\-]", core) if p]
    if found.group("lettered"):
        parts[:1] = [parts[0][0], parts[0][1:]]
    return _readings(core, parts)[-1]


def _roman_alone(title: str) -> bool:
    found = _BARE.match(title) or _AFTER_WORD.match(title)
    return bool(found and found.group("roman")) and not title[found.end():].strip()


def _after_number(title: str) -> str:
    found = _BARE.match(title) or _AFTER_WORD.match(title)
    return title[found.end():] if found else title


def _printed(s: Section) -> list[Label]:
    """The number an unnumbered section's title opens with (after a word or not), or,
    with no title, the number its text opens with as a rule's would ("1)", "2."); a
    letter that is also a roman numeral ("C.") read both ways."""
    if s.number:
        return []
    if not s.own_title:
        opening = s.text.lstrip()[:_OPENING]
        read = read_label(opening)
        if read is None and (opening[:1].isalpha() and not opening[:1].isascii()
                             or _DASHED.match(opening)):
            # "第 5 条", "Статья 5": an article's word first; "5- ...": a dash for a mark
            label = title_number(opening)
            return [] if label is None else _readings(label.printed, list(label.parts))
        return [read[0]] if read else []
    label = title_number(s.own_title)
    return [] if label is None else _readings(label.printed, list(label.parts))


def _readings(printed: str, parts: list[str]) -> list[Label]:
    """A number's readings: its parts in capitals read as roman numerals ("II-1" as 2.1),
    then as printed (a capital may be an appendix's letter: "C.")."""
    as_printed = Label(printed=printed, number=".".join(parts), parts=tuple(parts))
    roman = [str(roman_value(p)) if p and all(c in _ROMAN for c in p) and roman_value(p) else p
             for p in parts]
    if roman == parts:
        return [as_printed]
    return [Label(printed=printed, number=".".join(roman), parts=tuple(roman)), as_printed]


# ------------------------------------------------------------------ labels, columns

_TITLED_KINDS = ("heading", "text")  # a glossary's terms may be in lower case ("d6")


def label_titles(sections: list[Section]) -> list[str]:
    """Short titles opening in lower case (see the module doc), when there are enough of
    them and they are few beside the titles in capitals."""
    lower, capital = [], 0
    for s in sections:
        title = (s.own_title or "").strip()
        letters = [c for c in title if c.isalpha()]
        if not letters or not all(c.isupper() or c.islower() for c in letters):
            continue  # a script with no capitals says nothing by its case
        if letters[0].isupper():
            capital += 1
        elif not s.number and title[0].islower() and len(title.split()) <= LABEL_WORDS \
                and s.kind in _TITLED_KINDS:
            lower.append(title)
    return lower if len(lower) >= LABELS and len(lower) < LABEL_SHARE * capital else []


def columns_apart(sections: list[Section]) -> list[str]:
    """The headers of a table's columns read one after the other (see the module doc):
    a run of two or more sections side by side that are each a column of cells, all of
    as many cells (a table's columns hold one cell a row; lists side by side, a faction's
    cards beside another's, differ in length somewhere along the run)."""
    out = []
    run: list[int] = []
    cells = [_cells(s) for s in sections] + [None]
    for k, found in enumerate(cells):
        if found is not None:
            run.append(k)
            continue
        if len(run) >= 2 and len({len(cells[j]) for j in run}) == 1:
            out += [sections[j].own_title for j in run]
        run = []
    return out


_STOPS = ("\u3002", "\uff0e", "\uff01", "\uff1f")  # full stops of scripts set without spaces


def _cells(s: Section) -> list[str] | None:
    """The lines of an unnumbered section under a short header when each is short and
    none a sentence (the last may run on into the table's caption), and few hold a
    figure, else None."""
    title = s.own_title or ""
    if s.number or not title or len(title.split()) > HEADER_WORDS:
        return None
    lines = [line.strip() for line in s.text.split("\n") if line.strip()]
    if len(lines) < CELLS or any(len(line.split()) > CELL_WORDS or len(line) > CELL_CHARS
                                 or ENDS_SENTENCE.search(line) or line.endswith(_STOPS)
                                 for line in lines[:-1]):
        return None
    if sum(any(c.isdigit() for c in line) for line in lines) * FIGURE_CELLS > len(lines):
        return None  # a column of counts and points is a list of entries' sizes
    return lines


# ------------------------------------------------------------------ visual order

@functools.cache
def _forms() -> tuple[re.Pattern, re.Pattern]:
    """Patterns for a word that opens with a letter only a word's end takes, or ends with
    one only a word's start takes, from the letters' Unicode names (Hebrew final letters,
    Arabic final and initial presentation forms)."""
    finals, initials = [], []
    for code in list(range(0x0590, 0x0600)) + list(range(0xFB50, 0xFE00)) + \
            list(range(0xFE70, 0xFF00)):
        name = unicodedata.name(chr(code), "")
        if "LETTER FINAL" in name or name.endswith("FINAL FORM"):
            finals.append(chr(code))
        elif name.endswith("INITIAL FORM"):
            initials.append(chr(code))
    final, initial = "".join(finals), "".join(initials)
    opens = re.compile(rf"(?<!\w)[{final}]\w|\w[{initial}](?!\w)")
    ends = re.compile(rf"\w[{final}](?!\w)|(?<!\w)[{initial}]\w")
    return opens, ends


_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def visual_order(sections: list[Section]) -> list[str]:
    """Words stored backwards (see the module doc): the first few, when there are more of
    them than words the right way round, and enough of them."""
    text = "\n".join(f"{s.own_title or ''}\n{s.text}" for s in sections)
    if not _RIGHT_TO_LEFT.search(text):
        return []
    opens, ends = _forms()
    backwards = [m.start() for m in opens.finditer(text)]
    if len(backwards) < VISUAL_WORDS or len(backwards) <= len(ends.findall(text)):
        return []
    words = re.compile(r"\S+")
    return [words.match(text, _word_start(text, at)).group(0) for at in backwards[:VISUAL_WORDS]]


def _word_start(text: str, at: int) -> int:
    """Where the word holding `at` starts."""
    while at > 0 and not text[at - 1].isspace():
        at -= 1
    return at


def letters_apart(sections: list[Section]) -> list[str]:
    """Runs of one-letter words, most in lower case, when there are enough of them (see
    the module doc): the opening of each."""
    out = []
    for s in sections:
        run: list[str] = []
        for word in s.text.split() + [""]:
            if len(word) == 1 and word.isalpha():
                run.append(word)
                continue
            if len(run) >= LETTER_RUN and 2 * sum(c.islower() for c in run) > len(run):
                out.append(" ".join(run[:LETTER_RUN]))
            run = []
    return out if len(out) >= LETTER_RUNS else []
