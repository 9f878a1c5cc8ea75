"""Progress on a terminal: a count of pages, shown only once a parse has taken a while."""
import io

import typeset
from rookery.parsers import ReadOptions, parse
from rookery.progress import Progress


def test_pages_are_counted_only_after_a_second_and_the_line_is_closed():
    now = [0.0]
    out = io.StringIO()
    tell = Progress(enabled=True, stream=out, clock=lambda: now[0]).pages("reading rules.pdf")
    tell(1, 4)
    assert out.getvalue() == ""  # quick work shows nothing
    now[0] = 1.5
    tell(2, 4)
    tell(4, 4)
    assert out.getvalue() == "\rreading rules.pdf: 2/4 pages\rreading rules.pdf: 4/4 pages\n"


def test_nothing_is_drawn_when_stderr_is_not_a_terminal():
    out = io.StringIO()
    tell = Progress(stream=out, clock=lambda: 99.0).pages("reading")
    tell(1, 2)
    assert out.getvalue() == ""


def test_the_pdf_reader_tells_of_every_page(tmp_path):
    layout = typeset.layouts()[0]
    data = typeset.write_pdf(tmp_path / "digest.pdf", layout).read_bytes()
    heard = []
    parse(data, options=ReadOptions(progress=lambda done, total: heard.append((done, total))))
    total = heard[-1][1]
    assert total >= 3 and heard == [(k, total) for k in range(1, total + 1)]


def test_two_reads_side_by_side_share_one_line_that_ends_when_both_are_done():
    now = [0.0]
    out = io.StringIO()
    old, new = Progress(enabled=True, stream=out, clock=lambda: now[0]).pages_together(
        ["reading a.pdf", "reading b.pdf"])
    old(1, 2)
    now[0] = 2.0
    new(1, 3)
    old(2, 2)
    new(3, 3)
    assert out.getvalue() == (
        "\rreading a.pdf: 1/2 pages \u00b7 reading b.pdf: 1/3 pages"
        "\rreading a.pdf: 2/2 pages \u00b7 reading b.pdf: 1/3 pages"
        "\rreading a.pdf: 2/2 pages \u00b7 reading b.pdf: 3/3 pages\n")


def test_reads_in_turn_get_a_line_each():
    now = [5.0]
    out = io.StringIO()
    tells = Progress(enabled=True, stream=out, clock=lambda: now[0]).pages_together(
        ["reading a.pdf", "reading b.pdf"])
    now[0] = 7.0
    tells[0](2, 2)
    tells[1](1, 1)
    assert out.getvalue() == "\rreading a.pdf: 2/2 pages\n\rreading b.pdf: 1/1 pages\n"
