"""Feeds a validator takes: an RSS channel or item title reads back as the section's own
title (no "&amp;amp;"), a source's title keeps its dashes and quotes on every output, and
releases recorded in one cycle have distinct Atom `updated` instants, each the moment
its revision was recorded."""
from __future__ import annotations

import datetime as dt
import json

import feedparser
import pytest
from lxml import etree

from rookery.config import load_config, parse_config
from rookery.feeds.site import publish
from rookery.store import Store
from rookery.store import revisions as revs
from rookery.watch import Watcher

ATOM = "{http://www.w3.org/2005/Atom}"
TITLE = "Card Abilities & Out-of-Play Areas"


def release(version: str, words: str) -> str:
    return f"""<!doctype html><html><head><title>Lantern Digest</title></head><body>
<h1>Lantern Digest</h1><h3>Version {version}, effective 1/{version[0]}/2023</h3>
<h2>Rulings</h2>
<h3>(2.3) Lighting Lanterns</h3><p>A lantern is lit when its owner pays one oil.</p>
<h3>(2.4) {TITLE.replace("&", "&amp;")}</h3><p>An ability of a card {words}.</p>
<h3>(2.5) Snuffing</h3><p>A snuffed lantern stays dark until the next dusk.</p>
</body></html>"""


def test_section_feeds_read_back_their_title_and_entries_have_distinct_updates(
        tmp_path, http_server):
    site = tmp_path / "served"
    site.mkdir()
    words = ["works only while it is in play", "also works from the discard pile",
             "works from any out-of-play area", "never works from the deck"]
    links = []
    for n, said in enumerate(words, 1):
        (site / f"digest-v{n}.0.html").write_text(release(f"{n}.0", said))
        links.append(f'<a href="digest-v{n}.0.html">v{n}.0</a>')
    (site / "index.html").write_text(f"<html><body>{' '.join(links)}</body></html>")
    base = http_server(site)
    config = parse_config(
        'base_url = "https://rules.example.org/"\n[[source]]\nid = "lantern"\n'
        'format = "html"\n'
        f'discover = {{ page = "{base}/index.html", pattern = \'digest-v(?P<version>[0-9.]+)\\.html\' }}\n',
        tmp_path)
    with Store(config.data) as store:
        recorded = Watcher(store, config).cycle().revisions
        assert len(recorded) == 4  # all four releases in one cycle
        publish(store, config, tmp_path / "out")
        stamps = [r.recorded for r in revs.revisions(store, "lantern")]
    assert len(set(stamps)) == 4

    section_feeds = [p for p in (tmp_path / "out" / "lantern" / "sections").glob("*.rss")]
    titled = [etree.parse(str(p)).getroot().findtext("channel/title") for p in section_feeds]
    assert f"(2.4) {TITLE} \u2014 lantern" in titled, titled  # as text: the title itself

    checked = 0
    for atom in (tmp_path / "out").rglob("*.atom"):
        updated = [e.findtext(f"{ATOM}updated")
                   for e in etree.parse(str(atom)).getroot().iter(f"{ATOM}entry")]
        assert len(set(updated)) == len(updated), (atom, updated)
        for value in updated:  # each the moment a revision was recorded, nothing made up
            assert dt.datetime.fromisoformat(value) in stamps, (atom, value)
        checked += len(updated) > 1
    assert checked  # some feed held several entries


@pytest.fixture(scope="module")
def titled(tmp_path_factory):
    """A site published from two releases of a source the operator titled with an em
    dash, whose changed section's title holds an "&"."""
    tmp = tmp_path_factory.mktemp("titled")
    (tmp / "rookery.toml").write_text(
        'base_url = "https://rules.example.org/"\n[[source]]\nid = "lantern"\n'
        'title = "Lanterns \u2014 FAQ \u201cdigest\u201d"\nurl = "digest.html"\n')
    config = load_config(tmp / "rookery.toml")
    with Store(config.data) as store:
        for version, said in [("1.0", "works only while it is in play"),
                              ("2.0", "also works from the discard pile")]:
            (tmp / "digest.html").write_text(release(version, said))
            assert Watcher(store, config).cycle().revisions
        publish(store, config, tmp / "site")
    return tmp / "site"


TITLE_AS_WRITTEN = "Lanterns \u2014 FAQ \u201cdigest\u201d"


def test_a_source_title_keeps_its_dashes_and_quotes_in_feeds_and_json(titled):
    for path in ("lantern/feed.atom", "lantern/feed.rss", "feed.rss"):
        parsed = feedparser.parse((titled / path).read_bytes())
        assert TITLE_AS_WRITTEN in parsed.feed.title + parsed.entries[0].title, path
    data = json.loads((titled / "lantern/revisions/2.json").read_text())
    assert data["title"] == TITLE_AS_WRITTEN


def test_a_source_title_keeps_its_dashes_on_the_pages(titled, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    for path in ("index.html", "lantern/index.html", "lantern/revisions/2.html"):
        page.goto((titled / path).as_uri())
        assert TITLE_AS_WRITTEN in page.inner_text("main"), path
    page.close()


def test_an_rss_item_title_with_an_ampersand_reads_as_written_in_every_reader(titled):
    """A reader that shows an RSS title as text reads the XML's text; one that reads it
    as HTML (feedparser does, when it finds markup) unescapes it once more: both read
    the "&" itself, never "&amp;"."""
    expected = f"{TITLE_AS_WRITTEN} v2.0: (2.4) {TITLE}: Text changed."
    feeds = list((titled / "lantern" / "sections").glob("*.rss")) + [titled / "lantern/feed.rss"]
    seen = []
    for path in feeds:
        for item in etree.parse(str(path)).getroot().iter("item"):
            text = item.findtext("title")
            seen.append(text)
            assert "&amp;" not in text and "&lt;" not in text, (path, text)
        for entry in feedparser.parse(path.read_bytes()).entries:
            assert "&amp;" not in entry.title, (path, entry.title)
    assert expected in seen, seen
