"""The common currency of the format readers.

Each reader (HTML, PDF) turns its bytes into a flat sequence of `Block`s in reading order;
`parsers.outline` turns that sequence into sections. Putting every structural decision
after this point is what makes both formats of one release yield the same sections.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .normalize import Span


@dataclass
class Block:
    """A heading, paragraph or list item, with its text already normalized."""

    kind: str  # "heading" | "para" | "item"
    text: str
    level: int = 0  # heading level, 1 = outermost as printed
    marks: list[Span] = field(default_factory=list)
    emphasized: bool = False  # every letter italic or bold: how a FAQ question is set
    lead: str | None = None  # a bold first line followed by more lines: an entry's name
    anchor: str | None = None

    @property
    def is_question(self) -> bool:
        return (self.emphasized or self.kind == "heading") and self.text.rstrip().endswith("?")


@dataclass
class RawDocument:
    """What a reader found: blocks, plus hints for the title block it could read off."""

    blocks: list[Block]
    fallback_title: str | None = None
    format: str = "html"
    title_lines: list[str] | None = None  # the title block, when typography showed it
