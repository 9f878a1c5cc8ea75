"""How a change's words are laid out: unchanged runs folded, long runs of inserted or
deleted words and a new section's long text folded after their opening words, a space
where a deletion meets an insertion, and only the publisher's marks that say something
new."""
import pytest

from rookery.feeds.display import CONTEXT, FOLDED, OPENING, RUN, opening, pieces, publisher_marks
from rookery.model import Change, Section


def words(n: int, start: int = 0) -> str:
    return " ".join(f"w{i}" for i in range(start, start + n))


@pytest.mark.parametrize("ops, kinds", [
    # a short run beside a change stays whole
    ([(0, words(10) + " "), (-1, "old"), (1, "new")], ["same", "del", "gap", "ins"]),
    # a long run before the first change: folded, its last words kept
    ([(0, words(CONTEXT + FOLDED) + " "), (1, "new")], ["fold", "same", "ins"]),
    # one word short of folding
    ([(0, words(CONTEXT + FOLDED - 1) + " "), (1, "new")], ["same", "ins"]),
    # a long run between two changes keeps words on both sides
    ([(-1, "a"), (0, " " + words(2 * CONTEXT + FOLDED) + " "), (1, "b")],
     ["del", "same", "fold", "same", "ins"]),
    # a long run after the last change
    ([(1, "new"), (0, " " + words(CONTEXT + FOLDED))], ["ins", "same", "fold"]),
    # a deletion and an insertion with a space of their own need none more
    ([(-1, "round "), (1, "Marshaling")], ["del", "ins"]),
    ([(-1, "round"), (1, " Marshaling")], ["del", "ins"]),
    # a long insertion shows its opening words, the rest folded; a short one stays whole
    ([(0, "Lead. "), (1, words(RUN + 1))], ["same", "ins", "fold-ins"]),
    ([(0, "Lead. "), (1, words(RUN))], ["same", "ins"]),
    # a rewritten paragraph: both long runs fold, and still meet with a space
    ([(-1, words(RUN + 5)), (1, words(RUN + 5, start=100))],
     ["del", "fold-del", "gap", "ins", "fold-ins"]),
])
def test_unchanged_runs_fold_and_deletions_meet_insertions_with_a_space(ops, kinds):
    laid_out = pieces(ops)
    assert [p.kind for p in laid_out] == kinds
    # nothing is lost: the folds hold the words they hide
    shown = " ".join(p.text for p in laid_out if p.kind != "gap").split()
    assert shown == " ".join(text for _op, text in ops).split()


def test_a_long_run_keeps_its_opening_words_and_counts_the_rest():
    shown, rest = pieces([(1, words(RUN + 10))])
    assert shown.text == words(OPENING) and rest.text == " " + words(RUN + 10 - OPENING,
                                                                     start=OPENING)
    assert rest.words == RUN + 10 - OPENING
    assert opening(words(RUN)) is None and opening(words(RUN + 1)) == len(words(OPENING))


def test_a_fold_counts_the_words_it_hides_and_keeps_those_beside_the_change():
    (fold, kept, _new) = pieces([(0, words(40) + " "), (1, "new")])
    assert fold.words == 40 - CONTEXT and fold.text == words(40 - CONTEXT)
    assert kept.text == words(CONTEXT, start=40 - CONTEXT) + " "


LEGEND = "New text is shown in red."


def marked(text: str, *spans: str) -> Section:
    return Section(title="Intro", kind="text", text=text,
                   marks=tuple((text.index(s), text.index(s) + len(s)) for s in spans))


@pytest.mark.parametrize("old, new, ops, shown", [
    # the legend's colour is marked in both versions: it is no news
    (marked(LEGEND + " Two players.", "red"), marked(LEGEND + " Three players.", "red"),
     [(0, LEGEND + " "), (-1, "Two"), (1, "Three"), (0, " players.")], []),
    # marked words the diff shows inserted are not repeated
    (marked("Two players."), marked("Three players.", "Three players."),
     [(-1, "Two"), (1, "Three"), (0, " players.")], []),
    # a sentence newly marked that did not change is news
    (marked("Ships sail. Two players."), marked("Ships sail. Three players.", "Ships sail."),
     [(0, "Ships sail. "), (-1, "Two"), (1, "Three"), (0, " players.")], ["Ships sail."]),
])
def test_only_new_marks_on_words_the_diff_does_not_show_new_are_listed(old, new, ops, shown):
    change = Change(type="modified", old=old, new=new, text_changed=True, ops=ops)
    assert publisher_marks(change) == shown
