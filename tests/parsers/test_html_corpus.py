"""Every ThronesDB snapshot in ../shared/corpus parses, with the metadata it prints."""
import re

import pytest
from selectolax.lexbor import LexborHTMLParser

from rookery.model import KINDS
from rookery.parsers import parse


def test_every_snapshot_parses_with_its_printed_version_and_date(thronesdb):
    for entry in thronesdb:
        doc = parse(entry["path"].read_bytes(), source=entry["file"])
        assert (doc.version, doc.effective) == (entry["version_label"], entry["effective"]), \
            entry["file"]
        assert len(doc.sections) >= 40, entry["file"]
        assert {s.kind for s in doc.sections} <= set(KINDS)
        if entry["doc"] != "tournament":
            assert any(s.number for s in doc.sections), entry["file"]


@pytest.mark.parametrize("doc_kind,expected_kinds", [
    ("faq", {"ruling", "term", "faq", "errata", "heading"}),
    ("rules", {"term", "heading", "ruling"}),
    ("tournament", {"heading", "text"}),
])
def test_each_document_yields_the_kinds_it_is_made_of(thronesdb, doc_kind, expected_kinds):
    for entry in (e for e in thronesdb if e["doc"] == doc_kind):
        kinds = {s.kind for s in parse(entry["path"].read_bytes()).sections}
        assert expected_kinds <= kinds, (entry["file"], expected_kinds - kinds)


def test_text_marked_new_on_the_page_is_marked_in_its_sections(thronesdb):
    for entry in thronesdb:
        # what a browser (HTML5 parsing rules) shows in the page's "new" class
        tree = LexborHTMLParser(entry["path"].read_bytes().decode("utf-8"))
        marked = [re.sub(r"\s+", " ", el.text(deep=True)).strip() for el in tree.css(".new")]
        marked = [m for m in marked if len(m) > 20]
        doc = parse(entry["path"].read_bytes())
        all_marked = re.sub(r"\s+", " ", " ".join(
            t for s in doc.sections
            for t in ([s.heading] if s.heading_marked else []) + s.marked_text))
        for words in marked:
            start = words[:20].replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
            assert start in all_marked or start.strip('"') in all_marked, (entry["file"], words[:60])
