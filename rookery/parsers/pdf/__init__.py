"""PDF release → blocks, with pdfplumber.

glyphs.py reads the characters and groups them into line fragments; furniture.py drops
running headers, footers and page numbers; columns.py finds the columns and puts the
lines in reading order; paragraphs.py turns lines into headings, paragraphs and list
items. The title block (centred lines at the top of the first page) becomes the
document's metadata rather than a section.
"""
from __future__ import annotations

import io
import logging
import statistics

import pdfplumber
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfplumber.utils.exceptions import PdfminerException

from ...errors import ParseError
from ..blocks import RawDocument
from ..meta import is_version_line
from .columns import Line, common_gutters, find_gutters, reading_order
from .furniture import split_furniture
from .glyphs import fragments, glyphs_of
from .paragraphs import build_blocks

logging.getLogger("pdfminer").setLevel(logging.ERROR)


def read(data: bytes, options) -> RawDocument:
    """The reader's entry point (see parsers.READERS)."""
    return read_pdf(data)


def read_pdf(data: bytes, remove: tuple[str, ...] = ()) -> RawDocument:
    """Parse a PDF into blocks. `remove` (CSS selectors) has no meaning for PDF."""
    if b"%%EOF" not in data[-65536:]:  # some producers append padding after the marker
        raise ParseError("truncated PDF (no end-of-file marker); was the download cut short?")
    pages, images = _read_pages(data)
    if not any(pages):
        if images:
            raise ParseError("the PDF has no text layer, only images (a scan?); rookery "
                             "reads text and does not do OCR")
        raise ParseError("the PDF has no text on any page")
    pages, furniture = split_furniture(pages)
    gutters = [find_gutters(frags) for frags in pages]
    trusted = common_gutters(gutters)
    lines: list[Line] = []
    for index, frags in enumerate(pages):
        lines.extend(reading_order(frags, find_gutters(frags, trusted), index))
    title, lines = _title_block(lines)
    title_lines = [_text(line) for line in sorted(title, key=lambda l: -_size(l))]
    title_lines += [t for t in furniture if any(c.isalpha() for c in t)]
    return RawDocument(blocks=build_blocks(lines), format="pdf",
                       title_lines=title_lines or None)


def _read_pages(data: bytes):
    pages, images = [], 0
    for index, (chars, count) in enumerate(_page_chars(data)):
        pages.append(fragments(glyphs_of(chars), index))
        images += count
    return pages, images


def _page_chars(data: bytes):
    """Each page's characters and number of images. A page's layout objects are let go as
    soon as it is read (a long PDF would otherwise hold every page's at once)."""
    try:
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            for page in pdf.pages:
                chars, images = page.chars, len(page.images)
                page.close()
                yield chars, images
    except Exception as e:  # pdfminer raises many kinds on a bad file; all mean the same
        raise _unreadable(e) from None


def _unreadable(error: Exception) -> ParseError:
    cause = error.args[0] if isinstance(error, PdfminerException) and error.args else error
    if isinstance(cause, (PDFPasswordIncorrect, PDFEncryptionError)):
        return ParseError("the PDF is encrypted with a password; give an unprotected copy")
    name = cause.__class__.__name__ if isinstance(cause, Exception) else str(cause)[:60]
    return ParseError(f"damaged PDF ({name}); is the file complete?")


def _title_block(lines: list[Line]) -> tuple[list[Line], list[Line]]:
    """The centred lines that open the first page: game, title, version, date."""
    if not lines:
        return [], lines
    first = [line for line in lines if line.page == lines[0].page]
    left = min(line.x0 for line in first)
    right = max(line.x1 for line in first)
    centre, width = (left + right) / 2, right - left
    title = []
    for line in first:
        middle = (line.x0 + line.x1) / 2
        if abs(middle - centre) <= 0.03 * width and line.x1 - line.x0 <= 0.9 * width:
            title.append(line)
        else:
            break
    if not title:  # no centred block: a first line set much larger, and its version line
        body = statistics.median(_size(line) for line in first)
        if _size(first[0]) >= 1.4 * body:
            title = [first[0]]
            if len(first) > 1 and is_version_line(_text(first[1])):
                title.append(first[1])
    return title, lines[len(title):]


def _text(line: Line) -> str:
    return " ".join(f.text for f in line.fragments)


def _size(line: Line) -> float:
    return max(f.size for f in line.fragments)
