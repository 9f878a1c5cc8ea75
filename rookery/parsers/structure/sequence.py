"""A document's numbering as evidence: which numbers it prints, whether a number belongs
to its scheme, and whether a repeated number quotes a section rather than opening one.

The outline asks these questions of every numbered heading and paragraph, so that a
rule quoted in an update summary, or a stray number opening a sentence, stays text.
"""
from __future__ import annotations

from typing import NamedTuple

from ..blocks import Block
from ..numbering import Label, continues, extends, first_of_scheme, follows, read_label

QUOTED_WORDS = 6  # a repeated number that opens with this many of the same words quotes
_FIRSTS = ("1", "a", "A")  # the parts a numbering starts from


class Quotations:
    """Tells, block by block, whether a block repeats a section number the document has
    already opened, with the same first words: then it quotes that section (an update
    summary that lists what changed, an example) and is text, not a second section. A
    number that comes again with other words (a part that starts its numbering afresh)
    is not a quotation, unless it lies under a number just quoted: a summary that quotes
    "10.1 General" quotes the rules under it too, in the words they had then; nor is it
    one when a sentence goes on after it in lower case ("A.5 is amended by ..."): that
    sentence is about the rule."""

    def __init__(self) -> None:
        self._opened: dict[tuple[str, ...], str] = {}  # number → its first words
        self._bare: tuple[str, ...] | None = None  # a number printed alone, its words next
        self._quoting: tuple[str, ...] | None = None  # the number last quoted

    def __call__(self, block: Block) -> bool:
        if block.kind not in ("heading", "para", "item"):
            return False
        read = read_label(block.text)
        bare, self._bare = self._bare, None
        if read is None:
            if bare is not None:
                self._opened[bare] = _first_words(block.text)
            if block.kind == "heading":
                self._quoting = None  # a heading of its own ends what was quoted
            return False
        label, rest = read
        words = _first_words(rest)
        if label.parts not in self._opened:
            self._opened[label.parts] = words
            if not words:
                self._bare = label.parts
            self._quoting = None
            return False
        if rest[:1].islower():
            return True  # "A.5 is referenced by ...": a sentence about a rule opened before
        quoting = self._quoting
        if words and quoting is not None and len(label.parts) > len(quoting) \
                and label.parts[:len(quoting)] == quoting:
            return True
        self._quoting = label.parts if words and self._opened[label.parts] == words else None
        return self._quoting is not None


def _first_words(text: str) -> str:
    return " ".join(text.casefold().split()[:QUOTED_WORDS])


def values(blocks: list[Block]) -> set[int]:
    """The blocks (by index) that open with a number that is a value, not a section
    number: in a run of neighbouring blocks that each open with a number, two or more
    numbers of two parts or more go on neither from the number before them nor from the
    document's numbering (2.5, 3.5, 4.5 down a table's column of costs; 0.5, 0.5 down a
    column of points); then each of the run's numbers that does not go on from the
    document's numbering is a value. A numbering that skips a part ("1.9", "3.1") or a
    running head ("3.4 Robots" over "3.3.6") strays once; a list's "1." is never a value."""
    numbers = [read_label(b.text) if b.kind in ("heading", "para", "item") else None
               for b in blocks]
    found: set[int] = set()
    reached = _Reached()
    run: list[tuple[int, Label]] = []
    for k, read in enumerate(numbers + [None]):
        if read is not None:
            run.append((k, read[0]))
        elif run:
            trial, stray, strays, prev = reached.copy(), 0, [], None
            for i, label in run:
                if not trial.take(label):
                    stray += not (prev is not None and goes_on(prev, label))
                    strays.append(i)
                prev = label
            if stray >= 2:
                found.update(strays)
                reached = trial
            else:  # no column of values: the run is the numbering
                for _i, label in run:
                    reached.take(label, anyway=True)
            run = []
    return found


