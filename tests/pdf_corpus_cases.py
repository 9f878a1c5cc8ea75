"""The checks a folder of PDF releases in ../shared/corpus runs against the pages they
were typeset from (tests/parsers/pdf/test_*corpus.py, one file per typesetting so the
suite spreads them over its workers): same sections, same words, same red marks, same
history, through either character reader."""
import functools
import json
import os

import pytest

from corpus import corpus_dir
from rookery.diffs.align import align
from rookery.diffs.compare import diff_documents
from rookery.model import text_key, title_key
from rookery.parsers import ReadOptions, parse



def corpus_cases(folder: str) -> dict:
    """The tests of one folder ("pdf", "pdf_b"), by name, for a test module's globals."""
    manifest = corpus_dir() / folder / "manifest.json"
    RELEASES = [{**r, "file": f"{folder}/{r['file']}"} for r in json.loads(manifest.read_text())] \
        if manifest.exists() else []
    IDS = [r["file"] for r in RELEASES]
    # PDFium reads every release; pdfplumber, the second reader and four times slower,
    # every third one, unless $ROOKERY_EVERY_READER asks for all (see the README)
    PLUMBED = RELEASES if os.environ.get("ROOKERY_EVERY_READER") else RELEASES[::3]
    CASES = [pytest.param(r, "pdfium", id=f"{r['file']}-pdfium") for r in RELEASES] + \
        [pytest.param(r, "pdfplumber", id=f"{r['file']}-pdfplumber") for r in PLUMBED]
    needs_corpus = pytest.mark.skipif(not RELEASES, reason=f"no PDF releases at {manifest}")


    @functools.lru_cache(maxsize=None)
    def both(file: str, reader: str = "pdfium"):
        """(web page with ThronesDB's own annotations left out, PDF) of one release."""
        release = next(r for r in RELEASES if r["file"] == file)
        root = corpus_dir()
        page = parse((root / release["from_snapshot"]).read_bytes(), remove=(".mplain",))
        pdf = parse((root / file).read_bytes(), source=file, options=ReadOptions(pdf_reader=reader))
        return page, pdf


    @needs_corpus
    @pytest.mark.parametrize("release,reader", CASES)
    def test_pdf_and_page_of_each_release_have_the_same_sections(release, reader):
        page, pdf = both(release["file"], reader)
        assert (pdf.version, pdf.effective) == (release["version_label"], release["effective"])
        changes = diff_documents(page, pdf).changes
        # The one difference allowed: some PDFs leave a sentence of the front matter out
        # (the page's pointer to the PDF itself). Then the front matter is the only change
        # and the PDF adds no words of its own.
        for change in changes:
            assert change.type == "modified" and change.old.heading is None \
                and not change.old.path, change
            assert not [t for op, t in change.ops if op > 0 and t.strip()]
        assert len(changes) <= 1


    @needs_corpus
    @pytest.mark.parametrize("release", PLUMBED, ids=[r["file"] for r in PLUMBED])
    def test_both_readers_give_the_same_document(release):
        a, b = both(release["file"], "pdfium")[1], both(release["file"], "pdfplumber")[1]
        assert (a.title, a.version, a.effective) == (b.title, b.version, b.effective)
        assert a.sections == b.sections


    @needs_corpus
    def test_nearly_every_section_has_identical_text():
        same = total = 0
        for release in RELEASES:
            page, pdf = both(release["file"])
            for i, j in align(page.sections, pdf.sections):
                total += 1
                same += " ".join(page.sections[i].text.split()) == " ".join(pdf.sections[j].text.split())
        assert total > 50 * len(RELEASES)  # every release's sections were paired
        assert same / total >= 0.99, (same, total)


    @needs_corpus
    def test_red_marks_in_the_pdf_are_the_marks_on_its_page():
        for release in RELEASES:
            page, pdf = both(release["file"])
            for i, j in align(page.sections, pdf.sections):
                a, b = page.sections[i], pdf.sections[j]
                if a.heading is None and not a.path:
                    continue  # front matter: see the first test
                assert a.is_marked == b.is_marked, (release["file"], a.label)
                assert text_key(" ".join(a.marked_text)) == text_key(" ".join(b.marked_text)), \
                    (release["file"], a.label)


    def signature(change):
        s = change.section
        name = (s.question or "")[:60] if s.kind == "faq" else title_key(s.title)
        return (change.type, s.number, s.kind, name, change.text_changed, change.renumbered,
                change.moved)


    @needs_corpus
    def test_consecutive_pdfs_change_like_their_pages():
        faq = [r for r in RELEASES if r["doc"] == "faq"]
        assert len(faq) >= 10
        for a, b in zip(faq, faq[1:]):
            (page_a, pdf_a), (page_b, pdf_b) = both(a["file"]), both(b["file"])
            on_pages = [signature(c) for c in diff_documents(page_a, page_b).changes]
            in_pdfs = [signature(c) for c in diff_documents(pdf_a, pdf_b).changes]
            assert in_pdfs == on_pages, (a["file"], b["file"])


    @needs_corpus
    def test_the_ruling_history_reads_the_same_in_the_pdfs():
        by_label = {r["version_label"]: r["file"] for r in RELEASES}
        changes = diff_documents(both(by_label["2.0"])[1], both(by_label["2.1"])[1]).changes
        duplicates = [c for c in changes if c.section.number == "1.2"]
        assert len(duplicates) == 1 and duplicates[0].text_changed
        changes = diff_documents(both(by_label["2.1"])[1], both(by_label["2.2"])[1]).changes
        added = [c.new for c in changes if c.type == "added" and c.new.kind == "faq"]
        assert len(added) == 1 and added[0].title is None  # the PDF prints no short titles
        assert "limited card" in added[0].question
        changes = diff_documents(both(by_label["1.4"])[1], both(by_label["2.0"])[1]).changes
        renumbered = {(c.old.number, c.new.number) for c in changes if c.renumbered and not c.text_changed}
        assert {("3.2", "3.3"), ("3.3", "3.4")} <= renumbered
        assert not [c for c in changes if c.type == "removed"]

    return {name: value for name, value in locals().items() if name.startswith("test_")}
