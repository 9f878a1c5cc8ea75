"""The PDF reader on PDFs we make ourselves, in several layouts, from the same text as a
web page (tests/documents.py): the same sections must come out of both."""
import collections
import io
import zlib

import pdfplumber
import pytest

import documents
from rookery.diffs.compare import diff_documents
from rookery.errors import ParseError
from rookery.parsers import parse
from rookery.parsers.cache import ParseCache

LAYOUTS = documents.layouts()


@pytest.fixture(scope="module")
def web_page():
    return parse(documents.html_page().encode(), source="digest.html")


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layouts")
    made = {}
    for layout in LAYOUTS:
        if layout.ligatures and not documents.fonts_available():
            continue
        made[layout.name] = documents.write_pdf(folder / f"{layout.name}.pdf", layout)
    return made


def pdf_of(pdfs, layout):
    if layout.name not in pdfs:
        pytest.skip(f"fonts for {layout.name} not installed (apt-get install fonts-dejavu-core)")
    return pdfs[layout.name]


@pytest.mark.parametrize("layout", LAYOUTS, ids=[l.name for l in LAYOUTS])
def test_a_pdf_yields_the_sections_of_its_web_page(layout, pdfs, web_page):
    doc = parse(pdf_of(pdfs, layout).read_bytes(), source=layout.name)
    assert doc.format == "pdf"
    assert (doc.title, doc.version, doc.effective) == (documents.TITLE, "3.1", "2022-04-02")
    assert diff_documents(web_page, doc).changes == []
    assert [s.number for s in doc.sections] == [s.number for s in web_page.sections]
    assert [s.kind for s in doc.sections] == [s.kind for s in web_page.sections]


@pytest.mark.parametrize("layout", LAYOUTS, ids=[l.name for l in LAYOUTS])
def test_headers_and_page_numbers_stay_out_of_the_text(layout, pdfs):
    path = pdf_of(pdfs, layout)
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) >= 3  # enough pages for furniture to repeat
        printed = pdf.pages[1].extract_text()
    doc = parse(path.read_bytes())
    text = "\n".join(s.text for s in doc.sections)
    if layout.header:
        assert "Rules Digest \u2014 Version" in printed
    assert "Rules Digest" not in text
    assert not any(line.strip().isdigit() for s in doc.sections for line in s.text.split("\n"))


@pytest.mark.parametrize("layout", LAYOUTS, ids=[l.name for l in LAYOUTS])
def test_red_text_is_marked_new_like_on_the_web_page(layout, pdfs, web_page):
    doc = parse(pdf_of(pdfs, layout).read_bytes())
    marked = [(s.label, " ".join(" ".join(s.marked_text).split())) for s in doc.sections
              if s.is_marked]
    expected = [(s.label, " ".join(" ".join(s.marked_text).split())) for s in web_page.sections
                if s.is_marked]
    assert marked == expected
    assert any("Whisper Coil" in m[1] for m in marked)


def columns_seen(page) -> int:
    """Text runs side by side on one row (a gap wider than any word space between them),
    as most rows of page 2 show: pdfplumber's words, not the reader under test."""
    rows = collections.defaultdict(list)
    for w in page.extract_words():
        rows[round(w["top"])].append(w)
    runs = collections.Counter()
    for words in rows.values():
        words.sort(key=lambda w: w["x0"])
        runs[1 + sum(b["x0"] - a["x1"] > 14 for a, b in zip(words, words[1:]))] += 1
    return max(k for k, n in runs.items() if n >= 3)


def test_the_layouts_really_differ(pdfs):
    """Guard the test data: each layout shows the trait it is there for."""
    for layout in LAYOUTS:
        if layout.name not in pdfs:
            continue
        with pdfplumber.open(pdfs[layout.name]) as pdf:
            page = pdf.pages[1]
            text = "".join(c["text"] for p in pdf.pages for c in p.chars)
            lines = page.extract_text().split("\n")
            columns = columns_seen(page)
        if layout.ligatures:
            assert "\ufb01" in text or "\ufb02" in text
        if layout.hyphenate:
            assert any(line.endswith("-") and line[-2].isalpha() for line in lines)
        assert columns == layout.columns, layout.name


def test_unmapped_ligature_glyphs_are_restored_from_the_documents_words():
    from rookery.parsers.pdf.glyphs import UNKNOWN, Glyph
    from rookery.parsers.pdf.paragraphs import _Line, _vocabulary, repair_ligatures

    def line(word_parts):
        glyphs = []
        for part in word_parts:
            chars = [(UNKNOWN, 7)] if part == "?" else [(c, None) for c in part]
            for text, cid in chars:
                glyphs.append(Glyph(text, 0, 1, 0, 1, 10, "serif", False, False, False, cid))
        text = "".join(g.text for g in glyphs)
        return _Line(line=None, glyphs=glyphs, text=text, size=10, family="serif", bold=False,
                     italic=False, upper=False)

    lines = [line(["the ", "?", "rst player"]), line(["a ", "?", "nal ruling"]),
             line(["first and final"])]
    repair_ligatures(lines, _vocabulary(lines))
    assert [l.text for l in lines[:2]] == ["the first player", "a final ruling"]


def test_each_distinct_file_is_parsed_once(pdfs):
    path = next(iter(pdfs.values()))
    cache = ParseCache()
    first = parse(path.read_bytes(), source="a.pdf", cache=cache)
    second = parse(path.read_bytes(), source="b.pdf", cache=cache)
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


def encrypted_pdf() -> bytes:
    from reportlab.lib import pdfencrypt
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, encrypt=pdfencrypt.StandardEncryption("secret", canPrint=0))
    c.drawString(100, 700, "Locked rules")
    c.save()
    return out.getvalue()


@pytest.mark.parametrize("make,message", [
    (lambda good: good[: len(good) // 2], "truncated"),
    (lambda good: good[:-400] + b"\n%%EOF\n", "damaged|no text"),
    (lambda good: encrypted_pdf(), "encrypted"),
    (lambda good: scanned_pdf(), "no text layer"),
    (lambda good: b"%PDF-1.4\n" + bytes(range(256)) * 4 + b"\n%%EOF\n", "damaged|no text"),
], ids=["truncated", "broken-xref", "encrypted", "image-only", "garbage"])
def test_bad_pdfs_raise_a_clear_error(pdfs, make, message):
    good = next(iter(pdfs.values())).read_bytes()
    with pytest.raises(ParseError, match=message):
        parse(make(good), source="release.pdf")


def test_a_pdf_with_padding_after_its_end_marker_still_reads(pdfs):
    good = next(iter(pdfs.values())).read_bytes()
    assert parse(good + b"\0" * 8000).sections == parse(good).sections
