"""A long PDF's pages read on every core: a pool of processes, each opening the document
once and reading runs of pages into line fragments (glyphs.py, after mapping.py has
mended any glyph text written in the wrong byte order), handed back in page
order, so they are the same as a read in this process (accents.py joins an accent
drawn over its letter to it first). A short document is read here:
starting the processes (a fresh interpreter each, with its PDF library) would cost more
than they save; so is one that PDFium reads with the compiled loops (see pays).
"""
from __future__ import annotations

import math
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from operator import attrgetter
from typing import Iterator

from .. import limits
from . import budget, speedups
from .accents import join_accents
from .chars import Page, open_pdf
from .glyphs import Fragment, Glyph, fragments
from .mapping import mend_byte_order

# The fewest pages worth a pool: a worker costs up to a third of a second to start (a
# fresh interpreter importing the reader and its PDF library, where it cannot fork),
# which pays off once each worker has a dozen pages to read at tens of milliseconds each.
POOL_PAGES = 24
RUNS_PER_WORKER = 4  # runs of pages per worker: a slow run holds back no more than this

_document = None  # in a worker: the document it opened (see _open)


def read_pages(data: bytes, reader: str = "pdfium", workers: int = 0,
               pool_pages: int | None = None) -> Iterator[tuple[Page, list[Fragment]]]:
    """The document's pages in order, each with its fragments, read by `workers`
    processes (0: one per core) when it has at least `pool_pages` pages (by default
    POOL_PAGES, and never where a pool does not pay: see pays), else in this process. A
    pooled Page carries no glyphs: its fragments hold them. A document past the limits
    on what its pages draw (budget.py) or on its glyphs is refused (TooLarge)."""
    budget.check(data)
    glyphs = 0
    for page, found in _read_pages(data, reader, workers, pool_pages):
        glyphs += sum(len(f.glyphs) for f in found)
        limits.PDF_GLYPHS.check(glyphs)
        yield page, found


def _read_pages(data: bytes, reader: str, workers: int,
                pool_pages: int | None) -> Iterator[tuple[Page, list[Fragment]]]:
    document = open_pdf(data, reader)
    try:
        total = document.count
        workers = min(workers or os.cpu_count() or 1, total)
        if pool_pages is None:
            pool_pages = POOL_PAGES if pays(reader) else total + 1
        if workers <= 1 or total < max(pool_pages, 2):
            for index in range(total):
                yield _fragmented(document.page(index))
            return
        done = 0
        try:
            for page in _pooled(data, reader, workers, total):
                done += 1
                yield page
        except BrokenProcessPool:  # a worker died (memory?): read the rest here
            for index in range(done, total):
                yield _fragmented(document.page(index))
    finally:
        document.close()


def pays(reader: str) -> bool:
    """Does a page pool pay for this reader? Not for PDFium read by the compiled loops
    (speedups.py): a page's glyphs come from them about as fast as this process could
    make them again from a worker's tuples, so the workers would only add their start."""
    return reader != "pdfium" or not speedups.available()


def _fragmented(page: Page) -> tuple[Page, list[Fragment]]:
    mend_byte_order(page.glyphs)  # (the words are told apart by the glyphs' text)
    page.glyphs = join_accents(page.glyphs)  # (an accent's letter is one glyph with it)
    return page, fragments(page.glyphs, page.index)


def _pooled(data: bytes, reader: str, workers: int, total: int) -> Iterator[tuple]:
    size = math.ceil(total / (workers * RUNS_PER_WORKER))
    runs = [(start, min(start + size, total)) for start in range(0, total, size)]
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context(start_method()),
                             initializer=_open, initargs=(data, reader)) as pool:
        for packed in pool.map(_read, runs):
            for page in packed:
                yield _unpack(page, total)


def start_method() -> str:
    """How to start a pool's processes: fork is quick, but safe only in a process of one
    thread on Linux; elsewhere (the scheduler's threads, macOS) a fresh interpreter each."""
    return "fork" if limits.forkable() else "spawn"


def _open(data: bytes, reader: str) -> None:
    global _document
    _document = open_pdf(data, reader)


def _read(run: tuple[int, int]) -> list[tuple]:
    return [_pack(*_fragmented(_document.page(index))) for index in range(*run)]


_FIELDS = attrgetter(*Glyph.__slots__)  # a glyph's fields, in the order Glyph takes them


def _pack(page: Page, found: list[Fragment]) -> tuple:
    """A page as plain tuples: they cross between processes far faster than objects."""
    return (page.index, page.width, page.height, page.images,
            [list(map(_FIELDS, f.glyphs)) for f in found], page.headings, page.links,
            page.rules)


def _unpack(packed: tuple, total: int) -> tuple[Page, list[Fragment]]:
    index, width, height, images, found, headings, links, rules = packed
    return Page(index, width, height, [], images, total, headings, links, rules), \
        [Fragment(page=index, glyphs=[Glyph(*g) for g in f]) for f in found]
