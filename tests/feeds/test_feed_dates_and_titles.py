"""Feeds a validator takes: an RSS channel title reads back as the section's own title
(no "&amp;amp;"), and releases recorded in one cycle have distinct Atom `updated`
instants, each the moment its revision was recorded."""
from __future__ import annotations

import datetime as dt

from lxml import etree

from rookery.config import parse_config
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
