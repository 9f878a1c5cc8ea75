"""Parsed Documents by content hash: each distinct file is parsed once.

ParseCache keeps Documents in memory for one command and, given a folder, on disk for
the next: one compressed JSON file per (parser version, content key), so the second
`rookery diff` of a release, or a diff of a release a fetch already read, parses
nothing. The folder is bounded in bytes, the least recently used entries going first;
an entry that cannot be read is parsed again, never an error. The store keeps the same
key for its own, permanent copy. A hit is the same Document with the caller's source.
"""
from __future__ import annotations

import dataclasses
import hashlib
import os
import tempfile
import zlib
from collections import OrderedDict
from pathlib import Path

from ..model import Document, document_from_dict, document_to_dict

SUFFIX = ".parse"
DEFAULT_SIZE = 256 * 1024 * 1024  # bytes on disk: about a thousand long rulebooks


def content_key(data: bytes, format: str = "auto", remove: tuple[str, ...] = (),
                pdf_reader: str = "pdfium") -> str:
    """sha256 of the bytes, plus the options that change what parsing yields."""
    digest = hashlib.sha256(data).hexdigest()
    if format == "auto" and not remove and pdf_reader == "pdfium":
        return digest
    return f"{digest}|{format}|{'|'.join(sorted(remove))}|{pdf_reader}"


def cache_folder(configured: str | Path | None = None) -> Path:
    """Where parses are kept: $ROOKERY_CACHE, else the configured folder, else the
    user's cache folder."""
    chosen = os.environ.get("ROOKERY_CACHE") or configured
    if chosen:
        return Path(chosen)
    import platformdirs

    return Path(platformdirs.user_cache_dir("rookery", appauthor=False)) / "parses"


def encode(key: str, doc: Document) -> bytes:
    """A cache entry's bytes: the key, then the Document as JSON, compressed. A process
    that parsed the document makes them, beside the others' (together.py)."""
    # orjson: a few times as fast as the json module both ways (a long rulebook is a
    # megabyte of JSON, written in a cold diff's critical path and read in a warm one);
    # imported here, as the commands that only read the configuration need none of it
    import orjson

    return zlib.compress(key.encode() + b"\n" + orjson.dumps(document_to_dict(doc)), 1)


class ParseCache:
    """An LRU of parsed Documents in memory, over an optional folder on disk (see the
    module doc). `version` is the parser's: entries of another version are not read."""

    def __init__(self, size: int = 32, folder: str | Path | None = None,
                 max_bytes: int = DEFAULT_SIZE, version: str = ""):
        self.size = size
        self.folder = Path(folder) if folder is not None else None
        self.max_bytes = max_bytes
        self.version = version
        self._docs: OrderedDict[str, Document] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key: str, source: str = "") -> Document | None:
        doc = self._docs.get(key)
        if doc is None and self.folder is not None:
            doc = self._read(key)
            if doc is not None:
                self._remember(key, doc)
        if doc is None:
            self.misses += 1
            return None
        self.hits += 1
        self._docs.move_to_end(key)
        return dataclasses.replace(doc, source=source or doc.source)

    def put(self, key: str, doc: Document, entry: bytes | None = None) -> None:
        """Keep `doc`; `entry` is its encode() made already (where it was parsed)."""
        self._remember(key, doc)
        if self.folder is not None:
            self._write(key, entry if entry is not None else encode(key, doc))

    def path(self, key: str) -> Path | None:
        """Where the entry for `key` lives on disk: named by the parser version and the
        key together, so a new parser version never reads an old parse."""
        if self.folder is None:
            return None
        name = hashlib.sha256(f"{self.version}\n{key}".encode()).hexdigest()
        return self.folder / f"{name}{SUFFIX}"

    def _remember(self, key: str, doc: Document) -> None:
        self._docs[key] = doc
        self._docs.move_to_end(key)
        while len(self._docs) > self.size:
            self._docs.popitem(last=False)

    def _read(self, key: str) -> Document | None:
        import orjson  # (see encode)

        path = self.path(key)
        try:
            blob = path.read_bytes()
        except OSError:
            return None
        try:
            stored_key, _, body = zlib.decompress(blob).partition(b"\n")
            if stored_key.decode("utf-8") != key:
                raise ValueError("another key")
            doc = document_from_dict(orjson.loads(body))
        except Exception:  # noqa: BLE001 - a damaged entry of any kind is a miss
            path.unlink(missing_ok=True)
            return None
        try:
            os.utime(path)  # recently used: the last to be evicted
        except OSError:
            pass
        return doc

    def _write(self, key: str, blob: bytes) -> None:
        """Write the entry whole or not at all (a rename), then trim the folder. A cache
        that cannot be written (a read-only disk) is only a slower command."""
        path = self.path(key)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                out.write(blob)
            os.replace(temp, path)
        except OSError:
            return
        self._trim(keep=path.name, kept=len(blob))

    def _trim(self, keep: str, kept: int) -> None:
        """Remove the least recently used entries until the folder fits `max_bytes`,
        never `keep` (the entry just written: it may share its time with others)."""
        entries = []
        for entry in os.scandir(self.folder):
            if entry.name.endswith(SUFFIX) and entry.name != keep:
                try:
                    stat = entry.stat()
                except OSError:
                    continue
                entries.append((stat.st_mtime_ns, entry.name, stat.st_size))
        total = sum(size for _, _, size in entries) + kept
        for _, name, size in sorted(entries):
            if total <= self.max_bytes:
                break
            (self.folder / name).unlink(missing_ok=True)
            total -= size
