"""The PDF reader's per-glyph loops, compiled (the `_speedups` extension, built from
`csrc/*.c` where a C compiler was found at install). Each has a Python twin that
is the reference and the fallback: the two give equal output, the compiled one about
four times sooner. ROOKERY_NO_SPEEDUPS=1 in the environment reads with the Python
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
