import pytest

from rookery.errors import NoSections, UnsupportedFormat, UsageError
from rookery.parsers import parse, sniff


def page(body: str, head: str = "") -> bytes:
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>Guild Rules · Site</title>"
            f"{head}</head><body>{body}</body></html>").encode()


def outline(body: str, **kw):
    doc = parse(page(body), **kw)
    return [(s.kind, s.number, s.title, list(s.path), s.text) for s in doc.sections]


# (case name, body, expected [(kind, number, title, path, text)])
CASES = [
    ("numbered rulings under a numbered chapter",
     "<h1>Rulings</h1><h2>1. Play</h2><h3>(1.1) Ties</h3><p>Ties go to the defender.</p>"
     "<h3>(1.2) Passing</h3><p>A player may pass.</p>",
     [("heading", None, "Rulings", [], ""),
      ("heading", "1", "Play", ["Rulings"], ""),
      ("ruling", "1.1", "Ties", ["Rulings", "1. Play"], "Ties go to the defender."),
      ("ruling", "1.2", "Passing", ["Rulings", "1. Play"], "A player may pass.")]),
    ("dotted numbers without brackets",
     "<h2>4. Battle</h2><h3>4.2.1 Declare defenders</h3><p>The defender declares.</p>",
     [("heading", "4", "Battle", [], ""),
      ("ruling", "4.2.1", "Declare defenders", ["4. Battle"], "The defender declares.")]),
    ("a year is not a section number",
     "<h1>Events</h1><h2>2016 Championship</h2><p>Core set only.</p>",
     [("heading", None, "Events", [], ""),
      ("text", None, "2016 Championship", ["Events"], "Core set only.")]),
    ("glossary terms by vocabulary",
     "<h1>Glossary</h1><h3>Zeal</h3><p>Z.</p><h3>Anchor</h3><p>A.</p>",
     [("heading", None, "Glossary", [], ""),
      ("term", None, "Zeal", ["Glossary"], "Z."),
      ("term", None, "Anchor", ["Glossary"], "A.")]),
    ("glossary terms by alphabetical order",
     "<h1>Words</h1><h3>Anchor</h3><p>A.</p><h3>Burn</h3><p>B.</p><h3>Cinder</h3><p>C.</p>",
     [("heading", None, "Words", [], ""),
      ("term", None, "Anchor", ["Words"], "A."),
      ("term", None, "Burn", ["Words"], "B."),
      ("term", None, "Cinder", ["Words"], "C.")]),
    ("unsorted sibling headings are plain text",
     "<h1>Roles</h1><h3>Organizer</h3><p>O.</p><h3>Judge</h3><p>J.</p><h3>Player</h3><p>P.</p>",
     [("heading", None, "Roles", [], ""),
      ("text", None, "Organizer", ["Roles"], "O."),
      ("text", None, "Judge", ["Roles"], "J."),
      ("text", None, "Player", ["Roles"], "P.")]),
    ("FAQ entry with a short title, question and answer",
     "<h1>Frequently Asked Questions</h1><h3>Two Forges</h3>"
     "<p><i>May I use two forges?</i></p><p>No.</p>",
     [("heading", None, "Frequently Asked Questions", [], ""),
      ("faq", None, "Two Forges", ["Frequently Asked Questions"], "May I use two forges?\nNo.")]),
    ("FAQ entries printed without titles",
     "<h1>Frequently Asked Questions</h1><p>Intro.</p><p><i>May I pass?</i></p><p>Yes.</p>"
     "<p><b>Can a relic burn?</b></p><p>No.</p>",
     [("heading", None, "Frequently Asked Questions", [], "Intro."),
      ("faq", None, None, ["Frequently Asked Questions"], "May I pass?\nYes."),
      ("faq", None, None, ["Frequently Asked Questions"], "Can a relic burn?\nNo.")]),
    ("a heading that asks the question",
     "<h1>FAQ</h1><h3><em>Does ice melt?</em></h3><p>Only in summer.</p>",
     [("heading", None, "FAQ", [], ""),
      ("faq", None, None, ["FAQ"], "Does ice melt?\nOnly in summer.")]),
    ("card errata named by their bold first line",
     "<h1>Card Errata</h1><p><b>(v1.0) Storm Lens <em>(Core, 3)</em></b><br>Cost 2.</p>"
     "<p>(v1.1) <b>Copper Gate</b> <em>(Tinker, 7)</em><br>Cost 1.</p>",
     [("heading", None, "Card Errata", [], ""),
      ("errata", None, "Storm Lens (Core, 3)", ["Card Errata"], "Cost 2."),
      ("errata", None, "Copper Gate (Tinker, 7)", ["Card Errata"], "Cost 1.")]),
    ("restricted-list groups",
     "<h2>Restricted List</h2><p>Pick one.</p><div><b>Neutral:</b><br>Storm Lens (Core, 3)<br>"
     "Gate (Core, 4)</div><div><b>Ember:</b><br>Drake (Core, 15)</div>",
     [("heading", None, "Restricted List", [], "Pick one."),
      ("list", None, "Neutral", ["Restricted List"], "Storm Lens (Core, 3)\nGate (Core, 4)"),
      ("list", None, "Ember", ["Restricted List"], "Drake (Core, 15)")]),
    ("paragraphs, items and ordered lists keep their lines",
     "<h2>Steps</h2><p>Do this:</p><ol start='2'><li>one</li><li>two<br>and more</li></ol>"
     "<ul><li>dot</li></ul>",
     [("text", None, "Steps", [], "Do this:\n2. one\n3. two\nand more\ndot")]),
    ("front matter before the first heading of a page without a title block",
     "<p>Read this first.</p><h2>Setup</h2><p>Shuffle.</p>",
     [("text", None, None, [], "Read this first."),
      ("text", None, "Setup", [], "Shuffle.")]),
    ("a list item's paragraphs are its lines, as generators wrap them",
     "<h2>Steps</h2><ol><li><p>Shuffle</p><p>twice over</p></li><li><p>Draw</p>"
     "<ul><li><p>seven</p></li></ul></li></ol>",
     [("text", None, "Steps", [], "1. Shuffle\ntwice over\n2. Draw\nseven")]),
    ("a table cell's paragraphs are lines of its row",
     "<h2>Costs</h2><table><tr><th><p>Card</p></th><th><p>Cost</p></th><th>Note</th></tr>"
     "<tr><td><p>Wisp</p></td><td><p>1</p></td><td><p>Flies.</p><p>Fades.</p></td></tr>"
     "</table>",
     [("text", None, "Costs", [], "Card Cost Note\nWisp 1 Flies.\nFades.")]),
    ("a row of header cells amid a table's rows heads the rows after it",
     "<h1>League Rules</h1><table><tr><th>No.</th><th>Rule</th></tr>"
     "<tr><th>1</th><th>Teams</th></tr>"
     "<tr><td>1.1</td><td>A team fields five.</td></tr>"
     "<tr><td>1.2</td><td>A team names a captain.</td></tr>"
     "<tr><th>2</th><th colspan='2'>Matches</th></tr>"
     "<tr><td>2.1</td><td>A match lasts an hour.</td></tr></table>",
     [("heading", None, "League Rules", [], "No. Rule"),
      ("heading", "1", "Teams", ["League Rules"], ""),
      ("ruling", "1.1", "Teams", ["League Rules", "1 Teams"], "A team fields five."),
      ("ruling", "1.2", "Teams", ["League Rules", "1 Teams"], "A team names a captain."),
      ("heading", "2", "Matches", ["League Rules"], ""),
      ("ruling", "2.1", "Matches", ["League Rules", "2 Matches"], "A match lasts an hour.")]),
    ("the column headers again amid a long table are no heading",
     "<h1>Costs</h1><table><tr><th>Card</th><th>Cost</th></tr>"
     "<tr><td>Wisp</td><td>1</td></tr><tr><th>Card</th><th>Cost</th></tr>"
     "<tr><td>Ember</td><td>2</td></tr></table>",
     [("text", None, "Costs", [], "Card Cost\nWisp 1\nCard Cost\nEmber 2")]),
    ("terms that share one definition name one entry",
     "<h1>Glossary</h1><dl><dt>Burn</dt><dt>Burning</dt><dd>Deals damage.</dd>"
     "<dt>Cleave</dt><dd>Spreads.</dd></dl>",
     [("heading", None, "Glossary", [], ""),
      ("term", None, "Burn, Burning", ["Glossary"], "Deals damage."),
      ("term", None, "Cleave", ["Glossary"], "Spreads.")]),
    ("inline markup does not split words",
     "<h2>Spelling</h2><p>chara<u>c</u>ter and <a href='#x'>link</a>ed</p>",
     [("text", None, "Spelling", [], "character and linked")]),
]


