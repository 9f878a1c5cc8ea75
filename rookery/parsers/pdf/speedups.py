"""The PDF reader's per-glyph loops, compiled (the `_speedups` extension, built from
`csrc/*.c` where a C compiler was found at install): a page's characters from PDFium
(pdfium.py), fragments (glyphs.py), a line's text and runs (glyphs.py), the letters'
usual advances and the lines in other forms (typography.py), a fragment's runs of ink
(columns.py). Each has a Python twin
there that is the reference and the fallback: the two give equal output (tests/twins.py
holds them to it). ROOKERY_NO_SPEEDUPS=1 in the environment reads with the Python
loops alone."""
from __future__ import annotations

import os

loops = None  # the compiled module, or None: use the Python loops
if os.environ.get("ROOKERY_NO_SPEEDUPS", "") in ("", "0"):
    try:
        from . import _speedups as loops
    except ImportError:
        pass


def available() -> bool:
    """Are the compiled loops in use?"""
    return loops is not None
