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


# ------------------------------------------- the C++ search against the Python one
#
# word_ops runs diff-match-patch's Myers search in its C++ port (words._Bisect); the
# pure-Python library is the reference, and the two must give the same operations.

import random  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from corpus import corpus_dir  # noqa: E402
from rookery.diffs import words  # noqa: E402
from rookery.parsers import parse  # noqa: E402


def test_the_cpp_search_is_installed_and_used():
    # a declared dependency: if it went missing every diff would quietly take 3x longer
    assert words._cpp_diff is not None
    assert isinstance(words._FAST, words._Bisect)


@pytest.mark.parametrize("old,new", [
    ("Each player draws a card.", "Each player draws two cards."),
    ("a b c d e f", "f e d c b a"),
    ("x " * 60 + "\n" + "y " * 60, "y " * 60 + "\n" + "x " * 60),  # line mode, lines swap
    ("one\none\none\ntwo", "one\ntwo\none\none"),  # repeated lines
    ("the the the the cat", "cat the the the the"),
    ("", "x"), ("x", ""), ("same", "same"),
])
def test_cpp_search_gives_the_python_ops(old, new):
    assert word_ops(old, new) == word_ops(old, new, compiled=False)


def _document_text(draw, vocabulary: list[str]) -> str:
    lines = draw(st.lists(st.lists(st.sampled_from(vocabulary), max_size=25), max_size=30))
    return "\n".join(" ".join(line) for line in lines)


@st.composite
def _pairs(draw):
    # a vocabulary of up to 400 words puts codes past ASCII, where Python and C class
    # characters differly; 30 lines of 25 words put the texts in line mode
    vocabulary = [f"w{k}" for k in range(draw(st.integers(2, 400)))] + [",", "."]
    old = _document_text(draw, vocabulary)
    tokens = words._TOKEN.findall(old)
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 10))):  # a few edits, as between two releases
        at = rng.randrange(len(tokens) + 1)
        if tokens and rng.random() < 0.4:
            del tokens[min(at, len(tokens) - 1)]
        else:
            tokens.insert(at, rng.choice(vocabulary + [" ", "\n"]))
    new = "".join(tokens) if draw(st.booleans()) else _document_text(draw, vocabulary)
    return old, new


@settings(max_examples=300, deadline=None)
@given(_pairs())
def test_cpp_search_gives_the_python_ops_on_random_releases(pair):
    old, new = pair
    assert word_ops(old, new) == word_ops(old, new, compiled=False)


_MTG = corpus_dir() / "mtg"


@pytest.mark.skipif(not (_MTG / "manifest.json").exists(), reason=f"no corpus at {_MTG}")
def test_cpp_search_gives_the_python_ops_on_the_changed_rules_of_two_releases():
    # two releases 2.5 years apart: about 1,200 rules whose text changed, of which every
    # fifth is compared (the pure-Python search takes 8 s over them all)
    old, new = (parse((_MTG / name).read_bytes(), source=name) for name in
                ("MagicCompRules_20170825.txt", "MagicCompRules_20200122.txt"))
    before = {s.number: s.text for s in old.sections}
    changed = [(before[s.number], s.text) for s in new.sections
               if before.get(s.number, s.text) != s.text]
    assert len(changed) > 1000
    sample = changed[::5]
    assert [word_ops(a, b) for a, b in sample] == \
        [word_ops(a, b, compiled=False) for a, b in sample]


@pytest.mark.parametrize("old,new,shown", [
    # a line break for a space (a cell's line ending in one format, not the other): no
    # edit to show, the new text unchanged
    ("Russian\nInfantry holds 40.", "Russian Infantry holds 45.",
     [(0, "Russian Infantry holds "), (-1, "40"), (1, "45"), (0, ".")]),
    ("Guard Armor moves.", "Guard\nArmor moves twice.",
     [(0, "Guard\nArmor moves"), (1, " twice"), (0, ".")]),
])
def test_a_change_of_space_alone_is_shown_as_no_change(old, new, shown):
    from rookery.diffs.words import as_shown

    ops = word_ops(old, new)
    assert any(op and not text.strip() for op, text in ops)  # the raw ops have it
    got = as_shown(ops)
    assert rebuild(got, 1) == new  # the new text still reads whole
    assert not any(op and not text.strip() for op, text in got)
    assert got == shown


def test_words_joined_or_parted_by_a_space_stay_a_change():
    from rookery.diffs.words import as_shown

    ops = as_shown(word_ops("Light Security Infantry", "Light/Security Infantry"))
    assert any(op for op, _text in ops)
