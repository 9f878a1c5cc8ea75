"""Parsed Documents by content hash: each distinct file is parsed once.

The in-memory cache serves one command; the store keeps the same key for its own,
persistent copy. A hit is the same Document with the caller's source name.
"""
from __future__ import annotations

import dataclasses
import hashlib
from collections import OrderedDict

from ..model import Document


def content_key(data: bytes, format: str = "auto", remove: tuple[str, ...] = (),
                pdf_reader: str = "pdfium") -> str:
    """sha256 of the bytes, plus the options that change what parsing yields."""
    digest = hashlib.sha256(data).hexdigest()
    if format == "auto" and not remove and pdf_reader == "pdfium":
        return digest
    return f"{digest}|{format}|{'|'.join(sorted(remove))}|{pdf_reader}"


class ParseCache:
    """A small LRU of parsed Documents."""

    def __init__(self, size: int = 32):
        self.size = size
        self._docs: OrderedDict[str, Document] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key: str, source: str = "") -> Document | None:
        doc = self._docs.get(key)
        if doc is None:
            self.misses += 1
            return None
        self.hits += 1
        self._docs.move_to_end(key)
        return dataclasses.replace(doc, source=source or doc.source)

    def put(self, key: str, doc: Document) -> None:
        self._docs[key] = doc
        self._docs.move_to_end(key)
        while len(self._docs) > self.size:
            self._docs.popitem(last=False)
