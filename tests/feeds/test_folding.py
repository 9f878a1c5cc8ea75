"""What a revision page shows open: a part added or removed whole is one entry, and a
long revision opens its first changes and folds the rest, never mixing the two."""
import pytest

from rookery.feeds import folding
from rookery.feeds.summary import arranged
from rookery.model import Change, Section


def entry(item: int, kind: str, title: str, path=(), type="removed", words=6) -> dict:
    section = Section(title=title, kind=kind, path=tuple(path),
                      text=" ".join(f"w{k}" for k in range(words)))
    change = Change(type, section if type == "removed" else None,
                    section if type == "added" else None)
    return {"item": item, "change": change, "words": "Removed list.", "phrase": "",
            "anchor": f"item-{item}"}


def listing(type: str, groups: int, start: int = 1) -> list[dict]:
    """A list heading and its groups, all added or all removed."""
    head = entry(start, "heading", "Duel List", ["Card Legality"], type)
    return [head] + [entry(start + k, "list", f"Group {k}", ["Card Legality", "Duel List"],
                           type) for k in range(1, groups + 1)]


@pytest.mark.parametrize("entries, named, shape", [
    # a heading removed with three groups under it: one entry holding all four
    (listing("removed", 3), {}, [4]),
    (listing("added", 9), {}, [10]),
    # two groups are not a part: each stays an entry
    (listing("removed", 2), {}, [1, 1, 1]),
    # a group an alert names stays an entry of its own, and ends the part before it
    (listing("removed", 4), {3: ["resolved"]}, [1, 1, 1, 1, 1]),
    # what follows the part, not under its heading, is not in it
    (listing("removed", 3) + [entry(9, "ruling", "Other", ["Rulings"])], {}, [4, 1]),
    # added and removed do not mix
    (listing("removed", 3) + listing("added", 3, start=10), {}, [4, 4]),
])
def test_a_part_added_or_removed_whole_is_one_entry(entries, named, shape):
    out = folding.parts(entries, named)
    assert [len(e.get("part", [e])) for e in out] == shape
    # nothing is lost: every change is an entry or a part's member, once, in order
    assert [m["item"] for e in out for m in e.get("part", [e])] == [e["item"] for e in entries]
    for e in out:
        if "part" in e:
            assert e["anchor"] == f"part-{e['item']}" and e["part"][0]["anchor"] == \
                f"item-{e['item']}"


def edited(item: int, edits: int) -> dict:
    """A changed ruling with `edits` words inserted, ten unchanged words apart: nothing
    to fold, so the page shows all of it."""
    ops = [op for _ in range(edits) for op in ((0, "a b c d e f g h i j "), (1, "new "))]
    section = Section(title=f"Rule {item}", kind="ruling", path=("Rulings",))
    return {"item": item, "change": Change("modified", section, section, text_changed=True,
                                           ops=ops),
            "words": "Text changed.", "phrase": "", "anchor": f"item-{item}"}


def opened(entries: list[dict]) -> list[bool]:
    groups = arranged(entries, {})
    folding.budget(groups)
    return [e["open"] for group in groups for e in group["entries"]]


@pytest.mark.parametrize("count, edits, all_open", [
    (3, 2, True),       # a few short changes: all open
    (3, 200, False),    # a huge first change opens; the rest fold
    (60, 1, False),     # many changes: the first ones open, the rest fold
])
def test_changes_open_in_order_until_the_page_is_full(count, edits, all_open):
    shown = opened([edited(k, edits) for k in range(1, count + 1)])
    assert shown[0]  # the first always opens
    assert all(shown) == all_open
    # open ones first, then folded ones: never mixed
    assert shown == sorted(shown, reverse=True)


def test_a_page_of_many_changes_opens_fewer_than_one_of_few():
    few = opened([entry(k, "ruling", f"Rule {k}", [f"Part {k}"], words=30) for k in range(8)])
    many = opened([entry(k, "ruling", f"Rule {k}", [f"Part {k}"], words=30) for k in range(40)])
    assert sum(many) < sum(few) == 8
