"""The Disney Lorcana Comprehensive Rules in ../shared/corpus/lorcana: the publisher's
PDFs, and a third party's `pdftotext -layout` text of them. Each text gives the sections
of the printing it was made from, update summaries and glossary too; the PDFs of two
releases differ where the releases do."""
import json

import pytest

from corpus import corpus_dir
from rookery.model import text_key, title_key
from rookery.parsers import ReadOptions, parse

_DIR = corpus_dir() / "lorcana"
_MANIFEST = _DIR / "manifest.json"
RELEASES = json.loads(_MANIFEST.read_text())["releases"] if _MANIFEST.exists() else []
needs_corpus = pytest.mark.skipif(not RELEASES, reason=f"no Lorcana releases at {_MANIFEST}")
TEXTS = [(r["release"], t["file"]) for r in RELEASES for t in r["text_by_third_party"]]


@pytest.fixture(scope="module")
def parsed():
    """A parse of each corpus file, done once for the module's tests."""
    done = {}

    def parse_once(file: str):
        if file not in done:
            done[file] = parse((_DIR / file).read_bytes(), source=file)
        return done[file]
    return parse_once


def rules(doc) -> set[tuple]:
    """The numbered rules of the document's numbered chapters (not the update summary
    that quotes some of them), as a diff compares them."""
    return {(s.number, text_key(s.text), tuple(title_key(p) for p in s.path))
            for s in doc.sections
            if s.number and (s.number[:1].isdigit() and (not s.path or s.path[0][:1].isdigit()))}


def sections(doc) -> list[tuple]:
    """Every section as a diff compares it: number, title, text and path."""
    return [(s.number, title_key(s.title), text_key(s.text), tuple(title_key(p) for p in s.path))
            for s in doc.sections]


@needs_corpus
@pytest.mark.parametrize("release,file", TEXTS, ids=[f for _r, f in TEXTS])
def test_third_party_text_gives_the_sections_of_a_printing_of_its_release(release, file, parsed):
    doc = parsed(file)
    pdfs = next(r["pdf"] for r in RELEASES if r["release"] == release)
    differences = [len(set(sections(doc)) ^ set(sections(parsed(p["file"])))) for p in pdfs]
    assert len(rules(doc)) > 300 and min(differences) == 0, differences


FILES = [(r["release"], f["file"]) for r in RELEASES for f in r["pdf"] + r["text_by_third_party"]]


@needs_corpus
@pytest.mark.parametrize("release,file", FILES, ids=[f for _r, f in FILES])
def test_every_printing_names_its_release_by_the_date_it_took_effect(release, file, parsed):
    """"Effective May 20, 2024" under the title: no version is printed."""
    doc = parsed(file)
    assert (doc.version, doc.effective, doc.label) == (None, release, f"effective {release}")


@needs_corpus
def test_the_releases_differ_in_the_rules_their_update_summary_names(parsed):
    old, new = (parsed(r["pdf"][0]["file"]) for r in (RELEASES[0], RELEASES[-1]))
    before = {n: t for n, t, _p in rules(old)}
    after = {n: t for n, t, _p in rules(new)}
    # rules the 2024-08-09 summary names as new or rewritten, in its own words
    for number in ("1.1.6", "1.2.4", "7.1.10", "7.4.6", "7.4.7", "10.2.1"):
        assert number in after and before.get(number) != after[number], number
    # and rules it leaves alone stay as they were
    for number in ("1.3.1", "2.1.1.2", "8.5.1"):
        assert before[number] == after[number], number


@needs_corpus
def test_both_pdf_readers_give_the_same_document_of_the_latest_printing(parsed):
    # (pdfplumber, the second reader and four times slower, reads one printing): its
    # condensed rules, type drawn 96% wide, are the body's type to both, and its
    # examples in "BrandonTextCond-MediumIt" italic, as the font's descriptor says
    file = RELEASES[-1]["pdf"][0]["file"]
    plumbed = parse((_DIR / file).read_bytes(), source=file,
                    options=ReadOptions(pdf_reader="pdfplumber"))
    assert plumbed.sections == parsed(file).sections
