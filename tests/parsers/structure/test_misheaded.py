"""Headings a reading made or missed, found without truth (structure/misheaded.py): a
right reading of our own rules is sound, and the same rules read wrong in each way are
doubtful, under several numbering schemes and wordings."""
import pytest

from rookery.model import Document, Section, reading_from_dict, reading_to_dict
from rookery.parsers import parse
from rookery.parsers.structure.soundness import assess


def head(title, text="", path=(), number=None, kind=None):
    return Section(title=title, kind=kind or ("ruling" if number else "heading" if not text
                                              else "text"),
                   number=number, text=text, path=tuple(path),
                   heading=f"{number} {title}" if number else title)


def judge(sections):
    return assess(Document(title="Rules", sections=sections))


# --------------------------------------------------------------- mid-sentence titles

def _lantern(title):
    """Six sections of our own rules, the third titled `title`."""
    return [head("Setup", "Each player takes a lantern."),
            head("Moths", "Each player takes two moths."),
            head("Turns", "The first player lights a lantern and passes it"),
            head(title, "the player to the left, who may keep it."),
            head("Scoring", "A lit lantern scores one point."),
            head("End", "The game ends at dawn.")]


@pytest.mark.parametrize("title,found", [
    # a sentence's next line read as a heading, in English, French and German
    ("on to the player to the left", ["on to the player to the left"]),
    ("et le joueur suivant la garde", ["et le joueur suivant la garde"]),
    ("und legt sie vor sich ab", ["und legt sie vor sich ab"]),
    # a table's cell or a byline
    ("permitted", ["permitted"]),
    ("written by the team", ["written by the team"]),
    # titles that open with capitals, a name with a capital inside, or a figure are
    # right
    ("Passing", []), ("iLantern Variant", []), ("2 Players", []), ("Éclairage", []),
])
def test_a_title_opening_in_lower_case_is_a_line_from_a_sentence(title, found):
    assert judge(_lantern(title)).mid_sentence == found


@pytest.mark.parametrize("title,text,found", [
    # a paragraph's first line read as its title: the text goes on in lower case
    ("The first player lights a lantern and passes", "it to the left.", True),
    ("Chaque joueur prend une lanterne et deux", "papillons de nuit.", True),
    ("Wer eine Laterne entzündet, darf sie an den", "linken Nachbarn geben.", True),
    # a title that ends a clause, a short one, or text that opens a sentence of its own
    ("The first player lights a lantern and passes.", "it to the left.", False),
    ("Lighting and passing lanterns", "each turn, in order.", False),
    ("The first player lights a lantern and passes", "It goes to the left.", False),
])
def test_a_sentence_s_first_line_as_a_title_is_found_once(title, text, found):
    sections = [head("Setup", "Each player takes a lantern."), head(title, text)]
    assert judge(sections).mid_sentence == ([title] if found else [])


@pytest.mark.parametrize("cuts,found", [(0, 0), (2, 0), (3, 3), (5, 5)])
def test_paragraphs_cut_apart_mid_sentence_are_found(cuts, found):
    # a one-page sheet read as plain paragraphs: sentences cut where their lines broke
    sentences = ["Each player takes a lantern and two moths before the first dusk.",
                 "The first player lights a lantern and passes it to the left.",
                 "A moth flies toward the nearest light and rests beside it.",
                 "A lit lantern scores one point at dawn for the one who holds it.",
                 "The game ends when every lantern has gone out at least once.",
                 "Whoever holds the most points at the end of the night wins."]
    sections = [Section(title=None, kind="text", text="Lanternfall, a game of lights.")]
    for k, sentence in enumerate(sentences):
        words = sentence.split()
        if k < cuts:
            sections += [Section(title=None, kind="text", text=" ".join(words[:5])),
                         Section(title=None, kind="text", text=" ".join(words[5:]))]
        else:
            sections.append(Section(title=None, kind="text", text=sentence))
    assert len(judge(sections).mid_sentence) == found


