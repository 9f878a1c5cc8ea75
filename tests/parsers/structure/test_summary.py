"""Update summaries: a line's citations (numbers, ranges, terms, in several languages),
and a summary found among a document's sections by its structure, not by its name."""
import pytest

from rookery.model import Section
from rookery.parsers.structure.summary import summaries
from rookery.parsers.structure.summary_lines import expand, read_line


@pytest.mark.parametrize("line,numbers,ranges,terms,reverse", [
    # numbers first, however they are joined
    ("3.2.1 Clarified the timing of a duel.", ("3.2.1",), (), (), False),
    ("\u2022 3.2.1. Clarified the timing.", ("3.2.1",), (), (), False),
    ("(1.2) Duplicates: clarified.", ("1.2",), (), (), False),
    ("7.8.1\u20137.8.3 Added three rules.", ("7.8.1", "7.8.3"), (("7.8.1", "7.8.3"),), (), False),
    ("7.8.1.-7.8.3. Added three rules.", ("7.8.1", "7.8.3"), (("7.8.1", "7.8.3"),), (), False),
    ("4.3.5. and 4.3.6. Merged.", ("4.3.5", "4.3.6"), (), (), False),
    ("2.1, 2.4 and 2.9 Reworded.", ("2.1", "2.4", "2.9"), (), (), False),
    ("702.138a\u2013702.138c Updated.", ("702.138a", "702.138c"),
     (("702.138a", "702.138c"),), (), False),
    ("Rule 5.1: corrected.", ("5.1",), (), (), False),
    ("Règle 5.1 : corrigée.", ("5.1",), (), (), False),
    ("2.1 à 2.4 : précisées.", ("2.1", "2.4"), (("2.1", "2.4"),), (), False),
    ("Regeln 2.1 bis 2.4: präzisiert.", ("2.1", "2.4"), (("2.1", "2.4"),), (), False),
    # a term and what happened to it, in each language's words
    ("Ward: Added.", (), (), ("Ward",), False),
    ("\u201cfor keeps\u201d: Updated to name the zone.", (), (), ("for keeps",), False),
    ("Garde : ajouté.", (), (), ("Garde",), False),
    ("Schutz: hinzugefügt.", (), (), ("Schutz",), False),
    ("Ward \u2013 removed", (), (), ("Ward",), False),
    ("Ward \u2014 removed", (), (), ("Ward",), False),
    ("Ward - removed", (), (), ("Ward",), False),
    # what happened first, then what it cites
    ("New: 7.1.10", ("7.1.10",), (), (), True),
    ("Added: rule 3.2", ("3.2",), (), (), True),
    ("New terms: Ward, Beacon", (), (), ("Ward", "Beacon"), True),
    ("Nouveau terme : Garde", (), (), ("Garde",), True),
    ("Neu: Schutz", (), (), ("Schutz",), True),
    # prose, examples, dates and the numbers of a list's own steps cite nothing
    ("Added the following language to sections 1.9.1 and 1.9.2 to clarify it:",
     (), (), (), False),
    ("Example: The moth is lit at dusk.", (), (), (), False),
    ("Ward: A card that cannot be chosen.", (), (), (), False),
    ("August 9, 2024", (), (), (), False),
    ("Ward-bearer removed", (), (), (), False),  # (a hyphen inside a word parts nothing)
    ("Removed every ward", (), (), (), False),
    ("2 players may share a deck.", (), (), (), False),
    ("see section 7.3, \u201cKeywords.\u201d", (), (), (), False),
    ("7.1.4) Clarification: runs follow their rulesets; thus, set seed", (), (), (), False),
])
def test_what_a_summary_line_cites(line, numbers, ranges, terms, reverse):
    cited = read_line(line)
    assert (cited.numbers, cited.ranges, cited.terms, cited.reverse) == \
        (numbers, ranges, terms, reverse)


@pytest.mark.parametrize("first,last,order,expected", [
    ("7.8.1", "7.8.3", [], ["7.8.1", "7.8.2", "7.8.3"]),
    ("6.3.3.1", "6.3.3.2", [], ["6.3.3.1", "6.3.3.2"]),
    ("702.138a", "702.138c", [], ["702.138a", "702.138b", "702.138c"]),
    # across parents, the numbers the document prints between them, at their depth
    ("4.9", "5.2", ["4.8", "4.9", "4.9.1", "5", "5.1", "5.2", "5.3"], ["4.9", "5.1", "5.2"]),
    # a range the document does not print in order is its two ends
    ("9.4", "2.1", ["2.1", "9.4"], ["9.4", "2.1"]),
])
def test_a_range_cites_every_number_in_it(first, last, order, expected):
    assert expand(first, last, order) == expected


def _rules(*numbers: str) -> list[Section]:
    """Numbered rules of an invented game, each with a sentence of its own."""
    return [Section(title=None, kind="ruling", number=n, text=f"Rule {n} says one thing.",
                    path=(f"{n.split('.')[0]}. Chapter",)) for n in numbers]


