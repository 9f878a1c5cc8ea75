"""PDF release → blocks.

chars.py reads the characters (PDFium by default, pdfplumber on request); mapping.py
mends glyph text a producer wrote in the wrong byte order; glyphs.py groups them into
line fragments (pool.py reads a long document's pages on every core); furniture.py
drops running headers, footers and page numbers; columns.py finds the columns and puts
the lines in reading order; paragraphs.py turns lines into headings, paragraphs and list items. The title block
(centred lines at the top of the first page) becomes the document's metadata rather
than a section.
"""
from __future__ import annotations

import gc

from ...errors import ParseError
from ..blocks import RawDocument
from ..meta import is_version_line
from .bookmarks import outline
from .celltext import Vocabulary
from .columns import common_gutters, find_gutters, ink_pieces, reading_order, usual_measures
from .furniture import split_furniture
from .labels import label_gutters
from .lines import Line
from .paragraphs import build_blocks
from .pool import read_pages
from .raised import join_raised
from .rulings import grids, place_tables, take_tables
from .settings import SETTINGS as S
from .linked import entries
from .tagged import heading_texts
from .underlines import mark_underlined
from .typography import body_style, line_style, restore_small_caps, stands_apart


# The glyphs of parses that are their process's last work (ReadOptions.last): a long
# document's are hundreds of thousands of objects, and freeing them one by one takes a
# twentieth of the parse; the process's exit drops them at once.
_LEFT_TO_EXIT: list = []


def read(data: bytes, options) -> RawDocument:
    """The reader's entry point (see parsers.READERS)."""
    return read_pdf(data, options.pdf_reader, options.progress, options.workers,
                    options.pool_pages, _LEFT_TO_EXIT if options.last else None)


def read_pdf(data: bytes, reader: str = "pdfium", progress=None, workers: int = 0,
             pool_pages: int | None = None, left: list | None = None) -> RawDocument:
    """Parse a PDF into blocks, its characters read by `reader` (see chars.py), a long
    document's pages by `workers` processes (see pool.py); `progress(done, total)` hears
    of each page read. The glyphs read are added to `left`, when given, not freed."""
    # A long document's glyphs are hundreds of thousands of objects, none of them in a
    # cycle: the cyclic collector, run as they are made, would walk them all again and
    # again (a fifth of the time); it waits until the parse is done.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _read_pdf(data, reader, progress, workers, pool_pages, left)
    finally:
        if left is not None:
            gc.freeze()  # the glyphs left to the exit: the collector need not walk them
        if paused:
            gc.enable()


# the bytes at a file's end searched for its end-of-file marker (some producers append
# padding after it)
_EOF_TAIL = 65536


def _read_pdf(data: bytes, reader: str, progress, workers: int,
              pool_pages: int | None, left: list | None) -> RawDocument:
    if b"%%EOF" not in data[-_EOF_TAIL:]:
        raise ParseError("truncated PDF (no end-of-file marker); was the download cut short?")
    frags, widths, images, tagged, links, rules = [], [], 0, [], [], []
    for page, page_frags in read_pages(data, reader, workers, pool_pages):
        frags.append(join_raised(page_frags))
        tagged += heading_texts(page.headings, frags[-1])
        links += [(box, frags[-1]) for box in page.links]
        widths.append(page.width)
        rules.append(page.rules)
        images += page.images
        if progress is not None:
            progress(page.index + 1, page.total)
    if not any(frags):
        if images:
            raise ParseError("the PDF has no text layer, only images (a scan?); rookery "
                             "reads text and does not do OCR")
        raise ParseError("the PDF has no text on any page")
    found = frags
    frags, furniture = split_furniture(frags, widths)
    aside = _left_out(found, frags)
    kept = frags
    # a table drawn with rules is read row by row, apart from the columns (rulings.py)
    found_grids = [grids(*drawn) for drawn in rules]
    words = Vocabulary(f.text for page in frags for f in page) if any(found_grids) else None
    frags, tables = zip(*(take_tables(f, g, k, words)
                          for k, (f, g) in enumerate(zip(frags, found_grids)))) or ((), ())
    for page_frags, (across, _down) in zip(frags, rules):
        mark_underlined(page_frags, across)  # underlined words are set apart (underlines.py)
    pieces = [ink_pieces(f) for f in frags]
    # a column of rule numbers beside their text is no column (labels.py)
    gutters = [label_gutters(f, find_gutters(f, pieces=p)) for f, p in zip(frags, pieces)]
    # the document's columns: gutters most of its pages of text agree on
    trusted = common_gutters(gutters, pages=sum(1 for page in kept if page))
    seen = [g for page in gutters for g in page]
    lines: list[Line] = []
    for index, (page_frags, page_pieces) in enumerate(zip(frags, pieces)):
        page_gutters = label_gutters(page_frags, find_gutters(page_frags, trusted, seen,
                                                              page_pieces))
        lines.extend(place_tables(reading_order(page_frags, page_gutters, index),
                                  tables[index]))
    source = _source(found, kept, lines)
    usual_measures(lines)
    small = None  # the small capitals' size, while lines go on in them
    for line in lines:
        small = restore_small_caps(_glyphs(line), small)
        line.small_caps = small is not None
        if small is not None:  # its letters changed case: so do its fragments' texts
            for f in line.fragments:
                f.refresh()
    title, lines = _title_block(lines)
    title_lines = [_text(line) for line in sorted(title, key=lambda l: -_size(l))]
    title_lines += [t for t in furniture if any(c.isalpha() for c in t)]
    styled: list[str] = []
    blocks = build_blocks(lines, aside, styled)
    if left is not None:
        left.append((found, lines))  # (every glyph read is in a fragment of `found`)
    return RawDocument(blocks=blocks, format="pdf", title_lines=title_lines or None,
                       source=source, furniture=aside,
                       outline=_outline(data, tagged, links), styled=styled)


