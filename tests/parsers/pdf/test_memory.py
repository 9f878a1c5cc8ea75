"""A long PDF's parse keeps its peak memory in bounds: a change that holds a tuple per
glyph for the whole document (half a million of them in a Comprehensive Rules) shows
here, not only in bench_pdf's figures."""
import subprocess
import sys
from pathlib import Path

import pytest

from corpus import corpus_dir

# MTG 2020-01-22 peaks at about 250 MB; a tuple per glyph held for the whole document
# took it to 389 MB. The bound leaves room for allocator noise, not for such a change.
PEAK_MB = 330

# the child's own peak: VmHWM belongs to the memory it was given at exec, where
# ru_maxrss would carry over the peak of the test worker it was forked from
CHILD = """
import sys
from pathlib import Path
from rookery.parsers.pdf import read_pdf
read_pdf(Path(sys.argv[1]).read_bytes(), workers=1)
status = Path("/proc/self/status").read_text()
print(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_a_long_pdf_parses_within_its_memory_bound():
    files = sorted((corpus_dir() / "mtg" / "pdf").glob("*.pdf"))
    if not files:
        pytest.skip("no MTG PDFs in the corpus")
    out = subprocess.run([sys.executable, "-c", CHILD, str(files[-1])], capture_output=True,
                         text=True, check=True)
    peak_mb = int(out.stdout.strip()) / 1024  # VmHWM is in kB
    assert peak_mb < PEAK_MB, f"{files[-1].name} peaked at {peak_mb:.0f} MB"
