"""Every card's timeline from a real store that watched three releases of a made-up
FAQ (emberwick.py): list stays from when to when, errata added and reworded, answers
that name a card, and which notification targets a revision concerns."""
import pytest

import emberwick
from rookery.cards.names import Finder
from rookery.cards.timeline import build, changed_cards
from rookery.cards.words import card_json, stay_line, what
from rookery.config import NotifyConfig
from rookery.model import Change, ChangeType, Kind, Section
from rookery.notify.targets import concerned
from rookery.store import revisions as revs


@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    config = emberwick.watched(tmp_path_factory.mktemp("ember"))
    with config.open_store(readonly=True) as store:
        yield config, store


@pytest.fixture(scope="module")
def index(watched):
    return build(watched[1], ["ember"])


def timeline(card) -> list[tuple[int, str, str]]:
    return [(m.revision.number, m.what, what(m)) for m in card.moments]


def test_the_cards_are_those_errata_and_lists_cite(index):
    assert sorted(c.name for c in index.sorted()) == [
        "Ash Lantern", "Bellows Mage", "Ember Queen", "Kiln Warden", "Soot Hound"]


def test_a_list_entry_is_a_stay_from_the_revision_that_lists_it_to_the_one_that_does_not(
        index):
    hound = index.cards["soot hound"]
    titles = {"ember": "Emberwick FAQ"}
    assert [stay_line(s, titles) for s in hound.listings] == [
        "On the Duel Restricted List (Cinder) of Emberwick FAQ from v1.0, effective "
        "2023-02-01 (revision 1) until v1.1, effective 2023-06-01 (revision 2)",
        "On the Duel Restricted List (Cinder) of Emberwick FAQ from v2.0, effective "
        "2024-01-10 (revision 3) and still on it"]
    assert timeline(hound) == [(1, "listed", "put on the Duel Restricted List (Cinder)"),
                               (2, "unlisted", "no longer on the Duel Restricted List"),
                               (3, "listed", "put on the Duel Restricted List (Cinder)")]


def test_groups_that_stand_under_two_lists_are_groups_and_the_heading_above_is_the_list(
        index):
    queen = index.cards["ember queen"]
    assert [(s.name, s.group, s.since.number, s.until and s.until.number)
            for s in queen.listings] == [("Melee Restricted List", "Cinder", 1, None),
                                         ("Duel Restricted List", "Cinder", 2, 3)]


def test_an_erratum_is_followed_from_its_first_wording_through_its_changes(index):
    warden = index.cards["kiln warden"]
    assert warden.printings == ["Core Set, 12"]
    assert timeline(warden) == [
        (1, "first", "FAQ entry Warden and Queen (first recorded)"),
        (1, "first", "erratum Kiln Warden (Core Set, 12) (first recorded)"),
        (2, "modified", "Kiln Warden (Core Set, 12): text changed"),
        (3, "removed", "FAQ entry Warden and Queen removed")]
    change = warden.moments[2].change
    inserted = "".join(t for op, t in change.ops if op == 1)
    assert "unlit" in inserted and "you control" in inserted


def test_a_card_named_in_an_answer_or_another_erratum_has_those_in_its_timeline(index):
    queen = index.cards["ember queen"]
    said = [(n, w) for n, w, _ in timeline(queen) if w not in ("listed", "unlisted")]
    assert said == [(1, "first"), (2, "added"), (3, "removed")]
    assert queen.moments[0].section.title == "Warden and Queen"


def test_the_json_timeline_is_oldest_first_with_links(index):
    data = card_json(index.cards["kiln warden"], {"ember": "Emberwick FAQ"},
                     "https://rules.example.org/")
    assert data["page"] == "https://rules.example.org/cards/kiln-warden.html"
    assert [e["revision"]["number"] for e in data["timeline"]] == [1, 1, 2, 3]
    assert data["timeline"][2]["revision"]["page"] == \
        "https://rules.example.org/ember/revisions/2.html"
    assert data["timeline"][2]["ops"] and data["timeline"][2]["text"] is None


def test_a_catalog_names_more_cards_than_errata_and_lists(watched):
    index = build(watched[1], ["ember"], ["Lighting Twice", "Snuffing Rod"])
    assert "snuffing rod" not in index.cards  # named nowhere: not a card of the documents
    assert "lighting twice" in index.cards  # the FAQ entry's title names it


