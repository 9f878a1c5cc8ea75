"""Tables boxed by drawn rules read row by row (rulings.py), whatever engine drew them:
the PDF gives the sections of the web page it was printed from (tests/ruled.py)."""
from __future__ import annotations

import pytest
import ruled
from engines import missing

from rookery.parsers import ReadOptions, parse
from rookery.parsers.pdf.rulings import Rule, grids


def _texts(doc) -> dict[str, str]:
    return {s.title: " ".join(s.text.split()) for s in doc.sections if s.title}


@pytest.mark.parametrize("case", ruled.cases(), ids=lambda c: c.name)
def test_a_ruled_table_reads_row_by_row_as_its_web_page_does(case, typeset):
    pdf = parse(typeset(case, ruled.render), source=f"{case.name}.pdf",
                options=ReadOptions(workers=1))
    page = parse(ruled.page_html(case).encode(), source=f"{case.name}.html")
    got, want = _texts(pdf), _texts(page)
    assert got["Deck limits"] == want["Deck limits"]
    assert got == want
    # each row is one line of the section's text, its cells in order
    lines = [line for s in pdf.sections if s.title == "Deck limits" for line in s.text.split("\n")]
    for row in ruled.cells(case):  # (a cell's paragraphs are lines of their own)
        for line in " ".join(row).split("\n"):
            assert " ".join(line.split()) in [" ".join(line.split()) for line in lines]


# (rules as a page draws them: (horizontal at y from x to x), (vertical at x from y to y))
_GRID = [Rule(10, 0, 200), Rule(30, 0, 200), Rule(50, 0, 200)], \
    [Rule(0, 10, 50), Rule(100, 10, 50), Rule(200, 10, 50)]
_BOX = [Rule(10, 0, 200), Rule(50, 0, 200)], [Rule(0, 10, 50), Rule(200, 10, 50)]
_UNDERLINES = [Rule(10, 0, 200), Rule(30, 0, 200), Rule(50, 0, 200)], []
_APART = [Rule(10, 0, 200), Rule(30, 0, 200), Rule(50, 0, 200)], \
    [Rule(0, 60, 90), Rule(100, 60, 90), Rule(200, 60, 90)]


@pytest.mark.parametrize("rules, tables", [
    (_GRID, 1),  # two rows of two cells
    (_BOX, 0),  # a frame round a note: one cell
    (_UNDERLINES, 0),  # rules under lines, nothing down: no cells to read across
    (_APART, 0),  # lines that do not touch make no grid
])
def test_only_rules_that_box_cells_make_a_table(rules, tables):
    assert len(grids(*rules)) == tables


# a page laid out in ruled boxes: one text in two languages side by side, each a run of
# the same numbered rules
_LEFT = [f"1.{k} Every lantern in the maze is checked before walk {k} begins." for k in range(1, 10)]
_RIGHT = [f"1.{k} Chaque lanterne du labyrinthe est vérifiée avant la marche {k}."
          for k in range(1, 10)]


def _boxed_pdf(engine: str, path, rules: float) -> bytes:
    """The two runs side by side in a table of a row of names and a row of text, its
    rules `rules` points wide (0: none)."""
    if engine == "reportlab":
        from reportlab.lib import colors
        from reportlab.lib.pagesizes import A4
        from reportlab.lib.styles import getSampleStyleSheet
        from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

        body = getSampleStyleSheet()["BodyText"]
        made = SimpleDocTemplate(str(path), pagesize=A4)
        table = Table([["English", "Français"],
                       [[Paragraph(t, body) for t in _LEFT], [Paragraph(t, body) for t in _RIGHT]]],
                      colWidths=[made.width / 2] * 2)
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")] + (
            [("GRID", (0, 0), (-1, -1), rules, colors.black)] if rules else [])))
        made.build([table])
        return path.read_bytes()
    import logging

    import weasyprint

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    cell = lambda rules: "".join(f"<p>{t}</p>" for t in rules)  # noqa: E731
    border = f"{rules}pt solid black" if rules else "none"
    weasyprint.HTML(string="<style>table { border-collapse: collapse; width: 100% } td { border: "
                    f"{border}; padding: 6pt; vertical-align: top; width: 50% }}</style><table>"
                    "<tr><td>English</td><td>Français</td></tr><tr>"
                    f"<td>{cell(_LEFT)}</td><td>{cell(_RIGHT)}</td></tr></table>").write_pdf(str(path))
    return path.read_bytes()


@pytest.mark.parametrize("engine", ["reportlab", "weasyprint"])
def test_boxes_that_lay_out_a_page_read_as_the_page_without_them(engine, tmp_path):
    if engine != "reportlab" and missing(engine):
        pytest.skip(missing(engine))

    def sections(rules: float) -> list:
        data = _boxed_pdf(engine, tmp_path / f"boxed{rules}.pdf", rules)
        doc = parse(data, source="boxed.pdf", options=ReadOptions(workers=1))
        return [(s.number, s.title, " ".join(s.text.split())) for s in doc.sections]

    plain = sections(0)
    assert sum(bool(number) for number, _title, _text in plain) >= len(_LEFT)
    assert sections(0.75) == plain
