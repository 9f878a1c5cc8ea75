"""The publisher's account in words and as JSON: the lines every output shares, runs
of numbers named as one, and the `publisher` object of the contract."""
import pytest

from rookery.diffs.publisher_words import lines, named, to_json
from rookery.diffs.report import to_json as diff_json
from accounted import OLD, diff, rule, summary


def test_what_the_summary_lists_and_marks_in_words_and_as_json():
    new = [rule("3.1.1", "A turn begins at noon.", marks=[(16, 21)]), OLD[1],
           rule("3.2.1", "The game ends at six points."), OLD[3],
           summary("3.1.1 Moved the start of a turn.", "3.1.2 Clarified ties.")]
    result = diff(new)
    assert lines(result.publisher) == [
        "publisher lists 2 changes in \u201cSummary of Changes\u201d: 1 confirmed, "
        "1 unchanged (3.1.2)",
        "publisher marks 1 section: 1 confirmed",
        "1 change not listed or marked: 3.2.1"]
    data = diff_json(result)["publisher"]
    assert data == to_json(result.publisher)
    assert data["listed"] == [
        {"number": "3.1.1", "title": None, "text": "3.1.1 Moved the start of a turn.",
         "status": "changed"},
        {"number": "3.1.2", "title": None, "text": "3.1.2 Clarified ties.",
         "status": "unchanged"}]
    assert [(m["number"], m["status"]) for m in data["marked"]] == [("3.1.1", "changed")]
    assert data["unconfirmed"] == [{"number": "3.1.2", "title": None, "status": "unchanged",
                                    "by": "listed"}]
    assert [(u["type"], u["new"]["number"]) for u in data["unlisted"]] == \
        [("modified", "3.2.1")]



@pytest.mark.parametrize("names,said", [
    (["10.1", "10.2", "10.3", "10.4"], "10.1\u201310.4"),
    (["7.5.2", "7.5.3"], "7.5.2, 7.5.3"),  # two make no run
    (["6.3.3.1", "6.3.3.2", "6.3.3.3", "7.1.2"], "6.3.3.1\u20136.3.3.3, 7.1.2"),
    (["3.9", "3.10", "3.11"], "3.9\u20133.11"),
    (["Ward", "Glow", "4.1"], "Ward, Glow, 4.1"),
    ([f"{k}.1" for k in range(1, 14)], "1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1, 8.1, 9.1, 10.1, "
                                       "\u2026 and 3 more"),
])
def test_names_in_a_line(names, said):
    assert named(names) == said
