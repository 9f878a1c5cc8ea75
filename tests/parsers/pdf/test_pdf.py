"""The PDF reader on PDFs we make ourselves: the test digest typeset in fifty layouts
(tests/typeset.py) must give the sections of its web page, through either character
reader; bad files must give one clear error."""
import functools
import io
import re
import tempfile
import zlib
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

import documents
import printed
import redrawn
import rewrite
import turned
import typeset
from documents import section_key as key
from rookery.errors import ParseError
from rookery.parsers import ReadOptions, parse
from rookery.parsers.cache import ParseCache
from rookery.parsers.pdf.chars import CHAR_READERS

LAYOUTS = typeset.layouts()
_FOLDER = Path(tempfile.mkdtemp(prefix="rookery-layouts-"))


@functools.lru_cache(maxsize=None)
def pdf_of(name: str) -> bytes:
    """The layout's PDF, typeset once per test process."""
    layout = next(l for l in LAYOUTS if l.name == name)
    if not typeset.available(layout):
        pytest.skip(f"fonts for {name} are not installed (see .ci/run for the packages)")
    return typeset.write_pdf(_FOLDER / f"{name}.pdf", layout).read_bytes()


@functools.lru_cache(maxsize=None)
def page_of(name: str):
    layout = next(l for l in LAYOUTS if l.name == name)
    return parse(typeset.html_for(layout).encode(), source=f"{name}.html")


def test_there_are_more_than_forty_layouts_and_every_choice_is_made_more_than_once():
    assert len(LAYOUTS) >= 40
    for axis in ("headings", "columns", "font", "question", "page_number", "header",
                 "first_page", "marks", "justify", "hyphenate", "ligatures"):
        seen = Counter(getattr(l, axis) for l in LAYOUTS)
        assert len(seen) >= 2 and min(seen.values()) >= 2, (axis, seen)


@pytest.mark.parametrize("reader", sorted(CHAR_READERS))
@pytest.mark.parametrize("layout", LAYOUTS, ids=[l.name for l in LAYOUTS])
def test_a_layout_gives_the_sections_of_its_web_page(layout, reader):
    doc = parse(pdf_of(layout.name), source=layout.name, options=ReadOptions(pdf_reader=reader))
    page = page_of(layout.name)
    assert doc.format == "pdf"
    assert (doc.title, doc.version, doc.effective) == (documents.TITLE, "3.1", "2022-04-02")
    assert [key(s) for s in doc.sections] == [key(s) for s in page.sections]
    assert doc.reading.problems == []  # a right reading is sound: the check cries no wolf


@pytest.mark.parametrize("program", sorted(rewrite.PROGRAMS))
@pytest.mark.parametrize("layout,reader", [
    (l, reader) for n, l in enumerate(LAYOUTS)
    for reader in (("pdfium", "pdfplumber") if n % 5 == 0 else ("pdfium",))],
    ids=lambda v: getattr(v, "name", v))
def test_a_layout_rewritten_by_another_program_gives_the_same_sections(layout, reader, program):
    # (glyph boxes of other heights, unmapped ligatures, spaces placed anew: see
    # tests/rewrite.py)
    if rewrite.missing(program):
        pytest.skip(rewrite.missing(program))
    pdf = rewrite.rewritten(pdf_of(layout.name), program)
    doc = parse(pdf, source=layout.name, options=ReadOptions(pdf_reader=reader))
    assert (doc.title, doc.version, doc.effective) == (documents.TITLE, "3.1", "2022-04-02")
    assert [key(s) for s in doc.sections] == [key(s) for s in page_of(layout.name).sections]


@pytest.mark.parametrize("layout,reader,how", [
    (l, reader, how) for k, how in enumerate(turned.TURNS) for n, l in enumerate(LAYOUTS[k::8])
    for reader in (("pdfium", "pdfplumber") if n == 0 else ("pdfium",))],
    ids=lambda v: getattr(v, "name", v))
