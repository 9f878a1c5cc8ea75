"""The fragments of one printed line are read left to right whatever the heights of their
boxes: those come from each font's own metrics, which a program rewriting the PDF
(Ghostscript, pdftocairo) writes anew. A rule's number in a column of numbers and its
text running across the page's gutter, on one baseline, must not change order when one
font's boxes grow taller than the other's."""
import pytest

from rookery.parsers.pdf.columns import common_gutters, reading_order
from rookery.parsers.pdf.glyphs import Fragment, Glyph

SIZE = 10.0
GUTTER = (300.0, 340.0)


def fragment(text: str, x0: float, base: float, rise: float = 0.8, depth: float = 0.2,
             size: float = SIZE) -> Fragment:
    """`text` set from x0 on the baseline `base`, its glyphs' boxes `rise` ems above the
    baseline and `depth` ems below it (a font's ascent and descent)."""
    width = size / 2
    glyphs = [Glyph(c, x0 + k * width, x0 + (k + 1) * width, base - rise * size,
                    base + depth * size, size, "serif", False, False, None, base=base)
              for k, c in enumerate(text)]
    return Fragment(0, glyphs)


def page(number_rise: float, text_rise: float, number: str, text: str) -> list[Fragment]:
    """Two columns of prose, then a rule whose number stands in the first column and
    whose text runs across the gutter, on one baseline."""
    frags = []
    for k in range(6):
        frags.append(fragment("left column words " * 2, 50, 100 + 14 * k))
        frags.append(fragment("right column words", 345, 100 + 14 * k))
    frags.append(fragment(number, 50, 200, rise=number_rise))
    frags.append(fragment(text, 80, 200, rise=text_rise))
    frags.append(fragment("left column words " * 2, 50, 214))
    frags.append(fragment("right column words", 345, 214))
    return frags


@pytest.mark.parametrize("number,text", [
    ("1.1", "This rule's text runs on across the whole page width here"),
    ("(2.3)", "Another rule whose words run across the gutter to the far edge"),
    ("A.4", "A third rule set across both columns, past the gutter's middle"),
])
def test_a_number_and_its_text_keep_their_order_whatever_their_boxes_heights(number, text):
    orders = set()
    for number_rise, text_rise in [(0.8, 0.8), (0.7, 0.9), (0.9, 0.7), (0.75, 1.1)]:
        lines = reading_order(page(number_rise, text_rise, number, text), [GUTTER], 0)
        texts = [" ".join(f.text for f in line.fragments) for line in lines]
        orders.add(tuple(t for t in texts if number in t or text in t))
    assert len(orders) == 1, orders
    (order,) = orders
    assert order[0].startswith(number)  # left to right: the number first


_GAP = (300.0, 312.0)  # a gutter between two columns


@pytest.mark.parametrize("with_gutter, of_pages, trusted", [
    (30, 40, True),  # a two-column document, a few pages of figures aside
    (3, 40, False),  # a single-column document with three pages of boxes side by side
    (3, 5, True),  # three of five pages
    (1, 2, False),  # one page is no agreement
])
def test_a_gutter_is_the_documents_when_most_of_its_pages_of_text_have_it(
        with_gutter, of_pages, trusted):
    per_page = [[_GAP] if k < with_gutter else [] for k in range(of_pages)]
    assert (common_gutters(per_page, pages=of_pages) == [_GAP]) is trusted
