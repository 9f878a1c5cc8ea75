"""Bytes → Document. One reader per format, chosen by name or sniffed from the bytes.

Readers are declared once in READERS; each one's module (and the libraries it needs)
loads the first time a document of its format is read.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..errors import ParseError, UnsupportedFormat
from ..model import Document
from . import limits
from .cache import DEFAULT_SIZE, ParseCache, cache_folder, content_key

# Bumped whenever parsing yields different Documents, so stored parses are redone.
PARSER_VERSION = "66"


@dataclass(frozen=True)
class Reader:
    """A format rookery reads: its name, where its `read(data, options)` lives, and what
    it is for (shown in errors and docs)."""

    name: str
    module: str
    description: str

    def read(self, data: bytes, options: "ReadOptions"):
        return importlib.import_module(self.module, __package__).read(data, options)


@dataclass(frozen=True)
class ReadOptions:
    """What a caller may ask of the readers. `remove`: CSS selectors of HTML elements to
    leave out; `pdf_reader`: which library reads a PDF's characters (see pdf/chars.py);
    `workers`: processes that read a long PDF's pages (0: one per core; 1: none), and
    `pool_pages` the fewest pages they are started for (None: pdf/pool.py's default);
    `memory` (bytes) and `deadline` (seconds): what a parse in a process of its own may
    take (limits/isolated.py; 0: no ceiling, and both 0: parsed in this process);
    `last`: the parse is the last work of its process, so what a reader made on the way
    (a long PDF's glyphs) may be left to the process's exit rather than freed object by
    object. None of these but `remove` and `pdf_reader` changes what a parse yields."""

    remove: tuple[str, ...] = ()
    pdf_reader: str = "pdfium"
    progress: object = None  # a callable(done, total) told of long work (PDF pages)
    workers: int = 0
    pool_pages: int | None = None
    memory: int = limits.PARSE_MEMORY
    deadline: float = limits.PARSE_DEADLINE
    last: bool = False


def parse_cache(folder=None, max_bytes: int = DEFAULT_SIZE) -> ParseCache:
    """A cache of this parser version's Documents, kept in `folder` (see cache_folder)
    up to `max_bytes`; in memory only when `max_bytes` is 0."""
    if max_bytes <= 0:
        return ParseCache()
    return ParseCache(folder=cache_folder(folder), max_bytes=max_bytes,
                      version=PARSER_VERSION)


READERS: dict[str, Reader] = {r.name: r for r in [
    Reader("html", ".html", "a web page"),
    Reader("pdf", ".pdf", "a PDF with a text layer"),
    Reader("text", ".text", "plain text (UTF-8 with or without BOM, UTF-16, Windows-1252)"),
    Reader("docx", ".word", "a Word document (.docx)"),
]}
FORMATS = tuple(READERS)

_HTML_STARTS = (b"<!doctype html", b"<html", b"<head", b"<body", b"<!--", b"<meta", b"<div",
                b"<h1", b"<p", b"<title")


def sniff(data: bytes) -> str | None:
    """The format of `data` judged from its bytes, not from any file name: PDF and HTML
    by how they begin, Word by being a zip holding word/document.xml, plain text by
    being readable text; None for anything else."""
    start = data[:1024]
    if start.lstrip().startswith(b"%PDF-"):
        return "pdf"
    from .word import is_word  # light: the zip's directory only

    if is_word(data):
        return "docx"
    from .text import decode  # light: no third-party library

    head = start.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(_HTML_STARTS) or (head.startswith(b"<") and (
            b"<html" in data[:4096].lower() or b"<body" in data[:4096].lower())):
        return "html"
    if start.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16: look at it as text
        text = decode(data[:4096])
        lowered = text.lstrip("\ufeff \t\r\n").lower().encode()
        if lowered.startswith(_HTML_STARTS):
            return "html"
    return "text" if decode(data[:8192], strict=True) is not None else None


def parse(data: bytes, source: str = "", format: str = "auto",
          remove: tuple[str, ...] | list[str] = (), cache: ParseCache | None = None,
          options: ReadOptions | None = None) -> Document:
    """Parse one release. `format` is "auto" (sniff), or a reader's name to insist on;
    with a `cache`, bytes parsed before are not parsed again.

    Errors name `source` first, so a caller can print them as they are."""
    options = options or ReadOptions(remove=tuple(remove))
    key = cache_key(data, format, options) if cache is not None else ""
    if cache is not None and (hit := cache.get(key, source)) is not None:
        return hit
    try:
        doc = _parse(data, source, format, options)
    except ParseError as e:
        if source and not str(e).startswith(source):
            raise type(e)(f"{source}: {e}") from None
        raise
    if cache is not None:
        cache.put(key, doc)
    return doc


def cache_key(data: bytes, format: str, options: ReadOptions) -> str:
    """What a parse of `data` is kept under: its bytes and the options that change it."""
    return content_key(data, format, options.remove, options.pdf_reader)


def _parse(data: bytes, source: str, format: str, options: ReadOptions) -> Document:
    from .structure.outline import build_document

    if not data:
        raise UnsupportedFormat("empty (0 bytes); was the download cut short?")
    found = sniff(data)
    if found is None:
        from .word import explain

        raise UnsupportedFormat(explain(data) or (
            f"neither HTML, PDF, Word nor text (starts with {data[:12]!r}); give a rules "
            "page, a PDF or Word release or a text file"))
    if format not in ("auto", found):
        raise UnsupportedFormat(f"contains {found.upper()}, not the {format.upper()} it should "
                                "be (an error page?)")
    raw = READERS[found].read(data, options)
    limits.BLOCKS.check(len(raw.blocks))
    return build_document(raw, source=source)
