"""The checks each engine's test file runs on its layouts (tests/engines.py), and the
layouts whose PDFs the reader does not yet read as their web page, with the cause.

A known failure is an xfail(strict=True): when the PDF reader learns to read the layout,
the test says so and its entry here goes.
"""
from __future__ import annotations

import contextlib
import io
import re

import pytest

import engines
import redrawn
import rewrite
import turned
import twins
from documents import TITLE, html_page, section_key
from rookery.parsers import ReadOptions, parse
from rookery.parsers.pdf import speedups

# layout name (or "name@reader" for one reader only) → why its sections differ; empty
# while every layout reads as its web page
KNOWN_FAILURES: dict[str, str] = {}

# the same for the layouts' PDFs rewritten by another program (tests/rewrite.py), by
# program and layout
_RANGE_SWAPPED = ("Ghostscript 10.0 maps Chromium's ligature glyphs (a ToUnicode range from "
                  "U+FB00) to the swapped range start plus the offset: \"fi\" reads as "
                  "\"\u00fc\", a letter every library then prints and rookery keeps")
_BREAK_SPACE_MOVED = ("pdftocairo moves the space Chromium writes at a soft hyphen (at the place "
                      "of the hyphen after it) 0.02 em off it, as close as a real space's kerned "
                      "next letter stands in a publisher's PDF (0.05 em): the hyphen stands "
                      "apart from its word, and the break reads as a space")
KNOWN_REWRITE_FAILURES: dict[tuple[str, str], str] = {
    ("ghostscript", "chromium-0-size-2col"): _RANGE_SWAPPED,
    ("ghostscript", "chromium-6-caps-2col"): _RANGE_SWAPPED,
    ("ghostscript", "drawn-chromium-1-caps"): _RANGE_SWAPPED,
    ("ghostscript", "drawn-chromium-4-smallcaps"): _RANGE_SWAPPED,
    ("pdftocairo", "drawn-chromium-4-smallcaps"): _BREAK_SPACE_MOVED,
}

# the same for the layouts' PDFs with their pages turned (tests/turned.py), by layout
KNOWN_TURN_FAILURES: dict[str, str] = {}  # "layout@how" (tried whether or not in turn)


def cases(engine: str) -> list:
    """(layout, reader) params of one engine: every layout through pdfium, every third
    and every found one through pdfplumber too; known failures marked."""
    out = []
    sampled = _sampled(engine)
    for layout in (l for l in engines.layouts() if l.engine == engine):
        for reader in ("pdfium", "pdfplumber") if layout in sampled else ("pdfium",):
            reason = (KNOWN_FAILURES.get(f"{layout.name}@{reader}")
                      or KNOWN_FAILURES.get(layout.name))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            out.append(pytest.param(layout, reader, marks=marks, id=f"{layout.name}-{reader}"))
    return out


def engine_tests(engine: str) -> tuple:
    """The five tests of one engine's file: its layouts give the web page's sections,
    show the traits they are there for (and read alike with compiled and Python loops),
    and give the same sections once another program has rewritten their PDFs, with
    their pages turned, and with their pages drawn in another order."""
    @pytest.mark.parametrize("layout,reader", cases(engine))
    def sections(layout, reader, engine_pdf):
        check_sections(layout, reader, engine_pdf(layout))

    @pytest.mark.parametrize("layout", [pytest.param(l, id=l.name) for l in engines.layouts()
                                        if l.engine == engine])
    def traits(layout, engine_pdf):
        check_traits(layout, engine_pdf(layout))
        if speedups.available():  # the compiled loops read each engine's PDF as Python does
            twins.assert_loops_agree(engine_pdf(layout))

    @pytest.mark.parametrize("layout,program", rewrite_cases(engine))
    def rewritten(layout, program, engine_pdf):
        if rewrite.missing(program):
            pytest.skip(rewrite.missing(program))
        check_sections(layout, "pdfium", rewrite.rewritten(engine_pdf(layout), program))

    @pytest.mark.parametrize("layout,how", turn_cases(engine))
    def turned_pages(layout, how, engine_pdf):
        check_sections(layout, "pdfium", turned.turned(engine_pdf(layout), how))

    @pytest.mark.parametrize("layout,order", [
        pytest.param(l, order, id=f"{l.name}-{order}") for l in _sampled(engine)
        for order in redrawn.ORDERS])
    def redrawn_pages(layout, order, engine_pdf):
        try:
            pdf = redrawn.redrawn(engine_pdf(layout), order)
        except redrawn.ColoursLost as e:  # (PDFium's rewrite, not the reader)
            pytest.skip(str(e))
        check_sections(layout, "pdfium", pdf)

    return sections, traits, rewritten, turned_pages, redrawn_pages


