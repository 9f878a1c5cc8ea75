"""The compiled per-glyph loops give what their Python twins give: on real PDFs from
every engine the tests have (the engine layouts check theirs in engine_cases.py), on
the corpus, and on glyphs drawn at random."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import twins
import typeset
from corpus import corpus_dir
from rookery.parsers.pdf import glyphs, speedups, typography
from rookery.parsers.pdf.glyphs import Fragment, Glyph

needs_loops = pytest.mark.skipif(not speedups.available(), reason="compiled loops not built")


def test_the_compiled_loops_are_built_where_a_c_compiler_is():
    if not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("no C compiler here: the install leaves the loops out")
    assert speedups.available(), "a C compiler is here but rookery's compiled loops are not"


def test_rookery_no_speedups_reads_with_the_python_loops():
    code = "from rookery.parsers.pdf import speedups; print(speedups.available())"
    env = {**os.environ, "ROOKERY_NO_SPEEDUPS": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


@needs_loops
@pytest.mark.parametrize("folder,pages,plumber", [
    ("pdf", None, False), ("pdf_b", None, False), ("mtg/pdf", 60, False), ("lorcana", 40, False),
])
def test_corpus_pdfs_read_alike(folder, pages, plumber):
    files = sorted((corpus_dir() / folder).glob("*.pdf"))
    if not files:
        pytest.skip(f"no corpus PDFs in {folder}")
    assert twins.assert_loops_agree(files[-1].read_bytes(), pages, plumber) > 1000


@needs_loops
def test_reportlab_layouts_read_alike(tmp_path):
    layouts = [l for l in typeset.layouts() if typeset.available(l)][::8]
    assert len(layouts) >= 5
    for layout in layouts:
        data = typeset.write_pdf(tmp_path / f"{layout.name}.pdf", layout).read_bytes()
        assert twins.assert_loops_agree(data, plumber=True) > 500, layout.name


@needs_loops
def test_glyphs_of_one_line_share_their_top_bottom_and_baseline(tmp_path):
    """A page's glyphs are most of a parse's memory: where a glyph's top, bottom or
    baseline is the one before it, bit for bit, it is the same float."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from rookery.parsers.pdf import pdfium as reader

    layouts = [l for l in typeset.layouts() if typeset.available(l)][::8]
    for layout in layouts:
        pdf = pdfium.PdfDocument(typeset.write_pdf(tmp_path / f"{layout.name}.pdf", layout))
        page = pdf[0]
        found = reader._pdfium_page(raw, page, 0, compiled=True).glyphs
        page.close()
        pdf.close()
        pairs = list(zip(found, found[1:]))
        for field in ("top", "bottom", "base"):
            same = [(getattr(a, field), getattr(b, field)) for a, b in pairs
                    if str(getattr(a, field)) == str(getattr(b, field))]
            assert len(same) > len(pairs) / 2, (layout.name, field)
            assert all(x is y for x, y in same), (layout.name, field)


# neighbouring characters, each in a text object of its own, that differ from the one
# before in one part of their style at a time (mode 2, fill and stroke, is a fake bold),
# or in none (the compiled loop reuses the style of the run before then)
_ONE_CHANGE = [
    {}, {}, {"fill": (0.8, 0.1, 0.1)}, {}, {"size": 13}, {"font": "Helvetica-Bold"}, {},
    {"mode": 2}, {"scale": 80}, {"rise": 3}, {}, {"fill": (0.8, 0.1, 0.1)},
    {"fill": (0.8, 0.1, 0.2)}, {"fill": (0.8, 0.2, 0.2)}, {"fill": (0.9, 0.2, 0.2)}, {"size": 13},
    {"font": "Times-Italic", "size": 9}, {"mode": 3}, {}, {"matrix": (1, 0.5, 0, 1)}, {},
    {"matrix": (1, 0, 0.5, 1)}, {}, {"matrix": (1, 0, 0, 2)}, {}, {"matrix": (0, 1, -1, 0)},
    {"matrix": (0, 1, -1, 0)}, {},
]


