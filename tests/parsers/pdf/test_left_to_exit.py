"""A PDF parse that is its process's last work (ReadOptions.last: a release read apart,
limits/isolated.py) leaves its glyphs to the process's exit rather than freeing them
one by one, and reads exactly as any other parse."""
import gc

import pytest

import typeset
from rookery.model import Document
from rookery.parsers import ReadOptions, parse
from rookery.parsers import pdf as pdf_reader
from rookery.parsers.limits.isolated import Job, parse_apart

MB = 1024 * 1024


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> list[bytes]:
    """Our digest typeset in each layout at hand (one and two columns, several fonts)."""
    folder = tmp_path_factory.mktemp("left")
    found = [typeset.write_pdf(folder / f"{k}.pdf", layout).read_bytes()
             for k, layout in enumerate(typeset.layouts()) if typeset.available(layout)]
    assert found
    return found


def test_a_last_parse_reads_the_same_and_leaves_every_glyph_it_read(pdfs, monkeypatch):
    left: list = []
    monkeypatch.setattr(pdf_reader, "_LEFT_TO_EXIT", left)
    try:
        for data in pdfs:
            alone = parse(data, options=ReadOptions(workers=1))
            assert not left  # (an ordinary parse frees what it made)
            assert parse(data, options=ReadOptions(workers=1, last=True)) == alone
            (pages, lines), = left
            assert sum(len(f.glyphs) for page in pages for f in page) > 500
            assert lines and all(line.fragments for line in lines)
            assert gc.get_freeze_count() > 0  # the collector does not walk them again
            left.clear()
    finally:
        gc.unfreeze()


def test_a_release_read_apart_is_its_process_last_work(pdfs, monkeypatch):
    from multiprocessing import get_context

    import rookery.parsers as parsers
    from rookery.parsers.limits import isolated

    def told(data, source, format, options):  # (the forked process runs this)
        return Document(source=f"last={options.last}", sections=[])

    monkeypatch.setattr(parsers, "parse", told)
    # forked, whatever threads earlier tests in this process left waiting (a fork server
    # would not have the stand-in above)
    monkeypatch.setattr(isolated, "_context", lambda: get_context("fork"))
    (doc, _entry), = parse_apart([Job(pdfs[0], "digest.pdf", "auto",
                                      ReadOptions(memory=256 * MB, deadline=60))])
    assert doc.source == "last=True"
