"""Ruling alerts: answers that flip, and entries that contradict one another.

A FAQ entry's verdict is its answer's leading "Yes" or "No"; failing that, the polarity
of the question's own auxiliary in the answer ("Can I ...?" - "you can" / "you cannot"),
but only when the answer never uses the other polarity (an answer that says both is
nuanced, not a verdict). Two entries ask the same question when their questions have the
same words in the same order (see same_question). Then:

* reversal: one entry's verdict flips between two versions of it; or an entry is removed
  and another added that asks its question and answers it the other way, where neither
  release gives both answers (a ruling rewritten as a new entry, which the aligner
  cannot pair with the old one: "Limited Cards in Setup" answering Yes replaced, some
  releases later, by "Limited Card as Duplicate" answering No);
* contradiction: two live entries ask the same question and disagree; raised when it
  starts (an entry added or changed), within one document or against another watched
  document as it stood at the same time;
* resolved: a contradiction of the older release that the newer one ends, by removing
  one of the entries, changing its answer or rewording its question. Only what this
  release changed can resolve anything: when the other document moved, its own release
  says so.

Entries are named by their short title, or by the first words of their question when
the document prints no title (the PDF releases).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz.distance import OSA

from ..model import Change, Document, DocumentDiff, Flag, FlagType, Kind, Section, text_key

SLIP_MIN_LETTERS = 4  # the shortest word a slip of the pen is forgiven in (not "win"/"wins")
_WORD = re.compile(r"[^\W_]+")
_LEADING = re.compile(r"^\W*(yes|no)\b", re.I)
_AUX = ("can", "could", "does", "do", "did", "is", "are", "was", "were", "will", "would",
        "may", "must", "should", "has", "have")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
OPEN, CLOSE = "\u201c", "\u201d"


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
    if s.kind != Kind.FAQ or not s.question:
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


def question_words(s: Section) -> tuple[str, ...]:
    """The question's words, case folded: punctuation, quotes and spacing left out."""
    return tuple(_WORD.findall(text_key(s.question).casefold())) if s.question else ()


def same_question(a: Section, b: Section) -> bool:
    """Do two entries ask the same question? Their words must be the same, in the same
    order, but for a slip of the pen fixed in a word (see _slip).

    Words, not a similarity score: a question that differs by one word is another
    question ("...no cards in hand..." / "...no cards in deck...", "wins" / "loses"),
    however long it is, and a score high enough to forgive a fixed typo in a long
    question forgives such a word too. A question reworded is taken as a new one: a
    missed alert is better than a false one."""
    wa, wb = question_words(a), question_words(b)
    return bool(wa) and len(wa) == len(wb) and all(x == y or _slip(x, y) for x, y in zip(wa, wb))


def _slip(a: str, b: str) -> bool:
    """Do two words differ by one slip of the pen: a letter left out or doubled in, or two
    neighbours swapped ("elminated", "recieve")? One letter typed for another is not
    forgiven: it makes other words too ("attach" / "attack")."""
    if min(len(a), len(b)) < SLIP_MIN_LETTERS or OSA.distance(a, b) != 1:
        return False
    return len(a) != len(b) or sorted(a) == sorted(b)


@dataclass(frozen=True)
class _Entry:
    index: int
    section: Section
    verdict: str


def _entries(doc: Document) -> list[_Entry]:
    out = []
    for k, s in enumerate(doc.sections):
        if s.kind == Kind.FAQ:
            v = verdict(s)
            if v:
                out.append(_Entry(k, s, v))
    return out


def contradictions(doc: Document) -> set[tuple[int, int]]:
    """Index pairs (i < j) of live entries that ask the same question and disagree."""
    entries = _entries(doc)
    found = set()
    for n, a in enumerate(entries):
        for b in entries[n + 1:]:
            if a.verdict != b.verdict and same_question(a.section, b.section):
                found.add((a.index, b.index))
    return found


def across(doc: Document, others: list[Document]) -> set[tuple[int, str, int]]:
    """(entry of `doc`, other document's source, its entry) that ask the same question
    and disagree, where neither document gives both answers itself: a document that does
    is contradicting itself, and that is judged within it."""
    ours = _entries(doc)
    found = set()
    for other in others:
        theirs = _entries(other)
        for b in theirs:
            if any(a.verdict == b.verdict and same_question(a.section, b.section) for a in ours):
                continue
            for a in ours:
                if a.verdict != b.verdict and same_question(a.section, b.section) and not any(
                        t.verdict == a.verdict and same_question(t.section, a.section)
                        for t in theirs):
                    found.add((a.index, other.source, b.index))
    return found


