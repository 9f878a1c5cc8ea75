"""A rulebook of our own, numbered in the hundreds (chapter "1.", section "100.", rule
"100.1.", subrule "100.1a") and closed by a glossary, printed as plain text the ways text
releases come: a blank line after every entry or after only some of them or after none,
and hard-wrapped at any width. Its glossary has terms of several numbered senses and
long terms that list a name's older spellings, so a wrap may break a term over two
lines. Every print must give the sections of the first."""
from __future__ import annotations

import textwrap

TITLE = "Driftmoor Comprehensive Rules"
EFFECTIVE = "These rules are effective as of June 2, 2025."
INTRO = ("This document is the final word on how a game of Driftmoor is played. Its rules "
         "are numbered so that a judge can cite them, and its glossary names every term a "
         "card prints.")

# chapters → sections → rules; a rule is (text, [subrule texts])
CHAPTERS = [
    ("Game Concepts", [
        ("General", [
            ("These rules apply to every game of Driftmoor, with two players or with more.",
             ["A duel is a game that begins with exactly two players.",
              "A flotilla is a game that begins with three or more players, each seated "
              "around the same shoreline and taking turns in a circle."]),
            ("Each player needs a deck of at least fifty cards, a pile of tide counters and "
             "a way to note how much salt they hold.", []),
            ("When a card contradicts these rules, the card wins for as long as it is in "
             "play, but only for the one rule it names.",
             ["An effect that forbids something wins over an effect that allows it."]),
        ]),
        ("Players", [
            ("A player is one of the people taking part in the game.", []),
            ("The active player is the player whose turn it is; every other player is a "
             "waiting player until the turn passes to them.",
             ["In a flotilla, the waiting players act in turn order, starting with the "
              "player seated left of the active player.",
              "A player who leaves the game is neither active nor waiting."]),
        ]),
    ]),
    ("Parts of a Card", [
        ("General", [
            ("Every card has a name, a cost printed as drops of water, and a rules box.",
             ["Some older cards print their cost as shells; a shell is one drop."]),
        ]),
        ("Keywords", [
            ("A keyword is a word in the rules box that stands for a longer ability.", []),
            ("Undertow is a triggered ability that pulls the card back to its owner's hand "
             "at the end of a turn in which it was dealt damage.",
             ["Several instances of undertow on one card trigger only once.",
              "If a card has both undertow and anchorage, anchorage wins."]),
        ]),
    ]),
    ("Turn Structure", [
        ("General", [
            ("A turn has three steps: ebb, flow and slack, always in that order.", []),
        ]),
        ("Ebb Step", [
            ("First, the active player turns upright every card they control that was "
             "turned sideways.", []),
            ("Then the active player draws a card; in a duel, the player who goes first "
             "skips that draw in their first turn.", []),
        ]),
    ]),
]

# (term, [senses] or definition, closing line or None)
GLOSSARY = [
    ("Ability", ["1. Text in a rules box that says what the card does or can do.",
                 "2. A triggered ability waiting to resolve; such an ability is an object "
                 "of its own until it has resolved."],
     "See rule 201, \"Keywords.\""),
    ("Active Player", "The player whose turn it is. See rule 101.2.", None),
    ("Anchorage", "A keyword ability that keeps a card where it is while undertow would "
                  "move it.", None),
    ("Bury, Buried, Burial Ground, Put into the Burial Ground (Older Wordings)",
     "Words older cards print for sending a card to the wreck pile. Cards that print them "
     "have received new wording.", None),
    ("Drop", "One unit of water, in which costs are printed. See rule 200.1.", None),
    ("Duel", "A game that begins with exactly two players. See rule 100.1a.", None),
    ("Flotilla", "A game that begins with three or more players. See rule 100.1b.", None),
    ("Salt", ["1. What a player counts to win; a player who reaches ten salt wins.",
              "2. A counter of the same name, which some cards put on other cards."],
     None),
    ("Shell", "An older name for a drop. See rule 200.1a.", None),
    ("Tap, Tapped, Turn Sideways, Turned Sideways, Untap, Untapped (Obsolete Wordings)",
     "What older cards call turning a card sideways, or upright again. See rule 300.1.",
     None),
    ("Undertow", "A keyword ability that pulls a card back to its owner's hand. See rule "
                 "201.2.", None),
    ("Wreck Pile", "The zone where destroyed and spent cards go, face up, in the order "
                   "they arrived.", None),
]


def entries() -> list[tuple[str, list[str]]]:
    """The rulebook as (kind, lines) entries in reading order: "title" (the title
    block), "heading", "para", "rule" (a rule or subrule, one line), "term" (a term's
    line, then its definition's lines, one per sense)."""
    out = [("title", [TITLE, EFFECTIVE]), ("heading", ["Introduction"]), ("para", [INTRO])]
    for c, (chapter, sections) in enumerate(CHAPTERS):
        out.append(("heading", [f"{c + 1}. {chapter}"]))
        for s, (section, rules) in enumerate(sections):
            number = (c + 1) * 100 + s
            out.append(("heading", [f"{number}. {section}"]))
            for r, (text, subs) in enumerate(rules):
                out.append(("rule", [f"{number}.{r + 1}. {text}"]))
                for k, sub in enumerate(subs):
                    out.append(("rule", [f"{number}.{r + 1}{'abcdefg'[k]} {sub}"]))
    out.append(("heading", ["Glossary"]))
    for term, definition, closing in GLOSSARY:
        senses = definition if isinstance(definition, list) else [definition]
        out.append(("term", [term, *senses] + ([closing] if closing else [])))
    return out


SPACINGS = ("every entry", "some entries", "none")


def text(spacing: str = "every entry", width: int | None = None) -> str:
    """The rulebook as a text release: a blank line after every entry, after some of
    them (none between a section's rules, nor between some glossary terms), or after
    none at all; hard-wrapped at `width` columns, or one line per paragraph."""
    lines: list[str] = []
    for k, (kind, entry) in enumerate(entries()):
        for line in entry:
            lines += textwrap.wrap(line, width, break_on_hyphens=False) if width else [line]
        following = entries()[k + 1][0] if k + 1 < len(entries()) else None
        if spacing == "every entry" or spacing == "some entries" and not (
                kind == following == "rule" or kind == following == "term" and k % 2):
            lines.append("")
    return "\n".join(lines) + "\n"


def terms() -> list[str]:
    return [term for term, _definition, _closing in GLOSSARY]


def rules() -> list[str]:
    """The numbers of every rule and subrule, as rookery names them ("100.1", "100.1a")."""
    return [entry[0].split(" ", 1)[0].rstrip(".") for kind, entry in entries() if kind == "rule"]
