"""The test digest (tests/documents.py) typeset as PDFs in many layouts, with reportlab.

A Layout says how one publisher might set the digest: paper, columns, the fonts the
machine has, how headings stand apart from the body (by one thing only: size, weight,
another family, small capitals, capitals, italic, colour, or their numbers), how FAQ
questions are set, justified and hyphenated or ragged text, where the page numbers and
the running header go, a contents page before a two-column body, the red of the
publisher's change marks, a table for the restricted list, the gutter and the leading.
`layouts()` draws more than forty of them from these choices, and a few set as a word
processor sets them (`office`); each must parse to the sections of the web page.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import documents
from documents import TITLE, VERSION_PDF, Variant

FONT_DIRS = [Path("/usr/share/fonts/truetype")]
# family → (regular, bold, italic, bold italic) files, under FONT_DIRS
TRUETYPE = {
    "DejaVuSerif": ("dejavu/DejaVuSerif.ttf", "dejavu/DejaVuSerif-Bold.ttf",
                    "dejavu/DejaVuSerif-Italic.ttf", "dejavu/DejaVuSerif-BoldItalic.ttf"),
    "DejaVuSans": ("dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf",
                   "dejavu/DejaVuSans-Oblique.ttf", "dejavu/DejaVuSans-BoldOblique.ttf"),
    "LiberationSerif": tuple(f"liberation2/LiberationSerif-{s}.ttf"
                             for s in ("Regular", "Bold", "Italic", "BoldItalic")),
    "LiberationSans": tuple(f"liberation2/LiberationSans-{s}.ttf"
                            for s in ("Regular", "Bold", "Italic", "BoldItalic")),
    "FreeSerif": tuple(f"freefont/FreeSerif{s}.ttf" for s in ("", "Bold", "Italic", "BoldItalic")),
    "FreeSans": tuple(f"freefont/FreeSans{s}.ttf" for s in ("", "Bold", "Oblique", "BoldOblique")),
    "Carlito": tuple(f"crosextra/Carlito-{s}.ttf" for s in ("Regular", "Bold", "Italic", "BoldItalic")),
}
BUILTIN = {"Times": ("Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic"),
           "Helvetica": ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique",
                         "Helvetica-BoldOblique")}
# a body family and the family its headings use when they differ by family alone
PAIRS = {"Times": "Helvetica", "Helvetica": "Times", "DejaVuSerif": "DejaVuSans",
         "DejaVuSans": "DejaVuSerif", "LiberationSerif": "LiberationSans",
         "LiberationSans": "LiberationSerif", "FreeSerif": "FreeSans", "FreeSans": "FreeSerif",
         "Carlito": "LiberationSerif"}
HEADINGS = ("size", "bold", "family", "smallcaps", "caps", "italic", "colour", "numbers",
            "classic", "mixed")
# heading schemes whose levels look alike: the document numbers its headings instead
NEEDS_NUMBERS = {"bold", "family", "smallcaps", "caps", "italic", "colour", "numbers"}
LIGATURES = [("ffi", "\ufb03"), ("ffl", "\ufb04"), ("ff", "\ufb00"), ("fi", "\ufb01"),
             ("fl", "\ufb02")]


@dataclass(frozen=True)
class Layout:
    name: str
    pagesize: tuple[float, float]
    columns: int = 2
    font: str = "Times"
    size: float = 10.0
    headings: str = "classic"  # one of HEADINGS
    question: str = "italic"  # italic | bold | bolditalic | smallcaps
    justify: bool = False
    hyphenate: bool = False
    paragraphs: str = "space"  # space between paragraphs, or "indent" of the first line
    page_number: str = "bottom-centre"  # bottom-/top- centre/outer, or "none"
    header: str = "top"  # the running header (the title): top, bottom, or none
    first_page: str = "title"  # title over the columns, or "contents" (a contents page)
    title: str = "plain"  # the title block: plain or smallcaps, centred or left
    centred_title: bool = True
    marks: str = "#c80000"  # the red of the publisher's change marks
    ligatures: bool = False  # set fi, fl... as ligature characters
    gutter: float | None = None  # ems between columns (None: 18 points); a word processor
    # sets less than one unless asked
    leading: float = 1.25  # baseline to baseline, in ems of the body type
    variant: Variant = field(default_factory=Variant)

    @property
    def fonts_needed(self) -> list[str]:
        return [self.font, PAIRS[self.font]]


def _paper():
    from reportlab.lib.pagesizes import A4, landscape, letter

    return {"a4": A4, "letter": letter, "a4-landscape": landscape(A4),
            "letter-landscape": landscape(letter), "a5": (419.5, 595.3)}


def layouts() -> list[Layout]:
    """More than forty typesettings, every choice made several times over."""
    paper = _paper()
    fonts = ["Times", "DejaVuSerif", "LiberationSerif", "Helvetica", "FreeSerif",
             "LiberationSans", "DejaVuSans", "Carlito", "FreeSans"]
    reds = ["#c80000", "#e00000", "#b22222", "#ff2a2a", "#d40000", "#a50000"]
    questions = ["italic", "bold", "bolditalic", "smallcaps"]
    numbers = ["bottom-centre", "bottom-outer", "top-outer", "top-centre", "none"]
    out = []
    k = 0
    for headings in HEADINGS:
        for setup in range(5):
            columns = (2, 1, 3, 2, 1)[setup]
            sheet = ("letter", "a4", "a4-landscape" if columns == 3 else "letter", "a4",
                     "a5" if columns == 1 else "letter")[setup]
            question = questions[k % len(questions)]
            if headings == "italic" and question == "italic":
                question = "bold"  # an italic question among italic headings reads as one
            variant = Variant(numbered=headings in NEEDS_NUMBERS, faq_titles=setup == 3,
                              table=setup == 4)
            layout = Layout(
                name=f"{headings}-{setup}",
                pagesize=paper[sheet], columns=columns, font=fonts[k % len(fonts)],
                size=(10.0, 9.5, 9.0, 10.5, 11.0)[setup], headings=headings,
                question=question, justify=setup in (1, 2, 4),
                hyphenate=setup in (2, 4), paragraphs="indent" if setup == 3 else "space",
                page_number=numbers[k % len(numbers)],
                header=("top", "top", "bottom", "none", "top")[setup],
                first_page="contents" if setup in (1, 3) else "title",
                title="smallcaps" if k % 4 == 1 else "plain",
                centred_title=setup != 2, marks=reds[k % len(reds)],
                ligatures=setup == 2 and _has_ligatures(fonts[k % len(fonts)]),
                variant=variant)
            out.append(layout)
            k += 1
    return out + office(paper, fonts)


def office(paper: dict, fonts: list[str]) -> list[Layout]:
    """Layouts as a word processor sets a document: ragged columns a narrow gutter apart
    (less than the em that parts a line's fragments, so a line ending near its column's
    edge runs into the text beside it), lines led by the fonts' own line gaps (over half
    an em), headings larger than the body on the baselines of the column beside."""
    out = []
    for k, (columns, gutter, leading, headings) in enumerate(
            [(2, 0.8, 1.55, "size"), (3, 0.7, 1.5, "classic"), (2, 0.6, 1.6, "smallcaps"),
             (3, 0.85, 1.45, "size")]):
        out.append(Layout(
            name=f"office-{k}-{headings}", pagesize=paper[("a4", "letter")[k % 2]],
            columns=columns, font=fonts[(2 * k + 1) % len(fonts)], size=(10.0, 9.0, 9.5, 9.0)[k],
            headings=headings, question=("italic", "bold", "smallcaps", "italic")[k],
            page_number=("bottom-centre", "top-outer", "none", "top-centre")[k],
            header=("top", "none", "top", "bottom")[k], gutter=gutter, leading=leading,
            variant=Variant(numbered=headings in NEEDS_NUMBERS, faq_titles=k == 1,
                            table=k == 3)))
    return out


def _has_ligatures(family: str) -> bool:
    """Does the family's font carry the fi, fl, ff, ffi, ffl ligature characters?"""
    if family in BUILTIN or not _font_file(TRUETYPE[family][0]).exists():
        return False
    from reportlab.pdfbase.ttfonts import TTFontFile

    cmap = TTFontFile(str(_font_file(TRUETYPE[family][0]))).charToGlyph
    return all(ord(ligature) in cmap for _letters, ligature in LIGATURES)


