"""The published site and feeds, built from the replayed corpus history."""
import json
import re
from pathlib import Path

import feedparser
import pytest
from lxml import html as lxml_html

from rookery.feeds.site import build, publish
from rookery.store import revisions as revs


@pytest.fixture(scope="module")
def site(history, tmp_path_factory):
    config, store = history
    out = tmp_path_factory.mktemp("site")
    report = publish(store, config, out)
    return config, store, out, report


def text_of(path: Path) -> str:
    return " ".join(lxml_html.fromstring(path.read_bytes()).text_content().split())


def test_every_revision_and_section_has_a_page(site):
    config, store, out, report = site
    assert report.written == report.total > 0
    for source in ("faq", "rules", "tournament"):
        for rev in revs.revisions(store, source):
            assert (out / source / "revisions" / f"{rev.number}.html").exists()
        for item in revs.items(store, source):
            assert (out / source / "sections" / f"{item}.html").exists()
    assert (out / "index.html").exists() and (out / "style.css").exists()


def test_the_v2_2_page_shows_limited_card_as_duplicate_as_new(site):
    _, store, out, _ = site
    rev = next(r for r in revs.revisions(store, "faq") if r.version == "2.2")
    page = lxml_html.fromstring((out / "faq" / "revisions" / f"{rev.number}.html").read_bytes())
    new = [a.text_content() for a in page.xpath("//article[contains(@class, 'added')]//h3/a")]
    assert "Limited Card as Duplicate" in new
    entry = page.xpath("//article[contains(@class, 'added')][.//a[text()='Limited Card as "
                       "Duplicate']]")[0]
    assert "does it count as my limited card" in entry.text_content()
    assert entry.xpath(".//mark")  # the publisher marked it new, and the page shows it


def test_the_history_of_duplicates_shows_its_rewrite_in_v2_1(site):
    _, store, out, _ = site
    (item,) = revs.find_items(store, "faq", "1.2")
    page = lxml_html.fromstring((out / "faq" / "sections" / f"{item}.html").read_bytes())
    assert page.findtext(".//h1") == "(1.2) Duplicates"
    versions = page.xpath("//section[@class='version']")
    labels = [v.findtext(".//h2/a") for v in versions]
    assert labels[-1] == "v1.1" and labels.count("v2.1") == 2  # newest first
    # the two v2.1 told apart by their effective dates: the first one rewrote it
    (rewrite,) = [v for v in versions if "v2.1 effective 2019-01-21" in " ".join(
        v.findall(".//h2")[0].text_content().split())]
    # (a long run of words shows its opening, the rest folded: read both, as one)
    deleted = " ".join("".join(d.text_content() for d in rewrite.xpath(".//del")).split())
    inserted = " ".join("".join(i.text_content() for i in rewrite.xpath(".//ins")).split())
    assert "limited card as a duplicate is considered to count" in deleted
    assert "not considered to be marshaling a card with any of that card's characteristics" \
        in inserted


def test_renumbering_and_moves_are_said_in_words(site):
    """v2.0 inserted a new (3.2): the two rulings after it moved up one, as one run."""
    _, store, out, _ = site
    rev = next(r for r in revs.revisions(store, "faq") if r.version == "2.0")
    text = text_of(out / "faq" / "revisions" / f"{rev.number}.html")
    assert "Renumbered 3.2\u20133.3 \u2192 3.3\u20133.4: 2 sections renumbered, text " \
           "unchanged" in text
    assert "(3.2) Saving from a Cost" in text


def feeds_in(out: Path):
    return sorted(p for p in out.rglob("*") if p.suffix in (".atom", ".rss"))


def test_every_feed_parses_cleanly_with_unique_ids(site):
    _, _, out, _ = site
    feeds = feeds_in(out)
    assert len(feeds) > 300
    for path in feeds:
        parsed = feedparser.parse(path.read_bytes())
        assert parsed.bozo == 0, (path, parsed.get("bozo_exception"))
        ids = [e.id for e in parsed.entries]
        assert len(ids) == len(set(ids)), path
        dates = [e.published_parsed for e in parsed.entries]
        assert dates == sorted(dates, reverse=True), path  # newest first


def test_feed_items_name_the_document_version_and_changes(site):
    _, _, out, _ = site
    parsed = feedparser.parse((out / "faq" / "feed.atom").read_bytes())
    titles = [e.title for e in parsed.entries]
    assert "AGoT FAQ (ThronesDB page) v2.2: new errata Kingsgrave (Fury of the Storm, 30), " \
           "Dothraki Steed (Fury of the Storm, 36); new FAQ entry Limited Card as Duplicate; " \
           "6 sections changed; contradiction flagged" in titles
    entry = next(e for e in parsed.entries if "v2.2" in e.title)
    assert entry.link == entry.id and entry.link.startswith("https://rules.example.org/rookery/faq/")
    assert entry.published_parsed.tm_year == 2019
    assert "Limited Card as Duplicate: New FAQ entry." in lxml_html.fromstring(
        entry.summary).text_content()


