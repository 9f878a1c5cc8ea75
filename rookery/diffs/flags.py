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


# contractions spelled out once, so that one pattern per auxiliary sees every negation
_CONTRACTIONS = [(re.compile(p), r) for p, r in [
    (r"\bcan(?:no|')t\b", "can not"), (r"\bwon't\b", "will not"),
    (r"\bshan't\b", "shall not"), (r"n't\b", " not")]]


def answer(s: Section) -> str:
    """The entry's text after its question (all of it when the question is not there)."""
    at = s.text.find(s.question) if s.question else -1
    return s.text[at + len(s.question):].strip() if at >= 0 else s.text


def _auxiliary(question: str) -> str | None:
    """The verb the question is asked with: its first word ("Can I…?"), or the first word
    of a later clause ("If I pass, can I…?")."""
    clauses = re.split(r"[,;:]", question.lower())
    for clause in clauses:
        words = re.findall(r"[a-z']+", clause)
        if words and words[0] in _AUX:
            return words[0]
    return None


def verdict(s: Section) -> str | None:
    """"yes", "no", or None when the answer does not give one."""
    if s.kind != "faq" or not s.question:
        return None
    text = answer(s)
    m = _LEADING.match(text)
    if m:
        return m.group(1).lower()
    aux = _auxiliary(s.question)
    if aux is None:
        return None
    negative = re.compile(rf"\b{aux}\s+not\b")
    positive = re.compile(rf"\b{aux}\b(?!\s+not\b)")
    lowered = text.lower()
    for pattern, spelled in _CONTRACTIONS:
        lowered = pattern.sub(spelled, lowered)
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
    to_new = dict(diff.pairs) if diff else {}
    flags: list[Flag] = _reversals(diff.changes) if diff else []

    old_pairs = contradictions(diff.old) if diff else set()
    carried = {tuple(sorted((to_new[i], to_new[j]))) for i, j in old_pairs
               if i in to_new and j in to_new}
    current = contradictions(new)
    for i, j in sorted(current - carried):
        flags.append(_contradiction(new.sections[i], new.sections[j]))
    for i, j in sorted(old_pairs):
        if tuple(sorted((to_new.get(i, -1), to_new.get(j, -2)))) not in current:
            a, b = diff.old.sections[i], diff.old.sections[j]
            flags.append(_resolved(a, b, [(a, _fate(diff, i)), (b, _fate(diff, j))]))

    old_across = across(diff.old, others) if diff else set()
    now_across = across(new, others)
    carried_across = {(to_new[i], where) for i, where in old_across if i in to_new}
    for i, (d, k) in sorted(now_across - carried_across):
        flags.append(_contradiction(new.sections[i], others[d].sections[k], others[d].source))
    for i, (d, k) in sorted(old_across):
        if (to_new.get(i, -1), (d, k)) not in now_across:
            a, b = diff.old.sections[i], others[d].sections[k]
            flags.append(_resolved(a, b, [(a, _fate(diff, i))], others[d].source))
    return flags


def across(doc: Document, others: list[Document]) -> set[tuple[int, tuple[int, int]]]:
    """(entry of `doc`, (other document, its entry)) that ask the same question and
    disagree, where neither document gives both answers itself: a document that does is
    contradicting itself, and that is judged within it."""
    ours = [(k, s, verdict(s)) for k, s in enumerate(doc.sections) if s.kind == "faq"]
    ours = [(k, s, v) for k, s, v in ours if v]
    found = set()
    for d, other in enumerate(others):
        theirs = [(k, s, verdict(s)) for k, s in enumerate(other.sections) if s.kind == "faq"]
        theirs = [(k, s, v) for k, s, v in theirs if v]
        for k, b, vb in theirs:
            if any(v == vb and same_question(s, b) for _i, s, v in ours):
                continue
            for i, a, va in ours:
                if va != vb and same_question(a, b) and not any(
                        v == va and same_question(s, a) for _j, s, v in theirs):
                    found.add((i, (d, k)))
    return found


def _fate(diff: DocumentDiff, k: int) -> str:
    """What became of old entry k: "was removed", "now answers No"..."""
    new_index = dict(diff.pairs).get(k)
    if new_index is None:
        return "was removed"
    now = verdict(diff.new.sections[new_index])
    if now != verdict(diff.old.sections[k]):
        return f"now answers {now.capitalize() if now else 'without a verdict'}"
    return ""


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


def _resolved(a: Section, b: Section, fates: list[tuple[Section, str]],
              other: str | None = None) -> Flag:
    how = [f"{OPEN}{s.title}{CLOSE} {fate}" if s.title else f"one of them {fate}"
           for s, fate in fates if fate]
    where = f" (the second in {other})" if other else ""
    return Flag("resolved", (a, b),
                f"The contradiction between {_pair(a, b)}{where} answering "
                f"{OPEN}{a.question}{CLOSE} is resolved: "
                + ("; ".join(how) or "they no longer ask the same question"),
                other_source=other)
