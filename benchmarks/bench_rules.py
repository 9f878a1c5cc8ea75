"""Parse and diff the Magic: The Gathering Comprehensive Rules; time the aligner's growth.

    python benchmarks/bench_rules.py [CORPUS]      (default: ../shared/corpus)

On the 12 plain-text releases of CORPUS/mtg (in manifest order):
1. parse time of each release with `rookery.parsers.parse` (target <= 0.5 s);
2. diff time of each consecutive pair in-process with `diff_documents`, the median of
   REPEATS cold runs each (text_key cache cleared), median over the pairs (target <= 1 s);
3. peak memory (ru_maxrss) of a fresh process that parses the last two releases and
   diffs them (target <= 200 MB), beside one that only imports rookery;
4. aligner scaling on synthetic rules documents (a seeded made-up vocabulary, no corpus
   text) of 80, 320, 1,280 and 5,120 numbered sections, heavily edited: a third of the
   rules reworded, some deleted and inserted so that later numbers shift, some moved to
   another rule, whole rules inserted. `align` alone and the whole `diff_documents` are
   timed per size with the growth exponent log(t2/t1) / log(n2/n1) against the previous
   size (1.0 is linear). When the aligner's last exponent is over 1.3, the largest size
   is profiled and the functions that dominate are printed.

A benchmark: it prints, it never fails.
"""
from __future__ import annotations

import cProfile
import gc
import json
import math
import pstats
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from rookery.diffs.align import align
from rookery.diffs.compare import diff_documents
from rookery.model import Document, Section, text_key
from rookery.parsers import parse

REPEATS = 3
SIZES = (80, 320, 1280, 5120)
SEED = 20240601

PEAK = ("import sys; from rookery.parsers import parse; "
        "from rookery.diffs.compare import diff_documents; "
        "a = parse(open(sys.argv[1], 'rb').read()); b = parse(open(sys.argv[2], 'rb').read()); "
        "diff_documents(a, b)")
IMPORT_ONLY = "import rookery.parsers, rookery.diffs.compare"


