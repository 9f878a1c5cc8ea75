"""The word account: every word a reader was given is in a section, in furniture it names,
or lost, and what a reader joins or parts is the word it prints."""
import pytest

from rookery.parsers.structure.account import account, words


def test_words_are_letters_and_digits_case_folded_and_spelled_out():
    assert words("The \ufb01rst Lantern\u2019s 2.1a — STRASSE") == \
        ["the", "first", "lantern", "s", "2", "1a", "strasse"]


def test_a_chinese_or_japanese_character_is_a_word_of_its_own():
    assert words("規則 1 ルール") == ["規", "則", "1", "ル", "ー", "ル"]


@pytest.mark.parametrize("given,kept,furniture,lost", [
    # the same words, however the lines ran
    (["Lanterns are lit at dusk.", "A moth snuffs one."],
     ["Lanterns are lit at dusk. A moth snuffs one."], [], 0),
    # a word hyphenated at a line's end is the word printed whole ...
    (["Each player con-", "siders the board."], ["Each player considers the board."], [], 0),
    # ... wherever its halves stood (a column's foot, the next column's head)
    (["Each player con-", "Moths fly.", "siders the board."],
     ["Moths fly.", "Each player considers the board."], [], 0),
    # a letter-spaced heading is its word
    (["N O T E S", "Read these first."], ["Notes", "Read these first."], [], 0),
    # a word the document holds in pieces is the word it was given
    (["Thunderstruck moths."], ["Thunder struck moths."], [], 0),
    # a glyph the file gives no text for stands for the letters the reader put there
    (["The \ufffdrst round."], ["The first round."], [], 0),
    # what the reader left out on purpose is furniture, not lost
    (["Skyforge Rules 3", "Lanterns are lit."], ["Lanterns are lit."],
     [("running heads and page numbers", "Skyforge Rules 3")], 0),
    # a heading that went nowhere is lost, and so is a word dropped from a sentence
    (["Waning Hostilities", "Ser Horas is restricted."], ["Ser Horas is restricted."], [], 2),
    (["A moth deals two damage."], ["A moth deals damage."], [], 1),
])
def test_the_account_of_words_given_against_words_kept(given, kept, furniture, lost):
    found = account([(f"line {k + 1}", text) for k, text in enumerate(given)], furniture, kept)
    assert found.lost == lost
    assert found.words == sum(len(words(t)) for t in given)
    assert found.in_sections + found.lost + sum(found.furniture.values()) == found.words


def test_lost_words_say_where_they_stood_with_the_words_around_them():
    given = [("page 1", "Rules of the Lantern Guild"), ("page 2", "Lanterns are lit at dusk"),
             ("page 3", "Waning Hostilities Ser Horas is restricted")]
    found = account(given, [], ["Rules of the Lantern Guild", "Lanterns are lit at dusk",
                                "Ser Horas is restricted"])
    assert found.lost == 2
    assert found.lost_at == [("page 3", "are lit at dusk [waning hostilities] ser horas is "
                                        "restricted")]


def test_a_word_lost_among_many_of_its_kind_is_placed_with_its_lost_neighbours():
    # "the" is printed often; the one lost is the one beside the other lost words
    given = [("page 1", "the lantern is lit the moth flies the end"),
             ("page 2", "under the old bridge")]
    found = account(given, [], ["the lantern is lit the moth flies the end"])
    assert found.lost == 4
    assert found.lost_at[0][0] == "page 2"


def test_list_numbers_a_reader_wrote_itself_do_not_hide_a_lost_number():
    # the page prints "step 3" in its text; the reader numbered a list "3." and lost
    # the text's "3": the number it wrote is not the one the document printed
    given = [("top", "Do step 3 before the others"), ("top", "First item")]
    found = account(given, [], ["Do step before the others", "3. First item"], added=["3."])
    assert found.lost == 1


def test_furniture_counts_only_what_was_given():
    found = account([("page 1", "Skyforge Rules 1 Lanterns")], [
        ("running heads and page numbers", "Skyforge Rules 1"),
        ("running heads and page numbers", "Skyforge Rules 2")], ["Lanterns"])
    assert found.furniture == {"running heads and page numbers": 3}
    assert found.lost == 0 and found.in_sections == 1
