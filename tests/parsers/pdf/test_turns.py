"""Which way text runs, by its matrix, and glyph places on a page turned back to read it."""
from collections import Counter

import pytest

from rookery.parsers.pdf.turns import (dominant, inverse, leans, moved_box, place,
                                       quarter_turns, turned_size, upright)


@pytest.mark.parametrize("matrix,turn", [
    ((10, 0, 0, 10), 0),
    ((10, 0, 0, -10), 0),  # mirrored top to bottom: still runs along x
    ((0, 10, -10, 0), 1),  # up the page
    ((-10, 0, 0, -10), 2),  # upside down
    ((0, -10, 10, 0), 3),  # down the page
    ((10, 0.05, 0, 10), 0),  # a lean PDFium's floats leave
    ((7.07, 7.07, -7.07, 7.07), None),  # at 45 degrees: a stamp
    ((10, 1, 0, 10), None),  # its baseline leaning
    ((10, 0, 2.5, 10), 0),  # slanted type (a producer's italic): the baseline runs along x
    ((0, 10, -10, 2.5), 1),  # the same, up the page
    ((10, 0, 10, 0.5), None),  # an up that all but lies along the baseline
    ((0, 0, 0, 0), None),
])
def test_the_turn_of_text_is_read_from_its_matrix(matrix, turn):
    assert quarter_turns(*matrix) == turn


@pytest.mark.parametrize("matrix,slanted", [
    ((10, 0, 0, 10), False),
    ((10, 0, 2.5, 10), True),
    ((10, 0, -2.5, 10), False),  # leaning back is no italic
    ((0, 10, -10, 2.5), True),  # slanted, up the page
    ((-10, 0, -2.5, -10), True),  # slanted, upside down
    ((0, 0, 0, 0), False),
])
def test_type_slanted_forward_by_its_matrix_leans(matrix, slanted):
    assert leans(*matrix) == slanted


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


@pytest.mark.parametrize("turn", [1, 2, 3])
def test_a_drawing_turned_upright_lies_on_the_turned_page_and_turns_back(turn):
    box = (10, 20, 310, 520)  # left, bottom, right, top
    matrix = upright(turn, *box)
    width, height = turned_size(turn, 300, 500)
    assert moved_box(matrix, box) == pytest.approx((0, 0, width, height))
    # a point and the box around it: moved and moved back, both where they were
    point = (33, 44, 33, 44)
    assert moved_box(inverse(matrix), moved_box(matrix, point)) == pytest.approx(point)
    assert moved_box(matrix, point)[:2] != pytest.approx((33, 44))  # (it did move)
    # text that ran `turn` way runs along x once turned: its baseline's direction
    a, b = {1: (0, 1), 2: (-1, 0), 3: (0, -1)}[turn]
    ta, tb = matrix[0] * a + matrix[2] * b, matrix[1] * a + matrix[3] * b
    assert (ta, tb) == pytest.approx((1, 0))
