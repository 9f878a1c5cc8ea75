"""Bytes → Document. One reader per format, chosen by name or sniffed from the bytes."""
from __future__ import annotations

from typing import Callable

from ..errors import ParseError, UnsupportedFormat
from ..model import Document
from .blocks import RawDocument
from .cache import ParseCache, content_key
from .html import read_html
from .outline import build_document

# Bumped whenever parsing yields different Documents, so stored parses are redone.
PARSER_VERSION = "2"


def _read_pdf(data: bytes, remove=()) -> RawDocument:
    from .pdf import read_pdf  # pdfplumber loads with the first PDF, not for every page

    return read_pdf(data, remove)


# format name → reader(bytes, remove selectors) → RawDocument
READERS: dict[str, Callable[..., RawDocument]] = {"html": read_html, "pdf": _read_pdf}


def sniff(data: bytes) -> str | None:
    """The format of `data` judged from its first bytes, not from any file name."""
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if data[:1024].lstrip().startswith(b"%PDF-"):
        return "pdf"
    if head.startswith((b"<!doctype html", b"<html", b"<head", b"<body", b"<!--", b"<meta",
                        b"<div", b"<h1", b"<p", b"<title")):
        return "html"
    if head.startswith(b"<") and (b"<html" in data[:4096].lower() or b"<body" in data[:4096].lower()):
        return "html"
    return None


def parse(data: bytes, source: str = "", format: str = "auto",
          remove: tuple[str, ...] | list[str] = (), cache: ParseCache | None = None
          ) -> Document:
    """Parse one release. `format` is "auto" (sniff), or a reader's name to insist on;
    with a `cache`, bytes parsed before are not parsed again.

    Errors name `source` first, so a caller can print them as they are."""
    remove = tuple(remove)
    key = content_key(data, format, remove) if cache is not None else ""
    if cache is not None and (hit := cache.get(key, source)) is not None:
        return hit
    try:
        doc = _parse(data, source, format, remove)
    except ParseError as e:
        if source and not str(e).startswith(source):
            raise type(e)(f"{source}: {e}") from None
        raise
    if cache is not None:
        cache.put(key, doc)
    return doc


def _parse(data: bytes, source: str, format: str, remove: tuple[str, ...]) -> Document:
    if not data:
        raise UnsupportedFormat("empty (0 bytes); was the download cut short?")
    found = sniff(data)
    if found is None:
        raise UnsupportedFormat(f"neither HTML nor PDF (starts with {data[:12]!r}); give a "
                                "rules page or a PDF release")
    if format not in ("auto", found):
        raise UnsupportedFormat(f"contains {found.upper()}, not the {format.upper()} it should "
                                "be (an error page?)")
    reader = READERS.get(found)
    if reader is None:
        raise UnsupportedFormat(f"{found.upper()}, which this install cannot read")
    raw = reader(data, remove=remove)
    return build_document(raw, source=source)
