"""The publisher's own account against the diff, on real releases in ../shared/corpus:
the Lorcana Comprehensive Rules' update summary (2024-05-20 → 2024-08-09), and the red
change marks of the layout-A FAQ PDFs on every consecutive pair."""
import json

import pytest

from corpus import corpus_dir
from rookery.diffs.compare import diff_documents
from rookery.parsers import parse

_LORCANA = corpus_dir() / "lorcana" / "manifest.json"
_PDF = corpus_dir() / "pdf" / "manifest.json"
LORCANA = json.loads(_LORCANA.read_text())["releases"] if _LORCANA.exists() else []
FAQ = [m for m in json.loads(_PDF.read_text()) if m.get("doc", "faq") == "faq"] \
    if _PDF.exists() else []


@pytest.fixture(scope="module")
def read():
    done = {}

    def once(path):
        if path not in done:
            done[path] = parse(path.read_bytes(), source=path.name)
        return done[path]
    return once


@pytest.mark.skipif(not LORCANA, reason=f"no Lorcana releases at {_LORCANA}")
def test_the_lorcana_update_summary_against_the_changes(read):
    folder = _LORCANA.parent
    old, new = (read(folder / r["pdf"][k]["file"]) for r, k in ((LORCANA[0], -1),
                                                                (LORCANA[-1], 0)))
    account = diff_documents(old, new).publisher
    assert account.summary == "UPDATE SUMMARY"  # not the previous release's, carried on
    numbers = [e.number for e in account.listed if e.number]
    terms = [e.title for e in account.listed if not e.number]
    # every rule the summary cites, its ranges counted out, and every glossary term
    assert (len(numbers), len(set(numbers)), len(terms)) == (92, 92, 5)
    by_status = {}
    for e in account.listed:
        by_status.setdefault(e.status, []).append(e.number or e.title)
    # the keyword headings are unchanged but for the rules added and reworded under them,
    # and so is the rule whose steps became its subrules
    assert sorted(by_status["beneath"]) == sorted(
        [f"10.{k}" for k in range(1, 11)] + ["7.5.3"])
    assert sorted(by_status["unchanged"]) == ["6.3.3.2", "7.1.2.1"]
    assert "missing" not in by_status
    # what it does not list, each read against both releases by hand: a grammar fix
    # (4.3.6.18), a full stop (8.7.6, and 4.3.7, which the full stop turns from a heading
    # into a rule), the glossary's numbered senses unnumbered (discard, stack), and the
    # front matter's colour names
    unlisted = {c.section.number or c.section.title.casefold() for c in account.unlisted}
    assert {"4.3.6.18", "8.7.6", "discard", "stack"} <= unlisted
    assert unlisted <= {"4.3.6.18", "8.7.6", "4.3.7", "discard", "stack", "updates"}


PAIRS = list(zip(FAQ, FAQ[1:]))


@pytest.mark.skipif(not FAQ, reason=f"no layout-A FAQ PDFs at {_PDF}")
@pytest.mark.parametrize("older,newer", PAIRS, ids=[b["file"] for _a, b in PAIRS])
def test_every_section_with_red_text_is_marked(read, older, newer):
    old, new = read(_PDF.parent / older["file"]), read(_PDF.parent / newer["file"])
    account = diff_documents(old, new).publisher
    red = [s for s in new.sections if s.marks or s.heading_marked]
    assert red and [m.section for m in account.marked] == red
    # the red is new: every marked section changed, or something under it did
    assert {m.status for m in account.marked} <= {"changed", "beneath"}