def speakers(blocks: list[Block]) -> set[int]:
    """The blocks (by index) that open with a speaker's label, not a section number: a
    single capital and a colon ("H:") that the document prints again, with another such
    label between (the turns of a dialogue, "R:" then "H:" then "R:"). A section number
    is printed once; a speaker speaks again."""
    turns = []  # (index, letter) of the blocks that open with a capital and a colon
    for k, block in enumerate(blocks):
        read = read_label(block.text) if block.kind in ("heading", "para", "item") else None
        if read is not None and len(read[0].parts) == 1 and read[0].parts[0].isalpha() \
                and read[0].printed.endswith(":"):
            turns.append((k, read[0].parts[0]))
    talking = set()
    last: dict[str, int] = {}  # a letter → where among the turns it last spoke
    for n, (_k, letter) in enumerate(turns):
        if letter in last and any(other != letter for _i, other in turns[last[letter]:n]):
            talking.add(letter)
        last[letter] = n
    return {k for k, letter in turns if letter in talking}


class _Reached:
    """Where a document's numbering has got to: its open dotted numbers (a section's
    and a list's inside it), and the one-part numbers since the last of them."""

    def __init__(self, open_=(), singles=()):
        self.open, self.singles = list(open_), list(singles)

    def copy(self) -> "_Reached":
        return _Reached(self.open, self.singles)

    def take(self, label: Label, anyway: bool = False) -> bool:
        """Does `label` go on from the numbering (then it is taken into it, as it is
        `anyway`)?"""
        if len(label.parts) < 2:
            self.singles.append(label)
            return True
        if not any(goes_on(x, label) for x in self.singles):  # (a list item's "2.1")
            for k in range(len(self.open) - 1, -1, -1):
                x = self.open[k]
                if goes_on(x, label) or len(label.parts) > len(x.parts) \
                        and label.parts[:len(x.parts)] == x.parts:
                    del self.open[k + 1:]  # (or a number under it: "1.21.2.1" under "1.21")
                    break
            else:
                if self.open and not anyway:
                    return False
        self.open.append(label)
        self.singles = []
        return True


def goes_on(before: Label, after: Label) -> bool:
    """Could `after` come next in a numbering after `before`: its first child, its next
    sibling or a parent's, or the first of the next part ("1.9" then "2.1")?"""
    if continues(before, after):
        return True
    return len(after.parts) > 1 and first_of_scheme(after) and len(before.parts) > 1 \
        and continues(Label("", "", before.parent), Label("", "", after.parent))


def printed_numbers(blocks: list[Block], skip: set[int] = frozenset()) -> set[tuple[str, ...]]:
    """Every section number the document prints at the start of a heading or paragraph
    (but the blocks in `skip`): the evidence a number is checked against."""
    found = set()
    for k, block in enumerate(blocks):
        if k in skip:
            continue
        if block.kind in ("heading", "para", "item"):
            read = read_label(block.text)
            if read:
                found.add(read[0].parts)
    return found


def first_subdivision(label: Label, after: tuple[str, ...] | None) -> bool:
    """Is `after` the first number under `label` ("2." then "2.1")?"""
    return after is not None and after[:-1] == label.parts and after[-1] in _FIRSTS


def goes_back(label: Label, open_labels: list[Label], sibling: Label | None,
              after: tuple[str, ...] | None) -> bool:
    """Does a number that continues none of the open ones (`open_labels`, outermost
    first) go back to a part the document has left? Not when it resumes that part
    (follows `sibling`, the number last opened under its parent), when the document's
    next number (`after`) goes on from it, or when it starts its numbering afresh
    ("1.1"). "2.25" read while 6.1.1 is open, after 2.4 and before "2.20", is a value
    (a table's column of times), not a rule. (A one-part number going back is a
    list's item: the list rules judge it.)"""
    if not open_labels or len(label.parts) < 2 or all(p in _FIRSTS for p in label.parts) \
            or sibling is not None and follows(sibling, label) \
            or after is not None and (continues(label, Label("", "", after)) or (
                after[-1] in _FIRSTS and continues(label, Label("", "", after[:-1])))):
        return False  # (3.3 then 4.1: the next part's first rule goes on from it too)
    here, there = open_labels[0].parts[0], label.parts[0]  # the part the document is in
    return here.isdigit() and there.isdigit() and int(there) < int(here)


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


