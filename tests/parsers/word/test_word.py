"""Word (.docx) releases: files written here from our own text (tests/wordfile.py), read
for their styles, list numbering, run formatting, colours, tables and tracked changes;
a Word print of the generated rulebook gives the sections its text gives; bad Word input
is one line and a non-zero exit."""
import io
import re
import subprocess
import sys
import zipfile

import pytest

import numbered
from rookery.diffs.compare import diff_documents
from rookery.errors import UnsupportedFormat
from rookery.model import title_key
from rookery.parsers import parse, sniff
from rookery.parsers.word.styles import format_number
from wordfile import deleted, docx, inserted, numbering, para, run, table


def key(s) -> tuple:
    return (s.number, title_key(s.title), s.kind, s.text, tuple(title_key(p) for p in s.path))


@pytest.mark.parametrize("glossary", ["headings", "styled", "bold", "bold lines", "table"])
@pytest.mark.parametrize("automatic", [False, True], ids=["typed numbers", "automatic numbers"])
@pytest.mark.parametrize("scheme", numbered.SCHEMES, ids=[s.name for s in numbered.SCHEMES])
def test_a_word_print_of_the_rulebook_gives_the_sections_of_its_text(scheme, automatic, glossary):
    doc = parse(numbered.word(scheme, automatic, glossary), source="rulebook.docx")
    reference = parse(numbered.text(scheme).encode())
    assert (doc.format, doc.title, doc.effective) == ("docx", numbered.TITLE, "2025-03-03")
    assert [key(s) for s in doc.sections] == [key(s) for s in reference.sections]
    assert diff_documents(reference, doc).changes == []


@pytest.mark.parametrize("glossary", ["headings", "styled", "bold", "bold lines", "table"])
def test_a_change_to_one_term_in_a_word_glossary_names_that_term(glossary):
    scheme = numbered.SCHEMES[0]
    old = parse(numbered.word(scheme, glossary=glossary))
    new = parse(numbered.word(scheme, glossary=glossary, revised_term="Glow"))
    changes = diff_documents(old, new).changes
    assert [(c.type, c.section.title, c.section.kind, c.text_changed) for c in changes] == [
        ("modified", "Glow", "term", True)]


def sections(body, numbering_xml=None):
    doc = parse(docx([para("Rules of Play", style="Title"), para("Version 1.0")] + body,
                     numbering_xml))
    assert (doc.title, doc.version) == ("Rules of Play", "1.0")
    return [(s.kind, s.number, s.title, s.text, s.marked_text) for s in doc.sections]


LISTS = numbering({
    5: [("decimal", "%1.", 1), ("lowerLetter", "%2)", 1)],
    6: [("bullet", "\u2022", 1)],
    7: [("decimal", "%1.", 3), ("decimal", "%1.%2.", 1)],
    9: [("upperLetter", "%1.", 1), ("decimal", "%1.%2", 1)],
})
# list 8 defers to the numbering style RulesList, whose list is 9: they count as one
LINKED = LISTS.replace("</w:numbering>", '<w:abstractNum w:abstractNumId="8"><w:numStyleLink '
                       'w:val="RulesList"/></w:abstractNum><w:num w:numId="8"><w:abstractNumId '
                       'w:val="8"/></w:num></w:numbering>')

