from dataclasses import replace

import pytest

from rookery.diffs.compare import diff_documents
from rookery.diffs.flags import flags_for, same_question, verdict
from rookery.model import Document, Section

Q = "If I borrow a forge, can I activate it in the same round as my own?"


def entry(title, question, answer, path=("Frequently Asked Questions",)):
    return Section(title=title, kind="faq", text=f"{question}\n{answer}", question=question,
                   path=path, heading=title)


@pytest.mark.parametrize("question,answer,expected", [
    ("Can I pass?", "Yes. Any time.", "yes"),
    ("Can I pass?", "No, never.", "no"),
    ("Can I pass?", "Not quite: it depends.", None),
    ("Can I pass?", "You can pass at any time.", "yes"),
    ("Can I pass?", "You cannot pass once you have acted.", "no"),
    ("Can I use it to burn or to quench?", "You can burn with it. You cannot quench with it.", None),
    ("Does it count?", "It does not count for the round.", "no"),
    ("Does it count?", "It doesn't.", "no"),
    ("Is the card new?", "None of the cards are new.", None),
    ("Which player chooses?", "The first player chooses.", None),
    ("Can I pass?", "You can't pass.", "no"),
    ("Will it stay?", "It won't stay past the round.", "no"),
    ("Will it stay?", "It will stay until the round ends.", "yes"),
    ("If my forge burns, can I rebuild it?", "You cannot rebuild it that round.", "no"),
    ("If my forge burns, can I rebuild it?", "You can rebuild it.", "yes"),
])
def test_verdicts(question, answer, expected):
    assert verdict(entry(None, question, answer)) == expected


@pytest.mark.parametrize("other,same", [
    (Q, True),
    (Q.replace("forge", "forge,"), True),  # punctuation
    ("  if I BORROW a \u201cforge\u201d, can I activate it in the same round as my own ?",
     True),  # case, quotes, spacing
    (Q.replace("activate", "activte"), True),  # a letter left out...
    (Q.replace("borrow", "borroww"), True),  # ...or typed twice
    (Q.replace("round", "rounf"), False),  # one letter typed for another makes other words
    (Q.replace("activate", "actviate"), True),  # two letters swapped
    (Q.replace("same round", "same turn"), False),  # another word: another question
    (Q.replace("my own", "your own"), False),
    (Q.replace("activate", "discard"), False),
    (Q.replace("borrow a forge", "borrow two forges"), False),
    (Q.replace("my own?", "my own, or only once?"), False),  # words added
    (Q.replace("If I ", ""), False),  # words left out
    ("If I borrow a relic, can I burn it?", False),
    ("", False),
])
def test_same_question_means_the_same_words(other, same):
    """Same words in the same order, a fixed slip of the pen aside; one word more, less
    or different is another question, however long the question is."""
    assert same_question(entry(None, Q, "Yes."), entry(None, other, "No.")) is same
    assert same_question(entry(None, other, "No."), entry(None, Q, "Yes.")) is same


def test_a_slip_is_forgiven_only_in_words_long_enough_to_tell():
    short = "If I win, can I keep the forge?"
    assert not same_question(entry(None, short, "Yes."),
                             entry(None, short.replace("win", "wins"), "No."))


def docs(*sections):
    return Document(sections=list(sections))


def kinds(flags):
    return [(f.type, tuple(s.title for s in f.sections)) for f in flags]


def test_a_new_entry_that_disagrees_with_a_live_one_is_a_contradiction():
    old = docs(entry("Borrowed Forges", Q, "Yes. Each forge once per round."))
    new = docs(old.sections[0], entry("Forges Revisited", Q, "No. One forge per round."))
    assert kinds(diff_documents(old, new).flags) == [
        ("contradiction", ("Borrowed Forges", "Forges Revisited"))]


def test_removing_one_side_resolves_it():
    a = entry("Borrowed Forges", Q, "Yes. Each forge once per round.")
    b = entry("Forges Revisited", Q, "No. One forge per round.")
    flags = diff_documents(docs(a, b), docs(b)).flags
    assert kinds(flags) == [("resolved", ("Borrowed Forges", "Forges Revisited"))]
    assert "\u201cBorrowed Forges\u201d was removed" in flags[0].detail


def test_a_standing_contradiction_is_not_raised_again():
    a = entry("Borrowed Forges", Q, "Yes. Each forge once per round.")
    b = entry("Forges Revisited", Q, "No. One forge per round.")
    other = Section(title="Passing", kind="ruling", text="A player may pass.", number="1.1")
    assert diff_documents(docs(a, b), docs(a, b, other)).flags == []


