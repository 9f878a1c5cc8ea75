"""Time the PDF reader against bare pdfplumber and poppler's pdftotext, on every corpus PDF.

    python benchmarks/bench_pdf.py [CORPUS]      (default: ../shared/corpus)

For each file, in the same run: rookery's full parse (blocks, sections, metadata),
pdfplumber's bare `page.chars` on every page, and `pdftotext -layout` (when poppler-utils
is installed). Prints ms/page for each, the ratios, and the peak resident memory of
each in a fresh process. Target: rookery <= 1.3x bare pdfplumber. Prints, never fails.
"""
from __future__ import annotations

import gc
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROUNDS = 5

OURS = "from rookery.parsers import parse; parse(open({path!r}, 'rb').read())"
BARE = ("import pdfplumber\nwith pdfplumber.open({path!r}) as pdf:\n"
        "    for page in pdf.pages: page.chars")


def best_ms(*runs) -> list[float]:
    """Best of ROUNDS for each run, taken in turns so that a busy moment of the machine
    does not fall on one of them only. Each run starts from a collected heap: pdfplumber's
    pages and their document refer to each other, so what one run leaves is freed by the
    cycle collector in the middle of whichever run comes next."""
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(ROUNDS):
        for k, run in enumerate(runs):
            gc.collect()
            t = time.perf_counter()
            run()
            times[k].append((time.perf_counter() - t) * 1000)
    return [min(ts) for ts in times]


def peak_mb(command: list[str]) -> float:
    """Peak RSS of a command in its own process (ru_maxrss of the waited child)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *command], capture_output=True, text=True,
                         check=True)
    return int(out.stdout.strip()) / 1024


def main() -> int:
    import pdfplumber

    from rookery.parsers import parse

    root = Path(__file__).resolve().parents[1]
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else root.parent / "shared" / "corpus"
    manifest = json.loads((corpus / "pdf" / "manifest.json").read_text())
    pdftotext = shutil.which("pdftotext")
    if not pdftotext:
        print("pdftotext not found (apt-get install poppler-utils): its column is left empty")
    print(f"{'file':36} {'pages':>5} {'rookery':>9} {'pdfplumber':>11} {'pdftotext':>10}"
          f" {'ours/bare':>9} {'ours/poppler':>12}   peak MB (rookery / bare / pdftotext)")
    ratios = []
    for entry in manifest:
        path = corpus / "pdf" / entry["file"]
        data = path.read_bytes()
        with pdfplumber.open(path) as pdf:
            pages = len(pdf.pages)

        def bare():
            with pdfplumber.open(path) as pdf:
                for page in pdf.pages:
                    page.chars

        def poppler():
            subprocess.run([pdftotext, "-layout", str(path), "-"], stdout=subprocess.DEVNULL,
                           check=True)

        runs = [lambda: parse(data), bare] + ([poppler] if pdftotext else [])
        ours_ms, bare_ms, *rest = (ms / pages for ms in best_ms(*runs))
        poppler_ms = rest[0] if rest else float("nan")
        mem = [peak_mb([sys.executable, "-c", OURS.format(path=str(path))]),
               peak_mb([sys.executable, "-c", BARE.format(path=str(path))]),
               peak_mb([pdftotext, "-layout", str(path), "-"]) if pdftotext else float("nan")]
        ratios.append(ours_ms / bare_ms)
        print(f"{entry['file']:36} {pages:5} {ours_ms:7.1f}ms {bare_ms:9.1f}ms {poppler_ms:8.1f}ms"
              f" {ours_ms / bare_ms:9.2f} {ours_ms / poppler_ms:12.1f}   "
              f"{mem[0]:.0f} / {mem[1]:.0f} / {mem[2]:.0f}")
    print(f"rookery / bare pdfplumber: median {statistics.median(ratios):.2f}, "
          f"max {max(ratios):.2f} (target <= 1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
