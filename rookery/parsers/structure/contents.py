"""A document's own table of contents is not content: it repeats headings that come later.

Any reader may leave one in its blocks (a PDF's contents page, a text file's "Contents"
list, a page that sets its contents as paragraphs rather than links). A block is a
contents list when most of its lines, once dot leaders and page numbers are taken off,
are the text of headings that come after it; so is a run of one-line blocks that each
are. The heading that only introduces such a list ("Contents") goes with it; a list a sentence
of the body introduces ("Each turn has these phases:") is the body's, not a contents list.

A run is set aside only on the evidence a contents list gives (evidence.py): its entries
name headings the document then sets, in its order, each a heading of its own (not a
value the body repeats, "1 model", "110 pts"), spread over the body rather than copied
together (a list or a table the body prints twice). A line that names no word ("3", "2 4
6") or whose leaders end in what is no page ("Knight ....... 110 pts": a priced list)
names no heading.
"""
from __future__ import annotations

import re

from ..blocks import ENDS_SENTENCE, Block, after_lead
from ..numbering import Label, continues, follows, read_label
from .evidence import lists, page_after

_LEADER = re.compile(r"(?:\s*[.\u2026\u00b7_]\s*){3,}")  # "....", ". . .", "……"
# two of its marks with only spaces between: where this is not found, no leader is
# (the leader's pattern opens with spaces, so it is tried at every character)
_TWO_MARKS = re.compile(r"[.\u2026\u00b7_]\s*[.\u2026\u00b7_]")
_PAGE = re.compile(r"\s+(?:\d{1,4}|[ivxlcdm]{1,7})$", re.I)
# a page number set in a column of its own (pages count from 1; a roman "X" or a lone
# "0" in a figure is no page of a list)
_PAGE_NUMBER = re.compile(r"0*[1-9]\d{0,3}")
# what a leader leads to on a contents line: a page ("12", "xiv", "A-3", "12-13")
_PAGE_AFTER_LEADER = re.compile(r"(?:[a-z][-\u2013]?)?\d{1,4}(?:[-\u2013]\d{1,4})?|[ivxlcdm]{1,7}",
                                re.I)
MIN_RUN = 3  # one-line blocks in a row that repeat later headings
LONGEST = 160  # characters: a longer line is a sentence, not a contents entry
SUBTOPIC_LINES = 4  # an entry's subtopics run to no more lines than this
LEAD_IN_WORDS = 4  # words of a sentence ending in a colon that introduce a list (not
# "Contents:")


def entry_key(line: str) -> str:
    """A heading and the contents line that names it compare equal under this key (a
    number run onto its title, "10.10.Sing Together", as one set apart)."""
    if _TWO_MARKS.search(line):  # a quick look first: most lines hold no leader
        line = _LEADER.sub(" ", line)
    read = read_label(line)
    if read is not None and read[1]:
        line = f"{read[0].printed} {read[1]}"
    return " ".join(line.casefold().split()).rstrip(".:")


def _names(line: str) -> tuple[str, str]:
    """What a contents line may name: itself, or itself without a page number. A line of
    no word names no heading, nor does one whose leaders lead to what is no page number
    (a price, points, a weight: a priced list), nor a clause that a comma or a semicolon
    ends (an item of a sentence's list)."""
    key = entry_key(line)  # leaders out first: they may fill a line of any length
    if len(key) > LONGEST or not any(c.isalpha() for c in key) or not _to_page(line) \
            or line.rstrip().endswith((",", ";")):
        return "\0", "\0"  # names nothing
    bare = entry_key(_PAGE.sub("", key))
    return key, bare if any(c.isalpha() for c in bare) else "\0"


def _priced(run: list[Block]) -> bool:
    """Does a line of the run lead with leaders to what is no page (points, a price)?"""
    return not all(_to_page(line) for block in run for line in block.text.split("\n"))


def _to_page(line: str) -> bool:
    """Do the line's leaders, if it has any, lead to a page number (or to nothing)?"""
    if not _TWO_MARKS.search(line):
        return True
    ends = [m.end() for m in _LEADER.finditer(line)]
    tail = line[ends[-1]:].strip() if ends else ""
    return not tail or bool(_PAGE_AFTER_LEADER.fullmatch(tail))


def drop_contents(blocks: list[Block]) -> list[Block]:
    return split_contents(blocks)[0]


