"""Properties that must hold for any documents, not just the ones we thought of."""
from hypothesis import given, settings
from hypothesis import strategies as st

from rookery.diffs.compare import diff_documents
from rookery.model import KINDS, Document, Section

WORDS = st.sampled_from(["card", "player", "may", "not", "draw", "the", "a", "(Core, 3)",
                         "limited", "duplicate", "round", ",", ".", "?", "\u2014", "marshal"])
TEXT = st.lists(st.one_of(WORDS, st.just("\n")), max_size=30).map(
    lambda ws: " ".join(ws).strip())
TITLE = st.lists(WORDS, min_size=1, max_size=4).map(" ".join)
NUMBER = st.one_of(st.none(), st.builds(lambda a, b: f"{a}.{b}", st.integers(1, 4),
                                        st.integers(1, 9)))
PATH = st.lists(st.sampled_from(["Rulings", "1. Play", "Glossary", "FAQ"]), max_size=2).map(tuple)

SECTION = st.builds(
    lambda title, kind, text, number, path: Section(title=title, kind=kind, text=text,
                                                    number=number, path=path, heading=title),
    st.one_of(st.none(), TITLE), st.sampled_from(KINDS), TEXT, NUMBER, PATH)
DOCUMENT = st.lists(SECTION, max_size=25).map(lambda ss: Document(sections=ss))


@settings(max_examples=200, deadline=None)
@given(DOCUMENT)
def test_a_document_diffed_with_itself_has_no_changes(doc):
    assert diff_documents(doc, doc).changes == []


@st.composite
def edited(draw):
    old = draw(DOCUMENT)
    sections = list(old.sections)
    for _ in range(draw(st.integers(0, 6))):
        action = draw(st.sampled_from(["edit", "insert", "delete", "swap"]))
        if action == "insert" or not sections:
            sections.insert(draw(st.integers(0, len(sections))), draw(SECTION))
        elif action == "delete":
            sections.pop(draw(st.integers(0, len(sections) - 1)))
        elif action == "edit":
            k = draw(st.integers(0, len(sections) - 1))
            s = sections[k]
            sections[k] = Section(title=s.title, kind=s.kind, text=draw(TEXT), number=s.number,
                                  path=s.path, heading=s.heading)
        else:
            i, j = draw(st.integers(0, len(sections) - 1)), draw(st.integers(0, len(sections) - 1))
            sections[i], sections[j] = sections[j], sections[i]
    return old, Document(sections=sections)


@settings(max_examples=300, deadline=None)
@given(edited())
def test_ops_rebuild_old_and_new_text_exactly(pair):
    old, new = pair
    diff = diff_documents(old, new)
    for change in diff.changes:
        if change.type != "modified":
            assert change.ops == []
            continue
        assert change.text_changed or change.renumbered or change.retitled or change.moved
        if change.text_changed:
            assert "".join(t for op, t in change.ops if op <= 0) == change.old.text
            assert "".join(t for op, t in change.ops if op >= 0) == change.new.text
        else:
            assert change.ops == []


@settings(max_examples=200, deadline=None)
@given(edited())
def test_every_section_is_accounted_for_once(pair):
    old, new = pair
    diff = diff_documents(old, new)
    olds = [id(c.old) for c in diff.changes if c.old is not None]
    news = [id(c.new) for c in diff.changes if c.new is not None]
    assert len(olds) == len(set(olds)) and len(news) == len(set(news))
    # what is neither reported nor paired would be lost: unchanged pairs are the rest
    unchanged_old = len(old.sections) - len(olds)
    unchanged_new = len(new.sections) - len(news)
    assert unchanged_old == unchanged_new
