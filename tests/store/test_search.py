import pytest

from recording import record

from rookery.errors import UsageError
from rookery.parsers import parse
from rookery.store import Store
from rookery.store import revisions as revs
from rookery.store.search import END, START, rebuild, search


@pytest.fixture
def store(tmp_path, fixtures, database):
    with Store(tmp_path, url=database) as store:
        for source in ("sky", "sky-copy"):
            store.upsert_source(source, source, None, "html", {})
        for n, (name, date) in enumerate([("skyforge_faq_v1.html", "2021-03-14T10:00:00+00:00"),
                                          ("skyforge_faq_v2.html", "2021-09-01T10:00:00+00:00")]):
            doc = parse((fixtures / name).read_bytes())
            for source in ("sky", "sky-copy") if n == 0 else ("sky",):
                record(store, source, doc, name.encode(), published=date)
        yield store


def titles(hits):
    return [h.section.title for h in hits]


def test_the_best_match_comes_first_with_its_words_marked(store):
    hits = search(store, "borrowed forge in the same round", sources=["sky"])
    assert titles(hits)[0] in ("Forge Limits", "Borrowed Forges")
    assert {"Forge Limits", "Borrowed Forges"} <= set(titles(hits)[:3])
    assert f"{START}forge" in hits[0].snippet.lower() and END in hits[0].snippet


def test_stemming_matches_other_forms_of_a_word(store):
    assert "Duplicate Relics" in titles(search(store, "relic duplicated", sources=["sky"]))


def test_a_hit_says_which_revision_last_changed_it_and_how(store):
    (hit,) = [h for h in search(store, "relic", sources=["sky"])
              if h.section.title == "Duplicate Relics"]
    assert hit.section.number == "1.3"
    assert (hit.last_change.number, hit.how) == (2, "renumbered")
    (anvil,) = [h for h in search(store, "anvil cost", sources=["sky"])
                if h.section.title.startswith("Glass Anvil")]
    assert (anvil.last_change.number, anvil.how) == (2, "text changed")
    (first,) = [h for h in search(store, "anchored lanes", sources=["sky"])
                if h.section.title == "Anchor"]
    assert (first.last_change.number, first.how) == (1, "first recorded")


def test_searching_as_the_documents_stood_then(store):
    now = titles(search(store, "burn ash pile", sources=["sky"]))
    then = titles(search(store, "burn ash pile", sources=["sky"], at="2021-06-01"))
    assert "Burn" in then and "Burn" not in now  # the term was removed in 2.0
    (relic,) = [h for h in search(store, "relic", sources=["sky"], at="1.0")
                if h.section.title == "Duplicate Relics"]
    assert relic.section.number == "1.2"


def test_history_matches_every_version(store):
    hits = [h for h in search(store, "anvil cost", sources=["sky"], history=True)
            if h.section.title.startswith("Glass Anvil")]
    assert sorted(h.section.text for h in hits) == ["The cost should be 3, not 2.",
                                                   "The cost should be 4, not 2."]


def test_the_same_text_in_two_sources_is_one_hit(store):
    hits = search(store, "anchored card moved between lanes", at="1.0")
    anchor = [h for h in hits if h.section.title == "Anchor"]
    assert len(anchor) == 1 and anchor[0].also_in in (["sky"], ["sky-copy"])


def test_a_query_of_little_words_is_refused(store):
    with pytest.raises(UsageError, match="give some words"):
        search(store, "is it the")


def test_the_index_can_be_rebuilt_from_the_versions(store):
    before = titles(search(store, "forge"))
    assert rebuild(store) == store.scalar("SELECT COUNT(*) FROM versions")
    assert titles(search(store, "forge")) == before


def test_sections_with_the_same_empty_text_are_different_hits(store):
    names = {h.section.title for h in search(store, "errata notes", sources=["sky"])}
    assert {"Notes and Errata", "Card Errata"} <= names
