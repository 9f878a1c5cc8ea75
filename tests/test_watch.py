"""Fetch cycles against a scripted server on loopback, with pages written for the tests."""
import logging

import pytest

import documents
import typeset
from rookery.config import parse_config
from rookery.diffs.compare import diff_documents
from rookery.fetchers import HttpOptions
from rookery.parsers import parse
from rookery.store import Store
from rookery.store import revisions as revs
from rookery.watch import Watcher

V1, V1_REFORMATTED, V2 = ("skyforge_faq_v1.html", "skyforge_faq_v1_reformatted.html",
                          "skyforge_faq_v2.html")


@pytest.fixture
def watch(tmp_path, scripted):
    """watch(toml_sources) → (watcher, store, script, base URL)."""
    script, base = scripted
    made = []

    def make(sources: str):
        config = parse_config(sources.replace("BASE", base), tmp_path)
        store = Store(config.data)
        made.append(store)
        watcher = Watcher(store, config, http=HttpOptions(retries=1, sleep=lambda s: None,
                                                           timeout=5))
        return watcher, store, script, base

    yield make
    for store in made:
        store.close()


HTML_SOURCE = '[[source]]\nid = "sky"\nurl = "BASE/faq"\nformat = "html"\n'
PDF_SOURCE = ('[[source]]\nid = "sky-pdf"\nformat = "pdf"\n'
              'discover = { page = "BASE/downloads", pattern = \'Digest_v(?P<version>[0-9.]+)\\.pdf\' }\n')


def page(fixtures, name, etag=None):
    headers = {"Content-Type": "text/html"}
    if etag:
        headers["ETag"] = etag
    return (200, headers, (fixtures / name).read_bytes())


def test_a_source_gets_one_revision_per_distinct_content(watch, fixtures, caplog):
    watcher, store, script, _ = watch(HTML_SOURCE)
    caplog.set_level(logging.INFO, logger="rookery")
    script.on("/faq", page(fixtures, V1, '"a"'))
    first = watcher.cycle()
    assert [r.number for r in first.revisions] == [1] and first.parses == 1

    script.on("/faq", (304, {"ETag": '"a"'}, b""))
    quiet = watcher.cycle()
    assert (quiet.downloads, quiet.not_modified, quiet.parses, quiet.revisions) == (0, 1, 0, [])
    assert script.seen[-1][1]["If-None-Match"] == '"a"'

    script.on("/faq", page(fixtures, V1_REFORMATTED, '"b"'))
    reformatted = watcher.cycle()
    assert reformatted.revisions == [] and reformatted.parses == 1

    script.on("/faq", page(fixtures, V2, '"c"'))
    second = watcher.cycle()
    (rev,) = second.revisions
    expected = diff_documents(parse((fixtures / V1).read_bytes()),
                              parse((fixtures / V2).read_bytes())).changes
    assert revs.changes(store, rev) == expected
    assert [r.version for r in revs.revisions(store, "sky")] == ["1.0", "2.0"]
    outcomes = [r.outcome for r in reversed(store.fetches("sky"))]
    assert outcomes == ["revision", "not-modified", "unchanged", "revision"]
    assert any("sky: revision 2 (v2.0, effective 2021-09-01) recorded: 3 added, 1 removed, "
               "4 modified" in m for m in caplog.messages)


@pytest.mark.parametrize("bad,reason", [
    ((200, {}, b""), "empty"),
    ((200, {}, bytes(range(256)) * 4), "neither HTML, PDF, Word nor text"),
    ((200, {}, b"<html><body><h1>Shop</h1><p>Dice.</p></body></html>"), "only 1 section where"),
])
def test_a_bad_body_is_kept_but_never_becomes_a_revision(watch, fixtures, caplog, bad, reason):
    watcher, store, script, _ = watch(HTML_SOURCE)
    script.on("/faq", page(fixtures, V1, '"a"'))
    watcher.cycle()
    caplog.set_level(logging.INFO, logger="rookery")
    script.on("/faq", bad)
    stats = watcher.cycle()
    assert stats.quarantined == 1 and stats.revisions == []
    assert len(revs.revisions(store, "sky")) == 1
    last = store.fetches("sky", limit=1)[0]
    assert last.outcome == "quarantined" and reason in last.detail
    assert store.body(last.body_sha256) == bad[2]  # kept, for a look
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and warnings[0].startswith("sky: ") and reason in warnings[0]
    # the next good cycle is not fooled by the bad body's validators
    script.on("/faq", page(fixtures, V2, '"c"'))
    assert [r.version for r in watcher.cycle().revisions] == ["2.0"]


