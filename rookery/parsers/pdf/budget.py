"""What a PDF's pages would make a PDF library build, measured before one does.

A page's drawing instructions are parsed whole when the page is loaded, forms and all:
a 5 KB file whose forms each draw the next twice, twenty deep, makes PDFium build a
million forms (gigabytes), and a content stream packed a thousand to one makes it
unpack a gigabyte. Neither can be stopped once the library has started, so both are
measured first from the file's own objects (pdfminer reads its structure; streams are
unpacked a megabyte at a time and not kept): the bytes of instructions each page makes
the library parse, the runs of text they show (the library keeps a kilobyte or two for
each), forms counted as often as they are drawn, and how many forms that is. A page
past one of those limits (parsers/limits/) is refused.

This is a measure, not a reader: a file it cannot follow (damaged, encrypted with a
password, packed in a way it does not unpack) is left to the reader, which says what is
wrong, and to the memory and time a parse may take (isolated.py).
"""
from __future__ import annotations

import io
import re
import zlib
from dataclasses import dataclass
from typing import Callable

from ...errors import TooLarge
from .. import limits

CHUNK = 1024 * 1024
NESTING = 32  # forms inside forms deeper than this are not followed (PDFium stops sooner)
_DO = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s*Do\b")
# a string or an array of them, then the operator that shows it: one run of text
_SHOW = re.compile(rb"[)>\]]\s*(?:Tj|TJ|'|\")")
_SHOWING = (b"Tj", b"TJ", b"'", b'"')  # the operators that end _SHOW's runs
_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_FLATE = {"FlateDecode", "Fl"}


@dataclass
class Cost:
    """What drawing something once makes the library parse: bytes of instructions, runs
    of text shown, and forms (itself included, for a form)."""

    content: int = 0
    texts: int = 0
    forms: int = 0

    def add(self, other: "Cost", times: int = 1) -> None:
        self.content += times * other.content
        self.texts += times * other.texts
        self.forms += times * other.forms

    def check(self) -> None:
        limits.PDF_FORMS.check(self.forms)
        limits.PDF_TEXTS.check(self.texts)
        limits.PDF_CONTENT.check(self.content)


def check(data: bytes) -> None:
    """Refuse (TooLarge) a PDF one of whose pages passes PDF_CONTENT or PDF_FORMS; a
    file this cannot follow passes."""
    try:
        # the runs of text counted at most first (a quicker count, never fewer): a
        # document within the limits so is within them; one past them is counted again
        _check(data, _runs_at_most)
    except TooLarge:
        _check(data, _runs)


def _runs(content: bytes) -> int:
    """The runs of text the instructions `content` show."""
    return len(_SHOW.findall(content))


def _runs_at_most(content: bytes) -> int:
    """At least _runs(content): the text-showing operators in it, each counted wherever
    its bytes stand (a run ends in one)."""
    return sum(map(content.count, _SHOWING))


def _check(data: bytes, runs: Callable[[bytes], int]) -> None:
    """check, the runs of text each stream shows counted by `runs`."""
    try:
        pages = _pages(data)
    except Exception:  # noqa: BLE001 - pdfminer raises many kinds; the reader says why
        return
    known: dict = {}
    for number, page in enumerate(pages, 1):
        try:
            _page_cost(page, known, runs).check()
        except TooLarge as e:
            raise TooLarge(f"page {number}: {e}") from None
        except Exception:  # noqa: BLE001 - a page this cannot follow is left to the reader
            continue


def _pages(data: bytes):
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    return PDFPage.create_pages(PDFDocument(PDFParser(io.BytesIO(data))))


def _page_cost(page, known: dict, runs: Callable[[bytes], int]) -> Cost:
    from pdfminer.pdftypes import resolve1

    streams = resolve1(page.attrs.get("Contents"))
    streams = streams if isinstance(streams, list) else [streams]
    cost, drawn = Cost(), {}
    for ref in streams:
        own, names = _unpack(resolve1(ref), runs)
        cost.add(own)
        for name, times in names.items():
            drawn[name] = drawn.get(name, 0) + times
    _add_drawn(cost, drawn, page.resources, known, 0, runs)
    return cost


