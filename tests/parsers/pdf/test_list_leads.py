"""A list's item that prints its bullet ("- Swaps are made as follows:") heads nothing:
not set bold over the items after it, not set apart like a heading, not named by the
file's bookmarks. Its words stay in the section around it. Pages drawn with reportlab."""
import pytest
from reportlab.pdfgen import canvas

from rookery.parsers import parse

LEAD = "- Swaps are made as follows:"
ITEMS = ["\u2022 The judge is told of the swap and agrees to it;",
         "\u2022 The new player waits at the side of the board until the bell;",
         "\u2022 The player who leaves may go out on any side."]


def page(path, lead_font: str, lead_size: float, bookmark: bool) -> bytes:
    """A headed page: a section over a paragraph, the lead and its items, then another
    section; with `bookmark`, the file's outline names each heading and the lead too."""
    c = canvas.Canvas(str(path), pagesize=(420, 600))
    lines = [("Five-a-Side Rules", "Helvetica-Bold", 20, False),
             ("Fielding Teams", "Helvetica-Bold", 14, True),
             ("Each team fields five players and names two to swap in.", "Helvetica", 10, False),
             (LEAD, lead_font, lead_size, True)]
    lines += [(item, "Times-Roman", 10, False) for item in ITEMS]
    lines += [("Scoring", "Helvetica-Bold", 14, True),
              ("A goal scores one point; the higher score wins the match.", "Helvetica", 10, False)]
    y = 560
    for n, (text, font, size, marked) in enumerate(lines):
        if bookmark and marked:
            c.bookmarkHorizontal(f"h{n}", 40, y + size)
            c.addOutlineEntry(text, f"h{n}", level=0)
        c.setFont(font, size)
        c.drawString(40, y, text)
        y -= size * 1.5 if size <= lead_size or n + 1 == len(lines) else size * 2
    c.save()
    return path.read_bytes()


@pytest.mark.parametrize("bookmark", [False, True], ids=["no outline", "bookmarked"])
@pytest.mark.parametrize("font,size", [("Helvetica-Bold", 10), ("Helvetica-Bold", 12),
                                       ("Helvetica", 10)])
def test_a_list_item_printing_its_bullet_heads_nothing(font, size, bookmark, tmp_path):
    doc = parse(page(tmp_path / "teams.pdf", font, size, bookmark), source="teams.pdf")
    assert [s.title for s in doc.sections if s.title] == ["Fielding Teams", "Scoring"]
    fielding = next(s for s in doc.sections if s.title == "Fielding Teams")
    assert LEAD in fielding.text and "any side" in fielding.text
    assert doc.reading.problems == []
