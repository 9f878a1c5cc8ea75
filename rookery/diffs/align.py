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
6. a scored match of what is left: title and text similarity, kind, number and place;
7. a heading known by what it holds: most of its matched sections sit under one
   leftover heading (renamed, its rules kept). The places of the old sections are then
   read through the matched headings, and passes 2, 3 and 6 look again at what is left.

The last pass stays near linear however much changed: a leftover is scored only against
the leftovers between the same two matched neighbours (an edit in place), and against
those that share its rarest words (an edit that also moved), never against everything.
"""
from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict
from itertools import chain
from typing import NamedTuple

from rapidfuzz import fuzz

from ..model import Section, path_key, place_key, text_key, title_key

Pair = tuple[int, int]


def name_key(section: Section) -> str:
    # a rule that goes by its parent's title shares that name with all its siblings:
    # only a title of its own tells it apart
    return title_key(section.own_title) or title_key(section.question)


def text_similarity(a: str, b: str) -> float:
    """0..1: how much of the two texts is shared (Indel ratio over folded text)."""
    a, b = text_key(a), text_key(b)
    if a == b:
        return 1.0
    return fuzz.ratio(a, b) / 100.0


class _Keys(NamedTuple):
    """What alignment compares, computed once per section (a tuple: thousands are made
    per diff, and a frozen dataclass is several times slower to build)."""

    number: str | None
    name: str
    title: str
    place: tuple[str, ...]
    text: str
    kind: str
    family: str


def _keys(s: Section) -> _Keys:
    return _Keys(number=s.number, name=name_key(s), title=title_key(s.own_title),
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
    scored = _scored(old, new, ko, kn, left, right, pairs)
    pairs.extend(scored)
    left.difference_update(i for i, _j in scored)
    right.difference_update(j for _i, j in scored)
    pairs.extend(_by_contents(old, new, ko, kn, left, right, pairs))
    # a renamed heading renames the place of everything under it: read the old places
    # through the matched headings, and look again at what is left
    through = _places_through(old, new, ko, pairs)
    if left and right and through != ko:
        ko = through
        by_key(lambda k: (k.place, k.text) if k.text else None)
        by_key(lambda k: (k.place, k.name, k.family) if k.name else None)
        pairs.extend(_scored(old, new, ko, kn, left, right, pairs))
    if 0 in left and 0 in right and _front_matter(old[0]) and _front_matter(new[0]) \
            and not any(i == 0 or j == 0 for i, j in pairs):
        pairs.append((0, 0))  # what precedes the first heading is the same front matter
    return sorted(pairs)


def parents(sections: list[Section]) -> list[int | None]:
    """For each section, the index of the section whose heading heads its path."""
    latest: dict[tuple, int] = {}
    out = []
    for k, s in enumerate(sections):
        out.append(latest.get(s.path) if s.path else None)
        if s.heading:
            latest[s.path + (s.heading,)] = k
    return out


def _by_contents(old, new, ko, kn, left: set[int], right: set[int], pairs) -> list[Pair]:
    """Leftover headings known by what they hold: most of the matched sections under an
    old heading sit under one new leftover heading of the same depth and kind ("716.
    Ending the Turn" renamed "716. Ending Turns and Phases", its rules kept)."""
    old_parent, new_parent = parents(old), parents(new)

    def ancestors(parent: list[int | None], k: int) -> list[int]:
        out = []
        while (k := parent[k]) is not None:
            out.append(k)
        return out

    held: Counter = Counter()
    votes: dict[int, Counter] = defaultdict(Counter)
    for i, j in pairs:
        up_old = [a for a in ancestors(old_parent, i) if a in left]
        if not up_old:
            continue
        held.update(up_old)
        depth = {len(new[b].path): b for b in ancestors(new_parent, j) if b in right}
        for a in up_old:
            b = depth.get(len(old[a].path))
            if b is not None and ko[a].family == kn[b].family:
                votes[a][b] += 1
    found = []
    for i, counter in sorted(votes.items()):
        (j, n), = counter.most_common(1)
        if i in left and j in right and 2 * n > held[i]:
            found.append((i, j))
            left.discard(i)
            right.discard(j)
    return found


def _places_through(old, new, ko, pairs) -> list[_Keys]:
    """The old sections' keys with each place given as the new place of its parent."""
    new_of = dict(pairs)
    old_parent = parents(old)
    out = list(ko)
    under: dict[int, tuple[str, ...]] = {}  # the place of what stands under new[j]
    for i, p in enumerate(old_parent):
        if p is not None and p in new_of:
            j = new_of[p]
            if j not in under:
                under[j] = path_key(new[j].path + (new[j].heading,))
            place = under[j]
            if place != ko[i].place:
                out[i] = ko[i]._replace(place=place)
    return out


def _front_matter(s: Section) -> bool:
    return s.heading is None and not s.path


def _kind_family(s: Section) -> str:
    # a heading that gained its first sub-section is still the same heading
    return "heading" if s.kind in ("heading", "text") else s.kind


GAP_BUDGET = 400  # pairs scored within one gap before falling back to shared words
RARE = 8  # a word in at most this many leftovers is distinctive enough to pair on
CANDIDATES = 6  # leftovers per section taken from the shared-word index
_WORD = re.compile(r"\w{3,}")


def _scored(old, new, ko, kn, left, right, pairs) -> list[Pair]:
    candidates: set[tuple[int, int]] = set()
    spill: set[int] = set()  # old leftovers whose gap was too crowded to score fully
    for olds, news in _gaps(pairs, left, right):
        if len(olds) * len(news) <= GAP_BUDGET:
            candidates.update((i, j) for i in olds for j in news)
        else:
            spill.update(olds)
    candidates.update(_by_shared_words(ko, kn, left, right))
    scored = []
    for i, j in candidates:
        score = _score(ko[i], kn[j], i / max(len(old), 1), j / max(len(new), 1))
        if score is not None:
            scored.append((score, -abs(i - j), i, j))
    chosen = []
    taken_old, taken_new = set(), set()
    for _score_, _closeness, i, j in sorted(scored, reverse=True):
        if i in taken_old or j in taken_new:
            continue
        taken_old.add(i)
        taken_new.add(j)
        chosen.append((i, j))
    return chosen


def _gaps(pairs: list[Pair], left: set[int], right: set[int]):
    """(old leftovers, new leftovers) between each two consecutive anchors: the matched
    pairs that keep their order (a longest increasing run of them)."""
    ordered = sorted(pairs)
    keep = increasing_subsequence([j for _i, j in ordered])
    anchors = [p for p in ordered if p[1] in keep]
    old_marks = [i for i, _j in anchors]
    new_marks = [j for _i, j in anchors]
    olds: dict[int, list[int]] = defaultdict(list)
    news: dict[int, list[int]] = defaultdict(list)
    for i in left:
        olds[bisect.bisect(old_marks, i)].append(i)
    for j in right:
        news[bisect.bisect(new_marks, j)].append(j)
    for gap, members in olds.items():
        if gap in news:
            yield members, news[gap]


def _by_shared_words(ko, kn, left: set[int], right: set[int]) -> set[tuple[int, int]]:
    """Pairs of leftovers that share words few other leftovers have: for each old
    leftover, the new ones sharing most such words, the nearest first among equals."""
    words_new = {j: _words(kn[j]) for j in sorted(right)}
    words_old = {i: _words(ko[i]) for i in sorted(left)}
    frequency = Counter(chain.from_iterable(words_new.values()))
    frequency.update(chain.from_iterable(words_old.values()))
    rare = {w for w, n in frequency.items() if n <= RARE}
    index: dict[str, list[int]] = defaultdict(list)
    for j, ws in words_new.items():
        for w in rare.intersection(ws):
            index[w].append(j)
    scale = len(kn) / max(len(ko), 1)
    out = set()
    for i, ws in words_old.items():
        shared = Counter(chain.from_iterable(map(index.__getitem__, index.keys() & ws)))
        # ties go to the nearest place, then the earlier one: never to the order a set
        # of words happens to iterate in, which changes from run to run
        nearest = sorted(shared, key=lambda j: (-shared[j], abs(j - i * scale), j))
        out.update((i, j) for j in nearest[:CANDIDATES])
    return out


def _words(k: _Keys) -> set[str]:
    return set(_WORD.findall(k.text.lower() + " " + k.name))


def increasing_subsequence(seq: list[int]) -> set[int]:
    """The members of one longest increasing subsequence of `seq` (patience sorting)."""
    tails, tails_at, prev = [], [], [-1] * len(seq)
    for k, x in enumerate(seq):
        pos = bisect.bisect_left(tails, x)
        if pos:
            prev[k] = tails_at[pos - 1]
        if pos == len(tails):
            tails.append(x)
            tails_at.append(k)
        else:
            tails[pos], tails_at[pos] = x, k
    out, k = set(), tails_at[-1] if tails_at else -1
    while k >= 0:
        out.add(seq[k])
        k = prev[k]
    return out


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
    elif same_number and same_place and (title >= 0.6 or text >= 0.5 or (
            short and o.text and n.text and fuzz.partial_ratio(o.text, n.text) >= 80)):
        pass  # kept its number and place: reworded, or a short rule that grew
    else:
        return None
    closeness = 1.0 - min(abs(pos_o - pos_n), 1.0)
    return (1.2 * title + 2.0 * text + 0.5 * same_place + 0.3 * same_number
            + 0.2 * closeness)
