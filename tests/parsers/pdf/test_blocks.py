"""How the PDF reader groups lines into blocks on evidence a page gives about itself:
a looser-set introduction, text in a box narrower than its column, a numbered sentence
in marked type, a second column of a few contents entries."""
import dataclasses

import pytest

from rookery.parsers.pdf.columns import find_gutters
from rookery.parsers.pdf.lines import Line
from rookery.parsers.pdf.glyphs import Glyph, fragments
from rookery.parsers.pdf.paragraphs import build_blocks

COLUMN = (50.0, 550.0)  # 500 points: 100 letters of 10-point type, each 0.5 em wide


def glyphs(text: str, x: float, base: float, size: float = 10.0, bold: bool = False,
           color=(0, 0, 0)) -> list[Glyph]:
    """One line's glyphs, each letter 0.5 em wide, spaces written as space glyphs."""
    out = []
    for ch in text:
        out.append(Glyph(ch, x, x + 0.5 * size, base - 0.8 * size, base + 0.2 * size, size,
                         "serif", bold, False, color, base=base))
        x += 0.5 * size
    return out


def line(text: str, base: float, page: int = 0, x: float = COLUMN[0], **style) -> Line:
    frags = fragments(glyphs(text, x, base, **style), page)
    return Line(fragments=frags, page=page, column=COLUMN)


def prose(words: int, seed: str = "words") -> str:
    """A line's worth of lower-case words that runs on into the next line."""
    return " ".join(f"{seed}{k % 10}" for k in range(words))


FULL = prose(14)  # 14 × 7 letters - 1 = 97 letters: not even "the" would fit after it


def body_pages(first_page: int, pages: int = 2, lines: int = 30, pitch: float = 12.0):
    """Pages of plain paragraphs at the document's usual pitch: the evidence the
    document gives of its body type."""
    out = []
    for page in range(first_page, first_page + pages):
        base = 100.0
        for k in range(lines):
            text = FULL if k % 3 != 2 else "word short end."
            out.append(line(text, base, page))
            base += pitch if k % 3 != 2 else pitch + 8
    return out


def texts(lines):
    return [b.text for b in build_blocks(lines)]


def test_a_page_set_looser_than_the_body_still_wraps_its_paragraphs():
    intro = [line(FULL, 100.0), line(FULL, 113.5), line("the end of it.", 127.0),
             line(FULL, 150.0), line("and done.", 163.5)]
    blocks = texts(intro + body_pages(1))
    assert blocks[0] == f"{FULL} {FULL} the end of it."
    assert blocks[1] == f"{FULL} and done."


def test_looser_leading_on_a_page_is_not_taken_for_paragraph_space():
    # one-line paragraphs far apart stay apart, however regular their spacing
    apart = [line("First thing said.", 100.0 + 22 * k) for k in range(4)]
    assert texts(apart + body_pages(1))[:4] == ["First thing said."] * 4


def test_text_in_a_box_narrower_than_its_column_wraps_at_the_box():
    # an example set beside a picture: every line ends near x=200, mid-sentence
    box = ["Example: the player has a ready", "character in play and the", "opposing player has another",
           "exerted, so the player then", "challenges it so that both", "characters deal damage."]
    lines = [line(t, 100.0 + 12 * k) for k, t in enumerate(box)]
    assert texts(lines + body_pages(1))[0] == " ".join(box)


def test_a_list_of_names_in_short_lines_keeps_its_lines():
    names = ["Ready Archer", "Bold Knight", "Quiet Sage", "Tall Giant", "Swift Rider"]
    lines = [line(t, 100.0 + 12 * k) for k, t in enumerate(names)]
    assert texts(lines + body_pages(1))[0] == "\n".join(names)


MARKED = (0, 110, 200)  # a colour a publisher marks new rules with


@pytest.mark.parametrize("after,kind", [
    # a numbered sentence in marked type with its sibling after it: a rule
    ("3.2. Another rule of the same rank.", "para"),
    # the same line with body text under it: a heading that ends in a full stop
    ("Nothing else is numbered here, and this goes on under it.", "heading"),
])
def test_a_numbered_sentence_is_a_heading_only_when_something_comes_under_it(after, kind):
    lines = [line("3. Lanes", 100.0, size=14.0, bold=True),
             line("3.1. If a player has no cards left, that player loses.", 125.0,
                  color=MARKED),
             line(after, 145.0)]
    blocks = build_blocks(lines + body_pages(1))
    assert blocks[1].text.startswith("3.1.") and blocks[1].kind == kind


def test_a_gap_another_page_shows_as_a_gutter_is_one_with_few_entries_beside_it():
    left = [glyphs(f"{k}.1. Entry number {k}", 50.0, 100.0 + 18 * k) for k in range(1, 36)]
    # the second column: three entries at its edge, three sub-entries set in under them
    right = [glyphs(name, 320.0 if k % 2 else 334.0, 100.0 + 18 * k)
             for k, name in enumerate(["Glossary", "Terms", "Summary", "Changes", "Index",
                                       "Cards"], start=1)]
    frags = fragments([g for row in left + right for g in row], 0)
    assert find_gutters(frags) == []
    found = find_gutters(frags, (), seen=[(290.0, 325.0)])
    # one gutter, whose middle parts the left column's entries from the right column's
    assert len(found) == 1 and 160 < sum(found[0]) / 2 < 320


