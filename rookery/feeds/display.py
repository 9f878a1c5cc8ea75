"""How a change's words are laid out on a page: the changed words with a few unchanged
words either side, and every longer run of unchanged text folded away (as code review
tools fold unchanged lines), so a long section that lost one sentence reads in a glance.

The pieces are plain text; the templates escape them (a document's words never become
markup).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Change

CONTEXT = 8  # unchanged words kept beside a change, on each side
FOLDED = 20  # a run of unchanged words is folded only when this many or more would hide
LONG = CONTEXT * 2 + FOLDED  # words of removed text shown at once; longer ones fold
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Piece:
    kind: str  # "same", "del", "ins", "gap" (a space between two changes), or "fold"
    text: str
    words: int = 0  # of a fold: how many words it hides


def pieces(ops: list[tuple[int, str]]) -> list[Piece]:
    """The ops as the page shows them: unchanged runs folded where long, and a space
    between a deletion and an insertion that meet inside a word gap ("round" struck
    through, then "Marshaling": not "roundMarshaling")."""
    out: list[Piece] = []
    last = len(ops) - 1
    for i, (op, text) in enumerate(ops):
        if op == 0:
            out += _unchanged(text, before=i > 0, after=i < last)
            continue
        if out and out[-1].kind in ("del", "ins") and out[-1].kind != _KINDS[op] \
                and not out[-1].text[-1:].isspace() and not text[:1].isspace():
            out.append(Piece("gap", " "))
        out.append(Piece(_KINDS[op], text))
    return out


_KINDS = {-1: "del", 1: "ins"}


def _unchanged(text: str, before: bool, after: bool) -> list[Piece]:
    """An unchanged run: CONTEXT words kept next to the change before it and the one
    after it, the words between them folded when there are FOLDED or more."""
    words = [m.span() for m in _WORD.finditer(text)]
    head = CONTEXT if before else 0
    tail = CONTEXT if after else 0
    hidden = len(words) - head - tail
    if hidden < FOLDED:
        return [Piece("same", text)]
    cut_at = words[head - 1][1] if head else 0
    resume = words[len(words) - tail][0] if tail else len(text)
    out = [Piece("same", text[:cut_at])] if cut_at else []
    out.append(Piece("fold", text[cut_at:resume].strip(), hidden))
    if resume < len(text):
        out.append(Piece("same", text[resume:]))
    return out


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def is_long(text: str) -> bool:
    """Is a removed section's text long enough to fold behind its count of words?"""
    return word_count(text) > LONG


def publisher_marks(change: Change) -> list[str]:
    """The words the publisher marked new in the new version that the page does not
    show already: not a mark on inserted words (the diff shows them new, and the mark
    says no more), and not a mark the old version carried too (a standing mark, such as
    a legend that says what colour new text has)."""
    new, old = change.new, change.old
    if new is None or not new.marks:
        return []
    standing = {_key(t) for t in old.marked_text} if old is not None else set()
    inserted = _inserted_spans(change.ops)
    out = []
    for a, b in new.marks:
        words = new.text[a:b]
        if _key(words) in standing or any(s < b and a < e for s, e in inserted):
            continue
        out.append(words)
    return out


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _inserted_spans(ops: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """Where the inserted words stand in the new text."""
    spans, at = [], 0
    for op, text in ops:
        if op > 0:
            spans.append((at, at + len(text)))
        if op >= 0:
            at += len(text)
    return spans
