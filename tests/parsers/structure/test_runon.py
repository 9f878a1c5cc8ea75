"""A numbered paragraph whose forced line break is followed by the number that comes
next holds two rules, in every numbering scheme; a rule quoted where the document sets
it apart, and a list that starts afresh, stay in the text."""
import pytest

from rookery.parsers import parse

SCHEMES = [
    # (the rule, the one run on after it, where the document goes on)
    ("1.2", "1.3", "1.4"),
    ("1.2", "1.2.1", "1.3"),
    ("102.2", "102.2a", "102.3"),
    ("(1.2)", "(1.3)", "(1.4)"),
    ("A.1", "A.2", "A.3"),
]


def page(first: str, second: str, later: str, joined: bool) -> bytes:
    """Three rules; the first two parted by a forced line break (`joined`) or set as
    paragraphs of their own (the control)."""
    between = "<br>" if joined else "</p><p>"
    return ("<h1>Lanternfall Rules</h1><h2>The Round</h2>"
            f"<p>{first} The first player lights a lantern.{between}"
            f"{second} A lantern lit twice stays lit.</p>"
            f"<p>{later} A moth flies toward the nearest light.</p>").encode()


def rules(data: bytes):
    doc = parse(data, source="rules.html")
    return [(s.number, s.text) for s in doc.sections if s.number], doc.reading


@pytest.mark.parametrize("first,second,later", SCHEMES)
def test_a_rule_run_on_after_a_line_break_is_a_rule(first, second, later):
    joined, reading = rules(page(first, second, later, joined=True))
    apart, _ = rules(page(first, second, later, joined=False))
    assert len(apart) == 3  # the control reads three rules
    assert joined == apart
    assert reading.in_text == []


def test_a_rule_quoted_where_the_document_sets_it_apart_stays_in_the_text():
    data = ("<h1>Lanternfall Rules</h1><h2>The Round</h2>"
            "<p>1.2 The first player lights a lantern.<br>1.3 applies after this.</p>"
            "<p>1.3 A lantern lit twice stays lit.</p>").encode()
    got, _ = rules(data)
    assert got == [("1.2", "The first player lights a lantern.\n1.3 applies after this."),
                   ("1.3", "A lantern lit twice stays lit.")]


def test_a_list_that_starts_afresh_stays_in_its_rule():
    data = ("<h1>Lanternfall Rules</h1><h2>The Round</h2>"
            "<p>4.1 Each turn, in order:<br>1. Draw.<br>2. Discard.</p>"
            "<p>4.2 A moth flies toward the nearest light.</p>").encode()
    got, _ = rules(data)
    assert got[0] == ("4.1", "Each turn, in order:\n1. Draw.\n2. Discard.")


def test_a_dotted_rule_run_on_in_the_text_under_a_numbered_heading_is_a_rule():
    data = ("<h1>Lanternfall Rules</h1><h2>1. The Round</h2><h3>1.2 Lanterns</h3>"
            "<p>The first player lights a lantern.<br>1.2.1 A lantern lit twice stays lit.</p>"
            "<h3>1.3 Moths</h3><p>A moth flies.</p>").encode()
    got, reading = rules(data)
    assert ("1.2.1", "A lantern lit twice stays lit.") in got
    assert reading.in_text == []


@pytest.mark.parametrize("before,first,items,carried", [
    # list items that carry the rule's own number on are its subrules
    ("102.1", "102.2", ["102.2a", "102.2b"], True),
    ("4.1.1", "4.1.2", ["4.1.3", "4.1.4"], True),
    # a list numbered afresh is the rule's own text
    ("102.1", "102.2", ["1.", "2."], False),
    ("102.1", "102.2", ["a.", "b."], False),
])
def test_list_items_that_carry_the_rules_number_are_rules(before, first, items, carried):
    from rookery.parsers.blocks import Block, RawDocument
    from rookery.parsers.structure.outline import build_document

    blocks = [Block("heading", "Lanternfall Rules", level=1), Block("heading", "Decks", level=2),
              Block("para", f"{before} A deck holds forty cards."),
              Block("para", f"{first} A deck holds one leader.")]
    blocks += [Block("item", f"{n} A leader is not required, and counts as a card.")
               for n in items]
    doc = build_document(RawDocument(blocks=blocks, format="pdf"))
    numbers = [s.number for s in doc.sections if s.number]
    want = [before, first] + ([n.rstrip(".") for n in items] if carried else [])
    assert numbers == want