class Later(NamedTuple):
    """What a document numbers after a block: the next number deeper than the block's own
    depth (None when there is none); whether a number of the block's rank comes before
    that one ("5." after "4."); whether the block's own number is printed again further
    on; whether that deeper number is set as a heading; the next number of any depth."""

    deeper: tuple[str, ...] | None
    sibling_first: bool
    again: bool
    deeper_heads: bool = False
    following: tuple[str, ...] | None = None


class Ahead:
    """What the document goes on to number after each of its blocks (see Later): after a
    "4." that closes chapter 3, "4.1" says it opened chapter 4; "3.3" says chapter 3
    went on."""

    def __init__(self, blocks: list[Block]) -> None:
        self._after: list[dict[int, tuple[tuple[str, ...], int]]] = [{} for _ in blocks]
        self._rank: list[int | None] = [None] * len(blocks)  # where its rank is printed next
        self._again = [False] * len(blocks)
        self._next: list[tuple[str, ...] | None] = [None] * len(blocks)  # the next number
        self._heads = [b.kind == "heading" for b in blocks]
        following = None
        later: dict[int, tuple[tuple[str, ...], int]] = {}  # depth → next deeper number, where
        printed: dict[tuple, int] = {}  # rank → where a number of it is printed next
        numbers: set[tuple[str, ...]] = set()  # the numbers printed after this block
        for k in range(len(blocks) - 1, -1, -1):
            self._after[k], self._next[k] = dict(later), following
            block = blocks[k]
            read = read_label(block.text) if block.kind in ("heading", "para", "item") else None
            if read:
                parts = read[0].parts
                self._rank[k] = printed.get(_rank(parts))
                self._again[k] = parts in numbers
                printed[_rank(parts)] = k
                numbers.add(parts)
                following = parts
                for n in range(1, len(parts)):
                    later[n] = parts, k

    def next_numbers(self, k: int) -> tuple:
        """The number that opens the next numbered block after block `k`, and the next of
        two parts or more: a number the next one subdivides ("2." before "2.1") heads a
        part of the scheme, and one the next dotted number goes on from (past a list's
        "1.") belongs to the document's sequence."""
        dotted = self._after[k].get(1)
        return self._next[k], dotted[0] if dotted else None

    def __call__(self, k: int, n: int) -> Later:
        """What is numbered after block `k`, whose number has `n` parts."""
        found = self._after[k].get(n)
        if found is None:
            return Later(None, False, self._again[k], False, self._next[k])
        sibling = self._rank[k]
        return Later(found[0], sibling is not None and sibling < found[1], self._again[k],
                     self._heads[found[1]], self._next[k])


def _rank(parts: tuple[str, ...]) -> tuple:
    """Numbers of one rank are siblings in one scheme: same parent, same kind of last part."""
    last = parts[-1]
    return parts[:-1], last.isdigit(), last.isupper()


