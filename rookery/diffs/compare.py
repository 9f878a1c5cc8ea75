"""Two Documents → the list of section Changes (the heart of `rookery diff`).

Renumbering is not a change of wording: when sections shift their numbers, a reference
to one of them in another's text ("see rule 701.14", was "701.13") is read through the
renumbering before the texts are compared, and runs of sections that only shifted are
gathered into Renumberings ("701.13–701.40 → 701.14–701.41").
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from typing import Callable

from ..model import (Change, ChangeType, Document, DocumentDiff, Renumbering, Section,
                     same_text, title_key)
from ..parsers.numbering import DOTTED, NUMBER
from .align import align, increasing_subsequence, parents, text_similarity
from .beside import Beside
from .flags import flags_for
from .publisher import account, read_summaries
from .words import word_ops


# sections of both releases from which their summaries are read in a process beside the
# alignment (beside.py): below, forking costs about what it saves
APART_SECTIONS = 2000


def diff_documents(old: Document, new: Document, others: list[Document] = ()) -> DocumentDiff:
    """Changes from `old` to `new`, in the order a reader of `new` meets them, with the
    ruling alerts they raise (against `others` too: other watched documents) and what
    `new` says it changed (diffs/publisher.py)."""
    apart = len(old.sections) + len(new.sections) >= APART_SECTIONS
    with Beside(lambda: read_summaries(old, new), apart) as summaries:
        diff = changes_between(old, new)
        diff.flags = flags_for(diff, others=others)
        diff.publisher = account(old, new, diff.changes, summaries.result())
    return diff


def changes_between(old: Document, new: Document) -> DocumentDiff:
    """The changes alone, without the alerts: enough to tell whether anything changed."""
    pairs = align(old.sections, new.sections)
    matched_old = {i: j for i, j in pairs}
    matched_new = {j for _i, j in pairs}
    moved = _moved(old.sections, new.sections, pairs)

    # a title one format prints and the other does not (a FAQ entry's short title on a
    # web page, never in the PDF) is not a retitle; within one format it is
    titles_comparable = old.format == new.format
    renumbered = {old.sections[i].number: new.sections[j].number for i, j in pairs
                  if old.sections[i].number and old.sections[i].number != new.sections[j].number}
    # the words that cite sections are learned only when a text change might be one
    cues = functools.cache(lambda: reference_cues(old.sections))
    keyed: list[tuple[tuple, Change]] = []
    for i, j in pairs:
        change = compare_pair(old.sections[i], new.sections[j], moved=(i, j) in moved,
                              missing_titles=titles_comparable, renumbered=renumbered,
                              cues=cues)
        if change is not None:
            change.old_index, change.new_index = i, j
            keyed.append(((j, 0, i), change))
    for j, s in enumerate(new.sections):
        if j not in matched_new:
            keyed.append(((j, 0, -1), Change(type=ChangeType.ADDED, old=None, new=s,
                                             new_index=j)))
    previous_new = -1  # show a removal where it stood: after its old predecessor's new place
    for i, s in enumerate(old.sections):
        if i in matched_old:
            previous_new = matched_old[i]
        else:
            keyed.append(((previous_new, 1, i), Change(type=ChangeType.REMOVED, old=s, new=None,
                                                      old_index=i)))
    keyed.sort(key=lambda kc: kc[0])
    changes = [c for _k, c in keyed]
    return DocumentDiff(old=old, new=new, changes=changes, pairs=pairs,
                        renumberings=renumbering_runs(changes))


def compare_pair(old: Section, new: Section, moved: bool = False,
                 missing_titles: bool = True, renumbered: dict[str, str] | None = None,
                 cues: Callable[[], frozenset[str]] = frozenset) -> Change | None:
    """The Change for a matched pair, or None when nothing a player would see changed.
    A title that appears or goes counts as a retitle only with `missing_titles`; a
    reference that followed a renumbering (`renumbered`: old number → new) is no change,
    dotted or bare after one of the document's words that cite (`cues()`)."""
    text_changed = not same_text(old.text, new.text) and not (renumbered and (
        same_text(follow_references(old.text, renumbered), new.text)
        or same_text(follow_references(old.text, renumbered, cues()), new.text)))
    renumbered = old.number != new.number
    # a rule that goes by its parent's title is not retitled when the parent is
    old_title, new_title = old.own_title, new.own_title
    if old_title and new_title:
        retitled = title_key(old_title) != title_key(new_title)
    else:
        retitled = missing_titles and bool(old_title or new_title)
    if not (text_changed or renumbered or retitled or moved):
        return None
    return Change(
        type=ChangeType.MODIFIED, old=old, new=new, text_changed=text_changed, renumbered=renumbered,
        retitled=retitled, moved=moved,
        similarity=round(text_similarity(old.text, new.text), 4),
        ops=word_ops(old.text, new.text) if text_changed else [],
    )


def _moved(old: list[Section], new: list[Section], pairs) -> set:
    """Pairs whose parent section changed, or that left their order among their siblings."""
    pair_of_old = dict(pairs)
    old_parent, new_parent = parents(old), parents(new)
    moved = set()
    siblings: dict = {}
    for i, j in pairs:
        po, pn = old_parent[i], new_parent[j]
        if (po is None) != (pn is None) or (po is not None and pair_of_old.get(po) != pn):
            moved.add((i, j))
        else:
            siblings.setdefault(pn, []).append((i, j))
    for group in siblings.values():
        keep = increasing_subsequence([j for _i, j in sorted(group)])
        moved.update((i, j) for i, j in group if j not in keep)
    return moved


