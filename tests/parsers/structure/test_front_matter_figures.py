"""A figure that a line break sets at the start of a line of front matter ("This work is
licensed under a Creative Commons Attribution" over "4.0 International License.") is no
rule, when the document's numbering has not begun: rule 4.0 would come before rule 1 and
ahead of the part it divides. Read the same way as text, as a Word file and as a PDF."""
import pytest
from reportlab.pdfgen import canvas

from rookery.parsers import parse
from wordfile import docx, para, run

FRONT = ["This booklet is shared under a Free Games Licence", "2.0 Worldwide. Copy it freely."]
RULES = [("1 Setup", "1.1 Lay out the board.", "1.2 Shuffle the deck."),
         ("2 Play", "2.1 Take two actions.", "2.2 Pass the lantern."),
         ("3 Scoring", "3.1 Count your lit lanterns.", "3.2 Most lanterns wins.")]


def as_text() -> bytes:
    lines = ["Lantern Rules", "", *FRONT, ""]
    for heading, *rules in RULES:
        lines += [heading, "", *[f"{r}\n" for r in rules]]
    return "\n".join(lines).encode()


def as_word() -> bytes:
    body = [para(run("Lantern Rules"), style="Title"), para(run(FRONT[0])), para(run(FRONT[1]))]
    for heading, *rules in RULES:
        body += [para(run(heading), style="Heading1")] + [para(run(r)) for r in rules]
    return docx(body)


def as_pdf(path) -> bytes:
    c = canvas.Canvas(str(path), pagesize=(420, 600))
    y = 560
    c.setFont("Helvetica-Bold", 18)
    c.drawString(40, y, "Lantern Rules")
    y -= 30
    c.setFont("Times-Roman", 10)
    for line in FRONT:  # (a paragraph's gap between them, as a word processor leaves
        c.drawString(40, y, line)  # after a forced break it set at the line's end)
        y -= 20
    for heading, *rules in RULES:
        y -= 14
        c.setFont("Helvetica-Bold", 13)
        c.drawString(40, y, heading)
        y -= 16
        c.setFont("Times-Roman", 10)
        for r in rules:
            c.drawString(40, y, r)
            y -= 14
    c.save()
    return path.read_bytes()


@pytest.mark.parametrize("form", ["text", "word", "pdf"])
def test_a_figure_in_front_matter_is_no_rule(form, tmp_path):
    data = {"text": as_text, "word": as_word, "pdf": lambda: as_pdf(tmp_path / "l.pdf")}[form]()
    name = {"text": "rules.txt", "word": "rules.docx", "pdf": "rules.pdf"}[form]
    doc = parse(data, source=name)
    numbers = [s.number for s in doc.sections if s.number]
    assert numbers == ["1", "1.1", "1.2", "2", "2.1", "2.2", "3", "3.1", "3.2"]
    assert any("2.0 Worldwide" in s.text for s in doc.sections)
    assert not doc.reading.doubtful, doc.reading.problems


def test_rules_of_unnumbered_chapters_are_rules_whatever_a_later_list_numbers():
    """"1.1" under an unnumbered "Setup" opens the numbering, though a list later prints
    "1." and "2.": only a part's heading printed later makes a dotted number early."""
    body = [para(run("Lantern Rules"), style="Title")]
    for chapter, rules in (("Setup", ["1.1 Lay out the board.", "1.2 Shuffle the deck."]),
                           ("Play", ["2.1 Take two actions.", "2.2 Pass the lantern."])):
        body += [para(run(chapter), style="Heading1")] + [para(run(r)) for r in rules]
    body += [para(run("Notes"), style="Heading1"), para(run("1. Keep the lanterns dry.")),
             para(run("2. Count twice."))]
    doc = parse(docx(body), source="rules.docx")
    numbered = [s.number for s in doc.sections if s.number and "." in s.number]
    assert numbered == ["1.1", "1.2", "2.1", "2.2"]
