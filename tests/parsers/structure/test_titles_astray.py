"""Titles where a reading put them wrong, found from the sections alone: a rule's title
read apart from its number into its text, headings left in the text of a reading that
made one section of the whole document, markup read as words, and the two lines of a
title read as headings over everything. Each case is a right reading of our own rules
and the same rules read wrong."""
import pytest

from rookery.model import Document, Section
from rookery.parsers.structure.soundness import assess

RULES = [("Lanterns", "Each player lights one lantern at the start of the night."),
         ("Moths", "A moth settles on the brightest lantern that is not guarded."),
         ("Wardens", "A warden may guard one lantern against every moth this turn."),
         ("Dawn", "At dawn every lantern still lit scores one point for its owner.")]


def _chapter(apart: int | None) -> list[Section]:
    """Chapter 2 and its four rules; `apart`: the rule whose title the reading left in
    its text, its number alone on the heading."""
    out = [Section(title="Play", number="2", kind="heading", heading="2 Play")]
    for k, (title, text) in enumerate(RULES, 1):
        if k == apart:
            out.append(Section(title="Play", number=f"2.{k}", kind="ruling",
                               text=f"{title}\n{text}", path=("2 Play",), heading=f"2.{k}"))
        else:
            out.append(Section(title=title, number=f"2.{k}", kind="ruling", text=text,
                               path=("2 Play",), heading=f"2.{k} {title}"))
    return out


@pytest.mark.parametrize("apart", [1, 3, 4])
def test_a_rules_title_read_apart_from_its_number(apart):
    assert not assess(Document(title="Rules", sections=_chapter(None))).doubtful
    reading = assess(Document(title="Rules", sections=_chapter(apart)))
    assert reading.headings_lost == [RULES[apart - 1][0]] and reading.doubtful


def test_rules_that_print_no_titles_open_with_their_words():
    """A numbering of untitled rules (most of them untitled) whose text opens with a short
    line is no title lost: it is how those rules read."""
    sections = [Section(title="Play", number="2", kind="heading", heading="2 Play")]
    sections += [Section(title="Play", number=f"2.{k}", kind="ruling", path=("2 Play",),
                         text=f"{title}\n{text}", heading=f"2.{k}")
                 for k, (title, text) in enumerate(RULES, 1)]
    assert assess(Document(title="Rules", sections=sections)).headings_lost == []


def _undivided(headings: bool) -> Document:
    """The rules as one section: their titles on lines of their own (`headings`) or not
    at all, each text said three times over to make a document's length."""
    lines = []
    for title, text in RULES * 6:
        lines += ([title] if headings else []) + [f"{text} {text} {text}"]
    return Document(title="Rules", sections=[Section(title=None, kind="text",
                                                     text="\n".join(lines))])


def test_headings_left_in_a_reading_of_one_section():
    reading = assess(_undivided(headings=True))
    assert reading.headings_lost[:4] == [title for title, _text in RULES]
    assert reading.doubtful


def test_a_document_of_prose_alone_is_one_section():
    reading = assess(_undivided(headings=False))
    assert reading.headings_lost == [] and not reading.doubtful, reading.problems


def test_a_short_note_in_one_section_is_not_looked_at():
    text = "\n".join(f"{title}\n{text}" for title, text in RULES)
    reading = assess(Document(title="Note", sections=[Section(title=None, kind="text",
                                                              text=text)]))
    assert reading.headings_lost == []


@pytest.mark.parametrize("title", ["<h2>Setup", "Setup</b>", "<rule-4><setup> Setup",
                                   "Setup<br/>"])
def test_markup_in_a_title(title):
    sections = [Section(title=t, kind="text", text=text, heading=t)
                for t, text in [(title, RULES[0][1]), ("Turns", RULES[1][1])]]
    reading = assess(Document(title="Rules", sections=sections))
    assert reading.junk_titles == [(title, "markup")] and reading.doubtful


@pytest.mark.parametrize("title", ["Scores < 10 and > 2", "Moths <-> lanterns", "Setup"])
def test_signs_of_comparison_are_no_markup(title):
    assert all(why != "markup" for _t, why in assess(Document(title="Rules", sections=[
        Section(title=title, kind="text", text=RULES[0][1], heading=title)])).junk_titles)


def _under_title(lines: list[str], doc_title: str | None) -> Document:
    """Two numbered rules under the title's lines, each read as a heading over the next."""
    sections, path = [], ()
    for line in lines:
        sections.append(Section(title=line, kind="heading", path=path, heading=line))
        path = (*path, line)
    sections += [Section(title=title, number=str(k), kind="ruling", text=text, path=path,
                         heading=f"{k} {title}") for k, (title, text) in enumerate(RULES, 1)]
    return Document(title=doc_title, sections=sections)


def test_a_titles_two_lines_read_as_headings_over_everything():
    reading = assess(_under_title(["OFFICIAL", "RULES"], None))
    assert reading.junk_titles == [("OFFICIAL", "a title page's line over the whole document")]
    assert reading.doubtful


@pytest.mark.parametrize("lines,doc_title", [
    (["OFFICIAL", "RULES"], "Lanternfall"),  # the reading found its title: parts of it
    (["Rules"], None),  # one heading over everything: a document's one part
    ([], None),
])
def test_headings_over_everything_that_may_be_parts(lines, doc_title):
    reading = assess(_under_title(lines, doc_title))
    assert reading.junk_titles == [] and not reading.doubtful, reading.problems


def test_names_over_a_colon_left_in_a_reading_of_one_section():
    lines = []
    for title, text in RULES * 4:
        lines += [f"{title}:", f"Count: {text}", f"Order: {text}"]
    reading = assess(Document(title="Rules", sections=[
        Section(title="Rules", kind="text", text="\n".join(lines), heading="Rules")]))
    assert reading.headings_lost[:4] == [f"{title}:" for title, _text in RULES]


