"""A heading that prints its number alone before its title ("4 Scoring") is numbered
when the document's numbering says so: its next number is its first subdivision, or
three or more such headings go on from one another. Counts in titles ("2 Players",
"3 Players") stay titles. Each case as a web page, a Word file and a PDF."""
import io

import pytest

from rookery.parsers import ReadOptions, parse
from wordfile import docx, para, run

# (headings with what comes under each, the numbers and titles wanted)
CASES = {
    "parts over their rules": (
        [("1 Lanterns", ["1.1 Every walker carries one.", "1.2 A dark lantern is relit."]),
         ("2 Shrines", ["2.1 A shrine burns until dawn."])],
        [("1", "Lanterns"), ("1.1", None), ("1.2", None), ("2", "Shrines"), ("2.1", None)]),
    "chapters in a row": (
        [("1 Introduction", ["The maze is walked at night."]),
         ("2 Setup", ["Each walker takes a map."]), ("3 Play", ["Walkers move in turn."]),
         ("4 Winning", ["The first to reach the centre wins."])],
        [("1", "Introduction"), ("2", "Setup"), ("3", "Play"), ("4", "Winning")]),
    "counts, not numbers": (
        [("2 Players", ["Each walker takes two lanterns."]),
         ("3 Players", ["Each walker takes one lantern."]),
         ("4 Players", ["Walkers share lanterns in pairs."])],
        []),
    "two in a row prove nothing": (
        [("3 Walkers", ["Three walkers start together."]),
         ("4 Corners", ["The maze has four corners."])],
        []),
}


def _html(parts) -> bytes:
    body = "".join(f"<h2>{h}</h2>" + "".join(f"<p>{t}</p>" for t in texts) for h, texts in parts)
    return f"<h1>Maze Walking</h1><p>The rules of the night walk.</p>{body}".encode()


def _word(parts) -> bytes:
    body = [para(run("Maze Walking", b=True)), para("The rules of the night walk.")]
    for heading, texts in parts:
        body += [para(heading, style="Heading2")] + [para(t) for t in texts]
    return docx(body)


def _pdf(parts) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    styles = getSampleStyleSheet()
    flow = [Paragraph("Maze Walking", styles["Title"]),
            Paragraph("The rules of the night walk.", styles["BodyText"])]
    for heading, texts in parts:
        flow += [Paragraph(heading, styles["Heading2"])]
        flow += [Paragraph(t, styles["BodyText"]) for t in texts]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build(flow)
    return out.getvalue()


MAKERS = {"html": _html, "docx": _word, "pdf": _pdf}


