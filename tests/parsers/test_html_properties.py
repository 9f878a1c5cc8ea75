from hypothesis import given, settings
from hypothesis import strategies as st

from rookery.diffs.compare import diff_documents
from rookery.parsers import parse

WORD = st.sampled_from(["relic", "forge", "draw", "may", "not", "&amp;", "caf\u00e9", "\u201cquoted\u201d",
                        "<b>bold</b>", "<i>it</i>", "(Core, 3)", ",", "?", "&nbsp;"])
PARA = st.lists(WORD, min_size=1, max_size=12).map(lambda ws: "<p>" + " ".join(ws) + "</p>")
HEADING = st.builds(lambda level, words: f"<h{level}>{' '.join(words)}</h{level}>",
                    st.integers(1, 4), st.lists(WORD, min_size=1, max_size=4))
BODY = st.lists(st.one_of(PARA, HEADING), min_size=1, max_size=30).map("".join)


@settings(max_examples=150, deadline=None)
@given(BODY)
def test_any_page_diffed_with_a_reindented_copy_has_no_changes(body):
    html = f"<html><body><h2>Start</h2>{body}</body></html>"
    reindented = html.replace("><", ">\n   <")
    a, b = parse(html.encode()), parse(reindented.encode())
    assert diff_documents(a, b).changes == []
    assert diff_documents(a, a).changes == []
