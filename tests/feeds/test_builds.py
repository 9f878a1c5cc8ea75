"""`publish` writes a new build beside the one served and switches to it in one step: a
reader sees the old site or the new one, never a mix, and `kill -9` at any moment of a
publish leaves the old one served and, after the next publish, nothing behind (no
build, link or temporary file of the killed one)."""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import emberwick
import fsevents
from rookery.feeds import builds
from rookery.feeds.site import MANIFEST, publish

from .test_publish_incremental import files_in

TRIALS = 6  # a trial is a rookery started and killed: about two seconds each


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    """(before, after): the configurations of two stores, one that watched two releases
    of the Emberwick FAQ and one that watched a third, with their rookery.toml."""
    folder = tmp_path_factory.mktemp("builds")
    (folder / "after").mkdir()
    after = emberwick.watched(folder / "after", releases=2)
    shutil.copytree(folder / "after", folder / "before")
    before = emberwick.configuration(folder / "before")[0]
    with after.open_store() as store:
        emberwick.write(folder / "after" / "emberwick.html", 2)
        from rookery.watch import Watcher

        assert Watcher(store, after).cycle().revisions
    return before, after


def served(site: Path) -> dict[str, bytes]:
    return files_in(site) if site.exists() else {}


def leftovers(site: Path) -> list[str]:
    """What a publish should not leave: temporary files, and more than the build served."""
    found = [p.name for p in site.parent.rglob(f"{builds.TEMPORARY}*")]
    store = site.parent / f".{site.name}.builds"
    found += [p.name for p in store.iterdir() if p.name != ".lock"
              and p.resolve() != site.resolve()] if store.exists() else []
    return found


def _full(store, config, folder: Path) -> Path:
    publish(store, config, folder, full=True)
    return folder


def published(config, site: Path, **options):
    """Publish the store of `config` into `site`: its report."""
    with config.open_store(readonly=True) as store:
        return publish(store, config, site, **options)


def test_a_publish_switches_the_site_to_a_new_build_and_removes_the_old(stores, tmp_path):
    before, after = stores
    site = tmp_path / "site"
    published(before, site)
    first = site.resolve()
    assert site.is_symlink() and first.parent.name == ".site.builds"
    assert published(before, site).written == 0
    assert site.resolve() == first  # nothing changed: no new build
    with after.open_store(readonly=True) as store:
        report = publish(store, after, site)
        assert report.written > 0 and site.resolve() != first and not first.exists()
        assert served(site) == files_in(_full(store, after, tmp_path / "full"))
    assert leftovers(site) == []


def test_a_site_folder_of_an_older_rookery_is_taken_over_whole(stores, tmp_path):
    before, after = stores
    site = tmp_path / "site"
    published(before, tmp_path / "old")
    shutil.copytree((tmp_path / "old").resolve(), site)  # a real folder, as rookery made them
    (site / "ember" / f"{builds.TEMPORARY}page").write_text("a write a kill cut short")
    with after.open_store(readonly=True) as store:
        report = publish(store, after, site)
        assert report.mode == "incremental"  # its manifest and card facts were taken over
        assert site.is_symlink()
        assert served(site) == files_in(_full(store, after, tmp_path / "full"))
    assert leftovers(site) == []


@pytest.mark.skipif(not fsevents.available(), reason="needs Linux's inotify")
def test_kill_9_at_any_moment_of_a_publish_leaves_one_whole_site_and_the_next_repairs(
        stores, tmp_path):
    before, after = stores
    with before.open_store(readonly=True) as store:
        old = files_in(_full(store, before, tmp_path / "old"))
    with after.open_store(readonly=True) as store:
        new = files_in(_full(store, after, tmp_path / "new"))
    picks = random.Random(44)
    cut_short = 0  # kills that left a build half made, for the next publish to remove
    moments = None  # how many changes a whole publish makes in the site's folders
    for trial in range(TRIALS + 1):
        site = tmp_path / f"trial-{trial}" / "site"
        published(before, site)
        made = _publish_killed(after, site, picks.randint(1, moments) if moments else None)
        moments = moments or made
        assert served(site) in (old, new), (trial, made)
        cut_short += bool(leftovers(site))
        published(after, site)
        assert served(site) == new and leftovers(site) == [], trial
    assert moments > 20 and cut_short >= 1  # (the kills did land inside publishes)


def _publish_killed(config, site: Path, after_events: int | None) -> int:
    """`rookery publish` of `config` into `site`, killed once it has made `after_events`
    changes in the site's folders (or let finish: None, or it makes fewer); how many it
    made before that."""
    watcher = fsevents.Events(site.parent, site.parent / f".{site.name}.builds")
    env = {**os.environ, "ROOKERY_CONFIG": str(config.data.parent / "rookery.toml")}
    proc = subprocess.Popen([sys.executable, "-m", "rookery", "-q", "publish", "--out",
                             str(site)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    count = 0
    try:
        while proc.poll() is None and (after_events is None or count < after_events):
            count += len(watcher.next(timeout=1))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        count += len(watcher.next(timeout=0)) if after_events is None else 0
    finally:
        watcher.close()
    return count


def test_a_publish_that_fails_leaves_the_site_as_it_was(stores, tmp_path):
    before, after = stores
    site = tmp_path / "site"
    published(before, site)
    old, first = served(site), site.resolve()
    with pytest.raises(OSError):
        with builds.next_build(site) as where:
            (where.folder / "index.html").unlink()
            raise OSError("the disk is full")
    assert site.resolve() == first and served(site) == old and leftovers(site) == []


def test_a_folder_published_in_place_and_cut_short_is_rendered_whole_next_time(
        stores, tmp_path):
    """Where the site cannot be swapped for a link (a mount point), a publish writes in
    place, marked as it runs: a publish cut short leaves the mark, and the next renders
    and writes every file, and removes the files a killed write left."""
    before, after = stores
    site = tmp_path / "site"
    published(before, tmp_path / "old")
    shutil.copytree((tmp_path / "old").resolve(), site)
    place = builds._publish_in_place(site)
    build = next(place)  # a publish in place, killed before it ends: never resumed
    assert build.in_place and not build.unfinished and (site / builds.UNFINISHED).exists()
    (site / "ember" / f"{builds.TEMPORARY}page").write_text("cut short")
    again = builds._publish_in_place(site)
    assert next(again).unfinished and not list(site.rglob(f"{builds.TEMPORARY}*"))
    with after.open_store(readonly=True) as store:
        assert publish(store, after, site).mode == "full"
    assert (site / MANIFEST).exists()
