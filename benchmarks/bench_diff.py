"""Parse every FAQ snapshot of the corpus and diff each consecutive pair; print timings.

    python benchmarks/bench_diff.py [CORPUS]      (default: ../shared/corpus)

Targets on a 2-core machine: parse <= 30 ms per page, diff <= 50 ms per pair (median).
A benchmark, not a test: it prints figures and never fails on them.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from rookery.diffs.compare import diff_documents
from rookery.model import text_key
from rookery.parsers import parse


def main() -> int:
    root = Path(__file__).resolve().parents[1]
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else root.parent / "shared" / "corpus"
    manifest = json.loads((corpus / "thronesdb" / "manifest.json").read_text())
    for doc_kind in ("faq", "rules", "tournament"):
        entries = [e for e in manifest if e["doc"] == doc_kind and e["branch"] == "master"]
        blobs = [(corpus / "thronesdb" / e["file"]).read_bytes() for e in entries]
        parse(blobs[0])  # warm imports and caches outside the timings
        docs, parse_ms = [], []
        for blob in blobs:
            t = time.perf_counter()
            docs.append(parse(blob))
            parse_ms.append((time.perf_counter() - t) * 1000)
        diff_ms = []
        for old, new in zip(docs, docs[1:]):
            text_key.cache_clear()  # cold: no comparison key computed by an earlier pair
            t = time.perf_counter()
            diff_documents(old, new)
            diff_ms.append((time.perf_counter() - t) * 1000)
        kb = statistics.median(len(b) for b in blobs) / 1024
        print(f"{doc_kind:10} {len(blobs):3} pages (median {kb:.0f} KiB, "
              f"{statistics.median(len(d.sections) for d in docs):.0f} sections)  "
              f"parse ms/page median {statistics.median(parse_ms):6.1f} max {max(parse_ms):6.1f}   "
              f"diff ms/pair median {statistics.median(diff_ms):6.1f} max {max(diff_ms):6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
