"""The numbered rulebook of numbered.py typeset with its rule numbers in a column of their
own: at a tab stop with the text's wrapped lines under the text (a hanging indent), or
in a grid column beside the text, as word processors, InDesign and documentation tools
set them. Several engines, fonts, sizes and column widths; a measure narrow enough that
most rules wrap."""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

import numbered


@dataclass(frozen=True)
class Setting:
    engine: str  # weasyprint | typst | reportlab | chromium
    how: str  # "indent": a hanging indent; "grid": a column of numbers beside the text
    font: str
    size: float
    gutter: float  # ems from the number's start to the text's

    @property
    def name(self) -> str:
        return f"{self.engine}-{self.how}-{self.font.split()[0].lower()}-{self.size:g}"


SETTINGS = [
    Setting("weasyprint", "indent", "DejaVu Serif", 10, 5.0),
    Setting("weasyprint", "grid", "Liberation Sans", 9.5, 4.5),
    Setting("typst", "grid", "Liberation Serif", 10.5, 5.5),
    Setting("typst", "indent", "DejaVu Sans", 9, 6.0),
    Setting("reportlab", "grid", "Times", 10, 5.0),
    Setting("chromium", "indent", "Liberation Serif", 11, 5.0),
    Setting("chromium", "grid", "FreeSans", 10, 4.0),
]


def html(scheme: numbered.Scheme, s: Setting) -> str:
    css = f"""@page {{ size: 150mm 220mm; margin: 18mm 20mm; }}
body {{ font-family: '{s.font}'; font-size: {s.size}pt; line-height: 1.3; }}
h1 {{ font-size: 1.6em; }} h2 {{ font-size: 1.25em; }} h3 {{ font-size: 1.05em; }}
p {{ margin: 0 0 .5em; }}
.rule {{ margin: 0 0 .5em; }}
.indent {{ padding-left: {s.gutter}em; text-indent: -{s.gutter}em; }}
.indent .n {{ display: inline-block; width: {s.gutter}em; text-indent: 0; }}
.grid {{ display: grid; grid-template-columns: {s.gutter}em 1fr; }}"""
    out = [f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(numbered.TITLE)}"
           f"</title><style>{css}</style></head><body>",
           f"<h1>{escape(numbered.TITLE)}</h1><p>{escape(numbered.EFFECTIVE)}</p>"]
    for it in numbered.items(scheme):
        if it[0] == "h":
            out.append(f"<h{it[1] + 1}>{escape(it[2])}</h{it[1] + 1}>")
        elif it[0] == "p":
            out.append(f"<p>{escape(it[1])}</p>")
        elif it[0] == "rule":
            out.append(f"<div class='rule {s.how}'><span class='n'>{escape(it[1])}</span>"
                       f"<span class='t'>{escape(it[2])}</span></div>")
        else:
            out.append(f"<h4>{escape(it[1])}</h4><p>{escape(it[2])}</p>")
    return "\n".join(out) + "</body></html>"


def typst(scheme: numbered.Scheme, s: Setting) -> str:
    def string(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    out = [f'#set page(width: 150mm, height: 220mm, margin: (x: 20mm, y: 18mm))',
           f'#set text(font: {string(s.font)}, size: {s.size}pt)',
           '#set par(justify: false, spacing: 0.8em)',
           f'#heading(level: 1, {string(numbered.TITLE)})', f'#text({string(numbered.EFFECTIVE)})']
    for it in numbered.items(scheme):
        if it[0] == "h":
            out.append(f"#heading(level: {it[1] + 1}, {string(it[2])})")
        elif it[0] == "p":
            out.append(f"#text({string(it[1])})")
        elif it[0] == "rule" and s.how == "grid":
            out.append(f"#grid(columns: ({s.gutter}em, 1fr), [#text({string(it[1])})], "
                       f"[#text({string(it[2])})])")
        elif it[0] == "rule":
            out.append(f"#par(hanging-indent: {s.gutter}em)[#box(width: {s.gutter}em)"
                       f"[#text({string(it[1])})]#text({string(it[2])})]")
        else:
            out.append(f"#heading(level: 4, {string(it[1])})\n#text({string(it[2])})")
    return "\n\n".join(out) + "\n"


def reportlab_pdf(scheme: numbered.Scheme, s: Setting, path) -> None:
    from reportlab.lib.units import mm
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=s.size,
                          leading=s.size * 1.3, spaceAfter=s.size * 0.5)
    heads = {level: ParagraphStyle(f"h{level}", fontName="Times-Bold",
                                   fontSize=s.size * (1.6, 1.25, 1.05, 1.0)[level - 1],
                                   leading=s.size * 2, spaceBefore=6, spaceAfter=3)
             for level in (1, 2, 3, 4)}
    width = 110 * mm
    story = [Paragraph(numbered.TITLE, heads[1]), Paragraph(numbered.EFFECTIVE, body)]
    plain = TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), s.size * 0.5),
                        ("TOPPADDING", (0, 0), (-1, -1), 0)])
    for it in numbered.items(scheme):
        if it[0] == "h":
            story.append(Paragraph(it[2], heads[it[1] + 1]))
        elif it[0] == "p":
            story.append(Paragraph(it[1], body))
        elif it[0] == "rule":
            gutter = s.gutter * s.size
            table = Table([[Paragraph(it[1], body), Paragraph(it[2], body)]],
                          colWidths=[gutter, width - gutter])
            table.setStyle(plain)
            story.append(table)
        else:
            story += [Paragraph(it[1], heads[4]), Paragraph(it[2], body)]
    SimpleDocTemplate(str(path), pagesize=(150 * mm, 220 * mm), leftMargin=20 * mm,
                      rightMargin=20 * mm, title=numbered.TITLE).build(story)


def pdf(scheme: numbered.Scheme, s: Setting, path, browser=None):
    """The rulebook typeset in `s` into `path`."""
    if s.engine == "weasyprint":
        import logging

        import weasyprint

        logging.getLogger("weasyprint").setLevel(logging.ERROR)
        weasyprint.HTML(string=html(scheme, s)).write_pdf(str(path))
    elif s.engine == "typst":
        import typst as typst_module

        source = path.with_suffix(".typ")
        source.write_text(typst(scheme, s), encoding="utf-8")
        typst_module.compile(str(source), output=str(path),
                             font_paths=["/usr/share/fonts/truetype"])
    elif s.engine == "chromium":
        page = browser.new_page()
        try:
            page.set_content(html(scheme, s), wait_until="load")
            page.pdf(path=str(path), prefer_css_page_size=True)
        finally:
            page.close()
    else:
        reportlab_pdf(scheme, s, path)
    return path
