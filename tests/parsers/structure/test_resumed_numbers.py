"""A numbered part that comes after an unnumbered heading ("Optional Rules" between "B."
and "C.") is still a section when its number follows the last one the document opened
at its rank and it names something: the heading closed the part before it, not the
document's numbering."""
import pytest

from rookery.parsers import parse
from wordfile import docx, para, run

SCHEMES = {"letters": ["A.", "B.", "C.", "D."], "digits": ["1.", "2.", "3.", "4."],
           "parenthesis": ["1)", "2)", "3)", "4)"]}
PARTS = [("Setting Up", "Each player takes a lantern and a map of the maze."),
         ("Moving", "A lantern moves one square at a time, never through a wall."),
         ("Shrines", "A shrine is lit by a lantern that stands beside it."),
         ("Winning", "The first player to light three shrines wins the game.")]
ASIDE = ("Lanterns in the Dark", "Play with the lights off for a harder game.")


def word(numbers: list[str], said: bool = False) -> bytes:
    """The first part's name set bold as a heading, the others' plain over their text,
    and a bold unnumbered heading with its text after the second part. With `said`,
    the third and fourth parts open with a sentence, not a name."""
    body = []
    for k, (n, (name, text)) in enumerate(zip(numbers, PARTS)):
        if k == 2:
            body += [para(run(ASIDE[0], b=True)), para(run(ASIDE[1]))]
        line = f"{n} {name}" if not (said and k >= 2) else f"{n} {text}"
        body += [para(run(line, b=k == 0)), para(run(text))]
    return docx(body)


@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_a_number_resumes_after_an_unnumbered_heading(scheme):
    doc = parse(word(SCHEMES[scheme]), source="maze.docx")
    numbered = [(s.number, s.title) for s in doc.sections if s.number]
    assert numbered == [(n.rstrip(".)"), name) for n, (name, _t) in zip(SCHEMES[scheme], PARTS)]
    aside = next(s for s in doc.sections if s.title == ASIDE[0])
    assert aside.text == ASIDE[1]
    # the parts after the aside stand beside the parts before it, not under it
    assert {s.path for s in doc.sections if s.number} == {()}
    assert not doc.reading.doubtful


@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_a_numbered_sentence_there_stays_text(scheme):
    doc = parse(word(SCHEMES[scheme], said=True), source="maze.docx")
    assert [s.number for s in doc.sections if s.number] == \
        [n.rstrip(".)") for n in SCHEMES[scheme][:2]]
