"""The published pages as a player reads them, in a real browser (Debian's Chromium): a
revision page's summary and folded context, alerts on every section they name, history
pages newest first, and axe-core's WCAG 2.1 AA and best-practice rules. The site is
published from four releases of a made-up FAQ (tidewatch.py)."""
from __future__ import annotations

import json
from pathlib import Path

import feedparser
import pytest

import tidewatch
from replay import serve_in_background
from rookery.feeds.serve import make_server
from rookery.feeds.site import publish
from rookery.store import Store
from rookery.store import revisions as revs
from rookery.watch import Watcher

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(site folder, folder published into after every release, item ids by title)."""
    tmp = tmp_path_factory.mktemp("tidewatch")
    config, page = tidewatch.configuration(tmp)
    each = tmp / "each"
    with Store(config.data) as store:
        watcher = Watcher(store, config)
        for n in range(len(tidewatch.RELEASES)):
            tidewatch.write(page, n)
            assert watcher.cycle().revisions
            publish(store, config, each)
        publish(store, config, tmp / "site", full=True)
        items = {name: revs.find_items(store, "tide", name)[0]
                 for name in ("Moving the Tide", "Harbours", "Borrowed Boats", "Lent Boats")}
    return tmp / "site", each, items


@pytest.fixture(scope="module")
def served(site):
    server = make_server(site[0], 0)
    serve_in_background(server)
    yield f"http://127.0.0.1:{server.server_address[1]}/tide/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def phone(browser):
    """A page the size of a phone's screen; the site needs no JavaScript, axe does."""
    page = browser.new_page(viewport=PHONE)
    yield page
    page.close()


def visit(page, url: str):
    response = page.goto(url)
    assert response.status == 200, url
    return page


# ---------------------------------------------------------------- no browser needed

def test_publishing_after_each_release_gives_the_full_build(site):
    """An alert names sections that did not change: their pages follow all the same."""
    full, each, _ = site

    def files(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes()
                for p in folder.rglob("*") if p.is_file()}
    assert files(each) == files(full)


def test_section_feeds_carry_every_alert_and_link_to_the_change(site):
    full, _, items = site
    lent = feedparser.parse((full / "tide/sections" / f"{items['Lent Boats']}.atom")
                            .read_bytes())
    resolved, added = lent.entries  # newest first: the alert of v2.0, then its arrival
    assert resolved.title == "Tidewatch FAQ v2.0: Lent Boats: resolved flagged"
    assert resolved.summary.startswith("<p><strong>Resolved:</strong>")
    assert resolved.link.endswith("/tide/revisions/4.html#alert-1")
    assert resolved.id.endswith("/tide/revisions/4.html")  # ids stay the page's address
    assert added.link.endswith(f"/tide/revisions/2.html#item-{items['Lent Boats']}")
    assert added.summary.startswith("<p><strong>Contradiction:</strong>")


# ---------------------------------------------------------------- in the browser

def test_the_summary_names_every_change_alerts_first_and_its_links_reach_them(phone, served):
    page = visit(phone, served + "revisions/2.html")
    links = page.locator("nav.summary a")
    assert links.all_inner_texts() == ["Lent Boats", "Front matter", "(1.1) Moving the Tide"]
    assert page.locator("nav.summary li").first.inner_text().startswith("Named by an alert")
    box = links.first.bounding_box()
    assert box["y"] + box["height"] < PHONE["height"]  # on the first screen of a phone
    assert page.locator("article.change").count() == links.count()
    for n in range(links.count()):
        target = links.nth(n).get_attribute("href")
        links.nth(n).click()
        assert page.evaluate("location.hash") == target
        top = page.locator(target).bounding_box()["y"]
        assert -1 < top < PHONE["height"], target  # scrolled to it
    # the headings go down one level at a time: h1, h2, h3
    levels = [int(t[1]) for t in page.eval_on_selector_all(
        "h1, h2, h3", "hs => hs.map(h => h.tagName)")]
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:])), levels


def test_unchanged_context_is_folded_and_opens(phone, served, site):
    page = visit(phone, served + "revisions/2.html")
    change = page.locator(f"#item-{site[2]['Moving the Tide']}")
    folds = change.locator("details.fold")
    assert folds.count() == 2  # before the change and after it
    shown = change.locator(".text").inner_text()
    assert "not move until the tide returns to them." in shown  # the words beside it
    assert "rolls the tide die" not in shown  # the first paragraph, folded
    assert folds.first.locator("summary").inner_text().endswith("unchanged words")
    folds.first.locator("summary").click()
    assert folds.first.get_attribute("open") is not None
    assert "rolls the tide die" in change.locator(".text").inner_text()


def test_deleted_and_inserted_words_keep_a_space_and_differ_without_colour(phone, served):
    page = visit(phone, served + "revisions/2.html")
    text = page.locator("article.modified .text").last.inner_text()
    assert "A player who raises Raising the tide" in text  # not "raisesRaising"
    assert "that round is not rolling" in text
    style = "e => getComputedStyle(e).textDecorationLine"
    assert page.locator("article del").first.evaluate(style) == "line-through"
    assert page.locator("article ins").first.evaluate(style) == "underline"