@pytest.mark.parametrize("cards,told", [
    ((), [2, 3]),
    (("kiln warden",), [2, 3]),  # reworded, then an answer naming it removed
    (("Soot Hound",), [2, 3]),  # off the list, then on again
    (("Ash Lantern",), []),  # on both lists all along: nothing new to say
    (("Bellows Mage",), [2]),
])
def test_a_target_with_cards_hears_only_of_revisions_that_say_something_new_of_them(
        watched, cards, told):
    store = watched[1]
    target = NotifyConfig(name="guild", url="json://localhost/", cards=cards)
    heard = [rev.number for rev in revs.revisions(store, "ember")
             if concerned([target], "ember", rev.number == 1, revs.changes(store, rev), [])]
    assert heard == told


def test_a_list_whose_heading_is_reworded_keeps_its_stays(tmp_path):
    config = emberwick.watched(tmp_path, releases=4)
    with config.open_store(readonly=True) as store:
        queen = build(store, ["ember"]).cards["ember queen"]
    melee = [s for s in queen.listings if "Melee" in s.name]
    assert [(s.name, s.formerly, s.since.number, s.until) for s in melee] == [
        ("Melee Restricted Cards", ["Melee Restricted List"], 1, None)]
    assert what(queen.moments[1]) == "put on the Melee Restricted List (Cinder)"


def test_a_webhook_with_cards_is_sent_only_the_revisions_about_them(tmp_path, receiver):
    """Through the watcher and a real webhook on loopback: the target that follows
    Bellows Mage hears of v1.1 (its new erratum) and nothing else; the one that follows
    Ash Lantern, on both lists all along, hears nothing."""
    from rookery.notify.send import deliver

    tables = "".join(f'[[notify]]\nname = "{name}"\nurl = "{receiver.url(name)}"\n'
                     f'cards = ["{card}"]\nbackoff = 0\n'
                     for name, card in (("mage", "bellows mage"), ("lantern", "Ash Lantern")))
    from rookery.config import parse_config
    from rookery.watch import Watcher

    config = emberwick.watched(tmp_path, releases=1)
    with config.open_store() as store:
        config = parse_config((tmp_path / "rookery.toml").read_text() + tables, tmp_path)
        watcher = Watcher(store, config)
        for n in (1, 2):
            emberwick.write(tmp_path / "emberwick.html", n)
            assert watcher.cycle().revisions
        deliver(store, config)
    assert [path for path, _id, _status in receiver.seen] == ["/mage"]
    assert [m["title"] for m in receiver.messages] == ["rookery: Emberwick FAQ v1.1"]


def test_timelines_read_the_same_on_either_database(tmp_path, database):
    extra = f'database = "{database}"' if database else ""
    config = emberwick.watched(tmp_path, extra=extra)
    with config.open_store(readonly=True) as store:
        index = build(store, ["ember"])
    assert {key: timeline(card) for key, card in index.cards.items()}["soot hound"] == [
        (1, "listed", "put on the Duel Restricted List (Cinder)"),
        (2, "unlisted", "no longer on the Duel Restricted List"),
        (3, "listed", "put on the Duel Restricted List (Cinder)")]
    assert timeline(index.cards["kiln warden"])[2] == (
        2, "modified", "Kiln Warden (Core Set, 12): text changed")


@pytest.mark.parametrize("before,after,cards", [
    # a card put on the list, and one taken off
    ("Ash Lantern (Core, 1)", "Ash Lantern (Core, 1)\nSoot Hound (Core, 9)", {"soot hound"}),
    ("Ash Lantern (Core, 1)\nSoot Hound (Core, 9)", "Soot Hound (Core, 9)", {"ash lantern"}),
    # a line reworded (its pack's misprint put right): the card stays on the list, and its
    # timeline says nothing of it, so neither does a notification
    ("Ash Lantern (Cor, 1)", "Ash Lantern (Core, 1)", set()),
])
def test_a_list_change_concerns_the_cards_it_puts_on_or_takes_off(before, after, cards):
    def listed(text):
        return Section(title="Neutral", kind=Kind.LIST, text=text, path=("Restricted List",))

    change = Change(ChangeType.MODIFIED, listed(before), listed(after), text_changed=True)
    assert changed_cards(change, Finder([])) == cards
