"""The file's own outline as evidence of its headings, beside the typography: a PDF's
bookmarks (pdf/bookmarks.py), else its tagged headings (pdf/tagged.py), else the lines
of its linked contents list (pdf/linked.py).

A paragraph whose first line is all of an entry's title, in the outline's order, is a
heading the type did not tell apart (set like the body, or like the lines around it):
it heads its section at the level of the headings the outline puts beside it (at its
depth in the outline, where the type told no heading apart). A paragraph that opens
with a number is a rule already; a long line, the rest of a sentence or two sentences
are no heading, whatever a file's tags say.

The check holds the reading to the outline too. An entry names a heading. Where the
reading has a section headed by it (its title, its number and title, or a rule's number
and opening words, as an outline of every rule names them), the two agree. Where the
entry's title stands instead as a line of a section's text, the heading it names was
read as text: its section's sentences went to the section before it. An entry found
nowhere (a cover, the contents page the reader set aside, a title the tool made up)
says nothing.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections import Counter

from ...model import Section
from ..blocks import LINE_BULLET, SENTENCE_INSIDE, Block, piece
from ..numbering import read_label

IN_TEXT = 3  # marked headings read as text that make a misreading, and their share
IN_TEXT_SHARE = 0.1  # of the outline's entries found in the reading (a stray one is no fault)
_NUMBERS = re.compile(r"^(?:[^\s\d]*\d\S* )+(?=\S)")  # the words with digits that open a key
_LETTER = re.compile(r"^\w \S")  # a letter alone that opens a key, words after it
_ALPHA = re.compile(r"[^\W\d_]")
_NON_WORD = re.compile(r"[^\w\n]+")
HEADING_WORDS = 12  # the longest line a bookmark makes a heading
LOOK_AHEAD = 20  # the entries after one looked at before it passes over a heading
TITLE_CHARS = 120  # the characters of a title compared (an outline of rules quotes them)
_CUT = " \u2026"  # what ends the key of a text cut at TITLE_CHARS (no key holds it)


def head_bookmarked(blocks: list[Block], outline: list[tuple[int, str]]) -> list[Block]:
    """The blocks with each paragraph the outline ((depth, title) in order) names made
    a heading over the rest of its text (see the module doc)."""
    if not outline:
        return blocks
    promoted = _heading_something(blocks, _levels(blocks, _named(blocks, outline)))
    if not promoted:
        return blocks
    out: list[Block] = []
    for k, block in enumerate(blocks):
        if k not in promoted:
            out.append(block)
            continue
        end = block.text.find("\n")
        end = len(block.text) if end < 0 else end
        heading = piece(block, 0, end, kind="heading", emphasized=False)
        heading.level = promoted[k]
        out.append(heading)
        if end < len(block.text):
            out.append(piece(block, end + 1, len(block.text)))
    return out


def _named(blocks: list[Block], outline: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """(entry's depth, block's index) of each entry found, in order: a heading, or a
    paragraph or list item whose short first line is all of the entry's title."""
    # each heading's text, and each paragraph's first line where it is short
    firsts = [block.text if block.kind == "heading" else
              first if block.kind in ("para", "item") and first.count(" ") < HEADING_WORDS
              else None
              for block in blocks for first in [block.text.split("\n", 1)[0]]]
    forms = _Forms()
    forms.load([text for text in firsts if text] + [title for _depth, title in outline])
    index: dict[str, list[int]] = {}
    alone: Counter = Counter()  # the forms of the paragraphs' short first lines
    for k, (block, first) in enumerate(zip(blocks, firsts)):
        if first is None:
            continue
        if block.kind != "heading":
            alone.update(forms(first))
        if block.kind == "heading" or _plain(block) and _may_head(first):
            for form in forms(first):
                index.setdefault(form, []).append(k)
    # the title whole: a bookmark that carries a number names a numbered heading, not a
    # line that only shares its words
    keys = [(forms(title) or [""])[0] for _depth, title in outline]
    # a line set alone more often than the outline names it is no heading of its own (a
    # running head the reader kept, a label each table repeats)
    times = Counter(keys)
    named: list[tuple[int, int]] = []
    at = 0
    for n, (depth, _title) in enumerate(outline):
        ks = index.get(keys[n], [])
        ks = ks[bisect_left(ks, at):]
        if alone[keys[n]] > times[keys[n]]:
            ks = [k for k in ks if blocks[k].kind == "heading"]
        # a heading the type told apart before a paragraph (a contents list's line comes
        # first, the heading it lists later), unless taking it would pass a heading the
        # next entries name (a later part's heading that only shares the words)
        k = next((k for k in ks if blocks[k].kind == "heading"), ks[0] if ks else None)
        if ks and k != ks[0] and _passes(blocks, index, keys[n + 1:n + 1 + LOOK_AHEAD],
                                         ks[0], k):
            k = ks[0]
        if k is not None:
            named.append((depth, k))
            at = k + 1
    return named


