"""A rulebook long enough to fill a dozen pages whose running heads follow the text, as
a word processor's or a book class's do: the chapter in force atop odd pages, the
section in force atop even ones, the page number at the outer corner, in small type.
Typeset by reportlab (heads drawn by hand), WeasyPrint (CSS `string-set` and margin
boxes on left and right pages) and Typst (a header that asks for the heading in force).

A head that changes with the text repeats no line the same way on most pages, so only
the heading it names tells it apart from the page's own first line. `deck` is the case
that must stay: every page opens with its own heading at the same height, and a
contents page lists them all.
"""
from __future__ import annotations

import html

ENGINES = ("reportlab", "weasyprint", "typst")
TITLE = "Lanterns of the Coast: Rules of Play"  # atop the first page

_NOUNS = ["lantern", "harbour", "beacon", "compass", "anchor", "signal", "current", "reef"]
_VERBS = ["guides", "warns", "follows", "crosses", "marks", "shelters", "circles", "reaches"]
_CHAPTERS = ["Preparing the Coast", "The Night Watch", "Storms and Wrecks", "Ending the Season"]
_SECTIONS = ["Opening Moves", "Keeping Watch", "Trading Lights", "Settling Scores"]


def _sentence(k: int) -> str:
    """Our own words, varied by `k` so that no two sentences read alike."""
    noun, other = _NOUNS[k % len(_NOUNS)], _NOUNS[(k * 3 + 1) % len(_NOUNS)]
    verb = _VERBS[(k * 5 + 2) % len(_VERBS)]
    return (f"Each {noun} {verb} the nearest {other} once per round, and a keeper who "
            f"loses sight of it during turn {k % 9 + 2} pays one coin to the common purse.")


def book() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """(chapter, [(section, [paragraph, ...]), ...]): numbered "2" and "2.3" in the
    headings themselves."""
    k = 0
    out = []
    for c, chapter in enumerate(_CHAPTERS, 1):
        parts = []
        for s, section in enumerate(_SECTIONS[:3], 1):
            paras = []
            for _p in range(4):
                paras.append(" ".join(_sentence(k + j) for j in range(4)))
                k += 4
            parts.append((f"{c}.{s} {section}", paras))
        out.append((f"{c} {chapter}", parts))
    return out


def headings() -> list[str]:
    return [h for chapter, parts in book() for h in [chapter] + [s for s, _p in parts]]


def render(engine: str, path) -> bytes:
    {"reportlab": _reportlab, "weasyprint": _weasyprint, "typst": _typst}[engine](path)
    return path.read_bytes()


def _reportlab(path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=A4)
    left, right, size, leading = 72, A4[0] - 72, 11, 14
    top = A4[1] - 90
    y = top
    page = 1
    # the chapter and section in force where the page starts
    state = {"chapter": "", "section": "", "at_top": ("", "")}

    def heads() -> None:
        canvas.setFont("Times-Italic", 9)
        chapter, section = state["at_top"]
        if page % 2:
            if chapter:
                canvas.drawString(left, A4[1] - 50, chapter)
            canvas.drawRightString(right, A4[1] - 50, str(page))
        else:
            canvas.drawString(left, A4[1] - 50, str(page))
            if section:
                canvas.drawRightString(right, A4[1] - 50, section)

    def new_page() -> None:
        nonlocal y, page
        heads()
        canvas.showPage()
        page += 1
        y = top
        state["at_top"] = (state["chapter"], state["section"])

    def line(text: str, font: str = "Times-Roman", at: float = size) -> None:
        nonlocal y
        if y < 72:
            new_page()
        canvas.setFont(font, at)
        canvas.drawString(left, y, text)
        y -= leading if at == size else at * 1.5

    def paragraph(text: str) -> None:
        current = ""
        for word in text.split():
            if current and stringWidth(f"{current} {word}", "Times-Roman", size) > right - left:
                line(current)
                current = word
            else:
                current = f"{current} {word}".strip()
        line(current)

    line(TITLE, "Times-Bold", 20)
    for chapter, parts in book():
        if y < 200:
            new_page()
        state["chapter"], state["section"] = chapter, ""
        line(chapter, "Times-Bold", 16)
        for section, paras in parts:
            if y < 120:
                new_page()
            state["section"] = section
            line(section, "Times-Bold", 12)
            for text in paras:
                paragraph(text)
                y -= leading / 2
    heads()
    canvas.save()


