"""A dialogue's speaker labels ("P: ...", "G: ...") are not section numbers: a single
capital and a colon that the document prints again, with another speaker between, is a
turn of talk, and stays in the text of the section that holds it. Each document is
written here, as plain text and as a PDF drawn with reportlab, its turns set in plain
type or in bold as a heading is."""
import pytest

from lines import as_pdf, as_text

from rookery.parsers import parse


def _dialogue(first: str, second: str, bold: bool):
    """(text, bold) lines of a short rules document with a dialogue under "2.2"; None is
    a paragraph space."""
    turns = [(first, "Will you pass me the lantern, please?"),
             (second, "(Keeper lifts the brass lantern)"),
             (first, "That is the wrong lantern. Take the copper one."),
             (second, "(Keeper lifts the copper lantern)"),
             (first, "Thank you. Follow me to the hall.")]
    lines = [("Lantern Rules", True), None,
             ("1. Lighting", True), None,
             ("1.1 Each player takes three embers at dusk.", False), None,
             ("2. Asking for Help", True), None,
             ("2.1 A player may ask the keeper for help once a round.", False), None,
             ("2.2 Example", True), None,
             ("In this example the seeker cannot reach the lantern.", False), None]
    for speaker, words in turns:
        lines += [(f"{speaker}: {words}", bold), None]
    return lines + [("2.3 Help costs the player one ember.", False), None,
                    ("3. Ending", True), None,
                    ("3.1 The round ends when every lantern glows.", False)]


@pytest.mark.parametrize("form", ["text", "pdf"])
@pytest.mark.parametrize("first, second", [("S", "K"), ("R", "H"), ("Q", "A")])
@pytest.mark.parametrize("bold", [False, True])
def test_a_speakers_label_that_comes_again_is_a_turn_not_a_section(first, second, bold,
                                                                  form, tmp_path):
    lines = _dialogue(first, second, bold)
    data = as_text(lines) if form == "text" else as_pdf(lines, tmp_path / "rules.pdf")
    doc = parse(data, source=f"rules.{'txt' if form == 'text' else 'pdf'}")
    assert [s.number for s in doc.sections if s.number] == \
        ["1", "1.1", "2", "2.1", "2.2", "2.3", "3", "3.1"]
    assert doc.reading.repeated == []
    text = " ".join(s.text for s in doc.sections)
    assert "Keeper lifts the copper lantern" in text and "Follow me to the hall" in text
