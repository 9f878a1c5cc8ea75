"""A rules digest for an invented game, written for these tests, and its web page.

`content()` is the digest as a list of items; `html_page()` prints it as a plain web page;
tests/typeset.py prints the same items as PDFs in many typesettings. Whatever the
typesetting, the PDF must parse to the web page's sections.

A `Variant` changes the document itself, for both prints alike: headings numbered
"1.", "1.1", "1.1.1" (for typesettings whose headings differ from the body in nothing
else), FAQ entries with printed short titles, the restricted list as a table.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

TITLE = "Skyforge Rules Digest"
VERSION_HTML = "Version 3.1, effective 4/2/2022"
VERSION_PDF = "Version 3.1 \u00b7 Effective April 2, 2022"

_TERMS = ["Anchor", "Ash Pile", "Beacon", "Burn", "Channel", "Cinder", "Draft", "Ember",
          "Exhaust", "Forge", "Gale", "Glimmer", "Harbor", "Kindle", "Lane", "Morale",
          "Quench", "Relic", "Smelt", "Spark", "Temper", "Tinder", "Vent", "Warden"]
_OPENINGS = [
    "is a keyword that lets a player move fuel between two lanes during the tempering step",
    "describes a card that stays in its lane until an effect or a rule removes it",
    "counts the sparks a player has left after every furnace has been refilled",
    "names the out-of-play pile where burned cards wait until the end of the game",
    "marks a card that its controller may not use to pay costs this round",
    "refers to the shared supply that every player draws fuel from",
]
_SECONDS = [
    "If two effects would change it at the same time, the active player chooses their order.",
    "Effects that refer to it by name also refer to copies printed in later expansions.",
    "A player cannot choose to ignore it, even when doing so would benefit every opponent.",
    "It is checked only once, when the round begins, and not again until the next round.",
    "Cards in the ash pile are open information and may be counted by any player at any time.",
    "The effect ends as soon as the card leaves play, whatever its text says about duration.",
    "Where a card and this digest disagree, the card wins unless this entry says otherwise.",
    "Interpretations published by tournament organisers are superseded by this clarification.",
    "Simultaneously triggered responsibilities are resolved in the two-player order.",
]
_RULINGS = [
    ("1. Round Structure", [
        ("Drawing from an Empty Deck", "A player who must draw from an empty deck instead "
         "loses two morale for each card they could not draw, and play continues."),
        ("Simultaneous Effects", "When several effects would resolve at once, the active "
         "player orders them, beginning with the effects that player controls."),
        ("Passing", "A player who passes cannot take further actions during the step, but "
         "still answers questions about open information truthfully."),
    ]),
    ("2. Card Interpretation", [
        ("Cannot Be Moved", "A card that cannot be moved ignores every effect that would "
         "move it between lanes, including effects its own controller initiates."),
        ("Copies and Names", "Two cards are copies when they share a title, whatever their "
         "artwork, their language or the expansion in which they were printed."),
        ("Referring to Forges", "An ability that refers to a forge refers to any forge in "
         "play, unless it names a forge its controller owns."),
    ]),
    ("3. Dynamic Situations", [
        ("Leaving Play Mid-Effect", "If a card leaves play while its ability resolves, the "
         "rest of the ability still resolves, using the card's last known information."),
        ("Chained Reactions", "A reaction to a reaction opens a new reaction window, which "
         "closes before the first window resumes."),
    ]),
]
# numbered rules written as plain paragraphs: every rule and subrule is a section
_TIMING = [
    "4.1 Each round has three timing windows, opened in turn by the first player: the "
    "opening window, the action window and the closing window.",
    "4.1a The opening window lets every player, in turn order, exhaust one card for its "
    "out-of-play ability; a player may decline.",
    "4.1b The closing window ends the round. Effects that last until the end of the round "
    "expire when it closes, simultaneously.",
    "4.2 A window stays open until every player has passed in succession (see rule 4.1a "
    "for the order in which they act).",
    "4.2a A player who passed may act again in the same window if an opponent acted after "
    "them, which reopens the succession of passes.",
    "4.3 Reactions are played in the window in which their triggering condition was met, "
    "never in a later one.",
]
_FAQ = [
    ("Borrowed Forges", "Can I activate a borrowed forge in the same round as my own?",
     "Yes. Each forge may be activated once per round, whoever controls it."),
    ("Burning Anchored Cards", "Does an anchored card resist being burned?",
     "No. Anchoring only prevents moves between lanes; burning is not a move."),
    ("Morale Below Zero", "What happens when an effect would reduce my morale below zero?",
     "Your morale becomes zero and the remaining reduction is ignored; you do not lose the "
     "game until the end of the round in which your morale reached zero."),
    ("Quenching Twice", "May the same ember be quenched twice in one step?",
     "No. An ember that has been quenched is no longer an ember, so it cannot be chosen again."),
]
_RESTRICTED = [("Neutral", [("Storm Lens", "Core, 3"), ("Copper Gate", "Tinker Pack, 77"),
                            ("Whisper Coil", "Tinker Pack, 81", "new")]),
               ("Ember Clan", [("Cinder Drake", "Core, 15")])]


@dataclass(frozen=True)
class Variant:
    """Changes to the digest itself, made in the web page and the PDF alike."""

    numbered: bool = False  # every heading numbered "1.", "1.1", "1.1.1"
    faq_titles: bool = False  # FAQ entries print their short titles
    table: bool = False  # the restricted list as a table of card, set and number


def content(variant: Variant = Variant()) -> list[tuple]:
    """The digest as a list of items (see the renderers for each kind)."""
    items: list[tuple] = [
        ("front", "This digest collects corrections, clarified rulings and common questions "
                  "for <i>Skyforge</i>. Material added since the last version is shown in "
                  "<new>red</new>."),
        ("h", 1, "Notes and Errata"),
        ("p", "Errata replace the printed text of the cards they name. The version in which "
              "an entry first appeared is given with it."),
        ("h", 2, "Card Errata"),
        ("entry", "(v1.0) Ember Scout <i>(Core, 12)</i>",
         "Should read: \"When Ember Scout enters play, draw one card.\""),
        ("entry", "(v2.0) Glass Anvil <i>(Core, 40)</i>", "The cost should be 3, not 2."),
        ("entry", "(v3.1) Quiet Bell <i>(Tinker Pack, 80)</i>",
         "<new>Should read: \"Exhaust a card an opponent controls.\"</new>"),
        ("h", 1, "Definitions and Terms"),
        ("p", "The terms below are listed in alphabetical order. Out-of-play cards and "
              "two-player games follow the same definitions."),
    ]
    for k, term in enumerate(_TERMS):
        text = f"{term} {_OPENINGS[k % len(_OPENINGS)]}. {_SECONDS[(3 * k) % len(_SECONDS)]}"
        if k % 5 == 2:
            text += f" {_SECONDS[(3 * k + 1) % len(_SECONDS)]}"
        items += [("h", 3, term), ("p", text)]
    items += [("h", 1, "Rulings and Clarifications"),
              ("p", "Each ruling has a number so that it can be cited at the table.")]
    for chapter, rulings in _RULINGS:
        items.append(("h", 2, chapter))
        major = chapter.split(".")[0]
        for n, (title, text) in enumerate(rulings, 1):
            items += [("h", 3, f"({major}.{n}) {title}"), ("p", text)]
            if n == 2:
                items.append(("ul", ["first the effects the active player controls,",
                                     "then those of each opponent, in turn order,",
                                     "and last any delayed effects that came due."]))
    items.append(("h", 2, "4. Timing Windows"))
    items += [("p", rule) for rule in _TIMING]
    items += [("h", 1, "Card Legality"), ("h", 2, "Restricted List"),
              ("p", "A deck may include one card from this list.")]
    if variant.table:
        rows = [(name, f"{card} <i>({where})</i>", *new)
                for name, cards in _RESTRICTED for card, where, *new in cards]
        items.append(("table", ("Faction", "Card"), rows))
    else:
        for name, cards in _RESTRICTED:
            items.append(("group", f"{name}:", [
                f"<new>{card} <i>({where})</i></new>" if new else f"{card} <i>({where})</i>"
                for card, where, *new in cards]))
    items += [("h", 1, "Frequently Asked Questions"),
              ("p", "Questions and answers, with the newest at the end of the list.")]
    for title, question, answer in _FAQ:
        items.append(("faq", title if variant.faq_titles else None, question, answer))
    items += [
        ("h", 1, "Quick Reference"),
        ("h", 2, "Round Sequence"),
        ("p", "Every round follows the same steps:"),
        ("ol", ["Recover exhausted cards.", "Draw two cards.", "Take actions in turn order.",
                "Score the lanes you control."]),
    ]
    return numbered(items) if variant.numbered else items


def numbered(items: list[tuple]) -> list[tuple]:
    """The same digest with every heading (and printed FAQ title) numbered by its place
    under the headings above it: "1.", "1.1", "1.1.1" (numbers it printed before give
    way)."""
    open_: list[list] = []  # [level, number, children so far] of the open headings
    top = 0
    out = []
    renumber = None  # (old chapter number, new) for the numbered rules under a chapter
    for item in items:
        if item[0] == "faq" and item[1]:
            item = ("faq", f"{_child(open_, 9)} {item[1]}", *item[2:])
        if item[0] == "p" and renumber:
            old, new = renumber
            item = ("p", re.sub(rf"(?<![\d.]){old}\.(?=\d)", f"{new}.", item[1]))
        if item[0] != "h":
            out.append(item)
            continue
        level = item[1]
        printed = re.match(r"^(\d+)\.\s", item[2])
        text = re.sub(r"^\(?\d+(?:\.\d+)*\)?\.?\s+", "", item[2])
        while open_ and open_[-1][0] >= level:
            open_.pop()
        if open_:
            number = _child(open_, level)
        else:
            top += 1
            number = f"{top}."
        open_.append([level, number.rstrip("."), 0])
        renumber = (printed.group(1), number.rstrip(".")) if printed else None
        out.append(("h", level, f"{number} {text}"))
    return out


def _child(open_: list[list], level: int) -> str:
    """The next number under the innermost open heading."""
    parent = open_[-1]
    parent[2] += 1
    return f"{parent[1]}.{parent[2]}"


def section_key(s, breaks: bool = True) -> tuple:
    """What must agree between a page and a PDF of it: number, title (capitals aside: a
    PDF may set them in capitals), kind, words, place; with `breaks`, where each line
    break falls too (a comparison of releases does not see them: see model.text_key)."""
    from rookery.model import text_key, title_key

    return (s.number, title_key(s.title), s.kind, s.text if breaks else text_key(s.text),
            tuple(title_key(p) for p in s.path))


def plain(inline: str) -> str:
    """An item's text without its inline markup."""
    return re.sub(r"</?(?:i|b|new)>", "", inline)


