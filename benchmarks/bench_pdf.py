"""Time the PDF reader on every corpus PDF against bare text extraction, then `rookery
diff` of two Magic Comprehensive Rules PDFs with an empty and a warm parse cache.

    python benchmarks/bench_pdf.py [CORPUS] [--quick]      (default: ../shared/corpus)

Per file, on one core and in CPU time (time.process_time, so that other work on the
machine weighs little): rookery's full parse (characters through PDFium, blocks,
sections, metadata) with the page pool off, and pypdfium2's bare `get_text_range` of
the same pages; the median of each per folder (layout A `pdf`, layout B `pdf_b`,
`mtg/pdf`, `lorcana`), and ours / bare. Targets: ours <= 10 ms/page median and <= 2.5x
bare. Then `rookery diff` of two MTG PDFs as a command, wall time, with an empty cache
and then a warm one (targets 3 s and 0.5 s on an idle 2-core machine), and its peak
memory, workers included (target 300 MB), and where a warm diff's CPU time goes.
Between the two, where one MTG parse goes: PDFium's own page loading, and the compiled
per-glyph loops against their Python twins.
`--quick` times one file per folder. Prints, never fails.
"""
from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROUNDS = 3
FOLDERS = ("pdf", "pdf_b", "mtg/pdf", "lorcana")


def bare_text(data: bytes) -> int:
    """pypdfium2's text of every page, and nothing else: the floor of any reader."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    chars = 0
    for index in range(len(pdf)):
        page = pdf[index]
        textpage = page.get_textpage()
        chars += len(textpage.get_text_range())
        textpage.close()
        page.close()
    pdf.close()
    return chars


def best_cpu_ms(*runs) -> list[float]:
    """Best CPU time of ROUNDS for each run, taken in turns, each from a collected heap
    and with the cyclic collector paused, as a parse pauses it (pdf/__init__.py): a
    stage that keeps a document's glyphs would otherwise be timed with the collector
    walking them again and again."""
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(ROUNDS):
        for k, run in enumerate(runs):
            gc.collect()
            gc.disable()
            try:
                t = time.process_time()
                run()
                times[k].append((time.process_time() - t) * 1000)
            finally:
                gc.enable()
    return [min(ts) for ts in times]


def peak_mb(command: list[str], env: dict) -> float:
    """Peak RSS of a command and its workers (ru_maxrss of the waited descendants)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *command], capture_output=True, text=True,
                         check=True, env=env)
    return int(out.stdout.strip()) / 1024


def per_page(corpus: Path, quick: bool) -> None:
    import pypdfium2 as pdfium

    from rookery.parsers import ReadOptions, parse

    one_core = ReadOptions(workers=1)
    print(f"{'file':42} {'pages':>5} {'rookery':>9} {'text only':>10} {'ratio':>6}")
    summary = []
    for folder in FOLDERS:
        files = sorted((corpus / folder).glob("*.pdf"))[:1 if quick else None]
        ours_all, ratios = [], []
        for path in files:
            data = path.read_bytes()
            pages = len(pdfium.PdfDocument(data))
            ours, bare = (ms / pages for ms in best_cpu_ms(
                lambda: parse(data, options=one_core), lambda: bare_text(data)))
            ours_all.append(ours)
            ratios.append(ours / bare)
            print(f"{folder + '/' + path.name:42} {pages:5} {ours:7.1f}ms {bare:8.1f}ms "
                  f"{ours / bare:6.1f}")
        if files:
            summary.append((folder, len(files), statistics.median(ours_all),
                            statistics.median(ratios), max(ratios)))
    print(f"\n{'folder':10} {'files':>5} {'median ms/page':>15} {'median ratio':>13} "
          f"{'max ratio':>10}   (targets: <= 10 ms/page, <= 2.5x get_text_range)")
    for folder, count, ms, ratio, worst in summary:
        print(f"{folder:10} {count:5} {ms:15.1f} {ratio:13.1f} {worst:10.1f}")


