"""Releases read in processes of their own, side by side, give the Documents a read in
turn in this process gives."""
import io

import pytest

import typeset
from documents import html_page
from rookery.errors import ParseError
from rookery.parsers import ReadOptions, parse
from rookery.parsers.cache import ParseCache
from rookery.parsers.together import Release, parse_releases, side_by_side

# a PDF of three pages or more counts as long here, so that small PDFs take the long path
LONG = ReadOptions(workers=2, pool_pages=3)


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> list[bytes]:
    folder = tmp_path_factory.mktemp("together")
    chosen = [l for l in typeset.layouts() if typeset.available(l)][:2]
    out = [typeset.write_pdf(folder / f"{k}.pdf", l).read_bytes() for k, l in enumerate(chosen)]
    assert len(out) == 2
    return out


def _blank_pdf(pages: int) -> bytes:
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out)
    for _ in range(pages):
        c.rect(100, 100, 200, 200)
        c.showPage()
    c.save()
    return out.getvalue()


def test_two_long_pdfs_are_read_side_by_side_as_a_read_in_turn_reads_them(pdfs):
    releases = [Release(data, f"r{k}.pdf") for k, data in enumerate(pdfs)]
    assert side_by_side(releases, LONG) == 2
    together = parse_releases(releases, options=LONG)
    alone = [parse(data, f"r{k}.pdf", options=ReadOptions(workers=1))
             for k, data in enumerate(pdfs)]
    assert together == alone
    assert together[0] != together[1] and all(len(d.sections) > 10 for d in together)


def test_each_release_hears_of_its_own_pages_from_the_processes(pdfs):
    heard: list[list] = [[], []]
    releases = [Release(data, progress=lambda done, total, k=k: heard[k].append((done, total)))
                for k, data in enumerate(pdfs)]
    parse_releases(releases, options=LONG)
    for told in heard:
        total = told[-1][1]
        assert told == [(n, total) for n in range(1, total + 1)] and total >= 3


def test_a_release_that_fails_in_its_process_fails_with_its_name(pdfs):
    releases = [Release(pdfs[0], "good.pdf"), Release(_blank_pdf(4), "blank.pdf")]
    assert side_by_side(releases, LONG) == 2
    with pytest.raises(ParseError, match=r"^blank\.pdf: .*no text"):
        parse_releases(releases, options=LONG)


def test_parses_go_to_the_cache_and_come_back_from_it(pdfs):
    cache = ParseCache()
    releases = [Release(data, f"r{k}.pdf") for k, data in enumerate(pdfs)]
    first = parse_releases(releases, cache, LONG)
    assert (cache.hits, cache.misses) == (0, 2)
    assert parse_releases(releases, cache, LONG) == first
    assert (cache.hits, cache.misses) == (2, 2)


def test_entries_the_processes_encode_are_the_cache_entries_a_read_in_turn_writes(
        pdfs, tmp_path):
    releases = [Release(data, f"r{k}.pdf") for k, data in enumerate(pdfs)]
    together = ParseCache(folder=tmp_path / "together")
    first = parse_releases(releases, together, LONG)
    in_turn = ParseCache(folder=tmp_path / "in_turn")
    parse_releases(releases, in_turn, ReadOptions(workers=1))
    entries = {p.name: p.read_bytes() for p in (tmp_path / "together").iterdir()}
    assert len(entries) == 2
    assert entries == {p.name: p.read_bytes() for p in (tmp_path / "in_turn").iterdir()}
    # and another command reads them back from disk
    again = ParseCache(folder=tmp_path / "together")
    assert parse_releases(releases, again, LONG) == first
    assert (again.hits, again.misses) == (2, 0)


@pytest.mark.parametrize("case,at_once", [("one core", 1), ("a web page", 2), ("short PDFs", 2),
                                           ("one release", 1)])
def test_every_release_is_read_in_a_process_of_its_own_side_by_side_where_cores_allow(
        pdfs, case, at_once):
    page = Release(html_page().encode(), "page.html")
    releases, options = {
        "one core": ([Release(d) for d in pdfs], ReadOptions(workers=1, pool_pages=3)),
        "a web page": ([Release(pdfs[0]), page], LONG),
        "short PDFs": ([Release(d) for d in pdfs], ReadOptions(workers=2, pool_pages=500)),
        "one release": ([Release(pdfs[0])], LONG),
    }[case]
    assert side_by_side(releases, options) == at_once
    assert parse_releases(releases, options=options) == \
        [parse(r.data, r.source, options=ReadOptions(workers=1)) for r in releases]


def test_one_file_given_twice_is_parsed_once(pdfs):
    heard: list[list] = [[], []]
    releases = [Release(pdfs[0], name, progress=lambda d, t, k=k: heard[k].append(d))
                for k, name in enumerate(["old.pdf", "new.pdf"])]
    docs = parse_releases(releases, ParseCache(), LONG)
    assert heard[0] and not heard[1]  # the second was never read
    assert [d.source for d in docs] == ["old.pdf", "new.pdf"]
    assert docs[0].sections == docs[1].sections
