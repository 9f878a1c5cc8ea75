"""The corpus site read on a phone (Chromium, 390 px wide, no JavaScript): every revision
page of the ThronesDB pages' history and of the FAQ's PDF releases stays under 4,000 px
with its folds closed; folded changes and parts open to their words, and a link into a
folded part lands open; a card's lists name their document once; highlighted words are
explained where they show."""
from __future__ import annotations

import logging

import pytest
from lxml import html

from replay import Replay, sources_toml, watcher_for
from rookery.feeds.site import publish
from rookery.store import revisions as revs

PHONE = {"width": 390, "height": 844}
TALLEST = 4000  # px a revision page may take on a phone, folds closed


@pytest.fixture(scope="module")
def pages_site(history, tmp_path_factory):
    """(site folder, store) of the three ThronesDB pages through every change."""
    config, store = history
    folder = tmp_path_factory.mktemp("pages-site")
    publish(store, config, folder)
    return folder, store


@pytest.fixture(scope="module")
def pdf_site(corpus, tmp_path_factory):
    """(site folder, store) of the FAQ's PDF releases, discovered release by release."""
    if not (corpus / "pdf" / "manifest.json").exists():
        pytest.skip("the corpus has no PDF releases")
    folder = tmp_path_factory.mktemp("pdf-history")
    logger = logging.getLogger("rookery")
    level, replay = logger.level, Replay(corpus, docs=("faq",))
    logger.setLevel(logging.ERROR)  # the FAQ page answers 404 before its first snapshot
    try:
        config, store, watcher = watcher_for(sources_toml(replay.url, docs=()), folder,
                                             retries=0)
        while replay.advance():
            watcher.cycle()
        assert len(revs.revisions(store, "faq-pdf")) >= 12
        publish(store, config, folder / "site")
        yield folder / "site", store
        store.close()
    finally:
        replay.close()
        logger.setLevel(level)


@pytest.fixture(scope="module")
def phone(browser):
    page = browser.new_page(viewport=PHONE, java_script_enabled=False)
    yield page
    page.close()


def height(page, path) -> int:
    page.goto(path.as_uri())
    return page.evaluate("document.scrollingElement.scrollHeight")


def test_every_revision_page_fits_a_phone_in_under_4000_px(phone, pages_site, pdf_site):
    heights = {}
    for folder, _store in (pages_site, pdf_site):
        for path in folder.glob("*/revisions/*.html"):
            heights[path.relative_to(folder).as_posix()] = height(phone, path)
    tallest = max(heights, key=heights.get)
    print(f"\ntallest revision page on a phone: {tallest}, {heights[tallest]} px "
          f"({len(heights)} pages)")
    assert len(heights) > 60 and heights[tallest] < TALLEST, sorted(
        heights.items(), key=lambda kv: -kv[1])[:5]


def v40(pdf_site):
    folder, store = pdf_site
    rev = next(r for r in revs.revisions(store, "faq-pdf") if r.version == "4.0")
    return folder / "faq-pdf" / "revisions" / f"{rev.number}.html"


def test_a_long_revision_opens_its_first_changes_and_folds_the_rest(phone, pdf_site):
    """FAQ v4.0 (PDF) moved the restricted and banned lists to another page: forty
    sections removed, eight changed, an alert."""
    phone.goto(v40(pdf_site).as_uri())
    changes = phone.locator("main > article.change")
    kinds = changes.evaluate_all("cs => cs.map(c => c.className)")
    folded = [k for k, c in enumerate(kinds) if "folded" in c]
    # open ones first, then folded ones (parts, a line each, stand anywhere)
    assert folded and all("folded" in c or "part" in c for c in kinds[folded[0]:])
    assert not any("folded" in c for c in kinds[:folded[0]])
    # a part: a list removed with its groups, named in a line, each group folded under it
    part = phone.locator("article.part", has_text="Joust Restricted List").first
    assert part.locator(".members").inner_text().startswith("Neutral \u00b7 Baratheon")
    assert not part.locator("article#" + part.locator("article").first.get_attribute("id"))\
        .is_visible()
    part.locator("summary").first.click()
    assert part.locator("article").count() == 10 and part.locator("article").nth(1).is_visible()
    # a folded change opens to its words
    change = changes.nth(folded[0])
    assert not change.locator(".text").first.is_visible()
    change.locator("summary").first.click()
    assert change.locator(".text").first.is_visible()
    # many cards are named: a line with their count, opening to the names
    cards = phone.locator("nav.cards details")
    assert cards.locator("summary").inner_text().startswith("Cards named here:")
    assert not cards.locator("a").first.is_visible()