def available(layout: Layout) -> bool:
    """Are the fonts the layout uses on this machine?"""
    return all(f in BUILTIN or all(_font_file(p).exists() for p in TRUETYPE[f])
               for f in layout.fonts_needed)


def _font_file(relative: str) -> Path:
    for folder in FONT_DIRS:
        if (folder / relative).exists():
            return folder / relative
    return FONT_DIRS[0] / relative


def _register(family: str) -> tuple[str, str, str, str]:
    """Font names for (regular, bold, italic, bold italic) of `family`."""
    if family in BUILTIN:
        return BUILTIN[family]
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    names = tuple(f"{family}-{style}" for style in ("Regular", "Bold", "Italic", "BoldItalic"))
    for name, path in zip(names, TRUETYPE[family]):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(_font_file(path))))
    for (bold, italic), name in zip([(0, 0), (1, 0), (0, 1), (1, 1)], names):
        addMapping(names[0], bold, italic, name)
    return names  # type: ignore[return-value]


# ---------------------------------------------------------------- inline text

def small_caps(text: str, size: float) -> str:
    """Capitals of two sizes: lower-case letters become capitals set smaller."""
    small = round(size * 0.78, 1)
    return re.sub(r"[a-z]+", lambda m: f'<font size="{small}">{m.group().upper()}</font>', text)


