"""A release is named by its version, else by the day it took effect, else by where it
came from: one rule, the same in the terminal, the JSON contract and the HTML page."""
import json

import pytest

from rookery.diffs.compare import diff_documents
from rookery.diffs.html import render_html
from rookery.diffs.report import to_json
from rookery.diffs.text import render_text
from rookery.model import Document, effective_note, release_label
from rookery.parsers import parse


@pytest.mark.parametrize("version,effective,label", [
    ("2.2", "2019-05-13", "v2.2"),
    ("2.2", None, "v2.2"),
    ("The Guild (Version 2.0)", "2020-07-03", "The Guild (Version 2.0)"),
    (None, "2020-01-24", "effective 2020-01-24"),
    (None, "2021-03", "effective 2021-03"),
    (None, None, "revision 7"),
])
def test_a_release_is_named_by_version_then_date_then_origin(version, effective, label):
    assert release_label(version, effective, "revision 7") == label
    # the date is said beside the label only where the label does not say it
    assert effective_note(label, effective) == (
        f"effective {effective}" if effective and not label.startswith("effective") else "")


@pytest.mark.parametrize("title,version,effective,source,name", [
    ("Field Guide", "1.2", "2019-05-13", "guide.html", "Field Guide v1.2"),
    ("Field Guide", None, "2020-01-24", "guide.txt", "Field Guide effective 2020-01-24"),
    ("Field Guide", None, None, "https://example.org/rules/guide.pdf",
     "Field Guide (guide.pdf)"),
    (None, None, "2020-01-24", "guide.txt", "effective 2020-01-24"),
    (None, None, None, "guide.txt", "guide.txt"),
])
def test_a_documents_name_is_its_title_and_release(title, version, effective, source, name):
    doc = Document(sections=[], title=title, version=version, effective=effective,
                   source=source)
    assert doc.name == name


def dated(day: str, rule: str) -> bytes:
    return (f"Lantern League Rules\n\nThese rules are effective as of {day}.\n\n"
            f"1. Play\n\n1.1 {rule}\n\n1.2 A lantern burns for one round.\n").encode()


@pytest.fixture
def diff():
    old = parse(dated("January 24, 2020", "Each player lights one lantern."), source="a.txt")
    new = parse(dated("3 March 2021", "Each player lights two lanterns."), source="b.txt")
    return diff_documents(old, new)


def test_releases_without_a_version_are_named_by_their_date_in_every_diff_output(diff):
    head = render_text(diff).splitlines()[0]
    assert head == ("Lantern League Rules effective 2020-01-24 \u2192 Lantern League Rules "
                    "effective 2021-03-03: 1 change")
    data = json.loads(json.dumps(to_json(diff)))
    assert [(data[k]["version"], data[k]["effective"], data[k]["label"]) for k in ("old", "new")] \
        == [(None, "2020-01-24", "effective 2020-01-24"), (None, "2021-03-03", "effective 2021-03-03")]
    page = render_html(diff)
    assert "<h1>Lantern League Rules: effective 2020-01-24 \u2192 effective 2021-03-03</h1>" in page


def test_a_release_that_states_nothing_is_named_by_its_file():
    plain = b"Lantern League Rules\n\n1. Play\n\n1.1 Each player lights one lantern.\n"
    old = parse(plain, source="/rules/old.txt")
    new = parse(plain.replace(b"one", b"two"), source="/rules/new.txt")
    head = render_text(diff_documents(old, new)).splitlines()[0]
    assert "old.txt" in head and "new.txt" in head and "None" not in head
