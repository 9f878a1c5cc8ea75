"""The file's outline as evidence of its headings (structure/bookmarked.py): which
paragraphs it makes headings, at what level, and when a reading is held to it."""
import pytest

from rookery.model import Section
from rookery.parsers.blocks import Block
from rookery.parsers.structure.bookmarked import head_bookmarked, left_in_text


def para(text):
    return Block(kind="para", text=text)


def heading(text, level):
    return Block(kind="heading", text=text, level=level)


def shape(blocks):
    return [(b.kind, b.level if b.kind == "heading" else None, b.text) for b in blocks]


@pytest.mark.parametrize("blocks,outline,expected", [
    # a paragraph the outline names, among headings the type told apart: at the level of
    # the headings its depth holds
    ([heading("Setup", 1), para("The Board\nUnfold it."), heading("Play", 1), para("Turns")],
     [(0, "Setup"), (1, "The Board"), (0, "Play")],
     [("heading", 1, "Setup"), ("heading", 2, "The Board"), ("para", None, "Unfold it."),
      ("heading", 1, "Play"), ("para", None, "Turns")]),
    # no heading told apart: the outline's depths are the levels
    ([para("Setup"), para("The Board"), para("Unfold it.")],
     [(0, "Setup"), (1, "The Board")],
     [("heading", 1, "Setup"), ("heading", 2, "The Board"), ("para", None, "Unfold it.")]),
    # a contents list's line comes before the heading it lists: the heading is the one
    ([para("Setup"), heading("Setup", 1), para("Unfold it.")],
     [(0, "Setup")],
     [("para", None, "Setup"), ("heading", 1, "Setup"), ("para", None, "Unfold it.")]),
    # a line set alone more often than the outline names it (a running head) stays text
    ([heading("Setup", 1), para("Harbour Lights\nUnfold it."), para("Harbour Lights\nDeal.")],
     [(0, "Setup"), (1, "Harbour Lights")],
     [("heading", 1, "Setup"), ("para", None, "Harbour Lights\nUnfold it."),
      ("para", None, "Harbour Lights\nDeal.")]),
    # a paragraph that opens with a number is a rule already; a long line is no heading
    ([heading("Setup", 1), para("1.1 Unfold the board."),
      para("Every captain takes five crates of a colour and sets them by the quay.")],
     [(0, "Setup"), (1, "1.1 Unfold the board."),
      (1, "Every captain takes five crates of a colour and sets them by the quay.")],
     [("heading", 1, "Setup"), ("para", None, "1.1 Unfold the board."),
      ("para", None, "Every captain takes five crates of a colour and sets them by the quay.")]),
    # the outline in its own order: a title met before the place it names is not taken
    ([para("Storms"), heading("Setup", 1), para("Unfold it.")],
     [(0, "Setup"), (1, "Storms")],
     [("para", None, "Storms"), ("heading", 1, "Setup"), ("para", None, "Unfold it.")]),
    # a later part's heading that only shares the words is not taken over the line
    # here, when taking it would pass a heading the next entries name
    ([heading("Setup", 1), para("Storms\nA wind blows."), heading("Play", 1),
      heading("1. Storms", 2)],
     [(0, "Setup"), (1, "Storms"), (0, "Play")],
     [("heading", 1, "Setup"), ("heading", 2, "Storms"), ("para", None, "A wind blows."),
      ("heading", 1, "Play"), ("heading", 2, "1. Storms")]),
    # a list item the outline names (a heading style that carries a bullet)
    ([heading("Setup", 1), Block(kind="item", text="Cargo:"), para("Take five crates.")],
     [(0, "Setup"), (1, "\u2022 Cargo:")],
     [("heading", 1, "Setup"), ("heading", 2, "Cargo:"), ("para", None, "Take five crates.")]),
    # a contents line with its leaders and page names no heading (whatever its length)
    ([para("Storms " + "." * 130 + " 3"), para("Storms\nA wind blows.")],
     [(0, "Storms")],
     [("para", None, "Storms " + "." * 130 + " 3"), ("heading", 1, "Storms"),
      ("para", None, "A wind blows.")]),
    # a bookmark that carries a number names a numbered heading, not a line of its words
    ([heading("1. Setup", 1), para("Setup\nUnfold it.")],
     [(0, "1. Setup"), (0, "2. Setup")],
     [("heading", 1, "1. Setup"), ("para", None, "Setup\nUnfold it.")]),
])
def test_the_outline_makes_the_paragraphs_it_names_headings(blocks, outline, expected):
    assert shape(head_bookmarked(blocks, outline)) == expected


def section(title=None, text="", number=None, path=()):
    return Section(title=title, kind="ruling" if number else "text", text=text, number=number,
                   path=path)


SECTIONS = [section("Setup", "Unfold the board.\nThe Board\nLay the tiles.\nCargo\nTake five "
                    "crates.\nCoins\nKeep them in sight."),
            section("Play", "Move three spaces.", path=()),
            section(None, "These rules apply to every game with two or more captains.",
                    number="100.1"),
            section("Gull", "A token that waits on the lighthouse.")]


@pytest.mark.parametrize("outline,expected", [
    (["Setup", "Play"], []),  # every bookmark a heading
    (["Setup", "The Board", "Cargo", "Coins"], ["The Board", "Cargo", "Coins"]),
    (["Setup", "The Board", "Cargo"], []),  # fewer than three: a stray one is no fault
    # a rule named by its number and first words; a definition named by all its text
    (["100.1 These rules apply to every game with two or more captains",
      "A token that waits on the lighthouse."], []),
    (["Cover", "Contents", "Setup"], []),  # found nowhere: says nothing
    # an outline that quotes each rule whole, past any heading's length
    (["100.1 These rules apply to every game with two or more captains, " + "and more " * 20,
      "The Board", "Cargo", "Coins"], ["The Board", "Cargo", "Coins"]),
    (["2 The Board", "2.1 Cargo", "Coins"], ["2 The Board", "2.1 Cargo", "Coins"]),
])
def test_bookmarks_left_as_lines_of_text_are_found(outline, expected):
    assert left_in_text(SECTIONS, outline) == expected


def test_a_few_left_among_many_found_are_no_fault():
    many = [section(f"Part {k}", "Text.") for k in range(40)]
    outline = [f"Part {k}" for k in range(40)] + ["The Board", "Cargo", "Coins"]
    assert left_in_text(many + SECTIONS, outline) == []
