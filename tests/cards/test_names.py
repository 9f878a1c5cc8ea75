"""Card names as documents cite them, their identity, and finding them in text."""
import pytest

from rookery.cards.names import Entry, Finder, card_key, entries, entry


@pytest.mark.parametrize("line,want", [
    ("Kiln Warden (Core Set, 12)", Entry("Kiln Warden", "Core Set", "12")),
    ('"Soot Hound" (Core Set, 21)', Entry("Soot Hound", "Core Set", "21")),
    ("\u201cSoot Hound\u201d (Core Set, 21)", Entry("Soot Hound", "Core Set", "21")),
    ("Ember Queen's Court  (Smoke and  Mirrors, 7)", Entry("Ember Queen's Court",
                                                          "Smoke and Mirrors", "7")),
    ("Bellows Mage ((Smoke and Mirrors, 7)", Entry("Bellows Mage", "Smoke and Mirrors", "7")),
    ("Lantern (Core Set, 12a)", Entry("Lantern", "Core Set", "12a")),
    ("Rules Reference page 26, column 1, paragraph 9", None),
    ("The complete set of Smoke and Mirrors is not legal.", None),
    ("(Core Set, 12)", None),
    ("Kiln Warden (Core Set)", None),
])
def test_an_entry_cites_a_card_by_name_pack_and_number(line, want):
    assert entry(line) == want


def test_a_line_of_two_citations_run_together_gives_both():
    text = ('Soot Hound (Core Set, 21) "Ember Queen" (Smoke and Mirrors, 30)\n'
            "Ash Lantern (Core Set, 3), as printed in Smoke and Mirrors (Smoke and Mirrors, 2)")
    assert [e.name for e in entries(text)] == ["Soot Hound", "Ember Queen"]


def test_a_list_s_lines_that_cite_no_card_are_left_out():
    text = "No restricted cards at this time.\nAsh Lantern (Core Set, 3)\n\nEmber Queen (Core, 30)"
    assert [e.name for e in entries(text)] == ["Ash Lantern", "Ember Queen"]


@pytest.mark.parametrize("a,b", [
    ("The Dornish Lantern", "the dornish lantern"),
    ('"Soot Hound"', "Soot Hound"),
    ("Queen\u2019s Court", "Queen's Court"),
    ("  Kiln   Warden ", "Kiln Warden"),
])
def test_a_card_is_its_name_whatever_the_case_quotes_spacing_or_apostrophe(a, b):
    assert card_key(a) == card_key(b)


FINDER = Finder(["Kiln Warden", "Ember Queen", "Ember Queen's Court", "Ward",
                 "King's Landing", "Soot Hound"])


@pytest.mark.parametrize("text,want", [
    ("If I control Kiln Warden, who lights first?", {"kiln warden"}),
    ("if i control kiln warden", set()),  # the case the documents print
    ("Kiln Wardens are not cards.", set()),  # whole words only
    ("Ember Queen's Court is a location.", {"ember queen's court"}),  # longest name first
    ("The Ember Queen\u2019s ability resolves.", {"ember queen"}),
    ("Ward is a keyword. Ward keeps it.", set()),  # a one-word name opening a sentence
    ("Choose a Ward character.", {"ward"}),  # ...elsewhere it counts
    ('Play No Lanterns (King\'s Landing, 22) first.', set()),  # a pack, not the card
    ('He reached King\'s Landing.', {"king's landing"}),
    ('"Soot Hound" is restricted.', {"soot hound"}),
])
def test_known_names_are_found_in_text_as_printed(text, want):
    assert FINDER.keys(text) == want


def test_names_a_person_typed_match_in_any_case():
    assert Finder(["kiln warden"], any_case=True).keys("Kiln Warden enters play") == \
        {"kiln warden"}

