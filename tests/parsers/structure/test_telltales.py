"""Telltales of a wrong reading its numbers do not show: the document's numbering left in
the titles of unnumbered sections, and right-to-left text stored in visual order. Each
case is a right reading of our own rules and the same rules read wrong that way."""
import pytest

from rookery.model import Document, Section, reading_from_dict, reading_to_dict
from rookery.parsers.structure.soundness import assess

TITLES = ["Setup", "Turns", "Scoring", "Ending the game", "Variants"]
TEXTS = ["Lay out the board and shuffle the deck.", "Each player takes two actions.",
         "Count the lanterns you lit.", "The game ends when the deck runs out.",
         "Play with open hands if all agree."]


def _parts(scheme: str, n: int) -> tuple[str, str]:
    """The number of part `n` (from 1) in a scheme, and the title as a reader that left
    the number in it would give it."""
    roman = ["I", "II", "III", "IV", "V"][n - 1]
    title = TITLES[n - 1]
    return {
        "digits": (str(n), f"{n} {title}"),
        "dotted": (str(n), f"{n}. {title}"),
        "bracket": (str(n), f"{n}) {title}"),
        "roman": (roman, f"{roman}. {title}"),
        "roman-tight": (roman, f"{roman}.{title}"),
        "article": (str(n), f"Article {n}: {title}"),
        "base": (str(n), f"BASE {n}\u00aa.- {title.upper()}"),
        "cjk": (str(n), f"\u7b2c{n}\u6761 {title}"),
        "cjk-dot": (str(n), f"{n}\uff0e{title}"),
        "angle": (roman, f"{roman}\u3009 {title}"),
    }[scheme]


def _document(scheme: str, left: bool, subrules: bool) -> Document:
    """Five parts, each with a paragraph of its own and perhaps two numbered rules;
    `left`: the parts' numbers left in their titles (unnumbered), else read as their
    numbers."""
    sections = []
    for n in range(1, 6):
        number, printed = _parts(scheme, n)
        title = TITLES[n - 1]
        if left:
            sections.append(Section(title=printed, kind="text", text=TEXTS[n - 1],
                                    heading=printed))
            part = printed
        else:
            sections.append(Section(title=title, number=number, kind="ruling",
                                    text=TEXTS[n - 1], heading=printed))
            part = printed
        if subrules:
            for k in (1, 2):
                sections.append(Section(title=f"Rule {k}", number=f"{n}.{k}", kind="ruling",
                                        text=TEXTS[(n + k) % 5], path=(part,),
                                        heading=f"{n}.{k} Rule {k}"))
    return Document(title="Lanternfall", sections=sections)


SCHEMES = ["digits", "dotted", "bracket", "roman", "roman-tight", "article", "base", "cjk",
           "cjk-dot", "angle"]


@pytest.mark.parametrize("subrules", [False, True])
@pytest.mark.parametrize("scheme", SCHEMES)
def test_numbers_left_in_titles_make_a_reading_doubtful(scheme, subrules):
    right = assess(_document(scheme, left=False, subrules=subrules))
    assert right.numbers_in_titles == [] and not right.doubtful, right.problems
    wrong = assess(_document(scheme, left=True, subrules=subrules))
    assert len(wrong.numbers_in_titles) == 5, wrong.numbers_in_titles
    assert wrong.doubtful and any("left in titles" in p for p in wrong.problems)
    assert reading_from_dict(reading_to_dict(wrong)).numbers_in_titles == \
        wrong.numbers_in_titles


CYRILLIC = "\u0410\u0411\u0412\u0413\u0414"  # the first five capitals: А Б В Г Д


