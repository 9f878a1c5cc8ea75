"""A chapter that starts a page with its number set apart from its title ("1   Setup",
as LaTeX sets a section) keeps its number: the numbers at the top of page after page
are no page numbers, while the real page numbers at the foot are. Pages drawn with
reportlab."""
import textwrap

import pytest
from reportlab.pdfgen import canvas

from rookery.parsers import parse

CHAPTERS = [("Setup", "Each player takes a lantern, three wicks and a hand of five "
                      "cards; the youngest player keeps the moth bag."),
            ("Play", "Players take turns clockwise, lighting or guarding one lantern "
                     "each turn, until the moth bag is empty."),
            ("Scoring", "Every lantern still lit at dawn scores a point for its owner; "
                        "the most points wins the vigil.")]


def book(path, gap: float, numbers_at: str) -> bytes:
    c = canvas.Canvas(str(path), pagesize=(420, 600))
    c.setFont("Helvetica-Bold", 20)
    c.drawString(40, 540, "Lantern Vigil")
    c.setFont("Times-Roman", 11)
    c.drawString(40, 510, "The rules of the lantern vigil, for two to five players.")
    for page, (title, text) in enumerate([(None, None)] + CHAPTERS, 1):
        if title is not None:
            number = str(page - 1)
            c.setFont("Helvetica-Bold", 16)
            c.drawString(40, 550, number)
            c.drawString(40 + c.stringWidth(number, "Helvetica-Bold", 16) + gap, 550, title)
            c.setFont("Times-Roman", 11)
            y = 520
            for line in textwrap.wrap(text, 66):
                c.drawString(40, y, line)
                y -= 14
        c.setFont("Times-Roman", 9)
        x = {"centre": 210, "right": 380}[numbers_at]
        c.drawCentredString(x, 30, str(page))
        c.showPage()
    c.save()
    return path.read_bytes()


@pytest.mark.parametrize("gap", [12.0, 24.0])
@pytest.mark.parametrize("numbers_at", ["centre", "right"])
def test_a_chapters_number_atop_its_page_is_no_page_number(gap, numbers_at, tmp_path):
    doc = parse(book(tmp_path / "vigil.pdf", gap, numbers_at), source="vigil.pdf")
    chapters = [(s.number, s.title) for s in doc.sections if s.number]
    assert chapters == [(str(k), title) for k, (title, _t) in enumerate(CHAPTERS, 1)]
    assert all(f"{n}" not in s.text.split() for s in doc.sections for n in range(1, 5)
               if s.number is None)  # the page numbers are gone
    assert not doc.reading.doubtful, doc.reading.problems
