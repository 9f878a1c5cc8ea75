"""Rules run on in one paragraph: a numbered paragraph whose forced line break is
followed by the number that comes next ("1.2 ...<br>1.3 ...", "102.2 ...\\n102.2a ...")
holds two rules, and is parted there; so is the text under a numbered heading, before a
dotted number that comes next ("102.2" over "A deck holds one.\\n102.2a ...").

The number must go on from the paragraph's own (its first subdivision, its next sibling,
a parent's next sibling) and be printed at no paragraph's start elsewhere, so that a
rule quoted in another's text ("1.3 applies after this", where 1.3 is a section of its
own) and a list that starts afresh stay where they are.
"""
from __future__ import annotations

from ..blocks import Block, piece
from ..numbering import Label, read_label
from .sequence import goes_on, printed_numbers


def part_run_on_rules(blocks: list[Block]) -> list[Block]:
    """The blocks with each paragraph parted before every line that opens with a number
    going on from the one before it (see the module doc)."""
    printed = printed_numbers(blocks)
    out: list[Block] = []
    opened: Label | None = None  # the number the last numbered heading or paragraph opened
    for block in blocks:
        own = read_label(block.text) if block.kind in ("heading", "para", "item") else None
        cuts = []
        if block.kind in ("para", "item") and "\n" in block.text:
            if own is not None:
                cuts = _cuts(block.text, own[0], printed)
            elif opened is not None:  # the text under a numbered heading: dotted numbers
                cuts = _cuts(block.text, opened, printed, dotted=True)  # (a list's are its own)
        if own is not None:
            opened = own[0]
        if not cuts:
            out.append(block)
            continue
        for start, end in zip([0] + cuts, cuts + [len(block.text)]):
            out.append(piece(block, start, end))
        opened = read_label(block.text[cuts[-1]:])[0]
    return out


def _cuts(text: str, label: Label, printed: set[tuple[str, ...]],
          dotted: bool = False) -> list[int]:
    """Where in `text` the rules after its first line start (offsets of their lines):
    each number must go on from the one before; with `dotted`, have two parts or more."""
    cuts, last, offset = [], label, 0
    for line in text.split("\n"):
        if offset:
            read = read_label(line)
            if read is not None:
                if read[0].parts in printed or not goes_on(last, read[0]) \
                        or dotted and len(read[0].parts) < 2:
                    break
                cuts.append(offset)
                last = read[0]
        offset += len(line) + 1
    return cuts