@pytest.mark.parametrize("scheme", [
    lambda n: (str(n), f"[{n}] {TITLES[n - 1]}"),  # in square brackets
    lambda n: (str(n), f"({n}) {TITLES[n - 1]}"),  # in round ones
    lambda n: (f"E{n}", f"E{n}. {TITLES[n - 1]}"),  # a capital and digits
    lambda n: (f"1.{CYRILLIC[n - 1]}", f"1.{CYRILLIC[n - 1]} {TITLES[n - 1]}"),
], ids=["square", "round", "lettered", "cyrillic"])
def test_numbers_of_other_shapes_left_in_titles(scheme):
    right = [Section(title=TITLES[n - 1], number=scheme(n)[0], kind="ruling",
                     text=TEXTS[n - 1], heading=scheme(n)[1]) for n in range(1, 6)]
    assert assess(Document(title="Rules", sections=right)).numbers_in_titles == []
    wrong = [Section(title=scheme(n)[1], kind="text", text=TEXTS[n - 1], heading=scheme(n)[1])
             for n in range(1, 6)]
    reading = assess(Document(title="Rules", sections=wrong))
    assert reading.numbers_in_titles == [scheme(n)[1] for n in range(1, 6)]
    assert reading.doubtful


@pytest.mark.parametrize("article", ["\u7b2c {n} \u6761", "\u7b2c{n}\u6761",
                                     "\u0421\u0442\u0430\u0442\u044c\u044f {n}.",
                                     "{n}-", "{n} \u2013"])
def test_articles_opening_untitled_paragraphs(article):
    """A file read as untitled paragraphs, each opening with an article's number after a
    word of its own script ("第 1 条", "Статья 1."), spaced or not, or with a dash for
    its mark ("1- ")."""
    sections = [Section(title=None, kind="text", text=f"{article.format(n=n)} {TEXTS[n - 1]}")
                for n in range(1, 6)]
    reading = assess(Document(title="Rules", sections=sections))
    assert len(reading.numbers_in_titles) == 5 and reading.doubtful


@pytest.mark.parametrize("opening", ["Round {n}:", "{n} players"])
def test_paragraphs_opening_with_a_latin_word_and_a_count_are_not_looked_at(opening):
    sections = [Section(title=None, kind="text", text=f"{opening.format(n=n)} {TEXTS[n - 1]}")
                for n in range(1, 6)]
    assert assess(Document(title="Rules", sections=sections)).numbers_in_titles == []


def test_a_capital_and_digits_that_name_things_are_no_numbering():
    """Paper sizes and a race's class are named with a capital and digits; they do not go
    on from one another."""
    titles = ["A4. Paper", "F1. Racing", "B2. Bombers", "C3. Robots"]
    sections = [Section(title=t, kind="text", text="Play on.", heading=t) for t in titles]
    reading = assess(Document(title="Rules", sections=sections))
    assert reading.numbers_in_titles == [] and not reading.doubtful, reading.problems


@pytest.mark.parametrize("scheme", ["digits", "roman", "article"])
def test_headings_over_numbered_rules_alone_may_print_their_number(scheme):
    """A part's heading with no text of its own ("2 Setup" over "2.1", "2.2") names the
    part; its rules carry their numbers."""
    sections = [s if s.number else Section(title=s.own_title, kind="heading", text="",
                                           heading=s.heading)
                for s in _document(scheme, left=True, subrules=True).sections]
    reading = assess(Document(title="Lanternfall", sections=sections))
    assert reading.numbers_in_titles == [] and not reading.doubtful, reading.problems


def test_numbered_rules_left_as_untitled_paragraphs():
    """A sheet of numbered rules read as paragraphs: each opens with the number the
    reading did not take."""
    sections = [Section(title=None, kind="text", text=f"{n}) {TEXTS[n - 1]}")
                for n in range(1, 6)]
    assert len(assess(Document(title="Rules", sections=sections)).numbers_in_titles) == 5


@pytest.mark.parametrize("titles", [
    # a number in a title that is no numbering: counts, sizes, one-offs
    ["2 Players", "Setup", "3D Terrain", "Scoring"],
    ["Setup", "Version 2 changes", "Turns", "Appendix"],
    # numbers that do not go on from one another
    ["3 Cards", "10 Lanterns", "2 Moths", "7 Wonders"],
    # two in a row are not yet a numbering
    ["1 Setup", "2 Turns", "Scoring", "Ending"],
])
def test_a_number_in_a_title_is_not_a_numbering(titles):
    sections = [Section(title=t, kind="text", text="Play on.", heading=t) for t in titles]
    reading = assess(Document(title="Rules", sections=sections))
    assert reading.numbers_in_titles == [] and not reading.doubtful, reading.problems


