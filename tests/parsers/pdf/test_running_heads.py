"""Running heads that follow the text (the chapter or section in force atop each page)
are furniture in every engine's PDF, and a page's own heading at its top stays a heading."""
import pytest

import running_heads
from rookery.parsers import ReadOptions, parse


def named(s) -> str:
    return f"{s.number or ''} {s.own_title or ''}".strip()


@pytest.mark.parametrize("engine", running_heads.ENGINES)
def test_running_heads_that_follow_the_chapter_and_section_are_furniture(engine, tmp_path):
    data = running_heads.render(engine, tmp_path / f"{engine}.pdf")
    doc = parse(data, source=f"{engine}.pdf", options=ReadOptions(workers=1))
    assert [named(s) for s in doc.sections if s.own_title] == running_heads.headings()
    heads = set(running_heads.headings())
    for s in doc.sections:  # no head left as a line of text either
        assert not heads & {line.strip() for line in s.text.split("\n")}, named(s)
    assert doc.reading.words.furniture.get("running heads and page numbers", 0) > 0
    assert not doc.reading.doubtful, doc.reading.problems


def test_headings_that_open_every_page_at_one_height_stay_headings(tmp_path):
    data = running_heads.deck(tmp_path / "deck.pdf")
    doc = parse(data, source="deck.pdf", options=ReadOptions(workers=1))
    names = [named(s) for s in doc.sections]
    assert all(title in names for title in running_heads.opened()), names
