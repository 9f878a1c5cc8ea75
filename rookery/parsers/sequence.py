"""A document's numbering as evidence: which numbers it prints, whether a number belongs
to its scheme, and whether a repeated number quotes a section rather than opening one.

The outline asks these questions of every numbered heading and paragraph, so that a
rule quoted in an update summary, or a stray number opening a sentence, stays text.
"""
from __future__ import annotations

from .blocks import Block
from .numbering import Label, read_label

QUOTED_WORDS = 6  # a repeated number that opens with this many of the same words quotes


def quotes(block: Block, opened: dict[tuple[str, ...], str]) -> bool:
    """Does the block repeat a section number the document has already opened, with the
    same first words? Then it quotes that section (an update summary that lists what
    changed, an example) and is text, not a second section. Records a first opening.
    A number that comes again with other words (a part that starts its numbering
    afresh) is not a quotation."""
    if block.kind not in ("heading", "para", "item"):
        return False
    read = read_label(block.text)
    bare = opened.pop(_BARE, None)  # a number printed alone opens with the next words
    if read is None:
        if bare is not None:
            opened[bare] = _first_words(block.text)
        return False
    label, rest = read
    words = _first_words(rest)
    if label.parts not in opened:
        opened[label.parts] = words
        if not words:
            opened[_BARE] = label.parts
        return False
    return bool(words) and opened[label.parts] == words


_BARE = ("",)  # the key under which a number printed alone waits for its words


def _first_words(text: str) -> str:
    return " ".join(text.casefold().split()[:QUOTED_WORDS])


def printed_numbers(blocks: list[Block]) -> set[tuple[str, ...]]:
    """Every section number the document prints at the start of a heading or paragraph:
    the evidence a number is checked against."""
    found = set()
    for block in blocks:
        if block.kind in ("heading", "para", "item"):
            read = read_label(block.text)
            if read:
                found.add(read[0].parts)
    return found


def backed(label: Label, known: set[tuple[str, ...]], titled: bool = False) -> bool:
    """Does another number of the document belong to the same scheme (its parent, a
    sibling, a subdivision)? A lone "2.5" opening a sentence is not a section number; a
    one-part number ("3.") is one only when it names a part whose subdivisions follow."""
    if len(label.parts) < 2:
        if not titled:
            return False
        # one with subdivisions, or the titled sibling of one ("600. General", with
        # nothing under it, between chapter 6's heading and "601. Casting Spells")
        subdivided = {parts[0] for parts in known if len(parts) == 2}
        last = label.parts[0]
        near = {last} | ({str(int(last) + d) for d in (-2, -1, 1, 2)} if last.isdigit() else set())
        return bool(near & subdivided)
    last = label.parts[-1]
    near = []
    if last.isdigit():
        near = [label.parent + (str(int(last) + d),) for d in (-2, -1, 1, 2) if int(last) + d >= 0]
    elif last.isalpha() and len(last) == 1:
        near = [label.parent + (chr(ord(last) + d),) for d in (-2, -1, 1, 2)]
    near += [label.parent, label.parts + ("1",), label.parts + ("a",)]
    return any(parts in known for parts in near if parts != label.parts)