def _char_objects_pdf(path) -> bytes:
    from reportlab.pdfgen import canvas

    pdf = canvas.Canvas(str(path), pagesize=(560, 200))  # (every character on the page)
    x = 20.0
    for k, change in enumerate(_ONE_CHANGE * 3):
        text = pdf.beginText()
        text.setTextOrigin(x, 120)
        text.setFont(change.get("font", "Helvetica"), change.get("size", 11))
        text.setFillColorRGB(*change.get("fill", (0, 0, 0)))
        text.setTextRenderMode(change.get("mode", 0))
        text.setHorizScale(change.get("scale", 100))
        text.setRise(change.get("rise", 0))
        if "matrix" in change:  # a baseline turned or leaning is left out; slanted type
            # (a producer's italic) and stretched type are read
            text.setTextTransform(*change["matrix"], x, 120)
        text.textOut("abcdefghijklmnopqrstuvwxyz"[k % 26])
        pdf.drawText(text)
        x += 6
    pdf.showPage()
    pdf.save()
    return path.read_bytes()


@needs_loops
def test_character_objects_with_one_style_change_at_a_time_read_alike(tmp_path):
    data = _char_objects_pdf(tmp_path / "objects.pdf")
    along = sum(c.get("matrix", (1, 0, 0, 1))[1] == 0 for c in _ONE_CHANGE)  # baseline on x
    assert twins.assert_loops_agree(data) == along * 3


def glyph(text="a", x0=0.0, x1=5.0, base=10.0, size=10.0, color=None,
          space_after=False) -> Glyph:
    return Glyph(text, x0, x1, base - size, base + 2, size, "serif", False, False, color,
                 None, space_after, base)


def word(text: str, x: float, base: float = 10.0, size: float = 10.0, width: float = 5.0,
         **kw) -> list[Glyph]:
    return [glyph(ch, x + k * width, x + (k + 1) * width - 0.2, base, size, **kw)
            for k, ch in enumerate(text)]


@dataclass
class Case:
    name: str
    page: list


CASES = [
    Case("nothing", []),
    Case("one glyph", [glyph()]),
    Case("two words and a column", word("ab", 0) + word("cd", 14) + word("ef", 200)),
    Case("integer coordinates", [Glyph("a", 0, 5, 0, 12, 10, "f", False, False, None),
                                 Glyph("b", 5, 10, 0, 12, 10, "f", False, False, None)]),
    Case("texts of several letters and none",
         [glyph("ffi", 0, 10), glyph("", 10, 12), glyph("  ", 12, 15), glyph("x", 15, 20)]),
    Case("a number meets its title", word("10.", 0, size=10.0) + word("Sing", 15.2, size=12.0)),
    Case("a soft hyphen and a space glyph drawn on a letter",
         word("co", 0) + [glyph("\u00ad", 10, 13), glyph(" ", 10, 12)] + word("op", 30)),
    Case("a space glyph the next letter is kerned back over",
         word("sky", 0) + [glyph("f", 14.4, 17.5), glyph(" ", 14.9, 16.9)] + word("orge", 17.3)),
    Case("a letter's soft hyphen slice, then a space glyph of its own",
         word("my", 0) + [glyph("\u00ad", 7.5, 10), glyph(" ", 10, 12.5)] + word("own", 12.5)),
    Case("many sizes in one fragment",
         [glyph("x", k * 5.0, k * 5.0 + 4.8, size=8.0 + k * 0.1) for k in range(20)]),
    Case("inferred spaces", [glyph("a", 0, 5, space_after=True), glyph("b", 5.3, 10),
                             glyph("c", 10, 15, space_after=True), glyph("d", 15.1, 20)]),
    Case("coloured words", word("ab", 0, color=(200, 0, 0)) + word("cd", 14, color=(200, 0, 0))
         + word("ef", 28)),
    Case("type on a baseline of its own, close beside a line",
         word("ab", 0) + [glyph("C", 19.8, 26.0, base=12.0, size=12.0)]),
    Case("a superscript and a big heading beside body",
         word("body", 0) + [glyph("2", 20, 23, base=6.0, size=6.0)] + word("Big", 100, size=18)),
    # the line's usual gap and a fragment's middle baseline are picked out of many, not
    # sorted: gaps all equal, gaps growing, gaps shrinking, baselines in a few values
    Case("a long row of letters evenly spaced",
         [glyph("m", k * 5.5, k * 5.5 + 5.0) for k in range(120)]),
    Case("a long row of letters spaced ever wider",
         [glyph("n", k * 5.0 + k * k * 0.01, k * 5.0 + k * k * 0.01 + 4.9) for k in range(90)]),
    Case("a long row of letters spaced ever closer",
         [glyph("o", k * 6.0 - k * k * 0.005, k * 6.0 - k * k * 0.005 + 4.9) for k in range(90)]),
    Case("a row of letters on baselines a hair apart",
         [glyph("p", k * 5.5, k * 5.5 + 5.0, base=12.0 + (k % 3) * 0.05) for k in range(75)]),
]


