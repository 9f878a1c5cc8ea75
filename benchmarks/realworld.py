"""Rookery on real documents from publishers it was not written for: one table.

usage: python benchmarks/realworld.py [--corpus DIR] [--wild DIR] [--work DIR]
                                      [--jobs N] [--only TEXT] [--no-rewrites]

For every document of the shared corpus's realworld/ folder (its manifest.json) and of
the collection that benchmarks/wild/manifest.json describes (the files themselves are
kept out of the repository: --wild, or $ROOKERY_WILD, names the folder holding them,
each checked against its sha256):

* `rookery check` in full: sections, numbered ones, numbered rules without text,
  headings over nothing ("bare"),
  numbers printed twice or out of order, numbered rules left in another's text
  ("intx"), numbers set under a rule they follow ("under"), headings a PDF
  lists itself (bookmarks, tags, linked contents) left as lines of text ("hdtx"), contents lines read as sections ("toc"), columns of figures read apart from their rows, sections cut out of a sentence, list items read as rules, sections nested under the wrong heading, headings left in the text, numbers left in titles, labels read as sections, tables' columns read apart, right-to-left text in visual order, titles that are no titles, words lost;
* the words pdftotext finds that the reader was never given (text it drops before any
  rule sees it: turned, off the page), as a share;
* each PDF against itself rewritten by Ghostscript and by pdftocairo: changes (0 is
  right, unless the rewrite changed the words or characters PDFium reads: "d" in the
  table; or dropped the bookmarks, tags or links that name its headings, evidence the
  reader uses: "o");
* every same-release pair (a PDF beside its Word file or web page): changes (0 is right);
* every consecutive pair of versions of one document: changes (no truth: for reading).

A document that cannot be read says why in one line (a scan). A traceback is a bug and
is counted apart. Exit status 0 when every readable document is sound and every rewrite
and same-release pair gives no change.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus"
WILD_MANIFEST = HERE / "wild" / "manifest.json"
REWRITERS = {
    "gs": ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite",
           "-sOutputFile={out}", "{src}"],
    "cairo": ["pdftocairo", "-pdf", "{src}", "{out}"],
}
REWRITE_SECONDS = 120
DAMAGED = 0.002  # of the words: a rewrite that changed more for PDFium damaged the text


def documents(corpus: Path, wild: Path | None) -> list[dict]:
    """Every document with where its file is (`path`) and the group of versions it
    belongs to, if any (`series`)."""
    out = []
    shared = corpus / "realworld" / "manifest.json"
    if shared.exists():
        for d in json.loads(shared.read_text())["documents"]:
            out.append(d | {"path": str(corpus / "realworld" / d["file"]), "origin": "shared",
                            "series": d.get("versions_of")})
    if wild is not None and WILD_MANIFEST.exists():
        for d in json.loads(WILD_MANIFEST.read_text())["documents"]:
            out.append(d | {"path": str(wild / d["file"]), "origin": "wild",
                            "series": d.get("versions_of")})
    return out


def engine(d: dict) -> str:
    """The program that made the file, in a word or two."""
    text = f"{d.get('creator') or ''} {d.get('producer') or ''}".lower()
    for needle, name in [("pdfmaker", "PDFMaker"), ("indesign", "InDesign"),
                         ("illustrator", "Illustrator"), ("google docs", "Google Docs"),
                         ("word", "Word"), ("quartz", "Quartz"), ("libreoffice", "LibreOffice"),
                         ("openoffice", "OpenOffice"), ("typst", "Typst"),
                         ("asciidoctor", "Asciidoctor"), ("wkhtmltopdf", "wkhtmltopdf"),
                         ("chrom", "Chromium"), ("skia", "Skia"), ("latex", "LaTeX"),
                         ("tex", "TeX"), ("ghostscript", "Ghostscript"), ("primopdf", "PrimoPDF")]:
        if needle in text:
            return name
    return {"docx": "Word file", "html": "web page"}.get(d["format"], text.strip()[:12] or "?")


# ---------------------------------------------------------------- work in a process

def check(task: tuple[dict, str, bool]) -> dict:
    """A document's reading, its rewrites' diffs and its pdftotext words, as a row."""
    d, work, rewrites = task
    row = {"file": d["file"], "status": "ok"}
    started = time.process_time()
    try:
        data = Path(d["path"]).read_bytes()
    except OSError as e:
        return row | {"status": "missing", "reason": str(e)}
    if d.get("sha256") and hashlib.sha256(data).hexdigest() != d["sha256"]:
        return row | {"status": "missing", "reason": "sha256 differs from the manifest's"}
    doc, reason = _parse(data, d["file"])
    row["seconds"] = round(time.process_time() - started, 2)
    if doc is None:
        return row | reason
    from rookery.model import reading_to_dict

    row["reading"] = reading_to_dict(doc.reading)
    if d["format"] == "pdf":
        row["pdftotext"] = _pdftotext_share(d["path"], doc)
        if rewrites:
            for name in REWRITERS:
                row[name] = _rewritten(d["path"], doc, name, work)
    return row


def _parse(data: bytes, name: str):
    """(Document, None), or (None, the status and one-line reason it could not be read)."""
    from rookery.errors import ParseError, UnsupportedFormat
    from rookery.parsers import ReadOptions, parse

    try:
        return parse(data, source=name, options=ReadOptions(workers=1)), None
    except (ParseError, UnsupportedFormat) as e:
        return None, {"status": "unreadable", "reason": str(e).removeprefix(f"{name}: ")}
    except Exception as e:  # noqa: BLE001 - a reader's bug: counted and shown apart
        return None, {"status": "traceback", "reason": f"{type(e).__name__}: {e}",
                      "trace": traceback.format_exc(limit=-3)}


def _pdftotext_share(path: str, doc) -> float | None:
    """The share of pdftotext's words the reader was never given (0 to 1)."""
    from rookery.parsers.structure.account import words

    if shutil.which("pdftotext") is None or doc.reading.words is None:
        return None
    found = subprocess.run(["pdftotext", "-q", path, "-"], capture_output=True).stdout
    theirs = Counter(words(found.decode("utf-8", "replace")))
    ours = doc.reading.words.words
    if not theirs:
        return None
    missing = max(0, sum(theirs.values()) - ours)
    return round(missing / sum(theirs.values()), 4)


