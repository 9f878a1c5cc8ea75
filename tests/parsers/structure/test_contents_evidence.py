"""A contents list is set aside only on a contents list's evidence: its entries name
headings the document then sets, in order, each its own heading, with text under them
(or pages that never go back after them). A points list (the same values under many
names), a list the body prints twice, or figures' numbers repeat later lines too, but
they are the document's own text and stay in its sections. Each document is written
here, in our words, as plain text, as a web page and as a PDF drawn with reportlab."""
import html

import pytest

from lines import PAGE, as_pdf, as_text
from rookery.parsers import parse
from rookery.parsers.blocks import Block
from rookery.parsers.structure.contents import split_contents

# (text, bold) lines, None a paragraph space, PAGE a new page (PDF) or a blank (text)
_UNITS = [("Cinder Hound", ["3 models", "6 models"], ["45 pts", "90 pts"]),
          ("Salt Oracle", ["1 model"], ["60 pts"]),
          ("Bramble Wall", ["2 models", "4 models"], ["35 pts", "70 pts"]),
          ("Ash Walker", ["5 models", "10 models"], ["80 pts", "150 pts"])]


def _roster(faction: str, units) -> list:
    out = [(faction, True), None]
    for name, sizes, points in units:
        out += [(name, True), None]
        for size, cost in zip(sizes, points):
            out += [(size, False), None, (cost, False), None]
    return out


# a points list: each faction lists its units, and the same values (and some of the same
# units) come again under later factions
POINTS = [("Muster Roll", True), None,
          ("Each unit costs the points shown for the models it fields.", False), None] \
    + _roster("Ashen Court", _UNITS[:3]) + _roster("Tidewatch", _UNITS[1:]) \
    + _roster("Verdant Pact", _UNITS[::-1])

# the same with dot leaders to the points ("3 models ........ 45 pts")
LEADERS = [("Muster Roll", True), None,
           ("Each unit costs the points shown for the models it fields.", False), None]
for _faction, _units in [("Ashen Court", _UNITS[:3]), ("Tidewatch", _UNITS[1:]),
                         ("Verdant Pact", _UNITS[::-1])]:
    LEADERS += [(_faction, True), None]
    for _name, _sizes, _points in _units:
        LEADERS += [(_name, True), None] + [(f"{s} {'.' * 24} {p}", False)
                                            for s, p in zip(_sizes, _points)] + [None]

# a list of categories, each with its events, the later ones repeating the first's
BULLETS = [("Relay Meet Rules", True), None,
           ("1. Entry", True), None,
           ("Teams enter as pairs and race in one category.", False), None,
           ("2. Format", True), None,
           ("Every category races the same two events, in this order:", False), None,
           ("Open Class", True), ("Sprint Heat", False), ("Lake Relay", False), None,
           ("Masters Class", True), ("Sprint Heat", False), ("Lake Relay", False), None,
           ("Veterans Class", True), ("Sprint Heat", False), ("Lake Relay", False), None,
           ("3. Scoring", True), None,
           ("The fastest pair in each event scores ten points.", False)]

_CHAPTERS = [("1. Setting Up", ["1.1 The Board", "1.2 Shuffling"]),
             ("2. Taking Turns", ["2.1 Drawing", "2.2 Moving", "2.3 Trading"]),
             ("3. Scoring", ["3.1 Points", "3.2 Penalties"])]


def _contents(pages: bool) -> list:
    """A contents page (with or without page numbers after leaders), then the body."""
    out = [("Lantern Rules", True), None, ("Contents", True), None]
    page = 2
    for chapter, sections in _CHAPTERS:
        for heading in [chapter] + sections:
            out.append((f"{heading} {'.' * 20} {page}" if pages else heading, False))
        page += 1
    out += [None, PAGE]
    for chapter, sections in _CHAPTERS:
        out += [(chapter, True), None]
        for heading in sections:
            out += [(heading, True), None,
                    (f"The rule of {heading[4:].lower()} is written here in full.", False),
                    None]
        out.append(PAGE)
    return out


def _html(lines) -> bytes:
    body = "".join("" if line in (None, PAGE) else
                   f"<h2>{html.escape(line[0])}</h2>" if line[1] else
                   f"<p>{html.escape(line[0])}</p>" for line in lines)
    return f"<html><head><title>Rules</title></head><body>{body}</body></html>".encode()


def _read(lines, form, tmp_path):
    if form == "pdf":
        return parse(as_pdf(lines, tmp_path / "rules.pdf"), source="rules.pdf")
    if form == "html":
        return parse(_html(lines), source="rules.html")
    return parse(as_text(lines), source="rules.txt")


def _contents_words(doc) -> int:
    return (doc.reading.words.furniture or {}).get("contents", 0)


def _shown(doc) -> str:
    return "\n".join(part for s in doc.sections for part in (s.heading or "", s.text or ""))


