"""Lines set in the larger type of the document's headings that the reader keeps as text
("Special Cards:" in the type of "Setup" and "Play", its colon read as a list's lead-in)
make the reading doubtful: headings left in the text. The same lines in the body's type
are lead-ins. Pages drawn with reportlab."""
import textwrap

import pytest
from reportlab.pdfgen import canvas

from rookery.parsers import parse

TEXT = ("Each player takes three lanterns and six wicks; the youngest player keeps the "
        "moth bag and deals the first night of the vigil.")
CARDS = ["Glow: a lantern card that lights at once.", "Ward: a card that guards one lantern.",
         "Dusk: a card that ends the night."]
PARTS = [("Setup", None), ("Special Cards:", CARDS), ("Play", None), ("Moth Cards:", CARDS),
         ("Dawn", None)]


def page(path, lead_size: float) -> bytes:
    c = canvas.Canvas(str(path), pagesize=(420, 700))
    y = 660
    c.setFont("Helvetica-Bold", 18)
    c.drawString(40, y, "Lantern Vigil")
    y -= 36
    for title, items in PARTS:
        c.setFont("Helvetica-Bold", 14 if items is None else lead_size)
        c.drawString(40, y, title)
        y -= 18
        c.setFont("Times-Roman", 11)
        for line in items or textwrap.wrap(TEXT, 64):
            c.drawString(40, y, line)
            y -= 14
        y -= 12
    c.save()
    return path.read_bytes()


def test_lines_in_the_headings_type_left_in_the_text(tmp_path):
    doc = parse(page(tmp_path / "vigil.pdf", 14), source="vigil.pdf")
    # (the reader reads them as lead-ins of their lists, into the part before)
    assert [s.title for s in doc.sections] == ["Setup", "Play", "Dawn"]
    assert doc.reading.headings_lost == ["Special Cards:", "Moth Cards:"]
    assert doc.reading.doubtful


@pytest.mark.parametrize("size", [11, 12])
def test_lead_ins_in_the_bodys_type_or_near_it_are_no_headings(size, tmp_path):
    doc = parse(page(tmp_path / "vigil.pdf", size), source="vigil.pdf")
    assert doc.reading.headings_lost == [] and not doc.reading.doubtful, doc.reading.problems
