"""Several releases parsed at once, as `rookery diff` needs two: a long PDF each, they are
read side by side, one process each, every page of one in the same process.

Two long PDFs read one after the other, each by a page pool (pdf/pool.py), leave the
cores idle while the main process builds one document's blocks from its pages (half
the work), and pay for every glyph crossing between processes. One process per
document keeps every core busy to the end and sends back only the sections. Anything
else (a short PDF, a web page, one core) is parsed as `parse` would, one at a time.
"""
from __future__ import annotations

import dataclasses
import os
import threading
from dataclasses import dataclass
from typing import Callable

from ..errors import ParseError
from ..model import Document
from . import ReadOptions, cache_key, parse, sniff
from .cache import ParseCache, encode


@dataclass
class Release:
    """One release to parse: its bytes, the name errors give, the format it must be
    ("auto": sniffed), and who hears of its pages as they are read."""

    data: bytes
    source: str = ""
    format: str = "auto"
    progress: Callable[[int, int], None] | None = None


def parse_releases(releases: list[Release], cache: ParseCache | None = None,
                   options: ReadOptions | None = None) -> list[Document]:
    """The releases' Documents, in order, each as `parse` gives it; those the cache
    lacks are read side by side when each is a long PDF and there are cores for them."""
    options = options or ReadOptions()
    keys = [cache_key(r.data, r.format, options) for r in releases]
    docs: list[Document | None] = [cache.get(key, r.source) if cache is not None else None
                                   for key, r in zip(keys, releases)]
    # one parse for each distinct release the cache lacks (OLD and NEW may be one file)
    todo: list[int] = []
    for k, doc in enumerate(docs):
        if doc is None and keys[k] not in {keys[j] for j in todo}:
            todo.append(k)
    processes = side_by_side([releases[k] for k in todo], options)
    entries: dict[int, bytes | None] = {}  # the cache entries the processes made
    if processes:
        # (imported here: a diff the cache answers starts no process)
        from concurrent.futures.process import BrokenProcessPool

        keep = cache is not None and cache.folder is not None
        try:
            for k, (doc, entry) in zip(todo, _in_processes(
                    [releases[k] for k in todo], [keys[k] if keep else None for k in todo],
                    options, processes)):
                docs[k], entries[k] = doc, entry
        except BrokenProcessPool:  # a process died (memory?): what it lacked is read here
            pass
    for k in todo:
        if docs[k] is None:
            r = releases[k]
            docs[k] = parse(r.data, r.source, r.format,
                            options=dataclasses.replace(options, progress=r.progress))
        if cache is not None:
            cache.put(keys[k], docs[k], entries.get(k))
    for k, doc in enumerate(docs):
        if doc is None:  # the same bytes as a release before it
            first = docs[keys.index(keys[k])]
            docs[k] = dataclasses.replace(first, source=releases[k].source)
    return docs


def side_by_side(releases: list[Release], options: ReadOptions) -> int:
    """How many processes read these releases at once: one each when there are two or
    more, every one a PDF long enough for a page pool, and a core for two of them; else 0."""
    cores = options.workers or os.cpu_count() or 1
    if len(releases) < 2 or cores < 2:
        return 0  # (before the PDF reader is imported: a warm diff needs none of it)
    from .pdf.pool import POOL_PAGES

    least = options.pool_pages or POOL_PAGES
    if not all(_pdf_pages(r.data, options.pdf_reader) >= least for r in releases):
        return 0
    return min(cores, len(releases))


def _pdf_pages(data: bytes, reader: str) -> int:
    """The number of pages of a PDF (0 for anything else or a PDF that will not open:
    the reader says why when it parses it)."""
    if sniff(data) != "pdf":
        return 0
    from .pdf.chars import open_pdf

    try:
        document = open_pdf(data, reader)
    except ParseError:
        return 0
    try:
        return document.count
    finally:
        document.close()


def _in_processes(releases: list[Release], keys: list[str | None], options: ReadOptions,
                  processes: int) -> list[tuple[Document, bytes | None]]:
    """Each release parsed in a process of its own, pages told through a queue to the
    release's own progress callback, here in this process; with its cache entry
    encoded there too where it has a key (the encoding's time is spent side by side)."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    from .pdf.pool import start_method

    context = get_context(start_method())
    told = context.Queue()
    plain = dataclasses.replace(options, workers=1, progress=None)
    with ProcessPoolExecutor(max_workers=processes, mp_context=context,
                             initializer=_listen_to, initargs=(told,)) as pool:
        futures = [pool.submit(_parse_in_process, slot, r.data, r.source, r.format, plain,
                               r.progress is not None, key)
                   for slot, (r, key) in enumerate(zip(releases, keys))]
        relay = threading.Thread(target=_relay, args=(told, [r.progress for r in releases]),
                                 daemon=True)
        relay.start()
        try:
            return [f.result() for f in futures]
        finally:
            told.put(None)
            relay.join()


_told = None  # in a process of the pool: the queue that carries its pages read


def _listen_to(queue) -> None:
    global _told
    _told = queue


def _parse_in_process(slot: int, data: bytes, source: str, format: str,
                      options: ReadOptions, tell: bool,
                      key: str | None) -> tuple[Document, bytes | None]:
    if tell:
        options = dataclasses.replace(options, progress=lambda done, total:
                                      _told.put((slot, done, total)))
    doc = parse(data, source, format, options=options)
    return doc, None if key is None else encode(key, doc)


def _relay(queue, callbacks: list) -> None:
    """Hand each page count from the processes to its release's callback, until None."""
    while (item := queue.get()) is not None:
        slot, done, total = item
        callbacks[slot](done, total)
