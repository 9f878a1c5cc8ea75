"""The structure builder: blocks (what every format reader gives) → a Document.

outline.py builds the section tree and the title block; contents.py leaves out a
document's own table of contents; glossary.py tells a glossary's terms by their order;
sequence.py holds a document's numbering as evidence of which numbers open sections.
"""
from __future__ import annotations

from .outline import build_document

__all__ = ["build_document"]