def test_failed_fetches_record_nothing_and_the_next_cycle_recovers(watch, fixtures):
    watcher, store, script, _ = watch(HTML_SOURCE)
    script.on("/faq", (500, {}, b"down"))
    stats = watcher.cycle()
    assert stats.errors == 1 and stats.revisions == []
    assert store.fetches("sky", limit=1)[0].outcome == "error"
    script.on("/faq", page(fixtures, V1))
    assert len(watcher.cycle().revisions) == 1


@pytest.fixture(scope="module")
def digest_pdfs(tmp_path_factory):
    """Two releases of the test digest as PDFs: 3.1, and 3.2 with one more FAQ entry."""
    folder = tmp_path_factory.mktemp("digest")
    layout = typeset.layouts()[0]
    items = documents.content()
    at = items.index(("h", 1, "Quick Reference"))
    later = items[:at] + [("faq", None, "Can a relic be quenched?", "No, never.")] + items[at:]
    return (typeset.write_pdf(folder / "Digest_v3.1.pdf", layout, items).read_bytes(),
            typeset.write_pdf(folder / "Digest_v3.2.pdf", layout, later).read_bytes())


def test_new_releases_are_discovered_from_the_links_of_an_index_page(watch, digest_pdfs):
    watcher, store, script, base = watch(PDF_SOURCE)
    old, new = digest_pdfs
    script.on("/downloads", (200, {"ETag": '"i1"'},
                             b'<html><body><a href="files/Digest_v3.1.pdf">3.1</a></body></html>'))
    script.on("/files/Digest_v3.1.pdf", (200, {"Content-Type": "application/pdf"}, old))
    first = watcher.cycle()
    assert [(r.number, r.link_label, r.version) for r in first.revisions] == [(1, "3.1", "3.1")]

    script.on("/downloads", (304, {"ETag": '"i1"'}, b""))
    quiet = watcher.cycle()
    assert (quiet.downloads, quiet.revisions) == (0, [])  # the release is not fetched again

    script.on("/downloads", (200, {"ETag": '"i2"'},
                             b'<html><body><a href="files/Digest_v3.1.pdf">3.1</a>'
                             b'<a href="/files/Digest_v3.2.pdf">3.2</a></body></html>'))
    script.on("/files/Digest_v3.2.pdf", (200, {"Content-Type": "application/pdf"}, new))
    (rev,) = watcher.cycle().revisions
    assert rev.link_label == "3.2" and (rev.added, rev.removed, rev.modified) == (1, 0, 0)
    fetched = [path for path, _ in script.seen if path.endswith(".pdf")]
    assert fetched == ["/files/Digest_v3.1.pdf", "/files/Digest_v3.2.pdf"]


def test_a_pdf_link_that_returns_html_is_an_error_page(watch, digest_pdfs):
    watcher, store, script, _ = watch(PDF_SOURCE)
    script.on("/downloads", (200, {}, b'<a href="/f/Digest_v3.1.pdf">3.1</a>'))
    script.on("/f/Digest_v3.1.pdf",
              (200, {"Content-Type": "application/pdf"},
               b"<!doctype html><html><body><h1>Oops</h1><p>Server error.</p></body></html>"))
    stats = watcher.cycle()
    assert stats.quarantined == 1 and stats.revisions == []
    assert "HTML where a PDF was expected" in store.fetches("sky-pdf", limit=1)[0].detail
    script.on("/f/Digest_v3.1.pdf", (200, {}, digest_pdfs[0]))
    assert len(watcher.cycle().revisions) == 1  # not yet seen: tried again, and taken


def test_the_fetch_table_of_the_configuration_governs_every_request(tmp_path, scripted, caplog):
    script, base = scripted
    script.on("/faq", (200, {"Content-Type": "text/html"}, b"<html>" + b"x" * 5000 + b"</html>"))
    toml = ('[fetch]\nuser_agent = "rules-club-bot/2 (ops@example.org)"\nmax_size = 1000\n'
            "retries = 0\n" + HTML_SOURCE.replace("BASE", base))
    config = parse_config(toml, tmp_path)
    with config.open_store() as store, caplog.at_level(logging.WARNING, logger="rookery"):
        stats = Watcher(store, config).cycle()
        assert (stats.errors, stats.revisions) == (1, [])
    assert [h["User-Agent"] for _path, h in script.seen] == ["rules-club-bot/2 (ops@example.org)"]
    assert "over the size limit (1000 bytes)" in caplog.text