def test_a_layout_with_its_pages_turned_gives_the_same_sections(layout, reader, how):
    # (drawn sideways and shown upright, shown sideways, upside down: tests/turned.py)
    doc = parse(turned.turned(pdf_of(layout.name), how), source=layout.name,
                options=ReadOptions(pdf_reader=reader))
    assert (doc.title, doc.version, doc.effective) == (documents.TITLE, "3.1", "2022-04-02")
    assert [key(s) for s in doc.sections] == [key(s) for s in page_of(layout.name).sections]


@pytest.mark.parametrize("order", redrawn.ORDERS)
@pytest.mark.parametrize("layout,reader", [
    (l, reader) for n, l in enumerate(LAYOUTS[::3])
    for reader in (("pdfium", "pdfplumber") if n % 6 == 0 else ("pdfium",))],
    ids=lambda v: getattr(v, "name", v))
def test_a_layout_drawn_in_another_order_gives_the_same_sections(layout, reader, order):
    # (bottom up, or grouped by font and colour: tests/redrawn.py)
    doc = parse(redrawn.redrawn(pdf_of(layout.name), order), source=layout.name,
                options=ReadOptions(pdf_reader=reader))
    assert [key(s) for s in doc.sections] == [key(s) for s in page_of(layout.name).sections]


@pytest.mark.parametrize("reader", sorted(CHAR_READERS))
@pytest.mark.parametrize("layout", LAYOUTS[5::12], ids=lambda l: l.name)
def test_a_print_file_reads_as_its_page_and_its_slug_changes_nothing(layout, reader):
    # (the page on a larger sheet, trimmed, a slug with the job's time outside the trim:
    # tests/printed.py), turned too
    options = ReadOptions(pdf_reader=reader)
    pdf = pdf_of(layout.name)
    first = parse(printed.printed(pdf, "Job 4471 exported 2024-03-01 10:22"), options=options)
    again = parse(turned.turned(printed.printed(pdf, "Job 4490 exported 2024-03-09 16:05"),
                                "landscape"), options=options)
    assert (first.title, first.version) == (documents.TITLE, "3.1")
    assert [key(s) for s in first.sections] == [key(s) for s in page_of(layout.name).sections]
    assert [key(s) for s in again.sections] == [key(s) for s in first.sections]


@pytest.mark.parametrize("reader", sorted(CHAR_READERS))
@pytest.mark.parametrize("layout", LAYOUTS[3::16], ids=lambda l: l.name)
def test_a_landscape_page_inside_a_portrait_document_is_read_with_the_rest(layout, reader):
    pdf = pdf_of(layout.name)
    doc = parse(turned.turned(pdf, "landscape", pages={1}), source=layout.name,
                options=ReadOptions(pdf_reader=reader))
    assert [key(s) for s in doc.sections] == [key(s) for s in page_of(layout.name).sections]


@pytest.mark.parametrize("layout", LAYOUTS, ids=[l.name for l in LAYOUTS])
def test_red_text_is_marked_new_like_on_the_web_page(layout):
    def marked(doc):
        return [(s.label.casefold(), " ".join(" ".join(s.marked_text).split()))
                for s in doc.sections if s.is_marked]

    doc = parse(pdf_of(layout.name))
    assert marked(doc) == marked(page_of(layout.name))
    assert any("Whisper Coil" in words for _label, words in marked(doc))


@pytest.mark.parametrize("layout", LAYOUTS[::5], ids=[l.name for l in LAYOUTS[::5]])
def test_headers_page_numbers_and_contents_stay_out_of_the_text(layout):
    data = pdf_of(layout.name)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) >= 3  # enough pages for furniture to repeat
        printed = "\n".join(p.extract_text() for p in pdf.pages[:2])
    text = "\n".join(s.text for s in parse(data).sections)
    if layout.header != "none":
        assert "Rules Digest \u2014 Version" in printed
    assert "Rules Digest" not in text and ". . . ." not in text and "Contents" not in text
    assert not any(line.strip().isdigit() for line in text.split("\n"))


