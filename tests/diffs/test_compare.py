import pytest

from rookery.diffs.compare import diff_documents
from rookery.model import Document, Section

RULINGS = ("Rulings", "1. Play")


def ruling(number, title, text, path=RULINGS):
    return Section(title=title, kind="ruling", text=text, number=number, path=path,
                   heading=f"({number}) {title}")


def faq(title, question, answer):
    return Section(title=title, kind="faq", text=f"{question}\n{answer}", question=question,
                   path=("Frequently Asked Questions",), heading=title)


def changes(old, new, formats=("html", "html")):
    diff = diff_documents(Document(sections=old, format=formats[0]),
                          Document(sections=new, format=formats[1]))
    return [(c.type, c.section.title or c.section.question, c.text_changed,
             c.renumbered, c.retitled, c.moved) for c in diff.changes]


def test_inserting_a_ruling_renumbers_the_ones_after_it():
    old = [ruling("1.1", "Ties", "Ties go to the defender."),
           ruling("1.2", "Passing", "A player may pass.")]
    new = [ruling("1.1", "Ties", "Ties go to the defender."),
           ruling("1.2", "Mulligans", "Shuffle back once."),
           ruling("1.3", "Passing", "A player may pass.")]
    assert changes(old, new) == [
        ("added", "Mulligans", False, False, False, False),
        ("modified", "Passing", False, True, False, False),
    ]


def test_a_retitled_ruling_with_the_same_words_is_retitled_not_replaced():
    old = [ruling("2.1", "Simultaneous Effects", "The active player orders them.")]
    new = [ruling("2.1", "Ordering Simultaneous Effects", "The active player orders them.")]
    assert changes(old, new) == [("modified", "Ordering Simultaneous Effects", False, False,
                                  True, False)]


def test_title_case_and_whitespace_kinds_are_not_changes():
    old = [ruling("1.1", "Notes and Errata", "First line.\nSecond line , here.")]
    new = [ruling("1.1", "NOTES AND ERRATA", "First line. Second line, here.")]
    assert changes(old, new) == []


def test_a_title_only_one_format_prints_is_not_a_retitle():
    q, a = "May I use two forges?", "No."
    titled = [faq("Two Forges", q, a)]
    untitled = [Section(title=None, kind="faq", text=f"{q}\n{a}", question=q,
                        path=("Frequently Asked Questions",))]
    assert changes(titled, untitled, ("html", "pdf")) == []
    assert changes(untitled, titled, ("pdf", "html")) == []


def test_a_title_given_or_dropped_within_one_format_is_a_retitle():
    q, a = "May I use two forges?", "No."
    titled = [faq("Two Forges", q, a)]
    untitled = [Section(title=None, kind="faq", text=f"{q}\n{a}", question=q,
                        path=("Frequently Asked Questions",))]
    assert changes(untitled, titled) == [("modified", "Two Forges", False, False, True, False)]
    assert changes(titled, untitled) == [("modified", q, False, False, True, False)]


def test_a_rewritten_ruling_keeps_its_identity():
    old = [ruling("1.2", "Duplicates", "A limited duplicate counts as your limited card.")]
    new = [ruling("1.2", "Duplicates", "A duplicate has none of the card's characteristics.")]
    diff = diff_documents(Document(sections=old), Document(sections=new))
    (change,) = diff.changes
    assert change.type == "modified" and change.text_changed
    assert "".join(t for op, t in change.ops if op <= 0) == old[0].text
    assert "".join(t for op, t in change.ops if op >= 0) == new[0].text


def test_same_number_but_different_ruling_is_a_removal_and_an_addition():
    old = [ruling("3.2", "Player Choices", "Choices are constrained to legal options.")]
    new = [ruling("3.2", "Saving from a Cost", "A card that leaves play as a cost is gone.")]
    assert [c[0] for c in changes(old, new)] == ["removed", "added"]


def test_a_section_moved_to_another_chapter_is_moved():
    chapter1 = Section(title="Play", kind="heading", number="1", path=("Rulings",),
                       heading="1. Play")
    chapter2 = Section(title="Timing", kind="heading", number="2", path=("Rulings",),
                       heading="2. Timing")
    wanderer = "Reactions wait for the whole effect."
    old = [chapter1, ruling("1.1", "Reactions", wanderer, ("Rulings", "1. Play")), chapter2]
    new = [chapter1, chapter2, ruling("2.1", "Reactions", wanderer, ("Rulings", "2. Timing"))]
    assert changes(old, new) == [("modified", "Reactions", False, True, False, True)]


def test_reordering_siblings_marks_only_the_one_that_moved():
    a, b, c = (faq(t, f"Question {t}?", "Yes.") for t in ("Alpha", "Beta", "Gamma"))
    assert changes([a, b, c], [b, c, a]) == [("modified", "Alpha", False, False, False, True)]


def test_added_and_removed_sections_are_reported_in_reading_order():
    a, b, c = (faq(t, f"Question {t}?", f"Answer {t}.") for t in ("Alpha", "Beta", "Gamma"))
    result = changes([a, b], [a, c])
    assert result == [("removed", "Beta", False, False, False, False),
                      ("added", "Gamma", False, False, False, False)]


def test_icons_count_only_where_both_sides_print_them():
    page = [ruling("4.1", "Icons", "Each \ue001 character gains power.")]
    plain = [ruling("4.1", "Icons", "Each character gains power.")]
    swapped = [ruling("4.1", "Icons", "Each \ue002 character gains power.")]
    assert changes(plain, page) == []  # an icon font leaves no text on the web page
    assert changes(page, swapped) == [("modified", "Icons", True, False, False, False)]


@pytest.mark.parametrize("old,new,changed", [
    ("The Odyssey(tm) block.", "The Odyssey\u2122 block.", False),
    ("(c)2019 Wizards. Magic(R)", "\u00a92019 Wizards. Magic\u00ae", False),
    ("Dand\ufffdn, El-Hajj\ufffdj", "Dand\u00e2n, El-Hajj\u00e2j", False),  # letters a file lost
    ("Dand\ufffdn", "Dandan", True),  # a lost letter stands for one outside ASCII
    ("Dand\ufffdn", "Dand\u00e2\u00e2n", True),  # and for one letter only
    ("Odyssey(tm)", "Odyssey(c)", True),
])
def test_marks_spelled_out_and_lost_letters_are_no_change(old, new, changed):
    result = changes([ruling("7.1", "Names", old)], [ruling("7.1", "Names", new)])
    assert result == ([("modified", "Names", True, False, False, False)] if changed else [])


def test_leftovers_that_share_as_many_rare_words_are_taken_nearest_first():
    # one old leftover shares one rare word with each of ten new ones: the ten tie, and
    # the six kept must be the nearest to its place, whatever order a set of words
    # iterates in (that order changes from run to run)
    from rookery.diffs import align

    words = [f"word{k:02d}" for k in range(10)]
    old = [ruling(str(k), f"Old {k}", "filler text here") for k in range(20)]
    old[10] = ruling("10", "Lantern", " ".join(words))
    new = [ruling(str(k), f"New {k}", f"{words[k // 2]} more filler") if k % 2 == 0
           else ruling(str(k), f"New {k}", "other filler") for k in range(20)]
    ko = [align._keys(s) for s in old]
    kn = [align._keys(s) for s in new]
    found = align._by_shared_words(ko, kn, {10}, set(range(0, 20, 2)))
    # 4 and 16 are as near as each other: the earlier one is kept
    assert found == {(10, j) for j in (4, 6, 8, 10, 12, 14)}
