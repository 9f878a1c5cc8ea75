"""A reading judged without truth: what a wrong reading leaves behind is found, and a
right reading of the same rules is sound."""
import pytest

from rookery.model import Document, Section
from rookery.parsers import parse
from rookery.parsers.structure.soundness import assess
from rookery.parsers.structure.junktitles import junk

SOUND = """Lanternfall Rules

1. The Round

1.1 Each round opens at dusk.

1.2 The first player lights a lantern.

1.2a A lantern lit twice stays lit.

2. Moths

2.1 A moth flies toward the nearest light.

600. Reserved

Glossary

Dusk
The time a round opens.
"""


def reading(text: str):
    return parse(text.encode(), source="rules.txt").reading


def test_rules_read_right_are_sound():
    found = reading(SOUND)
    assert found.problems == [] and not found.doubtful
    assert found.numbered == 7  # a numbered heading over nothing ("600. Reserved") is no fault
    assert found.words.lost == 0


@pytest.mark.parametrize("edit,problem", [
    # a number read apart from its text, as a heading of its own
    (("1.2 The first player lights a lantern.", "1.2\n\nThe first player lights a lantern."),
     "2 titles that are not a title (a number alone: '1.2')"),
    # the same number twice in one place (a rule quoted, read as a rule)
    (("2.1 A moth flies toward the nearest light.",
      "2.1 A moth flies toward the nearest light.\n\n2.1 A moth flies again."),
     "1 number printed twice"),
    # a number that goes backwards among its siblings
    (("1.2 The first player lights a lantern.",
      "1.3 The first player lights a lantern.\n\n1.2 A lantern goes out at dawn."),
     "1 number out of order"),
])
def test_what_a_wrong_reading_leaves_is_found(edit, problem):
    found = reading(SOUND.replace(*edit))
    assert found.doubtful
    assert problem in found.problems


def test_a_rule_whose_text_went_to_the_next_number_is_empty():
    page = ("<h1>Lanternfall Rules</h1><h2>1. The Round</h2><p>1.1</p>"
            "<p>1.2 Each round opens at dusk. The first player lights a lantern.</p>")
    found = parse(page.encode(), source="rules.html").reading
    assert found.empty == ["1.1"]
    assert "1 numbered rule without text" in found.problems


def test_a_rule_left_in_the_text_of_the_rule_before_is_found():
    # a forced line break, not a paragraph, between a numbered heading's text and the
    # next number: "13." stays in the text under "12. Scoring" (a list's number or a
    # rule's, the reader cannot tell; the check says so)
    page = ("<h1>Lanternfall Rules</h1><h2>11. Rounds</h2><p>Each round opens at dusk.</p>"
            "<h2>12. Scoring</h2><p>Each lit lantern scores one.<br>13. Ties go to the "
            "player who lit the last lantern.</p><h2>14. Moths</h2><p>A moth flies.</p>")
    found = parse(page.encode(), source="rules.html").reading
    assert found.in_text == ["13"]
    assert "1 numbered rule left in another's text" in found.problems


def section(number, text, title=None):
    return Section(title=title, kind="ruling" if number else "text", text=text, number=number,
                   heading=f"{number} {title or ''}".strip() if number else title)