# (what the case shows, body, numbering.xml, the sections expected)
CASES = [
    ("Heading styles nest; a style based on Heading 1 is one",
     [para("Setup", style="Chapter"), para("Shuffle your deck."),
      para("Mulligans", style="Heading2"), para("Redraw once.")], None,
     [("heading", None, "Setup", "Shuffle your deck.", []),
      ("text", None, "Mulligans", "Redraw once.", [])]),
    ("an outline-level style is a heading only where it reads as a name",
     [para("Turns", style="Heading1"), para("1.1 Turn Order", style="Rule"),
      para("1.1.1 Players take turns clockwise.", style="Rule"),
      para("1.1.2 The first player skips their first draw.", style="Rule")], None,
     [("heading", None, "Turns", "", []),
      ("heading", "1.1", "Turn Order", "", []),
      ("ruling", "1.1.1", "Turn Order", "Players take turns clockwise.", []),
      ("ruling", "1.1.2", "Turn Order", "The first player skips their first draw.", [])]),
    ("automatic numbering: a multi-level list numbers rules, a simple one lists steps",
     [para("Phases", style="Heading1"), para("Ready Phase", style="Heading2", num=(7, 0)),
      para("Ready every card.", num=(7, 1)), para("Draw two cards.", num=(7, 1)),
      para("Steps", style="Heading2"), para("Draw.", num=(5, 0)), para("Play.", num=(5, 0)),
      para("A card.", num=(5, 1)), para("Pass.", num=(5, 0)), para("Any order.", num=(6, 0))],
     LISTS,
     [("heading", None, "Phases", "", []),
      ("heading", "3", "Ready Phase", "", []),
      ("ruling", "3.1", "Ready Phase", "Ready every card.", []),
      ("ruling", "3.2", "Ready Phase", "Draw two cards.", []),
      ("text", None, "Steps", "1. Draw.\n2. Play.\na) A card.\n3. Pass.\nAny order.", [])]),
    ("Word's table of contents is left out; a list through a numbering style counts on",
     [para("Setup\t2", style="TOC1"), para("Scoring\t3", style="TOC1"),
      para("Setup", style="Heading1", num=(9, 0)), para("Deal five.", num=(8, 1)),
      para("Scoring", style="Heading1", num=(8, 0)), para("Count glow.", num=(9, 1))], LINKED,
     [("heading", "A", "Setup", "", []), ("ruling", "A.1", "Setup", "Deal five.", []),
      ("heading", "B", "Scoring", "", []), ("ruling", "B.1", "Scoring", "Count glow.", [])]),
    ("bold first line, italic question, red and hidden runs, a red character style",
     [para("Errata", style="Heading1"),
      para(run("Lantern Keeper (Core, 12)", b=True), run("\nShould read: draw a card.")),
      para("FAQ", style="Heading1"), para("Can I pass twice?", style="Question"),
      para("No. ", run("Only once", color="FF0000"), " per ", run("secret ", hidden=True),
           run("round.", style="NewText"))], None,
     [("heading", None, "Errata", "", []),
      ("errata", None, "Lantern Keeper (Core, 12)", "Should read: draw a card.", []),
      ("heading", None, "FAQ", "", []),
      ("faq", None, None, "Can I pass twice?\nNo. Only once per round.",
       ["Only once", "round."])]),
    ("tracked changes read as accepted; a deleted paragraph mark joins two paragraphs",
     [para("Scoring", style="Heading1"),
      para("Each lantern ", deleted("was "), inserted(run("is ")), "worth one glow."),
      para("Ties go to", mark_deleted=True), para(" the younger player.")], None,
     [("text", None, "Scoring", "Each lantern is worth one glow.\n"
       "Ties go to the younger player.", [])]),
    ("a table of terms under a glossary is a term per row; other tables are rows of text",
     [para("Glossary", style="Heading1"),
      table([["Term", "Meaning"], ["Anchor", "Stops a card."], ["Glow", "What you count."],
             ["Zone", "A place."]], header=True),
      para("Costs", style="Heading1"),
      table([["Card", "Cost", "Row"], ["Ember", "2", "Back"]])], None,
     [("heading", None, "Glossary", "Term Meaning", []),
      ("term", None, "Anchor", "Stops a card.", []),
      ("term", None, "Glow", "What you count.", []),
      ("term", None, "Zone", "A place.", []),
      ("text", None, "Costs", "Card Cost Row\nEmber 2 Back", [])]),
]


