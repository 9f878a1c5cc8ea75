"""The common currency of the format readers.

Each reader (HTML, PDF, Word, text) turns its bytes into a flat sequence of `Block`s in reading order;
`parsers.structure` turns that sequence into sections. Putting every structural decision
after this point is what makes both formats of one release yield the same sections.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .normalize import Span, normalize_many


# characters that only mark a list item, in any font or encoding (the HTML of the same
# list has none): round, square, diamond and arrow bullets, and the private-use code
# points symbol fonts print them from
BULLETS = ("\u2022\u25e6\u25aa\u25ab\u25a0\u25a1\u25cf\u25cb\u25c6\u25c7\u25ca\u25ba\u25b6"
           "\u2726\u2727\u2756\u27a2\u2192\u2794\u279c\u00b7\u2023\u2043\u2219\u25b8\u25b9"
           "\u27a4\uf0b7\uf0a7")
# a bullet that opens a line of text, or the ASCII one plain text uses ("- ", "* ", "+ ")
LINE_BULLET = re.compile(rf"^\s*(?:[{BULLETS}]+|[-*+])\s+")


@dataclass
class Block:
    """A heading, paragraph or list item, with its text already normalized."""

    kind: str  # "heading" | "para" | "item"
    text: str
    level: int = 0  # heading level, 1 = outermost as printed
    marks: list[Span] = field(default_factory=list)
    emphasized: bool = False  # every letter italic or bold: how a FAQ question is set
    lead: str | None = None  # a bold first line followed by more lines: an entry's name
    # a name that opens the paragraph with more text after it on the same line (bold
    # words, or a two-column table row's first cell): a glossary's term, set run-in
    run_in: str | None = None
    anchor: str | None = None

    @property
    def is_question(self) -> bool:
        return (self.emphasized or self.kind == "heading") and self.text.rstrip().endswith("?")


def after_lead(block: Block, lead: str) -> Block:
    """The block without the name that opens it (and the break after the name)."""
    cut = len(lead) + (1 if block.text[len(lead):len(lead) + 1] in ("\n", " ") else 0)
    return Block(kind=block.kind, text=block.text[cut:],
                 marks=[(max(a - cut, 0), b - cut) for a, b in block.marks if b > cut])


def piece(block: Block, start: int, end: int, kind: str | None = None,
          emphasized: bool | None = None) -> Block:
    """Part of a block's text, trailing space off and its marks moved with it, as a block
    of its own (of `kind`, the block's own unless given)."""
    end = start + len(block.text[start:end].rstrip())
    marks = [(max(a, start) - start, min(b, end) - start) for a, b in block.marks
             if b > start and a < end]
    kind = kind or block.kind
    return Block(kind=kind, text=block.text[start:end], level=block.level, marks=marks,
                 emphasized=block.emphasized and kind == block.kind if emphasized is None
                 else emphasized,
                 anchor=block.anchor if start == 0 else None)


@dataclass
class RawDocument:
    """What a reader found: blocks, plus hints for the title block it could read off."""

    blocks: list[Block]
    fallback_title: str | None = None
    format: str = "html"
    title_lines: list[str] | None = None  # the title block, when typography showed it
    # what the reader was given, as (where, text) pieces in reading order ("page 3",
    # "line 120"), and what it left out on purpose, as (reason, text): the text the
    # word account (structure/account.py) holds the blocks to; None when not kept
    source: list[tuple[str, str]] | None = None
    furniture: list[tuple[str, str]] = field(default_factory=list)
    added: list[str] = field(default_factory=list)  # text it wrote itself (list numbers)
    # the headings the file names itself (a PDF's bookmarks), (depth, title) in order:
    # evidence of its headings, and what the check holds the reading to
    outline: list[tuple[int, str]] = field(default_factory=list)
    # short lines set in the larger type of the document's headings that the reader kept
    # as text (a PDF's): what the check asks of the reading (headings left in the text)
    styled: list[str] = field(default_factory=list)


_CLOSERS = r"[\"'\u201d\u2019)\]]*$"  # quotes and brackets a line may end with after it
# a name or heading does not end like this (a comma or a colon too: it runs on)
ENDS_LIKE_A_SENTENCE = re.compile(r"[.,;:!]" + _CLOSERS)
ENDS_SENTENCE = re.compile(r"[.!?:]" + _CLOSERS)  # a finished sentence (or its lead-in)
ENDS_CLAUSE = re.compile(r"[.;!?:]" + _CLOSERS)  # a line that may end a paragraph
# a full stop after a word (not an abbreviation like "vs."), then another sentence
SENTENCE_INSIDE = re.compile(r"(?:[a-z]{4}|\))[.!?]\s+[A-Z(\"]")
# a relation between two terms ("Bonus = (900 - time) x 0.03", "a < b < c", "x \u2264 y"):
# a formula, an order of ranks or a line of code, which names nothing ("->" is an arrow)
RELATION = re.compile("[^\\s<>=-]\\s*(?:=|\u2264|\u2265|\\s<\\s|\\s>\\s)\\s*[^\\s<>=]")


def is_name(text: str, words: int = 12) -> bool:
    """A name rather than a sentence: a short line, not in lower case, that does not end
    like a sentence nor hold one ("Deathtouch", "1. Game Concepts"; not "There is no
    maximum deck size." nor "Abilities function everywhere. (See rule 604.3.)")."""
    text = text.strip()
    return 0 < len(text.split()) <= words and "\n" not in text \
        and not ENDS_LIKE_A_SENTENCE.search(text) and not SENTENCE_INSIDE.search(text) \
        and not text[:1].islower()


def runs(items: list, same) -> list[list]:
    """`items` cut into runs of neighbours that `same(a, b)` says belong together."""
    out: list[list] = []
    for item in items:
        if out and same(out[-1][-1], item):
            out[-1].append(item)
        else:
            out.append([item])
    return out


def to_blocks(pending: list[tuple]) -> list[Block]:
    """Blocks from (kind, level, anchor, segments[, row name]) with segments (text, bold,
    italic, marked), their texts normalized all at once. A paragraph's name (its bold
    first line, or the bold words that open it, or a two-column row's first cell) is
    normalized beside it."""
    items, names = [], []
    for kind, _level, _anchor, segments, *row in pending:
        raw, spans, pos = [], [], 0
        for text, _b, _i, mark in segments:
            raw.append(text)
            if mark and text.strip():
                spans.append((pos, pos + len(text)))
            pos += len(text)
        items.append(("".join(raw), spans))
        lead = _lead_segments(segments)
        run_in = (row[0] if row and row[0] else _run_in_segments(segments)) \
            if lead is None and kind != "heading" else None
        names.append((lead, run_in))
        items += [(name, []) for name in (lead, run_in) if name is not None]
    normalized = normalize_many(items)
    blocks, k = [], 0
    for (kind, level, anchor, segments, *_row), (lead, run_in) in zip(pending, names):
        text, marks = normalized[k]
        k += 1
        if lead is not None:
            lead, k = normalized[k][0] or None, k + 1
        if run_in is not None:
            run_in, k = normalized[k][0] or None, k + 1
        if not text:
            continue
        emphasized = all(b or i for t, b, i, _m in segments if has_word(t))
        if run_in and not (text.startswith(run_in) and len(text) > len(run_in)):
            run_in = None
        blocks.append(Block(kind=kind, text=text, level=level, marks=marks,
                            emphasized=emphasized, anchor=anchor, lead=lead, run_in=run_in))
    return blocks


def has_word(text: str) -> bool:
    return any(c.isalnum() for c in text)


def _lead_segments(segments) -> str | None:
    """The raw first line, when it is all bold and more text follows on later lines."""
    for n, (text, *_rest) in enumerate(segments):
        if text == "\n":
            first, rest = segments[:n], segments[n + 1:]
            break
    else:
        return None
    words = [s for s in first if has_word(s[0])]
    if words and all(s[1] for s in words) and any(has_word(s[0]) for s in rest):
        return "".join(s[0] for s in first)
    return None


def _run_in_segments(segments) -> str | None:
    """The raw bold words that open a paragraph when more text follows them on the same
    line ("Abandon To turn a face-up scheme..."), as a glossary sets its terms."""
    for n, (text, bold, *_rest) in enumerate(segments):
        if not has_word(text):
            if "\n" in text:
                return None
            continue
        if bold:
            continue
        first = segments[:n]
        if any(has_word(s[0]) for s in first) and "\n" not in "".join(s[0] for s in first):
            return "".join(s[0] for s in first)
        return None
    return None