def test_lower_case_titles_that_are_the_documents_own_style_are_no_fault():
    # a glossary's terms, and a document that sets most of its headings in lower case
    terms = [head(t, "Its meaning.", kind="term") for t in ("dusk", "lantern", "moth")]
    styled = [head(t, "Do it.") for t in ("setup", "turns", "scoring", "End")]
    assert judge(_lantern("Passing") + terms).mid_sentence == []
    assert judge(styled).mid_sentence == []


# ------------------------------------------------------------------ lists as rules

SCHEMES = [["1", "2", "3", "4"], ["A", "B", "C", "D"], ["4.1", "4.2", "4.3", "4.4"],
           ["7.2.1", "7.2.2", "7.2.3", "7.2.4"]]
NAMES = ["Number of moths", "Colour of the lantern", "Speed", "Range of the light"]


@pytest.mark.parametrize("numbers", SCHEMES)
@pytest.mark.parametrize("texts,listed", [
    # a figure's legend (or a list) read as rules: titles over nothing, one after another
    (["", "", "", ""], True),
    (["", "", "", "Lit at dusk."], True),  # three in a row are enough
    # the same rules with their text are right; two in a row may be parts yet to fill
    (["Counted at dusk.", "Red or blue.", "Two hexes.", "Three hexes."], False),
    (["", "", "Two hexes.", ""], False),
])
def test_numbered_titles_over_nothing_in_a_row_are_a_list_read_as_rules(numbers, texts,
                                                                         listed):
    sections = [head("Unit card", "Each unit has a card.")] + [
        head(name, text, path=["Unit card"], number=n)
        for n, name, text in zip(numbers, NAMES, texts)]
    bare = [n for n, t in zip(numbers, texts) if not t]
    assert judge(sections).items_as_rules == (bare if listed else [])


@pytest.mark.parametrize("bullet", ["- ", "\u2022 ", "* ", "\u25aa "])
def test_a_title_opening_with_a_bullet_is_a_list_item_read_as_a_heading(bullet):
    title = f"{bullet}Substitutes enter at the halfway line"
    sections = [head("Substitutes", "A coach may name five."), head(title, "One at a time.")]
    assert judge(sections).items_as_rules == [title]
    assert judge([head("Substitutes", f"A coach may name five.\n{title}")]).items_as_rules \
        == []


# -------------------------------------------------------- nested under the wrong rule

@pytest.mark.parametrize("aside", ["A landing may come when:", "and the landings after",
                                   "Chaque invasion apporte\uff1a"])
@pytest.mark.parametrize("before,after", [("J", "K"), ("3", "4"), ("2.3", "2.4"),
                                          ("3.9", "3.10")])
def test_a_rule_under_a_line_of_text_after_its_sibling_is_nested_wrong(before, after, aside):
    own = before.split(".")[0] if "." in before else None  # the part they are rules of
    parent = [f"{own} Play"] if own else []
    top = [head("Play", "Take turns.", number=own)] if own else []
    sibling = head("Politics", "Alliances may break.", path=parent, number=before)
    lead = head(aside, "A landing, a raid, a siege.", path=parent)
    wrong = head("Victory", "Hold the capital.", path=parent + [aside], number=after)
    right = head("Victory", "Hold the capital.", path=parent, number=after)
    assert judge(top + [sibling, lead, wrong]).nested_wrong == [after]
    assert judge(top + [sibling, lead, right]).nested_wrong == []
    # a part's heading may hold the rest of the numbering ("Optional Rules" before "C.")
    part = head("Optional Rules", "Play these if all agree.", path=parent)
    assert judge(top + [sibling, part, head("Victory", "Hold it.", path=parent
                                            + ["Optional Rules"], number=after)]
                 ).nested_wrong == []
    # a rule under its sibling is another fault (misplaced)
    assert judge(top + [sibling, head("Victory", "Hold it.", path=parent + [sibling.heading],
                                      number=after)]).nested_wrong == []


