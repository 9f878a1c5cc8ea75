"""`--section` (and a notify target's sections): a number matches that section and what
lies under it, nothing else; words match titles, headings and questions."""
import pytest

from rookery.diffs.report import section_matches
from rookery.model import Section


def section(number, title="", heading=None, question=None):
    return Section(title=title, kind="ruling", number=number, heading=heading,
                   question=question)


@pytest.mark.parametrize("query,number,heading,expected", [
    ("702.13", "702.13", None, True),
    ("702.13", "702.13a", None, True),        # a subrule
    ("702.13", "702.136a", None, False),      # another rule that starts alike
    ("702.13", "702.137", "702.137 Cites 702.13", False),  # words in a heading
    ("702.1", "702.102", None, False),
    ("702.1", "702.1b", None, True),
    ("2.1", "2.10", "(2.10) Spending Gold", False),
    ("2.1", None, "(v2.1) Ser Horas Redwyne", False),  # an erratum's version tag
    ("2.1", "2.1.3", None, True),
    ("(1.2)", "1.2", "(1.2) Duplicates", True),
    ("2.1.", "2.1", None, True),
    ("A.4", "A.4", None, True),
    ("duplicates", "1.2", "(1.2) Duplicates", True),
    ("dup", None, "Limited Card as Duplicate", True),
])
def test_a_query_matches_a_number_and_what_lies_under_it_or_words(query, number, heading,
                                                                  expected):
    assert section_matches(section(number, heading=heading), query) is expected


def test_words_match_a_question():
    s = section(None, question="Can a duplicate be saved?")
    assert section_matches(s, "be saved") and not section_matches(s, "discard")