def test_titles_going_on_from_the_sections_numbers():
    """The first part read as a number, the next ones left in their titles (roman
    numerals go on from a roman number)."""
    sections = [Section(title="Teams", number="I", kind="ruling", text=TEXTS[0],
                        heading="I. Teams")]
    sections += [Section(title=t, kind="text", text=TEXTS[k], heading=t)
                 for k, t in enumerate(["II. Equipment", "III.Inspection", "IV. Matches"], 1)]
    assert assess(Document(title="Rules", sections=sections)).numbers_in_titles == \
        ["II. Equipment", "III.Inspection", "IV. Matches"]


# our own Hebrew rules ("each player takes five cards", ...), in logical order
HEBREW = ["כל שחקן לוקח חמישה קלפים מהחפיסה",
          "השחקן הראשון מניח אבן על הלוח ומסובב רבע אחד",
          "מי שיוצר שורה של חמש אבנים מנצח במשחק",
          "אם הלוח מלא ואין שורה המשחק נגמר בתיקו",
          "בכל תור מותר לשים אבן אחת בלבד בשדה ריק"]


@pytest.mark.parametrize("lines", [HEBREW, HEBREW[1:4], [f"{k + 1}. {t}" for k, t in enumerate(HEBREW)],
                                   [f"{t} (6x6)" for t in HEBREW]])
def test_right_to_left_text_in_visual_order(lines):
    def document(texts):
        return Document(title="Rules", sections=[
            Section(title=None, kind="text", text="\n".join(texts))])

    right = assess(document(lines))
    assert right.visual_order == [] and not right.doubtful, right.problems
    wrong = assess(document([line[::-1] for line in lines]))  # each line as it is shown
    assert wrong.visual_order and wrong.doubtful, wrong.visual_order
    assert any("visual order" in p for p in wrong.problems)


def test_text_with_no_right_to_left_letters_is_not_looked_at():
    sections = [Section(title="Setup", kind="text", text="\n".join(TEXTS), heading="Setup")]
    assert assess(Document(title="Rules", sections=sections)).visual_order == []


def _rules(extra: list[Section], at: int = 3) -> Document:
    """Six numbered rules of our own, with `extra` sections set after the `at`-th."""
    sections = [Section(title=t, number=str(k), kind="ruling", text=TEXTS[k % 5],
                        heading=f"{k}. {t}")
                for k, t in enumerate(TITLES + ["Etiquette"], 1)]
    return Document(title="Lanternfall", sections=sections[:at] + extra + sections[at:])


def _under(title: str, text: str = "Count it again.") -> Section:
    return Section(title=title, kind="text", text=text, heading=title, path=("3. Scoring",))


@pytest.mark.parametrize("labels,found", [
    # a formula's subscripts read as headings
    (["team", "team - best"], True),
    (["max", "avg score"], True),
    # a diagram's callouts
    (["north edge", "south edge"], True),
    # one may be a quirk of the heading's author
    (["team"], False),
    # labels in capitals are headings; a long line in lower case is a sentence's (another
    # telltale's)
    (["Team", "Team Bonus"], False),
    (["the lanterns a team lit at dusk count twice"], False),
])
def test_labels_read_as_sections(labels, found):
    assert assess(_rules([])).label_titles == []
    reading = assess(_rules([_under(label) for label in labels]))
    assert bool(reading.label_titles) == found, reading.label_titles
    # the labels are among the reading's faults (a single title in lower case is doubted
    # as well, as a sentence's line: misheaded.py)
    assert any("label" in p and "read as sections" in p for p in reading.problems) == found


def test_a_document_that_sets_its_headings_in_lower_case_has_no_labels():
    sections = [Section(title=t.lower(), kind="text", text=TEXTS[k], heading=t.lower())
                for k, t in enumerate(TITLES)]
    assert assess(Document(title="rules", sections=sections)).label_titles == []