def _inline(text: str, layout: Layout) -> str:
    text = text.replace("<new>", f'<font color="{layout.marks}">').replace("</new>", "</font>")
    if layout.ligatures:
        def ligate(m: re.Match) -> str:
            word = m.group()
            for letters, glyph in LIGATURES:
                word = word.replace(letters, glyph)
            return word
        text = re.sub(r"(?<![<\w])[A-Za-z]+(?![^<]*>)", ligate, text)
    return text


# ---------------------------------------------------------------- styles

@dataclass
class _Styles:
    body: object
    front: object
    item: object
    headings: dict
    question: object
    title: object
    version: object
    fonts: tuple
    alt: tuple


def _styles(layout: Layout) -> _Styles:
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle

    fonts, alt = _register(layout.font), _register(PAIRS[layout.font])
    size = layout.size
    align = TA_JUSTIFY if layout.justify else TA_LEFT
    hyph = {"hyphenationLang": "en_US", "embeddedHyphenation": 1} if layout.hyphenate else {}
    indent = layout.paragraphs == "indent"
    body = ParagraphStyle("body", fontName=fonts[0], fontSize=size, leading=size * layout.leading,
                          alignment=align, spaceAfter=0 if indent else size * 0.5,
                          firstLineIndent=size * 1.2 if indent else 0, **hyph)
    front = ParagraphStyle("front", parent=body, alignment=TA_LEFT, firstLineIndent=0,
                           spaceAfter=size)
    item = ParagraphStyle("item", parent=body, leftIndent=size * 1.6, bulletIndent=size * 0.3,
                          firstLineIndent=0, spaceAfter=size * 0.2)
    q_font = {"italic": fonts[2], "bold": fonts[1], "bolditalic": fonts[3],
              "smallcaps": fonts[0]}[layout.question]
    question = ParagraphStyle("question", parent=body, fontName=q_font, firstLineIndent=0,
                              spaceBefore=size * 0.4 if indent else 0)
    headings = {level: _heading_style(layout, level, fonts, alt, body) for level in (1, 2, 3)}
    centre = TA_CENTER if layout.centred_title else TA_LEFT
    title = ParagraphStyle("title", fontName=fonts[1], fontSize=20, leading=26, alignment=centre)
    version = ParagraphStyle("version", fontName=fonts[0], fontSize=11.5, leading=15,
                             alignment=centre, spaceAfter=12)
    return _Styles(body, front, item, headings, question, title, version, fonts, alt)


