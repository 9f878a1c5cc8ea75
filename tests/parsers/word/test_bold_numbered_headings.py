"""A file with no heading styles whose numbered headings are set in bold and end like a
sentence ("4. Lantern requirements:" over "4.1 ..."): the Word file and its PDF print
(reportlab, the same words in bold) give the same sections, the bold line a heading
over its rules in both."""
import io

import pytest

from rookery.diffs.compare import diff_documents
from rookery.model import title_key
from rookery.parsers import parse
from wordfile import docx, para, run

# (top number, sub number) formats: "4." over "4.1.", "4." over "4.1", "C." over "C.1"
SCHEMES = {
    "dotted": (lambda n: f"{n}.", lambda n, m: f"{n}.{m}."),
    "bare subrules": (lambda n: f"{n}.", lambda n, m: f"{n}.{m}"),
    "letters": (lambda n: f"{'ABCDEF'[n - 1]}.", lambda n, m: f"{'ABCDEF'[n - 1]}.{m}"),
}
# headings: one names a thing, the others end like a sentence or hold one
HEADINGS = ["General", "Lantern requirements:",
            "Fuels and wicks. [none are allowed, ignore the rules below]",
            "Forbidden tools. The following tools may never be carried into the maze"]
RULES = ["Every player keeps a lantern lit while walking the maze.",
         "A lantern that goes out is relit at the nearest shrine.",
         "The warden may inspect any lantern before a round."]


def items(scheme: str) -> list[tuple[bool, str]]:
    top, sub = SCHEMES[scheme]
    out = [(True, "Maze Walking Rules"), (False, "Read these rules before every walk.")]
    for n, heading in enumerate(HEADINGS, 1):
        out.append((True, f"{top(n)} {heading}"))
        out += [(False, f"{sub(n, m)} {rule}") for m, rule in enumerate(RULES, 1)]
    return out


def word(scheme: str) -> bytes:
    return docx([para(run(text, b=bold)) for bold, text in items(scheme)])


def pdf(scheme: str) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=10, leading=13,
                          spaceAfter=5)
    bold = ParagraphStyle("bold", parent=body, fontName="Times-Bold", fontSize=12,
                          leading=16, spaceBefore=8)
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build(
        [Paragraph(text, bold if is_bold else body) for is_bold, text in items(scheme)])
    return out.getvalue()


def key(s) -> tuple:
    return (s.number, title_key(s.title), s.kind, s.text, tuple(title_key(p) for p in s.path))


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_bold_numbered_headings_read_alike_in_word_and_pdf(scheme):
    word_doc = parse(word(scheme), source="maze.docx")
    pdf_doc = parse(pdf(scheme), source="maze.pdf")
    top, _sub = SCHEMES[scheme]
    heads = {s.number: (s.kind, s.title) for s in word_doc.sections if s.kind == "heading"}
    for n, heading in enumerate(HEADINGS, 1):
        assert heads.get(top(n).rstrip(".")) == ("heading", heading)
    assert [key(s) for s in word_doc.sections] == [key(s) for s in pdf_doc.sections]
    assert diff_documents(word_doc, pdf_doc).changes == []