# ---------------------------------------------------------------- the web page

def html_page(items: list[tuple] | None = None) -> str:
    body = [f"<h1>{TITLE}</h1>", f"<h3>{VERSION_HTML}</h3>"]
    for item in items or content():
        kind = item[0]
        if kind in ("front", "p"):
            body.append(f"<p>{_html(item[1])}</p>")
        elif kind == "h":
            body.append(f"<h{item[1] + 1}>{_html(item[2])}</h{item[1] + 1}>")
        elif kind == "entry":
            body.append(f"<p><b>{_html(item[1])}</b><br>{_html(item[2])}</p>")
        elif kind == "group":
            body.append(f"<div><b>{item[1]}</b><br>" + "<br>".join(_html(x) for x in item[2])
                        + "</div>")
        elif kind == "table":
            head, rows = item[1], item[2]
            cells = [f"<tr>{''.join(f'<th>{h}</th>' for h in head)}</tr>"]
            for name, card, *new in rows:
                card = f"<span class='new'>{_html(card)}</span>" if new else _html(card)
                cells.append(f"<tr><td>{name}</td><td>{card}</td></tr>")
            body.append(f"<table>{''.join(cells)}</table>")
        elif kind == "faq":
            title = f"<h5>{item[1]}</h5>" if item[1] else ""
            body.append(f"{title}<p><i>{_html(item[2])}</i></p><p>{_html(item[3])}</p>")
        elif kind in ("ul", "ol"):
            body.append(f"<{kind}>" + "".join(f"<li>{_html(x)}</li>" for x in item[1])
                        + f"</{kind}>")
    return ("<!doctype html><html><head><meta charset='utf-8'><title>Skyforge · Guild</title>"
            "<style>.new { color: #c80000 }</style></head><body><nav><a href='/'>Guild</a>"
            "</nav><main>" + "\n".join(body) + "</main><footer>Guild pages</footer></body></html>")


def _html(inline: str) -> str:
    return inline.replace("<new>", "<span class='new'>").replace("</new>", "</span>")
