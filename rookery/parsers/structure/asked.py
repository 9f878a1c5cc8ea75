"""Questions and answers told by labels ("Q:" and "A:", "Question 3:" and "Answer:",
"F:" and "A:", "Q." and "R."): the labelled question becomes a question as a bold one
is, its answer the paragraph after it, and the labels are furniture.

A pair of labels is the document's own evidence, never a word list: one label opens two
or more turns that are nearly all questions (they end "?"), and another label, whose
turns are seldom questions, opens the turn after it at least twice. A label that opens
no questions (a dialogue's speakers, "Note:") is left as it is.
"""
from __future__ import annotations

import re
from collections import Counter

from ..blocks import Block, piece

# a short word, maybe numbered, then a colon or a full stop: "Q:", "Q12.", "Answer:"
_LABEL = re.compile(r"(?P<word>[^\W\d_]{1,10})\s?(?P<n>\d{1,4})?\s?[:.\uff1a]\s+(?=\S)")
_ASKED = ("?", "\uff1f")
_BREAK = re.compile(r"\n|[?\uff1f] ")
QUESTION_SHARE = 2 / 3  # of a label's turns that must be questions for it to ask them
LEAST_TURNS = 2  # questions, and answers after them, for a pair of labels to count


def ask_by_label(blocks: list[Block]) -> tuple[list[Block], list[str]]:
    """The blocks with each labelled question and answer a block of its own, without its
    label (a question emphasized, as a bold question is), and the labels taken off."""
    turns = _turns(blocks)
    pair = _pair(turns)
    if pair is None:
        return blocks, []
    asks, answers = pair
    starts: dict[int, list[tuple[int, str, str]]] = {}  # block -> (offset, key, label)
    for k, offset, key, label, _text in turns:
        if key in (asks, answers):
            starts.setdefault(k, []).append((offset, key, label))
    out: list[Block] = []
    taken: list[str] = []
    for k, block in enumerate(blocks):
        if k not in starts:
            out.append(block)
            continue
        cuts = starts[k]
        if cuts[0][0] > 0:
            out.append(piece(block, 0, cuts[0][0]))
        for n, (offset, key, label) in enumerate(cuts):
            end = cuts[n + 1][0] if n + 1 < len(cuts) else len(block.text)
            taken.append(label.strip())
            out.append(piece(block, offset + len(label), end, "para",
                             emphasized=key == asks and _is_question(
                                 block.text[offset + len(label):end])
                             or block.emphasized and block.kind == "para"))
    return out, taken


def _turns(blocks: list[Block]) -> list[tuple[int, int, str, str, str]]:
    """Every label that opens a line, or follows a question on its line ("...turn? A:
    Yes"): (block, offset of the label, its word folded, the label as printed, the
    turn's text up to the next label)."""
    found = []
    for k, block in enumerate(blocks):
        if block.kind not in ("heading", "para", "item"):
            continue
        text = block.text
        labels = [(start, m) for start in _starts(text)
                  if (m := _LABEL.match(text, start)) is not None]
        for n, (start, m) in enumerate(labels):
            end = labels[n + 1][0] if n + 1 < len(labels) else len(text)
            found.append((k, start, m.group("word").casefold(), m.group(0),
                          text[m.end():end].rstrip()))
    return found


def _starts(text: str):
    """Where a label may stand: at a line's start, or after a question's mark and a space."""
    yield 0
    for m in _BREAK.finditer(text):
        yield m.end()


def _pair(turns) -> tuple[str, str] | None:
    """The labels that ask and answer, or None when no label asks questions."""
    by_key: dict[str, list[int]] = {}
    for n, (_k, _o, key, _label, _text) in enumerate(turns):
        by_key.setdefault(key, []).append(n)
    for key, places in sorted(by_key.items(), key=lambda kv: -len(kv[1])):
        asked = sum(_is_question(turns[n][4]) for n in places)
        if len(places) < LEAST_TURNS or asked < LEAST_TURNS \
                or asked < QUESTION_SHARE * len(places):
            continue
        after = Counter(turns[n + 1][2] for n in places if n + 1 < len(turns))
        after.pop(key, None)
        if after:
            answer, count = after.most_common(1)[0]
            answered = by_key[answer]
            # answers that ask as often are more turns of one kind ("Yes." "No." over
            # answers each followed by the next question on its line)
            if count >= LEAST_TURNS and sum(_is_question(turns[n][4]) for n in answered) \
                    < (1 - QUESTION_SHARE) * len(answered):
                return key, answer
    return None


def _is_question(text: str) -> bool:
    return text.rstrip().endswith(_ASKED)
