"""A Word paragraph that holds several paragraphs apart by empty lines (two line breaks
in a row: how a web page converted to Word, or text typed with Shift+Enter, keeps
them) reads as those paragraphs: a numbered heading after an empty line opens its
section, as it does when Word sets it as a paragraph of its own."""
import pytest

from rookery.diffs.compare import diff_documents
from rookery.parsers import parse
from wordfile import docx, para, run

SCHEMES = {"letters": ["A.", "B.", "C.", "D."], "digits": ["1.", "2.", "3.", "4."],
           "parenthesis": ["1)", "2)", "3)", "4)"]}
PARTS = [("SETTING UP", "Each player takes a lantern and a map of the maze."),
         ("MOVING", "A lantern moves one square at a time, never through a wall."),
         ("SHRINES", "A shrine is lit by a lantern that stands beside it."),
         ("WINNING", "The first player to light three shrines wins the game.")]


def sections(doc) -> list[tuple]:
    return [(s.number, s.title, s.text) for s in doc.sections]


def word(numbers: list[str], held: bool) -> bytes:
    """The parts as a bold numbered name over its text: each a paragraph of its own, or
    (`held`) each name but the first at the end of the paragraph before it, after an
    empty line."""
    named = [(f"{n} {name}", text) for n, (name, text) in zip(numbers, PARTS)]
    if not held:
        return docx([p for name, text in named
                     for p in (para(run(name, b=True)), para(run(text)))])
    body = [para(run(named[0][0], b=True))]
    for (_name, text), (after, _text) in zip(named, named[1:]):
        body.append(para(run(text), run("\n\n"), run(after, b=True)))
    return docx(body + [para(run(named[-1][1]))])


@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_an_empty_line_ends_a_paragraph(scheme):
    apart, held = (parse(word(SCHEMES[scheme], h), source="maze.docx") for h in (False, True))
    numbers = [n.rstrip(".)") for n in SCHEMES[scheme]]
    assert [s.number for s in apart.sections if s.number] == numbers
    assert sections(held) == sections(apart)
    assert diff_documents(apart, held).changes == []
    assert not held.reading.doubtful


def test_a_single_line_break_does_not_end_a_paragraph():
    doc = parse(docx([para(run("1. SETTING UP", b=True)),
                      para(run("Each player takes a lantern.\nThe maze is laid out."))]),
                source="maze.docx")
    assert [s.text for s in doc.sections if s.number == "1"] == \
        ["Each player takes a lantern.\nThe maze is laid out."]
