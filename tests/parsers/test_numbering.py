"""How section numbers relate, read from the numbers alone."""
import pytest

from rookery.parsers.numbering import continues, read_label


def label(text):
    return read_label(text + " x")[0]


@pytest.mark.parametrize("before,after,expected", [
    ("10.4.2", "10.5", True),     # the next sibling of a parent
    ("10.4.2", "10.4.3", True),   # the next sibling
    ("10.4", "10.4.1", True),     # the first child
    ("100.1a", "100.1b", True),   # letters after the digits
    ("3.", "4.", True),
    ("10.4.2", "10.4.2", False),  # the same number again
    ("10.5", "10.4.3", False),    # going back
    ("10.4.2", "12.1", False),    # skipping a chapter's worth
    ("2.1", "7.", False),
])
def test_which_number_can_come_next(before, after, expected):
    assert continues(label(before), label(after)) is expected


@pytest.mark.parametrize("text,number", [
    ("100.1a A two-player game", "100.1a"),
    ("1a. Setting up", "1a"),
    ("(2b) Drawing", "2b"),
    ("1st place wins the lantern", None),  # an ordinal, not a rule
    ("2nd round: each player draws", None),
    ("3rd Edition", None),
    ("2 players sit across", None),
    # a word shortened with a full stop opens no number, whatever follows it
    ("Ver. 2.4 - Lantern Edition", None),
    ("No. 3 lantern burns longest", None),
    ("Art. 12 - The brazier", None),
    ("Gen. 2 embers glow brighter", None),
    ("All: every player draws", None),
    ("A. Appendix of moths", "A"),     # one capital: an appendix
    ("A.4b Moths at dawn", "A.4b"),
])
def test_an_ordinal_is_no_section_number(text, number):
    read = read_label(text)
    assert (read[0].number if read else None) == number


@pytest.mark.parametrize("text,number", [
    ("Art. 3. The cards are dealt", None),  # an abbreviated word, then a number
    ("No. 4 of the tiles", None),
    ("Fig. 2 shows the board", None),
    ("A.4 Scoring", "A.4"),  # an appendix's rule
    ("B. Variants", "B"),
    ("A.4b Ties", "A.4b"),  # letters after the digits
    ("(12c) Passing", "12c"),
])
def test_letters_follow_digits_not_a_capital(text, number):
    read = read_label(text)
    assert (read[0].number if read else None) == number


@pytest.mark.parametrize("text, value", [
    ("I", 1), ("IV", 4), ("XIV", 14), ("xl", 40), ("MCMXCIV", 1994),
    ("IIV", 0), ("IC", 0), ("VX", 0), ("ABC", 0), ("", 0),
])
def test_a_roman_numeral_read_back_to_its_value(text, value):
    from rookery.parsers.numbering import roman, roman_value

    assert roman_value(text) == value
    if value:
        assert roman(value) == text.lower()


def test_numbers_folded_alike_whatever_their_case():
    from rookery.parsers.numbering import folded

    assert folded(("A", "1", "b")) == folded(("a", "1", "B")) == ("a", "1", "b")
    assert folded(("A", "1")) != folded(("A", "2"))