@needs_loops
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_fragments_of_made_glyphs_agree(case):
    twins.assert_fragments_agree(case.page, 3)


TEXTS = st.sampled_from(list("aeiouAEIbcd019.,- ") + ["\u00ad", "fi", "", "\t", "\ufffd", "É"])


@st.composite
def pages(draw):
    out = []
    for _ in range(draw(st.integers(0, 60))):
        size = draw(st.sampled_from([6.0, 9.0, 10.0, 10.04, 12.0, 0.5]))
        x0 = draw(st.floats(0, 400, allow_nan=False))
        base = draw(st.sampled_from([10.0, 10.5, 24.0, 37.1]))
        out.append(Glyph(draw(TEXTS), x0, x0 + draw(st.floats(-1, 12, allow_nan=False)),
                         base - size, base + 1, size, draw(st.sampled_from(["a", "b"])),
                         draw(st.booleans()), False, draw(st.sampled_from([None, (1, 2, 3)])),
                         None, draw(st.booleans()),
                         draw(st.sampled_from([None, base, base + 0.2]))))
    return out


@needs_loops
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pages())
def test_fragments_of_random_glyphs_agree(page):
    twins.assert_fragments_agree(page, 0)


@needs_loops
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.tuples(
    st.sampled_from("abcab.É"), st.sampled_from([4.0, 4.4, 4.8, 5.6, 4.8004, -1.0]),
    st.sampled_from([10.0, 10.0, 9.0, 0.0]), st.sampled_from(["a", "b"]), st.booleans()),
    max_size=30), max_size=12))
def test_letter_advances_of_random_lines_agree(drawn):
    # few advances, sizes and faces, so that letters are counted often enough to have a
    # usual advance, and ties between advances come up
    lines = [[Glyph(text, 10.0 * k, 10.0 * k + width, 0.0, 12.0, size, family, bold, False,
                    None) for k, (text, width, size, family, bold) in enumerate(line)]
             for line in drawn]
    twins.assert_letters_agree(lines)


@needs_loops
def test_letters_in_other_forms_are_found_alike():
    # six lines of body letters; a line of the same letters drawn 4% narrower, all
    # alike (condensed to fit: the usual glyphs); then the letters drawn 25-45% wider,
    # each by its own amount (a font's own small capitals), and a short line that goes
    # on in them
    body = [word("abcdefgh", 0.0, base=10.0 + 12 * k) for k in range(6)]
    condensed = word("abcdefgh", 0.0, base=78.0, width=4.8)
    wide = [g for k, ch in enumerate("abcdefgh")
            for g in word(ch, 7.0 * k, base=90.0, width=6.2 + 0.3 * (k % 4))]
    tail = word("ab", 0.0, base=102.0, width=7.0)
    lines = body + [condensed, wide, tail]
    usual = twins.assert_letters_agree(lines)
    assert usual[("serif", False, False, "a")] == round(4.8 / 10.0, 3)
    assert typography.other_forms(lines, usual) == [False] * 7 + [True, True]


