"""The structure builder: blocks (what every format reader gives) → a Document.

outline.py builds the section tree and the title block; contents.py leaves out a
document's own table of contents; glossary.py tells a glossary's terms by their order;
sequence.py holds a document's numbering as evidence of which numbers open sections.
"""
from __future__ import annotations

__all__ = ["build_document"]


def __getattr__(name: str):
    """build_document, loaded when first asked for: a diff of stored or cached releases
    reads their update summaries (summary.py) and builds nothing."""
    if name == "build_document":
        from .outline import build_document

        return build_document
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
