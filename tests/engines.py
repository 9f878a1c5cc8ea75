"""The test digest (tests/documents.py) typeset by real layout engines: Chromium and
WeasyPrint from print HTML and CSS, Typst from its own markup (tests/engines_typst.py).

tests/typeset.py proves the PDF reader on reportlab's typesetting; engines set type their
own way: glyphs placed one by one, justified lines spaced letter by letter, small
capitals synthesised from two sizes, their own hyphen character at a break. A Layout
here is one publisher's choices: engine, paper, 1 to 3 columns, font, how headings stand
apart (size, weight, small capitals, colour only, capitals, letter spacing), justified
and hyphenated (by the engine, or by soft hyphens we put in) or ragged text, U+2010 in
compounds, running header and page numbers, a contents page first, the red of the change
marks. `layouts()` spreads about thirty of them over the engines, each choice made at least
twice, adds fifteen whose choices are drawn at random, and seven drawn from other seeds
that the reader once got wrong (`found`); each must parse to the sections of the web
page.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

import documents
from documents import TITLE, VERSION_PDF, Variant

ENGINES = ("chromium", "weasyprint", "typst")
# heading schemes; the ones whose levels look alike need the document to number them
HEADINGS = ("size", "bold", "smallcaps", "colour", "caps", "spaced", "classic")
NEEDS_NUMBERS = {"bold", "smallcaps", "colour", "caps"}
# a body family and the family "classic" headings are set in
PAIRS = {"DejaVu Serif": "DejaVu Sans", "Liberation Serif": "Liberation Sans",
         "FreeSerif": "FreeSans", "Carlito": "Liberation Serif",
         "Liberation Sans": "Liberation Serif", "DejaVu Sans": "DejaVu Serif"}
RUNNING = f"{TITLE} \u2014 Version 3.1"


@dataclass(frozen=True)
class Layout:
    name: str
    engine: str  # one of ENGINES
    paper: str = "A4"  # A4 | Letter
    columns: int = 2
    font: str = "Liberation Serif"  # a key of PAIRS
    size: float = 10.0
    headings: str = "size"  # one of HEADINGS
    question: str = "italic"  # how FAQ questions are set: italic | bold | smallcaps
    justify: bool = False
    hyphens: str = "none"  # none | auto (the engine's own) | soft (U+00AD we put in)
    compounds: bool = False  # compounds printed with U+2010 instead of "-"
    header: bool = True  # the running header (the title) at the top of each page
    page_number: str = "bottom"  # bottom | top | none
    contents: str = "none"  # a contents page first: none | leaders | pairs (two a line)
    marks: str = "#c80000"  # the red of the change marks
    variant: Variant = field(default_factory=Variant)

    @property
    def alt(self) -> str:
        return PAIRS[self.font]


def layouts() -> list[Layout]:
    """Every layout the tests typeset: the cycled ones, the drawn ones, and the found."""
    return cycled() + drawn() + found()


def cycled() -> list[Layout]:
    """About thirty layouts over the three engines, every choice made at least twice."""
    fonts = list(PAIRS)
    reds = ["#c80000", "#e00000", "#b22222", "#d40000", "#a50000"]
    questions = ["italic", "bold", "smallcaps"]
    out = []
    k = 0
    for engine, setups in (("chromium", 11), ("weasyprint", 11), ("typst", 8)):
        for setup in range(setups):
            headings = HEADINGS[(k * 3) % len(HEADINGS)]
            columns = (2, 3, 1, 2, 3, 1, 2)[setup % 7]
            hyphens = ("auto", "none", "soft", "auto", "none", "auto", "soft")[setup % 7]
            contents = ("none", "leaders", "none", "pairs", "none")[setup % 5]
            if engine == "typst" and contents == "pairs":
                contents = "leaders"
            out.append(Layout(
                name=f"{engine}-{setup}-{headings}-{columns}col",
                engine=engine, paper=("A4", "Letter")[k % 2], columns=columns,
                font=fonts[k % len(fonts)], size=(10.0, 9.0, 11.0, 9.5)[k % 4],
                headings=headings, question=questions[k % len(questions)],
                justify=hyphens != "none" or setup % 4 == 1, hyphens=hyphens,
                compounds=setup % 6 == 4, header=setup % 3 != 2,
                page_number=("bottom", "top", "none", "bottom")[setup % 4],
                contents=contents, marks=reds[k % len(reds)],
                variant=Variant(numbered=headings in NEEDS_NUMBERS, faq_titles=setup % 4 == 3,
                                table=setup % 5 == 2)))
            k += 1
    return out


def drawn(per_engine: int = 5, seed: int = 7) -> list[Layout]:
    """Layouts whose every choice is drawn at random, independently of the others (from
    a fixed seed, so a run is repeatable): combinations the cycles above never make."""
    import random

    pick = random.Random(seed)
    out = []
    for engine in ENGINES:
        for n in range(per_engine):
            headings = pick.choice(HEADINGS)
            hyphens = pick.choice(["auto", "none", "soft"])
            contents = pick.choice(["none", "leaders"] + (["pairs"] if engine != "typst" else []))
            out.append(Layout(
                name=f"drawn-{engine}-{n}-{headings}", engine=engine,
                paper=pick.choice(["A4", "Letter"]), columns=pick.choice([1, 2, 3]),
                font=pick.choice(list(PAIRS)), size=pick.choice([9.0, 9.5, 10.0, 10.5, 11.0]),
                headings=headings, question=pick.choice(["italic", "bold", "smallcaps"]),
                justify=pick.random() < 0.6, hyphens=hyphens, compounds=pick.random() < 0.3,
                header=pick.random() < 0.7, page_number=pick.choice(["bottom", "top", "none"]),
                contents=contents, marks=pick.choice(["#c80000", "#e00000", "#b22222"]),
                variant=Variant(numbered=headings in NEEDS_NUMBERS or pick.random() < 0.3,
                                faq_titles=pick.random() < 0.3, table=pick.random() < 0.4)))
    return out


def found() -> list[Layout]:
    """Layouts drawn at random from other seeds that the reader once got wrong, kept as
    they were drawn: a sentence every term ends with atop a column; PDFium marking soft
    hyphens inside words as hyphens; a table's justified cells; a large heading on a body
    line's baseline; a capitals heading broken at a compound's hyphen; a heading in
    capitals over a question in italics; a name over a question in small capitals; the
    engine's hyphen glyph mapped to U+00AD in a heading; a heading under a table whose
    word starts under a column; synthesized small capitals PDFium boxes by their ink; a
    compound printed once, broken at its hyphen. Read with both readers."""
    return [
        Layout(name="found-weasyprint-spaced", engine="weasyprint", columns=2,
               font="Liberation Sans", headings="spaced", page_number="none",
               contents="leaders", marks="#e00000"),
        Layout(name="found-typst-caps-soft", engine="typst", columns=3, font="DejaVu Sans",
               size=10.5, headings="caps", justify=True, hyphens="soft", page_number="top",
               contents="leaders", marks="#b22222", variant=Variant(numbered=True)),
        Layout(name="found-typst-caps-table", engine="typst", paper="Letter", columns=3,
               font="Liberation Sans", size=10.5, headings="caps", question="smallcaps",
               justify=True, hyphens="soft", compounds=True, page_number="none",
               marks="#e00000", variant=Variant(numbered=True, table=True)),
        Layout(name="found-typst-spaced-table", engine="typst", paper="Letter", columns=3,
               headings="spaced", question="bold", justify=True, page_number="none",
               marks="#b22222", variant=Variant(numbered=True, table=True)),
        Layout(name="found-typst-caps-titles", engine="typst", columns=3,
               font="Liberation Sans", size=10.5, headings="caps", hyphens="soft",
               page_number="top", contents="leaders",
               variant=Variant(numbered=True, faq_titles=True, table=True)),
        Layout(name="found-typst-spaced-smallcaps", engine="typst", paper="Letter",
               columns=3, font="FreeSerif", size=11.0, headings="spaced",
               question="smallcaps", justify=True, page_number="top", marks="#e00000",
               variant=Variant(faq_titles=True)),
        Layout(name="found-typst-classic-auto", engine="typst", paper="Letter", columns=2,
               size=10.5, headings="classic", question="smallcaps", justify=True,
               hyphens="auto", header=False, page_number="top", marks="#e00000",
               variant=Variant(numbered=True, faq_titles=True)),
        Layout(name="found-chromium-colour-table", engine="chromium",
               font="Liberation Sans", size=9.0, headings="colour", question="bold",
               hyphens="auto", header=False, page_number="top", contents="leaders",
               marks="#e00000", variant=Variant(numbered=True, faq_titles=True, table=True)),
        Layout(name="found-chromium-smallcaps-carlito", engine="chromium", paper="Letter",
               columns=1, font="Carlito", size=11.0, headings="smallcaps", header=False,
               page_number="none", contents="pairs", marks="#b22222",
               variant=Variant(numbered=True)),
        Layout(name="found-weasyprint-compound-once", engine="weasyprint", paper="Letter",
               columns=3, headings="classic", justify=True, hyphens="auto", page_number="top",
               contents="leaders", variant=Variant(table=True)),
    ]


# ---------------------------------------------------------------- words as printed

def hyphenated(text: str, layout: Layout) -> str:
    """Body text as the layout prints it: soft hyphens in long words, U+2010 in
    compounds (markup left alone)."""
    if layout.hyphens == "soft":
        import pyphen

        dic = pyphen.Pyphen(lang="en_US")
        text = _words(text, r"[A-Za-z]{7,}", lambda w: dic.inserted(w, hyphen="\u00ad"))
    if layout.compounds:
        text = _words(text, r"[A-Za-z]+(?:-[A-Za-z]+)+", lambda w: w.replace("-", "\u2010"))
    return text


def _words(text: str, pattern: str, change) -> str:
    """`change` applied to the words matching `pattern` outside tags."""
    return re.sub(rf"<[^>]*>|{pattern}",
                  lambda m: m.group() if m.group().startswith("<") else change(m.group()), text)


def _inline(text: str, layout: Layout) -> str:
    return hyphenated(text, layout).replace("<new>", "<span class='new'>") \
        .replace("</new>", "</span>")


def headings_list(layout: Layout) -> list[tuple[int, str, str]]:
    """(level, text, anchor) of the headings a contents page lists: levels 1 and 2."""
    out = []
    for n, item in enumerate(documents.content(layout.variant)):
        if item[0] == "h" and item[1] <= 2:
            out.append((item[1], documents.plain(item[2]), f"h{n}"))
    return out


# ---------------------------------------------------------------- print HTML and CSS

def print_html(layout: Layout, pages: dict | None = None) -> str:
    """The digest as a print page for Chromium or WeasyPrint; `pages` (anchor → page
    number) has Chromium print the contents' dots and numbers itself."""
    body = [f"<div class='title'><p class='doc'>{TITLE}</p>"
            f"<p class='version'>{VERSION_PDF}</p></div>"]
    main = []
    for n, item in enumerate(documents.content(layout.variant)):
        kind = item[0]
        if kind == "front":
            body.append(f"<p class='front'>{_inline(item[1], layout)}</p>")
            if layout.contents != "none":
                body.append(_contents(layout, pages))
        elif kind == "p":
            main.append(f"<p>{_inline(item[1], layout)}</p>")
        elif kind == "h":
            level = item[1]
            main.append(f"<h{level + 1} id='h{n}'>{html.escape(item[2])}</h{level + 1}>")
        elif kind == "entry":
            main.append(f"<p><b>{_inline(item[1], layout)}</b><br>{_inline(item[2], layout)}</p>")
        elif kind == "group":
            main.append(f"<p><b>{item[1]}</b><br>"
                        + "<br>".join(_inline(x, layout) for x in item[2]) + "</p>")
        elif kind == "table":
            cells = ["<tr>" + "".join(f"<th>{h}</th>" for h in item[1]) + "</tr>"]
            for name, card, *new in item[2]:
                card = _inline(f"<new>{card}</new>" if new else card, layout)
                cells.append(f"<tr><td>{name}</td><td>{card}</td></tr>")
            main.append(f"<table>{''.join(cells)}</table>")
        elif kind == "faq":
            if item[1]:
                main.append(f"<h4>{html.escape(item[1])}</h4>")
            main.append(f"<p class='q'>{_inline(item[2], layout)}</p>"
                        f"<p>{_inline(item[3], layout)}</p>")
        elif kind in ("ul", "ol"):
            main.append(f"<{kind}>" + "".join(f"<li>{_inline(x, layout)}</li>" for x in item[1])
                        + f"</{kind}>")
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{TITLE}</title><style>{css(layout)}</style></head><body>"
            + "\n".join(body) + "<div class='main'>" + "\n".join(main) + "</div></body></html>")


