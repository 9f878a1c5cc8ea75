"""A file with no heading styles shows its headings in bold; a table's header row in
bold is no heading: its cells stay a row of the section the table stands in."""
import pytest

from rookery.parsers import parse
from wordfile import docx, para, run, table

HEADERS = [["Piece", "Moves"], ["Piece", "Moves", "Captures"],
           ["Piece", "Moves", "Captures", "Since"]]
ROWS = [["Scout", "two squares", "forward only", "first edition"],
        ["Keeper", "one square", "never", "second edition"]]


@pytest.mark.parametrize("header", HEADERS, ids=lambda h: f"{len(h)} columns")
@pytest.mark.parametrize("repeated", [False, True], ids=["plain", "repeated header"])
def test_a_bold_header_row_is_no_heading(header, repeated):
    bold_row = [para(run(c, b=True)) for c in header]
    body = [para(run("Pieces", b=True)), para("Each side has the pieces below."),
            table([bold_row] + [r[:len(header)] for r in ROWS], header=repeated),
            para("A piece that leaves the board is out of the game."),
            para(run("Winning", b=True)), para("The last side with a keeper wins.")]
    doc = parse(docx(body), source="pieces.docx")
    assert [s.title for s in doc.sections] == ["Pieces", "Winning"]
    lines = doc.sections[0].text.split("\n")
    assert " ".join(header) in lines
    assert " ".join(ROWS[0][:len(header)]) in lines