@pytest.mark.parametrize("marker", ["\u2461", "\u2777", "\u2475"])  # ② ❷ ⑵
def test_a_title_opening_with_an_enclosed_number_is_a_lists_item(marker):
    sections = [Section(title="Members", number="7", kind="ruling", text=RULES[0][1],
                        heading="7 Members"),
                Section(title=f"{marker} {RULES[1][1]}", kind="text", text=RULES[2][1],
                        path=("7 Members",), heading=f"{marker} {RULES[1][1]}")]
    reading = assess(Document(title="Rules", sections=sections))
    assert reading.items_as_rules == [f"{marker} {RULES[1][1]}"] and reading.doubtful


def _articles(extra: list[Section]) -> Document:
    sections = [Section(title=title, number=f"\u00a7{n}", kind="ruling", text=text,
                        heading=f"\u00a7{n} {title}") for n, (title, text) in enumerate(RULES, 1)]
    return Document(title="Rules", sections=sections + extra)


def test_a_time_read_as_a_rules_number_stands_alone():
    schedule = Section(title="Schedule", kind="heading", text="The evening runs so:",
                       heading="Schedule")
    alone = Section(title="Close of the evening", number="22.00", kind="ruling",
                    text=RULES[0][1], path=("Schedule",), heading="22.00 Close of the evening")
    reading = assess(_articles([schedule, alone]))
    assert reading.astray == ["22.00"] and reading.doubtful


def test_a_dotted_number_beside_its_own_is_not_alone():
    sections = [Section(title="Setup", number="3", kind="heading", heading="3 Setup")]
    sections += [Section(title=title, number=f"3.{k}", kind="ruling", text=text,
                         path=("3 Setup",), heading=f"3.{k} {title}")
                 for k, (title, text) in enumerate(RULES, 1)]
    assert assess(Document(title="Rules", sections=sections)).astray == []


def test_a_lists_lines_nested_one_under_the_other():
    lines = ["Place 1: 55%", "Place 2: 30%", "Place 3: 15%"]
    sections, path = [], ()
    for line in lines:
        sections.append(Section(title=line, kind="heading", path=path, heading=line))
        path = (*path, line)
    sections[-1] = Section(title=lines[-1], kind="text", path=sections[-1].path,
                           text=RULES[3][1], heading=lines[-1])
    reading = assess(_articles(sections))
    assert reading.nested_wrong == ["Place 2: 30%", "Place 3: 15%"] and reading.doubtful
    flat = [Section(title=line, kind="text", text=RULES[3][1], heading=line) for line in lines]
    assert assess(_articles(flat)).nested_wrong == []


@pytest.mark.parametrize("line", ["9a. Guests may play one round.", "9 - Guests may play.",
                                  "9) Guests may play one round."])
def test_the_rule_missing_from_a_gap_left_in_the_text_before_it(line):
    sections = [Section(title=title, number=str(n), kind="ruling", text=text,
                        heading=f"{n} {title}")
                for n, (title, text) in zip((7, 8, 10, 11), RULES)]
    sections[1] = Section(title=RULES[1][0], number="8", kind="ruling", heading="8 Moths",
                          text=f"{RULES[1][1]}\n{line}")
    reading = assess(Document(title="Rules", sections=sections))
    assert "9" in reading.in_text and reading.doubtful


def test_a_gap_with_no_number_in_the_text_is_not_a_rule_left():
    sections = [Section(title=title, number=str(n), kind="ruling", text=text,
                        heading=f"{n} {title}")
                for n, (title, text) in zip((7, 8, 10, 11), RULES)]
    sections[1] = Section(title=RULES[1][0], number="8", kind="ruling", heading="8 Moths",
                          text=f"{RULES[1][1]}\n90 seconds is the longest a turn may take.")
    assert assess(Document(title="Rules", sections=sections)).in_text == []


@pytest.mark.parametrize("title,why", [
    ("Cost: 20 Revenue: 5", "values"), ("Players: 2 Time: 30 min", "values"),
    ("E-mail: warden@lantern.example", "an e-mail address"),
    ("warden@lantern.example", "an e-mail address"),
])
def test_values_and_addresses_are_no_titles(title, why):
    reading = assess(Document(title="Rules", sections=[
        Section(title=t, kind="text", text=RULES[0][1], heading=t) for t in ("Setup", title)]))
    assert reading.junk_titles == [(title, why)] and reading.doubtful


@pytest.mark.parametrize("title", ["Round 1: Setup", "Contacting the wardens by e-mail",
                                   "Scoring: 3 points a lantern"])
def test_a_title_with_one_figure_or_a_word_for_mail_is_a_title(title):
    reading = assess(Document(title="Rules", sections=[
        Section(title=t, kind="text", text=RULES[0][1], heading=t) for t in ("Setup", title)]))
    assert reading.junk_titles == [], reading.junk_titles


@pytest.mark.parametrize("word", ["Chapter", "Rozdzia\u0142", "Part"])
def test_titles_that_are_a_word_and_a_roman_numeral_alone(word):
    """Chapters named by their number alone, "Chapter IV", their titles read into their
    text: the numbering left in the titles."""
    sections = [Section(title=f"{word} {roman}", kind="text", heading=f"{word} {roman}",
                        text=f"{title}\n{text}")
                for roman, (title, text) in zip(["I", "II", "III", "IV"], RULES)]
    reading = assess(Document(title="Rules", sections=sections))
    assert len(reading.numbers_in_titles) == 4 and reading.doubtful
