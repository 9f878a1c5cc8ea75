"""Headings set in the body's type and underlined (a word processor's way, its underline a
thin rule drawn under the baseline, stroked or filled) are read as headings; a phrase
underlined inside a line, a link's address, a sentence's line underlined and a rule across
the column stay text. Pages drawn with reportlab, then as Ghostscript and pdftocairo
rewrite them."""
import textwrap

import pytest
from reportlab.pdfgen import canvas

from rewrite import missing, rewritten
from rookery.parsers import parse

PARTS = [("Aim of the game", "The last player with a lantern still lit at dawn wins the "
                             "vigil, whatever the number of moths around it."),
         ("Setting up", "Each player takes three lanterns and six wicks; the youngest "
                        "player keeps the moth bag and deals the first night."),
         ("Playing a night", "Players take turns clockwise, each lighting or guarding one "
                             "lantern, until every lantern is lit or guarded."),
         ("Dawn", "At dawn every lantern still lit scores a point for its owner, and "
                  "the moth bag passes to the left.")]
FONT, SIZE = "Times-Roman", 11


def _underline(c, x: float, y: float, width: float, filled: bool) -> None:
    if filled:  # a thin filled box, as Ghostscript draws a Word underline
        c.rect(x, y - 2.2, width, 0.6, stroke=0, fill=1)
    else:
        c.setLineWidth(0.6)
        c.line(x, y - 2, x + width, y - 2)


def rules_page(path, filled: bool) -> bytes:
    c = canvas.Canvas(str(path), pagesize=(420, 620))
    y = 580
    c.setFont("Helvetica-Bold", 16)
    c.drawString(40, y, "Lantern Vigil")
    y -= 36
    for k, (title, text) in enumerate(PARTS):
        c.setFont(FONT, SIZE)
        c.drawString(40, y, title)
        _underline(c, 40, y, c.stringWidth(title, FONT, SIZE), filled)
        y -= 16
        lines = textwrap.wrap(text, 64)
        for n, line in enumerate(lines):
            c.drawString(40, y, line)
            if k == 1 and n == 0:  # a phrase underlined inside the line
                start = c.stringWidth(line.split("three")[0], FONT, SIZE)
                _underline(c, 40 + start, y, c.stringWidth("three lanterns", FONT, SIZE),
                           filled)
            if k == 2 and n == 0:  # a sentence's whole line underlined for stress
                _underline(c, 40, y, c.stringWidth(line, FONT, SIZE), filled)
            y -= 14
        if k == 0:  # a link's address on a line of its own, underlined as links are
            c.drawString(40, y, "www.lantern-vigil.org/rules")
            _underline(c, 40, y, c.stringWidth("www.lantern-vigil.org/rules", FONT, SIZE),
                       filled)
            y -= 14
        if k == 3:  # a rule across the column under the last paragraph
            c.setLineWidth(0.6)
            c.line(40, y + 10, 380, y + 10)
        y -= 14
    c.save()
    return path.read_bytes()


@pytest.mark.parametrize("program", [None, "ghostscript", "pdftocairo"])
@pytest.mark.parametrize("filled", [False, True], ids=["stroked", "filled"])
def test_underlined_lines_head_their_parts(filled, program, tmp_path):
    if program and missing(program):
        pytest.skip(missing(program))
    data = rules_page(tmp_path / "vigil.pdf", filled)
    doc = parse(rewritten(data, program) if program else data, source="vigil.pdf")
    assert [s.title for s in doc.sections if s.title] == [t for t, _text in PARTS]
    texts = {s.title: " ".join(s.text.split()) for s in doc.sections}
    assert texts["Aim of the game"] == PARTS[0][1] + " www.lantern-vigil.org/rules"
    assert texts["Setting up"] == PARTS[1][1]
    assert texts["Playing a night"] == PARTS[2][1]
    assert not doc.reading.doubtful, doc.reading.problems
