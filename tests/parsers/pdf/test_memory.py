"""A long PDF's parse keeps its peak memory in bounds: a change that holds a tuple per
glyph for the whole document (half a million of them in a Comprehensive Rules) shows
here, not only in bench_pdf's figures."""
import subprocess
import sys

import pytest

from corpus import corpus_dir

# MTG 2020-01-22 peaks at about 250 MB; a tuple per glyph held for the whole document
# took it to 389 MB. The bound leaves room for allocator noise, not for such a change.
PEAK_MB = 330

CHILD = """
import resource, sys
from pathlib import Path
from rookery.parsers.pdf import read_pdf
read_pdf(Path(sys.argv[1]).read_bytes(), workers=1)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def test_a_long_pdf_parses_within_its_memory_bound():
    files = sorted((corpus_dir() / "mtg" / "pdf").glob("*.pdf"))
    if not files:
        pytest.skip("no MTG PDFs in the corpus")
    out = subprocess.run([sys.executable, "-c", CHILD, str(files[-1])], capture_output=True,
                         text=True, check=True)
    # ru_maxrss is in KiB on Linux, in bytes on macOS
    peak_mb = int(out.stdout.strip()) / (1024 * 1024 if sys.platform == "darwin" else 1024)
    assert peak_mb < PEAK_MB, f"{files[-1].name} peaked at {peak_mb:.0f} MB"
