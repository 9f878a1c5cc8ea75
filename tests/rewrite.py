"""PDFs rewritten by another program after the engine, as print shops, "compress PDF"
tools and print-to-PDF pipelines rewrite a publisher's file: Ghostscript's pdfwrite and
Poppler's pdftocairo. Each writes new font programs (with their own ascent and descent,
so every glyph box changes height), new ToUnicode maps (Ghostscript 10.0 swaps the bytes
of a ligature's characters, and maps a ligature it cannot read to U+0003), and places
text anew (a space kerned back under a letter, a glyph's text split in other clusters).
The sections must not change.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

# program → (its command, input and output appended; the Debian package it comes in)
PROGRAMS = {
    "ghostscript": (["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite",
                     "-sOutputFile={out}", "{in}"], "ghostscript"),
    "pdftocairo": (["pdftocairo", "-pdf", "{in}", "{out}"], "poppler-utils"),
}


def missing(program: str) -> str | None:
    """Why PDFs cannot be rewritten by `program` here, or None."""
    command, package = PROGRAMS[program]
    if shutil.which(command[0]) is None:
        return f"{command[0]} (Debian package {package}) is not installed"
    return None


def rewritten(pdf: bytes, program: str) -> bytes:
    """The PDF as `program` writes it back."""
    command, _package = PROGRAMS[program]
    with tempfile.TemporaryDirectory(prefix="rookery-rewrite-") as folder:
        source, target = Path(folder, "in.pdf"), Path(folder, "out.pdf")
        source.write_bytes(pdf)
        args = [a.replace("{in}", str(source)).replace("{out}", str(target)) for a in command]
        subprocess.run(args, check=True, capture_output=True, timeout=120)
        return target.read_bytes()
