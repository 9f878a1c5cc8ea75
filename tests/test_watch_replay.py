"""The whole ThronesDB history (../shared/corpus) replayed by a loopback server, one
snapshot at a time, and watched: the store must end up with exactly the releases and
changes that `rookery diff` sees."""
import pytest

from receivers import Receiver
from replay import Replay, sources_toml, watcher_for
from rookery.notify.send import deliver
from rookery.store import outbox
from rookery.diffs.compare import diff_documents
from rookery.diffs.report import change_json
from rookery.store import revisions as revs

@pytest.fixture(scope="module")
def archive_import(corpus, tmp_path_factory):
    """Watching starts today: the current pages, and an archive page linking every PDF."""
    replay = Replay(corpus, link_all=100)
    replay.goto_end()
    config, store, watcher = watcher_for(sources_toml(replay.url),
                                         tmp_path_factory.mktemp("archive"),
                                         retries=0, sleep=lambda s: None)
    watcher.cycle()
    yield replay, store
    store.close()
    replay.close()


def test_a_first_import_of_old_releases_judges_each_by_its_own_time(archive_import):
    """Old PDF releases are compared with the other documents as they stood when each
    took effect: today's pages did not exist yet, so they contradict nothing of them."""
    replay, store = archive_import
    assert len(revs.revisions(store, "faq-pdf")) == len(replay.pdfs)
    raised = [(source, rev.version, flag.type, [ref["source"] for ref in flag.sections])
              for source in ("faq", "rules", "tournament", "faq-pdf")
              for rev in revs.revisions(store, source) for flag in revs.flags(store, rev)]
    assert raised == [("faq-pdf", "2.2", "contradiction", ["faq-pdf", "faq-pdf"]),
                      ("faq-pdf", "4.0", "resolved", ["faq-pdf", "faq-pdf"])]
    efforts = [r.effective for r in revs.revisions(store, "faq-pdf")]
    assert efforts == sorted(efforts)  # recorded in the order they took effect


@pytest.fixture(scope="module")
def replayed(corpus, tmp_path_factory):
    """The whole timeline watched, with one webhook told of each revision after each cycle
    (as `rookery fetch` does): (replay, store, last cycle, what it was served, webhook)."""
    replay = Replay(corpus)
    hook = Receiver()
    head = ('base_url = "https://rules.example.org/"\ntimezone = "America/Los_Angeles"\n'
            f'[[notify]]\nname = "guild"\nurl = "{hook.url()}"\nbackoff = 0\n')
    config, store, watcher = watcher_for(sources_toml(replay.url, head=head),
                                         tmp_path_factory.mktemp("replay"),
                                         retries=0, sleep=lambda s: None)
    while replay.advance():
        watcher.cycle()
        deliver(store, config)
    before = dict(replay.counts)
    second = watcher.cycle()
    deliver(store, config)
    served = {k: replay.counts[k] - before[k] for k in before}
    yield replay, store, second, served, hook
    store.close()
    replay.close()
    hook.close()


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
    replay, store, _, _, _ = replayed
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
    replay, store, _, _, _ = replayed
    stored = revs.revisions(store, "faq-pdf")
    on_pages = {e["version_label"] for e in replay.steps if e["doc"] == "faq"}
    linked = [p["version_label"] for p in replay.pdfs if p["version_label"] in on_pages]
    assert len(linked) >= 12  # one release was typeset from a side branch's page
    assert [r.version for r in stored] == linked
    assert len({r.url for r in stored}) == len(linked)


def test_a_second_cycle_with_nothing_new_downloads_and_parses_nothing(replayed):
    _, store, second, served, _ = replayed
    assert second.revisions == [] and second.parses == 0 and second.downloads == 0
    assert second.not_modified == second.requests == 4
    assert served == {"requests": 4, "bodies": 0, "not_modified": 4}
    assert store.integrity_problems() == []


def test_the_only_ruling_alerts_in_the_whole_history_are_the_limited_duplicate_ones(replayed):
    """Every flag raised over the FAQ, Rules Reference and Tournament Regulations pages and
    the FAQ PDFs: the one real contradiction, in each format, raised and then resolved.
    Anything else would be a false alarm."""
    _, store, _, _, _ = replayed
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


def test_a_release_already_held_is_never_asked_of_another_host(replayed):
    """The last FAQ pages link the v4.0 and v4.1 PDFs on another site as well; v4.1 is
    held from the first address, so it is not fetched again; the v4.0 re-upload (another
    name) is tried, fails, and is tried again only after 1, 2, 4 ... cycles."""
    replay, store, _, _, _ = replayed
    assert not [p for p in replay.elsewhere if "v4.1" in p]
    retried = [p for p in replay.elsewhere if "v4.0-1" in p]
    pages_since = len([e for e in replay.steps if e["doc"] == "faq"
                       and e["observed_at"] >= "2023-01-30"])
    assert 1 <= len(retried) < pages_since + 1


def test_every_revision_that_changed_something_is_announced_exactly_once(replayed):
    """One message per revision after a source's first (or a first one that raised an
    alert), none twice, none lost."""
    _, store, _, _, hook = replayed
    owed = [f"https://rules.example.org/{source}/revisions/{rev.number}.html"
            for source in ("faq", "rules", "tournament", "faq-pdf")
            for rev in revs.revisions(store, source) if rev.number > 1 or revs.flags(store, rev)]
    links = [m["message"].rsplit(" ", 1)[-1] for m in hook.messages]
    assert sorted(links) == sorted(owed)  # none lost, none twice
    assert outbox.counts(store) == {"guild": {"pending": 0, "sent": len(owed), "failed": 0,
                                              "unconfirmed": 0}}


def test_the_message_of_the_faq_that_contradicted_itself_leads_with_it(replayed):
    _, store, _, _, hook = replayed
    [rev] = [r for r in revs.revisions(store, "faq") if r.date == "2019-06-03"]
    [message] = [m for m in hook.messages
                 if m["message"].endswith(f"/faq/revisions/{rev.number}.html")]
    assert message["title"].endswith("v2.2 \u2013 Contradiction")
    first = message["message"].split("\n\n")[1]  # after the title line and the counts
    assert first.startswith("Contradiction:")
    assert "Limited Card as Duplicate" in first and "Limited Cards in Setup" in first
