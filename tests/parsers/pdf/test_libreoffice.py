"""LibreOffice as a PDF engine: a word processor sets type its own way (its own line
breaking, lines led by the fonts' line gaps, columns a narrow gutter apart) and writes
its own PDFs.

- The Magic Comprehensive Rules' Word files (../shared/corpus/mtg/docx), printed by
  it: each print is no change from the release's text file, and two prints differ
  exactly as the two text releases do.
- Our engine layouts' print pages (tests/engines.py), printed by it: each gives the
  sections of its web page. LibreOffice reads only part of their CSS (the Chromium
  layouts' running heads are Chromium's own, and it drops some layouts' title block), so
  only the sections are held to the page.
"""
import functools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

import engines
from corpus import change_keys as keys
from corpus import corpus_dir
from documents import html_page, section_key
from rookery.parsers import ReadOptions, parse

_MANIFEST = corpus_dir() / "mtg" / "manifest.json"
_ALL = [r for r in json.loads(_MANIFEST.read_text())["releases"] if r.get("docx")] \
    if _MANIFEST.exists() else []
RELEASES = _ALL[:1] + _ALL[-1:]  # the first and the last: three years apart
needs_corpus = pytest.mark.skipif(not RELEASES, reason=f"no Word releases at {_MANIFEST}")
needs_office = pytest.mark.skipif(shutil.which("soffice") is None,
                                  reason="LibreOffice is not installed (see .ci/run)")

# every third of the engine layouts LibreOffice can print (Typst's are not HTML)
LAYOUTS = [l for l in engines.layouts() if l.engine != "typst"][::3]
# layout → why LibreOffice's print of it does not read as its web page
_CENTRED_CELLS = ("LibreOffice centres a table's cells vertically: a one-line cell stands "
                  "between the lines of its wrapped neighbour, and the reader takes cells to "
                  "hang from the row's top")
KNOWN_FAILURES = {
    "drawn-chromium-2-bold": _CENTRED_CELLS,
    "weasyprint-7-spaced-2col": _CENTRED_CELLS,
    "drawn-weasyprint-0-classic": _CENTRED_CELLS,
}


def _print(files: list[Path], out: Path) -> None:
    """Print the files to PDF in `out` with LibreOffice, with a profile of its own (a
    LibreOffice already running elsewhere would take the job)."""
    subprocess.run(["soffice", f"-env:UserInstallation={(out / 'profile').as_uri()}",
                    "--headless", "--convert-to", "pdf", "--outdir", str(out),
                    *map(str, files)], check=True, capture_output=True, timeout=300)


@pytest.fixture(scope="module")
def prints(tmp_path_factory) -> dict[str, bytes]:
    """Each release's Word file printed to PDF by LibreOffice, in one run."""
    out = tmp_path_factory.mktemp("office")
    _print([corpus_dir() / "mtg" / r["docx"]["file"] for r in RELEASES], out)
    return {r["release"]: (out / f"{Path(r['docx']['file']).stem}.pdf").read_bytes()
            for r in RELEASES}


@pytest.fixture(scope="module")
def layout_prints(tmp_path_factory) -> dict[str, bytes]:
    """The sampled layouts' print pages printed to PDF by LibreOffice, in one run."""
    out = tmp_path_factory.mktemp("office-layouts")
    pages = []
    for layout in LAYOUTS:
        pages.append(out / f"{layout.name}.html")
        pages[-1].write_text(engines.print_html(layout), encoding="utf-8")
    _print(pages, out)
    return {l.name: (out / f"{l.name}.pdf").read_bytes() for l in LAYOUTS}


@functools.lru_cache(maxsize=None)
def text_release(file: str):
    return parse((corpus_dir() / "mtg" / file).read_bytes(), source=file)


@needs_corpus
@needs_office
@pytest.mark.parametrize("entry,reader", [
    (r, reader) for n, r in enumerate(RELEASES)
    for reader in (("pdfium", "pdfplumber") if n == 0 else ("pdfium",))],
    ids=lambda v: v["release"] if isinstance(v, dict) else v)
def test_a_libreoffice_print_of_a_word_release_is_no_change_from_its_text(entry, reader,
                                                                            prints):
    # (pdfplumber, the slower reader, on the first release only)
    printed = parse(prints[entry["release"]], source="print.pdf",
                    options=ReadOptions(pdf_reader=reader))
    text = text_release(entry["file"])
    assert printed.format == "pdf"
    assert (printed.title, printed.effective) == (text.title, text.effective)
    assert sum(s.kind == "term" for s in printed.sections) > 450
    assert keys(text, printed) == []


@needs_corpus
@needs_office
def test_two_libreoffice_prints_differ_as_their_text_releases_do(prints):
    first, last = RELEASES
    by_text = keys(text_release(first["file"]), text_release(last["file"]))
    by_print = keys(parse(prints[first["release"]]), parse(prints[last["release"]]))
    assert by_text and by_print == by_text


@needs_office
@pytest.mark.parametrize("layout", [
    pytest.param(l, id=l.name, marks=[pytest.mark.xfail(reason=KNOWN_FAILURES[l.name],
                                                        strict=True)]
                 if l.name in KNOWN_FAILURES else []) for l in LAYOUTS])
def test_a_libreoffice_print_of_a_layout_gives_the_sections_of_its_web_page(layout,
                                                                            layout_prints):
    doc = parse(layout_prints[layout.name], source=f"{layout.name}.pdf")
    page = parse(html_page(_content(layout)).encode(), source=f"{layout.name}.html")
    assert doc.format == "pdf"
    # (whitespace as a diff sees it: see engine_cases.check_sections)
    assert [section_key(s, breaks=False) for s in doc.sections] == \
        [section_key(s, breaks=False) for s in page.sections]


def _content(layout):
    from documents import content

    return content(layout.variant)
