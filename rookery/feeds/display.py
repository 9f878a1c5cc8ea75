"""How a change's words are laid out on a page: the changed words with a few unchanged
words either side, and every longer run of unchanged text folded away (as code review
tools fold unchanged lines), so a long section that lost one sentence reads in a glance.
A long run of inserted or deleted words, and a new section's long text, show their first
words and fold the rest, so that a phone's screen holds more than one change.

The pieces are plain text; the templates escape them (a document's words never become
markup).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..diffs.words import as_shown
from ..model import Change

CONTEXT = 8  # unchanged words kept beside a change, on each side
FOLDED = 20  # a run of unchanged words is folded only when this many or more would hide
LONG = CONTEXT * 2 + FOLDED  # words of removed text shown at once; longer ones fold
RUN = 24  # words of an inserted or deleted run, or of a new section's text, shown at once
OPENING = 16  # of a longer one: the words shown before the rest is folded
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Piece:
    # "same", "del", "ins", "gap" (a space between two changes), "fold" (unchanged words
    # folded), "fold-del" or "fold-ins" (the rest of a long deleted or inserted run)
    kind: str
    text: str
    words: int = 0  # of a fold: how many words it hides


def pieces(ops: list[tuple[int, str]]) -> list[Piece]:
    """The ops as the page shows them: unchanged runs folded where long, and a space
    between a deletion and an insertion that meet inside a word gap ("round" struck
    through, then "Marshaling": not "roundMarshaling")."""
    out: list[Piece] = []
    ops = as_shown(ops)
    last = len(ops) - 1
    for i, (op, text) in enumerate(ops):
        if op == 0:
            out += _unchanged(text, before=i > 0, after=i < last)
            continue
        if out and out[-1].kind.endswith(("del", "ins")) \
                and not out[-1].kind.endswith(_KINDS[op]) \
                and not out[-1].text[-1:].isspace() and not text[:1].isspace():
            out.append(Piece("gap", " "))
        out += _changed(_KINDS[op], text)
    return out


def _changed(kind: str, text: str) -> list[Piece]:
    """An inserted or deleted run: whole when short, else its OPENING words and the
    rest folded (a rewritten paragraph need not fill a phone's screen)."""
    cut = opening(text, RUN)
    if cut is None:
        return [Piece(kind, text)]
    rest = text[cut:]
    return [Piece(kind, text[:cut]), Piece(f"fold-{kind}", rest, word_count(rest))]


def opening(text: str, most: int = RUN) -> int | None:
    """Where a text of more than `most` words is cut to show its OPENING words first
    (None: short enough to show whole). The cut falls before a word, so the rest
    starts with the space or break that parted them."""
    words = list(_WORD.finditer(text))
    if len(words) <= most:
        return None
    return words[OPENING - 1].end()


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
