"""Text laid out as its page was (`pdftotext -layout`): our numbered rulebook in several
page layouts gives the sections of its plain-text release, and the pieces that read
the layout (running feet, column gutters, hanging indents, terms at a page's foot)
decide from the text's own evidence."""
import pytest

import laidout
import numbered
from rookery.model import title_key
from rookery.parsers import layout, parse


def key(s) -> tuple:
    return (s.number, title_key(s.title), s.kind, s.text, tuple(title_key(p) for p in s.path))


@pytest.mark.parametrize("page", laidout.PAGES, ids=[p.name for p in laidout.PAGES])
@pytest.mark.parametrize("scheme", numbered.SCHEMES, ids=[s.name for s in numbered.SCHEMES])
def test_a_laid_out_rulebook_gives_the_sections_of_its_plain_text(scheme, page):
    reference = parse(numbered.text(scheme).encode())
    doc = parse(laidout.text(scheme, page).encode(), source=page.name)
    assert (doc.title, doc.effective) == (reference.title, reference.effective)
    assert [key(s) for s in doc.sections] == [key(s) for s in reference.sections]


def lines(text: str) -> list[str]:
    return text.split("\n")


def test_running_feet_are_found_by_repetition_and_left_out():
    body = [f"Rule {k} says a thing about lanes." for k in range(30)]
    pages = []
    for n in range(0, 30, 10):
        pages += body[n:n + 10] + ["", f"Skyforge Rules      {n // 10 + 1}"]
    found = layout.read(pages)
    assert [r.text for r in found] == body


@pytest.mark.parametrize("rows,cut", [
    # two columns side by side
    (["Alpha entry one          Beta entry one", "Alpha entry two          Beta entry two",
      "Alpha entry three        Beta entry three"], 25),
    # a title across the top does not hide the gutter under it
    (["        A Title Set Across the Page Width", "Alpha entry one          Beta entry one",
      "Alpha entry two          Beta entry two", "Alpha entry three        Beta entry three"], 25),
    # bullets or section numbers set apart from their text are no column
    (["  -     first point made", "  -     second point made", "  -     third point made"],
     None),
    (["1.1.1.   First rule text", "1.1.2.   Second rule text", "1.1.3.   Third rule text"],
     None),
])
def test_a_page_is_parted_at_a_gutter_only_between_columns_of_words(rows, cut):
    assert layout._gutter(rows) == cut


def test_a_term_left_at_a_pages_foot_keeps_its_definition():
    # "Glow" ends a page, a blank line above it; its definition opens the next page under
    # the running head and the blank line that follows the head
    head = ["                LANTERNFALL RULES", ""]
    text = "\n".join(
        ["Glossary", "", "Anchor", "A keyword that stops a card.", "", "Glow", "", "",
         "                                   1"] + head
        + ["What a player counts to win.", "", "Lantern", "A card that lights a lane.", "",
           "", "                                   2"] + head
        + [f"       {k}. rule {k} text here." for k in range(1, 13)]
        + ["", "                                   3"] + head
        + [f"       {k}. rule {k} text here." for k in range(13, 25)]
        + ["", "                                   4"])
    doc = parse(text.encode())
    glow = next(s for s in doc.sections if s.title == "Glow")
    assert glow.text == "What a player counts to win." and glow.path == ("Glossary",)


def test_plain_text_without_a_page_layout_is_read_as_plain_text():
    text = "\n".join(["Rules", ""] + [f"{k}. Rule number {k} says one thing.\n" for k in
                                      range(1, 30)])
    assert layout.read(lines(text)) is None
