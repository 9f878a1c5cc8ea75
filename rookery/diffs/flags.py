"""Ruling alerts: answers that flip, and entries that contradict one another.

A FAQ entry's verdict is its answer's leading "Yes" or "No"; failing that, the polarity
of the question's own auxiliary in the answer ("Can I ...?" - "you can" / "you cannot"),
but only when the answer never uses the other polarity (an answer that says both is
nuanced, not a verdict). Two entries ask the same question when their questions match
nearly word for word. Then:

* reversal: one entry's verdict flips between two versions of it;
* contradiction: two live entries ask the same question and disagree; raised when it
  starts (an entry added or changed), for one document or against another watched one;
* resolved: a contradiction of the older document that the newer one no longer has.
"""
from __future__ import annotations

import re

from rapidfuzz import fuzz

from ..model import Change, Document, DocumentDiff, Flag, Section, text_key

SAME_QUESTION = 90  # Indel similarity (0-100) of two normalized questions
_LEADING = re.compile(r"^\W*(yes|no)\b", re.I)
_AUX = ("can", "could", "does", "do", "did", "is", "are", "was", "were", "will", "would",
        "may", "must", "should", "has", "have")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def answer(s: Section) -> str:
    return s.text[len(s.question):].strip() if s.question and s.text.startswith(s.question) \
        else s.text


def verdict(s: Section) -> str | None:
    """"yes", "no", or None when the answer does not give one."""
    if s.kind != "faq" or not s.question:
        return None
    text = answer(s)
    m = _LEADING.match(text)
    if m:
        return m.group(1).lower()
    first_word = (re.findall(r"[a-z']+", s.question.lower()) or [""])[0]
    if first_word not in _AUX:
        return None
    aux = first_word
    negatives = [rf"{aux}\s+not", rf"{aux}n't"] + (["cannot", "can't"] if aux == "can" else [])
    negative = re.compile(r"\b(" + "|".join(negatives) + r")\b")
    positive = re.compile(rf"\b{aux}\b(?!\s+not)(?!n't)")
    lowered = text.lower()
    first = _SENTENCE.split(lowered, maxsplit=1)[0]
    says_no, says_yes = bool(negative.search(lowered)), bool(positive.search(lowered))
    if says_no and not says_yes and negative.search(first):
        return "no"
    if says_yes and not says_no and positive.search(first):
        return "yes"
    return None


def question_key(s: Section) -> str:
    return text_key(s.question).lower() if s.question else ""


def same_question(a: Section, b: Section) -> bool:
    ka, kb = question_key(a), question_key(b)
    return bool(ka and kb) and (ka == kb or fuzz.ratio(ka, kb) >= SAME_QUESTION)


def contradictions(doc: Document) -> set[tuple[int, int]]:
    """Index pairs (i < j) of live entries that ask the same question and disagree."""
    entries = [(k, s, verdict(s)) for k, s in enumerate(doc.sections) if s.kind == "faq"]
    entries = [(k, s, v) for k, s, v in entries if v]
    found = set()
    for n, (i, a, va) in enumerate(entries):
        for j, b, vb in entries[n + 1:]:
            if va != vb and same_question(a, b):
                found.add((i, j))
    return found


def flags_for(diff: DocumentDiff | None, new: Document | None = None,
              others: list[Document] = ()) -> list[Flag]:
    """The alerts a new document raises: against the old one (`diff`, or None for a first
    record of `new`) and against the latest documents of other watched sources."""
    new = diff.new if diff else new
    flags: list[Flag] = []
    if diff is not None:
        flags += _reversals(diff.changes)
    old_pairs = contradictions(diff.old) if diff else set()
    to_new = dict(diff.pairs) if diff else {}
    carried = {tuple(sorted((to_new[i], to_new[j]))) for i, j in old_pairs
               if i in to_new and j in to_new}
    current = contradictions(new)
    for i, j in sorted(current - carried):
        flags.append(_contradiction(new.sections[i], new.sections[j]))
    for i, j in sorted(old_pairs):
        if tuple(sorted((to_new.get(i, -1), to_new.get(j, -2)))) not in current:
            flags.append(_resolved(diff, i, j))
    flags += _across(diff, new, others)
    return flags


def _reversals(changes: list[Change]) -> list[Flag]:
    out = []
    for c in changes:
        if c.type == "modified" and c.text_changed and c.new.kind == "faq":
            before, after = verdict(c.old), verdict(c.new)
            if before and after and before != after:
                out.append(Flag("reversal", (c.new,),
                                f"{c.new.label}: the answer changed from "
                                f"{before.capitalize()} to {after.capitalize()}"))
    return out


OPEN, CLOSE = "\u201c", "\u201d"


def _pair(a: Section, b: Section) -> str:
    """How to name two entries: by title when both have one, else as "two entries"."""
    if a.title and b.title and a.title != b.title:
        return f"{OPEN}{a.title}{CLOSE} and {OPEN}{b.title}{CLOSE}"
    return "two entries"


def _contradiction(a: Section, b: Section, other: str | None = None) -> Flag:
    names = _pair(a, b)
    where = f" (the second is in {other})" if other else ""
    return Flag("contradiction", (a, b),
                f"{names[:1].upper()}{names[1:]} answer the same question "
                f"{verdict(a).capitalize()} and {verdict(b).capitalize()}{where}: "
                f"{OPEN}{a.question}{CLOSE}", other_source=other)


def _resolved(diff: DocumentDiff, i: int, j: int) -> Flag:
    a, b = diff.old.sections[i], diff.old.sections[j]
    to_new = dict(diff.pairs)
    how = []
    for k, s in ((i, a), (j, b)):
        name = f"{OPEN}{s.title}{CLOSE}" if s.title else "one of them"
        if k not in to_new:
            how.append(f"{name} was removed")
        elif verdict(diff.new.sections[to_new[k]]) != verdict(s):
            how.append(f"{name} now answers "
                       f"{(verdict(diff.new.sections[to_new[k]]) or 'without a verdict')}")
    if not how:
        how.append("they no longer ask the same question")
    return Flag("resolved", (a, b),
                f"The contradiction between {_pair(a, b)} answering {OPEN}{a.question}{CLOSE} "
                f"is resolved: " + "; ".join(how))


def _across(diff: DocumentDiff | None, new: Document, others: list[Document]) -> list[Flag]:
    """New or changed entries against the rulings of other documents that this document
    does not give itself (those are judged within it)."""
    if diff is None:
        fresh = [s for s in new.sections if s.kind == "faq"]
    else:
        fresh = [c.new for c in diff.changes
                 if c.type != "removed" and c.new.kind == "faq" and (c.type == "added" or c.text_changed)]
    fresh = [s for s in fresh if verdict(s)]
    if not fresh:
        return []
    ours = [(s, verdict(s)) for s in new.sections if s.kind == "faq"]
    out = []
    for other in others:
        for b in other.sections:
            vb = verdict(b)
            # a ruling this document also gives is judged within it, not twice
            if not vb or any(v == vb and same_question(s, b) for s, v in ours):
                continue
            for a in fresh:
                if verdict(a) != vb and same_question(a, b):
                    out.append(_contradiction(a, b, other.source))
    return out