@pytest.mark.parametrize("body,numbering_xml,expected", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_word_structure_and_formatting(body, numbering_xml, expected):
    assert sections(body, numbering_xml) == expected


def test_a_file_of_plain_paragraphs_is_read_by_its_lines():
    body = [para(line) for line in ("Overview", "Players take turns.", "Winning",
                                    "Most glow wins.")]
    doc = parse(docx(body, title="Plain Rules"))
    assert [(s.title, s.text) for s in doc.sections] == [("Overview", "Players take turns."),
                                                         ("Winning", "Most glow wins.")]


def _zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504
BAD = {
    "truncated": (lambda: (lambda d: d[:len(d) // 2])(numbered.word(numbered.SCHEMES[0])), r"damaged or truncated"),
    "not Word": (lambda: _zip({"mimetype": b"application/epub+zip", "content.opf": b"<x/>"}),
                 r"without word/document\.xml"),
    "encrypted": (lambda: OLE2 + "EncryptedPackage".encode("utf-16-le") + b"\x00" * 64,
                  r"encrypted .*remove the password"),
    "legacy .doc": (lambda: OLE2 + "WordDocument".encode("utf-16-le") + b"\x00" * 64,
                    r"legacy Word \.doc.*save it as \.docx"),
    "Strict Open XML": (lambda: _zip({"word/document.xml": b'<w:document xmlns:w="http://purl.'
                                      b'oclc.org/ooxml/wordprocessingml/main"><w:body/>'
                                      b'</w:document>'}), r"Strict Open XML.*save it"),
    "broken XML": (lambda: _zip({"word/document.xml": b"<w:document><w:body>"}),
                   r"not well-formed XML"),
}


@pytest.mark.parametrize("make,pattern", list(BAD.values()), ids=list(BAD))
def test_bad_word_input_is_one_line_and_a_non_zero_exit(make, pattern, tmp_path):
    good = tmp_path / "good.docx"
    good.write_bytes(numbered.word(numbered.SCHEMES[0]))
    bad = tmp_path / "bad.docx"
    bad.write_bytes(make())
    result = subprocess.run([sys.executable, "-m", "rookery", "diff", str(good), str(bad)],
                            capture_output=True, text=True)
    assert result.returncode != 0 and result.stdout == ""
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("rookery: error: ") and "bad.docx" in result.stderr
    assert re.search(pattern, result.stderr), result.stderr


def test_word_is_sniffed_from_the_bytes_and_a_source_may_insist_on_it():
    data = numbered.word(numbered.SCHEMES[0])
    assert sniff(data) == "docx" and sniff(_zip({"a.txt": b"x"})) is None
    assert parse(data, format="docx").format == "docx"
    with pytest.raises(UnsupportedFormat, match="contains DOCX, not the PDF"):
        parse(data, format="pdf")
    with pytest.raises(UnsupportedFormat, match="contains HTML, not the DOCX"):
        parse(numbered.html(numbered.SCHEMES[0]).encode(), format="docx")


@pytest.mark.parametrize("n,fmt,printed", [
    (3, "decimal", "3"), (3, "lowerLetter", "c"), (28, "upperLetter", "BB"),
    (4, "lowerRoman", "iv"), (14, "upperRoman", "XIV"), (7, "decimalZero", "07"),
    (5, "ordinalText", "5"),  # a format rookery does not spell is printed as a number
])
def test_list_numbers_are_printed_in_their_format(n, fmt, printed):
    assert format_number(n, fmt) == printed


def test_a_file_with_no_heading_styles_shows_its_headings_in_bold():
    data = docx([
        para(run("Ember Rules", b=True)),
        para(run("These rules cover the ember duel for two players.")),
        para(run("Setting Up", b=True)),
        para(run("Each player takes twelve embers and a brazier.")),
        para(run("Playing a Round", b=True)),
        para(run("The first player fans one ember; "),
                      run("a fanned ember", b=True), run(" glows.")),
    ])
    doc = parse(data, source="rules.docx")
    assert [(s.title, s.text) for s in doc.sections if s.title] == [
        ("Ember Rules", "These rules cover the ember duel for two players."),
        ("Setting Up", "Each player takes twelve embers and a brazier."),
        ("Playing a Round", "The first player fans one ember; a fanned ember glows.")]
    assert doc.reading.problems == []


def test_a_bold_name_heads_bold_items_sentences_and_a_heading_under_it():
    """In a file with no heading styles, a bold name heads what follows in bold too when
    that is a list's items, a sentence, or a second bold name that heads in turn; three
    short bold names in a row are a list."""
    data = docx([
        para(run("Lantern Rules", b=True)),
        para(run("These rules cover the lantern vigil.")),
        para(run("Equipment", b=True)),
        para(run("\u2022 "), run("Bring one lantern and three wicks.", b=True)),
        para(run("\u2022 "), run("Bring no open flame.", b=True)),
        para(run("Teams", b=True)),
        para(run("Every team fields five watchers and names one of them captain.", b=True)),
        para(run("The captain signs the sheet before the vigil starts.")),
        para(run("The Vigil", b=True)),
        para(run("Watches", b=True)),
        para(run("\u2022 "), run("A watch lasts one hour.", b=True)),
        para(run("Wicks kept dry", b=True)),
        para(run("Glass polished", b=True)),
        para(run("Oil topped up", b=True)),
        para(run("A lantern that fails its check is put out for the night.")),
    ])
    doc = parse(data, source="rules.docx")
    assert [s.title for s in doc.sections if s.title] == [
        "Lantern Rules", "Equipment", "Teams", "The Vigil", "Watches", "Oil topped up"]
    assert [s.text for s in doc.sections if s.title == "Watches"] == [
        "\u2022 A watch lasts one hour.\nWicks kept dry\nGlass polished"]


def test_an_underlined_paragraph_heads_as_a_bold_one_does():
    """Underlined whole, a paragraph is set apart as a bold one is; a paragraph with an
    underlined phrase, or with its underline off, is not."""
    data = docx([
        para(run("Lantern Rules", b=True)),
        para(run("These rules cover the lantern vigil.")),
        para(run("Wicks", u="single")),
        para(run("Each player keeps "), run("six wicks", u="single"), run(" dry.")),
        para(run("Moths", u="none")),
        para(run("A moth settles on the brightest lantern.")),
        para(run("Dawn", u="double")),
        para(run("At dawn every lit lantern scores a point.")),
    ])
    doc = parse(data, source="rules.docx")
    assert [(s.title, s.text) for s in doc.sections if s.title] == [
        ("Lantern Rules", "These rules cover the lantern vigil."),
        ("Wicks", "Each player keeps six wicks dry.\nMoths\n"
                  "A moth settles on the brightest lantern."),
        ("Dawn", "At dawn every lit lantern scores a point.")]


def test_a_bold_name_over_a_colon_heads_the_text_after_it():
    """In a file with no heading styles, "Setup:" in bold over plain text heads it, as a
    bold name does; a bold sentence ending in a colon introduces what follows."""
    data = docx([
        para(run("Lantern Rules", b=True)),
        para(run("These rules cover the lantern vigil.")),
        para(run("Setup:", b=True)),
        para(run("Each player takes three lanterns and six wicks.")),
        para(run("Moth Cards:", b=True)),
        para(run("A moth card settles on the brightest lantern.")),
        para(run("Every player then agrees to the rules below before the first night:",
                 b=True)),
        para(run("No player may look into the moth bag.")),
    ])
    doc = parse(data, source="rules.docx")
    assert [s.title for s in doc.sections if s.title] == [
        "Lantern Rules", "Setup:", "Moth Cards:"]
    assert doc.sections[-1].text.endswith("No player may look into the moth bag.")


def test_a_file_of_plain_paragraphs_is_a_section_a_paragraph():
    lines = ["Each player takes twelve embers.", "The first player fans one ember.",
             "A fanned ember glows until dawn."]
    doc = parse(docx([para(run(t)) for t in lines]), source="s.docx")
    assert [(s.title, s.kind, s.text) for s in doc.sections] == [(None, "text", t) for t in lines]
    assert doc.reading.words.lost == 0