def _heading_something(blocks: list[Block], promoted: dict[int, int]) -> dict[int, int]:
    """The promoted paragraphs (index → level) less any line alone with a heading of
    its rank or above next: a heading heads something (a sentence a word processor
    styled as a heading stays text)."""
    for k in sorted(promoted, reverse=True):
        nxt = blocks[k + 1] if k + 1 < len(blocks) else None
        level = promoted.get(k + 1, nxt.level if nxt is not None and nxt.kind == "heading"
                             else None)
        if "\n" not in blocks[k].text and (nxt is None or level is not None
                                           and level <= promoted[k]):
            del promoted[k]
    return promoted


def _passes(blocks: list[Block], index: dict, later: list[str], start: int, end: int) -> bool:
    """Is there a heading the type told apart between `start` and `end` that one of the
    `later` entries names?"""
    for key in later:
        ks = index.get(key, [])
        i = bisect_left(ks, start + 1)
        if any(blocks[k].kind == "heading" for k in ks[i:bisect_left(ks, end)]):
            return True
    return False


def _may_head(line: str) -> bool:
    """Could the line head a section: short, not a rule (it opens with no number), not
    the rest of a sentence (lower case) nor two sentences, nor a list's item that prints
    its bullet ("- Substitutions are made as follows:", a list a heading style was put on)?"""
    return len(line.split()) <= HEADING_WORDS and read_label(line) is None \
        and not line[:1].islower() and not SENTENCE_INSIDE.search(line) \
        and not LINE_BULLET.match(line)


def _plain(block: Block) -> bool:
    """A paragraph or list item the reader made nothing more of: not one named by its
    bold first line or run-in term (an entry already), nor a question set apart (a
    FAQ's). (A word processor's heading style may carry a bullet.)"""
    return block.kind in ("para", "item") and not block.lead and not block.run_in \
        and not block.is_question


def _levels(blocks: list[Block], named: list[tuple[int, int]]) -> dict[int, int]:
    """The level of each named paragraph: that of the nearest heading the type told
    apart at its depth of the outline (the one before it, else after), else one below the
    nearest at the depth above; the depth itself where the type told no heading apart."""
    told = [blocks[k].level if blocks[k].kind == "heading" else None for _d, k in named]
    if all(level is None for level in told):
        return {k: depth + 1 for depth, k in named}
    before, after = _nearest(named, told), _nearest(named[::-1], told[::-1])[::-1]
    out: dict[int, int] = {}
    for (depth, k), level, (same, up), (same_after, up_after) in zip(named, told, before, after):
        if level is not None:
            continue
        if same is not None or same_after is not None:
            out[k] = same if same is not None else same_after
        elif up is not None or up_after is not None:
            out[k] = (up if up is not None else up_after) + 1
    return out


def _nearest(named: list[tuple[int, int]], told: list) -> list[tuple]:
    """For each entry, the level of the last heading told apart before it at its own
    depth and at the depth above (None where there is none)."""
    last: dict[int, int] = {}
    out = []
    for (depth, _k), level in zip(named, told):
        out.append((last.get(depth), last.get(depth - 1)))
        if level is not None:
            last[depth] = level
    return out