def flags_for(diff: DocumentDiff | None, new: Document | None = None,
              others: list[Document] = (), others_before: list[Document] | None = None
              ) -> list[Flag]:
    """The alerts a new document raises: against the release before it (`diff`, or None
    for the first record of `new`) and against other watched documents.

    `others` are the other documents as they stood when `new` came out; `others_before`
    as they stood when the release before did (default: the same). An entry of another
    document is recognised across two of its releases by its key (Document.keys)."""
    new = diff.new if diff else new
    others_before = others if others_before is None else others_before
    to_new = dict(diff.pairs) if diff else {}
    flags: list[Flag] = _reversals(diff.changes) + _replacements(diff) if diff else []

    # within the document
    old_pairs = contradictions(diff.old) if diff else set()
    carried = {tuple(sorted((to_new[i], to_new[j]))) for i, j in old_pairs
               if i in to_new and j in to_new}
    current = contradictions(new)
    for i, j in sorted(current - carried):
        flags.append(_contradiction(new.sections[i], new.sections[j], ("new", i), ("new", j)))
    for i, j in sorted(old_pairs):
        if tuple(sorted((to_new.get(i, -1), to_new.get(j, -2)))) in current:
            continue
        fates = [(diff.old.sections[k], fate) for k in (i, j) if (fate := _fate(diff, k))]
        if fates:
            flags.append(_resolved(diff.old.sections[i], diff.old.sections[j],
                                   ("old", i), ("old", j), fates))

    # across documents: the other side is named by its source and its entry's key
    by_source = {d.source: d for d in others}
    old_by_source = {d.source: d for d in others_before}
    now_across = across(new, others)
    now_keys = {(i, src, by_source[src].key(k)) for i, src, k in now_across}
    before = across(diff.old, others_before) if diff else set()
    carried_across = {(to_new[i], src, old_by_source[src].key(k))
                      for i, src, k in before if i in to_new}
    for i, src, k in sorted(now_across):
        if (i, src, by_source[src].key(k)) not in carried_across:
            flags.append(_contradiction(new.sections[i], by_source[src].sections[k],
                                        ("new", i), (src, k), other=src))
    for i, src, k in sorted(before):
        gone = (to_new.get(i, -1), src, old_by_source[src].key(k)) not in now_keys
        fate = _fate(diff, i)
        if gone and fate:  # only an end this release brought about
            a, b = diff.old.sections[i], old_by_source[src].sections[k]
            flags.append(_resolved(a, b, ("old", i), (src, k), [(a, fate)], other=src))
    return flags


def _fate(diff: DocumentDiff, k: int) -> str:
    """What became of old entry k, in words ("was removed", "now answers No", "now asks
    ..."), or "" when this release left it as it was."""
    new_index = dict(diff.pairs).get(k)
    if new_index is None:
        return "was removed"
    old, new = diff.old.sections[k], diff.new.sections[new_index]
    now = verdict(new)
    if now != verdict(old):
        return f"now answers {now.capitalize() if now else 'without a verdict'}"
    if not same_question(old, new):
        return f"now asks {OPEN}{new.question}{CLOSE}"
    return ""


def _reversals(changes: list[Change]) -> list[Flag]:
    out = []
    for c in changes:
        if c.type == "modified" and c.text_changed and c.new.kind == Kind.FAQ:
            before, after = verdict(c.old), verdict(c.new)
            if before and after and before != after:
                out.append(Flag(FlagType.REVERSAL, (c.new,),
                                f"{_name(c.new)}: the answer changed from "
                                f"{before.capitalize()} to {after.capitalize()}",
                                places=(("new", c.new_index),)))
    return out


def _replacements(diff: DocumentDiff) -> list[Flag]:
    """Reversals by replacement: a removed entry and an added one that ask the same
    question and answer it the other way, where the old release did not give the new
    answer already (that ends a contradiction: resolved) nor the new one keep the old
    answer (that starts one: a contradiction)."""
    gone = [c for c in diff.changes if c.type == "removed" and verdict(c.old)]
    came = [c for c in diff.changes if c.type == "added" and verdict(c.new)]
    old_entries, new_entries = _entries(diff.old), _entries(diff.new)

    def answers(entries: list[_Entry], asked: Section, said: str) -> bool:
        return any(e.verdict == said and same_question(e.section, asked) for e in entries)

    out, used = [], set()
    for r in gone:
        before = verdict(r.old)
        for a in came:
            after = verdict(a.new)
            if a.new_index in used or after == before or not same_question(r.old, a.new) \
                    or answers(old_entries, r.old, after) or answers(new_entries, a.new, before):
                continue
            used.add(a.new_index)
            out.append(Flag(FlagType.REVERSAL, (r.old, a.new),
                            f"{_capital(_name(a.new, r.old))} replaced {_name(r.old, a.new)}: "
                            f"the answer to {OPEN}{a.new.question}{CLOSE} changed from "
                            f"{before.capitalize()} to {after.capitalize()}",
                            places=(("old", r.old_index), ("new", a.new_index))))
            break
    return out


def _name(s: Section, other: Section | None = None) -> str:
    """An entry as the alerts call it: its title, or the first words of its question;
    when that does not tell it from `other` (two untitled entries asking one question),
    by its answer."""
    if other is None or s.label != other.label:
        return f"{OPEN}{s.label}{CLOSE}"
    words = answer(s).split()
    opening = " ".join(words[:10]) + (" \u2026" if len(words) > 10 else "")
    return f"the entry answering {OPEN}{opening}{CLOSE}"


def _contradiction(a: Section, b: Section, place_a, place_b, other: str | None = None) -> Flag:
    where = f" (the second is in {other})" if other else ""
    return Flag(FlagType.CONTRADICTION, (a, b),
                f"{_capital(_name(a, b))} and {_name(b, a)} answer the same question "
                f"{verdict(a).capitalize()} and {verdict(b).capitalize()}{where}: "
                f"{OPEN}{a.question}{CLOSE}", places=(place_a, place_b), other_source=other)


def _resolved(a: Section, b: Section, place_a, place_b, fates: list[tuple[Section, str]],
              other: str | None = None) -> Flag:
    how = "; ".join(f"{_name(s, b if s is a else a)} {fate}" for s, fate in fates)
    where = f" (the second in {other})" if other else ""
    return Flag(FlagType.RESOLVED, (a, b),
                f"{_capital(_name(a, b))} and {_name(b, a)}{where}, which answered "
                f"{OPEN}{a.question}{CLOSE} {verdict(a).capitalize()} and "
                f"{verdict(b).capitalize()}, no longer disagree: {how}",
                places=(place_a, place_b), other_source=other)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
