"""A heading's type says how deep it sits, but never inside the heading whose number it
follows: a "1.2" set a size smaller than "1.1" is still its sibling. Numbering that
starts afresh under a heading stays under it."""
import pytest

from rookery.parsers import parse

SCHEMES = [
    # (the parent, the heading before, the one that follows it)
    ("1. The Round", "1.1 Dusk", "1.2 Lanterns"),
    ("(1) The Round", "(1.1) Dusk", "(1.2) Lanterns"),
    ("Chapter", "8. Conduct", "9. Penalties"),
    ("3. Moths", "3.1.4 Wings", "3.2 Flight"),
    ("A. Setup", "A.1 Tiles", "A.2 Tokens"),
]


def page(parent: str, before: str, after: str, tags=("h2", "h3", "h4")) -> bytes:
    a, b, c = tags
    return (f"<h1>Lanternfall Rules</h1><{a}>{parent}</{a}><p>What a round is.</p>"
            f"<{b}>{before}</{b}><p>Each round opens at dusk.</p>"
            f"<{c}>{after}</{c}><p>The first player lights a lantern.</p>").encode()


def paths(data: bytes) -> dict:
    doc = parse(data, source="rules.html")
    return {s.heading: s.path for s in doc.sections if s.heading}, doc.reading


@pytest.mark.parametrize("parent,before,after", SCHEMES)
def test_a_heading_set_smaller_is_not_inside_the_one_it_follows(parent, before, after):
    got, reading = paths(page(parent, before, after))
    assert got[after] == got[before]
    assert reading.misplaced == []


@pytest.mark.parametrize("parent,before,after", SCHEMES)
def test_the_same_headings_set_alike_read_the_same(parent, before, after):
    # the control: the heading that follows set at the same size as the one before
    smaller, _ = paths(page(parent, before, after))
    alike, _ = paths(page(parent, before, after, tags=("h2", "h3", "h3")))
    assert smaller == alike


def test_numbering_that_starts_afresh_under_a_heading_stays_under_it():
    data = ("<h1>Lanternfall Rules</h1><h2>2. Setup</h2><p>Before the first round:</p>"
            "<h3>1. Shuffle</h3><p>Shuffle the deck.</p><h3>2. Deal</h3><p>Deal five.</p>"
            "<h3>3. Draw</h3><p>Draw one.</p><h2>3. Play</h2><p>Take turns.</p>").encode()
    got, reading = paths(data)
    assert got["3. Draw"] == got["1. Shuffle"] == ("Lanternfall Rules", "2. Setup")
    assert got["3. Play"] == ("Lanternfall Rules",)
    assert reading.misplaced == []


@pytest.mark.parametrize("parent,before,after", SCHEMES)
def test_in_a_pdf_a_heading_set_smaller_is_not_inside_the_one_it_follows(
        parent, before, after, tmp_path):
    from reportlab.pdfgen import canvas

    path = tmp_path / "rules.pdf"
    c = canvas.Canvas(str(path), pagesize=(420, 700))
    y = 660
    for text, size in [("Lanternfall Rules", 20), (parent, 16), ("What a round is.", 10),
                       (before, 14), ("Each round opens at dusk.", 10),
                       (after, 12), ("The first player lights a lantern.", 10)]:
        c.setFont("Helvetica-Bold" if size > 10 else "Times-Roman", size)
        c.drawString(40, y, text)
        y -= size + 14
    c.save()
    doc = parse(path.read_bytes(), source="rules.pdf")
    got = {s.heading: s.path for s in doc.sections if s.heading}
    assert got[after] == got[before]
    assert doc.reading.misplaced == []