def _add_drawn(cost: Cost, drawn: dict, resources, known: dict, depth: int,
               runs: Callable[[bytes], int]) -> None:
    """Add to `cost` what the forms named in `drawn` ({name: times}) cost, as
    `resources` names them."""
    from pdfminer.pdftypes import resolve1

    if not drawn or depth >= NESTING:
        return
    resources = resolve1(resources)
    objects = resolve1(resources.get("XObject")) if isinstance(resources, dict) else None
    if not isinstance(objects, dict):
        return
    for name, times in drawn.items():
        ref = objects.get(name)
        cost.add(_form_cost(ref, known, depth + 1, runs), times)
        cost.check()  # (early: the sum is what explodes)


def _form_cost(ref, known: dict, depth: int, runs: Callable[[bytes], int]) -> Cost:
    """What drawing the XObject `ref` once costs (nothing unless it is a form); a form
    being measured already (one that draws itself) costs nothing more."""
    from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1

    key = ref.objid if isinstance(ref, PDFObjRef) else id(ref)
    if key in known:
        return known[key]
    known[key] = Cost()  # while it is measured: a form drawing itself adds nothing
    stream = resolve1(ref)
    if not isinstance(stream, PDFStream) or _name(stream.get("Subtype")) != "Form":
        return known[key]
    cost, names = _unpack(stream, runs)
    cost.forms = 1
    _add_drawn(cost, names, stream.get("Resources"), known, depth, runs)
    known[key] = cost
    return cost


def _unpack(stream, runs: Callable[[bytes], int]) -> tuple[Cost, dict]:
    """What a stream's instructions cost (their size unpacked, the runs of text they
    show, counted by `runs`) and the names they draw ({name: times}), unpacked a
    megabyte at a time; a stream in a packing this does not unpack counts its size as
    it is."""
    from pdfminer.pdftypes import PDFStream, resolve1

    if not isinstance(stream, PDFStream):
        return Cost(), {}
    raw = stream.rawdata if stream.rawdata is not None else stream.data or b""
    if stream.rawdata is not None and stream.decipher is not None:
        raw = stream.decipher(stream.objid, stream.genno, raw, stream.attrs)
    filters = resolve1(stream.get("Filter") or stream.get("F"))
    filters = [_name(f) for f in (filters if isinstance(filters, list) else [filters] if
                                  filters else [])]
    if not filters:
        return Cost(len(raw), runs(raw)), _names(raw)
    if len(filters) != 1 or filters[0] not in _FLATE:
        return Cost(len(raw)), {}
    cost, names, tail = Cost(), {}, b""
    unpacker = zlib.decompressobj()
    pending = raw
    while pending:
        try:
            chunk = unpacker.decompress(pending, CHUNK)
        except zlib.error:
            break  # a damaged stream: PDFium reads what it can of it, no more
        pending = unpacker.unconsumed_tail
        cost.content += len(chunk)
        # (a run cut in two by the chunk's end is counted here; those before, not again)
        cost.texts += runs(tail + chunk) - _runs(tail)
        cost.check()
        for name, times in _names(tail + chunk, len(tail)).items():
            names[name] = names.get(name, 0) + times
        tail = chunk[-64:]  # an operator cut in two by the chunk's end
        if unpacker.eof:
            break
    return cost, names


def _names(content: bytes, counted: int = 0) -> dict:
    """{name: times} of the `/Name Do` operators in content, but those that end within
    its first `counted` bytes."""
    found: dict = {}
    for m in _DO.finditer(content):
        if m.end() <= counted:
            continue
        name = _ESCAPE.sub(lambda e: bytes([int(e.group(1), 16)]), m.group(1))
        key = name.decode("latin-1")
        found[key] = found.get(key, 0) + 1
    return found


def _name(value) -> str:
    from pdfminer.pdftypes import resolve1

    value = resolve1(value)
    return getattr(value, "name", value if isinstance(value, str) else "")