@pytest.mark.parametrize("sections,left", [
    # the next sibling, the first subdivision, a parent's next sibling: each a rule not split off
    ([section("4.1", "Draw two.\n4.2 Discard one.")], ["4.2"]),
    ([section("4.1", "Draw two.\n4.1.1 A drawn card is hidden.\n4.1.2 Show none.")],
     ["4.1.1", "4.1.2"]),
    ([section("4.1", "Draw two."), section("4.2", "Discard one.\n5. Scoring")], ["5"]),
    ([section("12", "Score.\n13. Tiebreaks")], ["13"]),
    # ... after the full stop that ended the rule before, carried over by the break
    ([section("2", "Play runs from May to June\n. 3) The umpire is named by the club.")],
     ["3"]),
    # a run of dotted numbers in a section that has none: the numbering was missed
    ([section(None, "1.1 Draw two.\n1.2 Discard one.\n1.3 Pass.", "Turns")],
     ["1.1", "1.2", "1.3"]),
    # a list that starts afresh in a rule is its own
    ([section("4", "Each turn:\n1. Draw.\n2. Discard.\n3. Pass.", "Turns")], []),
    # a rule's text that quotes a rule the document sets as a section
    ([section("4.1", "Draw two.\n4.2 applies after this."), section("4.2", "Discard one.")], []),
    # two dotted numbers in an unnumbered section: a reference table, not rules
    ([section(None, "1.1 Draw two.\n1.2 Discard one.", "Summary")], []),
    # an earlier number, or one from elsewhere, opens no missed rule
    ([section("4.2", "Discard one.\n4.1 still holds.\n4.3 Pass.")], []),
    # an unnumbered heading that prints its number after a word: its first rule missed
    ([section(None, "14.1 Federations may ask for a ruling.", "Article 14: Rulings")],
     ["14.1"]),
    ([section(None, "Play goes left.\n4.1 The first player draws.", "\u00a7 4 Play")], ["4.1"]),
    # ... and a list that starts afresh under it is its own
    ([section(None, "Each turn:\n1. Draw.\n2. Pass.", "Article 14: Turns")], []),
])
def test_numbers_left_in_the_text(sections, left):
    assert assess(Document(title="Rules", sections=sections)).in_text == left


def under(number, *path):
    return Section(title=None, kind="ruling", text="Some rule.", number=number, path=path,
                   heading=number)


@pytest.mark.parametrize("sections,misplaced", [
    # a sibling, or a parent's sibling, under the heading it follows
    ([under("8", "Rules"), under("8.1", "Rules", "8. Conduct"), under("9", "Rules", "8. Conduct")],
     ["9"]),
    ([under("3.1", "3. Play"), under("3.2", "3. Play", "3.1 Setup")], ["3.2"]),
    ([under("3.1.4", "3.1 Setup"), under("3.2", "3.1 Setup", "3.1.4 Wings")], ["3.2"]),
    # a subdivision under its parent: right
    ([under("3.1", "3. Play"), under("3.1.1", "3. Play", "3.1 Setup")], []),
    # numbering started afresh under a heading: its own list
    ([under("1", "2. Setup"), under("2", "2. Setup"), under("3", "2. Setup")], []),
])
def test_numbers_under_a_heading_they_follow(sections, misplaced):
    assert assess(Document(title="Rules", sections=sections)).misplaced == misplaced


def titled(title, text=""):
    return Section(title=title, kind="heading" if not text else "text", text=text,
                   heading=title)


@pytest.mark.parametrize("sections,over", [
    # a diagram's labels read as headings: each over nothing
    ([titled("Setup", "Lay out the board.")] + [titled(f"{n}mm") for n in (200, 150, 100)]
     + [titled("Play", "Take turns.")], ["200mm", "150mm", "100mm"]),
    # one chart's title in a long document is no fault
    ([titled("Setup", "Lay out the board."), titled("Turn Chart")]
     + [titled(f"Step {n}", "Do it.") for n in range(1, 40)], []),
    # headings with text, or with sections under them, are headings
    ([titled("Part One"), Section(title="Setup", kind="text", text="Lay out.",
                                  path=("Part One",), heading="Setup"),
      titled("Part Two"), Section(title="Play", kind="text", text="Take turns.",
                                  path=("Part Two",), heading="Play")], []),
])
def test_headings_over_nothing(sections, over):
    assert assess(Document(title="Rules", sections=sections)).over_nothing == over


def test_figure_labels_read_as_headings_make_a_page_doubtful():
    page = ("<h1>Lanternfall Rules</h1><h2>Setup</h2><p>Lay out the board.</p>"
            "<h3>North</h3><h3>South</h3><h3>East</h3><h3>West</h3>"
            "<h2>Play</h2><p>Take turns.</p>")
    found = parse(page.encode(), source="rules.html").reading
    assert found.over_nothing == ["North", "South", "East", "West"]
    assert "4 headings over nothing ('North')" in found.problems