def _heading_style(layout: Layout, level: int, fonts, alt, body):
    """How headings of `level` are set: apart from the body by one thing only."""
    from reportlab.lib.styles import ParagraphStyle

    size, scheme = layout.size, layout.headings
    font, font_size = fonts[0], size
    if scheme == "size":
        font_size = size * (1.7, 1.38, 1.17)[level - 1]
    elif scheme == "bold":
        font = fonts[1]
    elif scheme == "family":
        font = alt[0]
    elif scheme == "italic":
        font = fonts[2]
    elif scheme == "classic":  # the common way: bold in the other family, by size
        font, font_size = alt[1], size * (1.6, 1.3, 1.1)[level - 1]
    elif scheme == "mixed":  # each level apart by one thing of its own
        font, font_size = ((fonts[1], size * 1.45), (fonts[1], size), (fonts[2], size))[level - 1]
    return ParagraphStyle(f"h{level}", parent=body, fontName=font, fontSize=font_size,
                          leading=font_size * 1.25, firstLineIndent=0, alignment=0,
                          spaceBefore=size * (1.2, 0.9, 0.6)[level - 1],
                          spaceAfter=size * 0.4, keepWithNext=1,
                          textColor={"colour": ("#1f3a93", "#006d6f", "#5b2a86")[level - 1]}
                          .get(scheme, "#000000"))


def _heading_text(layout: Layout, text: str, level: int) -> str:
    if layout.headings == "caps" or (layout.headings == "mixed" and level == 1):
        return text.upper()
    if layout.headings == "smallcaps":
        return small_caps(text, layout.size)
    return text


# ---------------------------------------------------------------- the PDF

