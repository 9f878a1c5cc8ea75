"""The card facts a publish keeps beside the site (cards/facts.py), from real stores that
watched the made-up Emberwick FAQ (emberwick.py): a publish after a new release reads
that release's facts only and gives the files of a full build, card pages and the kept
facts included, on SQLite and on PostgreSQL; a changed card list, a card a new release
makes known, another store's revisions and facts of another rookery are never answered
from stale facts."""
import dataclasses
import json

import emberwick
from rookery.feeds.site import CARD_FACTS, MANIFEST, publish
from rookery.watch import Watcher

from .test_publish_incremental import assert_as_full_build, files_in

# an erratum for a card whose name every release already prints, as a FAQ entry's title
LIGHTING_TWICE = ('<p><strong>Lighting Twice <em>(Core Set, 40)</em></strong><br>Should '
                  'read: "Light two lanterns."</p>\n')


def with_erratum(n: int) -> str:
    """Release `n` with one more erratum, for the card "Lighting Twice"."""
    return emberwick.release(n).replace("<h1>Card Legality</h1>",
                                        LIGHTING_TWICE + "<h1>Card Legality</h1>")


def test_a_publish_after_each_release_reads_its_facts_only_and_gives_the_full_build(
        tmp_path, database):
    extra = f'database = "{database}"' if database else ""
    config, page = emberwick.configuration(tmp_path, extra)
    site = tmp_path / "site"
    with config.open_store() as store:
        watcher = Watcher(store, config)
        for n in range(3):
            emberwick.write(page, n, hostile=n == 2)
            assert watcher.cycle().revisions
            report = publish(store, config, site)
            assert (report.mode, report.facts_read) == \
                ("all" if n == 0 else "incremental", 1), report
            assert_as_full_build(store, config, [site], tmp_path / f"full-{n}")
        assert {"cards/soot-hound.html", "cards/kiln-warden.html",
                "cards/script-alert-x-script-quill.html"} <= set(files_in(site))
        # every page rendered again (the feeds name another address): from kept facts
        moved = dataclasses.replace(config, base_url="https://elsewhere.example.net/")
        report = publish(store, moved, site)
        assert (report.mode, report.facts_read, report.names_searched) == ("all", 0, 0)
        assert_as_full_build(store, moved, [site], tmp_path / "full-moved")


def test_a_publish_with_nothing_new_reads_no_facts_and_leaves_them_alone(tmp_path):
    config = emberwick.watched(tmp_path, releases=2)
    site = tmp_path / "site"
    with config.open_store(readonly=True) as store:
        assert publish(store, config, site).facts_read == 2
        kept = (site / CARD_FACTS).stat().st_mtime_ns
        report = publish(store, config, site)
        assert (report.total, report.facts_read) == (0, 0)
        assert (site / CARD_FACTS).stat().st_mtime_ns == kept


def test_a_changed_card_list_searches_the_kept_facts_again_and_gives_the_full_build(
        tmp_path):
    config = emberwick.watched(tmp_path, releases=2)
    site = tmp_path / "site"
    listed = dataclasses.replace(config, cards=tmp_path / "cards.csv")
    (tmp_path / "cards.csv").write_text("name,pack\nLighting Twice,Core Set\n")
    with config.open_store(readonly=True) as store:
        publish(store, config, site)
        assert not (site / "cards" / "lighting-twice.html").exists()
        report = publish(store, listed, site)
        # no revision read again, but the sections that print the name searched again
        assert (report.mode, report.facts_read) == ("all", 0)
        assert report.names_searched > 0
        assert "Lighting Twice" in (site / "cards" / "lighting-twice.html").read_text()
        assert "lighting-twice.html" in (site / "ember" / "revisions" / "1.html").read_text()
        assert_as_full_build(store, listed, [site], tmp_path / "full")

        report = publish(store, config, site)  # the name gone from the list again
        assert report.names_searched > 0
        publish(store, config, tmp_path / "full-2", full=True)
        want, got = files_in(tmp_path / "full-2"), files_in(site)
        # as a full build makes them, but for the card's old page and feeds, which stay
        # on the manifest's list for a full build to remove
        assert [p for p in want if p != MANIFEST and got[p] != want[p]] == []
        assert sorted(set(got) - set(want)) == [f"cards/lighting-twice.{kind}"
                                                for kind in ("atom", "html", "rss")]
        assert "lighting-twice.html" not in got["ember/revisions/1.html"].decode()


def test_a_card_a_new_release_makes_known_is_found_in_the_older_releases_kept_facts(
        tmp_path):
    config = emberwick.watched(tmp_path, releases=2)
    site = tmp_path / "site"
    with config.open_store() as store:
        publish(store, config, site)
        (tmp_path / "emberwick.html").write_text(with_erratum(2))
        assert Watcher(store, config).cycle().revisions
        report = publish(store, config, site)
        assert (report.mode, report.facts_read) == ("incremental", 1)
        assert report.names_searched > 0
        # the first release's page, which printed the name all along, links it now
        assert "lighting-twice.html" in (site / "ember" / "revisions" / "1.html").read_text()
        assert_as_full_build(store, config, [site], tmp_path / "full")


def test_facts_of_another_stores_revisions_or_another_rookery_are_read_again(tmp_path):
    (tmp_path / "first").mkdir()
    (tmp_path / "other").mkdir()
    first = emberwick.watched(tmp_path / "first", releases=2)
    # the same source and revision numbers, recorded from other text
    other = emberwick.watched(tmp_path / "other", hostile=True, releases=2)
    site = tmp_path / "site"
    with first.open_store(readonly=True) as store:
        publish(store, first, site)
    with other.open_store(readonly=True) as store:
        report = publish(store, other, site)
        assert (report.mode, report.facts_read) == ("all", 2), report
        assert (site / "cards" / "script-alert-x-script-quill.html").exists()
        assert_as_full_build(store, other, [site], tmp_path / "full")

        kept = json.loads((site / CARD_FACTS).read_text())
        (site / CARD_FACTS).write_text(json.dumps(kept | {"basis": "0" * 64}))
        moved = dataclasses.replace(other, base_url="https://elsewhere.example.net/")
        assert publish(store, moved, site).facts_read == 2  # made by another rookery
        (site / CARD_FACTS).write_text("{not json")
        assert publish(store, other, site).facts_read == 2
        assert_as_full_build(store, other, [site], tmp_path / "full-2")