def left_in_text(sections: list[Section], outline: list[str]) -> list[str]:
    """The titles of the outline's entries that stand as a line of a section's text
    rather than as a heading, when there are enough of them to be a misreading (see
    IN_TEXT)."""
    if not outline:
        return []
    forms = _Forms()
    titles = [text for s in sections
              for text in (s.own_title, s.title, s.heading,
                           f"{s.number} {s.own_title}" if s.number and s.own_title else None)
              if text and _ALPHA.search(text)]  # (a rule's heading is its number alone)
    forms.load(titles + outline)
    heads = {form for text in titles for form in forms(text)}
    numbers = set(_keys([s.number for s in sections if s.number]))
    found = 0
    pending = []
    for title in outline:
        named = forms(title)
        if not named:
            continue
        number = _NUMBERS.match(named[0] + " ")
        # (an outline of every rule names each by its number and its words)
        if heads.intersection(named) or number and number.group().strip() in numbers:
            found += 1
        elif named[0].count(" ") < 2 * HEADING_WORDS:  # (a longer one names no heading)
            pending.append((title, named))
    missed = []
    if pending:
        whole, lines = _lines(sections, pending, forms)
        for title, named in pending:
            if whole.intersection(named):
                found += 1  # (a short section named by all its text: a term's definition)
            elif lines.intersection(named):
                found += 1
                missed.append(title)
    if len(missed) >= IN_TEXT and len(missed) >= IN_TEXT_SHARE * found:
        return missed
    return []


def _lines(sections: list[Section], pending: list, forms) -> tuple[set[str], set[str]]:
    """The forms of the sections' lines that could be a pending entry's (one of their
    first words, no longer than the longest), those that are a section's whole text
    apart from the rest."""
    longest = 2 * max(len(title) for title, _named in pending) + 8
    firsts = {form.split(" ", 1)[0] for _title, named in pending for form in named}
    whole, lines = [], []
    for s in sections:
        text = s.text
        if not text:
            continue
        for line in text.split("\n"):
            if line and len(line) <= longest and _first_word(line) in firsts:
                (whole if line == text else lines).append(line)
    forms.load(whole + lines)
    return ({form for line in whole for form in forms(line)},
            {form for line in lines for form in forms(line)})


def _first_word(line: str) -> str:
    """A line's first word as its key would open (near enough to rule lines out)."""
    for word in line.split(None, 3):
        word = "".join(c for c in word if c.isalnum()).casefold()
        if word and not word.isdigit():
            return word
    return ""


class _Forms(dict):
    """`_forms` of each text, worked out once and in batches (`load`): thousands of short
    titles cost more in calls than in letters."""

    def load(self, texts) -> None:
        new = list({t for t in texts if t not in self})
        for text, key in zip(new, _keys([t[:TITLE_CHARS] for t in new])):
            # a longer text is compared by its start alone, and never found equal to
            # another (its number, if any, comes first: an outline of rules quotes them)
            self[text] = _forms(text, key + _CUT if len(text) > TITLE_CHARS else key)

    def __call__(self, text: str) -> list[str]:
        if text not in self:
            self.load([text])
        return self[text]


def _forms(text: str, key: str) -> list[str]:
    """The title as compared: its words in lower case, and again without the number
    that opens it ("2.1 Setup" and "Setup" name one heading)."""
    if not key:
        return []
    rest = _NUMBERS.sub("", key, count=1)
    if rest == key and _LETTER.match(key) and text.lstrip()[:1].isupper():
        rest = key[2:]  # an appendix's letter ("A Card Lists")
    return [key, rest] if rest != key else [key]


def _keys(texts: list[str]) -> list[str]:
    """Each text's words in lower case, one space apart: all of them in one pass."""
    joined = "\n".join(t.replace("\n", " ") for t in texts)
    if not joined.isascii():
        joined = unicodedata.normalize("NFKC", joined)
    lines = _NON_WORD.sub(" ", joined.casefold().replace("_", " ")).split("\n")
    return [" ".join(line.split()) for line in lines]
