"""Headings that stand apart from the body by their face alone (bold, or italic, in the
body's family and size) read the same once pdftocairo or Ghostscript has rewritten the
PDF. Some producers embed subsets without a name table; pdftocairo then names each font
anew ("CairoFont-1-0") and writes no weight in its descriptor: the face is read from the
embedded program itself (its head table). Our own text, set in TrueType families of the
machine's, embedded so."""
from __future__ import annotations

import pytest

import rewrite
import typeset
from documents import section_key as key
from rookery.parsers import ReadOptions, parse

SECTIONS = [
    ("Setting Up", "Each player takes a board, six tokens and a screen. The oldest player "
                   "shuffles the tide deck and deals three cards to everyone."),
    ("Taking a Turn", "On your turn, play one card face up and move a token as far as the "
                      "card shows. Then draw until you hold three cards again."),
    ("Sharing a Harbour", "Two tokens may share a harbour only if their owners agree. If "
                          "they do not, the token that came later goes back one space."),
    ("Storms", "When the tide deck runs out, a storm blows: every token at sea moves back "
               "to the nearest harbour, and the deck is shuffled anew."),
    ("Ending the Game", "The game ends after the third storm. The player with the most "
                        "tokens in harbour wins; a tie is shared."),
]
FAMILIES = ["DejaVuSans", "LiberationSerif", "FreeSans"]
FACES = {"bold": 1, "italic": 2}  # how headings stand apart → the face of _register's four


def typeset_faces(path, family: str, face: str) -> bytes:
    """The sections' headings set in the body's family and size, in `face`."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    fonts = [_bare(family, face) for face in range(3)]
    body = ParagraphStyle("body", fontName=fonts[0], fontSize=10, leading=13, spaceAfter=6)
    head = ParagraphStyle("head", parent=body, fontName=fonts[FACES[face]], spaceBefore=6,
                          spaceAfter=2)
    story = [Paragraph("Harbour Tides: Rules of Play", ParagraphStyle(
        "title", parent=body, fontName=fonts[1], fontSize=16, leading=20))]
    for title, text in SECTIONS:
        story += [Paragraph(title, head), Paragraph(text, body)]
    SimpleDocTemplate(str(path), pagesize=A4, title="Harbour Tides").build(story)
    return path.read_bytes()


def _bare(family: str, face: int) -> str:
    """The name of one face of `family` (regular, bold, italic) registered so that its
    embedded subset carries no name table (and no OS/2 table, which names its weight)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    name = f"{family}-Bare-{face}"
    if name not in pdfmetrics.getRegisteredFontNames():
        font = TTFont(name, str(typeset._font_file(typeset.TRUETYPE[family][face])))
        table = font.face.get_table

        def get_table(tag: str, table=table):
            if tag in ("name", "OS/2"):
                raise KeyError(tag)  # (what reportlab's subsetting takes for an absent table)
            return table(tag)

        font.face.get_table = get_table
        pdfmetrics.registerFont(font)
    return name


CASES = [(family, face, program) for family in FAMILIES for face in FACES
         for program in sorted(rewrite.PROGRAMS)]


@pytest.mark.parametrize("family,face,program", CASES, ids=["-".join(c) for c in CASES])
def test_headings_set_apart_by_their_face_read_the_same_rewritten(tmp_path, family, face,
                                                                  program):
    if not all(typeset._font_file(p).exists() for p in typeset.TRUETYPE[family]):
        pytest.skip(f"the {family} fonts are not installed")
    if rewrite.missing(program):
        pytest.skip(rewrite.missing(program))
    pdf = typeset_faces(tmp_path / "faces.pdf", family, face)
    doc = parse(pdf, source="faces.pdf", options=ReadOptions(workers=1))
    assert [s.title for s in doc.sections if s.title in dict(SECTIONS)] == \
        [title for title, _text in SECTIONS]  # (the headings are read as headings)
    again = parse(rewrite.rewritten(pdf, program), source="faces.pdf",
                  options=ReadOptions(workers=1))
    assert [key(s) for s in again.sections] == [key(s) for s in doc.sections]


def sfnt(tables: dict[bytes, bytes]) -> bytes:
    """A TrueType program made of the given tables (tag → data), as much as the reader
    reads of one."""
    import struct

    head = struct.pack(">4sHHHH", b"\x00\x01\x00\x00", len(tables), 0, 0, 0)
    offset = len(head) + 16 * len(tables)
    records, data = b"", b""
    for tag, table in tables.items():
        records += struct.pack(">4sIII", tag, 0, offset + len(data), len(table))
        data += table
    return head + records + data


def head_table(mac_style: int) -> bytes:
    return bytes(44) + mac_style.to_bytes(2, "big") + bytes(8)


def os2_table(weight: int, selection: int) -> bytes:
    return bytes(4) + weight.to_bytes(2, "big") + bytes(56) + selection.to_bytes(2, "big") \
        + bytes(32)


@pytest.mark.parametrize("name,program,face", [
    ("a head table alone (a rewrite's subset)", sfnt({b"head": head_table(1)}), (True, False)),
    ("bold and italic bits", sfnt({b"head": head_table(3)}), (True, True)),
    ("OS/2 outweighs a head table that calls every face bold",
     sfnt({b"head": head_table(1), b"OS/2": os2_table(400, 0)}), (False, False)),
    ("a semibold weight class", sfnt({b"head": head_table(0), b"OS/2": os2_table(600, 0)}),
     (True, False)),
    ("the italic selection flag", sfnt({b"OS/2": os2_table(400, 1)}), (False, True)),
    ("a program of another kind", b"\x01\x00\x04\x02" + bytes(60), (False, False)),
    ("a program cut short", sfnt({b"head": head_table(1)})[:30], (False, False)),
])
def test_a_font_program_says_its_face(name, program, face):
    from rookery.parsers.pdf.program import sfnt_face

    assert sfnt_face(program) == face, name