# a reference to a section: a number of two parts or more ("701.13", "100.1a", "3.2.1");
# a bare "20" is as likely a quantity as a section, so it is rewritten only after a word
# the document itself uses to cite sections (see reference_cues)
_REFERENCE = re.compile(rf"(?<![\w.]){DOTTED}(?![\w])")
# a citation is a word, a space and a dotted number: the number and its space are found
# first (a pattern that starts with a literal is searched for quickly), then the word
_CITATION = re.compile(rf"[ \u00a0]({DOTTED})(?![\w])")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \u00a0]\Z")
# after a cue, a list of numbers: "rules 116, 117 and 118", "rules 305–306"; the joining
# word is any short word, so no language's "and" is spelled out here
_LIST = re.compile(rf"{NUMBER}(?:(?:,\s*|\s*[\u2013-]\s*|,?\s+[^\W\d_]{{1,4}}\s+){NUMBER})*"
                   r"(?![\w])")


def reference_cues(sections: list[Section], least: int = 3, share: float = 0.1) -> frozenset[str]:
    """The words this document cites its own sections with ("rule", "section", "Regel"):
    words that come right before at least `least` dotted numbers of its sections and
    before such a number in at least `share` of their uses. After them, a bare number is
    a reference too ("see rule 116")."""
    numbers = {s.number for s in sections if s.number}
    whole = "\n".join(s.text for s in sections)
    cited: Counter = Counter()
    for m in _CITATION.finditer(whole):  # the citations, then the word before each
        if m.group(1) in numbers:
            before = _WORD_BEFORE.search(whole, max(0, m.start() - 39), m.start() + 1)
            if before:
                cited[before.group(1).lower()] += 1
    candidates = [w for w, n in cited.items() if n >= least]
    if not candidates:
        return frozenset()
    uses = Counter(w.lower() for w in _whole_words(frozenset(candidates)).findall(whole))
    return frozenset(w for w in candidates if cited[w] >= share * uses[w])


def follow_references(text: str, renumbered: dict[str, str],
                      cues: frozenset[str] = frozenset()) -> str:
    """`text` with each reference to a renumbered section changed to its new number: every
    dotted number, and bare numbers in a list after one of the document's `cues`."""
    def number(m: re.Match) -> str:
        return renumbered.get(m.group(), m.group())

    text = _REFERENCE.sub(number, text)
    if not cues:
        return text
    out, at = [], 0
    for word in _whole_words(cues).finditer(text):
        if word.group().lower() not in cues:
            continue
        gap = word.end()
        while gap < len(text) and text[gap] in " \u00a0":
            gap += 1
        listed = _LIST.match(text, gap) if gap > word.end() and gap >= at else None
        if listed:
            out.append(text[at:gap])
            out.append(re.sub(rf"(?<![\w.]){NUMBER}(?![\w])",
                              lambda m: m.group() if "." in m.group() else number(m),
                              listed.group()))
            at = listed.end()
    out.append(text[at:])
    return "".join(out)


@functools.lru_cache(maxsize=64)
def _whole_words(words: frozenset[str]) -> re.Pattern:
    """A pattern of `words` (not none) as whole words, in any case."""
    # a case-insensitive pattern folds one character at a time, and lower() turns one
    # character, the dotted capital I, into two: accept it where its two stand
    alternatives = "|".join(re.escape(w).replace("i\u0307", "(?:i\u0307|\u0130)")
                            for w in sorted(words))
    # the lookahead for a first letter only speeds the search: a pattern that opens
    # with a lookbehind tries it at every character
    firsts = re.escape("".join(sorted({w[0] for w in words})))
    return re.compile(rf"(?=[{firsts}])(?<![^\W\d_])(?:{alternatives})(?![^\W\d_])",
                      re.I)


def renumbering_runs(changes: list[Change], least: int = 2) -> list[Renumbering]:
    """Runs of at least `least` neighbouring sections (neighbours in both documents)
    whose numbers shifted and whose words did not."""
    return [run for run, _at in _runs(changes, least)]


def grouped(changes: list[Change]) -> list[Change | Renumbering]:
    """The changes as people read them: each run of renumbered sections as one entry, in
    the place of its first section."""
    runs = _runs(changes)
    starts = {at[0]: run for run, at in runs}
    inside = {k for _run, at in runs for k in at}
    return [starts[k] if k in starts else c for k, c in enumerate(changes)
            if k in starts or k not in inside]


def _runs(changes: list[Change], least: int = 2) -> list[tuple[Renumbering, list[int]]]:
    """Each run with the positions of its members in `changes`."""
    runs: list[list[int]] = []
    for k, c in enumerate(changes):
        only_number = c.type == ChangeType.MODIFIED and c.renumbered and not (
            c.text_changed or c.retitled or c.moved) and c.old.number and c.new.number
        if not only_number or c.old_index is None or c.new_index is None:
            continue
        last = changes[runs[-1][-1]] if runs else None
        if last is not None and runs[-1][-1] == k - 1 and c.old_index == last.old_index + 1 \
                and c.new_index == last.new_index + 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    out = []
    for at in runs:
        if len(at) >= least:
            a, b = changes[at[0]], changes[at[-1]]
            out.append((Renumbering(old=(a.old.number, b.old.number),
                                    new=(a.new.number, b.new.number), count=len(at),
                                    changes=tuple(changes[k] for k in at)), at))
    return out
