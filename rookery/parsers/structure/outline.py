"""Blocks → Document: the title block, the section tree, and what kind each section is.

Both readers end here, so every structural rule lives here once:

* the first heading is the document's title when it carries a version or date, is
  followed by a version line or a statement of its date, or repeats the page's own
  title; its version line follows; what the title block leaves unknown of the version
  and date is read from the front matter (see meta.read_release);
* a contents list (lines that repeat later headings, with or without dot leaders and
  page numbers) is not content, nor the heading that introduces it;
* headings open sections, nested by level; the path of a section is its open ancestors;
* a paragraph that opens with a section number the document's own numbering backs up
  ("100.1a" under "100.1", "(3.2)" after "(3.1)", "4.2.1" beside "4.2.2") is a section
  too, down to the smallest numbered unit, nested by its number (see numbering.py);
* inside a section, an emphasized question ("...?") starts a FAQ entry in a FAQ context,
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

import re
from dataclasses import dataclass, field

from ...errors import NoSections
from ...model import Document, Section
from .. import meta
from ..blocks import Block, RawDocument, after_lead, is_name
from ..normalize import close_gaps
from ..numbering import Label, extends, follows, read_label
from .account import account
from .contents import TopParts, lift_part_leads, split_contents
from .glossary import alphabetical, order_key, term_openers
from .sequence import (Ahead, Quotations, backed, first_subdivision, goes_back, list_item,
                       next_numbers, printed_numbers, values)
from .soundness import assess

# Heading vocabulary shared by rules documents in English; matched on whole words.
CONTEXT_WORDS = [
    ("faq", re.compile(r"\b(faq|frequently asked questions|questions and answers|q&a)\b", re.I)),
    ("errata", re.compile(r"\b(errata|erratum|corrections)\b", re.I)),
    ("list", re.compile(r"\b(restricted|banned|ban|list)\b", re.I)),
    ("term", re.compile(r"\b(glossary|definitions?|terms|terminology)\b", re.I)),
]
_SINCE = re.compile(r"^\(v(?:ersion)?\s*(\d+(?:\.\d+)*)\)\s*", re.I)


@dataclass
class _Node:
    """A section while the tree is being built."""

    heading: Block | None
    level: int
    path: tuple[str, ...]
    body: list[Block] = field(default_factory=list)
    children: list["_Node"] = field(default_factory=list)
    kind: str | None = None  # decided by its shape (faq / entry) before vocabulary
    title: str | None = None
    number: str | None = None
    question: str | None = None
    since: str | None = None
    heading_text: str | None = None
    is_entry: bool = False  # cut from its parent's body; already split
    label: Label | None = None  # its section number, as read
    is_rule: bool = False  # a numbered paragraph, not a heading
    named: bool = False  # a numbered paragraph that is only a name, like a heading


def build_document(raw: RawDocument, source: str = "") -> Document:
    """Turn a reader's blocks into a Document. When the reader found the title block by
    its typography (PDF), its lines replace the search for it among the blocks."""
    blocks, outermost = split_contents(list(raw.blocks))
    furniture = list(raw.furniture)
    if len(blocks) < len(raw.blocks):
        kept = {id(b) for b in blocks}
        furniture += [("contents", b.text) for b in raw.blocks if id(b) not in kept]
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
        # section, known by its first words, so that a change to one is not to all
        sections = [Section(title=None, kind="text", text=b.text, marks=tuple(b.marks))
                    for b in blocks if b.text]
    doc = Document(sections=sections, title=title or raw.fallback_title, version=version,
                   effective=effective, format=raw.format, source=source)
    words = None
    if raw.source is not None:
        words = account(raw.source, furniture, [t for s in sections for t in _shown(s)],
                        raw.added)
    doc.reading = assess(doc, words)
    return doc


def _shown(s: Section) -> tuple[str, ...]:
    """The texts a section shows: its heading as printed (number and title), its
    question where the heading does not ask it, and its text."""
    heading = s.heading or s.title or ""
    question = s.question if s.question and s.question not in (heading, s.text[:len(s.question)]) \
        else ""
    return heading, question, s.text


# ---------------------------------------------------------------- tree

def _tree(blocks: list[Block], outermost: set[str] = frozenset()) -> _Node:
    root = _Node(heading=None, level=0, path=())
    stack = [root]
    # numbers down a table's column (costs, points) are values, not sections
    cells = values(blocks)
    known, ahead = printed_numbers(blocks, cells), Ahead(blocks)
    # when every heading is set alike, their numbers are all that tells their levels; a
    # document whose type shows levels is taken at its word ("4.2" and "4.2.1" side by side)
    flat = len({b.level for b in blocks if b.kind == "heading"}) <= 1
    quotes = Quotations()
    top_part = TopParts(outermost)
    top_level = min((b.level for b in blocks if b.kind == "heading"), default=1)
    after, dotted = next_numbers(blocks), next_numbers(blocks, 2)
    opened: dict = {}  # the number last opened under each parent number
    for k, block in enumerate(blocks):
        if k in cells or quotes(block):
            stack[-1].body.append(block)  # "10.1 General" again, in an update summary
        elif block.kind == "heading" and top_part(block):
            # the contents list names it among the top-level parts, or it follows one
            # that it names by number ("9." after "8.")
            del stack[1:]
            node = _Node(heading=block, level=min(block.level, top_level), path=())
            _name(node, block.text)
            root.children.append(node)
            stack.append(node)
        elif block.kind == "heading":
            read = read_label(block.text) if flat else None
            place = _by_number(stack, read[0]) if read else None
            if place is not None:  # its number says where it goes, whatever its type
                at, level = place
                del stack[at + 1:]
                level = max(block.level, level)
            else:
                # a heading closes the numbered paragraphs before it
                while len(stack) > 1 and (stack[-1].level >= block.level or stack[-1].is_rule):
                    stack.pop()
                level = block.level
            parent = stack[-1]
            node = _Node(heading=block, level=level, path=_path_below(parent))
            _name(node, block.text)
            parent.children.append(node)
            stack.append(node)
        elif block.kind in ("para", "item") and (rule := _rule(
                stack, block, known, ahead, k, (after[k], dotted[k]), opened)) is not None:
            stack[-1].children.append(rule)
            stack.append(rule)
        else:
            stack[-1].body.append(block)
        opened[stack[-1].label.parent if stack[-1].label else None] = stack[-1].label
    _gather_entries(root)
    return root


def _gather_entries(node: _Node) -> None:
    """A glossary heading with nothing of its own, followed by a run of nearly
    alphabetical entries of its own rank, holds them: a text pasted into a page line by
    line loses the blank lines that set its terms below it ("Glossary", then "Abandon",
    "Ability", ... each a heading over its definition). The run ends where the order
    breaks for good."""
    children, k = node.children, 0
    while k < len(children):
        head = children[k]
        if not (head.body or head.children or head.number or head.is_rule) \
                and head.heading_text and _vocabulary(head.title) == "term":
            run = k + 1
            while run < len(children) and _entry_like(children[run]):
                run += 1
            while run - k - 1 >= 2 and order_key(children[run - 1].title) < \
                    order_key(children[run - 2].title):
                run -= 1  # what follows a glossary ("Credits") is no term of it
            entries = children[k + 1:run]
            if alphabetical([e.title or "" for e in entries]):
                for entry in entries:
                    entry.path = _path_below(head)
                head.children = entries
                del children[k + 1:run]
        _gather_entries(head)
        k += 1


def _entry_like(node: _Node) -> bool:
    return bool(node.heading_text and node.body and not node.children and not node.number
                and not node.is_rule and node.kind is None)


def _by_number(stack: list[_Node], label: Label) -> tuple[int, float] | None:
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


def _path_below(parent: _Node) -> tuple[str, ...]:
    return parent.path + ((parent.heading_text,) if parent.heading_text else ())


def _rule(stack: list[_Node], block: Block, known, ahead: Ahead, k: int,
          nexts=(None, None), opened: dict | None = None) -> _Node | None:
    """The section the numbered paragraph `k` opens, placed in `stack` (the open
    sections), or None when the paragraph is not a numbered section. A numbered list item
    is one only when it names something ("1. Notes and Errata"), not when it says it
    ("2. Draw."), unless it is set apart throughout (bold, as a heading is) and the
    document's next number is its first subdivision ("2." then "2.1": a list's items are
    never divided); nor when its number breaks the sequence of the section it stands in
    ("1. When the team registers" under "3.2": see sequence.list_item). `nexts` holds the
    next number and the next of two parts or more; `opened`, the number last opened under
    each parent."""
    read = read_label(block.text)
    if read is None:
        return None
    label, rest = read
    after, dotted = nexts
    heads = block.emphasized and first_subdivision(label, after)
    if block.kind == "item" and not _title_like(rest) and not heads:
        return None
    numbers = [n.label for n in stack if n.label is not None]
    # (a number alone is no list item: its words were set apart from it, as a section's)
    if rest and list_item(label, numbers, ahead(k, len(label.parts)), stack[-1].body):
        return None
    place = _by_number(stack, label)
    if place is None:
        if not backed(label, known, _title_like(rest) or heads) \
                or goes_back(label, numbers, (opened or {}).get(label.parent), dotted):
            return None
        at = max(k for k, n in enumerate(stack) if not n.is_rule)  # under the heading
        level = stack[at].level + 0.5
    else:
        at, level = place
    del stack[at + 1:]
    parent = stack[at]
    node = _Node(heading=None, level=level, path=_path_below(parent), label=label,
                 number=label.number, is_rule=True)
    if _title_like(rest):
        node.title, node.heading_text, node.named = rest, f"{label.printed} {rest}", True
    else:
        node.title = parent.title  # a rule without a name of its own goes by its parent's
        node.heading_text = label.printed.rstrip(".:")
        if rest:
            node.body.append(Block(kind="para", text=rest, marks=_shift(block.marks,
                                                                       len(block.text) - len(rest))))
    node.heading = Block(kind="heading", text=node.heading_text,
                         marks=[(a, b) for a, b in block.marks if a < len(label.printed)])
    return node


def _shift(marks, cut: int):
    return [(max(a - cut, 0), b - cut) for a, b in marks if b > cut]


def _title_like(text: str) -> bool:
    return is_name(text, 10)


def _name(node: _Node, text: str) -> None:
    node.heading_text = text
    node.title = text
    read = read_label(text)
    if read and read[1]:
        node.label, rest = read
        node.number, node.title = node.label.number, rest.strip()
    if text.rstrip().endswith("?"):  # the heading is the question itself
        node.kind, node.question, node.title = "faq", text, None


def _vocabulary(title: str | None) -> str | None:
    """The kind of content a heading's words announce ("Card Errata" → errata)."""
    for kind, pattern in CONTEXT_WORDS:
        if title and pattern.search(title):
            return kind
    return None


