"""Cards on the replayed ThronesDB pages (the session's `history` store): the cards the
FAQ's errata and lists cite, and timelines checked by hand against the snapshots."""
import re

from rookery.cards.timeline import build
from rookery.cards.words import what


def index_of(history):
    config, store = history
    return build(store, [s.id for s in config.sources])


def dated(card, source="faq"):
    return [(m.revision.date, what(m)) for m in card.moments if m.source == source]


def test_the_pages_name_over_a_hundred_cards_each_once(history):
    index = index_of(history)
    assert 120 <= len(index.cards) <= 140
    assert not [c.name for c in index.cards.values() if "(" in c.name or "\n" in c.name]
    # once: no card under two keys that differ by a leading article or punctuation
    loose = [re.sub(r"^(the|a|an) |[^\w ]", "", key) for key in index.cards]
    assert len(set(loose)) == len(loose)
    assert sum(any(m.section.kind == "errata" for m in c.moments)
               for c in index.cards.values()) == 10


def test_the_red_keep_stood_on_the_joust_restricted_list_until_the_lists_moved(history):
    keep = index_of(history).cards["the red keep"]
    assert [(s.name, s.group, s.since.date, s.until.date) for s in keep.listings] == [
        ("Joust Restricted List", "Lannister", "2020-04-13", "2021-01-05")]


def test_kingsgrave_and_esgred_errata_come_and_are_retitled_when_the_pages_did(history):
    index = index_of(history)
    assert dated(index.cards["kingsgrave"]) == [
        ("2019-06-03", "new erratum Kingsgrave (Fury of the Storm, 30)")]
    # the pack's name was misprinted until the page of 2023-02-28 put it right
    assert dated(index.cards["esgred"]) == [
        ("2019-02-18", "new erratum Esgred (War of the Five Rings, 111)"),
        ("2023-02-28", "Esgred (War of the Five Kings, 111): retitled from \u201cEsgred (War "
                       "of the Five Rings, 111)\u201d, text unchanged")]


def test_a_banned_list_renamed_twice_in_two_days_is_one_stay(history):
    taena = index_of(history).cards["taena merryweather"]
    banned = [s for s in taena.listings if s.name == "Joust Banned List"]
    assert [(s.formerly, s.since.date, s.until.date) for s in banned] == [
        (["Banned Cards", "Joust Banned Cards"], "2020-06-27", "2021-01-05")]