def rewrite_cases(engine: str) -> list:
    """(layout, program) params of the engine's layouts whose PDFs are also read
    rewritten by another program: every third and every found one; known failures
    marked."""
    out = []
    for layout in _sampled(engine):
        for program in sorted(rewrite.PROGRAMS):
            reason = KNOWN_REWRITE_FAILURES.get((program, layout.name))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            out.append(pytest.param(layout, program, marks=marks,
                                    id=f"{layout.name}-{program}"))
    return out


def turn_cases(engine: str) -> list:
    """(layout, how) params: every layout of the engine with its pages turned one way of
    tests/turned.py, the ways taken in turn, and the known failures, marked."""
    ways = list(turned.TURNS)
    layouts = [l for l in engines.layouts() if l.engine == engine]
    chosen = [(l, ways[n % len(ways)]) for n, l in enumerate(layouts)]
    chosen += [(l, how) for l in layouts for how in ways
               if f"{l.name}@{how}" in KNOWN_TURN_FAILURES and (l, how) not in chosen]
    out = []
    for layout, how in chosen:
        reason = KNOWN_TURN_FAILURES.get(f"{layout.name}@{how}")
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(layout, how, marks=marks, id=f"{layout.name}-{how}"))
    return out


def _sampled(engine: str) -> list:
    """The engine's layouts that the slower checks read: every third, and every found one."""
    found = engines.found()
    return [l for n, l in enumerate(l for l in engines.layouts() if l.engine == engine)
            if n % 3 == 0 or l in found]


@pytest.fixture(scope="module")
def engine_pdf(tmp_path_factory):
    """engine_pdf(layout) → the layout's PDF, made once in a temporary folder (one browser
    for all Chromium layouts); skips when the engine cannot run here."""
    folder = tmp_path_factory.mktemp("engines")
    made: dict = {}
    with contextlib.ExitStack() as stack:
        def pdf(layout) -> bytes:
            if layout.name not in made:
                reason = engines.missing(layout.engine)
                if reason:
                    pytest.skip(reason)
                if layout.engine == "chromium" and "browser" not in made:
                    made["browser"] = stack.enter_context(_chromium())
                path = folder / f"{layout.name}.pdf"
                made[layout.name] = engines.render(layout, path, made.get("browser")).read_bytes()
            return made[layout.name]

        yield pdf


@contextlib.contextmanager
def _chromium():
    import shutil

    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=[
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            yield browser
        finally:
            browser.close()


def check_sections(layout, reader, pdf: bytes) -> None:
    """The PDF gives the web page's sections, title and version."""
    doc = parse(pdf, source=f"{layout.name}.pdf", options=ReadOptions(pdf_reader=reader))
    page = parse(html_page(_content(layout)).encode(), source=f"{layout.name}.html")
    assert doc.format == "pdf"
    # whitespace as a diff sees it: a forced break that falls where a full line ends
    # anyway reads as a wrap in print, and a wrap right after a short word as a break
    assert [section_key(s, breaks=False) for s in doc.sections] == \
        [section_key(s, breaks=False) for s in page.sections]
    assert (doc.title, doc.version, doc.effective) == (TITLE, "3.1", "2022-04-02")
    assert doc.reading.problems == [] and page.reading.problems == []  # no doubt cried wrongly


def _content(layout):
    from documents import content

    return content(layout.variant)


def check_traits(layout, pdf: bytes) -> None:
    """Guard the test data: the PDF shows the traits the layout is there for, read with
    pdfplumber rather than the reader under test."""
    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        chars = [c for p in doc.pages for c in p.chars]
        lines = [line for p in doc.pages for line in p.extract_text().split("\n")]
        first = doc.pages[0].extract_text()
    text = "".join(c["text"] for c in chars)
    reds = {c["non_stroking_color"] for c in chars if isinstance(c["non_stroking_color"], tuple)
            and len(c["non_stroking_color"]) == 3 and c["non_stroking_color"][0] > 0.5
            and max(c["non_stroking_color"][1:]) < 0.3}
    assert reds, "the change marks are red"
    assert ("contents" in first.lower()) == (layout.contents != "none")
    if layout.contents == "leaders":
        assert re.search(r"\.\s?\.\s?\.\s?\.", first)
    # Chromium has no hyphenation dictionary; a single wide column may break no word
    if layout.columns > 1 and (layout.hyphens == "soft" or (layout.hyphens == "auto"
                                                            and layout.engine != "chromium")):
        printed = sum(text.count(c) for c in "-\u00ad\u2010")
        written = sum(str(item).count("-") for item in _content(layout))
        assert printed > written, "words broken at hyphens"
    if layout.compounds:
        assert "\u2010" in text
    if layout.headings == "smallcaps" or layout.question == "smallcaps":
        assert len({round(c["size"], 1) for c in chars if c["text"].isupper()}) >= 2
    if layout.header:
        assert "Rules Digest \u2014 Version" in "\n".join(lines)
