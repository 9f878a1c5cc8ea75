"""The whole ThronesDB history (../shared/corpus) replayed by a loopback server, one
snapshot at a time, and watched: the store must end up with exactly the releases and
changes that `rookery diff` sees."""
import pytest

from replay import Replay, sources_toml, watcher_for
from rookery.diffs.compare import diff_documents
from rookery.diffs.report import change_json
from rookery.store import revisions as revs

@pytest.fixture(scope="module")
def replayed(corpus, tmp_path_factory):
    replay = Replay(corpus)
    config, store, watcher = watcher_for(sources_toml(replay.url),
                                         tmp_path_factory.mktemp("replay"),
                                         retries=0, sleep=lambda s: None)
    while replay.advance():
        watcher.cycle()
    before = dict(replay.counts)
    second = watcher.cycle()
    served = {k: replay.counts[k] - before[k] for k in before}
    yield replay, store, second, served
    store.close()
    replay.close()


def expected_revisions(replay, doc, parsed):
    """(entry, document, diff against the last revision) for each distinct content."""
    out = []
    for entry in (e for e in replay.steps if e["doc"] == doc):
        document = parsed(replay.corpus / "thronesdb" / entry["file"])
        if out:
            last = out[-1][1]
            diff = diff_documents(last, document)
            if not diff.changes and (document.version, document.effective) == \
                    (last.version, last.effective):
                continue
            out.append((entry, document, diff))
        else:
            out.append((entry, document, None))
    return out


@pytest.mark.parametrize("doc", ["faq", "rules", "tournament"])
def test_one_revision_per_distinct_content_with_the_manifests_labels(replayed, parsed, doc):
    replay, store, _, _ = replayed
    expected = expected_revisions(replay, doc, parsed)
    stored = revs.revisions(store, doc)
    assert [r.version for r in stored] == [e[0]["version_label"] for e in expected]
    assert [r.effective for r in stored] == [e[0]["effective"] for e in expected]
    assert len(stored) < len([e for e in replay.steps if e["doc"] == doc])  # some were no-ops
    for rev, (entry, document, diff) in zip(stored, expected):
        assert revs.document(store, rev).sections == document.sections
        recorded = [change_json(c) for c in revs.changes(store, rev)]
        assert recorded == ([change_json(c) for c in diff.changes] if diff else []), entry["file"]


def test_every_pdf_release_is_discovered_once_in_order(replayed):
    replay, store, _, _ = replayed
    stored = revs.revisions(store, "faq-pdf")
    on_pages = {e["version_label"] for e in replay.steps if e["doc"] == "faq"}
    linked = [p["version_label"] for p in replay.pdfs if p["version_label"] in on_pages]
    assert len(linked) >= 12  # one release was typeset from a side branch's page
    assert [r.version for r in stored] == linked
    assert len({r.url for r in stored}) == len(linked)


def test_a_second_cycle_with_nothing_new_downloads_and_parses_nothing(replayed):
    _, store, second, served = replayed
    assert second.revisions == [] and second.parses == 0 and second.downloads == 0
    assert second.not_modified == second.requests == 4
    assert served == {"requests": 4, "bodies": 0, "not_modified": 4}
    assert store.integrity_problems() == []


def test_the_only_ruling_alerts_in_the_whole_history_are_the_limited_duplicate_ones(replayed):
    """Every flag raised over the FAQ, Rules Reference and Tournament Regulations pages and
    the FAQ PDFs: the one real contradiction, in each format, raised and then resolved.
    Anything else would be a false alarm."""
    _, store, _, _ = replayed
    raised = []
    for source in ("faq", "rules", "tournament", "faq-pdf"):
        for rev in revs.revisions(store, source):
            for flag in revs.flags(store, rev):
                raised.append((source, rev.version, flag.type,
                               sorted((ref["title"] or ref["kind"]) for ref in flag.sections)))
    pair = ["Limited Card as Duplicate", "Limited Cards in Setup"]
    untitled = ["faq", "faq"]  # the PDFs print no short titles
    assert raised == [("faq", "2.2", "contradiction", pair),
                      ("faq", None, "resolved", pair),
                      ("faq-pdf", "2.2", "contradiction", untitled),
                      ("faq-pdf", "4.0", "resolved", untitled)]
