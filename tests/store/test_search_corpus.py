"""Search and ruling alerts over the replayed ThronesDB history (../shared/corpus)."""
from rookery.store import revisions as revs
from rookery.store.search import search

QUERY = "marshal a limited card as a duplicate"


def test_the_duplicate_rulings_rank_in_the_top_three(history):
    _, store = history
    hits = search(store, QUERY, limit=3)
    names = [h.section.label for h in hits]
    assert "(1.2) Duplicates" in names and "Limited Card as Duplicate" in names
    for hit in hits:
        assert hit.last_change is not None and hit.how
    duplicates = hits[names.index("(1.2) Duplicates")]
    assert (duplicates.last_change.date, duplicates.how) == ("2023-01-30", "text changed")
    limited = hits[names.index("Limited Card as Duplicate")]
    assert (limited.last_change.version, limited.how) == ("2.2", "added")


def test_searching_at_a_date_reads_the_documents_as_they_were(history):
    _, store = history
    hits = search(store, QUERY, at="2019-01-01", limit=5)
    by_name = {h.section.label: h for h in hits}
    duplicates = by_name["(1.2) Duplicates"]
    assert duplicates.revision.version == "2.0"
    assert "Marshaling a limited card as a duplicate is considered to count" in \
        duplicates.section.text
    assert "Limited Card as Duplicate" not in by_name  # it only came in v2.2
    assert "Limited Cards in Setup" in by_name


def test_the_contradiction_is_raised_in_june_2019_and_resolved_in_may_2021(history):
    # the history's days are told in the publisher's zone: 2021-05-12 evening there
    _, store = history
    raised = {}
    for rev in revs.revisions(store, "faq"):
        for flag in revs.flags(store, rev):
            raised.setdefault(flag.type, []).append(
                (rev.date, sorted(ref["title"] for ref in flag.sections)))
    pair = ["Limited Card as Duplicate", "Limited Cards in Setup"]
    assert raised == {"contradiction": [("2019-06-03", pair)], "resolved": [("2021-05-12", pair)]}
