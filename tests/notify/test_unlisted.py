"""A target that hears only of what a release does not list: releases of our own
(tests/accounted.py) served on loopback, fetched and published by the real CLI, their
messages taken by a real webhook. Every message says what the release says it changed;
the revision page, its JSON and its feed item say it too."""
import json

import feedparser
import pytest
from lxml import html as lxml_html

import accounted


@pytest.fixture
def watched(tmp_path, scripted, receiver, cli):
    """serve(release) then fetch() → the messages each target took in that cycle."""
    script, base = scripted
    config = tmp_path / "rookery.toml"
    config.write_text(
        'data = "data"\nsite = "site"\nbase_url = "https://rules.example.org/"\n'
        '[fetch]\nretries = 0\n'
        f'[[source]]\nid = "dg"\ntitle = "Driftglass Rules"\nurl = "{base}/rules"\n'
        'format = "html"\n'
        f'[[notify]]\nname = "all"\nurl = "{receiver.url("hook/all")}"\n'
        f'[[notify]]\nname = "silent"\nurl = "{receiver.url("hook/silent")}"\n'
        'only = "unlisted"\n')

    def fetch(page: str) -> dict[str, list[str]]:
        script.on("/rules", (200, {"Content-Type": "text/html"}, page.encode()))
        before = len(receiver.messages)
        code, _out, err = cli("--config", config, "fetch")
        assert code == 0, err
        told: dict[str, list[str]] = {}
        for (path, _id, _status), message in zip(receiver.seen[before:],
                                                  receiver.messages[before:]):
            told.setdefault(path.rsplit("/", 1)[-1], []).append(message["message"])
        return told

    return fetch, config, tmp_path


def _page(revised: bool) -> str:
    return accounted.html(accounted.release("en", revised, "end"), "en") \
        .replace("Summary of Changes", "Summary of Changes &amp; &lt;Fixes&gt;")


def test_a_target_hears_only_of_what_the_release_does_not_list(watched, cli):
    fetch, config, folder = watched
    assert fetch(_page(False)) == {}  # a first import tells no one
    told = fetch(_page(True))
    [everything], [silent] = told["all"], told["silent"]
    said = "Publisher lists 9 changes in \u201cSummary of Changes & <Fixes>\u201d: 7 confirmed"
    assert said in everything and said in silent
    assert "\u2022 1.1.2: text changed" in everything
    # the silent target is told of the one change the release neither lists nor marks
    named = [line for line in silent.splitlines() if line.startswith("\u2022")]
    assert named == ["\u2022 3.1.2: text changed"]
    # a release whose only change is to its own summary changed nothing unlisted
    told = fetch(_page(True).replace("Corrected a typo.", "Corrected a typo in 3.4.1."))
    assert list(told) == ["all"]

    code, _out, err = cli("--config", config, "publish")
    assert code == 0, err
    site = folder / "site" / "dg"
    page = lxml_html.fromstring((site / "revisions" / "2.html").read_bytes())
    [section] = page.cssselect("section.publisher")
    lines = [" ".join(li.text_content().split()) for li in section.cssselect("li")]
    assert lines == [
        "Publisher lists 9 changes in \u201cSummary of Changes & <Fixes>\u201d: 7 confirmed "
        "(1 by changes under them: 1.2.1), 1 unchanged (3.2.1), 1 in neither release (3.4.1).",
        "Publisher marks 6 sections: 5 confirmed, 1 unchanged (Shard).",
        "1 change not listed or marked: 3.1.2."]
    assert b"<Fixes>" not in (site / "revisions" / "2.html").read_bytes()
    data = json.loads((site / "revisions" / "2.json").read_text())
    assert [u["new"]["number"] for u in data["publisher"]["unlisted"]] == ["3.1.2"]
    assert len(data["publisher"]["listed"]) == 9
    items = feedparser.parse((site / "feed.atom").read_bytes()).entries
    [item] = [i for i in items if i.link.endswith("/revisions/2.html")]
    assert "1 change not listed or marked: 3.1.2." in lxml_html.fromstring(
        item.summary).text_content()