def test_numbering_that_starts_again_under_another_part_is_no_repeat():
    text = ("Part One\n\n1. Setup\n\n1.1 Shuffle the deck.\n\n"
            "Part Two\n\n1. Setup\n\n1.1 Deal the cards.\n")
    found = reading(text)
    assert found.repeated == [] and found.out_of_order == []


@pytest.mark.parametrize("order,early", [
    # a licence line broken before its figure: "4.0 International" read as a rule
    (["4.0", "1", "1.1", "2", "3", "4", "4.1"], ["4.0"]),
    (["1", "1.1", "2.1", "2", "2.2"], ["2.1"]),
    # right: parts before their subdivisions, and subdivisions of no numbered part
    (["1", "1.1", "2", "2.1", "4", "4.0", "4.1"], []),
    (["1.1", "1.2", "2.1", "2.2"], []),
    (["A", "A.1", "B", "B.1"], []),
])
def test_a_subdivision_read_before_its_part_is_out_of_order(order, early):
    sections = [Section(title=f"Rule {n}", kind="ruling", number=n, text="Do it.",
                        heading=n) for n in order]
    assert assess(Document(title="Rules", sections=sections)).out_of_order == early


def test_a_part_numbered_in_another_place_is_no_part_read_late():
    """Rules "1.1", "1.2" in an unnumbered chapter, and an appendix that numbers its own
    notes "1.", "2.": the appendix's "1." is not the part "1.1" divides."""
    sections = [Section(title="Setup", kind="heading", heading="Setup")]
    sections += [Section(title=f"Rule {n}", kind="ruling", number=n, text="Do it.",
                         path=("Setup",), heading=n) for n in ("1.1", "1.2", "2.1")]
    sections += [Section(title="Notes", kind="heading", heading="Notes")]
    sections += [Section(title=f"Note {n}", kind="ruling", number=n, text="See above.",
                         path=("Notes",), heading=n) for n in ("1", "2")]
    assert assess(Document(title="Rules", sections=sections)).out_of_order == []


@pytest.mark.parametrize("title,what", [
    ("o", "a bullet"), ("\u25aa", "a bullet"), ("--", "a bullet"),
    ("\uf0b7", "an icon"), ("\ue001\ue002", "an icon"),
    ("https://example.org/rules", "a URL"), ("www.example.org", "a URL"),
    ("12", "a page number"), ("Page 3", "a page number"), ("4 of 12", "a page number"),
    ("iv", "a page number"), ("May 20, 2024", "a date"), ("2024-05-20", "a date"),
    ("20.05.2024", "a date"), ("1.2", "a number alone"), ("(3.4)", "a number alone"),
    ("Bonus = (600 - time) x 0.5", "a formula"), ("Pair < Triple < Bomb", "a formula"),
    ("0.2 \u00b7 H \u2264 Arm", "a formula"), ("score=lanterns+2", "a formula"),
])
def test_titles_that_are_no_titles(title, what):
    assert junk(title) == what


@pytest.mark.parametrize("title", [
    "Setup", "X", "A", "Lanterns of May", "Round 2", "2024 Season Rules", "Dusk",
    "Updates since May 2024", "Q&A", "Version History",
    "Dusk -> Dawn", "Setup => Play", "<-- Back", "Cost <= 3",
])
def test_titles_that_are_titles(title):
    assert junk(title) is None


def test_a_running_head_read_as_a_heading_is_a_title_again():
    text = ("Lanternfall Rules\nVersion 1.0\n\n1. Setup\n\n1.1 Shuffle the deck.\n\n"
            "Lanternfall Rules\n\n1.2 Deal the cards.\n\n2. Play\n\n2.1 Take turns.\n\n"
            "Lanternfall Rules\n\n2.2 Pass the lantern.\n")
    found = reading(text)
    assert ("Lanternfall Rules", "the document's title again") in found.junk_titles


def test_a_sentence_about_a_rule_opened_before_is_its_text_not_a_second_rule():
    text = ("Lanternfall Rules\n\n1. Setup\n\n1.1 Shuffle the deck.\n\n"
            "1.1 is amended by 2.1 in gatherings.\n\n2. Play\n\n2.1 Take turns.\n")
    found = parse(text.encode(), source="rules.txt")
    shuffle = next(s for s in found.sections if s.number == "1.1")
    assert [s.number for s in found.sections if s.number] == ["1", "1.1", "2", "2.1"]
    assert shuffle.text == "Shuffle the deck.\n1.1 is amended by 2.1 in gatherings."
    assert found.reading.repeated == []


