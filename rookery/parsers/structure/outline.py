"""Blocks → Document: the title block, the section tree, and what kind each section is.

Both readers end here, so every structural rule lives here once:

* the first heading is the document's title when it carries a version or date, is
  followed by a version line or a statement of its date, or repeats the page's own
  title; its version line follows; what the title block leaves unknown of the version
  and date is read from the front matter (see meta.read_release);
* a paragraph the file's outline (its bookmarks) names is a heading (bookmarked.py);
* a contents list (lines that repeat later headings, with or without dot leaders and
  page numbers) is not content, nor the heading that introduces it;
* headings open sections, nested by level; the path of a section is its open ancestors;
  but one unnumbered name set as a heading under numbered headings again and again is
  a caption of a kind of block (each rule's "Meaning"), text of the numbered section;
* a paragraph that opens with a section number the document's own numbering backs up
  ("100.1a" under "100.1", "(3.2)" after "(3.1)", "4.2.1" beside "4.2.2") is a section
  too, down to the smallest numbered unit, nested by its number (see numbering.py),
  and so is a line of a numbered paragraph that opens with the number that comes next
  (see runon.py);
* inside a section, an emphasized question ("...?") starts a FAQ entry in a FAQ context,
  and so does a question told by a label the document pairs with an answer's ("Q:" and
  "A:", see asked.py),
  and a paragraph whose bold first line stands alone ("(v2.1) Esgred (War of the Five
  Kings, 111)") starts an entry named by that line (card errata, restricted-list groups);
* in a glossary, a paragraph that opens with its term set run-in (in bold, or in a table
  row's first cell), or a term in bold or italics on a line of its own, starts a term
  entry (see glossary.py);
* kinds come from numbering ("(1.2)", "4.2.1"), from those entry shapes, from the
  heading vocabulary of rules documents (glossary, errata, restricted list, FAQ), and
  from alphabetical order (a glossary is sorted; a chapter is not).
"""
from __future__ import annotations

from ...errors import NoSections
from ...model import Document, Section, title_key
from .. import meta
from ..blocks import Block, RawDocument, is_name
from ..normalize import close_gaps
from ..numbering import Label, continues, extends, first_of_scheme, follows, read_label
from .account import account
from .asked import ask_by_label
from .bookmarked import head_bookmarked
from .contents import TopParts, lift_part_leads, split_contents
from .entries import gather_entries, split_entries, vocabulary
from .glossary import alphabetical
from .node import Node, path_below, shift
from .runon import part_run_on_rules
from .lists import framing, listed_heading
from .headnumbers import heading_numbers, numbered_paragraphs
from .sequence import (Ahead, Quotations, backed, first_subdivision, goes_back, held_number,
                       list_item, printed_numbers, speakers, values)
from .soundness import assess

# the times one unnumbered name heads a part of different numbered sections before it
# is read as the caption of a kind of block ("Meaning", "Use"), not as a section
REPEATED_LABEL = 3


def build_document(raw: RawDocument, source: str = "") -> Document:
    """Turn a reader's blocks into a Document. When the reader found the title block by
    its typography (PDF), its lines replace the search for it among the blocks."""
    furniture = list(raw.furniture)
    blocks, outermost = _without_contents(list(raw.blocks), furniture)
    headed = head_bookmarked(blocks, raw.outline)
    if headed is not blocks:  # a contents list is told by the headings it repeats: again,
        blocks, outermost = _without_contents(headed, furniture)  # with the file's own
    blocks = lift_part_leads(blocks, outermost)
    if raw.title_lines is not None:
        title, version, effective = meta.read_title_lines(raw.title_lines)
        # (a running head the reader gave as a title line is counted once, as furniture)
        aside = {text for _reason, text in raw.furniture}
        furniture += [("title block", line) for line in raw.title_lines if line not in aside]
    else:
        title, version, effective, used = meta.read_title_block(blocks, raw.fallback_title)
        furniture += [("title block", b.text) for b in blocks[:used]]
        blocks = blocks[used:]
    version, effective = meta.read_release(blocks, version, effective)
    blocks, labels = ask_by_label(blocks)
    furniture += [("question labels", label) for label in labels]
    blocks = part_run_on_rules(blocks)
    root = _tree(blocks, outermost)
    sections: list[Section] = []
    _emit(root, sections, context=None)
    if not any(s.kind != "text" or s.title for s in sections):
        if raw.format not in ("pdf", "docx"):  # a page or text of no headings at all: an
            # error page, a login page, a file that is not the release; said of a file and
            # of an address alike, the error names which it was
            hint = "is it the right page? --remove keeps a site's chrome out" \
                if raw.format == "html" else "is it the right file?"
            raise NoSections("no headings or entries found: this does not look like a rules "
                             f"document ({hint})")
        # a publisher's file of plain paragraphs (a one-page sheet): each paragraph is a
        # section, known by its first words (or its number), so that a change to one is
        # not to all
        sections = numbered_paragraphs(blocks)
    doc = Document(sections=sections, title=title or raw.fallback_title, version=version,
                   effective=effective, format=raw.format, source=source)
    words = None
    if raw.source is not None:
        words = account(raw.source, furniture, [t for s in sections for t in _shown(s)],
                        raw.added)
    doc.reading = assess(doc, words, [title for _depth, title in raw.outline], raw.styled)
    return doc


