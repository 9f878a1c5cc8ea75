"""Tables boxed by drawn rules read row by row (rulings.py), whatever engine drew them:
the PDF gives the sections of the web page it was printed from (tests/ruled.py)."""
from __future__ import annotations

import contextlib

import pytest
import ruled
from engines import missing

from rookery.parsers import ReadOptions, parse
from rookery.parsers.pdf.rulings import Rule, grids


def _texts(doc) -> dict[str, str]:
    return {s.title: " ".join(s.text.split()) for s in doc.sections if s.title}


@pytest.fixture(scope="module")
def typeset(tmp_path_factory):
    """typeset(case) → the case's PDF bytes; skips when its engine cannot run here."""
    folder = tmp_path_factory.mktemp("ruled")
    with contextlib.ExitStack() as stack:
        browser = []

        def make(case: ruled.Ruled) -> bytes:
            reason = missing(case.engine) if case.engine != "reportlab" else None
            if reason:
                pytest.skip(reason)
            if case.engine == "chromium" and not browser:
                from engine_cases import _chromium

                browser.append(stack.enter_context(_chromium()))
            return ruled.render(case, folder / f"{case.name}.pdf", browser[0] if browser else None)

        yield make


@pytest.mark.parametrize("case", ruled.cases(), ids=lambda c: c.name)
def test_a_ruled_table_reads_row_by_row_as_its_web_page_does(case, typeset):
    pdf = parse(typeset(case), source=f"{case.name}.pdf", options=ReadOptions(workers=1))
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
