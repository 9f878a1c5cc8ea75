import pytest

from rookery.diffs.words import word_ops


def rebuild(ops, side):
    return "".join(text for op, text in ops if op in (0, side))


@pytest.mark.parametrize("old,new", [
    ("A player cannot marshal a limited card.", "A player can marshal a limited card."),
    ("one two three", "one three"),
    ("", "all new text"),
    ("all old text", ""),
    ("line one\nline two", "line one\nline 2"),
])
def test_ops_rebuild_both_texts(old, new):
    ops = word_ops(old, new)
    assert rebuild(ops, -1) == old
    assert rebuild(ops, 1) == new


def test_edits_never_split_a_word():
    ops = word_ops("A player cannot pass.", "A player can pass.")
    assert (-1, "cannot") in ops and (1, "can") in ops


def test_equal_texts_are_one_equality():
    assert word_ops("same words", "same words") == [(0, "same words")]
