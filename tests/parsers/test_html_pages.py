"""Web pages of our own (tests/sites.py): lists under headings, nested lists, definition
lists, tables and run-in labels, bare and in the chrome of six generators. Every word of
the content is in a section and the chrome in none; each page gives the sections its
bare content gives; a build that changes only its footer changes nothing."""
import pytest

import sites
from rookery.diffs.compare import diff_documents
from rookery.parsers import parse

# the sections of each bare page: (kind, title, path, text)
EXPECTED = {
    "ban list": [
        ("text", None, [], "Cards on this list may not be played in sanctioned events, or "
                           "only one of them per deck where the list says restricted."),
        ("heading", "Open Format", [], ""),
        ("text", "Ashen Court", ["Open Format"],
         "Cinder Hound\nEmberwing Drake\nThe Smoldering Throne"),
        ("text", "Tidewatch", ["Open Format"], "Salt Oracle"),
        ("text", "Waning Hostilities", ["Open Format"], ""),
        ("text", "Verdant Pact", ["Open Format"], "Bramble Wall\nThornback Elk"),
        ("heading", "Duel Format", [], ""),
        ("text", "Ashen Court", ["Duel Format"], "Cinder Hound"),
        ("text", "Tidewatch", ["Duel Format"], "Salt Oracle\nDrowned Bell"),
        ("text", "Waning Hostilities", ["Duel Format"], "Truce Banner"),
        ("text", "Verdant Pact", ["Duel Format"], "Bramble Wall")],
    "nested lists": [
        ("text", "Construction", [],
         "A legal deck follows every rule below.\nForty cards or more\nNo more than three "
         "copies of a card\nExcept basic shores\nof any name\nin any number\nExcept cards "
         "that say otherwise\nExactly one captain"),
        ("text", "Before the First Round", [],
         "1. Shuffle your deck\n2. Draw seven cards\n1. Once per game, you may draw again\n"
         "2. Put the cards you kept face down\n3. Reveal your captain")],
    "definition lists": [
        ("text", None, [], "Each keyword stands for a longer ability printed in the rules."),
        ("term", "Ambush", [], "May be played during an opponent's turn."),
        ("term", "Burn", [], "Deals one damage at the end of the turn.\n"
                             "Two instances deal two damage."),
        ("term", "Cleave, Cleaving", [], "Damage spreads to the next card in the row."),
        ("term", "Drift", [], "Moves to an empty space after attacking.")],
    "tables": [
        ("text", "Tokens", [], "Token Power Notes\nWisp 1 Flies away at dusk.\nGolem of the "
                               "Deep Quarry Cannot move.\nImp 2 Laughs at the first attack.\n"
                               "3 Only in the older printing."),
        ("text", "Costs", [], "Wisp One coin and a feather.\nGolem Two stones.\n"
                              "And a chant sung backwards.")],
    "run-in labels": [
        ("text", None, [], "Every sanctioned event names the people below before its "
                           "first round."),
        ("text", "Head Judge", [], "rules on disputes, and has the last word."),
        ("text", "Organizer", [], "finds the room and keeps the clock."),
        ("text", "Scorekeeper", [], "Records the result of every match."),
        # labels out of alphabetical order open no entries, but keep every word
        ("text", "Penalties", [], "Warning The player is told, and play goes on.\nGame Loss "
                                  "The player loses the current game.\nRemoval The player "
                                  "leaves the event.")],
}


def sections(doc) -> list[tuple]:
    return [(s.kind, s.title, list(s.path), s.text) for s in doc.sections]


@pytest.mark.parametrize("page", list(sites.PAGES))
def test_each_page_alone_gives_its_sections_and_keeps_every_word(page):
    doc = parse(sites.bare(sites.PAGES[page]).encode())
    assert sections(doc) == EXPECTED[page]
    assert doc.title == sites.PAGES[page][0][2]
    assert doc.reading.words.lost == 0 and doc.reading.problems == []


@pytest.mark.parametrize("skin", [s for s in sites.SKINS if s != "bare"])
@pytest.mark.parametrize("page", list(sites.PAGES))
def test_each_generator_s_chrome_is_left_out_and_no_word_of_the_content(page, skin):
    doc = parse(sites.SKINS[skin](sites.PAGES[page]).encode(), source=f"{page}, {skin}")
    assert sections(doc) == EXPECTED[page]
    assert doc.title == sites.PAGES[page][0][2]
    words = doc.reading.words
    assert words.lost == 0, words.lost_at
    assert words.furniture.get("site chrome", 0) > 0
    shown = " ".join(f"{s.heading or ''} {s.text}" for s in doc.sections)
    assert [w for w in sites.CHROME_WORDS if w in shown] == []


@pytest.mark.parametrize("skin", list(sites.SKINS))
def test_a_build_that_changes_only_its_footer_changes_nothing(skin):
    old, new = (parse(sites.SKINS[skin](sites.BAN_LIST, built=when).encode())
                for when in (sites.BUILT, "2025-06-21 08:02:17 UTC"))
    assert diff_documents(old, new).changes == []
    assert (old.version, old.effective) == (new.version, new.effective)
