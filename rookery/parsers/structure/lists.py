"""Numbered lists inside numbered parts, seen from the section tree being built: the
numbers the open sections carry (a heading's bare "5" too), and whether a numbered
heading is a list's item set as a heading. sequence.py judges the numbers themselves.
"""
from __future__ import annotations

from ..blocks import Block
from ..numbering import Label, follows, read_label
from .node import Node
from .sequence import Ahead, held_number, inside_part


def listed_heading(stack: list[Node], block: Block, ahead: Ahead, k: int, flat: bool) -> bool:
    """Is a numbered heading set below the numbered part it stands in (or like it, when
    every heading is set alike: `flat`; or in a rule of that part, "5.3") an item of a
    list in that part? When its one-part number is inside the part's ("1." or "6." under
    "5.", with "5.1" next: see sequence.inside_part): a type that sets a list's bold
    lead as a heading does not make the list's numbers parts."""
    read = read_label(block.text)
    if read is None or not read[1]:
        return False
    open_ = framing(stack)
    if not open_:
        return False
    holder, number = open_[-1]
    if len(number.parts) == 1 and (holder.level > block.level
                                   or holder.level == block.level and not flat):
        return False  # (under a rule "5.3", a "6." heading of any rank: list_item's case)
    held = held_number(read[0], stack[-1].body)
    return inside_part(read[0], [label for _node, label in open_],
                       *reversed(ahead.next_numbers(k)),
                       listed=held is not None and follows(held, read[0]))


def framing(stack: list[Node]) -> list[tuple[Node, Label]]:
    """The open sections that carry a number, with it, outermost first; a heading that
    prints its number bare ("5 The Development Phase") counts by that number here: what
    a list inside it is numbered against, not a number it is given."""
    out = []
    for node in stack:
        label = node.label
        if label is None and node.heading_text and not node.is_rule:
            read = read_label(node.heading_text, loose=True)
            label = read[0] if read and read[1] else None
        if label is not None:
            out.append((node, label))
    return out
