"""A short rulebook whose headings are set like its body text, typeset by three engines
with an outline (bookmarks), with tagged headings and no outline, with a contents page
first whose lines link to the headings, or with none of these: reportlab (outline
entries and links drawn by hand; it tags nothing), WeasyPrint (CSS `bookmark-level` on
paragraphs; headings tagged in its PDF/UA output; links from a contents list) and Typst
(headings styled as body text, which it bookmarks and tags). Only what the file says of
itself can tell such headings from paragraphs.

`Book` is one typesetting: the engine, whether the top-level headings are set larger and
bold (the type tells those apart) or like the body too, what the file marks, and whether
the headings stand on lines of their own or inside a paragraph's lines.
"""
from __future__ import annotations

import html
from dataclasses import dataclass

ENGINES = ("reportlab", "weasyprint", "typst")
# what each engine can mark its headings with: an outline, tags (with no outline), a
# contents page whose lines link to the headings (with neither), nothing
MARKS = {"reportlab": ("bookmarks", "links", "none"),
         "weasyprint": ("bookmarks", "tags", "links", "none"), "typst": ("bookmarks", "tags")}
TITLE = "Harbour Lights: Rules of Play"  # centred atop the first page

# (title, [(subtitle, [paragraph, ...]), ...]): our own words
CHAPTERS = [
    ("Before the First Tide", [
        ("Laying Out the Harbour", [
            "Unfold the harbour board so that the quay faces the oldest player. Every pier "
            "tile goes face down beside the board, shuffled well, and the three gull tokens "
            "wait on the lighthouse until the first storm is drawn.",
            "Each captain chooses a boat colour and takes the five cargo crates of that "
            "colour, placing them on the warehouse row nearest their seat.",
        ]),
        ("Dealing the Charts", [
            "Shuffle the chart cards and deal four to every captain. Charts are kept hidden "
            "from the other captains until a voyage reveals them during the evening phase.",
        ]),
    ]),
    ("Sailing a Turn", [
        ("Choosing a Course", [
            "On your turn move your boat up to three water spaces along any current. A boat "
            "may not end its move on a space another boat already holds, though it may pass "
            "through one when the current allows.",
        ]),
        ("Trading at a Pier", [
            "A boat that ends its move beside a face up pier may trade one crate for one "
            "coin. The pier tile then turns face down again and stays closed until the next "
            "tide opens every pier at once.",
            "Coins are kept in front of you where everyone can count them.",
        ]),
        ("Storms at Sea", [
            "When a storm card is drawn every boat on open water drifts one space with the "
            "wind, and a boat pushed onto the rocks loses one crate to the sea before it "
            "may sail again.",
        ]),
    ]),
    ("When the Season Ends", [
        ("Counting the Hold", [
            "When the last storm card is drawn the season ends at once. Every captain counts "
            "coins, adds two for each chart completed, and loses one for every crate still "
            "sitting in the warehouse row.",
        ]),
        ("Breaking a Tie", [
            "Captains who tie share the win unless one of them holds more charts, in which "
            "case that captain wins alone and the others toast the winner.",
        ]),
    ]),
]


@dataclass(frozen=True)
class Book:
    engine: str
    top: str = "larger"  # "larger": top headings set larger and bold; "body": like the text
    marks: str = "bookmarks"  # one of MARKS[engine]
    # headings on lines of their own; False (reportlab): run into the lines of the
    # paragraphs around them, with no space to part them
    alone: bool = True

    @property
    def name(self) -> str:
        return (f"{self.engine}-{self.top}-{self.marks}"
                + ("" if self.alone else "-inline"))


def headings() -> list[tuple[int, str]]:
    """Every heading with its depth (0 = a chapter), in order."""
    return [pair for title, parts in CHAPTERS
            for pair in [(0, title)] + [(1, sub) for sub, _paras in parts]]


def render(book: Book, path) -> bytes:
    """Typeset `book` into `path` and give its bytes."""
    {"reportlab": _reportlab, "weasyprint": _weasyprint, "typst": _typst}[book.engine](book, path)
    return path.read_bytes()


