"""PDFium's characters read a text object at a time give what asking every character
for everything gives: text, box, baseline, size, font, colour, word spaces."""
import ctypes

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from reportlab.lib.colors import Color
from reportlab.pdfgen import canvas

import printed
import turned
import twins
from rookery.parsers.pdf import speedups
from rookery.parsers.pdf.chars import pages
from rookery.parsers.pdf.glyphs import UNKNOWN
from rookery.parsers.pdf.pdfium import _calls, _pdfium_font, _pdfium_page, _pdfium_style
from rookery.parsers.pdf.settings import SETTINGS


def every_character(data: bytes) -> list[list[tuple]]:
    """Each page's glyphs, every field asked of every character (the plain way)."""
    c = _calls(raw)
    pdf = pdfium.PdfDocument(data)
    out = []
    for index in range(len(pdf)):
        page = pdf[index]
        height = page.get_height()
        textpage = page.get_textpage()
        tp = textpage.raw
        box, matrix = raw.FS_RECTF(), raw.FS_MATRIX()
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        x, y = ctypes.c_double(), ctypes.c_double()
        glyphs: list[list] = []
        for k in range(raw.FPDFText_CountChars(tp)):
            code = raw.FPDFText_GetUnicode(tp, k)
            if raw.FPDFText_IsGenerated(tp, k):
                if glyphs and code == 32:
                    glyphs[-1][-1] = True
                continue
            obj = raw.FPDFText_GetTextObject(tp, k)
            if not obj:
                continue
            font = ctypes.cast(raw.FPDFTextObj_GetFont(obj), ctypes.c_void_p).value
            colour = (r.value, g.value, b.value) \
                if raw.FPDFPageObj_GetFillColor(obj, r, g, b, a) else None
            raw.FPDFText_GetMatrix(tp, k, matrix)
            key = (font, raw.FPDFText_GetFontSize(tp, k), colour,
                   raw.FPDFTextObj_GetTextRenderMode(obj), matrix.a, matrix.b, matrix.c, matrix.d)
            style = _pdfium_style(raw, key, _pdfium_font(c, font) if font else ("", False, False))
            if style is None:
                continue
            if code < 32 and raw.FPDFText_IsHyphen(tp, k):
                code = 0xAD  # PDFium's hyphen mark: a soft hyphen, for repair to judge
            text = chr(code) if code and code not in (0xFFFE, 0xFFFF) else UNKNOWN
            if text in "\r\n":
                continue
            raw.FPDFText_GetLooseCharBox(tp, k, box)
            raw.FPDFText_GetCharOrigin(tp, k, x, y)
            # a box that starts after the glyph's origin (the ink's, PDFium's fallback)
            # starts at the origin
            left = x.value if x.value < box.left - SETTINGS.origin_noise else box.left
            glyphs.append([text, left, box.right, height - box.top, height - box.bottom,
                           *style, height - y.value, False])
        out.append([tuple(g) for g in glyphs])
        textpage.close()
        page.close()
    pdf.close()
    return out


def fast(data: bytes) -> list[list[tuple]]:
    return [[(g.text, g.x0, g.x1, g.top, g.bottom, g.family, g.bold, g.italic, g.color, g.size,
              g.base, g.space_after) for g in p.glyphs] for p in pages(data, "pdfium")]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> bytes:
    """One page of everything a style can vary by, within and between text objects."""
    path = tmp_path_factory.mktemp("chars") / "mixed.pdf"
    pdf = canvas.Canvas(str(path), pagesize=(400, 400))
    pdf.setFont("Times-Roman", 10)
    pdf.drawString(20, 370, "Plain words, then a hyphen-")
    text = pdf.beginText(20, 350)
    for font, colour, words in (("Times-Bold", Color(0, 0, 0), "Bold "),
                                ("Times-Roman", Color(0.85, 0.1, 0.1), "red change "),
                                ("Helvetica-Oblique", Color(0.2, 0.2, 0.2), "grey slant")):
        text.setFont(font, 10)
        text.setFillColor(colour)
        text.textOut(words)
    pdf.drawText(text)
    stroked = pdf.beginText(20, 330)
    stroked.setTextRenderMode(2)  # filled and stroked: a fake bold
    stroked.setFont("Times-Roman", 12)
    stroked.textOut("Stroked heading")
    pdf.drawText(stroked)
    for k, letter in enumerate("Spaced"):  # a text object per letter
        pdf.drawString(20 + 12 * k, 310, letter)
    pdf.beginForm("note")
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(0, 0, "A form drawn twice")
    pdf.endForm()
    pdf.saveState()
    pdf.translate(20, 290)
    pdf.doForm("note")
    pdf.restoreState()
    pdf.saveState()
    pdf.translate(20, 270)
    pdf.scale(1.5, 1.5)
    pdf.doForm("note")
    pdf.restoreState()
    pdf.saveState()
    pdf.translate(300, 100)
    pdf.rotate(90)
    pdf.drawString(0, 0, "A stamp, rotated")
    pdf.restoreState()
    pdf.setFont("Helvetica", 10)
    pdf.drawString(20, 250, "Back to plain text at the end.")
    pdf.saveState()
    pdf.transform(1, 0, 0.25, 1, 20, 230)  # a roman face slanted: a producer's own italic
    pdf.drawString(0, 0, "Words slanted by their matrix")
    pdf.restoreState()
    pdf.save()
    return path.read_bytes()


