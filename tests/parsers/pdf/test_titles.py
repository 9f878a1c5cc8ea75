"""What a PDF sets apart is a heading only when it names something; letter-spaced type
keeps its words whole however its letters are kerned; a file with no headings at all is
read a paragraph a section. Pages drawn for these tests with reportlab."""
import random

import pytest
from reportlab.lib.colors import Color
from reportlab.pdfgen import canvas

from rookery.parsers import parse

BODY = ["The first player fans one ember and passes the brazier to the left.",
        "A fanned ember glows until dawn; a glowing ember cannot be fanned again.",
        "When every ember glows, the round ends and each player counts their light."]


def page(path, lines: list[tuple[str, str, float]]) -> bytes:
    """A page of (text, font, size) lines, top to bottom."""
    c = canvas.Canvas(str(path), pagesize=(420, 600))
    y = 560
    for text, font, size in lines:
        if font == "link":
            c.setFillColor(Color(0.1, 0.2, 0.8))
            font = "Helvetica-Bold"
        else:
            c.setFillColor(Color(0, 0, 0))
        c.setFont(font, size)
        c.drawString(40, y, text)
        y -= size * 1.6
    c.save()
    return path.read_bytes()


@pytest.mark.parametrize("odd", [
    "2024", "3600", "\u2020", "\u2022 \u2022", "https://example.org/ember-rules",
    "www.example.org", "rules@example.org", "May 20, 2024",
    "Bonus = (600 - time) x 0.5", "Pair < Triple < Bomb",
])
def test_a_number_a_symbol_or_a_link_set_apart_is_no_heading(odd, tmp_path):
    lines = [("Ember Rules", "Helvetica-Bold", 16), (BODY[0], "Times-Roman", 10),
             (odd, "link" if "." in odd and " " not in odd else "Helvetica-Bold", 13),
             (BODY[1], "Times-Roman", 10),
             ("Ending the Round", "Helvetica-Bold", 13), (BODY[2], "Times-Roman", 10)]
    doc = parse(page(tmp_path / "p.pdf", lines), source="p.pdf")
    assert doc.title == "Ember Rules"
    assert [s.title for s in doc.sections if s.title] == ["Ending the Round"]
    assert any(odd.split()[0] in s.text for s in doc.sections)
    assert doc.reading.problems == []


@pytest.mark.parametrize("style", [("link", 11), ("Times-Roman", 13)])
@pytest.mark.parametrize("address", [
    "example.org/ember-rules.pdf", "ember-rules.example.org",
    "games.example.org/assets/12/ember_rules_2024-2.pdf",  # an address's tail, broken
])
def test_a_web_address_without_its_scheme_set_apart_is_no_heading(address, style, tmp_path):
    """A host name alone, or with its path (the tail of an address broken at the line's
    end, the next line in other type), names nothing."""
    font, size = style
    lines = [("Ember Rules", "Helvetica-Bold", 16), (BODY[0], "Times-Roman", 10),
             ("The full rules are found at https://lantern-", "Times-Roman", 10),
             (address, font, size), (BODY[1], "Times-Roman", 10),
             ("Ending the Round", "Helvetica-Bold", 13), (BODY[2], "Times-Roman", 10)]
    doc = parse(page(tmp_path / "p.pdf", lines), source="p.pdf")
    assert [s.title for s in doc.sections if s.title] == ["Ending the Round"]
    assert any(address in s.text for s in doc.sections)
    assert doc.reading.problems == []


def test_a_sheet_with_no_headings_is_read_a_paragraph_a_section(tmp_path):
    c = canvas.Canvas(str(tmp_path / "sheet.pdf"), pagesize=(420, 600))
    y = 560
    for text in BODY:
        c.setFont("Times-Roman", 10)
        c.drawString(40, y, text)
        y -= 30  # a paragraph space between them
    c.save()
    doc = parse((tmp_path / "sheet.pdf").read_bytes(), source="sheet.pdf")
    assert [(s.title, s.text) for s in doc.sections] == [(None, t) for t in BODY]
    assert doc.reading.problems == []


@pytest.mark.parametrize("seed", range(4))
def test_letter_spaced_type_keeps_its_words_however_its_letters_are_kerned(seed, tmp_path):
    """Each letter drawn on its own, the tracking a tenth of an em and the kerning up to
    half as much again: PDFium infers spaces at the wider gaps, and none of them is a
    word space (a real one is a quarter em wider than the letters' gaps)."""
    jitter = random.Random(seed)
    c = canvas.Canvas(str(tmp_path / "spaced.pdf"), pagesize=(420, 600))
    size, y = 14, 560
    for words in (["Lantern", "Nationality"], ["Ember", "Brazier", "Rules"]):
        x = 40.0
        for n, word in enumerate(words):
            if n:
                x += c.stringWidth(" ", "Helvetica-Bold", size) + 0.1 * size
            for letter in word:
                c.setFont("Helvetica-Bold", size)
                c.drawString(x, y, letter)
                x += c.stringWidth(letter, "Helvetica-Bold", size) \
                    + size * (0.1 + jitter.uniform(-0.03, 0.05))
        y -= 24
        c.setFont("Times-Roman", 10)
        c.drawString(40, y, BODY[len(words) - 2])
        y -= 30
    c.save()
    doc = parse((tmp_path / "spaced.pdf").read_bytes(), source="spaced.pdf")
    assert doc.title == "Lantern Nationality"
    assert [s.title for s in doc.sections if s.title] == ["Ember Brazier Rules"]
