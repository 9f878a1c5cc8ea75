"""A document's own table of contents is not content: it repeats headings that come later.

Any reader may leave one in its blocks (a PDF's contents page, a text file's "Contents"
list, a page that sets its contents as paragraphs rather than links). A block is a
contents list when most of its lines, once dot leaders and page numbers are taken off,
are the text of headings that come after it; so is a run of one-line blocks that each
are. The heading that only introduces such a list ("Contents") goes with it.
"""
from __future__ import annotations

import re

from .blocks import Block
from .numbering import continues, read_label

_LEADER = re.compile(r"(?:\s*[.\u2026\u00b7_]\s*){3,}")  # "....", ". . .", "……"
_PAGE = re.compile(r"\s+(?:\d{1,4}|[ivxlcdm]{1,7})$", re.I)
MIN_RUN = 3  # one-line blocks in a row that repeat later headings
LONGEST = 160  # characters: a longer line is a sentence, not a contents entry


def entry_key(line: str) -> str:
    """A heading and the contents line that names it compare equal under this key."""
    return " ".join(_LEADER.sub(" ", line).casefold().split()).rstrip(".:")


def _names(line: str) -> tuple[str, str]:
    """What a contents line may name: itself, or itself without a page number."""
    key = entry_key(line)  # leaders out first: they may fill a line of any length
    if len(key) > LONGEST:
        return "\0", "\0"  # names nothing
    return key, entry_key(_PAGE.sub("", key))


def drop_contents(blocks: list[Block]) -> list[Block]:
    later: set[str] = set()  # keys of the headings after the block being looked at
    listed = [False] * len(blocks)
    for k in range(len(blocks) - 1, -1, -1):
        block = blocks[k]
        lines = [_names(line) for line in block.text.split("\n") if line.strip()]
        hits = sum(a in later or b in later for a, b in lines)
        listed[k] = bool(lines) and hits == len(lines) or (len(lines) >= 2 and
                                                          hits >= 0.6 * len(lines)) \
            or block.kind == "heading" and _joined_entries(lines[0][0], later)
        if block.kind == "heading":
            later.add(entry_key(block.text[:LONGEST]))
            continue
        read = _headline(block)
        if read:
            later.add(read)
    # an entry's own subtopics ("Ready, Exerted, Damaged" under "5.1. Conditions") name
    # no heading, but lie between entries that do: they belong to the list
    for k in range(1, len(blocks) - 1):
        if not listed[k] and listed[k - 1] and _subtopic(blocks[k]) and (
                listed[k + 1] or k + 2 < len(blocks) and listed[k + 2]
                and _subtopic(blocks[k + 1])):
            listed[k] = True
    drop = set()
    k = 0
    while k < len(blocks):
        if not listed[k]:
            k += 1
            continue
        end = k
        while end + 1 < len(blocks) and listed[end + 1]:
            end += 1
        multi = any(blocks[j].text.count("\n") >= 1 for j in range(k, end + 1))
        if (end - k + 1 >= MIN_RUN or multi) and not _in_flow(blocks, k, end):
            drop.update(range(k, end + 1))
            if k > 0 and _names_a_list(blocks[k - 1]):
                drop.add(k - 1)  # "Contents": it heads nothing but the list
        k = end + 1
    return [b for j, b in enumerate(blocks) if j not in drop]


def _joined_entries(key: str, later: set[str]) -> bool:
    """Is a heading two or more later headings run together ("glossary update summary"):
    contents entries stacked in one column that were read as one heading's lines?"""
    words = key.split()
    ends = {0}  # word positions a run of later headings can reach
    for end in range(1, len(words) + 1):
        if any(" ".join(words[start:end]) in later for start in ends if start < end):
            ends.add(end)
    return len(words) in ends and " ".join(words) not in later and len(ends) > 2


def _in_flow(blocks: list[Block], first: int, last: int) -> bool:
    """Do the numbers of the run carry on the numbering around it (10.4.2, then 10.5,
    10.5.1, 10.5.2, then 10.5.3)? Then the run is body text that a later part quotes
    (an update summary), not a list of what follows."""
    if first == 0 or last + 1 >= len(blocks):
        return False
    labels = [_label(blocks[j]) for j in range(first - 1, last + 2)]
    return all(a is not None and b is not None and continues(a, b)
               for a, b in zip(labels, labels[1:]))


def _label(block: Block):
    read = read_label(block.text)
    return read[0] if read else None


def _subtopic(block: Block) -> bool:
    """A short line or two of names, not a sentence: what a contents entry lists under it."""
    lines = block.text.split("\n")
    return block.kind != "heading" and len(lines) <= 3 and \
        all(len(line) <= LONGEST for line in lines) and not block.text.rstrip().endswith(".")


def _names_a_list(block: Block) -> bool:
    """A heading, or a line of a word or two set like one, right before the list."""
    text = block.text.strip()
    return block.kind == "heading" or ("\n" not in text and 0 < len(text.split()) <= 3
                                       and text[-1:].isalpha())


def _headline(block: Block) -> str | None:
    """The first line of a paragraph that opens a numbered or named section (a numbered
    rule printed as a paragraph, an entry's bold name line), which contents may list."""
    first = block.text.split("\n", 1)[0]
    if block.lead:
        return entry_key(block.lead)
    if len(first.split()) <= 12 and first[:1].isdigit():
        return entry_key(first)
    return None