@needs_loops
@settings(max_examples=150, deadline=None)
@given(pages())
def test_text_runs_of_random_glyphs_agree(line):
    twins.assert_text_runs_agree(line)


@needs_loops
@settings(max_examples=150, deadline=None)
@given(pages())
def test_ink_runs_of_random_glyphs_agree(line):
    twins.assert_ink_runs_agree(line)


@needs_loops
def test_ink_runs_part_after_a_column_wide_run_and_not_after_a_label():
    # 0.6 em gaps: between two lines twelve ems wide (two columns' lines joined across a
    # narrow gutter), after a list's number, before a contents line's page number, between
    # a dot leader's dots; spaces do not count
    twelve = "abcdefghijklmnopqrstuvwx"
    line = word(twelve, 0) + word("abcdefghijklmnop", 126) + [glyph(" ", 206, 209)] \
        + word("abcdefgh", 209)
    assert twins.assert_ink_runs_agree(line) == [(0, 119.8), (126, 248.8)]
    label = word("1.", 0) + word("entry", 16)
    assert twins.assert_ink_runs_agree(label) == [(0, 40.8)]
    contents = word(twelve, 0) + word("12", 126)
    assert twins.assert_ink_runs_agree(contents) == [(0, 135.8)]
    leaders = word(twelve, 0) + [glyph(".", 120 + 8 * k, 122 + 8 * k) for k in range(20)]
    assert twins.assert_ink_runs_agree(leaders) == [(0, 274)]
    assert twins.assert_ink_runs_agree([glyph(" ", 0, 3)]) == [(0, 3)]
    assert twins.assert_ink_runs_agree([]) == []


@needs_loops
def test_a_line_text_leaves_out_unresolved_glyphs_and_counts_characters_per_run():
    red = (200, 0, 0)
    line = [glyph("a"), glyph("\ufffd"), glyph("ffi"), glyph("b", color=red),
            glyph("c", color=red)]
    text, runs = twins.assert_text_runs_agree(line)
    assert text == "affibc"
    assert [(n, colour) for n, _bold, _italic, colour in runs] == [(4, None), (2, red)]


@needs_loops
@settings(max_examples=150, deadline=None)
@given(st.lists(pages(), max_size=6))
def test_tallies_texts_and_counts_of_random_lines_agree(lines):
    twins.assert_tallies_agree(lines)


@dataclass
class TallyCase:
    name: str
    line: list
    want: tuple | None  # (letters' texts, one size, size, family, colour, bold, italic)


def styled(text: str, size=10.0, family="serif", bold=False, color=None) -> list[Glyph]:
    return [Glyph(c, 5.0 * k, 5.0 * k + 4.0, 0.0, 12.0, size, family, bold, False, color)
            for k, c in enumerate(text)]


TALLIES = [
    TallyCase("spaces alone have no ink", styled("   "), None),
    TallyCase("no letters: the punctuation votes", styled("?!", size=9.0),
              ("", False, 9.0, "serif", None, False, False)),
    TallyCase("digits do not vote for the size", styled("12", size=14.0) + styled("ab"),
              ("ab", True, 10.0, "serif", None, False, False)),
    TallyCase("a tie goes to the size seen first", styled("ab", size=12.0) + styled("cd"),
              ("abcd", False, 12.0, "serif", None, False, False)),
    TallyCase("bold only when all of the line's own family is",
              styled("abc", bold=True) + styled("x", family="icons"),
              ("abcx", True, 10.0, "serif", None, True, False)),
    TallyCase("one plain letter makes the line plain", styled("ab", bold=True) + styled("c"),
              ("abc", True, 10.0, "serif", None, False, False)),
    TallyCase("the colour most ink has", styled("ab", color=(1, 2, 3)) + styled("cde"),
              ("abcde", True, 10.0, "serif", None, False, False)),
    TallyCase("a size of 0 is not one size", styled("abcd", size=0.0),
              ("abcd", False, 0.0, "serif", None, False, False)),
    TallyCase("ligatures are letters", styled("a") + [Glyph("ffi", 9.0, 14.0, 0.0, 12.0, 10.0,
                                                            "serif", False, False, None)],
              ("affi", True, 10.0, "serif", None, False, False)),
]


