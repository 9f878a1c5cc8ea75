"""Where paragraphs end in text that leaves out its blank lines: each piece of evidence
paragraphs.py reads off the lines, one small text at a time (measure 40 columns)."""
import textwrap

import pytest

from rookery.parsers.text.wrapping import cut, unspaced

MEASURE = 40


# long paragraphs first, under a heading of their own: a text's unwrapped lines are
# measured too, and the longest of them run on (as in a text that was never wrapped)
PREAMBLE = ["Introduction"] + textwrap.wrap(
    "Lanternfall is played by two or more players, each with a deck of lanterns, over as "
    "many rounds as it takes to light them all.", MEASURE) * 2 + ["Rules"]


def paragraphs(text: str) -> list[str]:
    """The paragraphs `cut` finds under the preamble, their wrapped lines joined by
    spaces and their forced breaks kept as " | "."""
    out = []
    found = cut([PREAMBLE + text.split("\n")], MEASURE)
    assert [lines[0] for lines, _wrapped in found[:3]] == ["Introduction", PREAMBLE[1], "Rules"]
    for lines, wrapped in found[3:]:
        words = lines[0].strip()
        for line, wraps in zip(lines[1:], wrapped):
            words += (" " if wraps else " | ") + line.strip()
        out.append(words)
    return out


CASES = [
    ("a line much shorter than the measure ends its paragraph; a name after it stands "
     "alone",
     "Lanterns are lit at dusk by the player\nwho holds the flame.\nScoring\n"
     "Each lit lantern scores one point at\ndawn.",
     ["Lanterns are lit at dusk by the player who holds the flame.", "Scoring",
      "Each lit lantern scores one point at dawn."]),
    ("a section number that continues the numbering opens a paragraph, though the "
     "line before reaches the measure",
     "1.1 Lanterns are lit at dusk by players.\n1.2 A lantern that is lit stays lit.",
     ["1.1 Lanterns are lit at dusk by players.", "1.2 A lantern that is lit stays lit."]),
    ("what reads as a number but does not continue the numbering runs on",
     "1.1 Each lantern is made under U.S. Pat.\nNo. 123. It glows from dusk to dawn.\n"
     "1.2 A lantern that is lit stays lit.",
     ["1.1 Each lantern is made under U.S. Pat. No. 123. It glows from dusk to dawn.",
      "1.2 A lantern that is lit stays lit."]),
    ("a line set in ends the line before where wrapped lines come back to the margin",
     "   1.1 Lanterns are lit at dusk by the\nplayers who hold the flame at that hour.\n"
     "      Example: A player with two flames\nlights two lanterns at dusk, not three.",
     ["1.1 Lanterns are lit at dusk by the players who hold the flame at that hour. | "
      "Example: A player with two flames lights two lanterns at dusk, not three."]),
    ("lines of names under labels run on as one paragraph",
     "Credits\nGame Design: Ada Quill and Bram Holt\nRules Editing: Cora Vance\n"
     "Thanks to everyone who kept the lamps\nlit.",
     ["Credits",
      "Game Design: Ada Quill and Bram Holt | Rules Editing: Cora Vance | Thanks to "
      "everyone who kept the lamps lit."]),
    ("a dash a wrap brought to a line's start is no bullet in a text without lists",
     "The type line of a lantern reads \"Lantern\n- Beacon\" and nothing else at all.",
     ["The type line of a lantern reads \"Lantern - Beacon\" and nothing else at all."]),
]


@pytest.mark.parametrize("text,expected", [(t, e) for _name, t, e in CASES],
                         ids=[name for name, _t, _e in CASES])
def test_paragraphs_end_where_the_lines_say(text, expected):
    assert paragraphs(text) == expected


def test_a_text_with_blank_lines_between_its_paragraphs_is_not_cut():
    spaced = [["Lanterns are lit at dusk by the player", "who holds the flame."],
              ["Scoring"], ["Each lit lantern scores one point."]]
    unspaced_ = [["Lanterns are lit at dusk.", "Scoring", "Each lantern scores.",
                  "Dawn ends the round."]]
    assert not unspaced(spaced, MEASURE)
    assert unspaced(unspaced_, MEASURE)
