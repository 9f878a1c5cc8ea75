"""A font program's own word on its weight and slant, for a font whose PDF name says
nothing of them.

A PDF names its fonts, and the name usually says the face ("Helvetica-Bold"); a program
rewriting the PDF may name them anew ("CairoFont-1-0", whatever the face) and write
no weight in the font's descriptor. The TrueType or OpenType program embedded keeps its
"head" table, whose macStyle bits say bold and italic, and often its OS/2 table, whose
weight class and selection flags say them better: read there, the face reads the same
after the rewrite as before it.
"""
from __future__ import annotations

import ctypes
import struct

# what an sfnt (TrueType, OpenType) font program starts with
_SFNT = (b"\x00\x01\x00\x00", b"true", b"OTTO")
_TAG = 4  # bytes in a tag, the first thing a program says
_HEADER = struct.Struct(">4sH")  # version, number of tables (then 6 bytes of search hints)
_RECORD = struct.Struct(">4s4xII")  # tag, (checksum), offset, length
_RECORDS_AT = 12  # where the table records start
_UINT16 = struct.Struct(">H")
_MAC_STYLE_AT = 44  # macStyle's place in the head table
_BOLD, _ITALIC = 1, 2  # macStyle's bits
_WEIGHT_AT, _SELECTION_AT = 4, 62  # usWeightClass's and fsSelection's places in OS/2
_BOLD_WEIGHT = 600  # the weight class from which a face is bold (semibold and heavier)
_ITALIC_SELECTED = 1  # fsSelection's italic bit


def sfnt_face(program: bytes) -> tuple[bool, bool]:
    """(bold, italic) as an sfnt font program says: its OS/2 table's weight class and
    selection flags where it has one (a producer may set the head table's bits on every
    face of a family), else its head table's macStyle; (False, False) for any other
    program, or one too short to say."""
    tables = _tables(program)
    if b"OS/2" in tables:
        at, length = tables[b"OS/2"]
        if length >= _SELECTION_AT + _UINT16.size:
            (weight,) = _UINT16.unpack_from(program, at + _WEIGHT_AT)
            (selection,) = _UINT16.unpack_from(program, at + _SELECTION_AT)
            return weight >= _BOLD_WEIGHT, bool(selection & _ITALIC_SELECTED)
    if b"head" in tables:
        at, length = tables[b"head"]
        if length >= _MAC_STYLE_AT + _UINT16.size:
            (style,) = _UINT16.unpack_from(program, at + _MAC_STYLE_AT)
            return bool(style & _BOLD), bool(style & _ITALIC)
    return False, False


def _tables(program: bytes) -> dict[bytes, tuple[int, int]]:
    """An sfnt program's tables whole within it: tag → (offset, length)."""
    if len(program) < _RECORDS_AT or program[:_TAG] not in _SFNT:
        return {}
    _version, count = _HEADER.unpack_from(program)
    out = {}
    for k in range(count):
        at = _RECORDS_AT + k * _RECORD.size
        if at + _RECORD.size > len(program):
            break
        tag, offset, length = _RECORD.unpack_from(program, at)
        if offset + length <= len(program):
            out[tag] = (offset, length)
    return out


def program_face(font_data, font: int, name: str, faces: dict) -> tuple[bool, bool]:
    """(bold, italic) as a PDFium font's embedded program says, read once a document for
    each program (each page has its own handle on it): `font_data` is PDFium's
    FPDFFont_GetFontData taking plain addresses, `faces` the document's (name, size) →
    (bold, italic) so far."""
    size = ctypes.c_size_t()
    if not font_data(font, None, 0, ctypes.addressof(size)) or not size.value:
        return False, False
    if (name, size.value) not in faces:
        buffer = ctypes.create_string_buffer(size.value)
        read = font_data(font, ctypes.addressof(buffer), size.value, ctypes.addressof(size))
        faces[name, size.value] = sfnt_face(buffer.raw[:size.value] if read else b"")
    return faces[name, size.value]
