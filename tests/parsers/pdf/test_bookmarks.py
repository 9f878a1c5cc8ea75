"""What a PDF says of its own headings, read as evidence: headings set like the body come
out as headings when the file bookmarks or tags them, in three engines and two
typesettings, stay text when it does neither, and a reading that leaves bookmarked
headings in its text says so."""
import pytest

import outlined
from engines import missing
from outlined import Book
from rookery.parsers import ReadOptions, parse
from rookery.parsers.pdf.bookmarks import outline
from rookery.parsers.pdf import read_pdf

BOOKS = [Book(engine, top, marks) for engine in outlined.ENGINES for top in ("larger", "body")
         for marks in outlined.MARKS[engine] if marks != "none"]


def _read(book: Book, tmp_path):
    if book.engine != "reportlab" and missing(book.engine):
        pytest.skip(missing(book.engine))
    data = outlined.render(book, tmp_path / f"{book.name}.pdf")
    return data, parse(data, source=f"{book.name}.pdf", options=ReadOptions(workers=1))


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_the_outline_or_the_tags_are_read_in_order_with_their_depths(book, tmp_path):
    data, _doc = _read(book, tmp_path)
    assert read_pdf(data).outline == outlined.headings()
    assert bool(outline(data)) == (book.marks == "bookmarks")  # (else the tags stand in)


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_marked_headings_set_like_the_body_head_their_sections(book, tmp_path):
    _data, doc = _read(book, tmp_path)
    assert doc.title == outlined.TITLE
    found = [(s.path, s.title, s.text) for s in doc.sections if s.text]
    expected = [((title,), sub, "\n".join(paras))
                for title, parts in outlined.CHAPTERS for sub, paras in parts]
    assert found == expected
    assert doc.reading.problems == []


@pytest.mark.parametrize("engine", [e for e in outlined.ENGINES if "none" in outlined.MARKS[e]])
def test_with_neither_the_same_lines_stay_text(engine, tmp_path):
    _data, doc = _read(Book(engine, "larger", "none"), tmp_path)
    titles = {s.title for s in doc.sections}
    assert not titles & {sub for _depth, sub in outlined.headings() if _depth == 1}
    assert doc.reading.headings_in_text == []  # (no outline: nothing to hold it to)


def test_a_file_without_an_outline_has_none(tmp_path):
    data, _doc = _read(Book("reportlab", marks="none"), tmp_path)
    assert outline(data) == [] and read_pdf(data).outline == []


def test_bookmarked_headings_left_inside_paragraphs_make_the_reading_doubtful(tmp_path):
    _data, doc = _read(Book("reportlab", "larger", alone=False), tmp_path)
    left = doc.reading.headings_in_text
    # (a heading that opens a block of lines still heads it: the first of each chapter)
    assert len(left) >= 3
    assert set(left) <= {sub for depth, sub in outlined.headings() if depth == 1}
    assert doc.reading.doubtful
    assert any(p.startswith(f"{len(left)} headings the file lists read as text")
               for p in doc.reading.problems)
