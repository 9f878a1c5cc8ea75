"""A .docx's zip, opened and unpacked within the reader's limits (parsers/limits.py).

The zip's own headers say how many files it holds and how large each unpacks, and a
hostile file lies in them: a directory of millions of entries, or a part whose header
says a kilobyte and which unpacks to gigabytes before its checksum is tested. So the
entries are counted from the zip's end record before the directory is read, and a part
is unpacked a megabyte at a time, refused as soon as it passes a limit.
"""
from __future__ import annotations

import io
import struct
import zipfile

from .. import limits

CHUNK = 1024 * 1024
_END = b"PK\x05\x06"  # the end of central directory record
_END64 = b"PK\x06\x06"  # its ZIP64 form, for more than 65,535 entries


def open_zip(data: bytes) -> zipfile.ZipFile:
    """The archive, once its entries are counted (TooLarge past the limit); raises what
    zipfile raises for a damaged one."""
    limits.ZIP_ENTRIES.check(entries(data))
    return zipfile.ZipFile(io.BytesIO(data))


def entries(data: bytes) -> int:
    """How many files the zip's end record says it holds (0 when it has none)."""
    at = data.rfind(_END, max(0, len(data) - 65536 - 22))
    if at < 0 or at + 22 > len(data):
        return 0
    (count,) = struct.unpack_from("<H", data, at + 10)
    if count == 0xFFFF:  # ZIP64: the real count is in the record the locator points to
        start = data.rfind(_END64, 0, at)
        if start >= 0 and start + 40 <= len(data):
            (count,) = struct.unpack_from("<Q", data, start + 32)
    return count


def read_part(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """A part's bytes, unpacked a megabyte at a time: refused (TooLarge) once they pass
    the limit on a part's size or, past a megabyte, on its packed size's multiple."""
    where = f" ({info.filename})"
    chunks, total = [], 0
    with archive.open(info) as part:
        while chunk := part.read(CHUNK):
            total += len(chunk)
            limits.ZIP_PART.check(total, where)
            if total > limits.RATIO_FLOOR:
                limits.ZIP_RATIO.check(total // max(info.compress_size, 1), where)
            chunks.append(chunk)
    return b"".join(chunks)