def _contents(layout: Layout, pages: dict | None) -> str:
    """A contents list on a page of its own: entries with dot leaders and page numbers
    (WeasyPrint counts them; Chromium cannot, so it prints dots to a page number it is
    given by a first pass, see chromium_pdf), or two entries a line."""
    entries = []
    for level, text, anchor in headings_list(layout):
        if pages is None:
            entries.append(f"<li class='c{level}'><a href='#{anchor}'>{html.escape(text)}</a></li>")
        else:
            entries.append(f"<li class='c{level} dotted'><span>{html.escape(text)}</span>"
                           f"<span class='dots'></span><span>{pages.get(anchor, '')}</span></li>")
    return (f"<div class='contents {layout.contents}'><p class='ch'>Contents</p>"
            f"<ul>{''.join(entries)}</ul></div>")


def css(layout: Layout) -> str:
    size, font, alt = layout.size, layout.font, layout.alt
    rules = [
        f"@page {{ size: {layout.paper}; margin: 22mm 18mm 20mm 18mm;"
        f" {_margin_boxes(layout) if layout.engine == 'weasyprint' else ''} }}",
        f"body {{ font-family: '{font}'; font-size: {size}pt; line-height: 1.28; margin: 0;"
        " color: #000 }",
        "p { margin: 0 0 0.5em 0 }",
        f".main {{ column-count: {layout.columns}; column-gap: 16pt; orphans: 2; widows: 2 }}",
        ".title { text-align: center; margin-bottom: 14pt }",
        ".title .doc { font-weight: bold; font-size: 20pt; margin: 0 0 4pt 0 }",
        ".title .version { font-size: 11.5pt }",
        ".front { margin-bottom: 12pt }",
        f".new {{ color: {layout.marks} }}",
        "h2, h3, h4, h5 { break-after: avoid; margin: 0.9em 0 0.35em 0; line-height: 1.2;"
        " text-align: left }",
        "ul, ol { margin: 0 0 0.5em 0; padding-left: 1.6em }",
        "table { border-collapse: collapse; margin-bottom: 0.6em }",
        "th, td { text-align: left; vertical-align: top; padding: 0 8pt 2pt 0 }",
        ".q { font-style: %s; font-weight: %s; font-variant: %s; margin-bottom: 0.2em }" % (
            "italic" if layout.question == "italic" else "normal",
            "bold" if layout.question == "bold" else "normal",
            "small-caps" if layout.question == "smallcaps" else "normal"),
        ".contents { break-after: page; margin-top: 10pt }",
        ".contents .ch { font-weight: bold; font-size: 1.2em; margin-bottom: 6pt }",
        ".contents ul { list-style: none; padding: 0 }",
        ".contents li.c2 { padding-left: 1.5em }",
        ".contents a { color: inherit; text-decoration: none }",
        ".contents.pairs ul { display: grid; grid-template-columns: 1fr 1fr; column-gap: 24pt }",
        ".contents.pairs li.c2 { padding-left: 0 }",
        ".contents.leaders a::after { content: leader('.') target-counter(attr(href), page) }",
        ".contents.leaders li.dotted { display: flex; white-space: nowrap }",
        ".contents.leaders li.dotted .dots { flex: 1; overflow: hidden; padding: 0 2pt }",
    ]
    if layout.justify:
        rules.append(".main p, .main li { text-align: justify }")
    if layout.hyphens != "none":
        rules.append(f".main p, .main li {{ hyphens: {'auto' if layout.hyphens == 'auto' else 'manual'};"
                     f" -webkit-hyphens: {'auto' if layout.hyphens == 'auto' else 'manual'} }}")
    rules += _heading_rules(layout)
    return "\n".join(rules)


