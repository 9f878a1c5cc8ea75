"""Elements that are never a page's content, told by what they are: hidden ones, scripts
and forms, navigation and the other parts ARIA names as chrome, a permalink mark beside a
heading, a list of links into the page (its contents) and the box that titles it.

Each is taken out of the tree with the text it showed, as (reason, text), for the word
account (structure/account.py)."""
from __future__ import annotations

import re

from lxml import etree

HEADINGS = {f"h{i}": i for i in range(1, 7)}
# Never part of a document's text.
DROP_TAGS = {
    "script", "style", "noscript", "template", "iframe", "object", "embed", "svg", "canvas",
    "form", "button", "input", "select", "textarea", "nav", "footer", "aside", "img", "video",
    "audio", "picture", "map", "head", "title", "meta", "link",
}
CHROME_ROLES = {"navigation", "banner", "contentinfo", "search", "complementary", "menu", "menubar"}
_HIDDEN = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_WORD = re.compile(r"\w")
# what a browser does not show as the page's text
UNSHOWN = {"script", "style", "noscript", "template", "head", "title"}
TITLE_WORDS = 5  # a contents box's title ("Table of Contents") is no longer than this


def tag(el) -> str:
    return el.tag.lower() if isinstance(el.tag, str) else ""


def visible_text(el, outside=None) -> str:
    """The text `el` shows (leaving out scripts and styles, and `outside`'s own), read
    without recursion, however deep the page nests."""
    parts: list[str] = []
    stack = [(el, False)]
    while stack:
        node, tail = stack.pop()
        if tail:  # the text that follows an element is its parent's
            if node.tail:
                parts.append(node.tail)
            continue
        if node is outside or tag(node) in UNSHOWN or not isinstance(node.tag, str):
            continue
        if node.text:
            parts.append(node.text)
        for child in reversed(node):
            stack += [(child, True), (child, False)]
    return " ".join(parts)


def has_words(text: str) -> bool:
    return any(c.isalnum() for c in text)


def drop(el, furniture: list | None = None, reason: str = "") -> None:
    """Remove an element but keep the text that follows it; what it showed is told to
    `furniture` as (reason, text)."""
    parent = el.getparent()
    if parent is None:
        return
    if furniture is not None:
        furniture.append((reason, visible_text(el)))
    if el.tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def attached(el, root) -> bool:
    """Is `el` still in the page (not inside an element already left out)?"""
    while el is not root:
        el = el.getparent()
        if el is None:
            return False
    return True


def drop_chrome(root, furniture: list) -> None:
    """Hidden elements, scripts, forms, navigation, footers, asides, the parts ARIA names
    as chrome and the page's banner. An aside that holds a footnote or an endnote (a
    `doc-` role, as documentation generators set them) is the document's own."""
    candidates = root.xpath(" | ".join(f"//{t}" for t in sorted(DROP_TAGS))
                            + " | //*[@role] | //*[@hidden] | //*[@aria-hidden] | //*[@style]")
    for el in candidates:
        if not attached(el, root):
            continue  # inside one already left out: its text is told once
        hidden = el.get("hidden") is not None or el.get("aria-hidden") == "true" \
            or _HIDDEN.search(el.get("style", ""))
        if tag(el) == "aside" and not hidden and el.xpath(
                "descendant-or-self::*[starts-with(@role, 'doc-')]"):
            continue
        if tag(el) in DROP_TAGS or el.get("role", "").lower() in CHROME_ROLES or hidden:
            drop(el, furniture, "hidden text" if hidden else "site chrome")
    # a header outside any article, section or main part is the site's banner (as ARIA
    # reads it), unless it holds a heading: the document's title may stand there
    for el in root.xpath("//header[not(ancestor::article or ancestor::section or "
                         "ancestor::main or ancestor::aside or ancestor::nav)]"):
        if not any(tag(h) in HEADINGS and has_words(visible_text(h)) for h in el.iter()):
            drop(el, furniture, "site chrome")


def drop_permalinks(root, furniture: list) -> None:
    """A heading's permalink: a link into the page, in the heading, that shows no word
    (a pilcrow, a "#", an empty anchor)."""
    for link in root.xpath("//*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5"
                           " or self::h6 or self::dt]//a[starts-with(@href, '#')]"):
        if not has_words(visible_text(link)):
            drop(link, furniture, "site chrome")


def is_toc(el) -> bool:
    """A list of links that all point into the page, with no text of its own (one walk
    of the list, however deep it nests)."""
    links, in_link = 0, 0
    for event, node in etree.iterwalk(el, events=("start", "end")):
        link = node.tag == "a"
        if event == "start":
            if link and node.get("href") is not None:
                if not node.get("href").startswith("#"):
                    return False
                links += 1
            in_link += link
            text = node.text
        else:
            in_link -= link
            text = node.tail if node is not el else None
        if text and not in_link and _WORD.search(text):
            return False
    return links > 0


def outer_lists(root) -> list:
    """The page's <nav>s, and its lists that no list holds, in one walk (an ancestor
    test for each list takes time in the square of a deep page's depth)."""
    found, lists = [], 0
    for event, el in etree.iterwalk(root, events=("start", "end"), tag=("nav", "ul", "ol")):
        if event == "start" and (el.tag == "nav" or not lists):
            found.append(el)
        if el.tag != "nav":
            lists += 1 if event == "start" else -1
    return found


def drop_tables_of_contents(root, furniture: list) -> None:
    """Lists of links into the page, with the heading that introduces one, and the box
    that holds one with only a title beside it ("Table of Contents", "On this page")."""
    for el in outer_lists(root):
        if not attached(el, root) or not is_toc(el):
            continue
        prev = el.getprevious()
        # the heading that only introduces the contents goes with them
        if prev is not None and tag(prev) in HEADINGS and not (prev.tail or "").strip():
            drop(prev, furniture, "contents")
        box = el
        while box.getparent() is not None and box.getparent().getparent() is not None \
                and _titles_only(box.getparent(), box):
            box = box.getparent()
        drop(box, furniture, "contents")


def _titles_only(box, inner) -> bool:
    """Does `box` hold nothing but `inner` and a short title?"""
    rest = visible_text(box, outside=inner).split()
    return len(rest) <= TITLE_WORDS and not any(tag(el) in HEADINGS for el in box.iter())