RELEASES = """Lanternfall Rules

1. The Round

1.1 Each round opens at dusk.

1.2 The first player lights a lantern.

2. Changes

2.1 {first}

Moths now fly toward the nearest light.

2.2 {second}

A lantern lit twice stays lit.
"""


def as_html(text: str) -> str:
    """The same rules as a page: numbered names as headings, the rest as paragraphs."""
    parts = [p for p in text.split("\n\n") if p.strip()]
    body = [f"<h1>{parts[0]}</h1>"]
    for p in parts[1:]:
        tag = "h2" if p[:1].isdigit() and not p.rstrip().endswith(".") else "p"
        body.append(f"<{tag}>{p.strip()}</{tag}>")
    return "<html><body>" + "\n".join(body) + "</body></html>"


@pytest.mark.parametrize("form", ["text", "html"])
@pytest.mark.parametrize("first,second,junk_titles", [
    # numbered changes named by the release they tell of: names, not numbers read apart
    ("9.2", "17.4.1", []),
    ("v0.9", "7.3", []),
    # a title that is the next number, or one the document prints: a number read apart
    ("2.2", "2.3", ["2.2", "2.3"]),
    ("1.2", "7.3", ["1.2"]),
])
def test_a_numbered_section_may_be_named_by_a_release(first, second, junk_titles, form):
    text = RELEASES.format(first=first, second=second)
    data, source = (text, "rules.txt") if form == "text" else (as_html(text), "rules.html")
    doc = parse(data.encode(), source=source)
    assert [s.number for s in doc.sections if s.number and s.number.startswith("2.")] \
        == ["2.1", "2.2"]
    assert [t for t, _why in doc.reading.junk_titles] == junk_titles