COLUMNS = [
    (["Action", "Lantern"], [["Waiting at the gate", "Turning left", "Turning right",
                              "Stopping on the bridge"],
                             ["Two red lanterns", "Left lantern blinks", "Right lantern blinks",
                              "All lanterns dim"]]),
    (["Card", "Effect", "When"], [["Moth", "Owl", "Bat"],
                                  ["Flies to the light", "Eats a moth", "Hangs in the dark"],
                                  ["Any turn", "At dusk", "At night"]]),
]


@pytest.mark.parametrize("headers,columns", COLUMNS)
def test_a_table_of_words_read_column_by_column(headers, columns):
    rows = ["  ".join(cells) for cells in zip(*columns)]
    right = assess(_rules([_under(" / ".join(headers), "\n".join(rows))]))
    assert right.columns_apart == [] and not right.doubtful, right.problems
    wrong = assess(_rules([_under(h, "\n".join(c)) for h, c in zip(headers, columns)]))
    assert wrong.columns_apart[:2] == headers[:2] and wrong.doubtful, wrong.columns_apart


@pytest.mark.parametrize("first,second", [
    # lists of different lengths side by side
    ("Lanterns\nMoths\nOwls", "A board\nTwo dice\nSix tokens\nA bag"),
    # steps that are sentences
    ("Shuffle the deck.\nDeal five cards.\nFlip the top card.",
     "Draw a card.\nPlay a card.\nPass the lantern."),
])
def test_lists_side_by_side_are_no_table(first, second):
    reading = assess(_rules([_under("Components", first), _under("Setup", second)]))
    assert reading.columns_apart == [] and not reading.doubtful, reading.problems


def test_counts_going_up_are_no_numbering():
    """Variants for two, three, four and five players: counts in titles, not numbers."""
    sections = [Section(title=f"{n} Players", kind="text", text=TEXTS[n - 2],
                        heading=f"{n} Players") for n in range(2, 6)]
    assert assess(Document(title="Rules", sections=sections)).numbers_in_titles == []


@pytest.mark.parametrize("left", [0, 1, 2])
def test_a_number_left_in_a_title_beside_its_schemes_numbered_sections(left):
    # "BASE 2ª" to "BASE 5ª" numbered, as the reader numbers a scheme of its own; the
    # first `left` read with the number in their titles
    sections = []
    for n in range(1, 6):
        title = TITLES[n - 1].upper()
        if n <= left:
            sections.append(Section(title=f"BASE {n}\u00aa.- {title}", kind="text",
                                    text=TEXTS[n - 1], heading=f"BASE {n}\u00aa.- {title}"))
        else:
            sections.append(Section(title=title, number=f"BASE {n}\u00aa", kind="ruling",
                                    text=TEXTS[n - 1], heading=f"BASE {n}\u00aa.- {title}"))
    reading = assess(Document(title="Lanternfall", sections=sections))
    assert len(reading.numbers_in_titles) == left and reading.doubtful == bool(left), \
        reading.problems


def _spelled(text: str) -> str:
    """The text as a reader gives type it placed a letter at a time: each letter a word."""
    return " ".join(c for c in text if not c.isspace())


@pytest.mark.parametrize("rows", [TEXTS[:3], TEXTS, [t.upper() for t in TEXTS[:2]] + TEXTS[2:]])
def test_words_read_letter_by_letter(rows):
    """A table whose cells a reader took a letter at a time: each row's words spelled out.
    The same table read as words is sound; so are grids of capitals (a board's squares, a
    hand of cards) and fewer than three spelled runs."""
    def document(cells):
        return Document(title="Rules", sections=[
            Section(title="Actions", kind="text", text="\n".join(cells), heading="Actions")])

    right = assess(document(rows))
    assert right.letters_apart == [] and not right.doubtful, right.problems
    wrong = assess(document([_spelled(r) for r in rows]))
    assert wrong.letters_apart and wrong.doubtful
    assert any("letter by letter" in p for p in wrong.problems)
    assert reading_from_dict(reading_to_dict(wrong)).letters_apart == wrong.letters_apart
    capitals = assess(document([_spelled(r.upper()) for r in rows]))
    assert capitals.letters_apart == [], capitals.letters_apart
    two = assess(document([_spelled(r.lower()) for r in rows[:2]] + TEXTS))
    assert two.letters_apart == []
