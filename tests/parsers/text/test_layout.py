"""Text laid out as its page was (`pdftotext -layout`): our numbered rulebook in several
page layouts gives the sections of its plain-text release, and the pieces that read
the layout (running feet, column gutters, hanging indents, terms at a page's foot)
decide from the text's own evidence."""
from dataclasses import dataclass

import pytest

import laidout
import numbered
from rookery.model import title_key
from rookery.parsers import parse
from rookery.parsers.text import layout


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
    found, feet = layout.read(pages)
    assert [r.text for r in found] == body
    assert feet == [f"Skyforge Rules      {n}" for n in (1, 2, 3)]  # named, for the account


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


@dataclass(frozen=True)
class Design:
    """How a converter set the pages: the margin it kept on the left, the running foot
    (with {n} for the page number), and how far a rule's later lines hang."""
    margin: int
    foot: str
    hang: int


DESIGNS = [Design(0, "Lanternfall Rules   {n}", 4), Design(3, "{n}", 6),
           Design(6, "lanternfall.example   page {n}", 2)]
by_design = pytest.mark.parametrize("design", DESIGNS, ids=["flush", "margin-3", "margin-6"])


def laid_out(design: Design, *pages: list[str]) -> bytes:
    """A chapter of rules set with hanging indents, then `pages` of rows; each page closed
    by a blank line and a running foot with its number."""
    rows: list[str] = []
    hang = " " * design.hang
    chapters = tuple([f"{k}. PART {k}", ""] + [f"{hang}{k}.{j}.   Rule {k}.{j} says how a lane "
                                                "works." for j in range(1, 8)] for k in (1, 2))
    for n, page in enumerate(chapters + pages, 1):
        rows += page + ["", f"{' ' * 30}{design.foot.format(n=n)}"]
    return "\n".join(" " * design.margin + row if row else row for row in rows).encode()


@by_design
def test_a_name_atop_a_page_among_headings_is_one_more_heading(design):
    # "Scoring" opens a page with no blank line to tell a heading from a term: the names
    # around it are headings set off by blank lines, so it is one as well
    doc = parse(laid_out(
        design,
        ["UPDATE NOTES", "", "Lane Rules", "Reworded how a lane opens.", "", "Card Draw",
         "Clarified when a card is drawn."],
        ["Scoring", "Added a rule about tied scores.", "", "Lane Limits",
         "Lowered the number of cards a lane holds."]))
    notes = {s.title: s for s in doc.sections if s.path == ("UPDATE NOTES",)}
    assert list(notes) == ["Lane Rules", "Card Draw", "Scoring", "Lane Limits"]
    assert notes["Scoring"].text == "Added a rule about tied scores."


@by_design
def test_a_name_atop_a_page_among_terms_is_one_more_term(design):
    doc = parse(laid_out(
        design,
        ["GLOSSARY", "", "anchor", "A keyword that keeps a card in its lane.", "beacon",
         "A card that lights a lane."],
        ["cinder", "What is left of a card that burns.", "dusk",
         "The last phase of a round."]))
    terms = {s.title: s.text for s in doc.sections if s.path == ("GLOSSARY",)}
    assert list(terms) == ["anchor", "beacon", "cinder", "dusk"]
    assert terms["cinder"] == "What is left of a card that burns."


@by_design
def test_a_glossary_term_keeps_its_numbered_senses(design):
    doc = parse(laid_out(
        design,
        ["GLOSSARY", "", "anchor", "A keyword that keeps a card in its lane.", "beacon",
         "1. noun. A card that lights a lane.", "2. verb. To light a lane with a beacon.",
         "cinder", "What is left of a card that burns."]))
    terms = {s.title: s.text for s in doc.sections if s.path == ("GLOSSARY",)}
    assert terms["beacon"] == "1. noun. A card that lights a lane.\n" \
                              "2. verb. To light a lane with a beacon."
    assert terms["anchor"] == "A keyword that keeps a card in its lane."


@by_design
def test_a_name_over_a_bulleted_list_heads_it_and_bullets_are_no_text(design):
    doc = parse(laid_out(
        design,
        ["UPDATE NOTES", "", "Lane Rules", "Reworded how a lane opens.", "Minor Fixes",
         "   \u25ca   1.2. Fixed a misspelt word.", "   \u2022   2.4. Corrected a reference."]))
    texts = {s.title: s.text for s in doc.sections}
    assert texts["Lane Rules"] == "Reworded how a lane opens."
    assert texts["Minor Fixes"] == "1.2. Fixed a misspelt word.\n2.4. Corrected a reference."