def _reportlab(book: Book, path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=A4)
    left, width, size, leading = 72, A4[0] - 144, 11, 14
    y = A4[1] - 72

    def line(text: str, font: str = "Times-Roman", at: float = size) -> None:
        nonlocal y
        if y < 72:
            canvas.showPage()
            y = A4[1] - 72
        canvas.setFont(font, at)
        canvas.drawString(left, y, text)
        y -= leading if at == size else at * 1.4

    def paragraph(text: str) -> None:
        words, current = text.split(), ""
        for word in words:
            if current and stringWidth(f"{current} {word}", "Times-Roman", size) > width:
                line(current)
                current = word
            else:
                current = f"{current} {word}".strip()
        line(current)

    def heading(depth: int, title: str, key: str) -> None:
        nonlocal y
        if book.marks in ("bookmarks", "links"):
            canvas.bookmarkPage(key, fit="XYZ", top=y + size)
        if book.marks == "bookmarks":
            canvas.addOutlineEntry(title, key, level=depth)
        if depth == 0 and book.top == "larger":
            line(title, "Times-Bold", 16)
        else:
            line(title)

    canvas.setFont("Times-Bold", 20)
    canvas.drawCentredString(A4[0] / 2, y, TITLE)
    y -= 40
    if book.marks == "links":  # a contents page: each line links to its heading
        keys = [f"c{c}" if s is None else f"c{c}s{s}" for c, (_t, parts) in enumerate(CHAPTERS)
                for s in [None] + list(range(len(parts)))]
        for (depth, title), key in zip(headings(), keys):
            indent = left + 24 * depth
            canvas.setFont("Times-Roman", size)
            leaders = "." * int((width - 24 * depth - stringWidth(title, "Times-Roman", size))
                                / stringWidth(".", "Times-Roman", size) - 6)
            canvas.drawString(indent, y, f"{title} {leaders} 2")
            canvas.linkAbsolute("", key, Rect=(indent, y - 3, left + width, y + size))
            y -= leading
        canvas.showPage()
        y = A4[1] - 72
    for c, (title, parts) in enumerate(CHAPTERS):
        heading(0, title, f"c{c}")
        y -= leading
        for s, (sub, paras) in enumerate(parts):
            if not book.alone:
                y += leading  # no space before the heading: it runs in the paragraph's lines
            heading(1, sub, f"c{c}s{s}")
            if book.alone:
                y -= leading / 2
            for text in paras:
                paragraph(text)
                y -= leading
    canvas.save()


def _weasyprint(book: Book, path) -> None:
    import logging

    import weasyprint

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    marks = "bookmark-level: {}; bookmark-label: content(text)" \
        if book.marks == "bookmarks" else "bookmark-level: none"
    top = "font-size: 16pt; font-weight: bold;" if book.top == "larger" else ""
    # tagged: the headings are h1 and h2 elements (set like paragraphs), else paragraphs
    one, two = ("h1", "h2") if book.marks == "tags" else ("p", "p")
    css = (f"@page {{ size: A4; margin: 2.5cm }} body {{ font: 11pt 'Liberation Serif' }}"
           f" p, h1, h2 {{ margin: 0 0 0.6em 0; font-size: 11pt; font-weight: normal }}"
           f" .h1 {{ {marks.format(1)}; {top} }} .h2 {{ {marks.format(2)} }}")
    css += (" .toc { margin: 0 } .toc a { color: black; text-decoration: none }"
            " .toc a::after { content: leader('.') target-counter(attr(href), page) }"
            " .body { page-break-before: always }")
    body = [f'<p style="font-size: 20pt; font-weight: bold; text-align: center">'
            f"{html.escape(TITLE)}</p>"]
    if book.marks == "links":  # a contents list: each line links to its heading
        body += [f'<p class="toc" style="margin-left: {2 * depth}em"><a href="#h{k}">'
                 f"{html.escape(title)}</a></p>" for k, (depth, title) in enumerate(headings())]
    k = 0
    for title, parts in CHAPTERS:
        opens = ' body' if k == 0 and book.marks == "links" else ""
        body.append(f'<{one} class="h1{opens}" id="h{k}">{html.escape(title)}</{one}>')
        k += 1
        for sub, paras in parts:
            body.append(f'<{two} class="h2" id="h{k}">{html.escape(sub)}</{two}>')
            k += 1
            body += [f"<p>{html.escape(text)}</p>" for text in paras]
    page = (f"<html lang='en'><head><title>{html.escape(TITLE)}</title><style>{css}</style>"
            f"</head><body>{''.join(body)}</body></html>")
    weasyprint.HTML(string=page).write_pdf(
        str(path), pdf_variant="pdf/ua-1" if book.marks == "tags" else None)


def _typst(book: Book, path) -> None:
    from engines_typst import compile_typst

    body = 'text(size: 11pt, weight: "regular", it.body)'
    top = 'text(size: 16pt, weight: "bold", it.body)' if book.top == "larger" else body
    marks = "" if book.marks == "bookmarks" else "#set heading(bookmarked: false)\n"
    source = [
        '#set page(paper: "a4", margin: 2.5cm)',
        '#set text(font: "Liberation Serif", size: 11pt)',
        "#set par(spacing: 1.2em)",
        marks,
        f"#show heading.where(level: 1): it => block(above: 1.2em, below: 1.2em, {top})",
        f"#show heading.where(level: 2): it => block(above: 1.2em, below: 1.2em, {body})",
        f'#align(center, text(size: 20pt, weight: "bold")[{TITLE}])\n',
    ]
    for title, parts in CHAPTERS:
        source.append(f"= {title}\n")
        for sub, paras in parts:
            source.append(f"== {sub}\n")
            source += [text + "\n" for text in paras]
    compile_typst("\n".join(source), path)