def stages(corpus: Path) -> None:
    """Where one MTG PDF's parse goes, CPU ms/page on one core: PDFium opening each page
    and its text, the characters read and grouped into fragments by the compiled loops
    and by their Python twins (speedups.py), and the whole parse with every loop
    compiled and with none."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from rookery.parsers import ReadOptions, parse
    from rookery.parsers.pdf import glyphs, speedups
    from rookery.parsers.pdf import pdfium as pdfium_reader

    mtg = sorted((corpus / "mtg" / "pdf").glob("*.pdf"))
    if not mtg:
        return
    data = mtg[-1].read_bytes()
    pdf = pdfium.PdfDocument(data)
    count = len(pdf)

    def each_page(work):
        def run():
            for index in range(count):
                page = pdf[index]
                work(page, index)
                page.close()
        return run

    read = {}

    def glyphs_of(compiled):
        def work(page, index):
            read[index] = pdfium_reader._pdfium_page(raw, page, index, compiled).glyphs
        return work

    def in_python():  # every compiled loop off, as ROOKERY_NO_SPEEDUPS=1 has them
        loops, speedups.loops = speedups.loops, None
        try:
            parse(data, options=ReadOptions(workers=1))
        finally:
            speedups.loops = loops

    opened = each_page(lambda page, index: page.get_textpage().close())
    each_page(glyphs_of(False))()  # the glyphs the fragment timings group
    timings = best_cpu_ms(
        opened, each_page(glyphs_of(True)), each_page(glyphs_of(False)),
        lambda: [glyphs.fragments(read[k], k, True) for k in range(count)],
        lambda: [glyphs.fragments(read[k], k, False) for k in range(count)],
        lambda: parse(data, options=ReadOptions(workers=1)), in_python)
    opening, fast, slow, fast_frags, slow_frags, whole, python = (ms / count for ms in timings)
    print(f"\n{mtg[-1].name}, {count} pages, CPU ms/page (compiled loops "
          f"{'built' if speedups.available() else 'NOT built: both columns are Python'}):")
    print(f"  PDFium opens a page and its text  {opening:6.1f}")
    print(f"  characters (incl. the above)      {fast:6.1f} compiled {slow:6.1f} Python")
    print(f"  fragments                         {fast_frags:6.1f} compiled {slow_frags:6.1f} Python")
    print(f"  whole parse                       {whole:6.1f} compiled {python:6.1f} Python "
          f"(the rest: columns, blocks, sections)")
    pdf.close()


def diff_walls(corpus: Path) -> None:
    """`rookery diff` of the first and last MTG PDFs: cold (an empty cache folder each
    round) and warm (the folder the cold round filled), best and median of ROUNDS."""
    mtg = sorted((corpus / "mtg" / "pdf").glob("*.pdf"))
    if len(mtg) < 2:
        return
    # this interpreter's rookery: the tree the figures above were taken of
    command = [sys.executable, "-m", "rookery", "diff", "--format", "json", str(mtg[0]),
               str(mtg[-1])]
    cold, warm = [], []
    for _ in range(ROUNDS):
        with tempfile.TemporaryDirectory(prefix="rookery-bench-cache-") as folder:
            env = {**os.environ, "ROOKERY_CACHE": folder}
            for walls in (cold, warm):
                t = time.perf_counter()
                subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
                walls.append(time.perf_counter() - t)
    with tempfile.TemporaryDirectory(prefix="rookery-bench-cache-") as folder:
        peak = peak_mb(command, {**os.environ, "ROOKERY_CACHE": folder})
        parts = warm_parts([mtg[0], mtg[-1]], folder)  # the folder that command filled
    names = f"{mtg[0].name} {mtg[-1].name}"
    print(f"\nrookery diff {names} on {os.cpu_count()} cores:")
    print(f"  empty cache: best {min(cold):.2f} s, median {statistics.median(cold):.2f} s "
          f"(target <= 3 s)")
    print(f"  warm cache:  best {min(warm):.2f} s, median {statistics.median(warm):.2f} s "
          f"(target <= 0.5 s)")
    print(f"  peak memory, empty cache: {peak:.0f} MB (target <= 300 MB)")
    print("  where a warm diff's CPU goes, in this process, best of rounds (ms): "
          + ", ".join(f"{name} {ms:.0f}" for name, ms in parts.items()))


def warm_parts(paths: list[Path], folder: str) -> dict[str, float]:
    """CPU ms of the stages of a warm diff, each the best of ROUNDS: both releases read
    from the cache `folder`, their sections aligned, the pairs compared and the alerts
    raised (with the alignment again: the diff does it), and the diff written as JSON
    and as text. The
    command adds Python's start, the imports and the configuration to these."""
    from rookery.commands.common import json_text
    from rookery.diffs.align import align
    from rookery.diffs.compare import diff_documents
    from rookery.diffs.report import to_json
    from rookery.diffs.text import render_text
    from rookery.parsers import PARSER_VERSION, ReadOptions
    from rookery.parsers.cache import ParseCache
    from rookery.parsers.together import Release, parse_releases

    def cache():  # that folder, whatever $ROOKERY_CACHE says, and nothing in memory yet
        return ParseCache(folder=folder, version=PARSER_VERSION)

    releases = [Release(path.read_bytes(), str(path)) for path in paths]
    old, new = parse_releases(releases, cache(), ReadOptions())
    diff = diff_documents(old, new)
    stages = {
        "read from the cache": lambda: parse_releases(releases, cache(), ReadOptions()),
        "align": lambda: align(old.sections, new.sections),
        "align, compare and alerts": lambda: diff_documents(old, new),
        "JSON": lambda: json_text(to_json(diff)),
        "text": lambda: render_text(diff),
    }
    best = {}
    for name, stage in stages.items():
        times = []
        for _ in range(ROUNDS):
            t = time.process_time()
            stage()
            times.append(time.process_time() - t)
        best[name] = min(times) * 1000
    return best


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = Path(__file__).resolve().parents[1]
    corpus = Path(args[0]) if args else root.parent / "shared" / "corpus"
    print(f"load average {_load()} at the start")
    per_page(corpus, "--quick" in sys.argv)
    stages(corpus)
    diff_walls(corpus)
    print(f"load average {_load()} at the end (the walls need an idle machine; CPU "
          "times weigh a busy one less)")
    return 0


def _load() -> str:
    """The 1-, 5- and 15-minute load averages, where the system tells them."""
    try:
        return " ".join(f"{v:.1f}" for v in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
