"""Glyph text written as byte-swapped UTF-16 is read as meant, and nothing else is
touched: table cases of one glyph's characters as each reader gives them."""
import pytest

from rookery.parsers.pdf.glyphs import is_control
from rookery.parsers.pdf.glyphs import Glyph, fragments
from rookery.parsers.pdf.mapping import mend_byte_order


def glyphs(*parts) -> list[Glyph]:
    """One glyph per part, side by side: a part of several characters is one glyph whose
    characters come as glyphs with its box (as PDFium gives them), or, with a "|" before
    it, as one glyph holding them all (as pdfminer gives them)."""
    out, x = [], 0.0
    for part in parts:
        whole = part.startswith("|")
        texts = [part[1:]] if whole else list(part)
        out += [Glyph(t, x, x + 5, 0, 10, 10, "serif", False, False, None, base=8)
                for t in texts]
        x += 5
    return out


def swapped(text: str) -> str:
    return "".join(chr(ord(c) << 8) for c in text)


CASES = [
    # (name, glyphs, texts after)
    ("a ligature as PDFium gives it", glyphs("c", "l", swapped("fi"), "e", "d"),
     ["c", "l", "f", "i", "e", "d"]),
    ("a ligature as pdfminer gives it", glyphs("o", "|" + swapped("ffi"), "c", "e"),
     ["o", "ffi", "c", "e"]),
    ("a letter and the soft hyphen after it", glyphs("S", "k", swapped("y\u00ad"), "f"),
     ["S", "k", "y", "\u00ad", "f"]),
    ("Han characters side by side, each its own glyph",
     glyphs("\u4e00", "\u5b00", "\u6600"), ["\u4e00", "\u5b00", "\u6600"]),
    ("one such character alone in its glyph", glyphs("a", "\u6600", "b"), ["a", "\u6600", "b"]),
    ("a glyph of such a character and another", glyphs("a", "\u6600\u6901", "b"),
     ["a", "\u6600", "\u6901", "b"]),
    ("the bytes of a control character swapped", glyphs("a", "\u0300\u0300", "b"),
     ["a", "\u0300", "\u0300", "b"]),
]


@pytest.mark.parametrize("name,given,after", CASES, ids=[c[0] for c in CASES])
def test_swapped_text_is_read_as_meant_and_nothing_else(name, given, after):
    mend_byte_order(given)
    assert [g.text for g in given] == after


def test_a_soft_hyphen_swapped_with_its_letter_parts_no_word_once_read():
    # read as meant before the words are told apart: the soft hyphen's slice leaves a
    # gap as wide as a space before the next letter, which parts no word after it
    line = glyphs("S", "k", swapped("y\u00ad"), "f", "o")
    for g in line[4:]:
        g.x0, g.x1 = g.x0 + 3, g.x1 + 3
    mend_byte_order(line)
    assert [f.text for f in fragments(line, 0)] == ["Sky\u00adfo"]


@pytest.mark.parametrize("code,control", [
    (0x03, True), (0x1F, True), (0x7F, True), (0x85, True), (0x9F, True),
    (0x09, False), (0x0A, False), (0x0D, False), (0x20, False), (0x41, False),
    (0xA0, False), (0xAD, False), (0xFC, False), (0x6600, False),
])
def test_control_characters_are_the_c0_and_c1_ones_but_tab_and_line_ends(code, control):
    assert is_control(code) == control