def peak_mb(args: list[str]) -> float:
    """Peak RSS of `python -c ...` in its own process (ru_maxrss of the waited child)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, sys.executable, "-c", *args],
                         capture_output=True, text=True, check=True)
    return int(out.stdout.strip()) / 1024


def timed(run, repeats: int = REPEATS) -> float:
    """Median seconds of `repeats` cold runs (comparison-key cache cleared, heap collected)."""
    times = []
    for _ in range(repeats):
        text_key.cache_clear()
        gc.collect()
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


# --- synthetic rules documents ------------------------------------------------------------

def vocabulary(rng: random.Random, size: int = 4000) -> list[str]:
    syllables = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"] + ["th", "sh", "or", "an"]
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(syllables) for _ in range(rng.randint(1, 4))))
    return sorted(words)


def sentence(rng: random.Random, vocab: list[str], lo: int = 12, hi: int = 60) -> str:
    words = rng.choices(vocab, k=rng.randint(lo, hi))
    return " ".join(words).capitalize() + "."


def reword(rng: random.Random, vocab: list[str], text: str) -> str:
    """A substantial rewording: about 40% of the words replaced, some dropped, some added."""
    out = []
    for w in text.rstrip(".").split():
        r = rng.random()
        if r < 0.30:
            out.append(rng.choice(vocab))
        elif r < 0.40:
            continue
        else:
            out.append(w)
        if rng.random() < 0.08:
            out.append(rng.choice(vocab))
    return " ".join(out).capitalize() + "."


def outline(rng: random.Random, vocab: list[str], n: int) -> list[list]:
    """Chapters of rules of subrules, about `n` sections in all:
    [[chapter title, [[rule title, [subrule text, ...]], ...]], ...]."""
    chapters, count = [], 0
    while count < n:
        rules = []
        chapters.append([sentence(rng, vocab, 1, 3).rstrip("."), rules])
        count += 1
        for _ in range(rng.randint(5, 15)):
            if count >= n:
                break
            subs = [sentence(rng, vocab) for _ in range(rng.randint(2, 12))]
            subs = subs[:max(1, n - count - 1)]
            rules.append([sentence(rng, vocab, 1, 4).rstrip("."), subs])
            count += 1 + len(subs)
    return chapters


def edited(rng: random.Random, vocab: list[str], chapters: list[list]) -> list[list]:
    """The next release: a third of the subrules reworded, 5% deleted and 5% inserted
    (later numbers in their rule shift), 3% moved to another rule, 3% of rules inserted
    whole (later rule numbers shift), 3% of rules retitled."""
    out = [[title, [[rt, list(subs)] for rt, subs in rules]] for title, rules in chapters]
    all_rules = [r for _t, rules in out for r in rules]
    for rule in all_rules:
        subs = rule[1]
        for k in range(len(subs)):
            if rng.random() < 1 / 3:
                subs[k] = reword(rng, vocab, subs[k])
        for k in reversed(range(len(subs))):
            if len(subs) > 1 and rng.random() < 0.05:
                del subs[k]
        for k in reversed(range(len(subs) + 1)):
            if rng.random() < 0.05:
                subs.insert(k, sentence(rng, vocab))
        if rng.random() < 0.03:
            rule[0] = sentence(rng, vocab, 1, 4).rstrip(".")
    movers = []
    for rule in all_rules:
        for k in reversed(range(len(rule[1]))):
            if len(rule[1]) > 1 and rng.random() < 0.03:
                movers.append(rule[1].pop(k))
    for text in movers:
        target = rng.choice(all_rules)[1]
        target.insert(rng.randint(0, len(target)), text)
    for _title, rules in out:
        for k in reversed(range(len(rules) + 1)):
            if rng.random() < 0.03:
                rules.insert(k, [sentence(rng, vocab, 1, 4).rstrip("."),
                                 [sentence(rng, vocab) for _ in range(rng.randint(2, 8))]])
    return out


def document(chapters: list[list]) -> Document:
    """Sections numbered the Comprehensive Rules' way: chapter "1. Title", rule "100. Title",
    subrules "100.1" ... under it, each going by its rule's title."""
    sections = []
    for c, (chapter, rules) in enumerate(chapters, start=1):
        head = f"{c}. {chapter}"
        sections.append(Section(title=chapter, kind="heading", number=str(c), heading=head))
        for r, (title, subs) in enumerate(rules):
            number = str(c * 100 + r)
            rule_head = f"{number}. {title}"
            sections.append(Section(title=title, kind="heading", number=number,
                                    path=(head,), heading=rule_head))
            for s, text in enumerate(subs, start=1):
                sub = f"{number}.{s}"
                sections.append(Section(title=title, kind="ruling", text=text, number=sub,
                                        path=(head, rule_head), heading=sub))
    return Document(sections=sections, format="text")


def synthetic_pair(n: int) -> tuple[Document, Document]:
    rng = random.Random(SEED + n)
    vocab = vocabulary(rng)
    chapters = outline(rng, vocab, n)
    return document(chapters), document(edited(rng, vocab, chapters))


def profile_align(old: Document, new: Document, top: int = 8) -> None:
    text_key.cache_clear()
    profiler = cProfile.Profile()
    profiler.enable()
    align(old.sections, new.sections)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt
    rows = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    print(f"  profile of align at {len(old.sections)} sections ({total:.2f} s): "
          "function, own time share, cumulative share")
    for (file, line, name), (_cc, calls, own, cum, _callers) in rows:
        where = f"{Path(file).name}:{line}" if line else file
        print(f"    {name[:40]:40} {where[:28]:28} {calls:9} calls {own / total:6.1%} "
              f"{cum / total:6.1%}")


# --- main ---------------------------------------------------------------------------------