def columns_of(page) -> int:
    """How many columns the page's lines start in: the left edges that many runs of
    words share (pdfplumber's own words, not the reader under test)."""
    rows: dict = {}
    for w in page.extract_words():
        rows.setdefault(round(w["bottom"]), []).append(w)
    starts = []
    for words in rows.values():
        words.sort(key=lambda w: w["x0"])
        starts.append(words[0]["x0"])
        starts += [b["x0"] for a, b in zip(words, words[1:]) if b["x0"] - a["x1"] > 14]
    clusters: list[list[float]] = []  # starts within 30 points: one column (indents too)
    for x in sorted(starts):
        if clusters and x - clusters[-1][-1] <= 30:
            clusters[-1].append(x)
        else:
            clusters.append([x])
    return sum(1 for c in clusters if len(c) >= 0.12 * len(starts))


@pytest.mark.parametrize("layout", LAYOUTS, ids=[l.name for l in LAYOUTS])
def test_the_layouts_really_differ(layout):
    """Guard the test data: each layout shows the traits it is there for, read with
    pdfplumber rather than the reader under test."""
    with pdfplumber.open(io.BytesIO(pdf_of(layout.name))) as pdf:
        body = max(pdf.pages[1:], key=lambda p: len(p.chars))  # the fullest page
        chars = [c for p in pdf.pages for c in p.chars]
        lines = [line for p in pdf.pages for line in p.extract_text().split("\n")]
        first = pdf.pages[0].extract_text()
        columns = columns_of(body)
        edge = {"top": min(c["top"] for c in body.chars), "bottom": max(c["top"] for c in body.chars)}
        number = str(body.page_number)
        number_at = [w for w in body.extract_words(extra_attrs=["size"])
                     if w["text"] == number and w["size"] <= 8.5]
    assert columns == layout.columns
    assert (layout.first_page == "contents") == bool(re.search(r"\. \. \. \.|\.{6}", first))
    if layout.hyphenate:
        assert any(re.search(r"[a-z]-$", line) for line in lines)
    assert layout.ligatures == any(c["text"] in "\ufb00\ufb01\ufb02\ufb03\ufb04" for c in chars)
    sizes_of_capitals = {round(c["size"], 1) for c in chars if c["text"].isupper()}
    if layout.headings == "smallcaps" or layout.question == "smallcaps":
        assert len(sizes_of_capitals) >= 2
    reds = {c["non_stroking_color"] for c in chars if isinstance(c["non_stroking_color"], tuple)
            and len(c["non_stroking_color"]) == 3 and c["non_stroking_color"][0] > 0.5
            and max(c["non_stroking_color"][1:]) < 0.3}
    assert reds  # the change marks
    if layout.page_number != "none":
        where = layout.page_number.split("-")[0]
        assert number_at and abs(number_at[0]["top"] - edge[where]) < 2


def test_the_two_readers_give_the_same_characters_for_the_reader():
    """A glance at the interface: the same letters, boxes within a point, same styles."""
    from rookery.parsers.pdf.chars import pages

    data = pdf_of(LAYOUTS[0].name)
    a, b = next(pages(data, "pdfium")), next(pages(data, "pdfplumber"))
    ink_a = [g for g in a.glyphs if g.text.strip()]
    ink_b = [g for g in b.glyphs if g.text.strip()]
    assert "".join(g.text for g in ink_a) == "".join(g.text for g in ink_b)
    for x, y in zip(ink_a, ink_b):
        assert abs(x.x0 - y.x0) < 1.5 and abs(x.bottom - y.bottom) < 3
        assert (x.size, x.family, x.bold, x.italic, x.red) == (y.size, y.family, y.bold,
                                                              y.italic, y.red)


