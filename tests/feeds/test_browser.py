"""The published site in a real browser (headless Chromium), served by `rookery serve`."""
import os
import re
import subprocess
import sys

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
    assert entry.locator("mark").count() == 1  # the publisher's red, shown
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