def heading_sizes(layout: Layout) -> tuple:
    """Heading sizes (in ems) of levels 1 to 3; smaller in three columns, where a long
    word of a large heading would not fit the column."""
    sizes = {"size": (1.7, 1.38, 1.17), "spaced": (1.5, 1.25, 1.05),
             "classic": (1.6, 1.3, 1.1)}.get(layout.headings, (1, 1, 1))
    return tuple(round(1 + (s - 1) * (0.6 if layout.columns == 3 else 1), 2) for s in sizes)


def _heading_rules(layout: Layout) -> list[str]:
    """h2, h3, h4 (digest levels 1 to 3; h5 are FAQ titles, set like level 3) set apart
    from the body by the layout's one thing."""
    scheme, out = layout.headings, []
    sizes = heading_sizes(layout)
    colours = ("#1f3a93", "#006d6f", "#5b2a86")
    for level, tags in ((1, "h2"), (2, "h3"), (3, "h4, h5")):
        rule = [f"font-size: {sizes[level - 1]}em",
                f"font-weight: {'bold' if scheme in ('bold', 'spaced', 'classic') else 'normal'}"]
        if scheme == "smallcaps":
            rule.append("font-variant: small-caps")
        elif scheme == "colour":
            rule.append(f"color: {colours[level - 1]}")
        elif scheme == "caps":
            rule.append("text-transform: uppercase")
        elif scheme == "spaced":
            rule.append("letter-spacing: 0.1em")
        elif scheme == "classic":
            rule.append(f"font-family: '{layout.alt}'")
        out.append(f"{tags} {{ {'; '.join(rule)} }}")
    return out


