"""A document that numbers its headings and titles some blocks in its italic face
("Definition", "Figure 2. The course") has only its numbered sections: the block titles
stay in their rules' text, as the web page of the same build shows them (a <div> above a
paragraph, a figure's caption), so the page and the PDF give the same sections."""
from __future__ import annotations

import html

import pytest

from rookery.diffs.compare import diff_documents
from rookery.parsers import parse

# (number, title, [(block title or None, paragraph)]) — a rulebook of our own
RULES = [
    ("1.", "Course", [(None, "The course runs between two buoys set forty metres apart."),
                      ("Figure 1. The course seen from above",
                       "Boats keep the buoys on their left at every turn of the course.")]),
    ("1.1.", "Start Line", [("Definition", "The start line joins the committee boat to the "
                             "first buoy and is crossed going upwind."),
                            ("Usage", "A boat that crosses early returns below the line "
                             "and starts again without penalty.")]),
    ("1.2.", "Finish Line", [("Definition", "The finish line lies beside the last buoy and is "
                              "crossed going downwind."),
                             ("Usage", "The first boat to cross it with its full crew wins "
                              "the heat.")]),
    ("2.", "Crews", [(None, "Each crew has a helm, a trimmer and a bowman for the whole "
                      "regatta."),
                     ("Duties", "The helm speaks for the crew at every protest hearing.")]),
    ("2.1.", "Substitutes", [("Definition", "A substitute replaces a sailor who cannot race "
                              "and sails with the crew from then on."),
                             ("Figure 2. The form a substitute signs",
                              "The race office keeps the signed form until the prizes.")]),
    ("3.", "Protests", [(None, "A protest is made in writing within one hour of the last "
                         "heat of the day."),
                        ("Usage", "The jury hears protests in the order they were handed "
                         "in.")]),
]


def page() -> bytes:
    body = ["<h1>Buoy Racing Rules</h1>"]
    for number, title, blocks in RULES:
        level = number.count(".") + 1
        body.append(f"<h{level}>{number} {html.escape(title)}</h{level}>")
        for name, text in blocks:
            if name and name.startswith("Figure"):
                body.append(f"<figure><p>{text}</p><figcaption>{name}</figcaption></figure>")
            elif name:
                body.append(f"<div><div>{name}</div><p>{text}</p></div>")
            else:
                body.append(f"<p>{text}</p>")
    return ("<html><head><title>Buoy Racing Rules</title></head><body>"
            + "".join(body) + "</body></html>").encode()


def pdf(tmp_path, font: tuple[str, str, str], size: float) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    regular, bold, italic = font
    body = ParagraphStyle("body", fontName=regular, fontSize=size, leading=size * 1.4,
                          spaceAfter=size * 0.6)
    heads = {level: ParagraphStyle(f"h{level}", fontName=bold, fontSize=size * scale,
                                   leading=size * scale * 1.3, spaceBefore=size,
                                   spaceAfter=size * 0.5)
             for level, scale in ((1, 2.0), (2, 1.5), (3, 1.25))}
    caption = ParagraphStyle("caption", parent=body, fontName=italic, fontSize=size - 0.5,
                             spaceAfter=size * 0.3)
    story = [Paragraph("Buoy Racing Rules", heads[1])]
    for number, title, blocks in RULES:
        story.append(Paragraph(f"{number} {html.escape(title)}", heads[number.count(".") + 1]))
        for name, text in blocks:
            if name and name.startswith("Figure"):  # a figure: its caption under it
                story += [Paragraph(text, body), Paragraph(name, caption)]
            else:
                story += ([Paragraph(name, caption)] if name else []) + [Paragraph(text, body)]
    path = tmp_path / "rules.pdf"
    SimpleDocTemplate(str(path), pagesize=A4, title="Buoy Racing Rules").build(story)
    return path.read_bytes()


FONTS = [("Times-Roman", "Times-Bold", "Times-Italic"),
         ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique")]


@pytest.mark.parametrize("font", FONTS, ids=lambda f: f[0])
@pytest.mark.parametrize("size", [10.0, 11.0])
def test_italic_block_titles_are_no_sections(tmp_path, font, size):
    printed = parse(pdf(tmp_path, font, size), format="pdf")
    assert [s.number for s in printed.sections] == [r[0].rstrip(".") for r in RULES]
    start = next(s for s in printed.sections if s.title == "Start Line")
    assert "Definition" in start.text and "Usage" in start.text
    assert diff_documents(parse(page()), printed).changes == []
