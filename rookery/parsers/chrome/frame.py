"""The frame a site sets around a page's content, told by evidence rather than by a list
of sites:

* the content is the page's one <main>, or its one element of role "main", or its one
  <article>, else its body; outside it, everything is the site's chrome;
* inside it, from the top down: at each level where one part holds most of the words
  and no heading stands among the parts, the other parts that name themselves chrome
  (in their class or id: header, footer, nav, menu, sidebar, toc, breadcrumbs,
  pagination, banner, search) are chrome, as documentation generators set them
  ("#header", "#toc", "#footer", "md-sidebar", "sphinxsidebar", "search-results"); a
  header that holds no heading is chrome too. Where the content is laid out (headings
  among the parts, or no part holding most of it) nothing is taken by its name: a
  card's "card-header" there is the card's own;
* the header that holds the page's own title (its first heading repeats the <title>) is
  the document's title block, when it holds only short lines: the title, an author, a
  version and a date ("version 3.1, 2025-05-01").
"""
from __future__ import annotations

import re

from ...model import title_key
from .elements import HEADINGS, drop, has_words, tag, visible_text

CHROME_NAMES = ("header", "footer", "nav", "navbar", "navigation", "menu", "sidebar", "toc",
                "breadcrumb", "breadcrumbs", "pagination", "banner", "masthead", "toolbar",
                "search")
# the names a longer word may open or close ("sphinxsidebar", "toctitle", "topnav")
COMPOUNDS = ("header", "footer", "nav", "menu", "sidebar", "toc")
MOST = 0.5  # share of a level's words its main part holds
LEVELS = 6  # how deep the frame may go inside the content
TITLE_LINE_WORDS = 16  # a title block's line is no longer than this
TITLE_LINES = 6  # nor has it more lines
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_TOKEN = re.compile(r"[a-z]+")


def content_root(root):
    """The page's content as it marks it, or its body."""
    for xpath in ("//main", "//*[@role='main']", "//article"):
        found = root.xpath(xpath)
        if len(found) == 1:
            return found[0]
    body = root.find("body")
    return body if body is not None else root


def masthead(root, title: str | None, lines) -> tuple[object, list[str]] | None:
    """The header that holds the page's own title, and its lines (`lines(el)` reads
    them), when they read as a title block: a few, each short; else None."""
    for header in root.xpath("//header | //*[@id or @class]"):
        if not (tag(header) == "header" or "header" in names(header)):
            continue
        heading = next((el for el in header.iter() if tag(el) in HEADINGS
                        and has_words(visible_text(el))), None)
        if heading is None or not _repeats(visible_text(heading), title):
            continue
        found = lines(header)
        # the title first, whatever the header sets above it (a breadcrumb, a kicker)
        key = title_key(" ".join(visible_text(heading).split()))
        at = next((k for k, line in enumerate(found) if title_key(line) == key), 0)
        return (header, found[at:] + found[:at]) if _title_lines(found) else None
    return None


def _repeats(heading: str, title: str | None) -> bool:
    if not title:
        return False
    a, b = title_key(" ".join(heading.split())), title_key(title)
    return bool(a and b) and (a in b or b in a)


def _title_lines(lines: list[str]) -> bool:
    """Are these a title block's lines: a few, each short?"""
    return 0 < len(lines) <= TITLE_LINES and \
        all(len(line.split()) <= TITLE_LINE_WORDS for line in lines)


def drop_frame(content, furniture: list) -> None:
    """The chrome parts around the page's content (see the module doc)."""
    node = content
    for _level in range(LEVELS):
        parts = [(el, _words(el)) for el in node if isinstance(el.tag, str)]
        parts = [(el, n) for el, n in parts if n]
        if not parts or any(tag(el) in HEADINGS for el, _n in parts):
            return  # the content is laid out here
        main, most = max(parts, key=lambda p: p[1])
        if most < MOST * sum(n for _el, n in parts):
            return
        for el, _n in parts:
            if el is not main and _chrome(el):
                drop(el, furniture, "site chrome")
        node = main


def _chrome(el) -> bool:
    """Does the part name itself chrome? A footer, a sidebar, a toc... is chrome
    whatever it holds; a header (or banner) only when it holds no heading: a site's
    bar, with its logo and its menu."""
    found = names(el) & set(CHROME_NAMES) | ({"header"} if tag(el) == "header" else set())
    if found - {"header", "masthead", "banner"}:
        return True
    return bool(found) and not any(tag(h) in HEADINGS and has_words(visible_text(h))
                                   for h in el.iter())


def names(el) -> set[str]:
    """The words an element's class and id name it by ("md-sidebar__inner" → md, sidebar,
    inner; "sphinxsidebar" → sidebar too: a word of ours that opens or closes a longer
    one)."""
    found: set[str] = set()
    for value in (el.get("class") or "", el.get("id") or ""):
        for token in _TOKEN.findall(_CAMEL.sub(" ", value).lower()):
            found.add(token)
            found.update(w for w in COMPOUNDS if len(token) > len(w)
                         and (token.startswith(w) or token.endswith(w)))
    return found


def _words(el) -> int:
    return len(visible_text(el).split())