def _split_entries(node: _Node, faq_context: bool, term_context: bool = False,
                   leads: bool = True) -> None:
    """Cut a section's body into its own text plus the entries that follow it."""
    own: list[Block] = []
    entries: list[_Node] = []
    path = node.path + ((node.heading_text,) if node.heading_text else ())
    faq_here = faq_context or sum(b.is_question for b in node.body) >= 2
    terms = term_openers(node.body, term_context, leads)
    for k, block in enumerate(node.body):
        if k in terms:
            entries.append(_term_entry(block, node.level + 1, path))
            continue
        if block.is_question and faq_here and _entry_name(block):
            entries.append(_lead_entry(block, node.level + 1, path, question=True))
        elif block.is_question and faq_here:
            if not own and not entries and node.heading_text and node.question is None \
                    and not _is_container(node):
                node.kind, node.question = "faq", block.text  # the entry this heading names
                own.append(block)
                continue
            entries.append(_Node(heading=None, level=node.level + 1, path=path, kind="faq",
                                 question=block.text, body=[block], is_entry=True))
        elif _entry_name(block):
            entries.append(_lead_entry(block, node.level + 1, path))
        elif entries:
            entries[-1].body.append(block)
        else:
            own.append(block)
    node.body = own
    node.children = entries + node.children