@pytest.mark.parametrize("before,after,later", [("J", "K", "L"), ("3", "4", "5"),
                                                ("3.3.3", "3.3.4", "3.3.5")])
def test_a_rule_under_a_heading_the_numbering_leaves_again_is_nested_wrong(before, after,
                                                                            later):
    """A caption read as a heading ("Fridge") takes the next number under it, and the
    number after that stands beside it again: the heading holds no part of the
    numbering. A heading that holds the rest of it ("Optional Rules") may be a part."""
    sibling = head("Kitchen", "The robot opens the door.", number=before)
    caption = head("Fridge", "A white box with two shelves.")
    inside = head("Table", "Plates go on the left.", path=["Fridge"], number=after)
    beside = head("Hallway", "Lights stay on.", number=later)
    assert judge([sibling, caption, inside, beside]).nested_wrong == [after]
    held = head("Hallway", "Lights stay on.", path=["Fridge"], number=later)
    assert judge([sibling, caption, inside, held]).nested_wrong == []
    right = head("Table", "Plates go on the left.", number=after)
    assert judge([sibling, caption, right, beside]).nested_wrong == []


def test_parts_that_each_hold_a_run_of_the_numbering_are_not_nested_wrong():
    """"Advanced" holds rules 3 and 4, "Tournament" rules 5 and 6: each part holds a run
    of the numbering, which leaves "Advanced" only for the next part."""
    sections = [head("Intro", "Read this first.", number="1"),
                head("Basics", "Take turns.", number="2"),
                head("Advanced", "For seasoned players.")]
    sections += [head(f"Rule {n}", "Do it.", path=["Advanced"], number=n) for n in "34"]
    sections += [head("Tournament", "For events.")]
    sections += [head(f"Rule {n}", "Do it.", path=["Tournament"], number=n) for n in "56"]
    assert judge(sections).nested_wrong == []


def _entry(question, answer, title=None, path=()):
    return Section(title=title, kind="faq", question=question, text=answer,
                   path=tuple(path), heading=title or question)


@pytest.mark.parametrize("caption", ["A finished town scores eight", "General questions"])
def test_an_entry_under_another_entry_is_nested_wrong(caption):
    first = _entry("What is a road?", "Tiles joined end to end.")
    held = _entry("What is a town?", "Two town tiles or more.", title=caption)
    under = _entry("Who scores a town?", "The player with most pawns.", path=[caption])
    assert judge([first, held, under]).nested_wrong == [under.label]
    # entries under a heading that asks nothing are in place
    plain = head(caption, "Questions players ask.")
    assert judge([first, plain, under]).nested_wrong == []


# ------------------------------------------------------------ headings left in text

@pytest.mark.parametrize("shape", ["Example {}", "Example No. {}", "Scenario {}:",
                                   "Home Base: Hex {}", "Fall {} Setup"])
def test_a_line_shaped_like_the_documents_titles_is_a_heading_left_in_the_text(shape):
    names = [shape.format(n) for n in (1, 2, 3, 4)]
    texts = ["The red moth flies.", "The blue moth waits.", "A lantern goes out.",
             "Both moths rest."]
    right = [head("Moths", "Moths fly at dusk.")] + [
        head(n, t, path=["Moths"]) for n, t in zip(names, texts)]
    assert judge(right).headings_lost == []
    # the third heading read as a line of the second's text
    wrong = right[:3] + [head(names[1], f"{texts[1]}\n{names[2]}\n{texts[2]}", path=["Moths"])] \
        + right[4:]
    del wrong[2]
    assert judge(wrong).headings_lost == [names[2]]
    # a sentence that cites one is text
    cited = right[:2] + [head(names[1], f"As in the next, see {names[2]} and {names[3]} "
                                        f"on the board below.", path=["Moths"])] + right[3:]
    assert judge(cited).headings_lost == []


