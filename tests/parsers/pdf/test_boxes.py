"""The part of a page a reader sees, from its media, crop and trim boxes."""
import pytest

from rookery.parsers.pdf.boxes import visible

SHEET = (0, 0, 600, 800)


@pytest.mark.parametrize("crop,trim,seen", [
    (SHEET, SHEET, SHEET),  # a page with one box: all of it
    ((20, 20, 580, 780), (20, 20, 580, 780), (20, 20, 580, 780)),  # cropped
    (SHEET, (36, 36, 564, 764), (36, 36, 564, 764)),  # a print file: the sheet shown, trimmed
    ((10, 10, 590, 790), (0, 36, 600, 764), (10, 36, 590, 764)),  # trimmed within the crop
    ((700, 900, 800, 1000), SHEET, SHEET),  # a crop box off the sheet: the sheet
    (SHEET, (0, 0, 100, 100), SHEET),  # a trim box that would cut the page: a slip
    (SHEET, (700, 900, 800, 1000), SHEET),  # one off the sheet: the same
    (SHEET, (50, 50, 50, 700), SHEET),  # one with no width
])
def test_the_visible_box_is_the_page_as_cut_within_what_is_shown(crop, trim, seen):
    assert visible(SHEET, crop, trim) == seen