def test_an_answer_that_flips_is_a_reversal():
    before = entry("Borrowed Forges", Q, "Yes. Each forge once per round.")
    after = entry("Borrowed Forges", Q, "No. Only your own forges.")
    flags = diff_documents(docs(before), docs(after)).flags
    assert kinds(flags) == [("reversal", ("Borrowed Forges",))]
    assert "from Yes to No" in flags[0].detail


def test_rewording_without_a_new_verdict_raises_nothing():
    before = entry("Borrowed Forges", Q, "Yes. Each forge once per round.")
    after = entry("Borrowed Forges", Q, "Yes. Every forge may be used once each round.")
    assert diff_documents(docs(before), docs(after)).flags == []


def test_entries_that_agree_are_not_a_contradiction():
    a = entry("Borrowed Forges", Q, "Yes. Each forge once per round.")
    b = entry("Forges Revisited", Q, "Yes, once each.")
    assert flags_for(None, docs(a, b)) == []


def test_contradictions_across_documents_are_raised_once():
    page = docs(entry("Borrowed Forges", Q, "Yes. Each forge once per round."))
    pdf = Document(sections=[entry(None, Q, "No. Only your own.")], source="digest-pdf")
    flags = flags_for(None, page, [pdf])
    assert [(f.type, f.other_source) for f in flags] == [("contradiction", "digest-pdf")]
    # a ruling this document gives too is judged within it, not across
    both = docs(page.sections[0], entry("Forges Revisited", Q, "No. Only your own."))
    assert [f.other_source for f in flags_for(None, both, [pdf])] == [None]
    # the next release that still disagrees with the PDF raises nothing new
    again = docs(entry("Borrowed Forges", Q, "Yes. Each forge once per round, as before."))
    assert diff_documents(page, again, [pdf]).flags == []


def test_an_answer_is_read_after_its_question_wherever_the_question_stands():
    s = Section(title="Passing", kind="faq", text="Passing\nCan I pass?\nYou cannot pass.",
                question="Can I pass?", heading="Passing")
    assert verdict(s) == "no"


def test_a_contradiction_across_documents_is_resolved_when_one_side_agrees():
    pdf = Document(sections=[entry(None, Q, "No. Only your own.")], source="digest-pdf")
    before = docs(entry("Borrowed Forges", Q, "Yes. Each forge once per round."))
    after = docs(entry("Borrowed Forges", Q, "No. Only the forges you own."))
    flags = diff_documents(before, after, [pdf]).flags
    assert [(f.type, f.other_source) for f in flags] == [("reversal", None),
                                                          ("resolved", "digest-pdf")]
    assert "\u201cBorrowed Forges\u201d now answers No" in flags[1].detail


def test_untitled_entries_asking_one_question_are_told_apart_by_their_answers():
    a = entry(None, Q, "Yes. Each forge once per round.")
    b = entry(None, Q, "No. Only the forges you own.")
    (flag,) = flags_for(None, docs(a, b))
    assert flag.detail.startswith("The entry answering \u201cYes. Each forge once per round.\u201d"
                                  " and the entry answering \u201cNo. Only the forges you own.\u201d")
    (gone,) = diff_documents(docs(a, b), docs(b)).flags
    assert gone.type == "resolved"
    assert gone.detail.endswith("the entry answering \u201cYes. Each forge once per round.\u201d "
                                "was removed")


def test_untitled_entries_with_different_questions_go_by_their_question():
    a = entry(None, Q, "Yes. Each forge once per round.")
    b = entry(None, Q.replace("forge,", "forge"), "No. Only the forges you own.")
    (flag,) = flags_for(None, docs(a, b))
    assert flag.detail.startswith("\u201cIf I borrow a forge, can I activate it in \u2026\u201d"
                                  " and \u201cIf I borrow a forge can I activate it in \u2026")


def test_only_what_this_release_changed_resolves_a_contradiction_across_documents():
    ours = docs(entry("Borrowed Forges", Q, "Yes. Each forge once per round."))
    theirs_then = Document(sections=[entry(None, Q, "No. Only your own.")], source="pdf",
                           keys=["item-7"])
    theirs_now = Document(sections=[entry(None, Q, "Yes, any forge.")], source="pdf",
                          keys=["item-7"])
    again = docs(entry("Borrowed Forges", Q, "Yes. Each forge once per round, as before."))
    diff = diff_documents(ours, again)
    # the other document changed its answer: its own release says so, not this one
    assert flags_for(diff, others=[theirs_now], others_before=[theirs_then]) == []
    # this release changed ours to agree: resolved, and it says how
    agreeing = docs(entry("Borrowed Forges", Q, "No. Only your own forges."))
    flags = flags_for(diff_documents(ours, agreeing), others=[theirs_then],
                      others_before=[theirs_then])
    assert [f.type for f in flags] == ["reversal", "resolved"]
    assert flags[1].detail.endswith("\u201cBorrowed Forges\u201d now answers No")
    assert flags[1].places == (("old", 0), ("pdf", 0))


