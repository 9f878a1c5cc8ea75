"""The numbers headings open with: one with its mark ("4." "(4)" "4.2"), or a number
alone before its title ("4 Scoring"), which may as well be a count ("2 Players"). A
number alone is the heading's own when the document's numbering says so: the next
number it prints is its first subdivision ("4 Scoring" over "4.1"), or headings that
open with numbers alone go on from one another, RUN of them or more ("1 Introduction",
"2 Setup", "3 Play") and not all to one title ("2 Players", "3 Players", "4 Players":
counts). Left in the title, such a number would make an inserted chapter retitle every
later one. So too for a number printed in a scheme of its own: a roman numeral with
its mark ("II. Crews"), a number after a word or a section sign ("Article 4 - Scoring",
"Art. 4.", "§ 4", "BASE 1ª.-") or, in a script set without spaces, set against its
title ("1.参加資格") or framed by letters ("第4条"). Headings of one such scheme, RUN or
more going on from one another to different titles, take it as printed ("II", "Article
4"), a name that says where they stand and that a renumbering changes; their nesting is
left to their type (a chapter's "Chapter 2" and its "Article 3" are two schemes, which
no count compares). Plain digits set tight are the document's own numbers, counted as
"1." is. So too in a file of plain paragraphs with no heading at all (a one-page
sheet of rules): paragraphs that open with numbers going on from one another, RUN or
more, are its numbered rules ("1) The tournament is...", "2) It is played...").
"""
from __future__ import annotations

import re
from dataclasses import replace

from ...model import Section, title_key
from ..blocks import Block
from ..numbering import Label, follows, read_label, roman_value
from .sequence import Ahead, first_subdivision

RUN = 3  # headings opening with numbers alone, each following the last, that number them


def heading_numbers(blocks: list[Block], ahead: Ahead) -> dict[int, tuple[Label, str]]:
    """For each heading that opens with a number its own (see the module doc), that
    number and the title after it, by the heading's index."""
    out: dict[int, tuple[Label, str]] = {}
    bare: list[tuple[int, tuple[Label, str]]] = []
    for k, block in enumerate(blocks):
        if block.kind != "heading":
            continue
        read = read_label(block.text)
        if read is not None:
            out[k] = read
            continue
        read = read_label(block.text, loose=True)
        if read is None or not read[1] or len(read[0].parts) > 1 \
                or not read[0].parts[0].isdigit():
            continue
        if first_subdivision(read[0], ahead.next_numbers(k)[0]):
            out[k] = read
        bare.append((k, read))
    for run in _runs(bare):
        if len(run) >= RUN and len({title_key(rest) for _k, (_label, rest) in run}) > 1:
            out.update(run)
    out.update(_schemed(blocks, out))
    return out


# a roman numeral and its mark, or a word (or a section sign) and a number, opening a
# heading; then its title
_ROMAN = re.compile(r"^\s*(?P<value>[IVXLC]{1,6})[.):\u3009]\s*(?=\S)")
_WORDED = re.compile(r"^\s*(?:(?P<word>[^\W\d_]{1,12}\.?)\s+|(?P<sign>\u00a7)\s*)"
                     r"(?P<value>\d{1,4})[\u00aa\u00ba\u00b0]?[.:)]?-?(?=\s)")
# in a script set without spaces: a number and its mark against the title ("1.参加資格"),
# or a number framed by a letter before and after ("第2条", "第3章")
_UNSPACED = "[^\\W\\d_A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]"
_TIGHT = re.compile(rf"^\s*(?P<value>\d{{1,3}})[.\uff0e\u3001](?={_UNSPACED})")
_FRAMED = re.compile(
    rf"^\s*(?P<before>{_UNSPACED}{{1,2}})(?P<value>\d{{1,4}})(?P<after>{_UNSPACED})")
_ROMAN_KEY, _TIGHT_KEY = "#roman", "#tight"  # (a scheme after a word is keyed by the word)
_SEPARATORS = " \t-\u2013\u2014:."  # between a printed number and its title


