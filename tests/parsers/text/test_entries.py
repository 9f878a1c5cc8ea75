"""Entries that open with no blank line before them: a rulebook of our own (tests/glossed.py)
printed with a blank line after every entry, after some, or after none, and hard-wrapped
at 60 to 100 columns, gives the same sections every way; and what the evidence does not
back (a number out of sequence, a name out of the glossary's order) stays where it is."""
import pytest

import glossed
from rookery.model import title_key
from rookery.parsers import parse


def key(s) -> tuple:
    return (s.number, title_key(s.title), s.kind, s.text, tuple(title_key(p) for p in s.path))


@pytest.fixture(scope="module")
def reference():
    return parse(glossed.text().encode())


def test_the_rulebook_with_a_blank_line_after_every_entry_reads_as_written(reference):
    assert (reference.title, reference.effective) == (glossed.TITLE, "2025-06-02")
    assert [s.number for s in reference.sections if s.kind == "ruling"] == glossed.rules()
    assert [s.title for s in reference.sections if s.kind == "term"] == glossed.terms()
    ability = next(s for s in reference.sections if s.title == "Ability")
    assert ability.text.split("\n")[:2] == glossed.GLOSSARY[0][1]  # its senses, a line each
    assert reference.reading.problems == [] and reference.reading.words.lost == 0


@pytest.mark.parametrize("width", [None, 60, 72, 80, 100])
@pytest.mark.parametrize("spacing", glossed.SPACINGS)
def test_every_spacing_and_wrap_of_the_rulebook_gives_its_sections(reference, spacing, width):
    doc = parse(glossed.text(spacing, width).encode(), source=f"{spacing}, {width}")
    assert [key(s) for s in doc.sections] == [key(s) for s in reference.sections]
    assert doc.reading.words.lost == 0


# a title block, and a paragraph long enough that the short lines below end by force
FRONT = ("Tide Rules\n\nVersion 1.0, effective 2025-01-01\n\nTides rise and fall twice in "
         "every round of play, and each card on the shore feels them in its own way.\n\n")
GLOSSARY = ("Glossary\n\nAnchor\nA card that stays.\n\nBeacon\nA card that shines.\n\n"
            "Cinder\nA card that burns.\n\n")

# (case, text, [(kind, number, title, text)] of the sections after "Glossary")
CASES = [
    ("a term on the line after the last one's definition opens an entry",
     "Glossary\n\nAnchor\nA card that stays.\nBeacon\nA card that shines.\n\n"
     "Cinder\nA card that burns.\n\nDrift\nA card that moves.\nEmber\nA card that glows.\n",
     [("term", None, "Anchor", "A card that stays."),
      ("term", None, "Beacon", "A card that shines."),
      ("term", None, "Cinder", "A card that burns."),
      ("term", None, "Drift", "A card that moves."),
      ("term", None, "Ember", "A card that glows.")]),
    ("a name out of the glossary's order stays in the definition it follows",
     GLOSSARY.replace("A card that shines.", "A card that shines.\nZephyr Rules\n"
                      "Only in the older printing."),
     [("term", None, "Anchor", "A card that stays."),
      ("term", None, "Beacon", "A card that shines.\nZephyr Rules\nOnly in the older printing."),
      ("term", None, "Cinder", "A card that burns.")]),
    ("a name after the glossary's last term is no term of it",
     GLOSSARY + "Credits\n\nWritten by the keepers of the tide.\n",
     [("term", None, "Anchor", "A card that stays."),
      ("term", None, "Beacon", "A card that shines."),
      ("term", None, "Cinder", "A card that burns."),
      ("text", None, "Credits", "Written by the keepers of the tide.")]),
    ("numbered senses stay under their term",
     GLOSSARY.replace("A card that shines.", "1. A card that shines.\n2. Its light."),
     [("term", None, "Anchor", "A card that stays."),
      ("term", None, "Beacon", "1. A card that shines.\n2. Its light."),
      ("term", None, "Cinder", "A card that burns.")]),
]


@pytest.mark.parametrize("text,expected", [(t, e) for _n, t, e in CASES],
                         ids=[n for n, _t, _e in CASES])
def test_a_glossary_entry_opens_where_its_order_says(text, expected):
    doc = parse((FRONT + text).encode())
    sections = [(s.kind, s.number, s.title, s.text) for s in doc.sections]
    assert sections[sections.index(("heading", None, "Glossary", "")) + 1:] == expected


@pytest.mark.parametrize("rules,expected", [
    # the next number of the sequence, after a finished clause, opens a rule
    ("101.1. Tides turn at dawn.\n101.2. Tides ebb at dusk.",
     [("101.1", "Tides turn at dawn."), ("101.2", "Tides ebb at dusk.")]),
    ("101.1. Tides turn at dawn.\n101.1a A duel has one tide.\n101.2. Tides ebb.",
     [("101.1", "Tides turn at dawn."), ("101.1a", "A duel has one tide."),
      ("101.2", "Tides ebb.")]),
    # a number that does not continue the sequence is the rule's own text
    ("101.1. Tides turn as rule\n300.2. says, at dawn.",
     [("101.1", "Tides turn as rule\n300.2. says, at dawn.")]),
    ("101.1. Tides turn at dawn.\n305.2. A rule quoted from the old edition.",
     [("101.1", "Tides turn at dawn.\n305.2. A rule quoted from the old edition.")]),
])
def test_a_rule_opens_on_the_next_line_where_the_numbering_goes_on(rules, expected):
    doc = parse((FRONT + "1. Tides\n\n101. General\n\n" + rules + "\n").encode())
    assert [(s.number, s.text) for s in doc.sections if s.kind == "ruling"] == expected
