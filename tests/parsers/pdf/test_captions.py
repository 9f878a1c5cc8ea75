"""Figure captions a documentation tool sets alone in a small italic type ("Figure 1.
..." under each figure) stay in the text they sit in, as on the web page the same source
makes; headings that open with a word and a number in a heading's type stay headings."""
import html

import pytest

from rookery.parsers import ReadOptions, parse

PARTS = [("Laying Out the Harbour", "Unfold the board so that the quay faces the oldest "
          "player, and shuffle the pier tiles face down beside it.", "A harbour laid out"),
         ("Sailing a Turn", "Move your boat up to three water spaces along any current, "
          "never ending where another boat stands.", "A boat sailing two spaces"),
         ("Counting the Hold", "When the last storm card is drawn, every captain counts "
          "coins and adds two for each chart completed.", "The hold counted at the end")]


def _weasyprint(path, label: str) -> bytes:
    import logging

    import weasyprint

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    css = ("@page { size: A4; margin: 2cm } body { font: 11pt 'Liberation Serif' }"
           " h2 { font-size: 14pt } .fig { width: 8cm; height: 4cm; border: 1pt solid black }"
           " .caption { font-style: italic; font-size: 10pt }")
    body = ["<p style='font-size: 20pt; font-weight: bold'>Harbour Lights</p>"]
    for k, (title, text, caption) in enumerate(PARTS, 1):
        body += [f"<h2>{html.escape(title)}</h2>", f"<p>{html.escape(text)}</p>",
                 "<div class='fig'></div>",
                 f"<p class='caption'>{label} {k}. {html.escape(caption)}</p>",
                 "<p>Play then goes on to the left.</p>"]
    weasyprint.HTML(string=f"<html><head><style>{css}</style></head>"
                           f"<body>{''.join(body)}</body></html>").write_pdf(str(path))
    return path.read_bytes()


def _reportlab(path, label: str) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=A4)
    y = A4[1] - 72
    canvas.setFont("Helvetica-Bold", 20)
    canvas.drawString(72, y, "Harbour Lights")
    y -= 40
    for k, (title, text, caption) in enumerate(PARTS, 1):
        canvas.setFont("Helvetica-Bold", 14)
        canvas.drawString(72, y, title)
        canvas.setFont("Helvetica", 11)
        words, line, y = text.split(), "", y - 22
        for word in words + [None]:
            if word is None or len(line) + len(word) > 80:
                canvas.drawString(72, y, line.strip())
                y, line = y - 14, ""
            if word is not None:
                line += " " + word
        canvas.rect(72, y - 100, 220, 95)
        y -= 118
        canvas.setFont("Helvetica-Oblique", 10)
        canvas.drawString(72, y, f"{label} {k}. {caption}")
        canvas.setFont("Helvetica", 11)
        canvas.drawString(72, y - 24, "Play then goes on to the left.")
        y -= 56
    canvas.save()
    return path.read_bytes()


CASES = {"weasyprint": _weasyprint, "reportlab": _reportlab}


@pytest.mark.parametrize("engine", sorted(CASES))
@pytest.mark.parametrize("label", ["Figure", "Abbildung", "Fig."])
def test_figure_captions_stay_in_the_text_they_sit_in(engine, label, tmp_path):
    doc = parse(CASES[engine](tmp_path / "captions.pdf", label), source="captions.pdf",
                options=ReadOptions(workers=1))
    titles = [s.own_title for s in doc.sections if s.own_title]
    assert titles == [title for title, _text, _caption in PARTS]
    for (title, _text, caption), s in zip(PARTS, [s for s in doc.sections if s.own_title]):
        assert caption in s.text


def test_labelled_headings_in_a_headings_type_stay_headings(tmp_path):
    # "Part 1. ..." in bold, larger than the text: headings however they are labelled
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "parts.pdf"
    canvas = Canvas(str(path), pagesize=A4)
    y = A4[1] - 72
    for k, (title, text, _caption) in enumerate(PARTS, 1):
        canvas.setFont("Helvetica-Bold", 13)
        canvas.drawString(72, y, f"Part {k}. {title}")
        canvas.setFont("Helvetica", 11)
        canvas.drawString(72, y - 20, text[:80])
        y -= 60
    canvas.save()
    doc = parse(path.read_bytes(), source="parts.pdf", options=ReadOptions(workers=1))
    assert len([s for s in doc.sections if s.own_title]) == len(PARTS)