RULES = _rules("1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "3.1", "3.2")
GLOSSARY = [Section(title="Glossary", kind="heading"),
            Section(title="Ward", kind="term", text="A card that cannot be chosen.",
                    path=("Glossary",)),
            Section(title="Beacon", kind="term", text="A lit lantern.", path=("Glossary",))]


def _part(title: str, *lines: str, under: tuple[str, ...] = ()) -> Section:
    return Section(title=title, kind="text", text="\n".join(lines), path=under)


def test_a_summary_after_the_rules_is_found_with_its_entries():
    summary = _part("What is new", "1.2 Clarified who goes first.", "2.1\u20132.3 Added.",
                    "Ward: Added.")
    found = summaries(RULES + GLOSSARY + [summary])
    assert [(s.title, s.start) for s in found] == [("What is new", len(RULES) + 3)]
    assert [(e.numbers, e.term) for e in found[0].entries] == \
        [(("1.2",), None), (("2.1", "2.2", "2.3"), None), ((), "Ward")]


def test_a_summary_before_the_rules_is_found_too():
    summary = _part("Changes in this version", "Clarified: rule 1.2", "Added: 2.1 to 2.3")
    found = summaries([summary] + RULES)
    assert [e.numbers for e in found[0].entries] == [("1.2",), ("2.1", "2.2", "2.3")]


@pytest.mark.parametrize("part,where", [
    # the same lines in the middle of the rules are an example, not the release's account
    (_part("Examples", "1.2 Clarified who goes first.", "2.1 Added."), 4),
    # a list that says nothing of what happened: a contents list, an index
    (_part("Contents", "1.1 Setup", "2.1 Turns", "3.1 Winning"), 8),
    # a list's own steps ("1.", "2.") where the document numbers its rules in parts
    (_part("Timing", "1. Interrupts are used.", "2. Reactions are used.",
           "3. The new step begins."), 8),
    # a glossary whose definitions happen to open with a change word
    (_part("Terms", "Beacon: A new lantern that is lit.", "Moth: A card added at dusk."), 8),
    # an errata list of cards the releases print no section for
    (_part("Errata", "Pale Moth: Change its cost to 2.", "Old Lantern: Add 'Lit'."), 8),
])
def test_lines_that_only_look_like_a_summary_are_not_one(part, where):
    sections = RULES[:where] + [part] + RULES[where:]
    assert summaries(sections) == []


def test_a_line_that_names_a_later_part_of_the_summary_outlines_it():
    head = _part("Update Summary", "New rule: Lantern limits", "Clarification: Ward")
    part = _part("Lantern limits", "Added the following rules:", "2.1 Rule 2.1 says one thing.",
                 "2.2 Rule 2.2 says one thing.", under=("Update Summary",))
    found = summaries(RULES + GLOSSARY + [head, part])
    assert [(e.numbers, e.term) for e in found[0].entries] == \
        [((), "Ward"), (("2.1",), None), (("2.2",), None)]


def test_parts_printed_side_by_side_are_one_summary():
    found = summaries(RULES + GLOSSARY + [
        _part("Summary of Changes"), _part("Rules", "1.2 Clarified.", "2.2 Removed."),
        _part("Terms", "Ward: Added."), _part("Quoted", "3.1 Rule 3.1 says one thing.")])
    assert len(found) == 1 and found[0].title == "Summary of Changes"
    assert [e.numbers or e.term for e in found[0].entries] == [("1.2",), ("2.2",), "Ward",
                                                               ("3.1",)]


def test_an_earlier_summary_is_read_with_its_date_and_called_so():
    found = summaries(RULES + GLOSSARY + [
        _part("Update Summary", "June 3, 2024", "1.2 Clarified."),
        _part("Previous Update Summary", "March 1, 2024", "2.2 Removed.")])
    assert [(s.title, s.date, s.earlier) for s in found] == [
        ("Update Summary", "2024-06-03", False),
        ("Previous Update Summary", "2024-03-01", True)]


def test_a_word_the_document_uses_for_what_happened_is_learned_from_its_entries():
    summary = _part("What is new", "1.2 Reworked who goes first.", "2.2 Reworked the dusk.",
                    "Beacon: Reworked.")
    found = summaries(RULES + GLOSSARY + [summary])
    assert [e.numbers or e.term for e in found[0].entries] == [("1.2",), ("2.2",), "Beacon"]


def test_a_word_that_opens_the_documents_own_lines_is_not_learned():
    # "Every" opens the rules' own sentences too: it says nothing of what happened
    rules = [Section(title=None, kind="ruling", number=s.number, path=s.path,
                     text="Every player does one thing.") for s in RULES]
    summary = _part("What is new", "1.2 Every player goes first.", "2.2 Every turn ends.",
                    "1.3 Clarified.", "Beacon: Every lantern.")
    found = summaries(rules + GLOSSARY + [summary])
    assert [e.numbers or e.term for e in found[0].entries] == [("1.2",), ("2.2",), ("1.3",)]


def test_a_term_is_cited_only_where_a_release_prints_it():
    # a number is a citation whatever the releases print (the summary may be wrong); a
    # name is one only where a section goes by it: here, in the older release alone
    summary = _part("What is new", "4.1 Removed.", "Lantern: Removed.")
    older = _rules("4.1") + [Section(title="Lantern", kind="term", text="A light.")]
    alone = summaries(RULES + [summary])
    assert [e.numbers or e.term for e in alone[0].entries] == [("4.1",)]
    found = summaries(RULES + [summary], older)
    assert [e.numbers or e.term for e in found[0].entries] == [("4.1",), "Lantern"]