@pytest.mark.parametrize("name,body,expected", CASES, ids=[c[0] for c in CASES])
def test_sections(name, body, expected):
    assert outline(body) == expected


def test_site_chrome_scripts_and_tables_of_contents_are_left_out():
    body = ("<nav><a href='/'>Home</a> <a href='/decks'>Decks</a></nav>"
            "<ul data-toc='#doc'></ul>"
            "<h1>Contents</h1><ul><li><a href='#a'>Setup</a></li><li><a href='#b'>End</a></li></ul>"
            "<h2 id='a'>Setup</h2><p>Shuffle.</p><script>var x = 'Shuffle twice';</script>"
            "<div style='display:none'>hidden words</div><form><button>Vote</button></form>"
            "<footer>Fan site, 2024</footer>")
    assert outline(body) == [("text", None, "Setup", [], "Shuffle.")]


def test_title_block_gives_title_version_and_date_and_is_not_a_section():
    doc = parse(page("<h1>Skyforge FAQ</h1><h3>Version 2.2, effective 5/13/2019</h3>"
                     "<p>Intro.</p><h2>Setup</h2><p>Shuffle.</p>"))
    assert (doc.title, doc.version, doc.effective) == ("Skyforge FAQ", "2.2", "2019-05-13")
    assert [s.title for s in doc.sections] == [None, "Setup"]


