"""Every reader reads an odd file whole, or refuses it whole with the limit it passes
named: never a document cut short. The files are made here (hostile_files.py), each a
few kilobytes to a few megabytes on disk."""
import io
import time
import zipfile
from pathlib import Path

import pytest

import hostile_files as hostile
from rookery.errors import ParseError, TooLarge, UnsupportedFormat
from rookery.parsers import READERS, ReadOptions, limits, parse


def sections(data: bytes, reader: str = "pdfium") -> int:
    return len(parse(data, options=ReadOptions(pdf_reader=reader, workers=1)).sections)


@pytest.mark.parametrize("case,data,count", [
    ("a FAQ with an unclosed <div> per entry", hostile.unclosed_divs(600), 600),
    ("a paragraph of 11 MB in one run of text", hostile.long_run(11), 20),
    ("a UTF-16 page with an odd last byte", hostile.utf16_page(hostile.ODD_BYTE), 6),
    ("a UTF-16 page ending in half a surrogate pair",
     hostile.utf16_page(hostile.LONE_SURROGATE), 6),
])
def test_an_odd_page_is_read_whole(case, data, count):
    doc = parse(data)
    assert len(doc.sections) == count, case
    assert "lit once per round by its keeper." in doc.sections[-1].text, case


def test_lists_nested_twenty_thousand_deep_are_read_whole_in_seconds():
    started = time.monotonic()
    blocks = READERS["html"].read(hostile.nested_lists(20_000), ReadOptions()).blocks
    items = [b for b in blocks if b.kind == "item"]
    assert len(items) == 20_000 and all(b.text == "keep the lantern lit" for b in items)
    assert time.monotonic() - started < 15  # (read in time in the square of it: minutes)


def word_of_tags(tags: int) -> bytes:
    """A .docx of `tags` XML tags or a few more, of varied words: it packs a few times
    over, no more (a zip bomb packs a thousand times)."""
    runs = [f"<w:p><w:r><w:t>{k * 7919 % 1_000_003:x} lantern</w:t></w:r></w:p>"
            for k in range(tags // 6)]
    return hostile.word_docx(runs)


def zip_of(files: int) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for k in range(files):
            z.writestr(f"part{k}.xml", "")
        z.writestr("word/document.xml", "<w:document/>")
    return out.getvalue()


@pytest.mark.parametrize("case,make,limit,reader", [
    ("100,001 paragraphs", lambda: b"<html><body><h1>Rules</h1>" + b"<p>a</p>" * 100_001,
     limits.BLOCKS, "pdfium"),
    ("a web page of 17 MB", lambda: b"<html><body><p>" + b"word " * (17 << 18),
     limits.HTML_BYTES, "pdfium"),
    ("a web page of 250,001 elements", lambda: b"<html><body>" + b"<br>" * 250_001,
     limits.HTML_ELEMENTS, "pdfium"),
    ("text of 8.4 MB", lambda: b"a line of text\n" * (9 << 16), limits.TEXT_BYTES, "pdfium"),
    ("a Word file of a million empty paragraphs", lambda: hostile.empty_paragraphs(1_000_000),
     limits.ZIP_RATIO, "pdfium"),
    ("a Word part whose header says it unpacks to 100 MB",
     lambda: hostile.lying_zip(1 << 20, declared=100 << 20), limits.ZIP_PART, "pdfium"),
    ("a Word file of 2,000,008 XML tags", lambda: word_of_tags(2_000_008), limits.XML_TAGS,
     "pdfium"),
    ("a zip of 10,001 files", lambda: zip_of(10_001), limits.ZIP_ENTRIES, "pdfium"),
    ("a PDF whose forms draw each other twice, 20 deep",
     lambda: hostile.forms_drawing_each_other(20), limits.PDF_FORMS, "pdfium"),
    ("a PDF page whose content unpacks to 1 GB", hostile.huge_content, limits.PDF_CONTENT,
     "pdfium"),
    ("a page of a million glyphs", hostile.million_glyphs, limits.PDF_PAGE_GLYPHS, "pdfium"),
    ("a page of a million glyphs, read by pdfplumber", hostile.million_glyphs,
     limits.PDF_PAGE_GLYPHS, "pdfplumber"),
    ("a PDF whose page tree counts 6,000 pages", lambda: hostile.lying_page_count(6_000),
     limits.PDF_PAGES, "pdfium"),
])
def test_a_file_past_a_limit_is_refused_naming_it(case, make, limit, reader):
    data = make()
    with pytest.raises((TooLarge, UnsupportedFormat)) as refused:
        sections(data, reader)
    said = str(refused.value)
    assert f"at most {limit.amount(limit.most)}" in said, (case, said)
    assert said.count("\n") == 0


def test_a_zip_part_that_unpacks_past_its_header_is_stopped_at_what_the_header_says():
    started = time.monotonic()
    with pytest.raises(UnsupportedFormat, match="Bad CRC-32 for file 'word/document.xml'"):
        parse(hostile.lying_zip(256 << 20))  # a kilobyte read, not 256 MB
    assert time.monotonic() - started < 5


def test_a_pdf_whose_page_tree_counts_pages_it_has_not_is_one_line():
    with pytest.raises(ParseError, match=r"page 2 of the 1,000 its page tree counts cannot be "
                                         r"read: a damaged PDF"):
        sections(hostile.lying_page_count(1_000))


def test_the_readme_lists_every_limit_as_the_code_declares_it():
    readme = " ".join((Path(__file__).resolve().parents[3] / "README.md").read_text().split())
    for limit in limits.LIMITS:
        said = limit.what.format(limit.amount(limit.most))
        assert f"| {limit.reader} | {said} |" in readme, said
    assert f"past {limits.HTML_DEPTH} levels" in readme
