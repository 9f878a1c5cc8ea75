"""PDFs rewritten by Ghostscript's pdfwrite, as print shops, "compress PDF" tools and
ps2pdf pipelines rewrite a publisher's file: new font programs with their own ascent and
descent (so every glyph box changes height), new ToUnicode maps (Ghostscript 10.0 writes
a ligature's several characters as UTF-16 with the bytes swapped, and a glyph whose
ligature it cannot map as U+0003), text objects split anew. The sections must not change.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path


def missing() -> str | None:
    """Why PDFs cannot be rewritten here, or None."""
    if shutil.which("gs") is None:
        return "Ghostscript (gs, Debian package ghostscript) is not installed"
    return None


def rewritten(pdf: bytes) -> bytes:
    """The PDF as Ghostscript's pdfwrite device writes it back."""
    with tempfile.TemporaryDirectory(prefix="rookery-rewrite-") as folder:
        source, target = Path(folder, "in.pdf"), Path(folder, "out.pdf")
        source.write_bytes(pdf)
        subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite",
                        f"-sOutputFile={target}", str(source)], check=True,
                       capture_output=True, timeout=120)
        return target.read_bytes()