def test_a_first_heading_without_a_version_is_a_section_unless_it_repeats_the_page_title():
    doc = parse(page("<h1>The Golden Rule</h1><p>Cards win.</p><h1>Glossary</h1><h3>A</h3><p>a</p>"))
    assert doc.version is None
    assert doc.sections[0].title == "The Golden Rule"
    doc = parse(page("<h1>Guild Rules</h1><p>Intro.</p><h1>Glossary</h1><h3>A</h3><p>a</p>"))
    assert doc.title == "Guild Rules" and doc.sections[0].title is None


def test_marks_come_from_the_new_class_and_from_red_css():
    body = ("<h2 class='new'>(1.1) Fresh</h2><p class='new'>All new.</p>"
            "<h2>(1.2) Edited</h2><p>Old words and <span class='hot'>new words</span>.</p>"
            "<h2>(1.3) Inline</h2><p>Plain and <b style='color: #e00000'>red</b>.</p>"
            "<h2>(1.4) Green</h2><p class='note'>not new</p>")
    doc = parse(page(body, head="<style>.hot { color: red } .note { color: green }</style>"))
    fresh, edited, inline, green = doc.sections
    assert fresh.heading_marked and fresh.marked_text == ["All new."]
    assert not edited.heading_marked and edited.marked_text == ["new words"]
    assert inline.marked_text == ["red"]
    assert not green.is_marked


def test_remove_selector_leaves_out_matching_elements():
    body = "<h2>Setup</h2><p>Shuffle.</p><p class='mplain'>Site note.</p>"
    assert outline(body, remove=[".mplain"]) == [("text", None, "Setup", [], "Shuffle.")]


def test_a_bad_remove_selector_is_a_usage_error():
    with pytest.raises(UsageError, match="not a CSS selector"):
        parse(page("<h2>A</h2><p>a</p>"), remove=["p[["])


@pytest.mark.parametrize("data,message", [
    (b"", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "neither HTML, PDF, Word nor text"),
    (bytes(range(1, 64)) * 8, "neither HTML, PDF, Word nor text"),
])
def test_unreadable_bytes_raise_a_clear_error(data, message):
    with pytest.raises(UnsupportedFormat, match=message):
        parse(data, source="x")


def test_words_without_structure_are_text_with_no_sections():
    with pytest.raises(NoSections, match="no headings"):
        parse(b"just some words, nothing more.", source="x")


def test_a_page_without_sections_says_so():
    with pytest.raises(NoSections, match="no headings"):
        parse(page("<p>Welcome to our shop.</p><p>Buy things.</p>"))


def test_format_is_sniffed_from_bytes_not_names():
    assert sniff(b"  <!DOCTYPE html><html>") == "html"
    assert sniff(b"%PDF-1.7\n...") == "pdf"
    assert sniff(b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff!\xf9\x04") is None
    assert sniff(b"1. Setup\n\n1.1 Shuffle your deck.\n") == "text"
    assert sniff("\ufeff1. Setup\r\n".encode("utf-8")) == "text"
    assert sniff("1. Setup\n".encode("utf-16")) == "text"
    assert sniff("<html><body><h1>x</h1>".encode("utf-16")) == "html"


def test_encoding_is_taken_from_the_meta_tag():
    data = ("<html><head><meta charset='windows-1252'></head><body><h2>Caf\xe9</h2>"
            "<p>na\xefve</p></body></html>").encode("cp1252")
    section = parse(data).sections[0]
    assert (section.title, section.text) == ("Caf\u00e9", "na\u00efve")


def test_a_utf16_declaration_on_a_byte_page_reads_as_utf8():
    data = ("<html><head><meta charset='utf-16'></head><body><h2>R\u00e8gle</h2><p>ok</p>"
            "</body></html>").encode("utf-8")
    assert parse(data).sections[0].title == "R\u00e8gle"


@pytest.mark.parametrize("heading, gathered", [("Glossary", True), ("Turn Structure", False)])
def test_an_empty_heading_holds_the_alphabetical_entries_beside_it_only_as_a_glossary(
        heading, gathered):
    entries = "".join(f"<h2>{name}</h2><p>What {name.lower()} means in play.</p>"
                      for name in ("Attacking", "Blocking", "Drawing", "Scoring"))
    doc = parse(f"<html><body><h1>Rules of Play</h1><h2>Setup</h2><p>Shuffle.</p>"
                f"<h2>{heading}</h2>{entries}</body></html>".encode())
    attacking = next(s for s in doc.sections if s.title == "Attacking")
    assert (attacking.kind == "term") == gathered
    assert (attacking.path[-1:] == (heading,)) == gathered
