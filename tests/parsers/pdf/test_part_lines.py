"""A part's line ("4 Results - standings", its number without a mark) set just over the
first rule of the part ("4.1 Game points") stays a line of its own: a dotted number
opens a section, never the wrapped line of a heading nor the text a name line names.
Pages drawn with reportlab."""
import textwrap

import pytest
from reportlab.pdfgen import canvas

from rookery.parsers import parse

RULES = [("3.1 Boards", "Each match is played on six boards, with white on the odd boards "
                        "for the home team and on the even boards for the visitors."),
         ("3.2 Dress", "Players of the first division wear their club's shirt in the "
                       "first and the last round, on pain of a fine for the club."),
         ("4.1 Game points", "A won game counts one point and a drawn game half a point; a "
                             "game lost by default counts one point less for the loser."),
         ("4.2 Match points", "The team with more game points wins the match and takes two "
                              "match points; a drawn match gives each team one point.")]


def page(path, part_font: str, centred: bool, gap: float) -> bytes:
    c = canvas.Canvas(str(path), pagesize=(420, 600))
    y = 560
    c.setFont("Helvetica-Bold", 16)
    c.drawString(40, y, "Club League Rules")
    y -= 40
    for number, (title, text) in enumerate(RULES):
        if number == 2:
            c.setFont(part_font, 11)
            if centred:
                c.drawCentredString(210, y, "4 Results - standings")
            else:
                c.drawString(40, y, "4 Results - standings")
            y -= 11 * gap
        c.setFont("Helvetica-Bold", 11)
        c.drawString(40, y, title)
        y -= 15
        c.setFont("Times-Roman", 10)
        for line in textwrap.wrap(text, 70):
            c.drawString(40, y, line)
            y -= 12
        y -= 12
    c.save()
    return path.read_bytes()


@pytest.mark.parametrize("gap", [1.2, 1.5])
@pytest.mark.parametrize("centred", [True, False], ids=["centred", "left"])
@pytest.mark.parametrize("font", ["Helvetica-Bold", "Times-Bold"])
def test_a_part_line_over_its_first_rule_stays_apart(font, centred, gap, tmp_path):
    doc = parse(page(tmp_path / "league.pdf", font, centred, gap), source="league.pdf")
    numbered = {s.number: s for s in doc.sections if s.number}
    assert numbered["4.1"].title == "Game points"
    assert " ".join(numbered["4.1"].text.split()) == RULES[2][1]
    assert "Results" not in numbered["3.2"].text
    assert any("Results - standings" in (s.title or "") for s in doc.sections)
