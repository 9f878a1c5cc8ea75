"""Gaps in a reading's numbering: rules whose numbers the reader lost (numbers skipped
among siblings), and part headings left as lines of the rules before them. Each case is
a right reading of our own rules and the same rules read wrong that way."""
import pytest

from rookery.model import Document, Section, reading_from_dict, reading_to_dict
from rookery.parsers.structure.soundness import assess

PARTS = ["Setup", "Turns", "Scoring", "Ending the game", "Variants"]
RULES = ["Lay out the board and shuffle the deck.", "Each player takes two actions.",
         "Count the lanterns you lit at the end of each round.",
         "The game ends when the deck runs out.", "Play with open hands if all agree."]


def _rules(parts: int = 5, per_part: int = 4, letters: bool = False) -> list[Section]:
    """A right reading: numbered parts, each over numbered rules ("2.3", or "2a" with
    `letters`)."""
    out = []
    for p in range(1, parts + 1):
        title = PARTS[(p - 1) % len(PARTS)]
        out.append(Section(title=title, number=str(p), kind="heading", heading=f"{p} {title}"))
        for r in range(1, per_part + 1):
            number = f"{p}{'abcdefgh'[r - 1]}" if letters else f"{p}.{r}"
            out.append(Section(title=None, number=number, kind="ruling",
                               text=RULES[(p + r) % len(RULES)], path=(f"{p} {title}",),
                               heading=number))
    return out


def _lose(sections: list[Section], numbers: set[str]) -> list[Section]:
    """The rules numbered `numbers` read into the text of the rule before them, their
    numbers lost."""
    out: list[Section] = []
    for s in sections:
        if s.number in numbers:
            before = out[-1]
            out[-1] = Section(title=before.title, number=before.number, kind=before.kind,
                              text=f"{before.text} {s.text}", path=before.path,
                              heading=before.heading)
        else:
            out.append(s)
    return out


def _parts_into_text(sections: list[Section]) -> list[Section]:
    """Each part heading after the first read as a line of the last rule before it,
    its rules then set under the part before."""
    out: list[Section] = []
    path = None
    for s in sections:
        if s.kind == "heading" and out:
            last = out[-1]
            out[-1] = Section(title=None, number=last.number, kind="ruling",
                              text=f"{last.text}\n{s.heading}", path=last.path,
                              heading=last.heading)
            continue
        if s.kind == "heading":
            path = (s.heading,)
            out.append(s)
            continue
        out.append(Section(title=None, number=s.number, kind="ruling", text=s.text,
                           path=path, heading=s.heading))
    return out


def _reading(sections):
    return assess(Document(title="Lanternfall", sections=sections))


@pytest.mark.parametrize("letters", [False, True], ids=["dotted", "letters"])
def test_rules_whose_numbers_were_lost_leave_gaps(letters):
    right = _reading(_rules(letters=letters))
    assert right.skipped == [] and not right.doubtful, right.problems
    # (one letter left out is a gap a scheme may leave: two are lost in a row)
    lost = {"1b", "1c", "2b", "2c", "4b", "4c"} if letters else {"1.2", "2.3", "4.2"}
    wrong = _reading(_lose(_rules(letters=letters), lost))
    assert len(wrong.skipped) == 3 and wrong.doubtful, wrong.problems
    assert "after a gap" in wrong.notice("pdf")
    assert reading_from_dict(reading_to_dict(wrong)).skipped == wrong.skipped


@pytest.mark.parametrize("lost, doubtful", [
    ({"3.2"}, False),  # a rule dropped once: the document's own business
    ({"1.2", "4.3"}, False),  # twice
    ({"1.2", "2.3", "4.2"}, True),  # three times in twenty steps
])
def test_a_gap_or_two_is_no_fault(lost, doubtful):
    reading = _reading(_lose(_rules(), lost))
    assert reading.doubtful == doubtful, reading.problems


def test_a_few_gaps_among_many_steps_are_no_fault():
    # three rules dropped among a hundred: fewer than a tenth of the steps
    reading = _reading(_lose(_rules(parts=5, per_part=20), {"1.5", "2.7", "5.12"}))
    assert reading.skipped == [] and not reading.doubtful, reading.problems


