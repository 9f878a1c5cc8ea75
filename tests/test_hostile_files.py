"""Hostile and odd files through `rookery diff` and a watched cycle, each run measured:
a correct diff, or one line and a non-zero exit; no run past a gigabyte or half a
minute; a cycle that quarantines what it cannot read and goes on to the next source.

The files (hostile_files.py) are the ones that once broke rookery: a page nested deeper
than a parser's default or with a text run over 10 MB (read in part, in silence), lists
nested 100,000 deep (minutes), 200,000 sections in a page, a Word file of millions of
empty paragraphs and one whose zip header lies (gigabytes), PDFs whose forms draw each
other, whose content unpacks to a gigabyte or whose page holds a million glyphs
(gigabytes), UTF-16 cut short and a PDF whose page tree lies (tracebacks). Each run is
a rookery of its own, so that its memory can be measured: together they take a few
tens of seconds, the price of the whole list through both paths."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

import hostile_files as hostile
from rookery.config import parse_config
from rookery.store import Store
from rookery.store.records import FetchOutcome

GOOD = hostile.page("".join(hostile.faq_entry(k) for k in range(6))).encode()
FILES = {
    "deep.html": lambda: hostile.unclosed_divs(600),
    "long.html": lambda: hostile.long_run(11),
    "nested.html": lambda: hostile.nested_lists(100_000),
    "many.html": lambda: hostile.many_sections(200_000),
    "empty.docx": lambda: hostile.empty_paragraphs(5_000_000),
    "lying.docx": lambda: hostile.lying_zip(2 << 30),
    "forms.pdf": lambda: hostile.forms_drawing_each_other(20),
    "huge.pdf": lambda: hostile.huge_content(1 << 30),
    "glyphs.pdf": hostile.million_glyphs,
    "count.pdf": lambda: hostile.lying_page_count(1_000),
    "odd.html": lambda: hostile.utf16_page(hostile.ODD_BYTE),
    "lone.html": lambda: hostile.utf16_page(hostile.LONE_SURROGATE),
}
# file → the sections a diff finds in it, or the words of the one line that refuses it
EXPECTED = {
    "deep.html": 600,
    "long.html": 20,
    "nested.html": "100,002 paragraphs, headings and items, where rookery reads at most",
    "many.html": "400,007 elements, where the HTML reader takes at most 250,000",
    "empty.docx": "times its packed size (word/document.xml), where the Word reader takes",
    "lying.docx": "Bad CRC-32 for file 'word/document.xml'",
    "forms.pdf": "16,383 forms drawn on one page, where the PDF reader takes at most 10,000",
    "huge.pdf": "of drawing instructions for one page, where the PDF reader takes at most",
    "glyphs.pdf": "1,002,243 glyphs on one page (page 1), where the PDF reader takes",
    "count.pdf": "page 2 of the 1,000 its page tree counts cannot be read",
    "odd.html": 6,
    "lone.html": 6,
}
MOST_MEMORY = 1024  # MB, a run's peak resident memory, its parses' processes included
MOST_SECONDS = 30


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    made = tmp_path_factory.mktemp("hostile-files")
    (made / "good.html").write_bytes(GOOD)
    for name, make in FILES.items():
        (made / name).write_bytes(make())
    return made


def measured(argv: list[str], env: dict | None = None) -> tuple[int, str, str, float, float]:
    """(exit status, stdout, stderr, seconds, peak MB) of `rookery` run with `argv`: the
    peak of the rookery and of every process it started and waited for, read from its
    own end (wait4). Its memory is bounded, so that a run gone wrong fails the test
    rather than the machine."""
    def bounded():
        resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "rookery", *argv], stdout=out,
                                stderr=err, preexec_fn=bounded, env=env)
        stop = threading.Timer(300, proc.kill)
        stop.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            stop.cancel()
        seconds = time.monotonic() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return proc.returncode, out.read().decode(), err.read().decode(), seconds, \
            usage.ru_maxrss / 1024


@pytest.mark.parametrize("name,reader", [*((name, "pdfium") for name in FILES),
                                         ("glyphs.pdf", "pdfplumber")])
def test_a_diff_is_correct_or_one_line_and_stays_within_a_gigabyte_and_half_a_minute(
        folder, name, reader):
    code, out, err, seconds, peak = measured(
        ["diff", "--no-cache", "--format", "json", "--pdf-reader", reader,
         str(folder / "good.html"), str(folder / name)])
    expected = EXPECTED[name]
    if isinstance(expected, int):
        assert code == 0 and err == "", err
        diff = json.loads(out)
        assert diff["new"]["sections"] == expected
        added = [c["new"]["title"] for c in diff["changes"] if c["type"] == "added"]
        assert len(added) == expected - 6 and not [c for c in diff["changes"]
                                                   if c["type"] == "removed"]
    else:
        assert code != 0 and out == "" and err.count("\n") == 1, err
        assert err.startswith(f"rookery: error: {folder / name}: ") and expected in err, err
    assert seconds < MOST_SECONDS and peak < MOST_MEMORY, (seconds, peak)


def test_a_watched_cycle_quarantines_what_it_cannot_read_and_fetches_the_next_source(
        folder, http_server, tmp_path):
    base = http_server(folder)
    names = list(FILES)
    sources = "".join(f'[[source]]\nid = "{name.replace(".", "-")}"\nurl = "{base}/{name}"\n'
                      f'[[source]]\nid = "good-after-{k}"\nurl = "{base}/good.html"\n'
                      for k, name in enumerate(names))
    (tmp_path / "rookery.toml").write_text(f'data = "data"\n{sources}')
    env = {**os.environ, "ROOKERY_CONFIG": str(tmp_path / "rookery.toml")}
    code, _out, err, seconds, peak = measured(["fetch"], env)
    refused = [name.replace(".", "-") for name in FILES if not isinstance(EXPECTED[name], int)]
    assert code == 1 and "Traceback" not in err, err  # 1: some sources failed, as said last
    assert err.splitlines()[-1].endswith(f"{len(refused)} of {2 * len(FILES)} sources "
                                         f"failed: {', '.join(refused)}"), err
    with Store(parse_config((tmp_path / "rookery.toml").read_text(), tmp_path).data) as store:
        fetched = {f.source_id: f for f in store.fetches()}
    for k, name in enumerate(names):
        got = fetched[name.replace(".", "-")]
        if isinstance(EXPECTED[name], int):
            assert got.outcome == FetchOutcome.REVISION, (name, got.detail)
        else:
            assert got.outcome == FetchOutcome.QUARANTINED, name
            assert EXPECTED[name] in got.detail and "\n" not in got.detail, got.detail
        assert fetched[f"good-after-{k}"].outcome == FetchOutcome.REVISION, name
    assert seconds < 2 * MOST_SECONDS and peak < MOST_MEMORY, (seconds, peak)
