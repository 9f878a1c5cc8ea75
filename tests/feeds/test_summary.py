import pytest

from rookery.feeds.summary import flagged
from rookery.model import Flag


@pytest.mark.parametrize("types,line", [
    ([], ""),
    (["contradiction"], "; contradiction flagged"),
    (["contradiction", "contradiction", "resolved"], "; contradiction \u00d72, resolved flagged"),
    (["reversal", "contradiction", "reversal"], "; reversal \u00d72, contradiction flagged"),
])
def test_each_kind_of_alert_is_named_once_in_a_headline(types, line):
    assert flagged([Flag(type=t, sections=(), detail="") for t in types]) == line