def _weasyprint(path) -> None:
    import logging

    import weasyprint

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    css = ("@page { size: A4; margin: 2.5cm; font: italic 9pt 'Liberation Serif' }"
           " @page :right { @top-left { content: string(chapter) }"
           " @top-right { content: counter(page) } }"
           " @page :left { @top-left { content: counter(page) }"
           " @top-right { content: string(section) } }"
           " body { font: 11pt 'Liberation Serif' }"
           " h1 { font-size: 16pt; string-set: chapter content(text) }"
           " h2 { font-size: 12pt; string-set: section content(text) }")
    body = [f'<p style="font-size: 20pt; font-weight: bold">{html.escape(TITLE)}</p>']
    for chapter, parts in book():
        body.append(f"<h1>{html.escape(chapter)}</h1>")
        for section, paras in parts:
            body.append(f"<h2>{html.escape(section)}</h2>")
            body += [f"<p>{html.escape(text)}</p>" for text in paras]
    weasyprint.HTML(string=f"<html lang='en'><head><style>{css}</style></head>"
                           f"<body>{''.join(body)}</body></html>").write_pdf(str(path))


def _typst(path) -> None:
    from engines_typst import compile_typst

    head = ("context { let n = counter(page).get().first(); "
            "let before = query(selector(heading.where(level: LEVEL)).before(here())); "
            "let name = if before.len() > 0 { before.last().body } else { [] }; "
            "set text(size: 9pt, style: \"italic\"); "
            "if calc.odd(n) { name; h(1fr); str(n) } else { str(n); h(1fr); name } }")
    # odd pages name the chapter (level 1), even pages the section (level 2)
    header = (f"context {{ if calc.odd(counter(page).get().first()) "
              f"{{ {head.replace('LEVEL', '1')} }} else {{ {head.replace('LEVEL', '2')} }} }}")
    source = ['#set page(paper: "a4", margin: 2.5cm, header: ' + header + ")",
              '#set text(font: "Liberation Serif", size: 11pt)',
              "#show heading.where(level: 1): set text(size: 16pt)",
              "#show heading.where(level: 2): set text(size: 12pt)",
              f'#text(size: 20pt, weight: "bold")[{TITLE}]\n']
    for chapter, parts in book():
        source.append(f"= {chapter}\n")
        for section, paras in parts:
            source.append(f"== {section}\n")
            source += [text + "\n" for text in paras]
    compile_typst("\n".join(source), path)


def opened() -> list[str]:
    """The headings `deck` opens its pages with."""
    return [s for _c, parts in book() for s, _p in parts][:8]


def deck(path) -> bytes:
    """Pages that each open with their own heading, at one height, in the body's size,
    after a contents page that lists them: headings, not running heads."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=A4)
    titles = opened()
    canvas.setFont("Times-Bold", 11)
    canvas.drawString(72, A4[1] - 72, "Contents")
    canvas.setFont("Times-Roman", 11)
    for k, title in enumerate(titles):
        canvas.drawString(72, A4[1] - 100 - 16 * k, title)
    canvas.showPage()
    for k, title in enumerate(titles):
        canvas.setFont("Times-Bold", 11)
        canvas.drawString(72, A4[1] - 72, title)
        canvas.setFont("Times-Roman", 11)
        for j in range(3):
            canvas.drawString(72, A4[1] - 110 - 14 * j, _sentence(k * 3 + j)[:80])
        canvas.showPage()
    canvas.save()
    return path.read_bytes()
