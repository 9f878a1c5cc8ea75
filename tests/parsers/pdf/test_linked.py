"""A linked contents list read as the headings it names (pdf/linked.py): leaders and page
numbers off where most entries end in one, the depth from the indent."""
import pytest

from rookery.parsers.pdf.glyphs import Fragment, Glyph
from rookery.parsers.pdf.linked import entries

SIZE = 10.0


def line(text: str, left: float, top: float) -> tuple:
    """A contents line as the reader has it (one fragment), and its link's box."""
    glyphs = [Glyph(c, left + 5 * k, left + 5 * k + 5, top, top + SIZE, SIZE, "Serif", False,
                    False, None) for k, c in enumerate(text)]
    fragment = Fragment(page=0, glyphs=glyphs)
    return (left - 1, top - 1, left + 5 * len(text) + 1, top + SIZE + 1), fragment


def listed(rows: list[tuple[str, float]]) -> list:
    made = [line(text, left, 100 + 14 * k) for k, (text, left) in enumerate(rows)]
    fragments = [f for _box, f in made]
    return [(box, fragments) for box, _f in made]


@pytest.mark.parametrize("rows,expected", [
    # pages after leaders, entries indented a level
    ([("Setup ........ 3", 72), ("The Board ..... 3", 92), ("Play ......... 7", 72)],
     [(0, "Setup"), (1, "The Board"), (0, "Play")]),
    # pages after a space, a front matter's roman numeral
    ([("Foreword iv", 72), ("Setup 3", 72), ("Cargo 5", 90)],
     [(0, "Foreword"), (0, "Setup"), (1, "Cargo")]),
    # no pages: a number that ends an entry is its own ("Part 2"), a letter too ("Road")
    ([("Part 1", 72), ("Part 2", 72), ("Road", 90), ("Coda", 72)],
     [(0, "Part 1"), (0, "Part 2"), (1, "Road"), (0, "Coda")]),
    # an indent under the tolerance (a few points: the glyphs' own edges) is none
    ([("Setup 3", 72), ("Play 7", 73.5), ("Storms 9", 108)],
     [(0, "Setup"), (0, "Play"), (1, "Storms")]),
    # a line with no letters names nothing
    ([("Setup 3", 72), ("12 ..... 4", 72), ("Play 7", 72)], [(0, "Setup"), (0, "Play")]),
])
def test_contents_lines_name_their_headings_at_the_depth_of_their_indent(rows, expected):
    assert entries(listed(rows)) == expected
