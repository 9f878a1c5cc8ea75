"""A long PDF's parse keeps its peak memory in bounds: a change that holds a tuple per
glyph for the whole document (half a million of them in a Comprehensive Rules) shows
here, not only in bench_pdf's figures."""
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from corpus import corpus_dir

# The bound grows with the document's characters: the interpreter and its libraries,
# then what the reader keeps per glyph (about 0.3 kB; 0.5 kB when a change held a
# tuple per glyph for the whole document). Room for allocator noise, not for that.
BASE_MB = 60
PER_GLYPH_KB = 0.4

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


def characters(path: Path) -> int:
    pdf = pdfium.PdfDocument(path.read_bytes())
    try:
        return sum(pdf[k].get_textpage().count_chars() for k in range(len(pdf)))
    finally:
        pdf.close()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("folder", ["mtg/pdf", "lorcana"])
def test_a_pdf_parses_within_a_memory_bound_for_its_size(folder):
    files = sorted((corpus_dir() / folder).glob("*.pdf"))
    if not files:
        pytest.skip(f"no PDFs in the corpus's {folder}")
    out = subprocess.run([sys.executable, "-c", CHILD, str(files[-1])], capture_output=True,
                         text=True, check=True)
    peak_mb = int(out.stdout.strip()) / 1024  # VmHWM is in kB
    bound = BASE_MB + PER_GLYPH_KB * characters(files[-1]) / 1024
    assert peak_mb < bound, f"{files[-1].name} peaked at {peak_mb:.0f} MB (bound {bound:.0f})"