def split_contents(blocks: list[Block]) -> tuple[list[Block], set[str]]:
    """The blocks without the contents list, and the keys of the headings the list
    names at its outermost level: the document's own word on what its top-level parts
    are (chapters, glossary, summary), whatever their type says."""
    later: set[str] = set()  # keys of the headings after the block being looked at
    firsts: set[str] = set()  # their first words: a line whose first word is none of
    # them cannot run later headings together (and most lines are not looked at further)
    joined: dict[int, list[str]] = {}  # a heading that runs later headings together
    listed = [False] * len(blocks)
    with_topics = [False] * len(blocks)
    where: dict[str, list[int]] = {}  # the blocks that set each key, last first
    named: dict[int, list[tuple[list[str], int | None]]] = {}  # each line's keys, page
    for k in range(len(blocks) - 1, -1, -1):
        block = blocks[k]
        # (a line of page numbers only, a list's column of them, neither names nor fails to)
        lines = [_names(line) for line in block.text.split("\n")
                 if line.strip() and not _page_numbers(line)]
        # a line may hold two entries or more, side by side ("1. Setup 2. Play")
        named[k] = [([a] if a in later else [b] if b in later else _joined_entries(b, later)
                     if b.split(" ", 1)[0] in firsts else [], page_after(a, b, later))
                    for a, b in lines]
        hits = sum(bool(keys) for keys, _page_number in named[k])
        listed[k] = bool(lines) and hits == len(lines) or (len(lines) >= 2 and
                                                          hits >= 0.6 * len(lines)) \
            or block.kind == "heading" and bool(joined.setdefault(
                k, _joined_entries(lines[0][0], later) if lines else []))
        # an entry with its subtopics under it counts only within a run of entries
        with_topics[k] = not listed[k] and _entry_with_subtopics(block, lines, later)
        read = entry_key(block.text[:LONGEST]) if block.kind == "heading" \
            else _headline(block)
        if read or block.kind == "heading":
            if block.kind == "heading" or block.lead or "\n" in block.text.strip() \
                    or read_label(block.text) is not None:
                where.setdefault(read, []).append(k)  # a heading, not a value ("110 pts")
            later.add(read)
            firsts.add(read.split(" ", 1)[0])
    listed = [a or b for a, b in zip(listed, with_topics)]
    naming = list(listed)  # the blocks that name later headings themselves
    # an entry's own subtopics ("Ready, Exerted, Damaged" under "5.1. Conditions") name
    # no heading, but lie between entries that do (or the list's column of pages): they
    # belong to the list
    for k in range(1, len(blocks) - 1):
        if not listed[k] and listed[k - 1] and _subtopic(blocks[k]) and (
                listed[k + 1] or _page_column(blocks, k + 1) > k + 1
                or k + 2 < len(blocks) and listed[k + 2] and _subtopic(blocks[k + 1])):
            listed[k] = True
    # so do the few names between the list and the column of its pages set after it
    # (entries the body words otherwise)
    for k in range(1, len(blocks) - 1):
        if listed[k - 1] and not listed[k]:
            names = next((g for g in range(1, SUBTOPIC_LINES + 1) if k + g < len(blocks)
                          and _page_column(blocks, k + g) - (k + g) >= MIN_RUN), 0)
            if names and all(_entry_line(blocks[j]) for j in range(k, k + names)):
                listed[k:k + names] = naming[k:k + names] = [True] * names
    drop = set()
    k = 0
    while k < len(blocks):
        if not listed[k]:
            k += 1
            continue
        end = k
        while end + 1 < len(blocks) and listed[end + 1] \
                or _page_column(blocks, end + 1) > end + 1:
            end = end + 1 if listed[end + 1] else _page_column(blocks, end + 1) - 1
        multi = any(blocks[j].text.count("\n") >= 1 and not with_topics[j]
                    for j in range(k, end + 1))
        if (end - k + 1 >= MIN_RUN or multi) and not _in_flow(blocks, k, end) \
                and not _mirrored(blocks, k, end, naming) \
                and not _priced(blocks[k:end + 1]) and not _introduced(blocks, k) \
                and lists(blocks, [named[j] for j in range(k, end + 1)], where, end):
            drop.update(range(k, end + 1))
        k = end + 1
    drop = _widen(blocks, drop)
    for k in sorted(drop):
        if k > 0 and k - 1 not in drop and _names_a_list(blocks[k - 1]):
            drop.add(k - 1)  # "Contents": it heads nothing but the list
    entries = [j for j in sorted(drop) if listed[j] and blocks[j].kind == "heading"]
    plain = [j for j in sorted(drop) if listed[j] and blocks[j].kind == "para"
             and "\n" not in blocks[j].text]
    return [b for j, b in enumerate(blocks) if j not in drop], \
        _outermost(blocks, entries, joined, plain)


