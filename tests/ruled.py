"""A short rules document with a table boxed by drawn rules, as a web page and typeset
by four PDF engines (reportlab, WeasyPrint, Chromium, Typst) with rules of several
weights, two to four columns, cells whose text wraps at its words, centred cells, and
codes too long for their column broken anywhere. Each PDF must read its table row by
row, as the web page does: the same sections, word for word."""
from __future__ import annotations

import html
from dataclasses import dataclass

from engines import html_to_pdf

INTRO = ("Each deck follows the limits below, by the kind of card. A judge checks them before "
         "the first round, and writes any fault in the log by its code.")
AFTER = ("A deck that breaks a limit is fixed before play, and the player is warned. A "
         "lantern that goes out twice is logged as LANTERN_WENT_OUT_TWICE.")
TIMING = "Rounds last forty minutes. A game unfinished at time goes to five extra turns."
HEADER = ("Card kind", "Copies", "Note", "Since")
ROWS = (
    ("Hero", "one", "A deck holds exactly one hero, shown face up at the start of the game",
     "first edition"),
    ("Spell", "three", "Spells with the same name count together toward the limit",
     "first edition"),
    ("Relic", "two", "None", "second edition"),
    ("Ally", "three", "Allies that share a banner count as one kind for this limit",
     "third edition"),
)


@dataclass(frozen=True)
class Ruled:
    engine: str  # reportlab | weasyprint | chromium | typst
    columns: int = 3  # 2 to 4 of HEADER's columns
    weight: float = 0.75  # the rules' width in points
    width: int = 70  # the table's width, in percent of the text's
    font: str = "DejaVu Serif"
    align: str = "left"  # the cells' text: left | center | justify
    codes: bool = False  # a narrow first column of codes too long for it, broken anywhere
    spans: bool = False  # rows grouped under a cell across the table, a cell down two rows
    paragraphs: bool = False  # a cell of two paragraphs

    @property
    def name(self) -> str:
        extra = "".join(f"-{trait}" for trait, on in [
            (self.align, self.align != "left"), ("codes", self.codes), ("spans", self.spans),
            ("paragraphs", self.paragraphs)] if on)
        return f"{self.engine}-{self.columns}c-{self.weight}pt-{self.width}w{extra}"


def cases() -> list[Ruled]:
    """Each engine with each column count, rules from a hairline to a heavy one."""
    weights = (0.5, 0.75, 1.5, 2.5)
    out = []
    for n, engine in enumerate(("reportlab", "weasyprint", "chromium", "typst")):
        for k, columns in enumerate((2, 3, 4)):
            out.append(Ruled(engine, columns, weights[(n + k) % len(weights)],
                             width=(60, 80, 100)[(n + 2 * k) % 3],
                             font=("DejaVu Serif", "Liberation Sans")[(n + k) % 2]))
    for engine in ("weasyprint", "chromium"):  # (CSS breaks a word anywhere)
        out += [Ruled(engine, 3, 0.75, 60, codes=True), Ruled(engine, 3, 1.0, 50, align="center"),
                Ruled(engine, 2, 0.5, 45, "Liberation Sans", align="center", codes=True)]
    for n, engine in enumerate(("reportlab", "weasyprint", "chromium", "typst")):
        out += [Ruled(engine, 3 + n % 2, (0.5, 1.0)[n % 2], 90, spans=True),
                Ruled(engine, 3, 0.75, 70 + 10 * n, paragraphs=True)]
    for engine in ("weasyprint", "chromium"):  # words spread to the cell's sides
        out += [Ruled(engine, 3, 0.5, 60, align="justify", paragraphs=True)]
    return out


PARAGRAPHS = "A deck holds exactly one hero.\nThe hero is shown face up before the first turn."
# codes as a game's event log names them: longer than their narrow column is wide
CODES = ("LANTERN_WENT_OUT_TWICE", "CARD_DRAWN_FROM_DISCARD", "Shuffle", "TIMEOUT_CALLED_BY_JUDGE")


def cells(case: Ruled) -> list[tuple[str, ...]]:
    """The table's rows as a web page gives them: each row's own cells (a cell spanning
    rows is the first row's)."""
    return [tuple(text for text, _across, _down in row) for row in spanned(case)]