def test_a_scheme_that_leaves_out_a_letter_has_no_gap():
    sections = [Section(title=None, number=f"7{c}", kind="ruling", text=RULES[k % 5],
                        heading=f"7{c}") for k, c in enumerate("abcdefghijkmnpqr")]
    reading = _reading(sections)
    assert reading.skipped == [] and not reading.doubtful, reading.problems


def test_part_headings_left_in_the_rules_before_them():
    right = _reading(_rules())
    assert right.in_text == [] and not right.doubtful, right.problems
    wrong = _reading(_parts_into_text(_rules()))
    assert wrong.in_text == ["2", "3", "4", "5"] and wrong.doubtful, wrong.problems


@pytest.mark.parametrize("line", [
    "2 Players each take a lantern.",  # a sentence that opens with a count
    "2 lanterns and 3 tokens",  # a list of things, in lower case
    "2 Lanterns, 3 tokens,",  # a line of a list that goes on
    "2 Or more players may share a seat and a hand of cards in this variant",  # too long
])
def test_a_count_opening_a_line_is_no_part_heading(line):
    sections = _rules()
    # the same line at the end of the last rule of each part
    out = []
    for k, s in enumerate(sections):
        nxt = sections[k + 1] if k + 1 < len(sections) else None
        if s.kind == "ruling" and (nxt is None or nxt.kind == "heading"):
            head = str(int(s.number.split(".")[0]) + 1)
            s = Section(title=None, number=s.number, kind="ruling",
                        text=f"{s.text}\n{line.replace('2', head, 1)}", path=s.path,
                        heading=s.heading)
        out.append(s)
    # the parts' numbers are carried by their headings here: take them off, so that
    # only the lines' shape decides
    out = [Section(title=s.title, number=None, kind="text", text="x", heading=s.heading)
           if s.kind == "heading" else s for s in out]
    reading = _reading(out)
    assert reading.in_text == [], reading.in_text


def _outline(scheme: str) -> list[str]:
    """Our rules as a document prints them: parts numbered in `scheme`, each over a
    list of its rules."""
    numbers = {"roman": ["I", "II", "III", "IV"], "capitals": ["A", "B", "C", "D"],
               "digits": ["1", "2", "3", "4"]}[scheme]
    items = ["a)", "b)", "c)"] if scheme == "digits" else ["1.", "2.", "3."]
    lines = []
    for n, title in zip(numbers, PARTS):
        lines.append(f"{n}. {title}:")
        lines += [f"{item} {rule}" for item, rule in zip(items, RULES)]
    return lines


@pytest.mark.parametrize("scheme", ["roman", "capitals", "digits"])
def test_an_outline_left_in_one_sections_text(scheme):
    wrong = _reading([Section(title=None, kind="text", text="\n".join(_outline(scheme)))])
    assert len(wrong.in_text) == 4 and wrong.doubtful, wrong.problems
    # read right: each part a section over its list
    lines = _outline(scheme)
    right = _reading([Section(title=PARTS[k], number=str(k + 1), kind="ruling",
                              text="\n".join(lines[4 * k + 1:4 * k + 4]),
                              heading=lines[4 * k]) for k in range(4)])
    assert right.in_text == [] and not right.doubtful, right.problems


@pytest.mark.parametrize("scheme", ["roman", "capitals", "digits"])
def test_lists_inside_a_numbered_rule_are_its_own(scheme):
    # a rule may set its cases out as lists of lists; and a section with no number may
    # hold a list or two
    rule = Section(title=None, number="3.1", kind="ruling", text="\n".join(_outline(scheme)))
    two = Section(title=None, kind="text", text="\n".join(_outline(scheme)[:8]))
    reading = _reading([rule, two])
    assert reading.in_text == [] and not reading.doubtful, reading.problems


ARTICLE_TEXTS = [
    "Every crew sends its roster to the harbour master before the first tide of the season.",
    "A round is sailed from the outer buoy to the lighthouse and back, markers to port.",
    "The fastest crew of a round earns ten points and the next one earns eight points.",
    "Crews keep clear of fishing boats, ferries and swimmers at all times on the water.",
]


