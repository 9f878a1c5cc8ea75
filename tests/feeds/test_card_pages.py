"""The cards' pages and feeds, published from a real store that watched the made-up
Emberwick FAQ (emberwick.py): valid feeds whose ids survive a re-publish, revision pages
that link the cards they name, a card named with markup shown as text everywhere, and
an incremental publish that renders only the cards a new revision touches."""
import html
import json
import xml.etree.ElementTree as ET

import feedparser
import pytest
from markupsafe import escape

import emberwick
from rookery.feeds.site import publish
from rookery.watch import Watcher

from .test_publish_incremental import assert_as_full_build


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(config, site folder) after three releases, the last with the hostile erratum."""
    folder = tmp_path_factory.mktemp("ember")
    config = emberwick.watched(folder, hostile=True)
    with config.open_store(readonly=True) as store:
        publish(store, config, folder / "site")
    return config, folder / "site"


def card_feeds(root):
    return sorted(p for p in (root / "cards").iterdir() if p.suffix in (".atom", ".rss"))


def test_every_card_has_a_page_and_feeds_and_the_index_lists_them(site):
    _, root = site
    pages = sorted(p.stem for p in (root / "cards").glob("*.html") if p.stem != "index")
    assert pages[:5] == ["ash-lantern", "bellows-mage", "ember-queen", "kiln-warden",
                         "script-alert-x-script-quill"] and len(pages) == 6
    index = (root / "cards" / "index.html").read_text()
    assert index.index("Ash Lantern") < index.index("Bellows Mage") < index.index("Soot Hound")
    assert 'href="cards/index.html"' in (root / "index.html").read_text()


def test_card_feeds_are_valid_with_an_item_per_revision_that_said_something(site):
    _, root = site
    feeds = card_feeds(root)
    assert len(feeds) == 12
    for path in feeds:
        parsed = feedparser.parse(path.read_bytes())
        assert parsed.bozo == 0, (path, parsed.get("bozo_exception"))
        assert parsed.entries, path
    hound = feedparser.parse((root / "cards" / "soot-hound.atom").read_bytes())
    assert [e.id for e in hound.entries] == [
        f"https://rules.example.org/ember/revisions/{n}.html" for n in (3, 2, 1)]
    assert hound.entries[1].title == "Soot Hound: Emberwick FAQ v1.1: no longer on the Duel " \
                                     "Restricted List"


def test_a_republish_keeps_every_card_feed_byte_for_byte(site, tmp_path):
    config, root = site
    with config.open_store(readonly=True) as store:
        publish(store, config, tmp_path / "again", full=True)
    again = tmp_path / "again"
    assert [(p.name, p.read_bytes()) for p in card_feeds(root)] == \
        [(p.name, p.read_bytes()) for p in card_feeds(again)]


def test_a_revision_page_links_the_cards_its_changes_name(site):
    _, root = site
    page = (root / "ember" / "revisions" / "2.html").read_text()
    for slug in ("bellows-mage", "ember-queen", "kiln-warden", "soot-hound"):
        assert f'href="../../cards/{slug}.html"' in page, slug
    assert "ash-lantern" not in page  # on both lists all along: not named by a change
    data = json.loads((root / "ember" / "revisions" / "2.json").read_text())
    assert [c["name"] for c in data["cards"]] == ["Bellows Mage", "Ember Queen",
                                                  "Kiln Warden", "Soot Hound"]
    assert data["cards"][0]["page"] == "https://rules.example.org/cards/bellows-mage.html"
    card = (root / "cards" / "kiln-warden.html").read_text()
    assert 'href="../ember/revisions/2.html#item-' in card
    assert 'href="../ember/revisions/1.html"' in card  # a first import has no anchors
    assert "<ins>" in card  # the erratum's new words


def test_a_card_named_with_markup_is_text_on_every_page_and_feed(site):
    _, root = site
    slug = "script-alert-x-script-quill"
    for path in [root / "cards" / f"{slug}.html", root / "cards" / "index.html",
                 root / "ember" / "revisions" / "3.html"]:
        page = path.read_text()
        assert "<script" not in page, path
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#39;Quill&#39;" in page, path
    for kind in ("atom", "rss"):
        data = (root / "cards" / f"{slug}.{kind}").read_bytes()
        tree = ET.fromstring(data)
        # a summary is HTML carried as text: once the XML is read, the name in it must
        # still be escaped for HTML, or a reader would run its script
        items = [e for e in tree.iter() if e.tag.rsplit("}", 1)[-1] in ("item", "entry")]
        summaries = [e.text or "" for item in items for e in item
                     if e.tag.rsplit("}", 1)[-1] in ("summary", "description", "content")]
        named = [t for t in summaries if "Quill" in t]
        assert named and all(str(escape(emberwick.HOSTILE)) in t and "<script" not in t
                             for t in named), named
        parsed = feedparser.parse(data)
        assert parsed.bozo == 0
        # an RSS reader takes the title as HTML, an Atom one as the text it says it is
        title = parsed.entries[0].title if kind == "atom" else html.unescape(
            parsed.entries[0].title)
        assert title.startswith(emberwick.HOSTILE + ": Emberwick FAQ v2.0"), title


def test_an_incremental_publish_renders_only_the_cards_a_new_revision_touches(tmp_path):
    """A page of a card the new revision leaves alone is not rendered again (a file
    changed on disk stays as it was); the pages of the cards it touches are, and a
    folder left alone ends as a full build would make it."""
    config = emberwick.watched(tmp_path, hostile=False, releases=2)
    root, untouched = tmp_path / "site", tmp_path / "untouched"
    cards = root / "cards"
    with config.open_store() as store:
        publish(store, config, root)
        publish(store, config, untouched)
        for slug in ("ash-lantern", "bellows-mage", "soot-hound", "kiln-warden"):
            (cards / f"{slug}.html").write_text("kept")
        emberwick.write(tmp_path / "emberwick.html", 2, hostile=True)
        assert Watcher(store, config).cycle().revisions
        report = publish(store, config, root)
        assert report.mode == "incremental"
        assert (cards / "ash-lantern.html").read_text() == "kept"  # not rendered
        assert (cards / "bellows-mage.html").read_text() == "kept"  # nor this one
        assert "v2.0" in (cards / "soot-hound.html").read_text()  # back on the list
        assert "v2.0" in (cards / "kiln-warden.html").read_text()  # an answer naming it gone
        assert (cards / "script-alert-x-script-quill.html").exists()  # newly named
        assert publish(store, config, untouched).mode == "incremental"
        assert_as_full_build(store, config, [untouched], tmp_path / "fresh")