def test_a_last_column_of_a_few_lines_is_parted_where_another_page_has_a_gutter():
    # two full columns of prose, and a third holding four short lines at its top: too
    # few to lift the page's valley floor, so the valley runs on to the page's edge
    full = [glyphs("words of a column", x, 100.0 + 12 * k)
            for x in (50.0, 230.0) for k in range(45)]
    short = [glyphs(f"{k}. A step", 410.0, 100.0 + 12 * k) for k in range(1, 5)]
    frags = fragments([g for row in full + short for g in row], 0)
    alone = find_gutters(frags)
    found = find_gutters(frags, (), seen=[(320.0, 405.0)])
    assert len(found) == len(alone) + 1 and any(315 < (a + b) / 2 < 410 for a, b in found)


def test_the_box_rule_leaves_full_width_paragraphs_alone():
    lines = body_pages(0, pages=1)
    before = [dataclasses.replace(l) for l in lines]
    build_blocks(lines)
    assert [l.column for l in lines] == [l.column for l in before]


def test_an_icon_among_bold_letters_leaves_the_line_bold():
    from rookery.parsers.pdf.typography import line_style

    term = glyphs("inkwell symbol ", 50.0, 100.0, bold=True)
    icon = [dataclasses.replace(g, family="icons", bold=False)
            for g in glyphs("{C}", term[-1].x1, 100.0)]
    assert line_style(term + icon).bold
    assert not line_style(term + glyphs("plain", icon[-1].x1, 100.0)).bold


@pytest.mark.parametrize("title_size,parted", [(12.0, True), (11.0, False)])
def test_a_number_meeting_its_title_in_other_type_parts_from_it(title_size, parted):
    number = glyphs("10.11.", 50.0, 100.0, size=11.0, bold=True)
    title = glyphs("Support", number[-1].x1, 100.0, size=title_size, bold=True)
    words = [f.text for f in fragments(number + title, 0)]
    assert words == (["10.11. Support"] if parted else ["10.11.Support"])


def test_headings_much_larger_outrank_smaller_ones_met_first():
    from rookery.parsers.pdf.typography import Style, rank

    note = Style(16.0, "sans", False, False, "all", None)
    part = Style(20.0, "sans", True, False, "all", None)
    chapter = Style(12.0, "sans", True, False, "all", None)
    levels = rank([note, part, part, chapter, chapter, part])
    assert levels[part] < levels[note] and levels[part] < levels[chapter]


def _styled(text: str, base: float, **style) -> Line:
    """A line whose glyphs all carry `style` (italic, say), on top of glyphs()'s."""
    frags = fragments([dataclasses.replace(g, **style) for g in glyphs(text, COLUMN[0], base)],
                      0)
    return Line(fragments=frags, page=0, column=COLUMN)


def _entries(question_style: dict) -> list[Line]:
    """Three numbered FAQ entries at the body's pitch: a title in capitals, a question
    set apart, its answer in body type. The first title fills its line to the edge."""
    out, base = [], 100.0
    for k, title in enumerate(["MORALE BELOW ZERO " + "AND THE RULES OF IT " * 4,
                               "BORROWED FORGES", "BURNING CARDS"]):
        out.append(line(f"5.{k + 1} {title.strip()}", base))
        out.append(_styled(f"What happens to card number {k} when it is burned?",
                           base + 12, **question_style))
        out.append(line("It goes to the ash pile, face up.", base + 24))
        base += 44
    return out


def test_a_heading_in_capitals_does_not_wrap_into_a_question_in_lower_case():
    blocks = texts(_entries({"italic": True}) + body_pages(1))
    assert blocks[0].startswith("5.1 MORALE") and "What happens" not in blocks[0]
    assert blocks[1] == "What happens to card number 0 when it is burned?"



def test_a_numbered_title_that_fills_its_line_does_not_wrap_into_its_question():
    # a coloured title in title case reaching the column's edge, then its question in
    # italics of the same size: the question is the entry's, not the title's last line
    out, base = [], 100.0
    for k, title in enumerate(["Burning Cards " + "And The Rules Of It " * 4,
                               "Borrowed Forges", "Morale Below Zero"]):
        out.append(line(f"5.{k + 1} {title.strip()}", base, color=(90, 40, 130)))
        out.append(_styled(f"Does card number {k} resist being burned?", base + 12,
                           italic=True))
        out.append(line("No, it goes to the ash pile.", base + 24))
        base += 44
    blocks = texts(out + body_pages(1))
    assert blocks[0].startswith("5.1 Burning Cards") and "Does card" not in blocks[0]
    assert blocks[1] == "Does card number 0 resist being burned?"
