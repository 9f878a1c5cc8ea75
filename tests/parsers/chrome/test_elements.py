"""Elements that are never a page's content, told by what they are: a banner, a heading's
permalink, a contents box, and what an aside holds when it is the document's own."""
import pytest
from lxml import etree

from rookery.parsers import parse
from rookery.parsers.chrome.elements import visible_text

RULES = ("<h2>Dusk</h2><p>Lanterns are lit at dusk.</p><h2>Dawn</h2>"
         "<p>Every lantern goes out at dawn.</p>")
SECTIONS = [("Dusk", "Lanterns are lit at dusk."), ("Dawn", "Every lantern goes out at dawn.")]

# (case, body, sections, furniture reasons the page must name)
CASES = [
    ("a header that holds no heading is chrome",
     f"<header><a href='/'>Guild Site</a> <a href='/shop'>Shop</a></header>{RULES}",
     SECTIONS, {"site chrome"}),
    ("a heading's permalink mark is left out",
     RULES.replace("Dusk</h2>", "Dusk<a class='headerlink' href='#dusk'>\u00b6</a></h2>")
     .replace("Dawn</h2>", "Dawn<a href='#dawn'>#</a></h2>"),
     SECTIONS, set()),
    ("a contents box goes with its title",
     "<div id='toc'><div id='toctitle'>Table of Contents</div><ul><li><a href='#dusk'>Dusk"
     f"</a></li><li><a href='#dawn'>Dawn</a></li></ul></div>{RULES}",
     SECTIONS, {"contents"}),
    ("an aside that holds a footnote is the document's",
     RULES + "<aside class='footnote-list'><aside class='footnote' role='doc-footnote'>"
     "<p>Older sets call them lamps.</p></aside></aside>",
     SECTIONS[:1] + [("Dawn", "Every lantern goes out at dawn.\nOlder sets call them lamps.")],
     set()),
]


@pytest.mark.parametrize("body,expected,reasons", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_what_is_never_content_is_left_out(body, expected, reasons):
    doc = parse(f"<html><head><title>Lantern Rules</title></head><body>{body}</body></html>"
                .encode())
    assert [(s.title, s.text) for s in doc.sections] == expected
    assert doc.reading.words.lost == 0
    assert reasons <= set(doc.reading.words.furniture)


def test_chrome_inside_chrome_is_told_once():
    # the footer's links repeat the headings: counted twice, they would take the
    # headings' own words for chrome
    body = (f"{RULES}<footer><nav role='navigation'><a href='/dusk'>Dusk</a> "
            "<a href='/dawn'>Dawn</a></nav><div role='contentinfo'>Kept by lamplighters</div>"
            "</footer>")
    doc = parse(f"<html><head><title>Lantern Rules</title></head><body>{body}</body></html>"
                .encode())
    words = doc.reading.words
    assert words.furniture == {"site chrome": 5}
    assert words.in_sections == words.words - 5


def test_the_text_an_element_shows_is_read_however_deep_it_nests():
    root = etree.fromstring("<div>Lanterns <script>var x;</script>are <i>lit</i> at dusk"
                            "<p>by hand</p>.</div>")
    assert " ".join(visible_text(root).split()) == "Lanterns are lit at dusk by hand ."
    assert " ".join(visible_text(root, outside=root.find("p")).split()) == \
        "Lanterns are lit at dusk ."
    node = root
    for _ in range(5000):  # deeper than Python's calls may go
        node = etree.SubElement(node, "div")
    node.text = "deep"
    assert visible_text(root).split()[-2:] == [".", "deep"]