def test_a_rebuild_gives_the_same_files_and_ids(site, tmp_path):
    config, store, out, _ = site
    again = tmp_path / "again"
    publish(store, config, again)
    first = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second


def test_publishing_again_writes_nothing(site):
    config, store, out, _ = site
    report = publish(store, config, out)
    assert report.written == 0 and report.unchanged == report.total


def test_every_page_links_its_feeds(site):
    _, _, out, _ = site
    for page in list(out.glob("*.html")) + list(out.glob("*/*.html")) + \
            list(out.glob("faq/*/*.html"))[:50]:
        head = lxml_html.fromstring(page.read_bytes()).head
        types = {l.get("type") for l in head.xpath("link[@rel='alternate']")}
        assert types - {"application/json"} == {"application/atom+xml",
                                                 "application/rss+xml"}, page
        assert head.xpath("meta[@name='viewport']")


def test_hostile_pages_produce_nothing_active(tmp_path, fixtures):
    from rookery.config import parse_config
    from rookery.store import Store
    from rookery.watch import Watcher

    hostile = tmp_path / "hostile.html"
    good = (fixtures / "skyforge_faq_v1.html").read_text()
    hostile.write_text(good)
    config = parse_config(f'[[source]]\nid = "sky"\ntitle = "Sky <script>alert(1)</script>"\n'
                          f'url = "{hostile.as_uri()}"\nformat = "html"\n', tmp_path)
    with Store(config.data) as store:
        watcher = Watcher(store, config)
        watcher.cycle()
        hostile.write_text(good.replace(
            "<p>A player may control only one copy of each relic.</p>",
            '<p onclick="steal()">A player may control <b onmouseover="x()">two</b> copies'
            ' <img src=x onerror="alert(2)"> of <a href="javascript:alert(3)">each relic'
            '</a>.<script>document.write("owned")</script></p>'
            '<h3 id="z">(1.3) <svg onload="alert(4)"></svg>New &lt;script&gt; rule<span'
            '<p>Unclosed <i>markup'))
        (rev,) = watcher.cycle().revisions
        out = tmp_path / "site"
        publish(store, config, out)
    produced = {p: p.read_text() for p in out.rglob("*") if p.is_file()}
    for path, text in produced.items():
        assert not re.search(r"<script|<svg|<img", text, re.I), path
        assert not re.search(r"\son\w+\s*=", text, re.I), path
        assert "javascript:" not in text.lower(), path
        assert "document.write" not in text and "owned" not in text, path
    page = produced[out / "sky" / "revisions" / f"{rev.number}.html"]
    assert "&lt;script&gt;" in page  # the words survive, as words
    assert "two" in text_of(out / "sky" / "revisions" / f"{rev.number}.html")


def test_each_revision_is_also_published_as_json(site):
    import json

    _, store, out, _ = site
    rev = next(r for r in revs.revisions(store, "faq") if r.version == "2.2")
    data = json.loads((out / "faq" / "revisions" / f"{rev.number}.json").read_bytes())
    assert data["revision"]["version"] == "2.2" and data["source"] == "faq"
    assert [f["type"] for f in data["flags"]] == ["contradiction"]
    assert sorted(s["title"] for s in data["flags"][0]["sections"]) == \
        ["Limited Card as Duplicate", "Limited Cards in Setup"]
    added = [c for c in data["changes"] if c["type"] == "added"]
    assert any(c["new"]["title"] == "Limited Card as Duplicate" for c in added)
    assert all(c["history"].startswith("https://rules.example.org/rookery/faq/sections/")
               for c in data["changes"])


def test_alerts_show_first_on_the_revision_page(site):
    _, store, out, _ = site
    rev = next(r for r in revs.revisions(store, "faq") if r.version == "2.2")
    page = lxml_html.fromstring((out / "faq" / "revisions" / f"{rev.number}.html").read_bytes())
    flag = page.xpath("//p[contains(@class, 'flag')]")[0]
    assert flag.get("class") == "flag contradiction"
    assert flag.text_content().startswith("Contradiction:")
    assert page.xpath("//main/*").index(flag) < page.xpath("//main/*").index(
        page.xpath("//article")[0])


def test_published_files_can_be_read_by_a_web_server(site):
    _, _, out, _ = site
    for path in [out / "index.html", out / "faq" / "feed.atom", out / "style.css"]:
        assert path.stat().st_mode & 0o044 == 0o044, path  # group and others may read


def test_a_control_character_in_a_source_does_not_break_the_feeds(tmp_path, fixtures):
    from rookery.config import parse_config
    from rookery.store import Store
    from rookery.watch import Watcher

    page = tmp_path / "page.html"
    page.write_text((fixtures / "skyforge_faq_v1.html").read_text())
    config = parse_config(f'[[source]]\nid = "sky"\nurl = "{page.as_uri()}"\n', tmp_path)
    with Store(config.data) as store:
        watcher = Watcher(store, config)
        watcher.cycle()
        page.write_text(page.read_text().replace("Drawing Cards", "Drawing\x08 \x0bCards")
                        .replace("loses two morale", "loses\x01 three morale"))
        assert watcher.cycle().revisions
        publish(store, config, tmp_path / "site")
    feeds = [f for f in (tmp_path / "site").rglob("*") if f.suffix in (".atom", ".rss")]
    assert {f.suffix for f in feeds} == {".atom", ".rss"}
    for feed in feeds:
        assert feedparser.parse(feed.read_bytes()).bozo == 0, feed