def _schemed(blocks: list[Block], read: dict[int, tuple[Label, str]]) -> dict:
    """The headings numbered in a scheme of their own (see the module doc). A roman
    numeral of one letter ("I.", "V.") may have been read as an appendix's letter: it is
    read again."""
    found: dict[str, list[tuple[int, int, Label, str]]] = {}  # scheme -> its headings
    for k, block in enumerate(blocks):
        if block.kind != "heading" or k in read and not _one_roman_letter(read[k][0]):
            continue
        scheme = _scheme(block.text)
        if scheme is not None:
            key, value, printed = scheme
            rest = block.text.lstrip()[len(printed):].lstrip(_SEPARATORS)
            if rest:
                if key == _TIGHT_KEY:  # the document's plain numbers, set tight: counted
                    label = Label(printed=printed, number=str(value), parts=(str(value),))
                else:  # as printed, a part no count reads (see the module doc)
                    label = Label(printed=printed, number=printed.rstrip(_SEPARATORS + ")"),
                                  parts=(printed,))
                found.setdefault(key, []).append((k, value, label, rest))
    out = {}
    for headings in found.values():
        run: list[tuple[int, int, Label, str]] = []
        for heading in headings + [None]:
            if heading is not None and run and 0 < heading[1] - run[-1][1] <= 2:
                run.append(heading)
                continue
            if len(run) >= RUN and len({title_key(rest) for *_h, rest in run}) > 1:
                out.update((k, (label, rest)) for k, _value, label, rest in run)
            run = [heading] if heading is not None else []
    return out


def _scheme(text: str) -> tuple[str, int, str] | None:
    """A heading's number in a scheme of its own: (the scheme, the number's value, the
    number as printed with its mark)."""
    found = _ROMAN.match(text)
    if found:
        value = roman_value(found.group("value"))
        return (_ROMAN_KEY, value, found.group(0).strip()) if value else None
    found = _WORDED.match(text)
    if found:
        word = found.group("word") or found.group("sign")
        return word.casefold(), int(found.group("value")), found.group(0).strip()
    found = _TIGHT.match(text)
    if found:
        return _TIGHT_KEY, int(found.group("value")), found.group(0).strip()
    found = _FRAMED.match(text)
    if found:
        return (found.group("before") + found.group("after"), int(found.group("value")),
                found.group(0).strip())
    return None


def _one_roman_letter(label: Label) -> bool:
    return len(label.parts) == 1 and label.parts[0] in ("I", "V", "X")


def _runs(bare: list[tuple[int, tuple[Label, str]]]) -> list[list]:
    """The bare numbers in runs, each following the one before."""
    runs: list[list] = []
    for item in bare:
        if runs and follows(runs[-1][-1][1][0], item[1][0]):
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def numbered_paragraphs(blocks: list[Block]) -> list[Section]:
    """A file of plain paragraphs as sections: each paragraph a section known by its
    first words, but those that open with the document's numbering (see the module doc)
    its numbered rules, the number apart from the text, each holding the paragraphs
    after it up to the next."""
    texts = [b for b in blocks if b.text]
    read = [(k, r) for k, b in enumerate(texts) if (r := read_label(b.text)) is not None
            and len(r[0].parts) == 1 and r[1]]
    numbered = dict(item for run in _runs(read) if len(run) >= RUN for item in run)
    out: list[Section] = []
    for k, b in enumerate(texts):
        if k in numbered:
            label, rest = numbered[k]
            cut = len(b.text) - len(rest)
            out.append(Section(title=None, kind="ruling", text=rest, number=label.number,
                               heading=label.printed.rstrip(".:"), marks=tuple(
                                   (max(a - cut, 0), e - cut) for a, e in b.marks if e > cut)))
        elif out and out[-1].number:  # a paragraph more of the rule before it
            held = out[-1]
            shift = len(held.text) + 1
            out[-1] = replace(held, text=f"{held.text}\n{b.text}", marks=held.marks + tuple(
                (a + shift, e + shift) for a, e in b.marks))
        else:
            out.append(Section(title=None, kind="text", text=b.text, marks=tuple(b.marks)))
    return out