def _margin_boxes(layout: Layout) -> str:
    """WeasyPrint's running header and page number (Chromium ignores margin boxes and
    prints its own header and footer templates instead)."""
    boxes = []
    style = f"font-family: '{layout.alt}'; font-size: 8pt"
    if layout.header:
        boxes.append(f"@top-left {{ content: '{RUNNING}'; {style} }}")
    if layout.page_number == "top":
        boxes.append(f"@top-right {{ content: counter(page); {style} }}")
    elif layout.page_number == "bottom":
        boxes.append(f"@bottom-center {{ content: counter(page); {style} }}")
    return " ".join(boxes)


# ---------------------------------------------------------------- the engines

def missing(engine: str) -> str | None:
    """Why `engine` cannot run on this machine, in one line, or None."""
    if engine == "chromium":
        import shutil

        if not shutil.which("chromium"):
            return "chromium is not installed (see .ci/run)"
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            return "playwright is not installed (pip install -e '.[test]')"
    elif engine == "weasyprint":
        try:
            import weasyprint  # noqa: F401
        except (ImportError, OSError) as error:  # OSError: pango is not installed
            return f"weasyprint cannot run: {str(error).splitlines()[0]}"
    elif engine == "typst":
        try:
            import typst  # noqa: F401
        except ImportError:
            return "typst is not installed (pip install -e '.[test]')"
    return None