GLOSSARY = [("Dusk", "The time a round opens, when the first lantern is lit."),
            ("Lantern", "A light a player carries, lit or unlit, from turn to turn."),
            ("Moth", "A winged creature that flies toward the nearest light."),
            ("Wick", "What burns in a lantern; a lantern without one stays dark.")]


@pytest.mark.parametrize("lower", [False, True])
@pytest.mark.parametrize("lost", [1, 2, 3])
def test_a_glossary_term_read_into_the_term_before_is_a_heading_left_in_the_text(lost,
                                                                                  lower):
    entries = [(t.lower() if lower else t, d) for t, d in GLOSSARY]
    right = [head(t, d, path=["Glossary"], kind="term") for t, d in entries]
    assert judge(right).headings_lost == []
    name, definition = entries[lost]
    before = right[lost - 1]
    wrong = right[:lost - 1] + [head(before.title, f"{before.text}\n{name}\n{definition}",
                                     path=["Glossary"], kind="term")] + right[lost + 1:]
    assert judge(wrong).headings_lost == [name]


def test_lines_of_a_glossary_entry_that_are_no_term_stay_text():
    # a chart's header over its rows, a name out of order, a line that is a sentence
    entries = [head("Dusk", "The time a round opens.", kind="term"),
               head("Lantern", "Lanterns come in colours.\nLantern Colour Chart\nRed lantern"
                               "\nBlue lantern", kind="term"),
               head("Moth", "A winged creature.\nAbove All\nIt flies toward the nearest "
                            "light, lit or not.", kind="term"),
               head("Wick", "What burns.\nWhen it is gone.\nThe lantern stays dark until "
                            "the next dusk comes.", kind="term")]
    assert judge(entries).headings_lost == []


@pytest.mark.parametrize("numbers", [["4.1", "4.2", "4.3", "4.4"], ["12", "13", "14", "15"],
                                     ["100.1", "100.2", "100.3", "100.4"]])
def test_a_numbered_rule_read_into_the_one_before_leaves_its_number_skipped(numbers):
    titles = ["Lighting", "Passing", "Snuffing", "Relighting"]
    texts = ["A player lights a lantern at the start of the turn.",
             "A lit lantern goes to the player on the left at dusk.",
             "A player may snuff a lantern that reached them lit.",
             "A snuffed lantern may be lit again on the next turn."]
    right = [head(t, x, number=n) for n, t, x in zip(numbers, titles, texts)]
    assert judge(right).headings_lost == []
    # the second rule, its number lost with its heading, read into the first's text
    wrong = [head(titles[0], f"{texts[0]}\n{titles[1]}\n{texts[1]}", number=numbers[0])] \
        + right[2:]
    assert judge(wrong).headings_lost == [titles[1]]
    # a number the document skips (a rule withdrawn) leaves no name behind
    assert judge([right[0]] + right[2:]).headings_lost == []


# ------------------------------------------------------------ the verdict and its keys

def test_each_fault_makes_the_reading_doubtful_and_is_kept_as_json():
    sections = _lantern("on to the player to the left")
    found = judge(sections)
    assert found.doubtful
    assert "1 section cut out of a sentence ('on to the player to the left')" \
        in found.problems
    kept = reading_to_dict(found)
    assert kept["mid_sentence"] == ["on to the player to the left"]
    assert reading_from_dict(kept) == found


RULES = """Lanternfall Rules

1. Setup

Each player takes a lantern and two moths.

2. Turns

Example 1

The first player lights a lantern.

Example 2

The second player waits for dusk.

3. Scoring

A lit lantern scores one point.
"""


def test_our_rules_read_right_are_sound():
    found = parse(RULES.encode(), source="rules.txt").reading
    assert found.problems == []
    assert (found.mid_sentence, found.items_as_rules, found.nested_wrong,
            found.headings_lost) == ([], [], [], [])
