"""Two Documents → the list of section Changes (the heart of `rookery diff`)."""
from __future__ import annotations

from ..model import Change, Document, DocumentDiff, Section, same_text, title_key
from .align import align, text_similarity
from .flags import flags_for
from .words import word_ops


def diff_documents(old: Document, new: Document, others: list[Document] = ()) -> DocumentDiff:
    """Changes from `old` to `new`, in the order a reader of `new` meets them, with the
    ruling alerts they raise (against `others` too: other watched documents)."""
    diff = changes_between(old, new)
    diff.flags = flags_for(diff, others=others)
    return diff


def changes_between(old: Document, new: Document) -> DocumentDiff:
    """The changes alone, without the alerts: enough to tell whether anything changed."""
    pairs = align(old.sections, new.sections)
    matched_old = {i: j for i, j in pairs}
    matched_new = {j for _i, j in pairs}
    moved = _moved(old.sections, new.sections, pairs)

    keyed: list[tuple[tuple, Change]] = []
    for i, j in pairs:
        change = compare_pair(old.sections[i], new.sections[j], moved=(i, j) in moved)
        if change is not None:
            keyed.append(((j, 0, i), change))
    for j, s in enumerate(new.sections):
        if j not in matched_new:
            keyed.append(((j, 0, -1), Change(type="added", old=None, new=s)))
    for i, s in enumerate(old.sections):
        if i not in matched_old:
            # show a removal where it stood: right after its old predecessor's new place
            before = [matched_old[k] for k in range(i) if k in matched_old]
            keyed.append(((before[-1] if before else -1, 1, i),
                          Change(type="removed", old=s, new=None)))
    keyed.sort(key=lambda kc: kc[0])
    return DocumentDiff(old=old, new=new, changes=[c for _k, c in keyed], pairs=pairs)


def compare_pair(old: Section, new: Section, moved: bool = False) -> Change | None:
    """The Change for a matched pair, or None when nothing a player would see changed."""
    text_changed = not same_text(old.text, new.text)
    renumbered = old.number != new.number
    retitled = bool(old.title and new.title) and title_key(old.title) != title_key(new.title)
    if not (text_changed or renumbered or retitled or moved):
        return None
    return Change(
        type="modified", old=old, new=new, text_changed=text_changed, renumbered=renumbered,
        retitled=retitled, moved=moved,
        similarity=round(text_similarity(old.text, new.text), 4),
        ops=word_ops(old.text, new.text) if text_changed else [],
    )


def _moved(old: list[Section], new: list[Section], pairs) -> set:
    """Pairs whose parent section changed, or that left their order among their siblings."""
    pair_of_old = dict(pairs)
    old_parent, new_parent = _parents(old), _parents(new)
    moved = set()
    siblings: dict = {}
    for i, j in pairs:
        po, pn = old_parent[i], new_parent[j]
        if (po is None) != (pn is None) or (po is not None and pair_of_old.get(po) != pn):
            moved.add((i, j))
        else:
            siblings.setdefault(pn, []).append((i, j))
    for group in siblings.values():
        keep = _longest_increasing([j for _i, j in sorted(group)])
        moved.update((i, j) for i, j in group if j not in keep)
    return moved


def _parents(sections: list[Section]) -> list[int | None]:
    """For each section, the index of the section whose heading heads its path."""
    latest: dict[tuple, int] = {}
    parents = []
    for k, s in enumerate(sections):
        parents.append(latest.get(s.path) if s.path else None)
        if s.heading:
            latest[s.path + (s.heading,)] = k
    return parents


def _longest_increasing(seq: list[int]) -> set[int]:
    """The members of one longest increasing subsequence of `seq` (patience sorting)."""
    import bisect

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
