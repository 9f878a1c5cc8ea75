"""Releases from outside parsed as `rookery diff` and a fetch cycle need them: each in a
process of its own, under the memory and time a parse may take (isolated.py), side by
side when there are two and the cores for them.

A hostile or broken file then costs its own process and no more: its death is one line
naming it, and the other release, the cycle's other sources, the command itself go on.
Two releases read side by side keep both cores busy to the end, each PDF read whole in
its process (every page of one in one process), and only the sections come back. Each
process encodes its parse-cache entry too, so that time is spent side by side as well.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from typing import Callable

from ..model import Document
from . import ReadOptions, cache_key, parse
from .cache import ParseCache
from .limits.isolated import Job, parse_apart


@dataclass
class Release:
    """One release to parse: its bytes, the name errors give, the format it must be
    ("auto": sniffed), and who hears of its pages as they are read."""

    data: bytes
    source: str = ""
    format: str = "auto"
    progress: Callable[[int, int], None] | None = None


def parse_releases(releases: list[Release], cache: ParseCache | None = None,
                   options: ReadOptions | None = None,
                   meanwhile: Callable[[], None] | None = None) -> list[Document]:
    """The releases' Documents, in order, each as `parse` gives it; those the cache
    lacks are read in processes of their own (side by side where there are cores), or
    here when `options` set no ceiling at all, and a release that fails raises its
    error, named, once every read is over. `meanwhile` is the caller's work that needs
    no Document (loading what it does next), done while a core is free of parsing (see
    parse_apart), and done here at the latest."""
    options = options or ReadOptions()
    keys = [cache_key(r.data, r.format, options) for r in releases]
    docs: list[Document | None] = [cache.get(key, r.source) if cache is not None else None
                                   for key, r in zip(keys, releases)]
    # one parse for each distinct release the cache lacks (OLD and NEW may be one file)
    todo: list[int] = []
    for k, doc in enumerate(docs):
        if doc is None and keys[k] not in {keys[j] for j in todo}:
            todo.append(k)
    if not (options.memory or options.deadline):  # no ceilings: read here, one by one
        for k in todo:
            r = releases[k]
            docs[k] = parse(r.data, r.source, r.format,
                            options=dataclasses.replace(options, progress=r.progress))
            if cache is not None:
                cache.put(keys[k], docs[k])
        todo = []
    at_once = side_by_side([releases[k] for k in todo], options)
    # side by side, each reads its whole document in its process; alone, a long PDF's
    # pages may be read by a pool of its own (pdf/pool.py)
    each = dataclasses.replace(options, workers=1) if at_once > 1 else options
    keep = cache is not None and cache.folder is not None
    jobs = [Job(releases[k].data, releases[k].source, releases[k].format, each,
                keys[k] if keep else None, releases[k].progress) for k in todo]
    for k, (doc, entry) in zip(todo, parse_apart(jobs, at_once, meanwhile)):
        docs[k] = doc
        if cache is not None:
            cache.put(keys[k], doc, entry)
    for k, doc in enumerate(docs):
        if doc is None:  # the same bytes as a release before it
            first = docs[keys.index(keys[k])]
            docs[k] = dataclasses.replace(first, source=releases[k].source)
    return docs


def side_by_side(releases: list[Release], options: ReadOptions) -> int:
    """How many of these releases are read at once: one each while there are cores
    (`workers`, 0: every core), at least one."""
    cores = options.workers or os.cpu_count() or 1
    return max(1, min(cores, len(releases)))