def test_unmapped_ligature_glyphs_are_restored_from_the_documents_words():
    from rookery.parsers.pdf.glyphs import UNKNOWN, Glyph
    from rookery.parsers.pdf.repair import repair_ligatures, vocabularies

    def line(parts):
        glyphs = []
        for part in parts:
            chars = [(UNKNOWN, 7)] if part == "?" else [(c, None) for c in part]
            for text, cid in chars:
                glyphs.append(Glyph(text, 0, 1, 0, 1, 10, "serif", False, False, None, cid))
        return glyphs

    lines = [line(["the ", "?", "rst player"]), line(["a ", "?", "nal ruling"]),
             line(["first and final"])]
    words, _free = vocabularies(["".join(g.text for g in l) for l in lines])
    repair_ligatures(lines, words)
    assert ["".join(g.text for g in l) for l in lines[:2]] == ["the first player",
                                                              "a final ruling"]


def test_ligatures_the_document_never_spells_out_are_read_by_its_languages_words():
    # a font that sets every "fi" and "ff" as one unmapped glyph: the document prints none
    # of those words whole, so the language's words vote; a glyph only ever seen alone (a
    # bullet) gets no vote, though the language has a word "fl"
    from rookery.parsers.lexicon import Lexicon
    from rookery.parsers.pdf.glyphs import UNKNOWN, Glyph
    from rookery.parsers.pdf.repair import repair_ligatures, vocabularies

    def line(text):
        return [Glyph(UNKNOWN if c in "?!#" else c, 0, 1, 0, 1, 10, "serif", False, False,
                      None, {"?": 7, "!": 9, "#": 11}.get(c)) for c in text]

    def lines():
        return [line("the ?rst e!ect"), line("# a clari?ed ruling"), line("? an o!er")]

    language = Lexicon("en", frozenset({"first", "effect", "clarified", "offer", "fl", "ff"}))
    words, _free = vocabularies(["".join(g.text for g in l) for l in lines()])
    alone = lines()
    assert not repair_ligatures(alone, words)  # the document's own words say nothing
    read = lines()
    assert repair_ligatures(read, words, lexicon=lambda: language)
    assert ["".join(g.text for g in l) for l in read] == [
        "the first effect", f"{UNKNOWN} a clarified ruling", "fi an offer"]


def test_each_distinct_file_is_parsed_once():
    data = pdf_of(LAYOUTS[0].name)
    cache = ParseCache()
    first = parse(data, source="a.pdf", cache=cache)
    second = parse(data, source="b.pdf", cache=cache)
    assert (cache.misses, cache.hits) == (1, 1)
    assert second.sections is first.sections and second.source == "b.pdf"


def png(width=40, height=40) -> bytes:
    raw = b"".join(b"\x00" + bytes([(x * 7 + y * 3) % 256 for x in range(width)])
                   for y in range(height))

    def chunk(kind, data):
        return (len(data).to_bytes(4, "big") + kind + data
                + zlib.crc32(kind + data).to_bytes(4, "big"))

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 0, 0, 0, 0])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def scanned_pdf() -> bytes:
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out)
    for _ in range(2):
        c.drawImage(ImageReader(io.BytesIO(png())), 50, 400, 300, 300)
        c.showPage()
    c.save()
    return out.getvalue()


def encrypted_pdf(user: str = "secret", owner: str | None = None) -> bytes:
    from reportlab.lib import pdfencrypt

    return harbour_pdf(pdfencrypt.StandardEncryption(
        user, ownerPassword=owner, canPrint=0, canModify=0, canCopy=0, canAnnotate=0))


