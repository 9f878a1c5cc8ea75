"""The message a revision makes: alerts first, runs of renumbered rules as one line, a
length a chat message can hold, the page for the rest; and URLs told without secrets."""
import pytest

from rookery.model import Change, ChangeType, Section
from rookery.notify.message import MAX_LINES, Announcement, compose


def rule(number: str, text: str = "Some words.") -> Section:
    return Section(title=None, kind="ruling", text=text, number=number,
                   heading=f"{number} {text}")


def shifted(k: int) -> Change:
    """Rule 701.k renumbered 701.(k+1), text unchanged, at positions k and k+1."""
    return Change(ChangeType.MODIFIED, rule(f"701.{k}"), rule(f"701.{k + 1}"), renumbered=True,
                  similarity=1.0, old_index=k, new_index=k + 1)


def announce(changes, alerts=(), publisher=(), unlisted=()) -> Announcement:
    counts = {t: sum(c.type == t for c in changes) for t in ("added", "removed", "modified")}
    return Announcement(source_title="Comprehensive Rules", label="v2020-06-01",
                        date="2020-06-01", effective="2020-06-01", number=5, sections=5000,
                        counts=counts, changes=list(changes), alerts=list(alerts),
                        page="https://rules.example.org/cr/revisions/5.html",
                        publisher=tuple(publisher), unlisted=tuple(unlisted))


def test_a_renumbering_cascade_is_one_line():
    new = Change(ChangeType.ADDED, None, rule("701.13", "Exploit."), new_index=13)
    body = compose(announce([new] + [shifted(k) for k in range(13, 41)])).body
    assert "\u2022 701.13\u2013701.40 \u2192 701.14\u2013701.41: 28 sections renumbered, " \
           "text unchanged" in body
    assert body.count("\u2022") == 2


def test_alerts_come_before_the_changes_and_name_the_message():
    new = Change(ChangeType.ADDED, None, rule("1.2"), new_index=2)
    detail = "\u201cLimited Cards in Setup\u201d and \u201cLimited Card as Duplicate\u201d " \
             "answer the same question Yes and No: " + "does it count as limited? " * 6
    message = compose(announce([new], [("contradiction", detail.strip())]))
    blocks = message.body.split("\n\n")
    assert blocks[1] == "Contradiction: " + detail.strip()  # whole: it names both entries
    assert message.title == "rookery: Comprehensive Rules v2020-06-01 \u2013 Contradiction"


@pytest.mark.parametrize("count, named, more", [(3, 3, None), (MAX_LINES, MAX_LINES, None),
                                                (40, MAX_LINES, "28 more changes")])
def test_long_lists_are_cut_and_left_to_the_page(count, named, more):
    changes = [Change(ChangeType.ADDED, None, rule(f"9.{k}", "x " * 50), new_index=k)
               for k in range(count)]
    body = compose(announce(changes)).body
    assert body.count("\u2022") == named
    assert (f"\u2026 and {more}" in body) == bool(more)
    long = compose(announce([Change(ChangeType.ADDED, None, rule("9.1", "x " * 200),
                                    new_index=1)])).body
    assert max(len(line) for line in body.splitlines() + long.splitlines()) <= 160
    assert body.endswith("https://rules.example.org/cr/revisions/5.html")


@pytest.mark.parametrize("alerts, changes", [(0, 400), (30, 40), (5, 0)])
def test_a_message_fits_a_chat_message_however_much_changed(alerts, changes):
    detail = "\u201cAn entry\u201d and \u201cAnother entry\u201d answer it Yes and No: " + \
        "does it count? " * 30
    message = compose(announce(
        [Change(ChangeType.ADDED, None, rule(f"9.{k}", "x " * 90), new_index=k)
         for k in range(changes)], [("contradiction", detail)] * alerts))
    assert len(message.title) + len(message.body) <= 2000
    assert message.body.endswith("https://rules.example.org/cr/revisions/5.html")
    assert ("more alert" in message.body) == (alerts > 4)
    if alerts:
        assert message.body.count("Contradiction: ") >= 1


def test_what_a_document_says_cannot_mention_anyone_or_hide_a_link():
    said = "@everyone look <@&123> <#42> <!here> [the rules](https://evil.example/x)"
    message = compose(announce([Change(ChangeType.ADDED, None, rule("1.1", said),
                                       new_index=1)]), title="@here")
    for text in (message.title, message.body):
        assert "@everyone" not in text and "@here" not in text
        assert not any(tag in text for tag in ("<@", "<#", "<!", "]("))
    assert "everyone look" in message.body and "the rules" in message.body  # still readable
    assert "mail@example.org" in compose(announce([Change(
        ChangeType.ADDED, None, rule("1.2", "Write to mail@example.org."), new_index=1)])).body


def test_what_the_publisher_says_comes_before_the_changes_and_can_be_all_they_name():
    listed = Change(ChangeType.ADDED, None, rule("2.1"), new_index=1)
    silent = Change(ChangeType.MODIFIED, rule("3.1"), rule("3.1", "Other words."),
                    text_changed=True, old_index=2, new_index=2)
    said = ["publisher lists 1 change in \u201cChanges\u201d: 1 confirmed",
            "1 change not listed: 3.1"]
    every = compose(announce([listed, silent], publisher=said, unlisted=[silent])).body
    only = compose(announce([listed, silent], publisher=said, unlisted=[silent]),
                   unlisted=True).body
    for body in (every, only):
        lines = body.splitlines()
        assert lines[3:5] == ["Publisher lists 1 change in \u201cChanges\u201d: 1 confirmed",
                              "1 change not listed: 3.1"]
    assert [line for line in every.splitlines() if line.startswith("\u2022")] == \
        ["\u2022 2.1 Some words.: new ruling", "\u2022 3.1 Other words.: text changed"]
    assert [line for line in only.splitlines() if line.startswith("\u2022")] == \
        ["\u2022 3.1 Other words.: text changed"]