@pytest.mark.parametrize("made", sorted(MAKERS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_number_alone_before_a_title_is_the_headings_when_the_numbering_says_so(case, made):
    parts, wanted = CASES[case]
    doc = parse(MAKERS[made](parts), source=f"maze.{made}", options=ReadOptions(workers=1))
    assert [s.number for s in doc.sections if s.number] == [n for n, _t in wanted]
    # (a subdivision goes by its heading's title; the headings print their own)
    assert [s.title for s in doc.sections if s.number and "." not in s.number] \
        == [t for _n, t in wanted if t]
    if not wanted:  # the counts stay in their titles
        assert [h for h, _texts in parts] == [s.title for s in doc.sections
                                              if s.title and s.title[0].isdigit()]


# a one-page sheet of rules with no heading at all, its rules numbered in the text
SHEET = ["The lantern walk is held every Friday at dusk.",
         "{n1} Every walker brings a lantern and a map.",
         "{n2} Walkers leave the gate one minute apart.",
         "The gatekeeper notes each start.",
         "{n3} A walker who leaves the path is out of the walk.",
         "{n4} The first walker back at the gate wins."]
MARKS = {"closing bracket": "{})", "dot": "{}.", "brackets": "({})"}


def _sheet(mark: str, numbers: int) -> list[str]:
    values = {f"n{k}": mark.format(k) if k <= numbers else "" for k in range(1, 5)}
    return [line.format(**values).strip() for line in SHEET]


def _sheet_pdf(lines: list[str]) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    body = getSampleStyleSheet()["BodyText"]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build([Paragraph(line, body) for line in lines])
    return out.getvalue()


SHEET_MAKERS = {"pdf": _sheet_pdf, "docx": lambda lines: docx([para(line) for line in lines])}


@pytest.mark.parametrize("made", sorted(SHEET_MAKERS))
@pytest.mark.parametrize("mark", sorted(MARKS))
def test_a_sheet_of_plain_paragraphs_keeps_its_rules_numbers(mark, made):
    doc = parse(SHEET_MAKERS[made](_sheet(MARKS[mark], 4)), source=f"sheet.{made}",
                options=ReadOptions(workers=1))
    rules = {s.number: s.text for s in doc.sections if s.number}
    assert rules == {"1": "Every walker brings a lantern and a map.",
                     "2": "Walkers leave the gate one minute apart.\n"
                          "The gatekeeper notes each start.",
                     "3": "A walker who leaves the path is out of the walk.",
                     "4": "The first walker back at the gate wins."}
    assert doc.sections[0].text == SHEET[0]  # (what comes before the first rule)


@pytest.mark.parametrize("made", sorted(SHEET_MAKERS))
def test_two_numbered_paragraphs_are_no_numbering(made):
    doc = parse(SHEET_MAKERS[made](_sheet(MARKS["dot"], 2)), source=f"sheet.{made}",
                options=ReadOptions(workers=1))
    assert not any(s.number for s in doc.sections)


# numbers in schemes of their own: (headings with what comes under each, the numbers and
# titles wanted, in order)
SCHEMES = {
    "articles": (
        [("Article 1 - Purpose", ["The walk is held at night."]),
         ("Article 2 - Walkers", ["Each walker takes a map."]),
         ("Article 3 - Lanterns", ["Walkers carry one lantern."])],
        [("Article 1", "Purpose"), ("Article 2", "Walkers"), ("Article 3", "Lanterns")]),
    "abbreviated articles": (
        [("Art. 4. Gates", ["The gate opens at dusk."]),
         ("Art. 5. Paths", ["Paths are marked in chalk."]),
         ("Art. 6. Ending", ["The walk ends at the centre."])],
        [("Art. 4", "Gates"), ("Art. 5", "Paths"), ("Art. 6", "Ending")]),
    "section signs": (
        [("\u00a7 1 Geltung", ["Diese Regeln gelten nachts."]),
         ("\u00a7 2 Wanderer", ["Jeder Wanderer nimmt eine Karte."]),
         ("\u00a7 3 Laternen", ["Jeder trägt eine Laterne."])],
        [("\u00a7 1", "Geltung"), ("\u00a7 2", "Wanderer"), ("\u00a7 3", "Laternen")]),
    "roman numerals": (
        [("I. Objet", ["La marche a lieu la nuit."]), ("II. Marcheurs", ["Chacun prend une carte."]),
         ("III. Lanternes", ["Chacun porte une lanterne."]), ("IV. Fin", ["La marche finit au centre."])],
        [("I", "Objet"), ("II", "Marcheurs"), ("III", "Lanternes"), ("IV", "Fin")]),
    "chapters and articles, two schemes": (
        [("Chapter 1 - Walkers", []), ("Article 1 - Entry", ["Walkers enter one by one."]),
         ("Article 2 - Maps", ["Each walker takes a map."]),
         ("Chapter 2 - Night", []), ("Article 3 - Lanterns", ["Walkers carry one lantern."]),
         ("Chapter 3 - End", []), ("Article 4 - Centre", ["The walk ends at the centre."])],
        [("Chapter 1", "Walkers"), ("Article 1", "Entry"), ("Article 2", "Maps"),
         ("Chapter 2", "Night"), ("Article 3", "Lanterns"), ("Chapter 3", "End"),
         ("Article 4", "Centre")]),
    "ordinal bases": (
        [("BASE 1\u00aa.- OBJETO", ["El concurso se celebra de noche."]),
         ("BASE 2\u00aa.- EQUIPOS", ["Cada equipo lleva un mapa."]),
         ("BASE 3\u00aa.- PREMIOS", ["El primero en llegar gana."])],
        [("BASE 1\u00aa", "OBJETO"), ("BASE 2\u00aa", "EQUIPOS"), ("BASE 3\u00aa", "PREMIOS")]),
    "articles framed in a script set without spaces": (
        [("\u7b2c1\u6761 \u76ee\u7684", ["\u591c\u306b\u6b69\u304f\u3002"]),
         ("\u7b2c2\u6761 \u5730\u56f3", ["\u5730\u56f3\u3092\u6301\u3064\u3002"]),
         ("\u7b2c3\u6761 \u706f", ["\u706f\u3092\u6301\u3064\u3002"])],
        [("\u7b2c1\u6761", "\u76ee\u7684"), ("\u7b2c2\u6761", "\u5730\u56f3"),
         ("\u7b2c3\u6761", "\u706f")]),
    "numbers set against a title in a script set without spaces": (
        [("1.\u76ee\u7684", ["\u591c\u306b\u6b69\u304f\u3002"]),
         ("2.\u5730\u56f3", ["\u5730\u56f3\u3092\u6301\u3064\u3002"]),
         ("3.\u706f", ["\u706f\u3092\u6301\u3064\u3002"])],
        [("1", "\u76ee\u7684"), ("2", "\u5730\u56f3"), ("3", "\u706f")]),
    "one title again and again: levels, not numbers": (
        [("Level 1 Monsters", ["Slow and weak."]), ("Level 2 Monsters", ["Quick."]),
         ("Level 3 Monsters", ["Quick and strong."])],
        []),
    "two in a row prove nothing": (
        [("Figure 1: The maze", ["A drawing of the maze."]),
         ("Figure 2: The gate", ["A drawing of the gate."])],
        []),
}


# (the PDF maker's fonts set no script without spaces)
@pytest.mark.parametrize("case, made", [(c, m) for c in sorted(SCHEMES) for m in sorted(MAKERS)
                                        if not (m == "pdf" and "script" in c)])
def test_a_number_in_a_scheme_of_its_own_is_the_headings(case, made):
    parts, wanted = SCHEMES[case]
    doc = parse(MAKERS[made](parts), source=f"maze.{made}", options=ReadOptions(workers=1))
    assert [(s.number, s.title) for s in doc.sections if s.number] == wanted
    assert not doc.reading.doubtful, doc.reading.problems