@pytest.mark.parametrize("mark", ["\u00a7{n}", "\u00a7 {n}", "Art. {n}.", "Art.{n}", "Sec. {n}:"])
def test_articles_left_in_one_sections_text(mark):
    lines = [f"{mark.format(n=n)} {text}" for n, text in enumerate(ARTICLE_TEXTS, 4)]
    wrong = _reading([Section(title="Rules", kind="text", text="\n".join(lines),
                              heading="Rules")])
    assert len(wrong.in_text) == 4 and wrong.doubtful, wrong.problems
    # read right: each article a section of its own
    right = _reading([Section(title=None, number=str(n), kind="ruling", text=text,
                              heading=mark.format(n=n)) for n, text in enumerate(ARTICLE_TEXTS, 4)])
    assert right.in_text == [] and not right.doubtful, right.problems


@pytest.mark.parametrize("lines", [
    # a procedure's steps, a table's rows: no section sign, no abbreviation
    [f"Step {n}) {text}" for n, text in enumerate(ARTICLE_TEXTS, 1)],
    [f"Zone {n} holds pallets {100 + 20 * n} to {119 + 20 * n}, eighty in all" for n in range(4)],
    # marked, but short lines (a list of references) or not one after the other
    [f"\u00a7{n} Harbour fees" for n in range(1, 5)],
    [f"Art. {n}. {text}" for n, text in zip((3, 7, 12, 20), ARTICLE_TEXTS)],
])
def test_lists_and_references_are_no_articles(lines):
    reading = _reading([Section(title="Rules", kind="text", text="\n".join(lines),
                                heading="Rules")])
    assert reading.in_text == [] and not reading.doubtful, reading.problems


@pytest.mark.parametrize("mark", ["\u00a7{n}", "\u00a7 {n}", "Art. {n}", "Article {n}"])
@pytest.mark.parametrize("after", [":", "", "."])
def test_the_next_articles_heading_left_in_an_articles_text(mark, after):
    """Articles 4 and 5 read right, 6 and 7 left as lines of 5's text ("§6: Crews:", its
    colon read as a lead-in's)."""
    number = mark.format(n="{n}").replace(" ", "") if mark.startswith("\u00a7") else \
        mark
    sections = [Section(title="Harbour", number=number.format(n=4), kind="ruling",
                        text=ARTICLE_TEXTS[0], heading=f"{mark.format(n=4)} Harbour")]
    last = [ARTICLE_TEXTS[1]] + [f"{mark.format(n=n)}{after} Crews{after}\n{text}"
                                 for n, text in ((6, ARTICLE_TEXTS[2]), (7, ARTICLE_TEXTS[3]))]
    sections.append(Section(title="Rounds", number=number.format(n=5), kind="ruling",
                            text="\n".join(last), heading=f"{mark.format(n=5)} Rounds"))
    reading = _reading(sections)
    assert reading.in_text == [mark.format(n=6), mark.format(n=7)] and reading.doubtful
    # read right: each article a section of its own
    right = [Section(title="Crews", number=number.format(n=n), kind="ruling", text=text,
                     heading=f"{mark.format(n=n)} Crews")
             for n, text in enumerate(ARTICLE_TEXTS, 4)]
    assert not _reading(right).doubtful


def test_a_reference_to_an_article_already_read_is_no_heading_left():
    sections = [Section(title=t, number=f"\u00a7{n}", kind="ruling", text=text,
                        heading=f"\u00a7{n} {t}")
                for n, t, text in ((4, "Harbour", ARTICLE_TEXTS[0]),
                                   (5, "Rounds", ARTICLE_TEXTS[1] + "\n\u00a76 applies to "
                                    "crews that keep clear of the ferries."),
                                   (6, "Crews", ARTICLE_TEXTS[2]))]
    assert _reading(sections).in_text == []


@pytest.mark.parametrize("title", ["1.- Harbour", "1. Harbour", "1) Harbour"])
def test_rules_left_in_the_text_of_a_title_that_prints_its_number(title):
    """A part read with its number left in its title ("1.- Harbour", unnumbered) and the
    next parts read as lines of its text."""
    text = "\n".join([ARTICLE_TEXTS[0], f"2. Rounds:\n{ARTICLE_TEXTS[1]}",
                      f"3. Crews:\n{ARTICLE_TEXTS[2]}"])
    reading = _reading([Section(title=title, kind="text", text=text, heading=title)])
    assert reading.in_text == ["2", "3"] and reading.doubtful