def main() -> int:
    root = Path(__file__).resolve().parents[1]
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else root.parent / "shared" / "corpus"
    mtg = corpus / "mtg"
    if not (mtg / "manifest.json").exists():
        print(f"no MTG corpus at {mtg} (give the corpus directory as argument)", file=sys.stderr)
        return 0
    releases = json.loads((mtg / "manifest.json").read_text())["releases"]
    paths = [mtg / e["file"] for e in releases]
    blobs = [p.read_bytes() for p in paths]
    parse(blobs[0])  # warm imports and caches outside the timings

    docs, parse_s = [], []
    for blob in blobs:
        gc.collect()
        t = time.perf_counter()
        docs.append(parse(blob))
        parse_s.append(time.perf_counter() - t)
    diff_s, changes = [None], [None]
    for old, new in zip(docs, docs[1:]):
        diff_s.append(timed(lambda: diff_documents(old, new)))
        changes.append(len(diff_documents(old, new).changes))

    print(f"MTG Comprehensive Rules, {len(blobs)} releases (diff: median of {REPEATS} cold runs)")
    print(f"  {'release':12} {'KiB':>5} {'sections':>8} {'parse ms':>9} {'diff ms':>8} {'changes':>8}")
    for e, blob, doc, p, d, c in zip(releases, blobs, docs, parse_s, diff_s, changes):
        dtxt = f"{d * 1000:8.0f}" if d is not None else f"{'-':>8}"
        ctxt = f"{c:8}" if c is not None else f"{'-':>8}"
        print(f"  {e['release']:12} {len(blob) / 1024:5.0f} {len(doc.sections):8} "
              f"{p * 1000:9.0f} {dtxt} {ctxt}")
    diffs = diff_s[1:]
    peak = peak_mb([PEAK, str(paths[-2]), str(paths[-1])])
    base = peak_mb([IMPORT_ONLY])

    print("\nAligner scaling, synthetic documents (median of cold runs)")
    print(f"  {'sections':>8} {'new':>6} {'pairs':>6} {'align ms':>9} {'ratio':>6} {'exp':>5}"
          f" {'diff ms':>9} {'ratio':>6} {'exp':>5}")
    prev = None
    exponents = []
    largest = None
    for n in SIZES:
        old, new = synthetic_pair(n)
        repeats = 5 if n <= 1280 else REPEATS
        pairs = len(align(old.sections, new.sections))
        ta = timed(lambda: align(old.sections, new.sections), repeats)
        td = timed(lambda: diff_documents(old, new), repeats)
        size = len(old.sections)
        if prev is None:
            print(f"  {size:8} {len(new.sections):6} {pairs:6} {ta * 1000:9.1f} {'':6} {'':5}"
                  f" {td * 1000:9.1f}")
        else:
            pn, pa, pd = prev
            ea = math.log(ta / pa) / math.log(size / pn)
            ed = math.log(td / pd) / math.log(size / pn)
            exponents.append((ea, ed))
            print(f"  {size:8} {len(new.sections):6} {pairs:6} {ta * 1000:9.1f} {ta / pa:6.2f}"
                  f" {ea:5.2f} {td * 1000:9.1f} {td / pd:6.2f} {ed:5.2f}")
        prev = (size, ta, td)
        largest = (old, new)

    print("\nSummary")
    print(f"  parse  median {statistics.median(parse_s):.3f} s, max {max(parse_s):.3f} s"
          f"  (target <= 0.5 s)")
    print(f"  diff   median {statistics.median(diffs):.3f} s, max {max(diffs):.3f} s over "
          f"{len(diffs)} pairs  (target <= 1 s median)")
    print(f"  peak   {peak:.0f} MB parsing {paths[-2].name} + {paths[-1].name} and diffing "
          f"(import alone {base:.0f} MB)  (target <= 200 MB)")
    print("  growth exponent align: " + ", ".join(f"{a:.2f}" for a, _ in exponents)
          + "   diff: " + ", ".join(f"{d:.2f}" for _, d in exponents)
          + "  (1.0 linear; over 1.3 is super-linear)")
    if exponents and exponents[-1][0] > 1.3:
        profile_align(*largest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