def _without_contents(blocks: list[Block], furniture: list) -> tuple[list[Block], set[str]]:
    """The blocks less a contents list (split_contents), told to `furniture`."""
    kept, outermost = split_contents(blocks)
    if len(kept) < len(blocks):
        staying = {id(b) for b in kept}
        furniture += [("contents", b.text) for b in blocks if id(b) not in staying]
    return kept, outermost


def _shown(s: Section) -> tuple[str, ...]:
    """The texts a section shows: its heading as printed (number and title), its
    question where the heading does not ask it, and its text."""
    heading = s.heading or s.title or ""
    question = s.question if s.question and s.question not in (heading, s.text[:len(s.question)]) \
        else ""
    return heading, question, s.text


# ---------------------------------------------------------------- tree

def _tree(blocks: list[Block], outermost: set[str] = frozenset()) -> Node:
    root = Node(heading=None, level=0, path=())
    stack = [root]
    # numbers down a table's column (costs, points) are values, not sections
    cells = values(blocks) | speakers(blocks)  # and a dialogue's speakers ("H:", "R:")
    known, ahead = printed_numbers(blocks, cells), Ahead(blocks)
    # when every heading is set alike, their numbers are all that tells their levels; a
    # document whose type shows levels is taken at its word ("4.2" and "4.2.1" side by side)
    flat = len({b.level for b in blocks if b.kind == "heading"}) <= 1
    quotes = Quotations()
    top_part = TopParts(outermost)
    top_level = min((b.level for b in blocks if b.kind == "heading"), default=1)
    opened: dict = {}  # the section last opened under each parent number
    labels = block_labels(blocks)
    numbers = heading_numbers(blocks, ahead)  # "4 Scoring" over "4.1" (headnumbers.py)
    headed: dict = {}  # each number a heading prints, where it is first printed
    for at in sorted(numbers):
        headed.setdefault(numbers[at][0].parts, at)
    for k, block in enumerate(blocks):
        if k in cells or quotes(block):
            stack[-1].body.append(block)  # "10.1 General" again, in an update summary
        elif k in labels:  # "Meaning" over a paragraph of every numbered rule
            stack[-1].body.append(Block(kind="para", text=block.text, marks=block.marks,
                                        emphasized=block.emphasized, anchor=block.anchor))
        elif block.kind == "heading" and top_part(block):
            # the contents list names it among the top-level parts, or it follows one
            # that it names by number ("9." after "8.")
            del stack[1:]
            node = Node(heading=block, level=min(block.level, top_level), path=())
            _name(node, block.text, numbers.get(k))
            root.children.append(node)
            stack.append(node)
        elif block.kind == "heading" and listed_heading(stack, block, ahead, k, flat):
            # "1. Reconnaissance" set bold under "5. Trials", before 5.1: a list's item
            stack[-1].body.append(Block(kind="item", text=block.text, marks=block.marks,
                                        anchor=block.anchor))
        elif block.kind == "heading":
            numbered = numbers.get(k)
            read = numbered if flat else None
            place = _by_number(stack, read[0]) if read else None
            if place is not None:  # its number says where it goes, whatever its type
                at, level = place
                del stack[at + 1:]
                level = max(block.level, level)
            else:
                # a heading closes the numbered paragraphs before it
                while len(stack) > 1 and (stack[-1].level >= block.level or stack[-1].is_rule):
                    stack.pop()
                if numbered is not None:
                    _close_followed(stack, numbered[0])
                level = block.level
            parent = stack[-1]
            node = Node(heading=block, level=level, path=path_below(parent))
            _name(node, block.text, numbered)
            parent.children.append(node)
            stack.append(node)
        elif block.kind in ("para", "item") and (rule := _rule(
                stack, block, known, ahead, k, opened, headed)) is not None:
            stack[-1].children.append(rule)
            stack.append(rule)
        else:
            stack[-1].body.append(block)
        opened[stack[-1].label.parent if stack[-1].label else None] = stack[-1]
    gather_entries(root)
    return root


