"""Raised type (an ordinal's suffix, a footnote's mark) is text of the line it is raised
in: a PDF whose lines carry superscripts reads as the same document drawn with those
words on the baseline, not with each superscript a line and heading of its own that
cuts its paragraph in two. Drawn here with our own words in several faces and sizes."""
from __future__ import annotations

import io

import pytest

from rookery.diffs.compare import diff_documents
from rookery.parsers import parse

FACES = [("Helvetica", "Helvetica-Bold", 11), ("Times-Roman", "Times-Bold", 12),
         ("Courier", "Courier-Bold", 10)]
# (the words before the raised one, the raised word, the words after it)
RAISED = [("The lanterns are lit in the 4", "th", " round of the night,"),
          ("a rule kept since the 2", "nd", " edition of the game,"),
          ("as the keeper's note says", "1", " for every table,"),
          ("each lantern turned by 90", "o", " at the end of a turn.")]


def drawn(face: str, bold: str, size: float, raise_it: bool) -> bytes:
    """Two numbered parts, each a bold heading over a paragraph of lines, two of which
    raise a word (or, not `raise_it`, set it on the baseline in the body's size)."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(480, 700))
    y = 650
    for part, (name, marks) in enumerate(zip(("Lanterns", "Shrines"), (RAISED[:2], RAISED[2:]))):
        c.setFont(bold, size * 1.2)
        c.drawString(50, y, f"{part + 1}. {name}")
        y -= size * 2
        lines = [("Every player keeps one lantern in front of them,", None)]
        lines += [("", mark) for mark in marks]
        lines.append(("and the keeper settles what the rules leave open.", None))
        for text, mark in lines:
            t = c.beginText(50, y)
            t.setFont(face, size)
            if mark is None:
                t.textOut(text)
            else:
                head, raised, tail = mark
                t.textOut(head)
                if raise_it:
                    t.setFont(face, size * 0.6)
                    t.setRise(size * 0.35)
                t.textOut(raised)
                t.setRise(0)
                t.setFont(face, size)
                t.textOut(tail)
            c.drawText(t)
            y -= size * 1.4
        y -= size
    c.save()
    return out.getvalue()


def sections(doc) -> list[tuple]:
    """Each section's number, title and words (a raised word is narrower than the same
    word on the baseline, so a line may wrap differently)."""
    return [(s.number, s.title, " ".join(s.text.split())) for s in doc.sections]


@pytest.mark.parametrize("face, bold, size", FACES)
def test_raised_words_are_text_of_their_line(face, bold, size):
    flat, raised = (parse(drawn(face, bold, size, r), source="lanterns.pdf")
                    for r in (False, True))
    assert [s.number for s in flat.sections if s.number] == ["1", "2"]
    assert sections(raised) == sections(flat)
    assert "4th round" in raised.sections[0].text
    assert diff_documents(flat, raised).changes == []