ATOM = "{http://www.w3.org/2005/Atom}"


def test_every_feed_has_the_elements_its_format_requires(site):
    """RFC 4287 (Atom) and RSS 2.0, read from our own output: what a validator checks."""
    from lxml import etree

    _, _, out, _ = site
    for path in feeds_in(out):
        root = etree.fromstring(path.read_bytes())
        if path.suffix == ".atom":
            assert root.tag == f"{ATOM}feed", path
            for name in ("id", "title", "updated"):
                assert len(root.findall(f"{ATOM}{name}")) == 1, (path, name)
            assert root.find(f"{ATOM}link[@rel='self']") is not None, path
            feed_author = root.find(f"{ATOM}author/{ATOM}name")
            for entry in root.findall(f"{ATOM}entry"):
                for name in ("id", "title", "updated"):
                    assert len(entry.findall(f"{ATOM}{name}")) == 1, (path, name)
                # an author for every entry: its own, or the feed's (RFC 4287 4.1.1)
                assert feed_author is not None and feed_author.text or \
                    entry.find(f"{ATOM}author/{ATOM}name") is not None, path
                assert entry.find(f"{ATOM}content") is not None or \
                    entry.find(f"{ATOM}link") is not None, path
        else:
            channel = root.find("channel")
            assert root.tag == "rss" and root.get("version") == "2.0", path
            for name in ("title", "link", "description"):
                assert (channel.findtext(name) or "").strip(), (path, name)
            assert not channel.findtext("link").endswith(".rss"), path  # the page, not itself
            for item in channel.findall("item"):
                assert item.findtext("title") or item.findtext("description"), path
                assert item.find("guid") is not None, path


def test_a_section_history_shows_when_it_gained_its_title(site):
    _, store, out, _ = site
    (item,) = revs.find_items(store, "faq", "Limited Cards in Setup")
    page = lxml_html.fromstring((out / "faq" / "sections" / f"{item}.html").read_bytes())
    assert page.findtext(".//h1") == "Limited Cards in Setup"
    said = [p.text_content() for p in page.xpath("//p[@class='words']")]
    assert any("Given the title \u201cLimited Cards in Setup\u201d" in s for s in said), said


RULEBOOK = """Lanternfall Rules

1. Turns

1.{a}. Each turn has a morning, a noon and a night.

1.{b}. The first player skips the morning of their first turn.

1.{c}. A player may pass at noon.

1.{d}. At night, every lantern gutters once.

1.{e}. The turn ends when both players have passed.
"""


def test_a_run_of_renumbered_rules_is_one_entry_on_its_page_and_in_its_feed(tmp_path):
    """A rule inserted at 1.2 shifts the four after it: the page and the feed show the
    new rule and one line for the run, and the revision's JSON lists the run."""
    from recording import record
    from rookery.config import parse_config
    from rookery.parsers import parse
    from rookery.store import Store

    config = parse_config('base_url = "https://rules.example.org/"\n[[source]]\n'
                          'id = "lf"\nurl = "https://x/lf.txt"\n', tmp_path)
    old = RULEBOOK.format(a=1, b=2, c=3, d=4, e=5)
    new = old.replace("1.2. The first", "1.2. A player may look at their hand at any time."
                      "\n\n1.3. The first")
    new = new.replace("1.3. A player may", "1.4. A player may").replace(
        "1.4. At night", "1.5. At night").replace("1.5. The turn", "1.6. The turn")
    with Store(config.data) as store:
        store.upsert_source("lf", "Lanternfall Rules", None, "text", {})
        for text in (old, new):
            record(store, "lf", parse(text.encode(), source="lf.txt"), text.encode())
        publish(store, config, tmp_path / "site")
    page = lxml_html.fromstring((tmp_path / "site/lf/revisions/2.html").read_bytes())
    entries = [" ".join(a.text_content().split()) for a in page.cssselect("article.change")]
    assert len(entries) == 2, entries
    assert "New 1.2" in entries[0] and "look at their hand" in entries[0]
    assert entries[1].startswith("Renumbered 1.2\u20131.5 \u2192 1.3\u20131.6: 4 sections")
    assert len(page.cssselect("article.renumbered-run .members a")) == 4
    data = json.loads((tmp_path / "site/lf/revisions/2.json").read_text())
    assert data["renumberings"] == [{"old": ["1.2", "1.5"], "new": ["1.3", "1.6"], "count": 4}]
    [item] = feedparser.parse((tmp_path / "site/lf/feed.atom").read_bytes()).entries
    listed = lxml_html.fromstring(item.summary).cssselect("li")
    assert [li.text_content() for li in listed][1].startswith("1.2\u20131.5 \u2192 1.3\u20131.6")
    assert len(listed) == 2