def _entry_name(block: Block) -> str | None:
    """The line that names an entry: a bold first line, or one tagged with the release it
    first appeared in ("(v1.4) Driftwood Cudgel (Flight of Crows, 112)"), with more after."""
    if block.lead:
        # a dateline over a summary's text ("May 20, 2024") names no entry
        return None if meta.is_version_line(block.lead) else block.lead
    first, newline, rest = block.text.partition("\n")
    since = _SINCE.match(first)
    if not since:
        return None
    if newline and rest.strip():
        return first
    # no line break after the name: it ends with its "(Set, number)" reference, if any
    closing = re.match(r"[^()]{1,80}\([^()]{1,80}\)", first[since.end():])
    if closing and first[since.end() + closing.end():].strip():
        return first[:since.end() + closing.end()]
    return None


def _lead_entry(block: Block, level: int, path: tuple[str, ...],
                question: bool = False) -> _Node:
    """An entry named by the first line of its paragraph; with `question`, a FAQ entry
    whose name is set over its question (a heading kept close to it)."""
    lead = _entry_name(block) or ""
    entry = _Node(heading=None, level=level, path=path, kind="entry", heading_text=lead,
                  is_entry=True)
    name = lead
    since = _SINCE.match(name)
    if since:
        entry.since, name = since.group(1), name[since.end():]
    entry.title = name.rstrip(":").strip() or lead
    rest = after_lead(block, lead)
    if rest.text:
        entry.body.append(rest)  # else its text is in the blocks after it (a list)
    if question and rest.text:
        entry.kind, entry.question = "faq", rest.text
    lead_marks = [(a, min(b, len(lead))) for a, b in block.marks if a < len(lead)]
    entry.heading = Block(kind="heading", text=lead, marks=lead_marks)
    return entry


