"""No name can break the published site: a source whose id is one of the site's own
files (kept in the store from before the configuration refused it) or 300 letters long,
a card named "Index", an erratum whose title is 300 letters. Every page is written,
every link in every page, feed and JSON file leads to a file of the site, and the card
index stays the card index."""
import json
import re
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from lxml import etree
from lxml import html as lxml_html

import emberwick
from rookery.config import SourceConfig, parse_config
from rookery.errors import UsageError
from rookery.feeds.names import LONGEST, RESERVED, card_page, source_folder
from rookery.feeds.site import publish
from rookery.watch import Watcher

BASE = "https://rules.example.org/"
LONG_ID = "l" * 300
LONG_CARD = "Lantern " * 37 + "Keeper"  # 302 letters, spaces and all
IDS = [*RESERVED, LONG_ID, "ember"]


def release(n: int) -> str:
    """An Emberwick release with two more errata: a card named Index, and one whose name
    is 302 letters long."""
    more = ("<p><strong>Index <em>(Core Set, 40)</em></strong><br>Should read: \"Look at "
            "the top card of your deck.\"</p>"
            f"<p><strong>{LONG_CARD} <em>(Core Set, 41)</em></strong><br>Should read: "
            "\"Light every lantern.\"</p>")
    return emberwick.release(n).replace("<h2>Card Errata</h2>", "<h2>Card Errata</h2>" + more)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site published from a store watching the release under every name in IDS,
    after two releases."""
    folder = tmp_path_factory.mktemp("names")
    config = parse_config(f'base_url = "{BASE}"\n', folder)
    page = folder / "faq.html"
    # sources as a store may hold them from an older configuration, which took such ids
    config.sources = [SourceConfig(id=i, title=f"Emberwick FAQ as {i[:20]}",
                                   url=page.as_uri(), format="html") for i in IDS]
    with config.open_store() as store:
        watcher = Watcher(store, config)
        for n in range(2):
            page.write_text(release(n))
            assert len(watcher.cycle().revisions) == len(IDS)
        publish(store, config, folder / "site")
    return folder / "site"


def test_every_page_is_written_under_a_name_the_file_system_takes(site):
    for source_id in IDS:
        folder = site / source_folder(source_id)
        assert (folder / "index.html").is_file() and (folder / "revisions" / "2.html").is_file()
    assert (site / "index.html").is_file() and (site / "style.css").is_file()
    assert all(len(p.name.encode()) <= LONGEST + len(".html") for p in site.rglob("*"))


def test_the_site_keeps_its_own_files_and_the_card_index_lists_the_cards(site):
    home = lxml_html.parse(str(site / "index.html")).getroot()
    assert home.find(".//h1") is not None and home.cssselect("ul.sources li")
    assert (site / "feed.atom").read_bytes().startswith(b"<?xml")
    assert b"{" in (site / "style.css").read_bytes()  # a style sheet, not a folder
    index = lxml_html.parse(str(site / "cards" / "index.html")).getroot()
    names = [a.text_content() for a in index.cssselect("li a")]
    assert "Index" in names and LONG_CARD in names and "Kiln Warden" in names
    card = index.xpath("//li/a[text()='Index']")[0].get("href")
    assert card != "index.html" and "Look at the top card" in (site / "cards" / card).read_text()


def links(path: Path) -> list[str]:
    """Every address a file of the site links: href and src of a page, the links of a
    feed, the addresses in a JSON file."""
    if path.suffix == ".html":
        root = lxml_html.parse(str(path)).getroot()
        return [v for el in root.iter() if isinstance(el.tag, str)
                for k, v in el.attrib.items() if k in ("href", "src")]
    if path.suffix in (".atom", ".rss"):
        root = etree.parse(str(path)).getroot()
        return [el.get("href") or el.text or "" for el in root.iter()
                if isinstance(el.tag, str) and el.tag.rsplit("}", 1)[-1] in ("link", "id")]
    if path.suffix == ".json":
        return re.findall(r'"(https://[^"]+)"', json.dumps(json.loads(path.read_text())))
    return []


def test_every_link_of_every_file_leads_to_a_file_of_the_site(site):
    checked = 0
    for path in site.rglob("*"):
        for link in links(path):
            address, _ = urldefrag(urljoin(BASE + path.relative_to(site).as_posix(), link))
            if not address.startswith(BASE) or address == BASE.rstrip("/"):
                continue
            target = site / urlsplit(address).path.removeprefix(urlsplit(BASE).path)
            assert target.is_file(), (path.relative_to(site), link)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("name", RESERVED)
def test_the_configuration_refuses_an_id_the_site_keeps_for_itself(tmp_path, name):
    with pytest.raises(UsageError, match=rf"the published site keeps the name '{re.escape(name)}'"
                                         r" for its own files .*; choose another id, such "
                                         r"as '\w+-rules'"):
        parse_config(f'[[source]]\nid = "{name}"\nurl = "https://x/"\n', tmp_path)


@pytest.mark.parametrize("name,folder", [
    ("ember", "ember"),
    ("cards", "cards-"),
    ("x" * LONGEST, "x" * LONGEST),
    ("x" * (LONGEST + 1), "x" * (LONGEST - 9) + "-"),
])
def test_a_source_folder_is_its_id_unless_that_cannot_be(name, folder):
    made = source_folder(name)
    assert made.startswith(folder) and len(made) <= LONGEST
    assert (made == name) == (folder == name)
    assert source_folder(name) == made  # the same in every build


def test_two_long_names_alike_but_for_their_end_get_two_pages():
    a, b = "lantern-" * 20 + "a", "lantern-" * 20 + "b"
    assert card_page(a, a) != card_page(b, b) and card_page("index", "Index") != "index"
