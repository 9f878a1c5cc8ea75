"""The published site in a real browser (headless Chromium), served by `rookery serve`:
the corpus pages' history as a player reads it, on a desktop and on a phone."""
import os
import re
import subprocess
import sys

import feedparser
import pytest

from rookery.feeds.site import publish
from rookery.store import revisions as revs


@pytest.fixture(scope="module")
def served(history, tmp_path_factory):
    """(base URL, store, screenshot folder) of the site served by `rookery serve`."""
    config, store = history
    folder = tmp_path_factory.mktemp("site")
    publish(store, config, folder)
    server = subprocess.Popen([sys.executable, "-m", "rookery", "serve", "--port", "0",
                               "--out", str(folder)], stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "ROOKERY_CONFIG": ""})
    line = server.stderr.readline()
    match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
    assert match, line
    shots = tmp_path_factory.mktemp("screenshots")
    yield match.group(1), store, shots
    server.terminate()
    server.wait(timeout=10)
    print(f"\nscreenshots in {shots}")


def visit(browser, url, shot, width=1100):
    page = browser.new_page(viewport={"width": width, "height": 900}, java_script_enabled=False)
    response = page.goto(url)
    assert response.status == 200
    page.screenshot(path=str(shot), full_page=True)
    return page


def test_the_index_lists_the_documents_and_their_latest_changes(browser, served):
    base, _, shots = served
    page = visit(browser, base + "index.html", shots / "index.png")
    assert page.inner_text("h1") == "Watched documents"
    sources = page.locator("ul.sources li").all_inner_texts()
    assert len(sources) == 3 and any(s.startswith("AGoT FAQ (ThronesDB page)") for s in sources)
    latest = page.locator("ol.revisions li").all_inner_texts()
    assert latest and latest[0].startswith("AGoT FAQ (ThronesDB page) v4.1 effective 2024-01-22")
    page.click("text=AGoT FAQ (ThronesDB page)")
    assert page.locator("table.revisions tbody tr").count() > 20


def test_a_revision_page_shows_the_new_entry_and_the_words_that_changed(browser, served):
    base, store, shots = served
    rev = next(r for r in revs.revisions(store, "faq") if r.version == "2.2")
    page = visit(browser, f"{base}faq/revisions/{rev.number}.html", shots / "revision-v2.2.png")
    entry = page.locator("article.added", has_text="Limited Card as Duplicate")
    assert entry.count() == 1 and entry.locator(".tag").inner_text() == "NEW"
    # the publisher's red, shown (over its opening words and the rest, folded)
    new = next(c.new for _item, c in revs.recorded_changes(store, rev)
               if c.type == "added" and c.new.title == "Limited Card as Duplicate")
    assert "".join(entry.locator("mark").all_text_contents()) == new.text
    assert page.locator("article.modified del").count() > 0
    assert page.locator("article.modified ins").count() > 0


def test_a_section_history_reads_well_on_a_phone(browser, served):
    base, store, shots = served
    (item,) = revs.find_items(store, "faq", "1.2")
    page = visit(browser, f"{base}faq/sections/{item}.html", shots / "duplicates-phone.png",
                 width=390)
    assert page.inner_text("h1") == "(1.2) Duplicates"
    rewrite = page.locator("section.version", has_text="v2.1")
    assert "not considered to be marshaling a card" in rewrite.locator("ins").all_inner_texts()[0]
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 0  # nothing wider than the screen
    page.click("text=v2.1")
    assert "/revisions/" in page.url and f"#item-{item}" in page.url  # the change itself


def test_a_revision_that_changed_only_its_version_details_says_which(browser, served):
    """ThronesDB's FAQ moved v2.1's effective date without changing a section: the page
    says what changed, and its neighbours, v2.1 too, are told apart by their numbers."""
    base, store, shots = served
    faq = revs.revisions(store, "faq")
    rev = next(r for r in faq if r.version == "2.1" and not (r.added or r.removed or r.modified))
    before, after = faq[rev.number - 2], faq[rev.number]
    assert before.label == rev.label == after.label == "v2.1"
    page = visit(browser, f"{base}faq/revisions/{rev.number}.html", shots / "details.png",
                 width=390)
    assert page.locator("nav.summary p").inner_text() == (
        f"No section changed; the release's details did: effective {before.effective} "
        f"\u2192 {rev.effective}.")
    assert page.locator("nav.pager a").all_inner_texts() == [
        f"\u2190 v2.1 (revision {before.number})", f"v2.1 (revision {after.number}) \u2192"]
    # a neighbour with a label of its own is named by the label alone
    v14 = next(r for r in faq if r.version == "1.4")
    page = visit(browser, f"{base}faq/revisions/{v14.number}.html", shots / "v1.4.png", width=390)
    assert page.locator("nav.pager a").all_inner_texts() == ["\u2190 v1.3", "v2.0 \u2192"]
    assert "version v1.3 \u2192 v1.4" in page.locator("nav.summary p").inner_text()
    # the document's table tells the three apart too
    page = visit(browser, f"{base}faq/index.html", shots / "faq-table.png", width=390)
    rows = page.locator("table.revisions tbody tr td:first-child").all_inner_texts()
    assert f"v2.1\nrevision {rev.number}" in rows and f"v2.1\nrevision {after.number}" in rows
    titles = [e.title for e in feedparser.parse(page.context.request.get(
        f"{base}faq/feed.atom").body()).entries]
    assert f"AGoT FAQ (ThronesDB page) v2.1: effective {before.effective} \u2192 " \
           f"{rev.effective}; no section changed" in titles