@needs_loops
@pytest.mark.parametrize("case", TALLIES, ids=lambda c: c.name)
def test_a_line_tally_counts_as_its_python_twin(case):
    tally = twins.assert_tallies_agree([case.line])[0]
    if case.want is None:
        assert tally is None
    else:
        letters, *rest = tally
        assert ("".join(g.text for g in letters), *rest) == case.want


@needs_loops
def test_counting_a_field_a_glyph_lacks_is_refused():
    for name in ("colour", "size\x00", "x0\u00e9"):
        with pytest.raises(ValueError, match="no field"):
            speedups.loops.counts([[glyph()]], Glyph, name, False)
    with pytest.raises(AttributeError):  # what the reader asks goes as in Python
        typography.counts([[glyph()]], "colour")


@needs_loops
def test_a_line_of_a_thousand_sizes_tallies_as_in_python():
    line = [glyph("a", size=5.0 + k / 100) for k in range(1000)] + [glyph("b", size=7.5)]
    tally = twins.assert_tallies_agree([line])[0]
    assert tally[2] == 7.5


@needs_loops
def test_a_glyph_class_changed_after_use_is_looked_at_again():
    glyphs.texts([[glyph()]])  # the loops know Glyph now
    Glyph.__post_init__ = lambda self: None
    try:
        with pytest.raises(TypeError, match="rebuild"):
            glyphs.texts([[glyph()]])
    finally:
        del Glyph.__post_init__
    assert glyphs.texts([[glyph("a"), glyph("b")]]) == ["ab"]


@needs_loops
def test_a_glyph_class_the_loops_do_not_know_is_refused_with_advice():
    @dataclass
    class Other:
        text: str

    with pytest.raises(TypeError, match="rebuild"):
        speedups.loops.fragments([glyph()], 0, Other, Fragment, glyphs._CONSTANTS)
    with pytest.raises(TypeError, match="expected a Glyph"):
        speedups.loops.fragments([glyph(), "a"], 0, Glyph, Fragment, glyphs._CONSTANTS)


@needs_loops
@pytest.mark.parametrize("loop", ["fragments", "text_runs", "usual_widths", "tally",
                                  "counts"])
def test_a_glyph_missing_a_field_is_an_error_not_a_crash(loop):
    broken = glyph("b")
    del broken.color
    page = [glyph("a"), broken]
    with pytest.raises(AttributeError, match="without its color"):
        if loop == "fragments":
            glyphs.fragments(page, 0)
        elif loop == "text_runs":
            glyphs.text_runs(page)
        elif loop == "tally":
            typography.tally(page)
        elif loop == "counts":
            typography.counts([page], "color")
        else:
            typography.usual_widths([page])


@needs_loops
def test_loops_that_read_one_field_miss_only_that_one_as_python_does():
    no_colour, no_text = glyph("b"), glyph("c")
    del no_colour.color
    del no_text.text
    lines = [[glyph("a"), no_colour]]
    assert glyphs.texts(lines) == glyphs.texts(lines, compiled=False) == ["ab"]
    assert typography.counts(lines, "size") == {10.0: 2}
    for compiled in (True, False):
        with pytest.raises(AttributeError):
            glyphs.texts([[no_text]], compiled=compiled)