def write_pdf(path: Path, layout: Layout, items: list[tuple] | None = None) -> Path:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import (BaseDocTemplate, Frame, FrameBreak, NextPageTemplate,
                                    PageBreak, PageTemplate, Paragraph, Table, TableStyle)
    from reportlab.platypus.tableofcontents import TableOfContents

    styles = _styles(layout)
    width, height = layout.pagesize
    margin = 48
    gap = 18.0 if layout.gutter is None else layout.gutter * layout.size
    col_w = (width - 2 * margin - (layout.columns - 1) * gap) / layout.columns
    top = height - margin - 20

    def frames(y_top: float) -> list:
        return [Frame(margin + k * (col_w + gap), margin, col_w, y_top - margin,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                      id=f"c{k}") for k in range(layout.columns)]

    def whole(y_top: float, y_bottom: float, name: str) -> Frame:
        return Frame(margin, y_bottom, width - 2 * margin, y_top - y_bottom, leftPadding=0,
                     rightPadding=0, topPadding=0, bottomPadding=0, id=name)

    title_h = 150
    first = [whole(top, top - title_h, "title")] + frames(top - title_h - 8)

    def furniture(canvas, doc):
        canvas.saveState()
        canvas.setFont(styles.alt[0], 8)
        number, odd = str(doc.page), doc.page % 2 == 1
        running = f"{TITLE} \u2014 Version 3.1"
        if layout.header == "top":
            canvas.drawString(margin, height - margin + 4, running)
        elif layout.header == "bottom":
            canvas.drawString(margin, margin - 24, running)
        where, _, how = layout.page_number.partition("-")
        y = height - margin + 4 if where == "top" else margin - 24
        if how == "centre":
            canvas.drawCentredString(width / 2, y, number)
        elif how == "outer":  # the outside corner: right on odd pages, left on even
            if odd:
                canvas.drawRightString(width - margin, y, number)
            else:
                canvas.drawString(margin, y, number)
        canvas.restoreState()

    class Doc(BaseDocTemplate):
        def afterFlowable(self, flowable):
            level = getattr(flowable, "toc_level", None)
            if level is not None:
                self.notify("TOCEntry", (level, flowable.toc_text, self.page))

    templates = [PageTemplate("first", first, onPage=furniture),
                 PageTemplate("rest", frames(top), onPage=furniture)]
    if layout.first_page == "contents":
        templates[0] = PageTemplate("first", [whole(top, margin, "front")], onPage=furniture)
    doc = Doc(str(path), pagesize=layout.pagesize, title=TITLE, pageTemplates=templates)

    def para(text: str, style) -> Paragraph:
        return Paragraph(_inline(text, layout), style)

    title_text = small_caps(TITLE, 20) if layout.title == "smallcaps" else TITLE
    story = [para(title_text, styles.title), para(VERSION_PDF, styles.version)]
    front_done = False
    for item in items or documents.content(layout.variant):
        kind = item[0]
        if kind == "front":
            story.append(para(item[1], styles.front))
            if layout.first_page == "contents":
                toc = TableOfContents(dotsMinLevel=0, levelStyles=[
                    ParagraphStyle("toc1", fontName=styles.fonts[0], fontSize=layout.size,
                                   leading=layout.size * 1.4, leftIndent=0),
                    ParagraphStyle("toc2", fontName=styles.fonts[0], fontSize=layout.size,
                                   leading=layout.size * 1.3, leftIndent=layout.size * 1.5)])
                story += [para(_heading_text(layout, "Contents", 2), styles.headings[2]), toc,
                          NextPageTemplate("rest"), PageBreak()]
            else:
                story += [NextPageTemplate("rest"), FrameBreak()]
            front_done = True
        elif kind == "p":
            story.append(para(item[1], styles.body))
        elif kind == "h":
            level, text = item[1], item[2]
            flowable = para(_heading_text(layout, text, level), styles.headings[level])
            if level <= 2:
                flowable.toc_level, flowable.toc_text = level - 1, text
            story.append(flowable)
        elif kind == "entry":
            story.append(para(f"<b>{item[1]}</b><br/>{item[2]}", styles.body))
        elif kind == "group":
            story.append(para(f"<b>{item[1]}</b><br/>" + "<br/>".join(item[2]), styles.body))
        elif kind == "table":
            head, rows = item[1], item[2]
            cells = [[para(f"<b>{h}</b>", styles.front) for h in head]]
            for name, card, *new in rows:
                card = f"<new>{card}</new>" if new else card
                cells.append([para(name, styles.front), para(card, styles.front)])
            table = Table(cells, colWidths=[col_w * 0.4, col_w * 0.6], hAlign="LEFT")
            table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
            story.append(table)
        elif kind == "faq":
            if item[1]:
                story.append(para(_heading_text(layout, item[1], 3), styles.headings[3]))
            question = small_caps(item[2], layout.size) if layout.question == "smallcaps" \
                else item[2]
            story += [para(question, styles.question), para(item[3], styles.body)]
        elif kind in ("ul", "ol"):
            for n, text in enumerate(item[1], 1):
                story.append(Paragraph(_inline(text, layout), styles.item,
                                       bulletText="\u2022" if kind == "ul" else f"{n}."))
    assert front_done, "the digest opens with its front matter"
    doc.multiBuild(story)
    return path


def html_for(layout: Layout) -> str:
    """The web page of the same document the layout prints."""
    return documents.html_page(documents.content(layout.variant))