@pytest.mark.parametrize("form", ["text", "html", "pdf"])
@pytest.mark.parametrize("lines, kept", [
    (POINTS, ["3 models", "45 pts", "150 pts", "1 model"]),
    (LEADERS, ["45 pts", "150 pts"]),
    (BULLETS, ["Open Class", "Masters Class", "Sprint Heat"]),
], ids=["points", "points with leaders", "bullets"])
def test_a_list_the_body_repeats_is_text_not_contents(lines, kept, form, tmp_path):
    doc = _read(lines, form, tmp_path)
    assert _contents_words(doc) == 0
    assert doc.reading.words.lost == 0
    shown = _shown(doc)
    for text in kept:
        assert text in shown


@pytest.mark.parametrize("form", ["text", "pdf"])
@pytest.mark.parametrize("pages", [True, False], ids=["with pages", "without pages"])
def test_a_contents_list_of_the_headings_that_follow_is_set_aside(pages, form, tmp_path):
    doc = _read(_contents(pages), form, tmp_path)
    entries = sum(1 + len(sections) for _chapter, sections in _CHAPTERS)
    assert _contents_words(doc) >= 2 * entries  # every entry's words, and "Contents"
    assert doc.reading.words.lost == 0
    headings = [s.heading for s in doc.sections if s.heading]
    for chapter, sections in _CHAPTERS:
        for heading in [chapter] + sections:  # each heading once: the body's own
            assert headings.count(heading) == 1, heading


# a priced list before the units it prices, in their order: its numbers go back, so they
# are no pages (leaders to a bare number, "Cinder Hound ........ 110")
PRICED = [("Muster Roll", True), None, ("Points", True), None] \
    + [(f"{name} {'.' * 20} {cost}", False) for name, cost in
       [("Cinder Hound", 110), ("Salt Oracle", 60), ("Bramble Wall", 95),
        ("Ash Walker", 40), ("Ember Drake", 150)]] + [None] \
    + [line for name in ["Cinder Hound", "Salt Oracle", "Bramble Wall", "Ash Walker",
                         "Ember Drake"]
       for line in [(name, True), None, (f"The {name.lower()} moves two spaces.", False),
                    None]]


@pytest.mark.parametrize("form", ["text", "pdf"])
def test_numbers_after_leaders_that_go_back_are_points_not_pages(form, tmp_path):
    doc = _read(PRICED, form, tmp_path)
    assert _contents_words(doc) == 0
    assert "110" in _shown(doc) and "150" in _shown(doc)


def _block(spec: str) -> Block:
    """"# Name" a heading, "- Name" a list item, else a paragraph ("|" breaks its lines)."""
    if spec.startswith("# "):
        return Block(kind="heading", text=spec[2:], level=2)
    if spec.startswith("- "):
        return Block(kind="item", text=spec[2:])
    return Block(kind="para", text=spec.replace("|", "\n"))


@pytest.mark.parametrize("specs, dropped", [
    # categories and their events as the readers give them, the events repeated under
    # the last category: a list of the body's, not of what follows
    (["# Format", "Each category races these events:", "- Open Class", "- 2 km Sprint",
      "- Lake Relay", "- Masters Class", "- 2 km Sprint", "- Lake Relay",
      "# Veterans Class", "# Lake Relay", "2 km Sprint|The best pairs race again.",
      "# Scoring", "The fastest pair scores ten points."], []),
    # a rule's numbered criteria, a clause each, which a later rule lists again
    (["# 4 Ties", "4.2 Ties in a open event go by these criteria:", "- 1. Buchholz score,",
      "- 2. further scores the organiser names.",
      "4.3 Ties in a round robin go by these criteria:", "- 1. Sonneborn-Berger score,",
      "- 2. further scores the organiser names.", "# 5 Teams",
      "5.1 Ties in a team event go by these criteria:", "- 1. Sonneborn-Berger score,",
      "- 2. further scores the organiser names.", "5.2 A team fields four players."], []),
    # lines of figures' numbers that a later figure repeats
    (["# Board", "1", "2", "3", "4", "The board as it starts.", "# Moves", "1", "2", "3",
      "4", "The board after a move."], []),
    # a contents list (a column of its pages set apart) of the headings that follow
    (["# Contents", "Setting Up", "Taking Turns", "Scoring", "2", "3", "5",
      "# Setting Up", "Shuffle the deck.", "# Taking Turns", "Draw, then play.",
      "# Scoring", "Count the points."],
     ["Contents", "Setting Up", "Taking Turns", "Scoring", "2", "3", "5"]),
])
def test_a_run_is_contents_only_on_the_evidence_of_one(specs, dropped):
    blocks = [_block(spec) for spec in specs]
    kept = {id(b) for b in split_contents(blocks)[0]}
    assert [b.text for b in blocks if id(b) not in kept] == dropped
