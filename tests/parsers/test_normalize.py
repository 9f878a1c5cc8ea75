import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rookery.parsers.normalize import normalize, normalize_many

CASES = [
    # (raw, expected)
    ("  two   spaces\tand a tab ", "two spaces and a tab"),
    ("line one \n\n  line two", "line one\nline two"),
    ("\u201ccurly\u201d and \u2018single\u2019", "\"curly\" and 'single'"),
    ("en\u2013dash em\u2014dash minus\u2212sign", "en-dash em-dash minus-sign"),
    ("non\u00a0breaking\u202fspaces", "non breaking spaces"),
    ("\ufb01nal \ufb02ow e\ufb00ort", "final flow effort"),
    ("soft\u00adhyphen zero\u200bwidth", "softhyphen zerowidth"),
    ("List , then ; and : done .", "List, then; and: done."),
    ("( Westeros, 35 ) and [ note ]", "(Westeros, 35) and [note]"),
    ("wait ... what", "wait ... what"),
    ("ellipsis\u2026", "ellipsis..."),
]


@pytest.mark.parametrize("raw,expected", CASES)
def test_normalize_gives_the_normal_form(raw, expected):
    assert normalize(raw)[0] == expected


def test_marks_follow_the_text_through_every_edit():
    raw = "  The \u201cnew\u201d   words ,\n\n here"
    start = raw.index("\u201cnew")
    text, spans = normalize(raw, [(start, start + len("\u201cnew\u201d   words"))])
    assert text == 'The "new" words,\nhere'
    assert [text[a:b] for a, b in spans] == ['"new" words']


def test_marks_split_by_white_space_only_are_joined():
    raw = "Storm Lens (Core, 3)"
    text, spans = normalize(raw, [(0, 10), (11, 20)])
    assert [text[a:b] for a, b in spans] == ["Storm Lens (Core, 3)"]


def test_many_texts_normalize_exactly_as_one_at_a_time():
    items = [(" a  b ", []), ("c\u2014d", [(0, 1)]), ("", []), ("x ,y", []), ("\u00a0", [])]
    assert normalize_many(items) == [normalize(raw, spans) for raw, spans in items]


_PIECES = st.sampled_from([" ", "  ", "\n", " \n ", "(", "[", ")", "]", ".", "..", ",", ";",
                           "?", "a", "Bc", "\u00a0", "\ufb01", "\u00ad", "\u2014", "\t", "\x00"])
_TEXTS = st.lists(_PIECES, max_size=14).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_TEXTS, st.booleans()), max_size=8))
def test_any_texts_normalize_together_as_one_at_a_time(drawn):
    # marks on some texts (those go one at a time), none on the rest (those go together)
    items = [(raw, [(0, len(raw))] if marked and raw else []) for raw, marked in drawn]
    assert normalize_many(items) == [normalize(raw, spans) for raw, spans in items]