def _outermost(blocks: list[Block], entries: list[int], joined: dict[int, list[str]],
               plain: list[int]) -> set[str]:
    """Keys of the contents entries set as headings of the list's highest rank. Where
    capitals mark that rank and no other, an entry in capitals that was read as a
    line of text (nothing set it apart from the next) is of that rank too."""
    if len({blocks[j].level for j in entries}) < 2:
        return set()  # the list does not show ranks
    top = min(blocks[j].level for j in entries)
    keys = set()
    for j in entries:
        if blocks[j].level == top:
            keys.update(_names(blocks[j].text))
            keys.update(joined.get(j, ()))
    if all(blocks[j].text.isupper() == (blocks[j].level == top) for j in entries):
        for j in plain:
            if blocks[j].text.isupper():
                keys.update(_names(blocks[j].text))
    return keys


def _joined_entries(key: str, later: set[str]) -> list[str]:
    """The later headings a heading runs together ("glossary update summary" is
    "glossary" and "update summary"): contents entries stacked in one column that were
    read as one heading's lines. Empty when it is not two or more of them."""
    words = key.split()
    parts: dict[int, list[str]] = {0: []}  # word position → later headings up to it
    for end in range(1, len(words) + 1):
        for start in sorted(parts):
            piece = " ".join(words[start:end])
            if start < end and piece in later:
                parts[end] = parts[start] + [piece]
                break
    found = parts.get(len(words), [])
    return found if len(found) >= 2 and key not in later else []


def _introduced(blocks: list[Block], first: int) -> bool:
    """Does a sentence of the body introduce the run ("Each turn has these phases:")?
    Then it is a list of the text that names what follows, not a contents list."""
    if first == 0 or blocks[first - 1].kind not in ("para", "item"):
        return False
    last = blocks[first - 1].text.rstrip().rsplit("\n", 1)[-1]
    return last.endswith(":") and len(last.split()) >= LEAD_IN_WORDS


def _in_flow(blocks: list[Block], first: int, last: int) -> bool:
    """Do the numbers of the run carry on the numbering around it (10.4.2, then 10.5,
    10.5.1, 10.5.2, then 10.5.3)? Then the run is body text that a later part quotes
    (an update summary), not a list of what follows."""
    if first == 0 or last + 1 >= len(blocks):
        return False
    if not (_rule_text(blocks[first - 1]) or _rule_text(blocks[last + 1])):
        return False  # between entries of a list, not between rules
    labels = [_label(blocks[j]) for j in range(first - 1, last + 2)]
    return all(a is not None and b is not None and continues(a, b)
               for a, b in zip(labels, labels[1:]))


def _mirrored(blocks: list[Block], first: int, last: int, naming: list[bool]) -> bool:
    """Is the run a part's own headings with text under them, which the part after it
    repeats (a ban list per format, each under the same faction headings), rather than
    a list of what follows? Its headings hold lines that name nothing, and the first
    heading after it, which it does not name, opens the part that holds every heading
    it names."""
    named = {entry_key(blocks[j].text[:LONGEST]) for j in range(first, last + 1)
             if naming[j] and blocks[j].kind == "heading"}
    if not any(blocks[j].kind == "heading" and naming[j] and not naming[j + 1]
               and not _page_numbers(blocks[j + 1].text) for j in range(first, last)):
        return False
    after = next((j for j in range(last + 1, len(blocks)) if blocks[j].kind == "heading"),
                 None)
    if after is None or entry_key(blocks[after].text[:LONGEST]) in named:
        return False
    found = set()
    for block in blocks[after + 1:]:
        key = entry_key(block.text[:LONGEST]) if block.kind == "heading" else None
        if key is not None and key not in named and block.level <= blocks[after].level:
            break  # the part ends
        found.add(key)
    return named <= found


