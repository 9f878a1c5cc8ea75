"""A Word paragraph that opens with a line break before its bold name ("<br/>Name:" then
its text on the next lines) is named by that bold line, as the page shows it and as the
same paragraph without the break is: an empty line is not the paragraph's first line."""
import pytest

from rookery.diffs.compare import diff_documents
from rookery.model import title_key
from rookery.parsers import parse
from wordfile import docx, para, run, table

ENTRIES = [("Moving a lantern:", "A lantern moves one square at a time."),
           ("Lighting a Shrine", "A shrine is lit by a lantern that stands beside it."),
           ("Warden's duties:", "The warden relights any lantern that goes out.")]
INTRO = "The maze is walked by two players, each carrying a lantern."


def word(breaks: int, layout: str) -> bytes:
    """The entries as bold first lines over their text, each opening with `breaks`
    line breaks; in plain paragraphs or, as a page of pictures and text, in a table's
    second column beside an empty first cell."""
    paragraphs = [para(run("\n" * breaks + name, b=True), run("\n" + text))
                  for name, text in ENTRIES]
    if layout == "paragraphs":
        return docx([para(run(INTRO))] + paragraphs)
    return docx([para(run(INTRO)), table([[para(""), p] for p in paragraphs])])


def key(s) -> tuple:
    return (title_key(s.title), s.kind, s.text, tuple(title_key(p) for p in s.path))


@pytest.mark.parametrize("layout", ["paragraphs", "table"])
@pytest.mark.parametrize("breaks", [1, 2])
def test_a_break_before_a_bold_name_does_not_hide_the_name(breaks, layout):
    plain, opened = (parse(word(n, layout), source="maze.docx") for n in (0, breaks))
    names = [s.title for s in plain.sections if s.title]
    assert [title_key(n) for n in names] == [title_key(n.rstrip(":")) for n, _t in ENTRIES]
    assert [key(s) for s in opened.sections] == [key(s) for s in plain.sections]
    assert diff_documents(plain, opened).changes == []
