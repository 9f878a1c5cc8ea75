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
