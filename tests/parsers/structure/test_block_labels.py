"""One unnumbered name set as a heading under numbered section after numbered section
("Definition" and "Usage" in each command's rule) is the caption of a kind of block, as
the web page of the same release prints it inside the block: the numbered section
holds it and its text, and the two forms read alike. A name repeated under unnumbered
headings (each variant's "Setup") is left a section."""
import pytest

from rookery.diffs.compare import diff_documents
from rookery.parsers import parse

SCHEMES = {"dotted": ["1.1.", "1.2.", "1.3.", "2.1."], "decimal": ["4.1", "4.2", "4.3", "4.4"],
           "parenthesised": ["(3.1)", "(3.2)", "(3.3)", "(3.4)"]}
RULES = [("Pause", "Every lantern stops where it stands.", "Used when a player leaves the table."),
         ("Resume", "Lanterns move again from where they stopped.", "Used after a pause."),
         ("Swap", "Two players trade their lanterns.", "Used when a shrine is lit twice."),
         ("Reset", "Every lantern goes back to its start.", "Used when the maze is changed.")]
CAPTIONS = ("Definition", "Usage")


def page(numbers: list[str], captions_as: str) -> bytes:
    """The rules as <h2> headings, each with two captioned blocks: the captions set as
    <h4> headings, or as a block's title inside it (as Asciidoctor prints one)."""
    parts = []
    for n, (name, meaning, use) in zip(numbers, RULES):
        parts.append(f"<h2>{n} {name}</h2>")
        for caption, text in zip(CAPTIONS, (meaning, use)):
            if captions_as == "headings":
                parts.append(f"<h4>{caption}</h4><p>{text}</p>")
            else:
                parts.append('<div class="sidebarblock"><div class="content">'
                             f'<div class="title">{caption}</div>'
                             f'<div class="paragraph"><p>{text}</p></div></div></div>')
    return ("<html><head><title>Lantern Maze</title></head><body><main><h1>Lantern Maze"
            "</h1><p>The rules of the maze.</p>" + "".join(parts)
            + "</main></body></html>").encode()


def sections(doc) -> list[tuple]:
    return [(s.number, s.title, s.text) for s in doc.sections]


@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_a_repeated_caption_is_no_section(scheme):
    headed, captioned = (parse(page(SCHEMES[scheme], form), source="maze.html")
                         for form in ("headings", "captions"))
    assert [s.title for s in headed.sections if s.title in CAPTIONS] == []
    assert sections(headed) == sections(captioned)
    assert diff_documents(captioned, headed).changes == []
    rule = next(s for s in headed.sections if s.title == RULES[0][0])
    assert rule.text == f"Definition\n{RULES[0][1]}\nUsage\n{RULES[0][2]}"


def test_a_name_repeated_under_unnumbered_headings_stays_a_section():
    variants = "".join(f"<h2>{name} Variant</h2><h4>Setup</h4><p>{text}</p>"
                       for name, text, _use in RULES)
    doc = parse(("<html><body><main><h1>Lantern Maze</h1><p>The rules.</p>" + variants
                 + "</main></body></html>").encode(), source="maze.html")
    assert [s.title for s in doc.sections].count("Setup") == len(RULES)
