"""Which section of the old document is which section of the new one.

Identity is never the number alone (numbers shift when a ruling is inserted) nor a markup
id (pages reuse them). Passes go from certain to likely, each only over what is left:

1. everything equal (number, title, path, text);
2. same place and same text, titles aside (one format prints a FAQ entry's short title,
   the other does not; or the title was reworded);
3. same place and same title (or question), text aside (a rewritten ruling, renumbered
   or not);
4. same text anywhere (a section that moved);
5. same title anywhere, when it is unique on both sides (moved and edited);
6. a scored match of what is left: title and text similarity, kind, number and place.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from rapidfuzz import fuzz

from ..model import Section, place_key, text_key, title_key

Pair = tuple[int, int]


def name_key(section: Section) -> str:
    return title_key(section.title) or title_key(section.question)


def text_similarity(a: str, b: str) -> float:
    """0..1: how much of the two texts is shared (Indel ratio over folded text)."""
    a, b = text_key(a), text_key(b)
    if a == b:
        return 1.0
    return fuzz.ratio(a, b) / 100.0


@dataclass(frozen=True)
class _Keys:
    """What alignment compares, computed once per section."""

    number: str | None
    name: str
    title: str
    place: tuple[str, ...]
    text: str
    kind: str
    family: str


def _keys(s: Section) -> _Keys:
    return _Keys(number=s.number, name=name_key(s), title=title_key(s.title),
                 place=place_key(s), text=text_key(s.text), kind=s.kind,
                 family=_kind_family(s))


def align(old: list[Section], new: list[Section]) -> list[Pair]:
    """Matched (old index, new index) pairs, sorted by old index."""
    ko, kn = [_keys(s) for s in old], [_keys(s) for s in new]
    left, right = set(range(len(old))), set(range(len(new)))
    pairs: list[Pair] = []

    def by_key(key, *, unique: bool = False) -> None:
        buckets = defaultdict(list)
        for j in sorted(right):
            k = key(kn[j])
            if k is not None:
                buckets[k].append(j)
        olds = defaultdict(list)
        for i in sorted(left):
            k = key(ko[i])
            if k is not None:
                olds[k].append(i)
        for k, old_ids in olds.items():
            new_ids = buckets.get(k, [])
            if unique and (len(old_ids) != 1 or len(new_ids) != 1):
                continue
            for i, j in zip(old_ids, new_ids):
                pairs.append((i, j))
                left.discard(i)
                right.discard(j)

    by_key(lambda k: (k.number, k.name, k.place, k.text, k.kind))
    by_key(lambda k: (k.place, k.text) if k.text else None)
    by_key(lambda k: (k.place, k.name, k.family) if k.name else None)
    by_key(lambda k: (k.text, k.family) if k.text else None)
    by_key(lambda k: (k.title, k.kind) if k.title else None, unique=True)
    pairs.extend(_scored(old, new, ko, kn, left, right))
    if 0 in left and 0 in right and _front_matter(old[0]) and _front_matter(new[0]) \
            and not any(i == 0 or j == 0 for i, j in pairs):
        pairs.append((0, 0))  # what precedes the first heading is the same front matter
    return sorted(pairs)


def _front_matter(s: Section) -> bool:
    return s.heading is None and not s.path


def _kind_family(s: Section) -> str:
    # a heading that gained its first sub-section is still the same heading
    return "heading" if s.kind in ("heading", "text") else s.kind


def _scored(old, new, ko, kn, left, right) -> list[Pair]:
    candidates = []
    for i in left:
        for j in right:
            score = _score(ko[i], kn[j], i / max(len(old), 1), j / max(len(new), 1))
            if score is not None:
                candidates.append((score, i, j))
    chosen = []
    taken_old, taken_new = set(), set()
    for score, i, j in sorted(candidates, reverse=True):
        if i in taken_old or j in taken_new:
            continue
        taken_old.add(i)
        taken_new.add(j)
        chosen.append((i, j))
    return chosen


def _score(o: _Keys, n: _Keys, pos_o: float, pos_n: float) -> float | None:
    """How likely two leftover sections are one; None when they clearly are not."""
    if o.family != n.family:
        return None
    text = (1.0 if o.text == n.text else fuzz.ratio(o.text, n.text) / 100.0) \
        if (o.text or n.text) else 0.0
    title = fuzz.ratio(o.title, n.title) / 100.0 if (o.title and n.title) else 0.0
    same_place = o.place == n.place
    same_number = o.number is not None and o.number == n.number
    short = min(len(o.text), len(n.text)) < 40
    if title >= 0.85 and (same_place or text >= 0.5):
        pass  # the same name in the same place, or a moved section that kept its words
    elif text >= (0.8 if short else 0.6) and (same_place or text >= 0.85):
        pass  # reworded title (or none printed) over largely the same words
    elif same_number and same_place and (title >= 0.6 or text >= 0.5):
        pass
    else:
        return None
    closeness = 1.0 - min(abs(pos_o - pos_n), 1.0)
    return (1.2 * title + 2.0 * text + 0.5 * same_place + 0.3 * same_number
            + 0.2 * closeness)