def test_a_text_object_at_a_time_reads_what_every_character_asked_reads(mixed):
    expected = every_character(mixed)
    assert fast(mixed) == expected
    texts = "".join(g[0] for g in expected[0])
    assert "Bold" in texts and "Spaced" in texts and "stamp" not in texts
    assert "slantedbytheir" in texts.replace(" ", "")
    assert {g[9] for g in expected[0] if g[0] == "A"} >= {9.0, 13.5}  # the form, twice


def test_the_generated_layouts_read_the_same_either_way(tmp_path):
    import typeset

    chosen = [l for l in typeset.layouts() if typeset.available(l)][:40:8]
    for layout in chosen:
        data = typeset.write_pdf(tmp_path / f"{layout.name}.pdf", layout).read_bytes()
        assert fast(data) == every_character(data), layout.name


def _placed(data: bytes, reader: str) -> list[tuple]:
    """Each page's size, then its glyphs: places (to a hundredth of a point, as a turn
    leaves them) and the rest."""
    return [(round(p.width, 2), round(p.height, 2),
             [(g.text, *(round(v, 2) for v in (g.x0, g.x1, g.top, g.bottom, g.base)), g.size,
               g.family, g.bold, g.italic, g.color, g.space_after) for g in p.glyphs])
            for p in pages(data, reader)]


@pytest.mark.parametrize("reader", ["pdfium", "pdfplumber"])
@pytest.mark.parametrize("how", sorted(turned.TURNS))
def test_a_page_drawn_or_shown_turned_reads_as_the_upright_page(mixed, how, reader):
    upright, again = _placed(mixed, reader), _placed(turned.turned(mixed, how), reader)
    assert len(again) == len(upright) == 1
    assert again[0][:2] == upright[0][:2]
    for was, now in zip(upright[0][2], again[0][2]):  # (a hundredth's rounding may differ)
        assert now[0] == was[0] and now[6:] == was[6:]
        assert now[1:6] == pytest.approx(was[1:6], abs=0.011)
    assert len(again[0][2]) == len(upright[0][2])
    assert "stamp" not in "".join(g[0] for g in again[0][2])  # still turned against the page


def test_a_turned_page_is_put_back_as_it_was_after_reading(mixed):
    data = turned.turned(mixed, "landscape")
    pdf = pdfium.PdfDocument(data)
    page = pdf[0]
    before = (page.get_rotation(), page.get_mediabox(), page.get_cropbox())
    first = _pdfium_page(raw, page, 0)
    assert (page.get_rotation(), page.get_mediabox(), page.get_cropbox()) == before
    again = _pdfium_page(raw, page, 0)  # the same page again: the same glyphs
    assert [(g.text, g.x0, g.top) for g in again.glyphs] == \
        [(g.text, g.x0, g.top) for g in first.glyphs]
    assert "Bold" in "".join(g.text for g in first.glyphs)
    page.close()
    pdf.close()


@pytest.mark.parametrize("reader", ["pdfium", "pdfplumber"])
def test_type_slanted_by_its_matrix_is_read_and_is_italic(mixed, reader):
    glyphs = next(pages(mixed, reader)).glyphs
    slanted = [g for g in glyphs if 165 < g.base < 175 and g.text.strip()]  # (from the top)
    assert "".join(g.text for g in slanted) == "Wordsslantedbytheirmatrix"
    assert all(g.italic and g.family == "helvetica" for g in slanted)
    assert not any(g.italic for g in glyphs if 145 < g.base < 155)  # the roman line above


@pytest.mark.parametrize("how", [None, "landscape", "rotate-only"])
def test_text_outside_the_page_as_it_is_cut_is_left_out_by_both_readers(mixed, how):
    data = printed.printed(mixed, "Job 4471 exported 2024-03-01 10:22")
    data = turned.turned(data, how) if how else data
    for reader in ("pdfium", "pdfplumber"):
        text = "".join(g.text for g in next(pages(data, reader)).glyphs)
        assert "Job" not in text and "Bold" in text and "Back to plain text" in text, reader
    if speedups.available():
        twins.assert_loops_agree(data)  # the compiled loop leaves out what Python does


def test_a_face_italic_by_its_descriptor_alone_is_italic_to_both_readers(tmp_path):
    # Adobe names its italics "...-It" ("MinionPro-It", "BrandonTextCond-MediumIt"): a
    # font's name need not say "italic"; its descriptor does (a flag, an italic angle)
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    import typeset

    path = typeset.FONT_DIRS[0] / "dejavu" / "DejaVuSerif-Italic.ttf"
    if not path.exists():
        pytest.skip(f"{path} is not installed (fonts-dejavu-core)")
    pdfmetrics.registerFont(TTFont("DescribedItalic", str(path)))
    pdf = canvas.Canvas(str(tmp_path / "it.pdf"), pagesize=(300, 200))
    pdf.setFont("DescribedItalic", 11)
    pdf.drawString(20, 100, "words in a face whose name hides its slant")
    pdf.save()
    data = (tmp_path / "it.pdf").read_bytes()
    # the same length, so that the cross-reference table still holds
    renamed = data.replace(b"DejaVuSerif-Italic", b"DejaVuSerif-BookIt")
    assert renamed != data and b"/ItalicAngle -11" in renamed
    for reader in ("pdfium", "pdfplumber"):
        glyphs = [g for g in next(pages(renamed, reader)).glyphs if g.text.strip()]
        assert glyphs and all(g.italic and g.family == "dejavuserif" for g in glyphs), reader
