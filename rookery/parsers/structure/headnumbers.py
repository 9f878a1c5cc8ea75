"""The numbers headings open with: one with its mark ("4." "(4)" "4.2"), or a number
alone before its title ("4 Scoring"), which may as well be a count ("2 Players"). A
number alone is the heading's own when the document's numbering says so: the next
number it prints is its first subdivision ("4 Scoring" over "4.1"), or headings that
open with numbers alone go on from one another, RUN of them or more ("1 Introduction",
"2 Setup", "3 Play") and not all to one title ("2 Players", "3 Players", "4 Players":
counts). Left in the title, such a number would make an inserted chapter retitle every
later one. So too in a file of plain paragraphs with no heading at all (a one-page
sheet of rules): paragraphs that open with numbers going on from one another, RUN or
more, are its numbered rules ("1) The tournament is...", "2) It is played...").
"""
from __future__ import annotations

from dataclasses import replace

from ...model import Section, title_key
from ..blocks import Block
from ..numbering import Label, follows, read_label
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
    return out


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
