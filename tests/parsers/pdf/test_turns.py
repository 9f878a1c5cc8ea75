"""Which way text runs, by its matrix, and glyph places on a page turned back to read it."""
import pytest

from rookery.parsers.pdf.turns import dominant, place, quarter_turns, turned_size
from collections import Counter


@pytest.mark.parametrize("matrix,turn", [
    ((10, 0, 0, 10), 0),
    ((10, 0, 0, -10), 0),  # mirrored top to bottom: still runs along x
    ((0, 10, -10, 0), 1),  # up the page
    ((-10, 0, 0, -10), 2),  # upside down
    ((0, -10, 10, 0), 3),  # down the page
    ((10, 0.05, 0, 10), 0),  # a lean PDFium's floats leave
    ((7.07, 7.07, -7.07, 7.07), None),  # at 45 degrees: a stamp
    ((10, 1, 0, 10), None),  # leaning
    ((0, 0, 0, 0), None),
])
def test_the_turn_of_text_is_read_from_its_matrix(matrix, turn):
    assert quarter_turns(*matrix) == turn


def test_the_dominant_turn_is_the_one_most_glyphs_run_and_upright_wins_a_tie():
    assert dominant(Counter()) == 0
    assert dominant(Counter({1: 30, 0: 5})) == 1
    assert dominant(Counter({3: 4, 2: 4})) == 2
    assert dominant(Counter({0: 4, 2: 4})) == 0


# a glyph on a 300 x 500 page, upright: box left 100, bottom 400, right 108, top 410,
# origin (100, 402); measured down from the top: top 90, bottom 100, baseline 98
UPRIGHT = (100.0, 108.0, 90.0, 100.0, 98.0, 100.0)


def _turned_about(turn: int, x: float, y: float, width: float = 300, height: float = 500):
    """Where the point (x, y) of the upright page lies once the page's content is turned
    `turn` quarters counter-clockwise and moved back onto the (turned) page."""
    for _ in range(turn):
        x, y = height - y, x
        width, height = height, width
    return x, y


@pytest.mark.parametrize("turn", [0, 1, 2, 3])
def test_a_turned_glyph_is_placed_where_the_upright_one_was(turn):
    width, height = turned_size(turn, 300, 500)
    corners = [_turned_about(turn, x, y) for x, y in ((100, 400), (108, 410))]
    left, right = sorted(c[0] for c in corners)
    bottom, top = sorted(c[1] for c in corners)
    x, y = _turned_about(turn, 100, 402)
    assert place(turn, width, height, left, bottom, right, top, x, y) == pytest.approx(UPRIGHT)
