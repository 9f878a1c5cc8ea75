"""Another engine on real releases: the Magic Comprehensive Rules' Word files
(../shared/corpus/mtg/docx) printed to PDF by LibreOffice, which sets type its own way
(its own line breaking and leading from the fonts' line gaps, its own PDF writer). Each
print is no change from the release's text file, and two prints differ exactly as the
two text releases do."""
import functools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from corpus import corpus_dir
from rookery.diffs.compare import changes_between
from rookery.parsers import ReadOptions, parse

_MANIFEST = corpus_dir() / "mtg" / "manifest.json"
_ALL = [r for r in json.loads(_MANIFEST.read_text())["releases"] if r.get("docx")] \
    if _MANIFEST.exists() else []
RELEASES = _ALL[:1] + _ALL[-1:]  # the first and the last: three years apart
needs_corpus = pytest.mark.skipif(not RELEASES, reason=f"no Word releases at {_MANIFEST}")
needs_office = pytest.mark.skipif(shutil.which("soffice") is None,
                                  reason="LibreOffice is not installed (see .ci/run)")


@pytest.fixture(scope="module")
def prints(tmp_path_factory) -> dict[str, bytes]:
    """Each release's Word file printed to PDF by LibreOffice, in one run."""
    out = tmp_path_factory.mktemp("office")
    files = [corpus_dir() / "mtg" / r["docx"]["file"] for r in RELEASES]
    # a profile of its own: a LibreOffice already running elsewhere would take the job
    subprocess.run(["soffice", f"-env:UserInstallation={(out / 'profile').as_uri()}",
                    "--headless", "--convert-to", "pdf", "--outdir", str(out),
                    *map(str, files)], check=True, capture_output=True, timeout=300)
    return {r["release"]: (out / f"{Path(r['docx']['file']).stem}.pdf").read_bytes()
            for r in RELEASES}


@functools.lru_cache(maxsize=None)
def text_release(file: str):
    return parse((corpus_dir() / "mtg" / file).read_bytes(), source=file)


def keys(old, new) -> list[tuple]:
    return sorted(((c.type, c.old.number if c.old else None, c.new.number if c.new else None,
                    c.text_changed) for c in changes_between(old, new).changes), key=str)


@needs_corpus
@needs_office
@pytest.mark.parametrize("entry,reader", [
    (r, reader) for n, r in enumerate(RELEASES)
    for reader in (("pdfium", "pdfplumber") if n == 0 else ("pdfium",))],
    ids=lambda v: v["release"] if isinstance(v, dict) else v)
def test_a_libreoffice_print_of_a_word_release_is_no_change_from_its_text(entry, reader,
                                                                            prints):
    # (pdfplumber, the slower reader, on the first release only)
    printed = parse(prints[entry["release"]], source="print.pdf",
                    options=ReadOptions(pdf_reader=reader))
    text = text_release(entry["file"])
    assert printed.format == "pdf"
    assert (printed.title, printed.effective) == (text.title, text.effective)
    assert sum(s.kind == "term" for s in printed.sections) > 450
    assert keys(text, printed) == []


@needs_corpus
@needs_office
def test_two_libreoffice_prints_differ_as_their_text_releases_do(prints):
    first, last = RELEASES
    by_text = keys(text_release(first["file"]), text_release(last["file"]))
    by_print = keys(parse(prints[first["release"]]), parse(prints[last["release"]]))
    assert by_text and by_print == by_text
