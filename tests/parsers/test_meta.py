import pytest

from rookery.parsers import parse
from rookery.parsers.meta import (effective_date, is_version_line, stated_date, strip_version,
                                  version_label)

CASES = [
    # (title-block line, label, ISO date)
    ("Skyforge Errata v1.1, 10/10/2016", "1.1", "2016-10-10"),
    ("Version 2.2, effective 5/13/2019", "2.2", "2019-05-13"),
    ("Version 2.2, effective 07.26.2017", "2.2", "2017-07-26"),
    ("Rulebook v4.0, 20/01/2023", "4.0", "2023-01-20"),
    ("Version 1.2 \u00b7 Effective October 12, 2017", "1.2", "2017-10-12"),
    ("Effective 3 March 2022, version 7", "7", "2022-03-03"),
    ("The Guild (Version 2.0), effective 07/03/2020 (link).", "The Guild (Version 2.0)", "2020-07-03"),
    ("Regulations - Version 1.2 / Effective 11.01.2016", "1.2", "2016-11-01"),
    ("Updated 2024-02-04", None, "2024-02-04"),
    ("Ver. 1.4.2", "1.4.2", None),
    ("Lantern Rules ver. 3.1, 2021-05-02", "3.1", "2021-05-02"),
    ("No version here", None, None),
]


@pytest.mark.parametrize("line,label,date", CASES)
def test_version_and_date_are_read_however_they_are_worded(line, label, date):
    assert version_label(line) == label
    assert effective_date(line) == date


def test_a_long_paragraph_that_mentions_a_version_is_not_a_version_line():
    text = ("This document continues the final publisher FAQ (Version 3.0, effective "
            "01/13/2020), which can be found on the publisher's website among other files.")
    assert not is_version_line(text)
    assert is_version_line("Design Team (Version 2.1), effective 10/03/2020.")


@pytest.mark.parametrize("title,expected", [
    ("Skyforge Errata v1.1, 10/10/2016", "Skyforge Errata"),
    ("Tournament Rules - Version 1.2 / Effective 11.01.2016", "Tournament Rules"),
    ("Plain Title", "Plain Title"),
])
def test_the_title_loses_its_version_statement(title, expected):
    assert strip_version(title) == expected


@pytest.mark.parametrize("text,date", [
    ("January 24, 2020", "2020-01-24"),
    ("24 January 2020", "2020-01-24"),
    ("24th January, 2020", "2020-01-24"),
    ("2020-01-24", "2020-01-24"),
    ("Jan. 24, 2020", "2020-01-24"),
    ("Sept. 5, 2019", "2019-09-05"),
    ("24.01.2020", "2020-01-24"),  # only day first is a real date
    ("20/01/2023", "2023-01-20"),
    ("03.04.2020", "2020-03-04"),  # both are: month first, as English-language publishers write
    ("03/04/2020", "2020-03-04"),
    ("March 2021", "2021-03"),  # a month: in force from its first day
    ("May 32, 2020", None),
    ("Junk 2020", None),
    ("03.04-2020", None),  # two separators: not one date
])
def test_dates_are_read_in_the_usual_wordings(text, date):
    assert effective_date(f"Skyforge rules, {text}.") == date


@pytest.mark.parametrize("text,date", [
    ("These rules are effective as of January 24, 2020.", "2020-01-24"),
    ("Effective date: 24 January 2020", "2020-01-24"),
    ("Last updated 2020-01-24", "2020-01-24"),
    ("Updated: Jan. 24, 2020", "2020-01-24"),
    ("Revised 24.01.2020", "2020-01-24"),
    ("The rules take effect on January 24, 2020.", "2020-01-24"),
    # took effect before last changed, wherever each stands
    ("Last updated January 30, 2020; effective February 3, 2020", "2020-02-03"),
    ("Cards released after May 1, 2019 are legal.", None),  # a date, but not the document's
    ("Updated rules for March 3, 2021 events", None),
    ("This digest continues the old FAQ (Version 3.0, effective 01/13/2020).", None),
])
def test_a_stated_date_is_one_the_document_introduces_as_its_own(text, date):
    assert stated_date(text) == date


def rules_document(*front: str, rules: tuple[str, ...] = (
        "Each player shuffles a deck of forty cards.", "The first player is chosen at random."),
        introduction: str = "This guide explains how an event is run, from registration to "
                            "the final table.") -> bytes:
    """A small plain-text rules document: a title, the lines given, an introduction and a
    numbered chapter."""
    parts = ["Skyforge Tournament Rules", *front, "Introduction", introduction, "1. Setup"]
    parts += [f"1.{k} {rule}" for k, rule in enumerate(rules, 1)]
    return "\n\n".join(parts).encode()


@pytest.mark.parametrize("front,version,date", [
    (["These rules are effective as of January 24, 2020."], None, "2020-01-24"),
    (["Effective 24 January 2020"], None, "2020-01-24"),
    (["Effective date: 2020-01-24"], None, "2020-01-24"),
    (["Last updated Jan. 24, 2020"], None, "2020-01-24"),
    (["Updated: 24.01.2020"], None, "2020-01-24"),
    (["Revised January 24, 2020"], None, "2020-01-24"),
    (["Version 1.2"], "1.2", None),
    (["v2.0 - March 2021"], "2.0", "2021-03"),
    (["Version 1.2", "Last updated: 24 January 2020"], "1.2", "2020-01-24"),
    (["Version 1.2, effective 10/12/2017"], "1.2", "2017-10-12"),
    # a sentence too long for a version line, and a date after other words
    (["These tournament rules take effect on January 24, 2020, and replace every earlier "
      "edition of them."], None, "2020-01-24"),
    (["Read them before your first event. Last updated: January 24, 2020."], None,
     "2020-01-24"),
    # dates that are not the document's
    (["This guide covers cards released after May 1, 2019."], None, None),
    ([], None, None),
])
def test_the_release_is_read_from_the_front_matter(front, version, date):
    doc = parse(rules_document(*front))
    assert (doc.version, doc.effective) == (version, date)
    assert [s.number for s in doc.sections if s.number] == ["1", "1.1", "1.2"]
    assert not any(is_version_line(s.label) for s in doc.sections)  # metadata, not sections


def test_a_date_inside_a_ruling_is_not_the_release_date():
    doc = parse(rules_document(rules=("Cards released after May 1, 2019 may be played.",
                                      "Effective June 3, 2019, the hand size is seven.",
                                      "These rules are effective as of July 4, 2019 in "
                                      "leagues.")))
    assert (doc.version, doc.effective) == (None, None)
    # the front matter's date stands, whatever dates the rulings give
    doc = parse(rules_document("Last updated: 24 January 2020", rules=(
        "Effective June 3, 2019, the hand size is seven.",)))
    assert doc.effective == "2020-01-24"


def test_the_document_may_state_its_date_about_itself_further_on():
    doc = parse(rules_document(introduction="Welcome. This document was last revised on "
                                            "March 3, 2021, and replaces every earlier one."))
    assert doc.effective == "2021-03-03"
    doc = parse(rules_document(introduction="Welcome. Events were last updated on March 3, "
                                            "2021, to the new format."))
    assert doc.effective is None