def _close_followed(stack: list[Node], label: Label) -> None:
    """Close the open headings back to beside the one whose number `label` follows: a
    type that ranks "1.2" below "1.1 Dusk", or "9" below "8. Conduct", cannot put a rule
    inside the one before it. Not when the numbering started afresh under that heading
    ("1.", "2.", "3." under "2. Setup"): those are its own."""
    for k in range(1, len(stack)):
        held = stack[k].label
        if held is not None and len(label.parts) <= len(held.parts) \
                and continues(held, label) and not any(
                    c.label is not None and len(c.label.parts) == len(label.parts)
                    and first_of_scheme(c.label) for c in stack[k].children):
            del stack[k:]
            return


def block_labels(blocks: list[Block]) -> set[int]:
    """The headings that name a kind of block rather than a place: one unnumbered name
    set under numbered headings again and again ("Meaning" and "Use" in each command's
    rule, "Tasks" in each official's). A player cites the numbered section; a web page
    of the same release prints these as the block's caption, inside the block."""
    under: dict[str, list[int]] = {}
    above: list[Block] = []  # the open headings, outermost first
    for k, block in enumerate(blocks):
        if block.kind != "heading":
            continue
        while above and above[-1].level >= block.level:
            above.pop()
        if above and read_label(above[-1].text) and read_label(block.text) is None:
            under.setdefault(title_key(block.text), []).append(k)
        above.append(block)
    return {k for found in under.values() if len(found) >= REPEATED_LABEL for k in found}


def _by_number(stack: list[Node], label: Label) -> tuple[int, float] | None:
    """Where a numbered heading or paragraph goes among the open sections: under the one
    its number extends, or beside the one it follows: (index of its parent in the stack,
    the least level it may have), or None when no open number relates to it."""
    for k in range(len(stack) - 1, 0, -1):
        open_label = stack[k].label
        if open_label is None:
            continue
        if extends(open_label.parts, label):
            return k, stack[k].level + (0.1 if stack[k].is_rule else 0.5)
        if follows(open_label, label):
            return k - 1, stack[k].level
    return None


def _rule(stack: list[Node], block: Block, known, ahead: Ahead, k: int,
          opened: dict, headed: dict) -> Node | None:
    """The section the numbered paragraph `k` opens, placed in `stack` (the open
    sections), or None when the paragraph is not a numbered section. A numbered list item
    is one only when it names something ("1. Notes and Errata"), not when it says it
    ("2. Draw."), unless it is set apart throughout (bold, as a heading is) and the
    document's next number is its first subdivision ("2." then "2.1": a list's items are
    never divided); nor when its number breaks the sequence of the section it stands in
    ("1. When the team registers" under "3.2": see sequence.list_item). A named number
    that follows the last one opened at its rank resumes the numbering a heading closed
    ("D. Winning" after "C." and an unnumbered heading), beside "C." while the part
    that holds "C." is open: the heading was an aside inside "C.", not a part over "D.".
    `ahead` says what the document numbers after block `k`; `opened`, the section last
    opened under each parent number; `headed`, where each number a heading prints is
    first printed."""
    read = read_label(block.text)
    if read is None:
        return None
    label, rest = read
    if len(label.parts) > 1 and all(key is None for key in opened) \
            and headed.get(label.parent, -1) > k:
        return None  # ahead of the heading of the part it divides, before the numbering
        # starts: a figure in front matter ("... Attribution" over "4.0 International")
    after, dotted = ahead.next_numbers(k)
    heads = block.emphasized and first_subdivision(label, after)
    numbers = [n.label for n in stack if n.label is not None]
    # a list numbers its items afresh; an item that carries the open rule's own number
    # on ("102.2a" in 102.2, "4.1.3" after 4.1.2) is a rule set as a list item
    carried = len(label.parts) > 1 and any(
        len(n.parts) > 1 and (extends(n.parts, label) or follows(n, label)) for n in numbers)
    if block.kind == "item" and not _title_like(rest) and not heads and not carried:
        return None
    # (a number alone is no list item: its words were set apart from it, as a section's)
    if rest and list_item(label, [n for _node, n in framing(stack)],
                          ahead(k, len(label.parts)), stack[-1].body, known):
        return None
    place = _by_number(stack, label)
    if place is None:
        # the document's numbering goes on after a heading that closed it ("D." after
        # "C." and a heading "Variants"), unless a list the section holds does ("3.")
        before = opened.get(label.parent)
        sibling = before.label if before is not None else None
        resumes = sibling is not None and follows(sibling, label) and _title_like(rest) \
            and held_number(label, stack[-1].body) is None
        if not (resumes or backed(label, known, _title_like(rest) or heads)) \
                or goes_back(label, numbers, sibling, dotted):
            return None
        at = max(k for k, n in enumerate(stack) if not n.is_rule)  # under the heading
        level = stack[at].level + 0.5
        # back beside its sibling, closing the heading between (looked for from the end:
        # a sibling is most often its parent's last child)
        beside = next((j for j, n in enumerate(stack[:at + 1])
                       if any(c is before for c in reversed(n.children))), None) \
            if resumes else None
        if beside is not None:
            at, level = beside, before.level
    else:
        at, level = place
    del stack[at + 1:]
    parent = stack[at]
    node = Node(heading=None, level=level, path=path_below(parent), label=label,
                 number=label.number, is_rule=True)
    if _title_like(rest):
        node.title, node.heading_text, node.named = rest, f"{label.printed} {rest}", True
    else:
        node.title = parent.title  # a rule without a name of its own goes by its parent's
        node.heading_text = label.printed.rstrip(".:")
        if rest:
            node.body.append(Block(kind="para", text=rest, marks=shift(block.marks,
                                                                       len(block.text) - len(rest))))
    node.heading = Block(kind="heading", text=node.heading_text,
                         marks=[(a, b) for a, b in block.marks if a < len(label.printed)])
    return node


