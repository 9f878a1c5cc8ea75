"""The frame around a page's content: parts that name themselves chrome where one part
holds the content, and the header that holds the page's own title as its title block."""
import pytest

from rookery.parsers import parse


def page(body: str, title: str = "Lantern Rules") -> bytes:
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title} | Guild Site"
            f"</title></head><body>{body}</body></html>").encode()


RULES = ("<h2>Dusk</h2><p>Lanterns are lit at dusk, one at a time, by the player who "
         "holds the flame.</p><h2>Dawn</h2><p>Every lantern goes out at dawn.</p>")
SECTIONS = [("Dusk", "Lanterns are lit at dusk, one at a time, by the player who holds "
                     "the flame."), ("Dawn", "Every lantern goes out at dawn.")]

# (case, body, the sections after the title block, furniture reasons the page must name)
CASES = [
    ("parts named header, toc and footer beside the content are chrome",
     "<div id='header'><div class='site-name'>Guild Site</div></div>"
     f"<div id='content'>{RULES}</div>"
     "<div id='footer'><div id='footer-text'>Version 7 of the site</div></div>",
     SECTIONS, {"site chrome"}),
    ("a sidebar and a search's results beside the main part, inside <main>",
     "<main><div class='layout'><div class='left-sidebar'><p>Guild Site pages</p></div>"
     f"<div class='page'>{RULES}</div><div class='search-results'><p>No results for you"
     "</p></div></div></main>",
     SECTIONS, {"site chrome"}),
    ("where the content is laid out, a card's header is the card's own",
     "<main><h2>Banned</h2><div class='card'><div class='card-header'>Ashen Court</div>"
     "<ul class='card-body'><li>Cinder Hound</li></ul></div><div class='card'>"
     "<div class='card-header'>Tidewatch</div><ul><li>Salt Oracle</li></ul></div></main>",
     [("Banned", "Ashen Court\nCinder Hound\nTidewatch\nSalt Oracle")], set()),
]


@pytest.mark.parametrize("body,expected,reasons", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_the_chrome_around_the_content_is_left_out(body, expected, reasons):
    doc = parse(page(body))
    assert [(s.title, s.text) for s in doc.sections] == expected
    assert doc.reading.words.lost == 0
    assert reasons <= set(doc.reading.words.furniture)


@pytest.mark.parametrize("header,title,version,effective", [
    # a generator's document header: the title, its author, its version and date
    ("<div id='header'><h1>Lantern Rules</h1><div class='details'><span>Guild Rules Team"
     "</span><br><span>version 3.1,</span> <span>2025-05-01</span></div></div>",
     "Lantern Rules", "3.1", "2025-05-01"),
    # a line the header sets above the title is no title
    ("<header class='doc-header'><p>Rules / Core</p><h1>Lantern Rules</h1>"
     "<p>Version 2.4</p></header>", "Lantern Rules", "2.4", None),
    # an article's own header over it
    ("<article><header><h1>Lantern Rules</h1><p class='meta'>Posted on 2025-04-30</p>"
     f"</header>{RULES}</article>", "Lantern Rules", None, "2025-04-30"),
])
def test_the_header_that_holds_the_page_s_title_is_its_title_block(header, title, version,
                                                                      effective):
    doc = parse(page(header if "<article>" in header else header + RULES))
    assert (doc.title, doc.version, doc.effective) == (title, version, effective)
    assert [(s.title, s.text) for s in doc.sections] == SECTIONS
    assert doc.reading.words.lost == 0 and doc.reading.words.furniture["title block"] >= 2


def test_a_header_that_holds_the_title_over_a_long_introduction_is_content():
    intro = ("This document gathers every ruling the guild has made since the first "
             "lantern was lit, and it replaces the rulings posted anywhere else.")
    doc = parse(page(f"<div class='page-header'><h1>Lantern Rules v2.0</h1><p>{intro}</p>"
                     f"</div>{RULES}"))
    assert (doc.title, doc.version) == ("Lantern Rules", "2.0")
    assert doc.sections[0].text == intro
