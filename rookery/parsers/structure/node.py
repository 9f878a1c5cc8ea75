"""The section tree while it is being built: a node per heading, numbered paragraph or
entry, before each becomes a Section."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..blocks import Block
from ..numbering import Label


@dataclass
class Node:
    """A section while the tree is being built."""

    heading: Block | None
    level: int
    path: tuple[str, ...]
    body: list[Block] = field(default_factory=list)
    children: list["Node"] = field(default_factory=list)
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


def path_below(parent: Node) -> tuple[str, ...]:
    """The path of a section opened under `parent`: its path and its heading."""
    return parent.path + ((parent.heading_text,) if parent.heading_text else ())


def shift(marks, cut: int):
    """Mark spans moved to text that starts `cut` characters later."""
    return [(max(a - cut, 0), b - cut) for a, b in marks if b > cut]


def has_children(sections: list, k: int) -> bool:
    """Does the section after `k` sit under it? (Sections come in reading order, a
    section's own sections right after it.)"""
    if k + 1 >= len(sections):
        return False
    s, nxt = sections[k], sections[k + 1]
    depth = len(s.path)
    return len(nxt.path) > depth and nxt.path[:depth] == s.path and nxt.path[depth] == s.heading