def _rewritten(path: str, doc, name: str, work: str) -> dict:
    """Changes between the PDF and itself rewritten by `name` (0 is right)."""
    from rookery.diffs.compare import diff_documents

    out = Path(work) / f"{hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]}-{name}.pdf"
    if not out.exists():
        # written aside and renamed when whole: a rewrite cut short is never kept
        part = out.with_name(f"{out.stem}.part.pdf")
        command = [a.format(src=path, out=part) for a in REWRITERS[name]]
        if shutil.which(command[0]) is None:
            return {"error": f"{command[0]} not installed"}
        try:
            done = subprocess.run(command, capture_output=True, timeout=REWRITE_SECONDS)
        except subprocess.TimeoutExpired:
            part.unlink(missing_ok=True)
            return {"error": "the rewrite took too long"}
        if done.returncode != 0 or not part.exists():
            part.unlink(missing_ok=True)
            return {"error": "the rewrite failed"}
        os.replace(part, out)
    other, reason = _parse(out.read_bytes(), out.name)
    if other is None:
        return {"error": reason["reason"][:80]}
    return {"changes": len(diff_documents(doc, other).changes),
            "sound": not other.reading.doubtful,
            "damaged": _text_layer_moved(Path(path).read_bytes(), out.read_bytes()),
            "unmarked": _marks_lost(Path(path).read_bytes(), out.read_bytes())}


