"""Rules set in two columns with a narrow gutter, justified, with numbered lists whose
numbers hang out of the column into the gutter (and the page's margin): the gutter's
only clear gap is then narrower than the gaps of justified words, and few lines start
at its edge, the column's text starting a little past the hung numbers. Several engines
(WeasyPrint, Chromium, Typst), fonts and gutters; the web page the PDF is printed from
gives the sections it must read as."""
from __future__ import annotations

import html
from dataclasses import dataclass

from engines import html_to_pdf

TITLE = "Harbour Lights League Rules"
PARTS = [
    ("Entering the league",
     "Every crew that wishes to sail in the league sends its roster to the harbour master "
     "before the first tide of the season, naming a captain, a navigator and no more than "
     "four deckhands, each of whom must have sailed in at least one open regatta before.",
     ["A crew may change one deckhand between rounds, never during a round, and tells the "
      "harbour master in writing before the bell.",
      "A captain who cannot sail names a stand-in from the roster; the stand-in keeps the "
      "post until the round is over.",
      "Rosters sent after the first tide are kept for the next season and do not enter "
      "this one."]),
    ("Sailing a round",
     "A round is sailed from the outer buoy to the lighthouse and back, keeping every "
     "marker to port; the judges on the pier time each crew from the horn to the moment "
     "its bow crosses the line between the two lanterns at the harbour mouth.",
     ["A crew that touches a marker sails one extra loop round it before it goes on.",
      "A crew that leaves the course returns to where it left it, or its time for the "
      "round is struck from the table.",
      "Fog stops the round; the judges sound three short blasts and every crew drops "
      "anchor where it is until the horn."]),
    ("Scoring and standings",
     "The fastest crew of a round earns ten points, the next eight, then six, four, two "
     "and one; crews that finish later earn nothing, and the standings add every round "
     "of the season except the one in which each crew fared worst.",
     ["Crews level on points are parted by their best single time of the season.",
      "A protest is heard by three judges who did not time the round in question, and "
      "their ruling is read out at the next morning's briefing.",
      "The standings are pinned to the harbour office door every evening after the "
      "last crew is home."]),
    ("Conduct on the water",
     "Crews keep clear of fishing boats, ferries and swimmers at all times, give way to "
     "any vessel in distress, and answer every call from the harbour master's launch at "
     "once; a crew that ignores a call may be sent home for the rest of the day.",
     ["Shouting at another crew is allowed; throwing anything at it is not.",
      "Lanterns stay lit from dusk until the crew is moored, whatever the weather.",
      "A crew that helps another in trouble keeps its place in the round and is given "
      "the time it lost."]),
]


@dataclass(frozen=True)
class Narrow:
    engine: str  # weasyprint | chromium | typst
    font: str
    size: float
    gap: float  # the gutter, in ems

    @property
    def name(self) -> str:
        return f"{self.engine}-{self.font.split()[0].lower()}-{self.size:g}-{self.gap:g}em"


CASES = [
    Narrow("weasyprint", "DejaVu Serif", 9.5, 2.0),
    Narrow("weasyprint", "Liberation Sans", 10, 1.9),
    Narrow("weasyprint", "FreeSerif", 10.5, 2.1),
    Narrow("chromium", "Liberation Serif", 10, 1.9),
    Narrow("chromium", "FreeSans", 9, 2.0),
    Narrow("chromium", "DejaVu Sans", 9, 2.2),
    Narrow("typst", "DejaVu Sans", 9.5, 2.0),
    Narrow("typst", "Liberation Serif", 10, 1.9),
    Narrow("typst", "FreeSerif", 10.5, 2.1),
]


def page_html(case: Narrow) -> str:
    """The web page, its lists' numbers hung outside their column, and read as the truth."""
    style = (f"@page {{ size: A4; margin: 20mm 18mm; }} "
             f"body {{ font-family: '{case.font}'; font-size: {case.size}pt; "
             f"line-height: 1.25; }} "
             # (room for the first column's hung numbers: a browser clips what goes
             # past the page's margin)
             f".cols {{ columns: 2; column-gap: {case.gap}em; column-fill: auto; "
             "padding-left: 2em; "
             f"text-align: justify; }} "
             "h2 { font-size: 1.2em; break-after: avoid; } "
             "ol { margin: 0 0 .6em 0; padding: 0; list-style-position: outside; } "
             "p { margin: 0 0 .6em 0; }")
    body = "".join(f"<h2>{k}. {html.escape(title)}</h2><p>{html.escape(text)}</p><ol>"
                   + "".join(f"<li>{html.escape(item)}</li>" for item in items) + "</ol>"
                   for k, (title, text, items) in enumerate(PARTS * 2, 1))
    return (f"<html><head><title>{TITLE}</title><style>{style}</style></head><body>"
            f"<h1>{TITLE}</h1><div class='cols'>{body}</div></body></html>")


def typst_markup(case: Narrow) -> str:
    body = "".join(f"== {k}. {title}\n\n{text}\n\n"
                   + "".join(f"+ {item}\n" for item in items) + "\n"
                   for k, (title, text, items) in enumerate(PARTS * 2, 1))
    return (f'#set page(paper: "a4", margin: (x: 18mm, y: 20mm))\n'
            f'#set text(font: "{case.font}", size: {case.size}pt)\n'
            "#set par(justify: true)\n"
            # the numbers hung before the column: no indent, numbers set a little before
            "#set enum(indent: -1.3em, body-indent: 0.5em)\n"
            f"= {TITLE}\n\n#columns(2, gutter: {case.gap}em)[\n{body}]\n")


def render(case: Narrow, path, browser=None) -> bytes:
    """The case typeset into `path` by its engine; its bytes."""
    if case.engine in ("weasyprint", "chromium"):
        html_to_pdf(case.engine, page_html(case), path, browser, css_page_size=True)
    else:
        from engines_typst import compile_typst

        compile_typst(typst_markup(case), path)
    return path.read_bytes()