def _before(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Does the number `a` come before its sibling `b` ("3" before "4")?"""
    if a[:-1] != b[:-1] or _rank(a) != _rank(b):
        return False
    x, y = a[-1], b[-1]
    return int(x) < int(y) if x.isdigit() else (len(x), x) < (len(y), y)


def list_item(label: Label, opened: list[Label], later: Later, held: list[Block],
              known: set[tuple[str, ...]] = frozenset()) -> bool:
    """Is a number shallower than the numbered section it stands in (a "1." under "3.2")
    an item of a list in that section rather than a section of its own? It is when its
    number breaks the document's sequence there: the numbering it would close goes on
    after it ("3.3" after a "4." under "3.2": chapter 3 was not done), it goes on a list
    the section holds ("3." after a "2." item in its text), or it starts afresh ("1."
    under "3.2"). It opens a section when it subdivides an open number ("2.2.29.1"
    under "2.2.29"), when the document goes on numbering under it ("4." then "4.1",
    with no "5." between), or when it comes next after the number it would close. A
    number printed twice one after the other ("5.5" again after "5.5.2") is left to the
    check that reports it. A number no deeper than the section is judged by
    _list_at_rank. `opened`: the open numbers, outermost first; `later`: what Ahead says
    of it; `held`: the blocks the section holds so far; `known`: the numbers the
    document prints."""
    n = len(label.parts)
    if any(extends(number.parts, label) for number in opened):
        return False
    if not opened or len(opened[-1].parts) <= n:
        return _list_at_rank(label, opened, later, held, known)
    inner = opened[-1]
    closing = inner.parts[:n]
    deeper, sibling_first, again = later[:3]
    cut = deeper[:n] if deeper else None
    if cut is not None and (cut == closing and continues(inner, Label("", "", deeper))
                            or _before(cut, label.parts)):
        return True  # "4." then "3.3": chapter 3 goes on after it
    if cut == label.parts:
        return sibling_first  # "3." "4." "5." then "3.1": the list ran on, no chapter 3
    last = held_number(label, held)
    if last is not None and follows(last, label):
        return True  # the list the section holds goes on
    if first_of_scheme(label) and not follows(Label("", "", closing), label):
        return True  # a list starts afresh
    if label.parts == closing:
        return False
    if label.parent != closing[:-1]:  # "16.2" after "15.5.14": a chapter further on,
        return again or not _key(closing) < _key(label.parts)  # unless "16.2" comes later
    return not follows(Label("", "", closing), label)


def _list_at_rank(label: Label, opened: list[Label], later: Later, held: list[Block],
                  known: set[tuple[str, ...]]) -> bool:
    """Is a one-part number no deeper than the section it stands in an item of a list in
    that section? It is when the part goes on after it (inside_part); when it goes on a
    list the section holds ("3." after the "2." item in its text), unless it comes next
    after an open number (then it is that number's next sibling, "4. Winning" after
    "3.") and is neither printed again further on nor followed by subdivisions set as
    headings, or the document goes on numbering under it ("4." then "4.1") in
    paragraphs, not headings (a paragraph does not head headings);
    or when it starts afresh ("1.") at the rank of the open number, inside it ("1."
    under "6."), in a document whose parts are divided by longer numbers ("7.1"): such a
    part's own subdivisions are not numbered "1."."""
    deeper, sibling_first, again, deeper_heads, after = later
    last = held_number(label, held)
    listed = last is not None and follows(last, label)
    if inside_part(label, opened, deeper, after, listed):
        return True
    if len(label.parts) > 1:
        return False  # (a list numbers its items "1.", "2.": a dotted number is no item)
    under = deeper is not None and deeper[:1] == label.parts  # "4." then "4.1"
    if any(follows(number, label) for number in opened) \
            and not (listed and (again or under and deeper_heads)):
        return False
    if under and not sibling_first and not deeper_heads:
        return False
    if listed:
        return True
    if not opened or not first_of_scheme(label):
        return False
    inner = opened[-1]
    return inner.parent == label.parent and inner.parts[-1].isdigit() \
        and _key(label.parts) < _key(inner.parts) \
        and any(len(parts) == 2 for parts in known)


def inside_part(label: Label, opened: list[Label], dotted: tuple[str, ...] | None,
                after: tuple[str, ...] | None = None, listed: bool = False) -> bool:
    """Is a one-part number ("1.", "6.") inside the number open around it ("5.", or
    "5.3") while the document's next dotted number is still under that part ("5.1", or
    "5.4")? Then it is an item of a list in the part, not a part: part 5 was not done,
    and a part does not hold its siblings. Not when the next number (`after`) is its
    own first subdivision ("1." then "1.1": the part's own heading, under a heading
    that numbers itself "1." too), unless it goes on a list the part holds (`listed`:
    "2." after a "1." item, before "2.1"). `opened`: the open numbers, outermost
    first; `dotted`: the next number of two parts or more."""
    if len(label.parts) != 1 or not opened or first_subdivision(label, after) and not listed:
        return False
    return dotted is not None and len(dotted) > 1 and dotted[:1] == opened[-1].parts[:1] \
        and dotted[1].isdigit()  # ("5.1", not an ordinal "1st" read as 1 › st)


def held_number(label: Label, held: list[Block]) -> Label | None:
    """The last number of `label`'s rank that opens one of the blocks a section holds
    (the item before it, when it goes on the section's list)."""
    rank = _rank(label.parts)
    return next((read[0] for block in reversed(held)
                 if (read := read_label(block.text)) and _rank(read[0].parts) == rank), None)


def _key(parts: tuple[str, ...]) -> tuple:
    """A number's place in reading order ("15.5" before "16.2", "9" before "10")."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts)
