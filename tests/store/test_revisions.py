import datetime as dt
import zoneinfo

import pytest

import recording
from rookery.diffs.compare import diff_documents
from rookery.errors import UsageError
from rookery.parsers import parse
from rookery.store import Store
from rookery.store import revisions as revs

V1, V2 = "skyforge_faq_v1.html", "skyforge_faq_v2.html"


def record(store, doc, body=b"x", published=None):
    return recording.record(store, "sky", doc, body, "https://x/faq", published)


@pytest.fixture
def store(tmp_path, fixtures, database):
    with Store(tmp_path, url=database) as store:
        store.upsert_source("sky", "Skyforge FAQ", "https://x/faq", "html", {})
        record(store, parse((fixtures / V1).read_bytes()), b"1", "2021-03-14T10:00:00+00:00")
        record(store, parse((fixtures / V2).read_bytes()), b"2", "2021-09-01T10:00:00+00:00")
        yield store


def test_a_revision_reads_back_as_the_document_it_recorded(store, fixtures):
    original = parse((fixtures / V2).read_bytes())
    rev = revs.latest_revision(store, "sky")
    assert (rev.number, rev.version, rev.effective, rev.sections) == (2, "2.0", "2021-09-01",
                                                                       len(original.sections))
    assert revs.document(store, rev).sections == original.sections


def test_changes_are_recorded_with_the_revision(store, fixtures):
    rev = revs.latest_revision(store, "sky")
    expected = diff_documents(parse((fixtures / V1).read_bytes()),
                              parse((fixtures / V2).read_bytes())).changes
    assert revs.changes(store, rev) == expected
    assert (rev.added, rev.removed, rev.modified) == (3, 1, 4)


def test_unchanged_sections_keep_their_version_row(store):
    versions = store.scalar("SELECT COUNT(*) FROM versions")
    items = store.scalar("SELECT COUNT(*) FROM items")
    first = revs.revisions(store, "sky")[0].sections
    # revision 2 adds rows only for the 3 new sections and the 4 that changed
    assert items == first + 3
    assert versions == first + 3 + 4


def test_a_sections_history_follows_it_through_renumbering(store):
    (item,) = revs.find_items(store, "sky", "Duplicate Relics")
    events = revs.section_history(store, item)
    assert [(e.revision.number, e.change.type if e.change else None) for e in events] == \
        [(1, None), (2, "modified")]
    assert events[1].change.renumbered and (events[1].change.old.number,
                                            events[1].section.number) == ("1.2", "1.3")
    assert revs.find_items(store, "sky", "1.3") == [item]


@pytest.mark.parametrize("spec,number", [("1.0", 1), ("v2.0", 2), ("2", 2), ("#1", 1),
                                         ("latest", 2), ("2021-06-30", 1), ("2021-09-01", 2)])
def test_revisions_are_named_by_label_date_or_number(store, spec, number):
    assert revs.resolve(store, "sky", spec).number == number


@pytest.mark.parametrize("zone,stamp,day", [
    ("UTC", "2021-09-01T03:30:00+00:00", "2021-09-01"),
    ("America/Los_Angeles", "2021-09-01T03:30:00+00:00", "2021-08-31"),
    ("Asia/Tokyo", "2021-09-01T20:30:00+00:00", "2021-09-02"),
])
def test_a_revisions_day_is_told_in_the_stores_time_zone(tmp_path, fixtures, zone, stamp, day):
    """A release that prints no date is in force from the day it came out, that day told
    in the store's zone."""
    with Store(tmp_path, zone=zoneinfo.ZoneInfo(zone)) as store:
        store.upsert_source("sky", "Skyforge FAQ", "https://x/faq", "html", {})
        undated = parse((fixtures / V2).read_bytes())
        undated.effective = None
        record(store, undated, b"2", stamp)
        assert revs.latest_revision(store, "sky").date == day
        assert revs.resolve(store, "sky", day).number == 1
        earlier = (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()
        with pytest.raises(UsageError, match=f"no revision in force on {earlier}: the earliest "
                                             rf"\(v2.0\) prints no date and was first seen on {day}"):
            revs.resolve(store, "sky", earlier)


@pytest.mark.parametrize("source,spec,message", [
    ("sky", "9.9", r"no such revision; give a version \(1.0, 2.0\)"),
    ("sky", "2020-01-01", r"no revision in force on 2020-01-01: the earliest \(v1.0\) took "
                          "effect on 2021-03-14"),
    ("moon", "1", r"no source 'moon' \(sources: sky, sun\)"),
    ("sun", "1", r"no revisions of 'sun' in the store yet; run `rookery fetch sun` first"),
])
def test_unknown_revisions_are_explained(store, source, spec, message):
    with pytest.raises(UsageError, match=message):
        revs.resolve(store, source, spec, configured=["sky", "sun"])


@pytest.fixture
def imported(tmp_path, fixtures, database):
    """A store that recorded the current release first and imported older ones after it,
    all on one day long after they took effect (the 2021 ones print their dates; the
    last import prints none and was published in 2021-06)."""
    v1, v2 = (parse((fixtures / name).read_bytes()) for name in (V1, V2))
    undated = parse((fixtures / V1).read_bytes())
    undated.version = undated.effective = None
    undated.sections = undated.sections[:-1]
    with Store(tmp_path, url=database) as store:
        store.upsert_source("sky", "Skyforge FAQ", "https://x/faq", "html", {})
        record(store, v2, b"2")  # 2021-09-01
        record(store, v1, b"1")  # 2021-03-14
        record(store, undated, b"3", "2021-06-02T10:00:00+00:00")
        yield store


# (day, the revision in force): by the dates, not by the order of recording
IN_FORCE = [
    ("2021-03-14", 2), ("2021-06-01", 2),  # the oldest release, imported second
    ("2021-06-02", 3), ("2021-08-31", 3),  # the undated one, from the day it came out
    ("2021-09-01", 1), ("2030-01-01", 1),  # the current release, recorded first
]


def test_a_date_names_the_release_in_force_then_and_before_the_first_nothing_is(imported):
    assert [(day, revs.resolve(imported, "sky", day).number) for day, _ in IN_FORCE] == IN_FORCE
    assert [(day, revs.revision_on(imported, "sky", day).number) for day, _ in IN_FORCE] == \
        IN_FORCE
    # the dated ones were seen long after they took effect: that day does not decide
    assert [r.date > "2021-09-01" for r in revs.revisions(imported, "sky")] == [
        True, True, False]
    assert revs.revision_on(imported, "sky", "2021-03-13") is None
    with pytest.raises(UsageError, match=r"^sky has no revision in force on 2021-03-13: the "
                                         r"earliest \(v1.0\) took effect on 2021-03-14; give "
                                         "that day or a later one$"):
        revs.resolve(imported, "sky", "2021-03-13")
