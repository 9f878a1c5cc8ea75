"""Numbers down a table's column (costs, points, factors) are values, not sections: they
go on neither from one another nor from the document's numbering, so they stay text;
a numbering that only skips a part, or a list that starts again at "1.", is read as
before. Each document written here, as plain text and as a PDF drawn with reportlab."""
import pytest

from lines import as_pdf, as_text

from rookery.parsers import parse

# (text, bold) lines; None is a paragraph space
COSTS = [
    ("Ember Rules", True), None,
    ("1. Lighting", True), None,
    ("1.1 Each player takes three embers at dusk.", False), None,
    ("1.2 The oldest player lights the first lantern.", False), None,
    ("2. Fanning", True), None,
    ("2.1 Fanning an ember costs light, as the table shows.", False), None,
    ("Cost", False), None, ("2.5", False), None, ("3.5", False), None,
    ("4.5", False), None, ("6.5", False), None,
    ("2.2 A player with no light left passes the brazier.", False), None,
    ("2.3 The round ends when every lantern glows.", False),
]
POINTS = [
    ("Ember Rules", True), None,
    ("1. Scoring", True), None,
    ("1.1 Points are counted at dawn, one row at a time.", False), None,
    ("Points Deed", False), None,
    ("0.5 Kept a lantern lit all night", False), None,
    ("0.5 Fanned the last ember", False), None,
    ("1.5 Lit a lantern twice", False), None,
    ("1.2 The player with the most points keeps the brazier.", False), None,
    ("1.3 Ties go to the youngest player.", False),
]
# a numbering that skips a part, and lists that start again: read as before
SKIPS = [
    ("Ember Rules", True), None,
    ("1. Lighting", True), None,
    ("1.1 Each player takes three embers at dusk.", False), None,
    ("1.2 The oldest player lights the first lantern.", False), None,
    ("1. Take a lantern.", False), None, ("2. Light the wick.", False), None,
    ("3.1 A moth flies toward the nearest light.", False), None,
    ("3.2 A moth that reaches a lantern stays.", False), None,
    ("1. Count the moths.", False), None, ("2. Pass the brazier.", False), None,
    ("3.3 The round ends when every lantern glows.", False),
]


def read(lines, form, tmp_path):
    data = as_text(lines) if form == "text" else as_pdf(lines, tmp_path / "rules.pdf")
    return parse(data, source=f"rules.{'txt' if form == 'text' else 'pdf'}")


@pytest.mark.parametrize("form", ["text", "pdf"])
@pytest.mark.parametrize("lines,values,numbers", [
    (COSTS, ["2.5", "3.5", "4.5", "6.5"], ["1", "1.1", "1.2", "2", "2.1", "2.2", "2.3"]),
    (POINTS, ["0.5", "1.5"], ["1", "1.1", "1.2", "1.3"]),
])
def test_numbers_down_a_table_column_are_values_not_sections(lines, values, numbers, form,
                                                             tmp_path):
    doc = read(lines, form, tmp_path)
    assert [s.number for s in doc.sections if s.number] == numbers
    text = " ".join(s.text for s in doc.sections)
    assert all(value in text for value in values)
    assert doc.reading.empty == [] and doc.reading.repeated == []
    assert doc.reading.words.lost == 0


@pytest.mark.parametrize("form", ["text", "pdf"])
def test_a_numbering_that_skips_a_part_is_still_read_as_numbers(form, tmp_path):
    doc = read(SKIPS, form, tmp_path)
    assert [s.number for s in doc.sections if s.number and "." in s.number] == \
        ["1.1", "1.2", "3.1", "3.2", "3.3"]
