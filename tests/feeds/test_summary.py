import pytest

from rookery.feeds.summary import arranged, flagged
from rookery.model import Change, Flag, Section


@pytest.mark.parametrize("types,line", [
    ([], ""),
    (["contradiction"], "; contradiction flagged"),
    (["contradiction", "contradiction", "resolved"], "; contradiction \u00d72, resolved flagged"),
    (["reversal", "contradiction", "reversal"], "; reversal \u00d72, contradiction flagged"),
])
def test_each_kind_of_alert_is_named_once_in_a_headline(types, line):
    assert flagged([Flag(type=t, sections=(), detail="") for t in types]) == line


def _change(kind: str, title: str, text_changed: bool = True) -> Change:
    section = Section(title=title, kind="ruling", text="words")
    return Change(type=kind, old=None if kind == "added" else section,
                  new=None if kind == "removed" else section, text_changed=text_changed)


def test_a_revision_page_lists_alerts_first_then_new_changed_removed_and_moved():
    entries = [{"item": n, "change": change} for n, change in enumerate([
        _change("modified", "Tides"), _change("removed", "Storms"),
        _change("modified", "Harbours", text_changed=False), _change("added", "Gulls"),
        _change("added", "Lent Boats"), _change("modified", "Reefs")])]
    groups = arranged(entries, named={4: ["contradiction"]})
    assert [(g["name"], [e["change"].section.title for e in g["entries"]]) for g in groups] \
        == [("Named by an alert", ["Lent Boats"]), ("New", ["Gulls"]),
            ("Changed", ["Tides", "Reefs"]), ("Removed", ["Storms"]),
            ("Renumbered or moved", ["Harbours"])]