def harbour_pdf(encrypt=None, subtitle: tuple[str, ...] = ()) -> bytes:
    """A one-page rules document: a large title (and a subtitle under it, a line of
    italics each), then numbered headings of one type."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, encrypt=encrypt)
    c.setFont("Helvetica-Bold", 22)
    c.drawCentredString(306, 740, "Harbour Rules")
    c.setFont("Helvetica-Oblique", 13)
    for k, line in enumerate(subtitle):
        c.drawCentredString(306, 716 - 16 * k, line)
    y = 690 - 16 * len(subtitle)
    for heading, text in HARBOUR:
        c.setFont("Helvetica-Bold", 14)
        c.drawString(72, y, heading)
        c.setFont("Helvetica", 10)
        c.drawString(72, y - 22, text)
        y -= 60
    c.save()
    return out.getvalue()


HARBOUR = [("1. Locked Rules", "Only the publisher may change these rules."),
           ("2. Reading", "Anyone may read them, and a viewer opens them without a password."),
           ("3. Copying", "Editors honour the lock on copying; comparing two releases reads.")]
HARBOUR_SECTIONS = [tuple(heading.split(". ")) + (text,) for heading, text in HARBOUR]


@pytest.mark.parametrize("subtitle", [(), ("Harbourmasters' Edition",),
                                      ("Rules for the harbour and its boats,",
                                       "as the harbourmasters keep them")],
                         ids=["alone", "with a subtitle", "with a two-line subtitle"])
def test_a_one_page_documents_first_heading_is_no_part_of_its_title(subtitle):
    # the title is set apart, and so are the headings under it; the first heading's type
    # is used again on the same page (the document has no other), so it heads a section;
    # a subtitle's type, on its own lines only, is the title block's
    doc = parse(harbour_pdf(subtitle=subtitle), source="harbour.pdf")
    assert doc.title == "Harbour Rules"
    assert [(s.number, s.title, s.text) for s in doc.sections] == HARBOUR_SECTIONS


@pytest.mark.parametrize("reader", sorted(CHAR_READERS))
def test_a_pdf_locked_only_against_changes_and_copying_reads_as_any_other(reader):
    # a publisher's usual lock: an owner password and no user password, so every viewer
    # opens it; the permissions (no copying, no changes) are for editors to honour
    doc = parse(encrypted_pdf(user="", owner="publisher"), source="locked.pdf",
                options=ReadOptions(pdf_reader=reader))
    assert [(s.number, s.title, s.text) for s in doc.sections] == HARBOUR_SECTIONS


BAD = [
    (lambda good: good[: len(good) // 2], "truncated"),
    (lambda good: good[:-400] + b"\n%%EOF\n", "damaged|no text"),
    (lambda good: encrypted_pdf(), "encrypted"),
    (lambda good: scanned_pdf(), "no text layer"),
    (lambda good: b"%PDF-1.4\n" + bytes(range(256)) * 4 + b"\n%%EOF\n", "damaged|no text"),
]


@pytest.mark.parametrize("reader", sorted(CHAR_READERS))
@pytest.mark.parametrize("make,message", BAD,
                         ids=["truncated", "broken-xref", "encrypted", "image-only", "garbage"])
def test_bad_pdfs_raise_a_clear_error_with_either_reader(make, message, reader):
    good = pdf_of(LAYOUTS[0].name)
    with pytest.raises(ParseError, match=message):
        parse(make(good), source="release.pdf", options=ReadOptions(pdf_reader=reader))


def test_a_page_box_that_is_not_four_numbers_reads_or_gives_a_clear_error():
    # PDFium takes such a trim box for none; pdfplumber refuses the whole file
    good = harbour_pdf()
    bad = re.sub(rb"/Type /Page\b", b"/Type /Page /TrimBox [0 0 (x) 300]", good, count=1)
    assert bad != good
    doc = parse(bad, source="release.pdf")
    assert [(s.number, s.title, s.text) for s in doc.sections] == HARBOUR_SECTIONS
    with pytest.raises(ParseError, match="damaged"):
        parse(bad, source="release.pdf", options=ReadOptions(pdf_reader="pdfplumber"))


def test_a_pdf_with_padding_after_its_end_marker_still_reads():
    good = pdf_of(LAYOUTS[0].name)
    assert parse(good + b"\0" * 8000).sections == parse(good).sections


# A rules page whose rules are justified to one measure; some of them set in the body's
# type drawn narrower (or wider) so as to fit, as a typesetter condenses a paragraph.
# The last line of rule 1.2 is the number of the rule it points to.
TIDEWAY = [
    ("1. Setup", None),
    ("1.1.", ["Each player takes a fleet of six boats and a harbour board, and sets",
              "the board so that its tide marker points toward the open water."]),
    ("1.2.", ["A boat that starts the game in dock may not sail before the tide turns",
              "for the first time; it waits there, with its crew, as set out in rule",
              "3.2."]),
    ("1.3.", ["Cargo tokens are shuffled face down and stacked beside the harbour",
              "board, within reach of every player at the table."]),
    ("2. Sailing", None),
    ("2.1.", ["On a turn, a player may move each of their boats as far as its sails",
              "allow, but never through another boat or across a reef marker; a",
              "boat that ends its move beside a wreck may salvage one cargo token."]),
    ("2.2.", ["A boat that is blown onto a reef loses its cargo and returns to dock",
              "at the start of its owner's next turn, with a fresh crew aboard."]),
    ("3. Tides", None),
    ("3.1.", ["The tide marker moves one step at the end of every round, and the",
              "water rises or falls by one level with each step it moves."]),
    ("3.2.", ["When the tide turns, every boat still in dock may sail at once, in",
              "turn order, before any other boat is moved."]),
]


def tideway_pdf(condensed: dict[str, float]) -> bytes:
    """The Tideway rules, rule N drawn at `condensed[N]` of its width (1.0 elsewhere)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(612, 792))
    c.setFont("Helvetica-Bold", 20)
    c.drawCentredString(306, 740, "Tideway Rules")
    body, left, y = ("Times-Roman", 10.5), 72.0, 700.0
    rules = [(number, lines and [f"{number} {lines[0]}", *lines[1:]]) for number, lines in TIDEWAY]
    widths = [stringWidth(line, *body) for _n, lines in rules if lines for line in lines[:-1]]
    measure = max(widths) + 12  # every full line is spread to it
    for number, lines in rules:
        if lines is None:
            y -= 10
            c.setFont("Helvetica-Bold", 13)
            c.drawString(left, y, number)
            y -= 22
            continue
        scale = condensed.get(number.rstrip("."), 1.0)
        for k, line in enumerate(lines):
            words = line.split()
            natural = sum(stringWidth(w, *body) for w in words) * scale
            last = k == len(lines) - 1
            gap = stringWidth(" ", *body) * scale if last else \
                (measure - natural) / (len(words) - 1)
            x = left
            for word in words:
                text = c.beginText(x, y)
                text.setFont(*body)
                text.setHorizScale(100 * scale)
                text.textOut(word)
                c.drawText(text)
                x += stringWidth(word, *body) * scale + gap
            y -= 14
        y -= 4
    c.save()
    return out.getvalue()