def _marks_lost(before: bytes, after: bytes) -> bool:
    """Did the rewrite drop or change what the file says of its own headings (its
    bookmarks, else whether it is tagged and its links into itself), evidence the reader
    uses? pdftocairo drops all three; Ghostscript keeps bookmarks and drops tags."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    from rookery.parsers.pdf.bookmarks import outline

    def tagged_and_linked(data: bytes) -> tuple[bool, int]:
        pdf = pypdfium2.PdfDocument(data)
        try:
            links = 0
            for k in range(len(pdf)):
                page, at, link = pdf[k], ctypes.c_int(0), raw.FPDF_LINK()
                while raw.FPDFLink_Enumerate(page.raw, ctypes.byref(at), ctypes.byref(link)):
                    links += bool(raw.FPDFLink_GetDest(pdf.raw, link)
                                  or raw.FPDFLink_GetAction(link))
                page.close()
            return bool(raw.FPDFCatalog_IsTagged(pdf.raw)), links
        finally:
            pdf.close()

    marks = outline(before)
    return marks != outline(after) or not marks and \
        tagged_and_linked(before) != tagged_and_linked(after)


def _text_layer_moved(before: bytes, after: bytes) -> float:
    """The share of words, or of printed characters, that the rewrite changed for PDFium,
    whatever a reader makes of them ("Pok\u00e9mon" read as "Pok\u00c8mon", curly quotes
    as "<" and "=", which change no word): what no reading of the rewrite can give back."""
    import pypdfium2

    from rookery.parsers.structure.account import words

    def text(data: bytes) -> str:
        pdf = pypdfium2.PdfDocument(data)
        try:
            return " ".join(pdf[k].get_textpage().get_text_range() for k in range(len(pdf)))
        finally:
            pdf.close()

    def moved(a: Counter, b: Counter) -> float:
        return sum(((a - b) + (b - a)).values()) / max(1, sum(a.values()))

    a, b = text(before), text(after)
    by_words = moved(Counter(words(a)), Counter(words(b)))
    by_chars = moved(Counter(c for c in a if not c.isspace()),
                     Counter(c for c in b if not c.isspace()))
    return round(max(by_words, by_chars), 4)


def compare(task: tuple[dict, dict]) -> dict:
    """Changes from one document to another (a same-release pair or two versions)."""
    a, b = task
    from rookery.diffs.compare import diff_documents

    docs = []
    for d in (a, b):
        doc, reason = _parse(Path(d["path"]).read_bytes(), d["file"])
        if doc is None:
            return {"old": a["file"], "new": b["file"], "error": reason["reason"][:80]}
        docs.append(doc)
    return {"old": a["file"], "new": b["file"],
            "changes": len(diff_documents(*docs).changes)}


# ---------------------------------------------------------------- the table

def row_line(d: dict, r: dict) -> list[str]:
    rd = r.get("reading") or {}
    w = rd.get("words") or {}
    flag = {"ok": "sound" if rd.get("sound") else "DOUBT"}.get(r["status"], r["status"].upper())
    share = r.get("pdftotext")

    def rewrite(name: str) -> str:
        got = r.get(name)
        if got is None:
            return "-"
        if "error" in got:
            return "err"
        # "d": the rewrite changed the text PDFium reads (what no reading can undo); "o":
        # it dropped the bookmarks, tags or links that name the headings (evidence the
        # reader uses)
        return f"{got['changes']}{'d' if got.get('damaged', 0) > DAMAGED else ''}" \
            f"{'o' if got.get('changes') and got.get('unmarked') else ''}"

    return [d["file"][:44], d["format"], d.get("language") or "?", engine(d)[:11],
            str(d.get("pages") or "-"), f"{r.get('seconds', 0):.1f}",
            str(rd.get("sections", "-")), str(rd.get("numbered", "-")),
            str(len(rd.get("empty", []))) if rd else "-",
            str(len(rd.get("over_nothing", []))) if rd else "-",
            str(len(rd.get("repeated", []))) if rd else "-",
            str(len(rd.get("out_of_order", []))) if rd else "-",
            str(len(rd.get("in_text", []))) if rd else "-",
            str(len(rd.get("misplaced", [])) + len(rd.get("astray", []))) if rd else "-",
            str(len(rd.get("headings_in_text", []))) if rd else "-",
            str(len(rd.get("contents_in_text", []))) if rd else "-",
            str(len(rd.get("junk_titles", []))) if rd else "-",
            str(w.get("lost", "-")), "-" if share is None else f"{100 * share:.1f}",
            rewrite("gs"), rewrite("cairo"), flag]


HEADER = ["document", "fmt", "lang", "engine", "pages", "cpu s", "sects", "numd", "empty", "bare",
          "rep", "order", "intx", "under", "hdtx", "toc", "junk", "lost", "miss%", "gs", "cairo", "verdict"]


def print_table(rows: list[list[str]], header: list[str]) -> None:
    widths = [max(len(r[k]) for r in [header] + rows) for k in range(len(header))]
    for r in [header] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


# each of the check's lists of faults, totalled over the documents under its name here
_FAULT_TOTALS = (
    ("numbered rules without text", "empty"), ("headings over nothing", "over_nothing"),
    ("numbers printed twice", "repeated"), ("numbers out of order", "out_of_order"),
    ("numbers after a gap", "skipped"),
    ("numbered rules left in text", "in_text"),
    ("numbers under a rule they follow", "misplaced"),
    ("numbers under another's rule", "astray"),
    ("headings the file lists read as text", "headings_in_text"),
    ("contents lines read as sections", "contents_in_text"),
    ("columns of figures read apart", "figures_apart"),
    ("sections cut out of a sentence", "mid_sentence"),
    ("list items read as rules", "items_as_rules"),
    ("sections nested under the wrong heading", "nested_wrong"),
    ("headings left in the text", "headings_lost"),
    ("numbers left in titles", "numbers_in_titles"), ("labels read as sections", "label_titles"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=Path(os.environ.get("ROOKERY_CORPUS", CORPUS)))
    ap.add_argument("--wild", type=Path, default=os.environ.get("ROOKERY_WILD"),
                    help="the folder holding the files benchmarks/wild/manifest.json lists")
    ap.add_argument("--work", type=Path, default=None, help="where rewrites are kept")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", default=None, help="documents whose file name holds this")
    ap.add_argument("--no-rewrites", action="store_true")
    ap.add_argument("--json", type=Path, default=None, help="write every row here too")
    args = ap.parse_args()
    docs = [d for d in documents(args.corpus, args.wild) if not args.only or args.only in d["file"]]
    if not docs:
        print("no documents: give --corpus and --wild", file=sys.stderr)
        return 2
    work = args.work or Path(tempfile.mkdtemp(prefix="rookery-realworld-"))
    work.mkdir(parents=True, exist_ok=True)
    started = time.time()
    with ProcessPoolExecutor(args.jobs, max_tasks_per_child=1) as pool:
        rows = list(pool.map(check, [(d, str(work), not args.no_rewrites) for d in docs]))
        by_file = {d["file"]: d for d in docs}
        pairs = sorted({tuple(sorted((d["file"], d["same_release_pair"]))) for d in docs
                        if d.get("same_release_pair") in by_file})
        series: dict[str, list[dict]] = {}
        for d in docs:
            if d.get("series"):
                series.setdefault(d["series"], []).append(d)
        steps = []
        for members in series.values():
            members = [m for m in sorted(members, key=lambda m: (m.get("version") or "", m["file"]))
                       if m["format"] == "pdf"] or members
            steps += list(zip(members, members[1:]))
        same = list(pool.map(compare, [(by_file[a], by_file[b]) for a, b in pairs]))
        versions = list(pool.map(compare, steps))
    print_table([row_line(d, r) for d, r in zip(docs, rows)], HEADER)
    print()
    print("same release, two formats (0 is right):")
    print_table([[p["old"], p["new"], str(p.get("changes", p.get("error")))] for p in same],
                ["one", "other", "changes"])
    print()
    print("consecutive versions (for reading):")
    print_table([[p["old"], p["new"], str(p.get("changes", p.get("error")))] for p in versions],
                ["older", "newer", "changes"])
    readable = [r for r in rows if r["status"] == "ok"]
    sound = [r for r in readable if r["reading"]["sound"]]
    tracebacks = [r for r in rows if r["status"] == "traceback"]
    rewrites = [r[n] for r in readable for n in REWRITERS if isinstance(r.get(n), dict)]
    print()
    print(f"{len(docs)} documents, {len({d['publisher'] for d in docs})} publishers, "
          f"{len({engine(d) for d in docs})} engines, "
          f"{len({d.get('language') for d in docs})} languages; "
          f"{len(readable)} read, {len(sound)} sound, "
          f"{sum(r['status'] == 'unreadable' for r in rows)} refused in one line, "
          f"{len(tracebacks)} tracebacks, {sum(r['status'] == 'missing' for r in rows)} missing")
    totals = Counter()
    for r in readable:
        rd = r["reading"]
        totals["lost words"] += (rd.get("words") or {}).get("lost", 0)
        for name, key in _FAULT_TOTALS:
            totals[name] += len(rd.get(key, []))
        # (a table read by its columns is two or more headers; right-to-left text, a
        # document)
        totals["tables' columns read apart"] += len(rd.get("columns_apart", [])) // 2
        totals["right-to-left in visual order"] += bool(rd.get("visual_order"))
        totals["words read letter by letter"] += bool(rd.get("letters_apart"))
        totals["junk titles"] += len(rd["junk_titles"])
    print("; ".join(f"{k}: {v}" for k, v in totals.items()))
    changed = [x for x in rewrites if x.get("changes")]
    damaged = [x for x in changed if x.get("damaged", 0) > DAMAGED]
    unmarked = [x for x in changed if x.get("damaged", 0) <= DAMAGED and x.get("unmarked")]
    print(f"rewrites with changes: {len(changed)} of {len(rewrites)} ({len(damaged)} of them "
          f"rewrites that changed the text PDFium reads, {len(unmarked)} more that dropped "
          f"the bookmarks, tags or links; the rest: {len(changed) - len(damaged) - len(unmarked)} "
          f"with {sum(x['changes'] for x in changed if x not in damaged and x not in unmarked)}"
          f" changes); same-release pairs with changes: "
          f"{sum(1 for p in same if p.get('changes'))} of {len(same)}; "
          f"{time.time() - started:.0f} s")
    for r in tracebacks:
        print(f"\n{r['file']}: {r['reason']}\n{r.get('trace', '')}")
    for r in rows:
        if r["status"] in ("unreadable", "missing"):
            print(f"{r['file']}: {r['reason']}")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "same": same, "versions": versions},
                                        indent=1, ensure_ascii=False))
    failed = tracebacks or len(sound) < len(readable) \
        or any(x.get("changes") and x.get("damaged", 0) <= DAMAGED and not x.get("unmarked")
               for x in rewrites) \
        or any(p.get("changes") for p in same)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