def _widen(blocks: list[Block], drop: set[int]) -> set[int]:
    """The list with the entries next to it that its own numbering runs through (an
    entry the body words otherwise, "Objectives" over "Objective", between or before
    entries that do name later headings), and the column of page numbers set after it."""
    drop = set(drop)
    grown = True
    while grown:
        grown = False
        for j in range(len(blocks)):
            if j in drop:
                continue
            before, after = _label_near(blocks, drop, j, -1), _label_near(blocks, drop, j, 1)
            here = _entry_label(blocks[j])
            if here is not None and (before is not None and continues(before, here)
                                     or after is not None and continues(here, after)) \
                    or j - 1 in drop and _page_numbers(blocks[j].text):
                drop.add(j)
                grown = True
    return drop


def _label_near(blocks: list[Block], drop: set[int], j: int, step: int) -> Label | None:
    """The number of the dropped entry right before (step -1) or after (step 1) block j."""
    k = j + step
    return _entry_label(blocks[k]) if k in drop and 0 <= k < len(blocks) else None


def _entry_label(block: Block) -> Label | None:
    """The number of a one-line numbered name, as a contents list sets its entries."""
    text = block.text.strip()
    if "\n" in text or len(text) > LONGEST or ENDS_SENTENCE.search(text):
        return None
    read = read_label(text)
    return read[0] if read is not None and read[1] else None


def _page_column(blocks: list[Block], start: int) -> int:
    """Where the column of page numbers that opens at block `start` ends (`start` where
    none does): blocks of page numbers only, which never go back."""
    end, pages = start, [0]
    while end < len(blocks) and _page_numbers(blocks[end].text):
        numbers = [int(word) for word in blocks[end].text.split()]
        if numbers != sorted(numbers) or numbers[0] < pages[-1]:
            break
        pages += numbers
        end += 1
    return end


def _entry_line(block: Block) -> bool:
    """A name on a line of its own, not a sentence: what a contents list sets."""
    text = block.text.strip()
    return "\n" not in text and 0 < len(text) <= LONGEST and not ENDS_SENTENCE.search(text)


def _page_numbers(text: str) -> bool:
    """Lines of page numbers only: a contents list's numbers set in a column apart."""
    words = text.split()
    return bool(words) and all(_PAGE_NUMBER.fullmatch(word) for word in words)


def _rule_text(block: Block) -> bool:
    """A numbered rule's sentence, not a name."""
    return block.kind != "heading" and bool(ENDS_SENTENCE.search(block.text.rstrip()))


def _label(block: Block):
    read = read_label(block.text)
    return read[0] if read else None


def _entry_with_subtopics(block: Block, lines: list[tuple[str, str]], later: set[str]) -> bool:
    """A numbered entry that names a later heading, with its subtopics on the lines
    under it in the same block ("4.3. Main Phase" over "Turn Actions, Inkwell, ...")."""
    if len(lines) < 2 or not (lines[0][0] in later or lines[0][1] in later) \
            or read_label(block.text) is None:
        return False  # (a numbered entry: a name over a list is no contents entry)
    rest = block.text.split("\n")[1:]
    return block.kind != "heading" and len(rest) <= SUBTOPIC_LINES and \
        all(len(line) <= LONGEST and not line.rstrip().endswith(".") for line in rest)


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


class TopParts:
    """Tells the headings that are the document's top-level parts: those its contents
    list names at its outermost level, and a numbered one that follows one of them
    ("9. Damage Counters" after "8. Zones", though the list calls it "9. Damage")."""

    def __init__(self, outermost: set[str]):
        self.outermost = outermost
        self.numbers: list[Label] = []  # the numbers of the parts met so far

    def __call__(self, block: Block) -> bool:
        read = read_label(block.text)
        if entry_key(block.text) in self.outermost or read is not None and self.numbers \
                and follows(self.numbers[-1], read[0]):
            if read is not None:
                self.numbers.append(read[0])
            return True
        return False


def lift_part_leads(blocks: list[Block], outermost: set[str]) -> list[Block]:
    """A paragraph led by a name that the contents list gives as a top-level part is
    that part's heading over its text: a part that opens atop a page, set on a line of
    its own like a glossary's term, with no blank line or type to tell it apart."""
    out = []
    for block in blocks:
        if block.kind != "para" or not block.lead or entry_key(block.lead) not in outermost:
            out.append(block)
            continue
        out += [Block(kind="heading", text=block.lead, level=1), after_lead(block, block.lead)]
    return out