def spanned(case: Ruled) -> list[list[tuple[str, int, int]]]:
    """The rows, each cell as (text, columns it spans, rows it spans)."""
    rows = [row[:case.columns] for row in ROWS]
    if case.codes:
        rows = [(code,) + row[1:] for code, row in zip(CODES, rows)]
    if case.paragraphs:  # (the hero's note in two paragraphs)
        rows[0] = rows[0][:2] + (PARAGRAPHS,) + rows[0][3:]
    out = [[(c, 1, 1) for c in HEADER[:case.columns]]] + [[(c, 1, 1) for c in row] for row in rows]
    if case.spans:  # the rows in two groups, each under a cell across the table; the
        # first group's last cells one cell down both its rows
        out[1][-1] = (out[1][-1][0], 1, 2)
        out[2] = out[2][:-1]
        out[1:1] = [[("Core set", case.columns, 1)]]
        out[4:4] = [[("Expansions", case.columns, 1)]]
    return out


def page_html(case: Ruled) -> str:
    """The web page, styled for print (WeasyPrint, Chromium) and read as the truth."""
    rows = "".join("<tr>" + "".join(f"<{tag} colspan='{across}' rowspan='{down}'>"
                                    + "".join(f"<p>{html.escape(p)}</p>" for p in c.split("\n"))
                                    + f"</{tag}>" for c, across, down in row)
                   + "</tr>" for row, tag in zip(spanned(case), ["th"] + ["td"] * 9))
    style = (f"body {{ font-family: '{case.font}'; font-size: 10pt; }} "
             f"table {{ border-collapse: collapse; width: {case.width}%; }} "
             f"th, td {{ border: {case.weight}pt solid black; padding: 4pt; "
             f"text-align: {case.align}; vertical-align: top; }} "
             + ("td:first-child { width: 18%; overflow-wrap: anywhere; }" if case.codes else ""))
    return (f"<html><head><title>Ember Tactics Deck Rules</title><style>{style}</style></head>"
            "<body><h1>Ember Tactics Deck Rules</h1>"
            f"<h2>1. Deck limits</h2><p>{INTRO}</p><table>{rows}</table><p>{AFTER}</p>"
            f"<h2>2. Timing</h2><p>{TIMING}</p></body></html>")


def typst_markup(case: Ruled) -> str:
    def cell(text: str) -> str:
        return "[" + text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]") \
            .replace("\n", "\n\n") + "]"

    body = ", ".join(f"table.cell(colspan: {across}, rowspan: {down}, {cell(c)})"
                     for row in spanned(case) for c, across, down in row)
    return (f'#set page(paper: "a4")\n#set text(font: "{case.font}", size: 10pt)\n'
            "= Ember Tactics Deck Rules\n\n== 1. Deck limits\n\n" + INTRO + "\n\n"
            f"#table(columns: ({', '.join(['1fr'] * case.columns)}), "
            f"stroke: {case.weight}pt, inset: 4pt, {body})\n\n"
            f"{AFTER}\n\n== 2. Timing\n\n{TIMING}\n")


def reportlab_pdf(case: Ruled, path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    styles = getSampleStyleSheet()
    cell = styles["BodyText"]
    made = SimpleDocTemplate(str(path), pagesize=A4)
    width = made.width * case.width / 100
    grid, spans = _laid_out(spanned(case), case.columns)
    table = Table([[[Paragraph(html.escape(p), cell) for p in c.split("\n")] if c else ""
                    for c in row] for row in grid],
                  colWidths=[width / case.columns] * case.columns)
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), case.weight, colors.black),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")] + spans))
    made.build([Paragraph("Ember Tactics Deck Rules", styles["Title"]),
                Paragraph("1. Deck limits", styles["Heading2"]), Paragraph(INTRO, cell),
                table, Paragraph(AFTER, cell),
                Paragraph("2. Timing", styles["Heading2"]), Paragraph(TIMING, cell)])


def _laid_out(rows: list[list[tuple[str, int, int]]], columns: int) -> tuple[list, list]:
    """The rows as a full grid (a spanned place empty) and reportlab's SPAN commands."""
    grid = [[None] * columns for _row in rows]
    spans = []
    for r, row in enumerate(rows):
        c = 0
        for text, across, down in row:
            while grid[r][c] is not None:
                c += 1
            for rr in range(r, r + down):
                for cc in range(c, c + across):
                    grid[rr][cc] = ""
            grid[r][c] = text
            if across > 1 or down > 1:
                spans.append(("SPAN", (c, r), (c + across - 1, r + down - 1)))
            c += across
    return grid, spans


def render(case: Ruled, path, browser=None) -> bytes:
    """The case typeset into `path` by its engine; its bytes."""
    if case.engine == "reportlab":
        reportlab_pdf(case, path)
    elif case.engine in ("weasyprint", "chromium"):
        html_to_pdf(case.engine, page_html(case), path, browser)
    else:
        from engines_typst import compile_typst

        compile_typst(typst_markup(case), path)
    return path.read_bytes()