@pytest.mark.parametrize("reader", sorted(CHAR_READERS))
@pytest.mark.parametrize("condensed", [{"1.2": 0.95}, {"1.2": 0.94, "2.1": 0.94},
                                       {"1.2": 0.96, "2.1": 1.05, "3.1": 0.95}],
                         ids=["one rule", "two rules", "condensed and expanded"])
def test_rules_set_narrower_or_wider_to_fit_read_as_the_body_type(condensed, reader):
    # (a font's own small capitals are told by letters drawn narrower or wider than the
    # body's, each by its own amount: type condensed to fit is narrower all alike)
    options = ReadOptions(pdf_reader=reader)
    plain = parse(tideway_pdf({}), source="tideway.pdf", options=options)
    assert [s.number for s in plain.sections] == \
        ["1", "1.1", "1.2", "1.3", "2", "2.1", "2.2", "3", "3.1", "3.2"]
    assert plain.sections[2].text.endswith("as set out in rule 3.2.")
    pdf = tideway_pdf(condensed)
    doc = parse(pdf, source="tideway.pdf", options=options)
    assert [(s.number, s.title, s.text) for s in doc.sections] == \
        [(s.number, s.title, s.text) for s in plain.sections]
    # a type's size is its height, however narrow it is drawn
    from rookery.parsers.pdf.chars import pages

    assert {g.size for p in pages(pdf, reader) for g in p.glyphs if g.family == "times"} == {10.5}
