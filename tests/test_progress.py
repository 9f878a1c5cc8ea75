"""Progress on a terminal: a count of pages, shown only once a parse has taken a while;
and off one (a log, a pipe), one line once a wait passes a few seconds."""
import io

import pytest

import typeset
from rookery.fetchers.base import Retry
from rookery.parsers import ReadOptions, parse
from rookery.progress import QUIET, Progress


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


# ---------------------------------------------------------------- off a terminal

def test_off_a_terminal_a_long_read_is_said_once_in_a_line():
    now = [0.0]
    out = io.StringIO()
    old, new = Progress(stream=out, clock=lambda: now[0]).pages_together(
        ["reading a.pdf", "reading b.pdf"])
    old(1, 40)
    now[0] = QUIET - 0.5
    new(1, 38)
    assert out.getvalue() == ""  # a few seconds' work says nothing
    now[0] = QUIET + 1
    old(2, 40)
    now[0] = 60.0
    old(30, 40)
    new(38, 38)
    assert out.getvalue() == ("reading a.pdf: 2/40 pages \u00b7 reading b.pdf: 1/38 pages, "
                              f"still reading after {QUIET + 1:.0f} s\n")


def test_off_a_terminal_the_line_goes_where_the_command_logs():
    heard, out = [], io.StringIO()
    now = [0.0]
    tell = Progress(stream=out, clock=lambda: now[0], say=heard.append).pages("fetching")
    now[0] = 10.0
    tell(3, 9)
    assert heard == ["fetching: 3/9 pages, still reading after 10 s"] and out.getvalue() == ""
    now[0] = 0.0
    quiet = Progress(stream=out, clock=lambda: now[0], say=False).pages("reading")
    now[0] = 10.0
    quiet(1, 2)
    assert out.getvalue() == ""


@pytest.mark.parametrize("waits, said", [
    ([0.5, 1.0, 2.0], [2]),      # the wait that brings the address to QUIET seconds
    ([0.2, 0.4], []),            # quick retries say nothing
    ([4.0, 8.0], [0]),           # a long first wait: said at once, and once
])
def test_off_a_terminal_retries_are_said_once_their_waiting_passes_a_few_seconds(waits, said):
    out = io.StringIO()
    progress = Progress(stream=out)
    retries = [Retry("https://x.example/faq", "the server answered HTTP 503", wait, k + 2, 4)
               for k, wait in enumerate(waits)]
    for retry in retries:
        progress.note(retry)
    progress.note(Retry("https://y.example/faq", "cannot connect", 3.5, 2, 4))  # its own
    assert out.getvalue().splitlines() == [str(retries[k]) for k in said] + [
        "https://y.example/faq: cannot connect; trying again in 3.5 s (attempt 2 of 4)"]


def test_on_a_terminal_every_retry_is_a_line():
    out = io.StringIO()
    progress = Progress(enabled=True, stream=out)
    for wait in (0.1, 0.2):
        progress.note(Retry("https://x.example/faq", "cannot connect", wait, 2, 3))
    assert len(out.getvalue().splitlines()) == 2


def test_a_real_read_that_takes_a_while_is_said_once_off_a_terminal(tmp_path):
    """The PDF reader's own page count, each page taking two seconds by this clock."""
    layout = typeset.layouts()[0]
    data = typeset.write_pdf(tmp_path / "digest.pdf", layout).read_bytes()
    ticks = iter(range(0, 1000, 2))
    out = io.StringIO()
    tell = Progress(stream=out, clock=lambda: float(next(ticks))).pages("reading digest.pdf")
    parse(data, options=ReadOptions(progress=tell))
    (line,) = out.getvalue().splitlines()
    assert line.startswith("reading digest.pdf: 2/") and line.endswith("still reading after 4 s")
