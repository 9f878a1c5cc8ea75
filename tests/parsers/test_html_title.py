"""A page's opening heading is its title when it repeats the page's <title>, even where
the <title> leaves out a year or an edition the heading prints."""
import pytest

from rookery.parsers import parse

SECTIONS = "".join(f"<h2>{name}</h2><p>The {name.lower()} rule says what it says.</p>"
                   for name in ("Teams", "Arena", "Scoring"))


def page(title: str, heading: str) -> bytes:
    return (f"<html><head><title>{title}</title></head><body><h1>{heading}</h1>"
            f"{SECTIONS}</body></html>").encode()


@pytest.mark.parametrize("title, heading", [
    ("Harbour Rowing Rulebook", "Harbour Rowing 2031 Rulebook"),
    ("Kite League Rules", "Kite League Rules, Second Edition"),
    ("Kite League Rules", "Kite League Official Rules"),
    ("Marble Cup Handbook 2030", "Marble Cup Handbook"),
    ("Harbour Rowing 2031 Rulebook", "Harbour Rowing Rulebook"),
])
def test_a_heading_that_names_the_page_is_its_title(title, heading):
    doc = parse(page(title, heading))
    assert doc.title == heading
    assert [s.title for s in doc.sections] == ["Teams", "Arena", "Scoring"]
    assert all(s.path == () for s in doc.sections)  # under no title section


@pytest.mark.parametrize("title, heading", [
    ("Harbour Rowing Rulebook", "Rulebook of Harbour Rowing"),  # the words in another order
    ("Marble Cup Handbook", "Scoring Appendix"),
])
def test_a_heading_that_names_something_else_stays_a_section(title, heading):
    doc = parse(page(title, heading))
    assert heading in [s.title for s in doc.sections]
