"""A page nested past the depth bound is read with its deeper elements beside each other,
every word kept in order, and a page within it comes back untouched; the scan counts
what a browser's tree builder would nest, not what it would not."""
import re

import pytest
from lxml import etree
from selectolax.lexbor import LexborHTMLParser

from rookery.parsers.limits.nesting import flatten


def words(html: str) -> list[str]:
    tree = LexborHTMLParser(html)
    for dropped in tree.css("script, style, title"):
        dropped.decompose()
    return (tree.body.text(separator=" ") if tree.body else "").split()


def tree_depth(html: str) -> int:
    root = etree.fromstring(LexborHTMLParser(html).html,
                            etree.HTMLParser(huge_tree=True))
    """How many elements the deepest one stands in."""
    return max(sum(1 for _ in el.iterancestors()) for el in root.iter())


UNCLOSED = "<html><body>" + "".join(f"<div><h3>({k}) Rule</h3><p>word{k}</p>" for k in range(60))
CLOSED = "<html><body>" + "<div><span>a" * 50 + "</span></div>" * 50 + "<p>after</p>"
LISTS = "<html><body>" + "<ul><li>item" * 50 + "</li></ul>" * 50 + "<p>after</p>"


@pytest.mark.parametrize("page,depth,levels", [
    (UNCLOSED, 61, 1),  # 60 divs, and a heading in the deepest
    (CLOSED, 100, 1),
    (LISTS, 50, 2),  # a list and its item: the item is not counted
])
def test_a_page_past_the_bound_keeps_every_word_in_order_within_the_bound(page, depth,
                                                                          levels):
    flat = flatten(page, 10)
    assert flat.depth == depth and flat.text != page
    assert words(flat.text) == words(page)
    assert tree_depth(flat.text) <= levels * 10 + 2  # (and html, body)


def test_elements_closed_early_keep_their_blocks():
    flat = flatten(UNCLOSED, 5)
    root = etree.fromstring(LexborHTMLParser(flat.text).html, etree.HTMLParser())
    assert [h.text for h in root.iter("h3")] == [f"({k}) Rule" for k in range(60)]
    assert [p.text for p in root.iter("p")] == [f"word{k}" for k in range(60)]


@pytest.mark.parametrize("page", [
    "<html><body><p>one<p>two<p>three</body></html>",  # a sibling closes each
    "<ul>" + "<li>item" * 500 + "</ul>",
    "<table>" + "<tr><td>cell" * 500 + "</table>",
    "<div>" + "<br><img src=x><hr>" * 500 + "</div>",  # void elements hold nothing
    "<svg>" + "<path d='M0 0'/>" * 500 + "</svg>",  # self-closed
    "<script>" + "<div>" * 500 + "</script><!-- " + "<div>" * 500 + " -->"
    "<p title='<div><div>'>text</p>",  # not tags at all
])
def test_what_a_browser_would_not_nest_is_not_counted(page):
    flat = flatten(page, 10)
    assert flat.text is page and flat.depth <= 3


def test_the_scan_counts_every_element():
    assert flatten("<p>a</p><div><b>c</b><br></div>", 10).elements == 4


def test_a_page_within_the_bound_comes_back_as_it_is():
    page = "<html><body>" + "<div>" * 9 + "deep" + "</div>" * 9
    assert flatten(page, 9).text is page and flatten(page, 9).depth == 9
    closed = flatten(page, 8).text  # the deepest closes before the ninth opens
    assert closed.count("<div>") == 9 and re.search(r"(</div>){8}$", closed)
    assert tree_depth(closed) == 8 + 1  # (and body)