def test_a_link_into_a_folded_part_lands_on_the_section_open(phone, pdf_site):
    """Section feeds and card pages link a change as #item-ID: inside a folded part it
    still shows (the browser opens the fold it is in)."""
    page = v40(pdf_site)
    tree = html.parse(str(page))
    (member,) = tree.xpath("//article[contains(@class, 'part')]//article"
                           "[.//a[normalize-space()='Greyjoy']]")[:1]
    phone.goto(f"{page.as_uri()}#{member.get('id')}")
    target = phone.locator(f"#{member.get('id')}")
    assert target.is_visible()
    top = target.bounding_box()["y"]
    assert -1 < top < PHONE["height"]


def test_a_card_s_lists_name_their_document_once_and_leave_room_on_the_first_screen(
        phone, pages_site):
    folder, _store = pages_site
    # the card that stood on the most lists
    card = max(folder.glob("cards/*.html"), key=lambda p: len(html.parse(str(p)).xpath(
        "//ul[@class='stays']/li")))
    phone.goto(card.as_uri())
    stays = phone.locator("ul.stays li").all_inner_texts()
    assert len(stays) >= 4
    assert phone.locator("h3.document").all_inner_texts() == ["AGoT FAQ (ThronesDB page)"]
    assert not any("AGoT FAQ" in line for line in stays)
    lists = phone.evaluate("""() => {
        const [lists, timeline] = [...document.querySelectorAll('h2')];
        return timeline.getBoundingClientRect().top - lists.getBoundingClientRect().top; }""")
    assert lists < PHONE["height"] / 2, lists


def test_highlighted_words_are_explained_wherever_they_show(phone, pages_site, pdf_site):
    """A new section's text the publisher marked in red shows highlighted: the legend of
    every page that shows a highlight says what it means, and no other page's does."""
    seen = {True: 0, False: 0}
    for folder, _store in (pages_site, pdf_site):
        for path in [*folder.glob("*/revisions/*.html"), *folder.glob("*/sections/*.html"),
                     *folder.glob("cards/*.html")]:
            tree = html.parse(str(path))
            legend = " ".join(tree.xpath("string(//p[@class='legend'])").split())
            if not legend:
                continue
            highlighted = bool(tree.xpath("//main//mark[not(ancestor::p[@class='legend'])]"
                                          "[not(ancestor::ol[@class='contents'])]"))
            assert ("highlighted are those the publisher marked new" in legend) == \
                highlighted, path
            seen[highlighted] += 1
    assert seen[True] and seen[False]
    # and the legend's highlight is the page's highlight
    phone.goto(v40(pdf_site).as_uri())
    background = "e => getComputedStyle(e).backgroundColor"
    assert phone.locator("p.legend mark").evaluate(background) == \
        phone.locator("article mark").first.evaluate(background)


def test_a_revision_named_by_its_number_is_not_named_twice(phone, pages_site):
    """A release that prints no version or date is "revision 28": its section pages say
    so once ("revision 28 published 2021-01-05", not "... · revision 28")."""
    folder, store = pages_site
    rev = next(r for r in revs.revisions(store, "faq") if r.numbered and r.number > 1)
    item, _change = revs.recorded_changes(store, rev)[0]
    phone.goto((folder / "faq" / "sections" / f"{item}.html").as_uri())
    heading = phone.locator(f"#rev-{rev.id} h2").inner_text()
    assert " ".join(heading.split()) == f"revision {rev.number} {rev.when}"
    assert rev.when.startswith("published ")


def test_a_folded_revision_page_passes_axe(browser, axe, pdf_site):
    """Parts, folded changes and folded lists pass WCAG 2.1 AA as the open pages do
    (axe needs JavaScript; the page itself does not)."""
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(v40(pdf_site).as_uri())
        assert page.locator("article.part").count() and page.locator("article.folded").count()
        page.locator("details").evaluate_all("ds => ds.forEach(d => d.open = true)")
        assert axe(page) == []
    finally:
        page.close()