def test_only_new_publisher_marks_that_the_diff_does_not_show_are_listed(phone, served):
    # v1.1: the legend's colour is marked in every release, the new words are inserted
    page = visit(phone, served + "revisions/2.html")
    assert page.locator("p.publisher").count() == 0
    # the next release marks a sentence that did not change: that is news
    page = visit(phone, served + "revisions/3.html")
    assert page.locator("p.publisher").all_inner_texts() == [
        "Marked new by the publisher: " + tidewatch.TIDES[3]]


@pytest.mark.parametrize("name, alerts", [
    ("Borrowed Boats", ["CONTRADICTION v1.1", "RESOLVED v2.0"]),  # it was removed
    ("Lent Boats", ["CONTRADICTION v1.1", "RESOLVED v2.0"]),  # it stayed unchanged
])
def test_a_section_page_shows_every_alert_that_names_it_in_order(phone, served, site,
                                                                 name, alerts):
    page = visit(phone, served + f"sections/{site[2][name]}.html")
    assert [" ".join(t.split()) for t in page.locator("ul.alerts li").all_inner_texts()] \
        == alerts
    # each under its version, newest first
    flagged = page.locator("section.version:has(p.flag)")
    assert [f.split(":")[0] for f in flagged.locator("p.flag").all_inner_texts()] == \
        ["Resolved", "Contradiction"]
    page.locator("ul.alerts a").first.click()
    assert "Contradiction" in page.locator(page.evaluate("location.hash")).inner_text()


def test_a_history_page_is_newest_first_named_by_label_and_effective_date(phone, served,
                                                                          site):
    page = visit(phone, served + f"sections/{site[2]['Moving the Tide']}.html")
    headings = [" ".join(h.split()) for h in page.locator("section.version h2")
                .all_inner_texts()]
    assert headings == ["v1.1 effective 2021-04-02 · revision 3",
                        "v1.1 effective 2021-03-01 · revision 2",
                        "v1.0 effective 2021-01-10 · revision 1"]
    current = page.locator("section.version").first.locator("details").last
    assert current.get_attribute("open") is not None  # the wording in force, open
    assert "every boat left beached" in current.inner_text()


def test_alerts_show_as_badges_on_the_index_and_the_document_table(phone, served):
    page = visit(phone, served + "../index.html")
    assert page.locator("ol.revisions li .badge").all_inner_texts() == [
        "RESOLVED", "CONTRADICTION"]
    assert "flagged" not in page.locator("ol.revisions").inner_text()
    page = visit(phone, served + "index.html")
    assert page.locator("table.revisions .badge.contradiction").count() == 1


def test_a_revision_page_links_its_json(phone, served):
    page = visit(phone, served + "revisions/2.html")
    page.click("text=JSON")
    data = json.loads(page.locator("body").inner_text())
    assert data["revision"]["number"] == 2 and data["flags"][0]["type"] == "contradiction"


@pytest.mark.parametrize("path", ["../index.html", "index.html", "revisions/1.html",
                                  "revisions/2.html", "sections/{Borrowed Boats}.html"])
def test_every_kind_of_page_passes_axe(phone, served, site, axe, path):
    page = visit(phone, served + path.format(**site[2]))
    page.locator("details").evaluate_all("ds => ds.forEach(d => d.open = true)")
    assert axe(page) == []


# ---------------------------------------------------------------- card pages

@pytest.fixture(scope="module")
def cards_served(tmp_path_factory):
    """The site of the made-up Emberwick FAQ (emberwick.py: errata, restricted lists, a
    card named with markup), served: its root URL."""
    import emberwick

    folder = tmp_path_factory.mktemp("ember")
    config = emberwick.watched(folder, hostile=True)
    with config.open_store(readonly=True) as store:
        publish(store, config, folder / "site")
    server = make_server(folder / "site", 0)
    serve_in_background(server)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_a_revision_page_leads_to_the_card_and_its_timeline_oldest_first(phone, cards_served):
    page = visit(phone, cards_served + "ember/revisions/2.html")
    page.get_by_role("navigation", name="cards").get_by_role("link", name="Soot Hound").click()
    assert page.url.endswith("/cards/soot-hound.html")
    assert page.locator("h1").inner_text() == "Soot Hound"
    moments = page.locator("ol.timeline > li h3 a").all_inner_texts()
    assert moments == ["Emberwick FAQ v1.0", "Emberwick FAQ v1.1", "Emberwick FAQ v2.0"]
    assert "Duel Restricted List (Cinder): since v2.0" in page.locator("ul.stays").inner_text()


def test_a_card_named_with_markup_shows_as_its_characters(phone, cards_served):
    import emberwick

    page = visit(phone, cards_served + "cards/index.html")
    page.get_by_role("link", name=emberwick.HOSTILE).click()
    assert page.locator("h1").inner_text() == emberwick.HOSTILE
    assert page.evaluate("document.scripts.length") == 0


@pytest.mark.parametrize("path", ["cards/index.html", "cards/kiln-warden.html",
                                  "cards/soot-hound.html", "ember/revisions/2.html"])
def test_card_pages_pass_axe(phone, cards_served, axe, path):
    page = visit(phone, cards_served + path)
    page.locator("details").evaluate_all("ds => ds.forEach(d => d.open = true)")
    assert axe(page) == []
