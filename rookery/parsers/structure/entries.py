"""Entries inside a section: FAQ entries, entries named by a bold first line (card
errata, restricted-list groups) and glossary terms, cut from the section's body; and the
kind of content a heading's words announce."""
from __future__ import annotations

import re

from .. import meta
from ..blocks import Block, after_lead
from .glossary import alphabetical, order_key, term_openers
from .node import Node, path_below, shift

# Heading vocabulary shared by rules documents in English; matched on whole words.
CONTEXT_WORDS = [
    ("faq", re.compile(r"\b(faq|frequently asked questions|questions and answers|q&a)\b", re.I)),
    ("errata", re.compile(r"\b(errata|erratum|corrections)\b", re.I)),
    ("list", re.compile(r"\b(restricted|banned|ban|list)\b", re.I)),
    ("term", re.compile(r"\b(glossary|definitions?|terms|terminology)\b", re.I)),
]
_SINCE = re.compile(r"^\(v(?:ersion)?\s*(\d+(?:\.\d+)*)\)\s*", re.I)


def vocabulary(title: str | None) -> str | None:
    """The kind of content a heading's words announce ("Card Errata" → errata)."""
    for kind, pattern in CONTEXT_WORDS:
        if title and pattern.search(title):
            return kind
    return None


def gather_entries(node: Node) -> None:
    """A glossary heading with nothing of its own, followed by a run of nearly
    alphabetical entries of its own rank, holds them: a text pasted into a page line by
    line loses the blank lines that set its terms below it ("Glossary", then "Abandon",
    "Ability", ... each a heading over its definition). The run ends where the order
    breaks for good."""
    children, k = node.children, 0
    while k < len(children):
        head = children[k]
        if not (head.body or head.children or head.number or head.is_rule) \
                and head.heading_text and vocabulary(head.title) == "term":
            run = k + 1
            while run < len(children) and _entry_like(children[run]):
                run += 1
            while run - k - 1 >= 2 and order_key(children[run - 1].title) < \
                    order_key(children[run - 2].title):
                run -= 1  # what follows a glossary ("Credits") is no term of it
            entries = children[k + 1:run]
            if alphabetical([e.title or "" for e in entries]):
                for entry in entries:
                    entry.path = path_below(head)
                head.children = entries
                del children[k + 1:run]
        gather_entries(head)
        k += 1


def _entry_like(node: Node) -> bool:
    return bool(node.heading_text and node.body and not node.children and not node.number
                and not node.is_rule and node.kind is None)


def split_entries(node: Node, faq_context: bool, term_context: bool = False,
                   leads: bool = True) -> None:
    """Cut a section's body into its own text plus the entries that follow it."""
    own: list[Block] = []
    entries: list[Node] = []
    path = node.path + ((node.heading_text,) if node.heading_text else ())
    questions = sum(b.is_question for b in node.body)
    faq_here = faq_context or questions >= 2
    terms = term_openers(node.body, term_context, leads)
    for k, block in enumerate(node.body):
        if k in terms:
            entries.append(_term_entry(block, node.level + 1, path))
            continue
        if block.is_question and faq_here and _entry_name(block):
            entries.append(_lead_entry(block, node.level + 1, path, question=True))
        elif block.is_question and faq_here:
            # a heading over one question names its entry; over several, it is their
            # group's ("Rules Questions")
            if not own and not entries and node.heading_text and node.question is None \
                    and questions == 1 and not _is_container(node):
                node.kind, node.question = "faq", block.text  # the entry this heading names
                own.append(block)
                continue
            entries.append(Node(heading=None, level=node.level + 1, path=path, kind="faq",
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
                question: bool = False) -> Node:
    """An entry named by the first line of its paragraph; with `question`, a FAQ entry
    whose name is set over its question (a heading kept close to it)."""
    lead = _entry_name(block) or ""
    entry = Node(heading=None, level=level, path=path, kind="entry", heading_text=lead,
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


def _term_entry(block: Block, level: int, path: tuple[str, ...]) -> Node:
    """A glossary entry: the term is its title, what follows it (run-in, or in the
    paragraphs after it) its text."""
    name = block.run_in or block.lead or block.text
    rest = block.text[len(name):]
    cut = len(name) + len(rest) - len(rest.lstrip(" :.\u2014-\n"))
    title = name.rstrip(" :.-").strip() or name
    entry = Node(heading=Block(kind="heading", text=title,
                                marks=[(a, min(b, len(title))) for a, b in block.marks
                                       if a < len(title)]),
                  level=level, path=path, heading_text=title, title=title, is_entry=True)
    if block.text[cut:]:
        entry.body.append(Block(kind="para", text=block.text[cut:],
                                marks=shift(block.marks, cut)))
    return entry


def _is_container(node: Node) -> bool:
    """A heading that names a whole FAQ section rather than one entry."""
    return node.title is not None and CONTEXT_WORDS[0][1].search(node.title) is not None