def _title_like(text: str) -> bool:
    return is_name(text, 10)


def _name(node: Node, text: str, read: tuple[Label, str] | None) -> None:
    """Name a heading's node by its `text`, and number it by `read`, the number the
    heading opens with (headnumbers.py), when one does."""
    node.heading_text = text
    node.title = text
    if read and read[1]:
        node.label, rest = read
        node.number, node.title = node.label.number, rest.strip()
    if text.rstrip().endswith("?"):  # the heading is the question itself
        node.kind, node.question, node.title = "faq", text, None


# ---------------------------------------------------------------- sections

def _emit(node: Node, out: list[Section], context: str | None) -> None:
    own = vocabulary(node.title) if node.heading_text else None
    if not node.is_entry:
        # run-in terms split the glossary itself, not the entries below it (a term's own
        # "Related: ..." line is no term)
        split_entries(node, "faq" in (own, context), own == "term",
                       leads=not {own, context} & {"errata", "list", "faq"})
    if node.heading_text is not None or node.body:
        out.append(_section(node, own, context))
    leaves = [c.kind is None and not c.children for c in node.children]
    glossary = alphabetical([c.title or "" for c, leaf in zip(node.children, leaves) if leaf])
    for child, leaf in zip(node.children, leaves):
        if glossary and leaf and child.number is None:
            child.kind = "term"
        _emit(child, out, own or context)


def _kind(node: Node, own: str | None, context: str | None) -> str:
    if node.kind == "entry":
        if node.since or context == "errata":
            return "errata"
        return "list" if context == "list" else "text"
    if node.kind:
        return node.kind
    if node.heading_text is None:
        return "text"  # front matter before the first heading
    if node.children and not (node.is_rule and not node.named and node.body):
        return "heading"  # a rule with words of its own is a ruling, subrules or not
    if node.number:
        # a numbered name with nothing under it yet ("600. General") is still a heading
        return "ruling" if node.body or (node.is_rule and not node.named) else "heading"
    if own in ("list", "errata"):
        return own
    if context in ("term", "errata", "list"):
        return context
    return "text"


def _section(node: Node, own: str | None, context: str | None) -> Section:
    body = node.body
    if node.question and node.question == node.heading_text:  # the heading asks it
        body = [Block(kind="para", text=node.question, marks=list(node.heading.marks))] + body
    text, marks = _join(body)
    heading = node.heading
    heading_marked = bool(heading and heading.marks and _covers(heading.marks, len(heading.text)))
    return Section(
        title=node.title, kind=_kind(node, own, context), text=text, number=node.number,
        path=node.path, question=node.question, marks=tuple(marks),
        heading_marked=heading_marked, heading=node.heading_text,
        anchor=heading.anchor if heading else None, since=node.since,
    )


def _join(blocks: list[Block]) -> tuple[str, list[tuple[int, int]]]:
    parts, marks, pos = [], [], 0
    for block in blocks:
        if parts:
            pos += 1
        parts.append(block.text)
        marks.extend((a + pos, b + pos) for a, b in block.marks)
        pos += len(block.text)
    text = "\n".join(parts)
    return text, close_gaps(text, marks)


def _covers(marks, length: int) -> bool:
    return sum(b - a for a, b in marks) >= 0.5 * length
