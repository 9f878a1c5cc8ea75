"""The real history of the ThronesDB pages (../shared/corpus): what changed, and what not."""
import re
from itertools import pairwise

import pytest
from lxml import etree

from rookery.diffs.compare import diff_documents


@pytest.fixture(scope="module")
def load(parsed):
    return lambda entry: parsed(entry["path"])


def visible_text(path) -> str:
    """What a reader sees of the page body, site chrome aside (an independent oracle:
    no rookery code involved)."""
    root = etree.parse(str(path), etree.HTMLParser()).getroot()
    for el in root.xpath("//script | //style | //head | //nav | //footer"):
        el.getparent().remove(el)
    text = " ".join(root.itertext())
    for a, b in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'),
                 ("\u2014", "-"), ("\u2013", "-"), ("\xa0", " ")):
        text = text.replace(a, b)
    return re.sub(r"\s+(?=[^\w\s])|(?<=[^\w\s])\s+", "", re.sub(r"\s+", " ", text)).strip()


def timeline(manifest, doc):
    return [e for e in manifest if e["doc"] == doc and e["branch"] == "master"]


def consecutive(manifest):
    for doc in ("faq", "rules", "tournament"):
        yield from pairwise(timeline(manifest, doc))


def release(manifest, label, last=True):
    found = [e for e in timeline(manifest, "faq") if e["version_label"] == label]
    return found[-1] if last else found[0]


@pytest.fixture(scope="module")
def changes(load):
    return lambda a, b: diff_documents(load(a), load(b)).changes


def test_consecutive_snapshots_with_the_same_visible_text_have_no_changes(thronesdb, load):
    same = [(a, b) for a, b in consecutive(thronesdb)
            if visible_text(a["path"]) == visible_text(b["path"])]
    assert len(same) >= 20  # template rewrites, link fixes, layout moves, footer years
    noisy = {f"{a['file']} -> {b['file']}": len(diff_documents(load(a), load(b)).changes)
             for a, b in same}
    assert {k: v for k, v in noisy.items() if v} == {}


# Pairs whose visible text differs only outside the sections: the title block (version
# label, date, wording) or an in-page table of contents.
METADATA_ONLY = [
    ("faq/2016-11-07_65aa09e.html", "faq/2016-11-07_93ac662.html", "table of contents removed"),
    ("faq/2018-06-07_4997d63.html", "faq/2018-06-07_47e156b.html", "version 1.3 -> 1.4"),
    ("faq/2019-02-18_1f31248.html", "faq/2019-02-19_495a91b.html", "effective date corrected"),
    ("tournament/2016-11-07_d85b75b.html", "tournament/2016-11-07_93ac662.html",
     "table of contents removed"),
    ("tournament/2016-11-07_4a85798.html", "tournament/2016-11-11_02c6f4d.html",
     "title block reworded"),
]


@pytest.mark.parametrize("old,new,why", METADATA_ONLY, ids=[m[2] for m in METADATA_ONLY])
def test_title_block_and_contents_changes_are_not_section_changes(thronesdb, load, changes,
                                                                  old, new, why):
    by_file = {e["file"]: e for e in thronesdb}
    a, b = by_file[old], by_file[new]
    assert visible_text(a["path"]) != visible_text(b["path"])
    assert changes(a, b) == []
    assert (load(b).version, load(b).effective) == (b["version_label"], b["effective"])


def test_v2_1_rewrites_duplicates_dropping_the_limited_duplicate_sentence(thronesdb, changes):
    found = [c for c in changes(release(thronesdb, "2.0"), release(thronesdb, "2.1", last=False))
             if c.section.number == "1.2"]
    assert len(found) == 1
    change = found[0]
    assert change.type == "modified" and change.text_changed and change.section.title == "Duplicates"
    deleted = " ".join(t for op, t in change.ops if op < 0)
    inserted = " ".join(t for op, t in change.ops if op > 0)
    assert "marshal a limited card as a duplicate" in deleted
    assert "considered to count as a player's limited card" in deleted
    assert "not considered to be marshaling a card with any of that card's characteristics" in inserted


def test_v2_2_adds_the_limited_card_as_duplicate_entry(thronesdb, changes):
    found = changes(release(thronesdb, "2.1"), release(thronesdb, "2.2", last=False))
    added = [c.new for c in found if c.type == "added" and c.new.kind == "faq"]
    assert [s.title for s in added] == ["Limited Card as Duplicate"]
    assert "does it count as my limited card" in added[0].question


def test_may_2021_removes_only_limited_cards_in_setup(thronesdb, changes):
    by_date = {e["file"].split("/")[1][:10]: e for e in timeline(thronesdb, "faq")}
    found = changes(by_date["2021-01-05"], by_date["2021-05-12"])
    assert [(c.type, c.section.kind, c.section.title) for c in found] == [
        ("removed", "faq", "Limited Cards in Setup")]


def test_v2_0_inserts_saving_from_a_cost_and_renumbers_chapter_3(thronesdb, changes):
    found = changes(release(thronesdb, "1.4"), release(thronesdb, "2.0", last=False))
    summary = {(c.type, c.section.title): c for c in found}
    assert ("added", "Saving from a Cost") in summary
    assert summary[("added", "Saving from a Cost")].new.number == "3.2"
    choices = summary[("modified", "Player Choices While Initiating Abilities")]
    assert (choices.old.number, choices.new.number) == ("3.2", "3.3")
    assert choices.renumbered and not choices.text_changed and not choices.ops
    icons = summary[("modified", "Challenge Icons")]
    assert (icons.old.number, icons.new.number, icons.text_changed) == ("3.3", "3.4", False)
    assert not [c for c in found if c.type == "removed"]


def test_diff_json_carries_the_contradiction(thronesdb, load):
    from rookery.diffs.report import to_json

    diff = diff_documents(load(release(thronesdb, "2.1")), load(release(thronesdb, "2.2", last=False)))
    flags = to_json(diff)["flags"]
    assert [f["type"] for f in flags] == ["contradiction"]
    assert sorted(s["title"] for s in flags[0]["sections"]) == \
        ["Limited Card as Duplicate", "Limited Cards in Setup"]


def test_a_ruling_reversed_across_many_releases_is_flagged(thronesdb, load):
    """v1.1 to v4.1: "Limited Cards in Setup" (Yes) went and "Limited Card as Duplicate"
    (No) came, asking the same question; the aligner rightly pairs neither with the
    other, and the flip is still a reversal."""
    diff = diff_documents(load(release(thronesdb, "1.1")), load(release(thronesdb, "4.1")))
    reversals = [f for f in diff.flags if f.type == "reversal"]
    assert [tuple(s.title for s in f.sections) for f in reversals] == [
        ("Limited Cards in Setup", "Limited Card as Duplicate")]
    assert reversals[0].detail.endswith("changed from Yes to No")
    assert {c.type for c in diff.changes if c.section in reversals[0].sections} == \
        {"removed", "added"}
