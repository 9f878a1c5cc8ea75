"""The compiled per-glyph loops (rookery/parsers/pdf/speedups.py) against their Python
twins: both read a PDF's pages, and must give equal glyphs and equal fragments (and the
lines' texts, runs, tallies and counts, the fragments' runs of ink)."""
from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from rookery.parsers.pdf import chars, columns, glyphs, speedups, typography
from rookery.parsers.pdf import pdfium as pdfium_reader


def glyph_fields(g: glyphs.Glyph) -> tuple:
    return (g.text, g.x0, g.x1, g.top, g.bottom, g.size, g.family, g.bold, g.italic,
            g.color, g.cid, g.space_after, g.base)


def fragment_fields(fragments: list[glyphs.Fragment]) -> list[tuple]:
    # the types too: an int coordinate stays an int, as the Python loop keeps it
    return [(f.page, f.x0, f.x1, f.top, f.bottom, f.size, f.text, f.base,
             [type(v).__name__ for v in (f.x0, f.x1, f.top, f.bottom, f.size, f.base)],
             [glyph_fields(g) for g in f.glyphs]) for f in fragments]


def assert_loops_agree(data: bytes, pages: int | None = None, plumber: bool = False) -> int:
    """Read the PDF's first `pages` pages (all by default) with both loops, glyphs and
    fragments; fragments of pdfplumber's glyphs too if asked. Returns the glyphs read."""
    assert speedups.available(), "the compiled loops are not built"
    pdf = pdfium.PdfDocument(data)
    read, lines = 0, []
    try:
        for index in range(min(len(pdf), pages or len(pdf))):
            page = pdf[index]
            try:
                fast = pdfium_reader._pdfium_page(raw, page, index, compiled=True)
                slow = pdfium_reader._pdfium_page(raw, page, index, compiled=False)
            finally:
                page.close()
            assert [glyph_fields(g) for g in fast.glyphs] == \
                [glyph_fields(g) for g in slow.glyphs], f"page {index + 1}: glyphs differ"
            assert (fast.width, fast.height, fast.images) == (slow.width, slow.height, slow.images)
            lines += [f.glyphs for f in assert_fragments_agree(slow.glyphs, index)]
            read += len(fast.glyphs)
    finally:
        pdf.close()
    assert_letters_agree(lines)
    assert_tallies_agree(lines)
    for line in lines:
        assert_text_runs_agree(line)
        assert_ink_runs_agree(line)
    if plumber:
        for page in chars.pages(data, "pdfplumber"):
            if pages is not None and page.index >= pages:
                break
            assert_fragments_agree(page.glyphs, page.index)
    return read


def assert_fragments_agree(page_glyphs: list[glyphs.Glyph], index: int) -> list:
    """The page's fragments, the same from both loops."""
    fast = glyphs.fragments(page_glyphs, index, compiled=True)
    slow = glyphs.fragments(page_glyphs, index, compiled=False)
    assert fragment_fields(fast) == fragment_fields(slow), f"page {index + 1}: fragments differ"
    return slow


def assert_letters_agree(lines: list[list[glyphs.Glyph]]) -> dict:
    """The letters' usual advances (in the same order) and the lines in other forms,
    the same from both loops; returns the usual advances."""
    usual = typography.usual_widths(lines, compiled=True)
    assert list(usual.items()) == list(typography.usual_widths(lines, compiled=False).items())
    assert typography.other_forms(lines, usual, compiled=True) == \
        typography.other_forms(lines, usual, compiled=False)
    return usual


def assert_text_runs_agree(line: list[glyphs.Glyph]) -> tuple:
    """A line's text and runs of type, the same from both loops."""
    fast = glyphs.text_runs(line, compiled=True)
    assert fast == glyphs.text_runs(line, compiled=False)
    return fast


def assert_ink_runs_agree(line: list[glyphs.Glyph]) -> list:
    """A fragment's runs of ink, the same from both loops."""
    fast = columns.ink_runs(line, compiled=True)
    assert fast == columns.ink_runs(line, compiled=False)
    return fast


def tally_fields(votes: tuple | None):
    """A line's tally with its letters as the very glyphs, and the values' types."""
    if votes is None:
        return None
    letters, *rest = votes
    return [id(g) for g in letters], rest, [type(v).__name__ for v in rest]


def assert_tallies_agree(lines: list[list[glyphs.Glyph]]) -> list:
    """Each line's tally, the lines' texts and the counts of the fields the reader
    counts, the same from both loops; returns the tallies."""
    tallies = [typography.tally(line, compiled=True) for line in lines]
    assert [tally_fields(t) for t in tallies] == \
        [tally_fields(typography.tally(line, compiled=False)) for line in lines]
    assert glyphs.texts(lines, compiled=True) == glyphs.texts(lines, compiled=False)
    for field in ("size", "color", "family", "text"):
        for alnum_only in (False, True):
            fast = typography.counts(lines, field, alnum_only, compiled=True)
            slow = typography.counts(lines, field, alnum_only, compiled=False)
            assert list(fast.items()) == list(slow.items()), (field, alnum_only)
    return tallies
