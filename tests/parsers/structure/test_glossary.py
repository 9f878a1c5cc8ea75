"""Glossaries in any markup: the generated rulebook's glossary set as headings, as a
definition list, as paragraphs led by the term in bold, or as a table of terms, gives
one `term` section per entry, as its text does; a change to one term names that term."""
import pytest

import numbered
from rookery.diffs.compare import diff_documents
from rookery.parsers import parse

SCHEMES = {s.name: s for s in numbered.SCHEMES}


@pytest.mark.parametrize("glossary", numbered.GLOSSARIES)
@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_a_glossary_page_is_no_change_from_the_text(scheme, glossary):
    text = parse(numbered.text(SCHEMES[scheme]).encode())
    page = parse(numbered.html(SCHEMES[scheme], glossary).encode())
    assert [(s.title, s.kind, s.text) for s in page.sections if s.kind == "term"] == \
        [(name, "term", s.text) for (name, _d), s in zip(
            numbered.GLOSSARY, [s for s in text.sections if s.kind == "term"])]
    assert diff_documents(text, page).changes == []


@pytest.mark.parametrize("glossary", numbered.GLOSSARIES)
def test_a_change_to_one_term_names_that_term(glossary):
    scheme = numbered.SCHEMES[0]
    old = parse(numbered.html(scheme, glossary).encode())
    new = parse(numbered.html(scheme, glossary, revised_term="Drift").encode())
    changes = diff_documents(old, new).changes
    assert [(c.type, c.section.title, c.section.kind, c.text_changed) for c in changes] == [
        ("modified", "Drift", "term", True)]
    assert "ability" in "".join(t for op, t in changes[0].ops if op == 1)


def page(body: str) -> bytes:
    return f"<html><body><h1>Rules of Play</h1><p>Version 2.0</p>{body}</body></html>".encode()


# (what the case shows, the page's body, the (title, kind, text) of its sections)
CASES = [
    ("bold run-in terms under a heading that does not say glossary, in order",
     "<h2>Keywords</h2><p><strong>Anchor:</strong> stops a card.</p>"
     "<p><strong>Drift.</strong> Moves a card.</p><p><b>Shimmer</b> \u2014 hides a card.</p>",
     [("Keywords", "heading", ""), ("Anchor", "term", "stops a card."),
      ("Drift", "term", "Moves a card."), ("Shimmer", "term", "hides a card.")]),
    ("bold words opening notes out of order are words, not terms",
     "<h2>Setup</h2><p><b>Important:</b> shuffle first.</p><p><b>Note</b> deal five.</p>",
     [("Setup", "text", "Important: shuffle first.\nNote deal five.")]),
    ("bold or italic terms on lines of their own; a letter heading the glossary is no term",
     "<h2>Glossary</h2><p><b>A</b></p><p><b>Anchor</b></p><p>Stops a card.</p>"
     "<p>See also Drift.</p><p><i>Glow</i></p><p>What you count.</p>",
     [("Glossary", "heading", "A"), ("Anchor", "term", "Stops a card.\nSee also Drift."),
      ("Glow", "term", "What you count.")]),
    ("a term's own bold label (\"Related:\") is no term of the glossary",
     "<h2>Glossary</h2><h3>Anchor</h3><p>Stops a card.</p><p><b>Related:</b> Drift</p>"
     "<h3>Drift</h3><p>Moves a card.</p><p><b>Related:</b> Anchor</p>",
     [("Glossary", "heading", ""), ("Anchor", "term", "Stops a card.\nRelated: Drift"),
      ("Drift", "term", "Moves a card.\nRelated: Anchor")]),
    ("a definition list with several paragraphs to a term",
     "<h2>Glossary</h2><dl><dt>Glow</dt><dd><p>What you count.</p><p>See 1.2.</p></dd>"
     "<dt>Zone</dt><dd>A place.</dd></dl><h2>Credits</h2><p>Us.</p>",
     [("Glossary", "heading", ""), ("Glow", "term", "What you count.\nSee 1.2."),
      ("Zone", "term", "A place."), ("Credits", "text", "Us.")]),
    ("a table of terms, its header row the glossary's own text",
     "<h2>Glossary</h2><table><tr><th>Term</th><th>Meaning</th></tr>"
     "<tr><td>Anchor</td><td>Stops a card.</td></tr><tr><td>Glow</td><td>What you count."
     "</td></tr></table>",
     [("Glossary", "heading", "Term Meaning"), ("Anchor", "term", "Stops a card."),
      ("Glow", "term", "What you count.")]),
]


@pytest.mark.parametrize("body,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_glossary_markup(body, expected):
    doc = parse(page(body))
    assert [(s.title, s.kind, s.text) for s in doc.sections] == expected


@pytest.mark.parametrize("text,term", [("Anchor", "Anchor"), ("15", None), ("2.4", None),
                                        ("Ember 2", "Ember 2")])
def test_a_term_is_a_word_not_a_figure_on_a_line_of_its_own(text, term):
    from rookery.parsers.blocks import Block
    from rookery.parsers.structure.glossary import term_name

    assert term_name(Block(kind="para", text=text, emphasized=True)) == term