def html_to_pdf(engine: str, page: str, path, browser=None, css_page_size: bool = False) -> None:
    """Print the web page `page` to `path` with WeasyPrint or Chromium (a playwright
    browser); `css_page_size`: Chromium takes the page's own @page size and margins."""
    if engine == "weasyprint":
        import logging

        import weasyprint

        logging.getLogger("weasyprint").setLevel(logging.ERROR)
        weasyprint.HTML(string=page).write_pdf(str(path))
        return
    tab = browser.new_page()
    try:
        tab.set_content(page, wait_until="load")
        tab.pdf(path=str(path), print_background=True, prefer_css_page_size=css_page_size)
    finally:
        tab.close()


def render(layout: Layout, path, browser=None):
    """Typeset the layout into `path` with its engine (Chromium needs a playwright
    browser)."""
    from engines_typst import typst_pdf

    make = {"chromium": chromium_pdf, "weasyprint": weasyprint_pdf, "typst": typst_pdf}
    return make[layout.engine](layout, path, browser)


def weasyprint_pdf(layout: Layout, path, _browser=None):
    import logging

    import weasyprint

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    weasyprint.HTML(string=print_html(layout)).write_pdf(str(path))
    return path


def chromium_pdf(layout: Layout, path, browser):
    """Print with headless Chromium, its header and footer templates for the furniture;
    a contents page with leaders takes a first pass to learn the headings' pages."""
    pages = None
    if layout.contents == "leaders":
        _chromium_print(layout, print_html(layout), path, browser)
        pages = _pages_of_headings(layout, path.read_bytes())
    _chromium_print(layout, print_html(layout, pages), path, browser)
    return path


