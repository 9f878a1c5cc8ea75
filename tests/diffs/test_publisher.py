"""What the publisher says changed, against what did: generated releases of our own
(tests/accounted.py) in two languages, four formats and three forms of summary, and
small documents built here for each way an entry counts."""
import pytest

import accounted
from accounted import OLD, diff, rule, summary
from rookery.diffs.compare import diff_documents
from rookery.diffs.report import to_json as diff_json
from rookery.model import Section
from rookery.parsers import parse


@pytest.fixture(scope="module")
def releases():
    """(language, form, format) → the two releases, parsed once for the module."""
    memo = {}

    def pair(language: str, form: str, fmt: str):
        key = (language, form, fmt)
        if key not in memo:
            memo[key] = [parse(accounted.printed(language, revised, form, fmt),
                               source=f"driftglass-{int(revised)}.{fmt}")
                         for revised in (False, True)]
        return memo[key]

    return pair


@pytest.mark.parametrize("fmt", accounted.FORMATS)
@pytest.mark.parametrize("form", accounted.FORMS)
@pytest.mark.parametrize("language", accounted.LANGUAGES)
def test_a_release_that_accounts_for_its_changes(releases, language, form, fmt):
    account = diff_documents(*releases(language, form, fmt)).publisher
    terms = accounted.TERM[language]
    listed = {e.number or e.title: e.status for e in account.listed}
    assert listed == {**accounted.LISTED_NUMBERS,
                      **{terms[t]: status for t, status in accounted.LISTED_TERMS.items()}}
    assert {c.section.number or c.section.title for c in account.unlisted} == \
        accounted.unlisted(language, fmt)
    marked = {m.section.number or m.section.title: m.status for m in account.marked}
    assert marked == ({terms.get(k, k): v for k, v in accounted.MARKED.items()}
                      if fmt in accounted.COLOURED else {})
    # marks in two forms: words in the text, and a whole entry with its name
    assert {m.section.title for m in account.marked if m.section.heading_marked} == \
        ({terms[t] for t in ("Ward", "Dusk", "Shard")} if fmt in accounted.COLOURED else set())
    unconfirmed = {e.number or e.title for e in account.listed if e.status in
                   ("unchanged", "missing")}
    assert unconfirmed == {"3.2.1", "3.4.1"}


def test_the_summary_read_is_the_releases_own_not_the_one_it_carries(releases):
    old, new = releases("en", "parts", "html")
    account = diff_documents(old, new).publisher
    assert account.summary == "Update Summary"
    # the earlier summary, carried from the older release, lists 1.2.2: not this one's
    assert "1.2.2" not in {e.number for e in account.listed}


# ---------------------------------------------------------------- built by hand
# (rules 3.1.1–3.2.2 of an older release, OLD, and what changes them: accounted.py)

def test_a_renumbered_section_is_cited_by_either_of_its_numbers():
    # a new 3.1.1 pushes the others down; the summary cites the reworded rule by the
    # number it had (3.1.2), which is now the number of the one only renumbered
    new = [rule("3.1.1", "Players draw at dawn."), rule("3.1.2", "A turn begins at dawn."),
           rule("3.1.3", "Ties score nothing at all."), *OLD[2:],
           summary("3.1.2 Reworded the rule on ties.")]
    account = diff(new).publisher
    assert [(e.number, e.status) for e in account.listed] == [("3.1.2", "changed")]
    # the reworded rule is listed by its old number; the new rule is not listed at all
    assert [(c.type, c.section.number) for c in account.unlisted] == [("added", "3.1.1")]


def test_a_parent_is_confirmed_by_what_changed_under_it_and_covers_it():
    new = [rule("3.1", "Turns."), *OLD[:2], rule("3.2.1", "The game ends at six points."),
           OLD[3], summary("3.2 Updated the end of the game.", "3.1 Clarified turns.")]
    old = [rule("3.1", "Turns."), *OLD]
    account = diff(new, old).publisher
    # 3.2 is no section of its own, but what stands under it changed
    assert [(e.number, e.status) for e in account.listed] == \
        [("3.2", "beneath"), ("3.1", "unchanged")]
    assert account.unlisted == []  # 3.2.1 stands under the listed 3.2


def test_a_release_that_neither_lists_nor_marks_has_no_account():
    result = diff([*OLD[:3], rule("3.2.2", "The youngest player wins ties.")])
    assert result.publisher is None and "publisher" not in diff_json(result)


def test_an_account_narrowed_to_some_sections():
    new = [rule("3.1.1", "A turn begins at noon."), OLD[1],
           rule("3.2.1", "The game ends at six points."), OLD[3],
           summary("3.1.1 Moved the start of a turn.")]
    account = diff(new).publisher
    narrowed = account.narrowed(lambda s: (s.number or "").startswith("3.2"))
    assert narrowed.listed == [] and narrowed.summary is None
    assert [c.section.number for c in narrowed.unlisted] == ["3.2.1"]
    assert account.narrowed(lambda s: False) is None


def test_the_summary_on_the_day_the_release_took_effect_is_its_own():
    new = [*OLD[:3], rule("3.2.2", "The youngest player wins ties."),
           summary("March 1, 2024", "3.1.1 Clarified.", title="Changes"),
           summary("June 3, 2024", "3.2.2 Reworded.", title="Changes")]
    account = diff(new, effective="2024-06-03").publisher
    assert [e.number for e in account.listed] == ["3.2.2"]


def test_a_name_cites_a_heading_and_what_is_under_it_where_only_a_heading_bears_it():
    # the older release sets the banned cards under a heading, the newer one as a list;
    # "Banned Cards" cites the heading there (and its entries), the list here
    old = [*OLD, Section(title="Banned Cards", kind="heading"),
           Section(title="Pale Moth", kind="list", text="Pale Moth (Dusk, 4)",
                   path=("Banned Cards",)),
           Section(title="Old Lantern", kind="list", text="Old Lantern (Dawn, 9)",
                   path=("Banned Cards",))]
    new = [*OLD, Section(title="Banned Cards", kind="list", text="Old Lantern (Dawn, 9)"),
           summary("New: Banned Cards")]
    account = diff(new, old).publisher
    assert [(e.title, e.status) for e in account.listed] == [("Banned Cards", "changed")]
    assert account.unlisted == []
