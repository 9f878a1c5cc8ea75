import pytest

from rookery.parsers.meta import effective_date, is_version_line, strip_version, version_label

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