def test_a_link_that_keeps_failing_is_tried_after_1_2_4_8_cycles(watch, caplog):
    watcher, store, script, _ = watch(PDF_SOURCE)
    script.on("/downloads", (200, {}, b'<a href="/f/Digest_v3.1.pdf">3.1</a>'))
    script.on("/f/Digest_v3.1.pdf", (404, {}, b"gone"))
    caplog.set_level(logging.WARNING, logger="rookery")
    tried = []
    for cycle in range(1, 13):
        before = len(script.seen)
        watcher.cycle()
        if any(p.endswith(".pdf") for p, _h in script.seen[before:]):
            tried.append(cycle)
    assert tried == [1, 2, 4, 8]
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 4  # one line per attempt, none for the cycles it waits
    assert [m.rsplit("next try in ", 1)[1] for m in said] == ["1 cycle", "2 cycles",
                                                              "4 cycles", "8 cycles"]


def test_a_release_already_held_is_not_fetched_from_another_address(watch, digest_pdfs):
    watcher, store, script, _ = watch(PDF_SOURCE)
    script.on("/downloads", (200, {}, b'<a href="/a/Digest_v3.1.pdf">3.1</a>'))
    script.on("/a/Digest_v3.1.pdf", (200, {}, digest_pdfs[0]))
    assert len(watcher.cycle().revisions) == 1
    script.on("/downloads", (200, {}, b'<a href="/a/Digest_v3.1.pdf">3.1</a>'
                                      b'<a href="https://mirror.invalid/b/Digest_v3.1.pdf">3.1</a>'))
    stats = watcher.cycle()
    assert (stats.requests, stats.errors, stats.revisions) == (1, 0, [])  # the page alone


def test_the_first_link_that_works_gives_the_release(watch, digest_pdfs):
    watcher, store, script, _ = watch(PDF_SOURCE)
    script.on("/downloads", (200, {}, b'<a href="/broken/Digest_v3.1.pdf">3.1</a>'
                                      b'<a href="/good/Digest_v3.1.pdf">3.1</a>'))
    script.on("/broken/Digest_v3.1.pdf", (404, {}, b"gone"))
    script.on("/good/Digest_v3.1.pdf", (200, {}, digest_pdfs[0]))
    stats = watcher.cycle()
    assert [r.link_label for r in stats.revisions] == ["3.1"] and stats.errors == 1


def test_an_error_page_served_as_the_discovery_page_is_said_in_one_line(watch, caplog):
    watcher, store, script, _ = watch(PDF_SOURCE)
    script.on("/downloads", (200, {}, b"<html><body><h1>Down for maintenance</h1></body></html>"))
    caplog.set_level(logging.INFO, logger="rookery")
    stats = watcher.cycle()
    assert stats.revisions == [] and stats.requests == 1
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "links no release matching the discovery pattern" in warnings[0]


@pytest.mark.parametrize("index, failed", [
    # a release one link fails to give and the next gives: fetched, no failure
    ('<a href="/gone/faq-v1.0.html">mirror</a> <a href="/faq-v1.0.html">v1.0</a>', []),
    # a release no link gives: the source failed this cycle
    ('<a href="/gone/faq-v1.0.html">mirror</a>', ["sky-releases"]),
    # an index page that cannot be had: failed too
    (None, ["sky-releases"]),
])
def test_a_discovering_source_fails_only_for_a_release_it_could_not_have(
        watch, fixtures, index, failed):
    watcher, store, script, _base = watch(
        '[[source]]\nid = "sky-releases"\nformat = "html"\n'
        'discover = { page = "BASE/releases", pattern = \'faq-v(?P<version>[0-9.]+)\\.html\' }\n')
    if index is not None:
        script.on("/releases", (200, {"Content-Type": "text/html"}, index.encode()))
    script.on("/faq-v1.0.html", (200, {"Content-Type": "text/html"},
                                 (fixtures / V1).read_bytes()))
    stats = watcher.cycle()
    assert stats.failed == failed
    assert len(stats.revisions) == (0 if failed else 1)