def _chromium_print(layout: Layout, page_html: str, path, browser) -> None:
    style = f"font-family: '{layout.alt}'; font-size: 8pt; width: 100%; margin: 0 18mm"
    number = "<span class='pageNumber'></span>"
    top = [f"<span>{RUNNING}</span>"] if layout.header else []
    bottom = []
    if layout.page_number != "none":
        (top if layout.page_number == "top" else bottom).append(number)
    page = browser.new_page()
    try:
        page.set_content(page_html, wait_until="load")
        page.evaluate(_FILL_DOTS)
        page.pdf(path=str(path), prefer_css_page_size=True, print_background=True,
                 display_header_footer=bool(top or bottom),
                 header_template=f"<div style=\"{style}; display: flex; justify-content: "
                                 f"space-between\">{''.join(top)}</div>",
                 footer_template=f"<div style=\"{style}; text-align: center\">"
                                 f"{''.join(bottom)}</div>")
    finally:
        page.close()


# fill each contents line's dots span with ". " up to the page number
_FILL_DOTS = """() => { for (const dots of document.querySelectorAll('.dots')) {
  dots.textContent = '';
  while (dots.scrollWidth <= dots.clientWidth && dots.textContent.length < 400)
    dots.textContent += ' .';
  dots.textContent = dots.textContent.slice(0, -2); } }"""


def _pages_of_headings(layout: Layout, data: bytes) -> dict:
    """anchor → the page (from 1) on which each listed heading first stands."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(data)
    texts = [" ".join(pdf[k].get_textpage().get_text_range().split()).casefold()
             for k in range(len(pdf))]
    out, start = {}, 1  # the contents page lists itself: headings follow it
    for _level, text, anchor in headings_list(layout):
        wanted = " ".join(text.split()).casefold()
        found = next((k for k in range(start, len(texts)) if wanted in texts[k]), start)
        out[anchor], start = found + 1, found
    return out
