"""New releases announced by an index page: the links whose address matches a pattern
with a named `version` group (`GOT_FAQ_v(?P<version>[0-9.]+)[^/"]*\\.pdf`)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from lxml import etree


@dataclass(frozen=True)
class Link:
    url: str
    version: str


def find_links(page: bytes, page_url: str, pattern: str) -> list[Link]:
    """Matching links in the page, absolute, each once, oldest version first."""
    matcher = re.compile(pattern)
    try:
        root = etree.fromstring(page, etree.HTMLParser())
    except (etree.ParserError, ValueError):
        root = None
    hrefs = [] if root is None else root.xpath("//a/@href | //link/@href | //area/@href")
    found: dict[str, Link] = {}
    allowed = {"http", "https"} | ({urlsplit(page_url).scheme} if not
                                      page_url.startswith(("http:", "https:")) else set())
    for href in hrefs:
        url = urljoin(page_url, href.strip())
        # a web page may not point rookery at files on this machine
        m = matcher.search(urlsplit(url)._replace(fragment="", query="").geturl())
        if m and m.group("version") and urlsplit(url).scheme in allowed:
            found.setdefault(url, Link(url=url, version=m.group("version")))
    return sorted(found.values(), key=lambda link: _natural(link.version))


def _natural(version: str) -> list:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", version)]