def _outline(data: bytes, tagged: list[tuple[int, str]], links: list) -> list[tuple[int, str]]:
    """The headings the file names itself: its bookmarks, else its `tagged` headings,
    else the entries of its linked contents list (each link's box and page)."""
    return [(mark.level, mark.title) for mark in outline(data)] or tagged or entries(links)


def _source(found: list, kept: list, lines: list[Line]) -> list[tuple[str, str]]:
    """Every fragment's text as the word account takes it: the pages' lines in reading
    order (a word broken at a soft hyphen reads on into the next line of its column, or
    of the next page, not into the column beside it), then what furniture took."""
    text: list[list[str]] = [[] for _page in found]
    for line in lines:
        text[line.page].append(" ".join(f.text for f in line.fragments))
    aside = []
    for before, after in zip(found, kept):
        staying = {id(f) for f in after}
        aside += [f.text for f in before if id(f) not in staying]
    return [(f"page {k + 1}", "\n".join(parts)) for k, parts in enumerate(text)] + \
        [("running heads and page numbers", "\n".join(aside))]


def _left_out(pages: list, kept: list) -> list[tuple[str, str]]:
    """The running heads, feet and page numbers split_furniture took off the pages."""
    out = []
    for before, after in zip(pages, kept):
        if len(after) < len(before):
            staying = {id(f) for f in after}
            out += [("running heads and page numbers", f.text) for f in before
                    if id(f) not in staying]
    return out


def _title_block(lines: list[Line]) -> tuple[list[Line], list[Line]]:
    """The lines that open the first page and name the document (game, title, version,
    date): centred above the text, or set apart from it around a much larger title."""
    if not lines:
        return [], lines
    first = [line for line in lines if line.page == lines[0].page]
    left = min(line.x0 for line in first)
    right = max(line.x1 for line in first)
    centre, width = (left + right) / 2, right - left
    title = []
    for line in first:
        middle = (line.x0 + line.x1) / 2
        if abs(middle - centre) <= S.title_centred * width \
                and line.x1 - line.x0 <= S.title_width * width:
            title.append(line)
        else:
            break
    if not title:
        title = _set_apart_title(first, lines[len(first):])
    return title, lines[len(title):]


def _set_apart_title(first: list[Line], later: list[Line]) -> list[Line]:
    """No centred block: the lines that open the page in type other than its body's, up
    to one set much larger (the title) and on while their type is not used again later,
    on this page or after it (a heading's is), with the version line. A type "used again"
    on this page is used past the run of lines it sets here (a subtitle of two lines)."""
    page_styles = [_style(line) for line in first]
    body = body_style([(style, len(_text(line))) for line, style in zip(first, page_styles)])
    again = _LaterStyles(later)
    title: list[Line] = []
    seen_title = False
    for k, (line, style) in enumerate(zip(first, page_styles[:S.title_lines + 1])):
        if is_version_line(_text(line)) and seen_title:
            title.append(line)
            break
        if not stands_apart(style, body) or seen_title and (
                style in _past_run(page_styles, k) or style in again):
            break
        seen_title = seen_title or _size(line) >= S.title_size * body.size
        title.append(line)
    return title if seen_title else []


def _past_run(styles: list, k: int) -> list:
    """The styles after the run of lines in styles[k] that starts at k."""
    end = k + 1
    while end < len(styles) and styles[end] == styles[k]:
        end += 1
    return styles[end:]


class _LaterStyles:
    """The styles of later lines, worked out only as far as a question needs: a heading's
    type is usually found again within a few pages of a long document."""

    def __init__(self, lines: list[Line]):
        self._pending = (_style(line) for line in lines)
        self._seen: set = set()

    def __contains__(self, style) -> bool:
        if style in self._seen:
            return True
        for found in self._pending:
            self._seen.add(found)
            if found == style:
                return True
        return False


def _style(line: Line):
    return line_style(_glyphs(line))


def _glyphs(line: Line) -> list:
    """The line's glyphs, to be read, not changed: a line of one fragment (most) gives
    that fragment's own list."""
    if len(line.fragments) == 1:
        return line.fragments[0].glyphs
    return [g for f in line.fragments for g in f.glyphs]


def _text(line: Line) -> str:
    return " ".join(f.text for f in line.fragments)


def _size(line: Line) -> float:
    return max(f.size for f in line.fragments)
