"""A rules digest for an invented game, written for these tests, and two ways to print
it: as a web page and as a PDF in any of several layouts (reportlab).

The same content printed both ways must parse to the same sections; the layouts vary
what a PDF reader has to cope with: paper size, one to three columns, justified and
hyphenated text, ligature glyphs, headers and page numbers at the top or the bottom.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

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
    "names the pile where burned cards wait until the end of the game",
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


def content() -> list[tuple]:
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
        ("p", "The terms below are listed in alphabetical order."),
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
    items += [
        ("h", 1, "Card Legality"),
        ("h", 2, "Restricted List"),
        ("p", "A deck may include one card from this list."),
        ("group", "Neutral:", ["Storm Lens <i>(Core, 3)</i>", "Copper Gate <i>(Tinker Pack, 77)</i>",
                               "<new>Whisper Coil <i>(Tinker Pack, 81)</i></new>"]),
        ("group", "Ember Clan:", ["Cinder Drake <i>(Core, 15)</i>"]),
        ("h", 1, "Frequently Asked Questions"),
        ("p", "Questions and answers, with the newest at the end of the list."),
    ]
    for title, question, answer in _FAQ:
        items.append(("faq", title, question, answer))
    items += [
        ("h", 1, "Quick Reference"),
        ("h", 2, "Round Sequence"),
        ("p", "Every round follows the same steps:"),
        ("ol", ["Recover exhausted cards.", "Draw two cards.", "Take actions in turn order.",
                "Score the lanes you control."]),
    ]
    return items


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
        elif kind == "faq":
            body.append(f"<h4>{item[1]}</h4><p><i>{_html(item[2])}</i></p><p>{_html(item[3])}</p>")
        elif kind in ("ul", "ol"):
            body.append(f"<{kind}>" + "".join(f"<li>{_html(x)}</li>" for x in item[1])
                        + f"</{kind}>")
    return ("<!doctype html><html><head><meta charset='utf-8'><title>Skyforge · Guild</title>"
            "<style>.new { color: #c80000 }</style></head><body><nav><a href='/'>Guild</a>"
            "</nav><main>" + "\n".join(body) + "</main><footer>Guild pages</footer></body></html>")


def _html(inline: str) -> str:
    return inline.replace("<new>", "<span class='new'>").replace("</new>", "</span>")


# ---------------------------------------------------------------- the PDF

@dataclass(frozen=True)
class Layout:
    name: str
    pagesize: tuple[float, float]
    columns: int
    justify: bool = False
    hyphenate: bool = False
    ligatures: bool = False  # set text in a TrueType font, with ligature characters
    page_number: str = "bottom"  # "bottom" centre, or "top" right
    header: bool = True
    centered_title: bool = True
    body_size: float = 10.0
    heading_bold_same_family: bool = False


def layouts() -> list[Layout]:
    from reportlab.lib.pagesizes import A4, landscape, letter

    return [
        Layout("letter-two-columns", letter, 2),
        Layout("a4-one-column-ligatures-numbers-on-top", A4, 1, ligatures=True,
               page_number="top", heading_bold_same_family=True),
        Layout("a4-landscape-three-columns-justified-hyphenated", landscape(A4), 3,
               justify=True, hyphenate=True, centered_title=False, body_size=9.0),
        Layout("letter-two-columns-justified-no-header", letter, 2, justify=True,
               header=False, body_size=10.5),
    ]


_LIGATURES = [("ffi", "\ufb03"), ("ffl", "\ufb04"), ("ff", "\ufb00"), ("fi", "\ufb01"),
              ("fl", "\ufb02")]
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


def write_pdf(path: Path, layout: Layout, items: list[tuple] | None = None) -> Path:
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import (BaseDocTemplate, Frame, FrameBreak, NextPageTemplate,
                                    PageTemplate, Paragraph)

    fonts = _fonts(layout)
    size = layout.body_size
    width, height = layout.pagesize
    margin = 50
    gap = 18
    col_w = (width - 2 * margin - (layout.columns - 1) * gap) / layout.columns
    top = height - margin - 20

    def frames(y_top: float) -> list:
        return [Frame(margin + k * (col_w + gap), margin, col_w, y_top - margin,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                      id=f"c{k}") for k in range(layout.columns)]

    title_h = 150
    first = [Frame(margin, top - title_h, width - 2 * margin, title_h, leftPadding=0,
                   rightPadding=0, topPadding=0, bottomPadding=0, id="title")] \
        + frames(top - title_h - 8)

    def furniture(canvas, doc):
        canvas.saveState()
        canvas.setFont(fonts["sans"], 8)
        if layout.header:
            canvas.drawString(margin, height - margin + 4, f"{TITLE} \u2014 Version 3.1")
        number = str(doc.page)
        if layout.page_number == "top":
            canvas.drawRightString(width - margin, height - margin + 4, number)
        else:
            canvas.drawCentredString(width / 2, margin - 24, number)
        canvas.restoreState()

    doc = BaseDocTemplate(str(path), pagesize=layout.pagesize, title=TITLE,
                          pageTemplates=[PageTemplate("first", first, onPage=furniture),
                                         PageTemplate("rest", frames(top), onPage=furniture)])
    align = TA_JUSTIFY if layout.justify else TA_LEFT
    hyph = {"hyphenationLang": "en_US", "embeddedHyphenation": 1} if layout.hyphenate else {}
    body = ParagraphStyle("body", fontName=fonts["serif"], fontSize=size, leading=size * 1.25,
                          alignment=align, spaceAfter=size * 0.5, **hyph)
    question = ParagraphStyle("q", parent=body, fontName=fonts["serif-italic"])
    entry = ParagraphStyle("entry", parent=body)
    item = ParagraphStyle("item", parent=body, leftIndent=size * 1.6, bulletIndent=size * 0.3,
                          spaceAfter=size * 0.2)
    heading_font = fonts["serif-bold"] if layout.heading_bold_same_family else fonts["sans-bold"]
    headings = {level: ParagraphStyle(f"h{level}", fontName=heading_font,
                                      fontSize=size + (7 - 2 * level), leading=(size + 9) * 1.2,
                                      spaceBefore=size * 0.8, spaceAfter=size * 0.4,
                                      keepWithNext=1)
                for level in (1, 2, 3)}
    title_style = ParagraphStyle("title", fontName=fonts["sans-bold"], fontSize=20, leading=26,
                                 alignment=TA_CENTER if layout.centered_title else TA_LEFT)
    version_style = ParagraphStyle("version", fontName=fonts["sans"], fontSize=11, leading=15,
                                   alignment=title_style.alignment, spaceAfter=12)

    def para(text: str, style) -> Paragraph:
        return Paragraph(_pdf(text, layout, fonts), style)

    story = [para(TITLE, title_style), para(VERSION_PDF, version_style)]
    for k, it in enumerate(items or content()):
        kind = it[0]
        if kind == "front":
            story.append(para(it[1], ParagraphStyle("front", parent=body, alignment=TA_LEFT)))
            story += [NextPageTemplate("rest"), FrameBreak()]
        elif kind == "p":
            story.append(para(it[1], body))
        elif kind == "h":
            story.append(para(it[2], headings[it[1]]))
        elif kind == "entry":
            story.append(para(f"<b>{it[1]}</b><br/>{it[2]}", entry))
        elif kind == "group":
            story.append(para(f"<b>{it[1]}</b><br/>" + "<br/>".join(it[2]), body))
        elif kind == "faq":  # like the official PDFs: no short title, the question in italics
            story += [para(it[2], question), para(it[3], body)]
        elif kind in ("ul", "ol"):
            for n, text in enumerate(it[1], 1):
                story.append(Paragraph(_pdf(text, layout, fonts), item,
                                       bulletText="\u2022" if kind == "ul" else f"{n}."))
    doc.build(story)
    return path


def _fonts(layout: Layout) -> dict[str, str]:
    if not layout.ligatures:
        return {"serif": "Times-Roman", "serif-bold": "Times-Bold", "serif-italic": "Times-Italic",
                "serif-bold-italic": "Times-BoldItalic", "sans": "Helvetica",
                "sans-bold": "Helvetica-Bold"}
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    files = {"DVSerif": "DejaVuSerif.ttf", "DVSerif-Bold": "DejaVuSerif-Bold.ttf",
             "DVSerif-Italic": "DejaVuSerif-Italic.ttf",
             "DVSerif-BoldItalic": "DejaVuSerif-BoldItalic.ttf",
             "DVSans": "DejaVuSans.ttf", "DVSans-Bold": "DejaVuSans-Bold.ttf"}
    for name, file in files.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(DEJAVU / file)))
    addMapping("DVSerif", 0, 0, "DVSerif")
    addMapping("DVSerif", 1, 0, "DVSerif-Bold")
    addMapping("DVSerif", 0, 1, "DVSerif-Italic")
    addMapping("DVSerif", 1, 1, "DVSerif-BoldItalic")
    return {"serif": "DVSerif", "serif-bold": "DVSerif-Bold", "serif-italic": "DVSerif-Italic",
            "serif-bold-italic": "DVSerif-BoldItalic", "sans": "DVSans", "sans-bold": "DVSans-Bold"}


def _pdf(inline: str, layout: Layout, fonts: dict[str, str]) -> str:
    text = inline.replace("<new>", '<font color="#c80000">').replace("</new>", "</font>")
    if layout.ligatures:
        def ligate(m: re.Match) -> str:
            word = m.group()
            for letters, glyph in _LIGATURES:
                word = word.replace(letters, glyph)
            return word
        text = re.sub(r"(?<![<\w])[A-Za-z]+(?![^<]*>)", ligate, text)
    return text


def fonts_available() -> bool:
    return (DEJAVU / "DejaVuSerif.ttf").exists()
