"""Incremental publishing: whatever the sequence of publishes, the site folder ends up byte
for byte as a full build of the same store makes it, and a publish after one new revision
renders only the few pages that revision changes."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from rookery.config import parse_config
from rookery.feeds.site import CARD_FACTS, MANIFEST, publish


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in folder.rglob("*") if p.is_file()}


def assert_as_full_build(store, config, folders: list[Path], fresh: Path) -> int:
    """Each of `folders` holds exactly the files a full build into `fresh` makes (the
    manifest too); returns how many."""
    publish(store, config, fresh, full=True)
    want = files_in(fresh)
    for folder in folders:
        got = files_in(folder)
        assert (sorted(set(got) - set(want)), sorted(set(want) - set(got))) == ([], []), folder
        assert [p for p in sorted(want) if got[p] != want[p]] == [], folder
    return len(want)


# ---------------------------------------------------------------- two small rulebooks

LANTERNFALL = """Lanternfall Rules
Version 1.0

1. Turns

1.1. Each turn has a morning, a noon and a night.

1.2. The first player skips the morning of their first turn.

1.3. A player may pass at noon.

2. Lanterns

2.1. At night, every lantern gutters once.

2.2. A guttered lantern is turned face down.
"""

DUSKWATCH = """Duskwatch Rules
Version 1.0

1. Setup

1.1. Each watcher starts with three torches.

1.2. The youngest watcher takes the first watch.

2. Watches