def _term_entry(block: Block, level: int, path: tuple[str, ...]) -> _Node:
    """A glossary entry: the term is its title, what follows it (run-in, or in the
    paragraphs after it) its text."""
    name = block.run_in or block.lead or block.text
    rest = block.text[len(name):]
    cut = len(name) + len(rest) - len(rest.lstrip(" :.\u2014-\n"))
    title = name.rstrip(" :.-").strip() or name
    entry = _Node(heading=Block(kind="heading", text=title,
                                marks=[(a, min(b, len(title))) for a, b in block.marks
                                       if a < len(title)]),
                  level=level, path=path, heading_text=title, title=title, is_entry=True)
    if block.text[cut:]:
        entry.body.append(Block(kind="para", text=block.text[cut:],
                                marks=_shift(block.marks, cut)))
    return entry


def _is_container(node: _Node) -> bool:
    """A heading that names a whole FAQ section rather than one entry."""
    return node.title is not None and CONTEXT_WORDS[0][1].search(node.title) is not None


# ---------------------------------------------------------------- sections

def _emit(node: _Node, out: list[Section], context: str | None) -> None:
    own = _vocabulary(node.title) if node.heading_text else None
    if not node.is_entry:
        # run-in terms split the glossary itself, not the entries below it (a term's own
        # "Related: ..." line is no term)
        _split_entries(node, "faq" in (own, context), own == "term",
                       leads=not {own, context} & {"errata", "list", "faq"})
    if node.heading_text is not None or node.body:
        out.append(_section(node, own, context))
    leaves = [c.kind is None and not c.children for c in node.children]
    glossary = alphabetical([c.title or "" for c, leaf in zip(node.children, leaves) if leaf])
    for child, leaf in zip(node.children, leaves):
        if glossary and leaf and child.number is None:
            child.kind = "term"
        _emit(child, out, own or context)


def _kind(node: _Node, own: str | None, context: str | None) -> str:
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


def _section(node: _Node, own: str | None, context: str | None) -> Section:
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
