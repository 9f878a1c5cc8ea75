"""Pages read by a pool of processes give the Document a read in one process gives."""
import pytest

import turned
import typeset
from rookery.parsers import ReadOptions, parse
from rookery.parsers.pdf.chars import CHAR_READERS
from rookery.parsers.pdf.pool import read_pages


@pytest.fixture(scope="module")
def pdf(tmp_path_factory) -> bytes:
    layout = next(l for l in typeset.layouts() if typeset.available(l) and l.columns == 2)
    return typeset.write_pdf(tmp_path_factory.mktemp("pool") / "digest.pdf", layout).read_bytes()


@pytest.mark.parametrize("reader", sorted(CHAR_READERS))
def test_a_pooled_read_gives_the_same_document(pdf, reader):
    alone = parse(pdf, options=ReadOptions(pdf_reader=reader, workers=1))
    pooled = parse(pdf, options=ReadOptions(pdf_reader=reader, workers=2, pool_pages=2))
    assert pooled == alone
    assert len(alone.sections) > 10


@pytest.mark.parametrize("reader", sorted(CHAR_READERS))
def test_a_pooled_read_of_a_document_with_turned_pages_gives_the_same_document(pdf, reader):
    mixed = turned.turned(pdf, "landscape", pages={0, 2})  # (each worker turns its own)
    alone = parse(mixed, options=ReadOptions(pdf_reader=reader, workers=1))
    pooled = parse(mixed, options=ReadOptions(pdf_reader=reader, workers=2, pool_pages=2))
    assert pooled == alone
    assert [s.text for s in alone.sections] == [s.text for s in parse(pdf).sections]


def test_pooled_pages_come_in_order_with_the_same_fragments(pdf):
    alone = list(read_pages(pdf, workers=1))
    pooled = list(read_pages(pdf, workers=2, pool_pages=2))
    assert [p.index for p, _ in pooled] == list(range(len(alone))) and len(alone) >= 3
    assert [[f.glyphs for f in frags] for _, frags in pooled] == \
        [[f.glyphs for f in frags] for _, frags in alone]
    assert all(not p.glyphs and p.total == len(alone) for p, _ in pooled)


def test_progress_hears_of_every_page_of_a_pooled_read(pdf):
    told = []
    parse(pdf, options=ReadOptions(workers=2, pool_pages=2,
                                   progress=lambda done, total: told.append((done, total))))
    total = told[-1][1]
    assert told == [(n, total) for n in range(1, total + 1)]


def test_a_short_document_is_read_without_a_pool(pdf, monkeypatch):
    import rookery.parsers.pdf.pool as pool

    def no_pool(*args):
        raise AssertionError("a pool was started")

    monkeypatch.setattr(pool, "_pooled", no_pool)
    assert list(read_pages(pdf, workers=2))  # fewer pages than POOL_PAGES
    assert list(read_pages(pdf, workers=1, pool_pages=2))


def test_a_pool_starts_only_for_a_reader_it_pays_for(pdf, monkeypatch):
    import rookery.parsers.pdf.pool as pool
    from rookery.parsers.pdf import speedups

    def no_pool(*args):
        raise AssertionError("a pool was started")

    monkeypatch.setattr(pool, "POOL_PAGES", 2)  # the test document counts as long
    monkeypatch.setattr(pool, "_pooled", no_pool)
    with pytest.raises(AssertionError, match="pool was started"):
        list(read_pages(pdf, "pdfplumber", workers=2))  # pure Python: a pool pays
    if not speedups.available():
        pytest.skip("compiled loops not built: PDFium's pages are pooled too")
    # the compiled loops read a page about as fast as a worker's page is rebuilt here
    assert list(read_pages(pdf, "pdfium", workers=2))