def test_an_entry_of_another_document_is_known_by_its_key_across_its_releases():
    ours = docs(entry("Borrowed Forges", Q, "Yes. Each forge once per round."))
    then = Document(sections=[entry(None, Q, "No. Only your own.")], source="pdf", keys=[7])
    # the other release put a new entry first: same entry, new position, same key
    now = Document(sections=[entry(None, "Can a relic be burned?", "Yes."),
                             entry(None, Q, "No. Only your own.")], source="pdf", keys=[9, 7])
    again = docs(entry("Borrowed Forges", Q, "Yes. Each forge once per round, still."))
    assert flags_for(diff_documents(ours, again), others=[now], others_before=[then]) == []


HAND = "If my opponent has no relics in hand, can I still claim a forge?"
ROUND = "If the round ends during a forging, does the forge cool at once?"
# answers long enough, and different enough, that no pass of the aligner pairs the entries
YES = ("Yes. A borrowed forge works like one of your own for as long as you hold it, and "
       "the limit of one activation per round is counted for each forge separately.")
NO = ("No. Activating one forge exhausts your smithing for the round: whichever forge it "
      "was, yours or lent, nothing more is smelted until the next round begins.")
YES_AGAIN = ("Yes: lent or owned, each forge keeps its own count of activations, so a "
             "borrowed one is ready even after yours has been used.")
NO_AGAIN = ("No, never two in one round. The lender's forge is as spent as yours the moment "
            "you have activated any forge at all.")
NEITHER = ("That depends on who lent it: a forge lent by an ally follows the ally's own "
           "timing, while a captured one has to wait a full round before it serves you.")


@pytest.mark.parametrize("before,after,expected", [
    # one entry removed, another added: same question, the other answer
    ([entry("Borrowed Forges", Q, YES)], [entry("Forge Sharing", Q, NO)],
     [("reversal", ("Borrowed Forges", "Forge Sharing"))]),
    # the question's punctuation and a fixed typo do not make another question
    ([entry("Borrowed Forges", Q, YES)],
     [entry("Forge Sharing", Q.replace("forge,", "forge").replace("activate", "activte"), NO)],
     [("reversal", ("Borrowed Forges", "Forge Sharing"))]),
    # near misses: a different question, or the same answer, is no reversal
    ([entry("Empty Hands", HAND, YES)],
     [entry("Empty Decks", HAND.replace("in hand", "in deck"), NO)], []),
    ([entry("Cooling", ROUND, YES)], [entry("Cooling Again", ROUND.replace("ends", "begins"),
                                             NO)], []),
    ([entry("Borrowed Forges", Q, YES)],
     [entry("Forge Sharing", Q, NO.replace("No.", "Yes,").replace("nothing more", "something more"))],
     []),
    ([entry("Borrowed Forges", Q, NEITHER)], [entry("Forge Sharing", Q, NO)], []),
    # the old release gave both answers: the removal ends a contradiction
    ([entry("Borrowed Forges", Q, YES), entry("Forge Sharing", Q, NO)],
     [entry("Forges Again", Q, NO_AGAIN)],
     [("resolved", ("Borrowed Forges", "Forge Sharing"))]),
    # the new release still gives the old answer beside the new: a contradiction starts
    ([entry("Borrowed Forges", Q, YES)],
     [entry("Forges Again", Q, YES_AGAIN),
      entry("Forge Sharing", Q, NO)],
     [("contradiction", ("Forges Again", "Forge Sharing"))]),
])
def test_an_entry_replaced_by_one_answering_its_question_the_other_way_is_a_reversal(
        before, after, expected):
    """Releases far apart, the FAQ filed under a new heading meanwhile: the aligner pairs
    no old entry with a new one, so a flip shows only as a removal and an addition."""
    diff = diff_documents(docs(*before), docs(*refiled(after)))
    assert {c.type for c in diff.changes} == {"added", "removed"}
    assert kinds(diff.flags) == expected


def refiled(sections):
    return [replace(s, path=("Questions and Answers",)) for s in sections]


def test_a_reversal_by_replacement_names_both_entries_and_the_answers():
    old = docs(entry("Borrowed Forges", Q, YES))
    new = docs(*refiled([entry(None, "Can a relic be burned?", "Yes."),
                         entry("Forge Sharing", Q, NO)]))
    (flag,) = diff_documents(old, new).flags
    assert flag.detail == ("\u201cForge Sharing\u201d replaced \u201cBorrowed Forges\u201d: the "
                           f"answer to \u201c{Q}\u201d changed from Yes to No")
    assert flag.places == (("old", 0), ("new", 1))
