"""A font program's own word on its weight and slant, for a font whose PDF name says
nothing of them.

A PDF names its fonts, and the name usually says the face ("Helvetica-Bold"); a program
rewriting the PDF may name them anew ("CairoFont-1-0", whatever the face) and write
no weight in the font's descriptor. The TrueType or OpenType program embedded keeps its
"head" table, whose macStyle bits say bold and italic: read there, the face reads the
same after the rewrite as before it.
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
_MAC_STYLE = struct.Struct(">H")
_MAC_STYLE_AT = 44  # macStyle's place in the head table
_BOLD, _ITALIC = 1, 2  # macStyle's bits


def mac_style(program: bytes) -> tuple[bool, bool]:
    """(bold, italic) as an sfnt font program's head table says; (False, False) for any
    other program, or one too short to say."""
    if len(program) < _RECORDS_AT or program[:_TAG] not in _SFNT:
        return False, False
    _version, tables = _HEADER.unpack_from(program)
    for k in range(tables):
        at = _RECORDS_AT + k * _RECORD.size
        if at + _RECORD.size > len(program):
            break
        tag, offset, length = _RECORD.unpack_from(program, at)
        if tag == b"head":
            if length < _MAC_STYLE_AT + _MAC_STYLE.size \
                    or offset + _MAC_STYLE_AT + _MAC_STYLE.size > len(program):
                break
            (style,) = _MAC_STYLE.unpack_from(program, offset + _MAC_STYLE_AT)
            return bool(style & _BOLD), bool(style & _ITALIC)
    return False, False


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
        faces[name, size.value] = mac_style(buffer.raw[:size.value] if read else b"")
    return faces[name, size.value]
