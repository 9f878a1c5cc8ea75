"""How section numbers relate, read from the numbers alone."""
import pytest

from rookery.parsers.numbering import continues, read_label


def label(text):
    return read_label(text + " x")[0]


@pytest.mark.parametrize("before,after,expected", [
    ("10.4.2", "10.5", True),     # the next sibling of a parent
    ("10.4.2", "10.4.3", True),   # the next sibling
    ("10.4", "10.4.1", True),     # the first child
    ("100.1a", "100.1b", True),   # letters after the digits
    ("3.", "4.", True),
    ("10.4.2", "10.4.2", False),  # the same number again
    ("10.5", "10.4.3", False),    # going back
    ("10.4.2", "12.1", False),    # skipping a chapter's worth
    ("2.1", "7.", False),
])
def test_which_number_can_come_next(before, after, expected):
    assert continues(label(before), label(after)) is expected
