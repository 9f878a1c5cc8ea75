"""Time the PDF reader on every corpus PDF against bare character extraction and poppler.

    python benchmarks/bench_pdf.py [CORPUS]      (default: ../shared/corpus)

For each file, in one run and in turns: rookery's full parse (characters through PDFium,
blocks, sections, metadata); bare pypdfium2 reading every field the reader uses per
character (text, box, size, font name and flags, fill colour), written the plain way;
bare pdfplumber `page.chars`; and `pdftotext -layout` (when poppler-utils is installed).
Then `rookery diff faq_v2.1.pdf faq_v2.2.pdf` as a command, wall time, and peak memory
of each in a fresh process. Targets: our parse <= 150 ms/page median and <= 2.5x bare
pypdfium2; the diff <= 2 s. Prints, never fails.
"""
from __future__ import annotations

import ctypes
import gc
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROUNDS = 3

OURS = "from rookery.parsers import parse; parse(open({path!r}, 'rb').read())"
PLUMBER = ("import pdfplumber\nwith pdfplumber.open({path!r}) as pdf:\n"
           "    for page in pdf.pages: page.chars")
PDFIUM = "import sys; sys.path.insert(0, {here!r}); import bench_pdf; bench_pdf.bare_pdfium({path!r})"


def bare_pdfium(path: str) -> int:
    """Every character's text, box, size, font name and flags and fill colour, asked of
    pypdfium2 character by character: the floor our reader stands on."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(path)
    box = raw.FS_RECTF()
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    count = 0
    for index in range(len(pdf)):
        page = pdf[index]
        textpage = page.get_textpage()
        tp = textpage.raw
        for k in range(raw.FPDFText_CountChars(tp)):
            raw.FPDFText_GetUnicode(tp, k)
            raw.FPDFText_GetLooseCharBox(tp, k, box)
            raw.FPDFText_GetFontSize(tp, k)
            raw.FPDFText_GetFontInfo(tp, k, name, 256, flags)
            raw.FPDFText_GetFillColor(tp, k, r, g, b, a)
            count += 1
        textpage.close()
        page.close()
    pdf.close()
    return count


def best_ms(*runs) -> list[float]:
    """Best of ROUNDS for each run, taken in turns so that a busy moment of the machine
    does not fall on one of them only; each from a collected heap."""
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
    import pypdfium2 as pdfium

    from rookery.parsers import parse

    here = str(Path(__file__).resolve().parent)
    root = Path(__file__).resolve().parents[1]
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else root.parent / "shared" / "corpus"
    manifest = json.loads((corpus / "pdf" / "manifest.json").read_text())
    pdftotext = shutil.which("pdftotext")
    if not pdftotext:
        print("pdftotext not found (apt-get install poppler-utils): its column is left empty")
    print(f"{'file':34} {'pages':>5} {'rookery':>8} {'pypdfium2':>10} {'pdfplumber':>11}"
          f" {'pdftotext':>10} {'ours/pdfium':>11}   peak MB (rookery / pypdfium2 / "
          f"pdfplumber / pdftotext)")
    ours_all, ratios = [], []
    for entry in manifest:
        path = corpus / "pdf" / entry["file"]
        data = path.read_bytes()
        pages = len(pdfium.PdfDocument(data))

        def plumber():
            with pdfplumber.open(path) as pdf:
                for page in pdf.pages:
                    page.chars

        def poppler():
            subprocess.run([pdftotext, "-layout", str(path), "-"], stdout=subprocess.DEVNULL,
                           check=True)

        runs = [lambda: parse(data), lambda: bare_pdfium(str(path)), plumber] + \
            ([poppler] if pdftotext else [])
        ours, fium, plumb, *rest = (ms / pages for ms in best_ms(*runs))
        pop = rest[0] if rest else float("nan")
        mem = [peak_mb([sys.executable, "-c", OURS.format(path=str(path))]),
               peak_mb([sys.executable, "-c", PDFIUM.format(here=here, path=str(path))]),
               peak_mb([sys.executable, "-c", PLUMBER.format(path=str(path))]),
               peak_mb([pdftotext, "-layout", str(path), "-"]) if pdftotext else float("nan")]
        ours_all.append(ours)
        ratios.append(ours / fium)
        print(f"{entry['file']:34} {pages:5} {ours:6.1f}ms {fium:8.1f}ms {plumb:9.1f}ms"
              f" {pop:8.1f}ms {ours / fium:11.2f}   "
              f"{mem[0]:.0f} / {mem[1]:.0f} / {mem[2]:.0f} / {mem[3]:.0f}")
    print(f"our parse: median {statistics.median(ours_all):.1f} ms/page, max "
          f"{max(ours_all):.1f} (target <= 150); ours / bare pypdfium2: median "
          f"{statistics.median(ratios):.2f}, max {max(ratios):.2f} (target <= 2.5)")
    a, b = corpus / "pdf" / "faq_v2.1.pdf", corpus / "pdf" / "faq_v2.2.pdf"
    if a.exists() and b.exists():
        rookery = shutil.which("rookery") or "rookery"
        walls = []
        for _ in range(ROUNDS):
            t = time.perf_counter()
            subprocess.run([rookery, "diff", str(a), str(b)], stdout=subprocess.DEVNULL,
                           check=True)
            walls.append(time.perf_counter() - t)
        print(f"rookery diff faq_v2.1.pdf faq_v2.2.pdf: best {min(walls):.2f} s wall, "
              f"median {statistics.median(walls):.2f} s (target <= 2 s); peak "
              f"{peak_mb([rookery, 'diff', str(a), str(b)]):.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