2.1. A watch lasts until a torch burns out.
"""


def lanternfall(step: int) -> str:
    text = LANTERNFALL
    if step >= 2:  # a new 1.2: the two rules after it are renumbered
        text = text.replace("1.3. A player", "1.4. A player").replace(
            "1.2. The first", "1.2. A player may look at their hand at any time.\n\n"
                              "1.3. The first")
    if step >= 3:  # one rule's text changes
        text = text.replace("gutters once", "gutters twice")
    if step >= 4:  # a heading set in capitals: no change recorded, but new stored versions
        text = text.replace("1. Turns", "1. TURNS")
    if step >= 5:  # a rule removed, a chapter added
        text = text.replace("2.2. A guttered lantern is turned face down.\n", "") + \
            "\n3. Embers\n\n3.1. An ember lights a lantern that guttered.\n"
    return text.replace("Version 1.0", f"Version 1.{step}")


def duskwatch(step: int) -> str:
    text = DUSKWATCH
    if step >= 2:
        text = text.replace("three torches", "four torches")
    if step >= 3:
        text = text.replace("burns out.\n", "burns out.\n\n2.2. A watcher may pass a torch.\n")
    return text.replace("Version 1.0", f"Version 1.{step}")


# (document, its step) in the order they are fetched
TIMELINE = [("lf", 1), ("dusk", 1), ("lf", 2), ("lf", 3), ("dusk", 2), ("lf", 4), ("lf", 5),
            ("dusk", 3)]
TEXTS = {"lf": lanternfall, "dusk": duskwatch}


@pytest.fixture
def rulebooks(tmp_path):
    """(config, store, fetch) where fetch(doc, step) makes that step of a document the
    current one and fetches it: one new revision."""
    from rookery.store import Store
    from rookery.watch import Watcher

    files = {doc: tmp_path / f"{doc}.txt" for doc in TEXTS}
    config = parse_config(
        'base_url = "https://rules.example.org/"\n' + "".join(
            f'[[source]]\nid = "{doc}"\ntitle = "{doc.capitalize()} rules"\n'
            f'url = "{path.as_uri()}"\n' for doc, path in files.items()), tmp_path)
    with Store(config.data) as store:
        watcher = Watcher(store, config)

        def fetch(doc: str, step: int):
            files[doc].write_text(TEXTS[doc](step))
            (rev,) = watcher.cycle([s for s in config.sources if s.id == doc]).revisions
            return rev

        yield config, store, fetch


def test_publishing_after_each_revision_gives_the_full_build(rulebooks, tmp_path):
    config, store, fetch = rulebooks
    each, batch = tmp_path / "each", tmp_path / "batch"
    for n, (doc, step) in enumerate(TIMELINE):
        rev = fetch(doc, step)
        report = publish(store, config, each)
        assert report.mode == ("all" if n == 0 else "incremental"), report
        if n:
            assert report.reason == "1 new revision"
        if n % 3 == 2:  # now and then, a folder that sees several new revisions at once
            assert publish(store, config, batch).mode == ("all" if n == 2 else "incremental")
        assert_as_full_build(store, config, [each], tmp_path / f"full-{n}")
        if (doc, step) == ("lf", 3):  # one rule changed: two revision pages (HTML and
            # JSON: the new one and the one before it), the document's page and feeds,
            # the home page and feeds, and the rule's history page and feeds
            assert report.total == 4 + 3 + 3 + 3, report
        if (doc, step) == ("lf", 4):  # no change recorded, yet "1. TURNS" and the four
            # rules under it are stored anew: the heading's history page has a new name
            assert rev.added == rev.removed == rev.modified == 0
            assert report.total == 4 + 3 + 3 + 5 * 3
    publish(store, config, batch)
    assert_as_full_build(store, config, [each, batch], tmp_path / "full")


def test_nothing_new_renders_nothing(rulebooks, tmp_path):
    config, store, fetch = rulebooks
    fetch("lf", 1)
    site = tmp_path / "site"
    first = publish(store, config, site)
    assert first.mode == "all" and first.written == first.total > 0
    manifest = (site / MANIFEST).stat().st_mtime_ns
    again = publish(store, config, site)
    assert (again.mode, again.total, again.written, again.unchanged) == \
        ("incremental", 0, 0, 0)
    assert (site / MANIFEST).stat().st_mtime_ns == manifest  # not even rewritten


def test_a_new_base_url_renders_every_page(rulebooks, tmp_path):
    config, store, fetch = rulebooks
    fetch("lf", 1)
    fetch("dusk", 1)
    site = tmp_path / "site"
    total = publish(store, config, site).total
    moved = dataclasses.replace(config, base_url="https://elsewhere.example.net/rules/")
    report = publish(store, moved, site)
    assert report.mode == "all" and report.total == total, report
    assert "configuration" in report.reason
    feeds = [p for p in files_in(site) if p.endswith((".atom", ".rss", ".json"))
             and p not in (MANIFEST, CARD_FACTS)]
    assert report.written >= len(feeds) > 0  # every feed and JSON names the new address
    assert_as_full_build(store, moved, [site], tmp_path / "full")
    assert publish(store, moved, site).total == 0
    fetch("lf", 2)
    assert publish(store, moved, site).mode == "incremental"
    assert_as_full_build(store, moved, [site], tmp_path / "full-2")


@pytest.mark.parametrize("change", ["author", "title", "timezone"])
def test_other_configuration_the_pages_show_renders_every_page(rulebooks, tmp_path, change):
    config, store, fetch = rulebooks
    fetch("lf", 1)
    site = tmp_path / "site"
    publish(store, config, site)
    if change == "author":
        config = dataclasses.replace(config, author="The Lanternfall Society")
    elif change == "title":
        config = dataclasses.replace(config, sources=[
            dataclasses.replace(s, title="Lanternfall: the rules") if s.id == "lf" else s
            for s in config.sources])
    else:  # the days the pages tell
        config = dataclasses.replace(config, timezone="Pacific/Kiritimati")
    with config.open_store(readonly=True) as store:
        assert publish(store, config, site).mode == "all"
        assert_as_full_build(store, config, [site], tmp_path / "full")


def test_a_manifest_of_the_old_format_a_missing_file_or_another_store(rulebooks, tmp_path):
    config, store, fetch = rulebooks
    fetch("lf", 1)
    site = tmp_path / "site"
    publish(store, config, site)
    paths = json.loads((site / MANIFEST).read_text())["files"]
    (site / MANIFEST).write_text(json.dumps(paths, indent=0))  # as rookery 0.1 wrote it
    fetch("lf", 2)
    report = publish(store, config, site)
    assert report.mode == "all" and "older rookery" in report.reason
    assert_as_full_build(store, config, [site], tmp_path / "full")

    (site / "lf" / "revisions" / "1.html").unlink()
    report = publish(store, config, site)
    assert report.mode == "all" and "missing" in report.reason and report.written == 1
    assert_as_full_build(store, config, [site], tmp_path / "full-2")

    manifest = json.loads((site / MANIFEST).read_text())
    manifest["published"]["lf"]["digest"] = "0" * 64  # revisions this store does not hold
    (site / MANIFEST).write_text(json.dumps(manifest))
    report = publish(store, config, site)
    assert report.mode == "all" and "no longer holds" in report.reason
    assert_as_full_build(store, config, [site], tmp_path / "full-3")


def test_a_full_build_still_removes_what_earlier_builds_made(rulebooks, tmp_path):
    config, store, fetch = rulebooks
    fetch("lf", 1)
    site = tmp_path / "site"
    publish(store, config, site)
    stale = site / "lf" / "sections" / "999.html"
    stale.write_text("a page of a section this store never had")
    manifest = json.loads((site / MANIFEST).read_text())
    manifest["files"].append("lf/sections/999.html")
    (site / MANIFEST).write_text(json.dumps(manifest))
    fetch("lf", 2)
    assert publish(store, config, site).mode == "incremental"
    assert stale.exists()  # still on the list for the full build to remove
    assert "lf/sections/999.html" in json.loads((site / MANIFEST).read_text())["files"]
    report = publish(store, config, site, full=True)
    # every file of the site rewritten (all but the manifest and the card facts, whose
    # bytes did not change)
    assert report.mode == "full" and report.removed == 1
    assert report.written == len(files_in(site)) - 2
    assert not stale.exists()
    assert_as_full_build(store, config, [site], tmp_path / "full")


# ---------------------------------------------------------------- the corpus history

def test_replaying_the_corpus_publishing_as_it_goes_gives_the_full_build(corpus, tmp_path):
    """Every snapshot of the ThronesDB pages fetched in turn, the site published after
    each (and, in a second folder, after every fourth), compared with a full build now
    and then and at the end."""
    from replay import pages_history

    with pages_history(corpus, tmp_path / "store") as (replay, config, store, watcher), store:
        rendered, sizes = replay_publishing(replay, config, store, watcher, tmp_path)
    assert len(rendered) > 40 and sizes[-1] > 1000
    # a new revision of a document renders a few dozen files of a site of over a thousand
    # (the most, for a release that changed many sections, a few hundred)
    assert sorted(rendered)[len(rendered) // 2] < sizes[-1] / 30, sorted(rendered)
    assert max(rendered) < sizes[-1] / 3, sorted(rendered)


def replay_publishing(replay, config, store, watcher, tmp_path):
    """Publish into `each` after every step and into `batch` after every fourth; compare
    with full builds as it goes. (files rendered per single new revision, site sizes)"""
    each, batch = tmp_path / "each", tmp_path / "batch"
    rendered, sizes = [], []
    step = 0
    while replay.advance():
        new = watcher.cycle().revisions
        report = publish(store, config, each)
        assert report.mode == ("all" if step == 0 else "incremental"), (step, report)
        if len(new) == 1 and new[0].number > 1:
            rendered.append(report.total)
        if step % 4 == 3:
            publish(store, config, batch)
        if step % 12 == 11:
            sizes.append(assert_as_full_build(store, config, [each],
                                              tmp_path / f"full-{step}"))
        step += 1
    publish(store, config, batch)
    sizes.append(assert_as_full_build(store, config, [each, batch], tmp_path / "full"))
    return rendered, sizes