def running_head(head: str, pages: int) -> str:
    """A titled document of numbered rules whose pages (after the first) each open with
    `head` on a line of its own."""
    rules = ["1. Setup", "1.1 Shuffle the deck.", "1.2 Deal the cards.", "2. Play",
             "2.1 Take turns.", "2.2 Pass the lantern.", "3. End", "3.1 Count the moths.",
             "3.2 The most moths wins."]
    per = -(-len(rules) // pages)
    parts = ["Lanternfall Rules of Play\nVersion 1.0"]
    for k in range(pages):
        parts += ([head] if k else []) + rules[k * per:(k + 1) * per]
    return "\n\n".join(parts) + "\n"


@pytest.mark.parametrize("head, pages, flagged", [
    ("Lanternfall Rules", 3, True),   # the title's first words, twice: a running head
    ("Lanternfall", 4, True),         # its first word, page after page
    ("Lanternfall", 5, True),
    ("Lanternfall", 3, False),        # one word twice may name a section of its own
])
def test_the_titles_first_words_as_a_running_head(head, pages, flagged):
    found = reading(running_head(head, pages))
    assert ((head, "the document's title again") in found.junk_titles) is flagged


@pytest.mark.parametrize("lines,found", [
    # a contents list left in a section: dotted leaders, spaced or not, page numbers or none
    (["1 Setup .......... 3", "2 Play .......... 5", "3 Scoring .......... 9"], 3),
    (["Setup . . . . . . 3", "Play . . . . . . 5", "Scoring . . . . . . ix"], 3),
    (["Setup\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7", "Play\u00b7\u00b7\u00b7\u00b7\u00b7",
      "Scoring\u00b7\u00b7\u00b7\u00b7\u00b7"], 3),
    # a sentence trailing off, or two, is text
    (["And so the night goes on....", "Play on.", "Lanterns dim. . . ."], 0),
    # dots inside a line are a blank to fill in, not a leader
    (["Weight: .......... grams", "Height: .......... cm", "Name: .......... here"], 0),
    # a contents list's page column, its entries read elsewhere (or lost)
    (["page 2", "page 3", "page 3", "page 7"], 4),
    (["p. 4", "p. 9", "p. 12"], 3),
    # two page references, or bare figures (a table's column: figures_apart's), are not
    (["page 2", "page 3"], 0),
    (["2", "3", "7"], 0),
])
def test_contents_lines_read_as_sections(lines, found):
    sections = [titled("Rules", "\n".join(["Play fair."] + lines))]
    assert len(assess(Document(title="Rules", sections=sections)).contents_in_text) == found


def test_a_contents_list_read_as_rules_makes_a_reading_doubtful():
    text = SOUND.replace("1. The Round", "Contents\n\n1 The Round .......... 1\n\n"
                         "2 Moths .......... 2\n\n3 Glossary .......... 3\n\n1. The Round")
    found = reading(text)
    assert found.doubtful and found.contents_in_text


def test_paragraph_openings_read_as_titles_are_not_titles():
    openings = [("When the last lantern goes out the round", "ends at once for everyone."),
                ("A keeper who loses sight of the harbour", "pays one coin to the purse."),
                ("Each beacon that crosses the reef this turn", "is turned face down."),
                ("Players who tie share the win unless one", "holds more charts.")]
    sections = [titled(t, x) for t, x in openings]
    found = assess(Document(title="Rules", sections=sections))
    assert [why for _t, why in found.junk_titles] == ["a sentence's first line"] * 4
    # two are a judgement call, not a misreading; and a title with its closing mark, or
    # text that opens a sentence of its own, is a title
    assert assess(Document(title="Rules", sections=sections[:2])).junk_titles == []
    # a comma at the title's end says the sentence goes on, whatever its next word's case
    commas = [titled(t + ",", x.capitalize()) for t, x in openings]
    assert len(assess(Document(title="Rules", sections=commas)).junk_titles) == 4
    kept = [titled(t + ".", x) for t, x in openings[:2]] + \
        [titled(t, x.capitalize()) for t, x in openings[2:]]
    assert assess(Document(title="Rules", sections=kept)).junk_titles == []


@pytest.mark.parametrize("titles,flagged", [
    # a grid of four forts read row by row: each column's label again and again
    (["Fort Rules", "Fort Rules", "Fort Rules", "Fort Goals", "Fort Goals", "Fort Goals"], 6),
    # two in a row, or the same title apart, is no grid
    (["Example", "Example", "Setup", "Example"], 0),
])
def test_one_title_side_by_side_is_a_grid_read_by_rows(titles, flagged):
    sections = [titled(t, "Hold the line.") for t in titles]
    found = assess(Document(title="Rules", sections=sections)).junk_titles
    assert len(found) == flagged
    assert all(why == "one title side by side" for _t, why in found)


def test_a_contents_list_holding_most_of_the_words_is_doubtful():
    from rookery.model import WordAccount
    sections = [titled("Points", "Squad of five")]
    lean = WordAccount(words=100, in_sections=90, furniture={"contents": 10})
    heavy = WordAccount(words=100, in_sections=40, furniture={"contents": 60})
    assert assess(Document(title="Rules", sections=sections), lean).contents_words == 0
    found = assess(Document(title="Rules", sections=sections), heavy)
    assert found.contents_words == 60
    assert "60 words set aside as a contents list (more than a quarter of the text)" \
        in found.problems


def ruled(number, title, path=(), text="Do it."):
    return Section(title=title, kind="ruling", number=number, text=text, path=tuple(path),
                   heading=number)


@pytest.mark.parametrize("sections,astray", [
    # a chapter's rules set under the last rule of the chapter before
    ([ruled("3", "Play"), ruled("3.12", "Passing", ["3"]), ruled("4.1", "Scoring", ["3", "3.12"]),
      ruled("4.2", "Ties", ["3", "3.12"])], ["4.1", "4.2"]),
    # a part's rules under a list item numbered "3" read as a rule
    ([ruled("1", "Conduct"), ruled("3", "Be kind", ["1"]), ruled("1.2", "Fair play", ["1", "3"])],
     ["1.2"]),
    # under their own part, however far down, they are in place (a hundreds scheme too)
    ([ruled("4", "Challenges"), ruled("4.2", "Attack", ["4"]), ruled("4.2.1", "Defend", ["4"])],
     []),
    ([ruled("1", "Concepts"), ruled("100", "General", ["1"]),
      ruled("100.1", "Players", ["1", "100"])], []),
    # numbering that starts afresh in another scheme under a heading is its own
    ([ruled("A", "Appendix"), ruled("1.1", "Quoted", ["A"])], []),
])
def test_numbers_set_under_another_rule(sections, astray):
    assert assess(Document(title="Rules", sections=sections)).astray == astray


def test_one_heading_over_nothing_again_and_again_is_a_running_head():
    sections = []
    for n in range(1, 40):
        sections.append(titled(f"Rule {n}", "Do it."))
        if n % 10 == 0:
            sections.append(titled("Official Rules"))  # a page's head, read as a heading
    found = assess(Document(title="Rules", sections=sections))
    assert [why for _t, why in found.junk_titles] == \
        ["one heading over nothing again and again"] * 3
    # twice is no habit; a heading with text under it is a heading
    assert assess(Document(title="Rules", sections=sections[:25])).junk_titles == []


@pytest.mark.parametrize("texts,found", [
    # a points table read column by column: the names in one run, the values in another
    (["Squad of five\nSquad of ten\nCaptain", "110 pts\n220 pts\n65 pts",
      "Riders\nWagon", "80 pts\n95 pts\n40 pts"], ["110 pts", "80 pts"]),
    # values kept on their rows, or one short column, are no misreading
    (["Squad of five 110 pts\nSquad of ten 220 pts\nCaptain 65 pts"], []),
    (["Scores:\n1\n2\n3", "Play on."], []),
])
def test_columns_of_figures_read_apart_from_their_rows(texts, found):
    sections = [titled(f"Part {k}", text) for k, text in enumerate(texts)]
    assert assess(Document(title="Rules", sections=sections)).figures_apart == found


@pytest.mark.parametrize("top,flagged", [
    ("Version 2.1, May 2024", True),  # a title page's version line over everything
    ("Updated 3 March 2025", True),
    ("v1.4", True),
    ("Lanternfall Rules", False),  # the document's name over its parts is its own
    ("Changes in version 2.1", False),  # a part that tells of a release
])
def test_a_version_line_over_the_whole_document(top, flagged):
    sections = [Section(title=top, kind="heading", heading=top)]
    for n, part in enumerate(["Setup", "Turns", "Scoring"], 1):
        sections.append(Section(title=part, number=str(n), kind="ruling",
                                text="Play on.", path=(top,), heading=f"{n}. {part}"))
    found = assess(Document(title="Lanternfall", sections=sections))
    assert ((top, "a version line over the whole document") in found.junk_titles) == flagged
    assert found.doubtful == flagged, found.problems
    # the same line as one part among others is no fault: releases a changelog tells of
    beside = [sections[0]] + [Section(title=s.title, number=s.number, kind=s.kind,
                                      text=s.text, heading=s.heading) for s in sections[1:]]
    assert not assess(Document(title="Lanternfall", sections=beside)).doubtful


@pytest.mark.parametrize("listed, found", [
    # a contents list with no page numbers, left in the text before the rules it lists,
    # its numbers printed with a mark, without one, or set tight
    (["1 Setup", "2 Play", "3 Scoring"], 3),
    (["1. Setup", "2. Play", "3. Scoring", "4. Variants"], 4),
    (["1.Setup", "2.Play", "3.Scoring"], 3),
    # two of them, or a sentence that names a rule, are text
    (["1 Setup", "2 Play"], 0),
    (["See 2 Play for the turn order."], 0),
])
def test_a_contents_list_without_page_numbers_left_in_the_text(listed, found):
    parts = ["Setup", "Play", "Scoring", "Variants"]
    sections = [titled("Lanternfall", "\n".join(["The rules of the night walk."] + listed))]
    sections += [Section(title=t, number=str(n), kind="ruling", text="Play on.",
                         heading=f"{n}. {t}") for n, t in enumerate(parts, 1)]
    reading = assess(Document(title="Lanternfall", sections=sections))
    assert len(reading.contents_in_text) == found and reading.doubtful == bool(found), \
        reading.problems
