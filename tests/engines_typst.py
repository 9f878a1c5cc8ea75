"""The test digest in Typst markup, for the Typst layouts of tests/engines.py.

Typst lays out type its own way (its own line breaker and hyphenation, small capitals
from the font's features, an outline with dot leaders for the contents), so it is a
third engine next to Chromium and WeasyPrint. All words go in as Typst strings, so no
character of the digest is read as markup.
"""
from __future__ import annotations

import re

import documents
from documents import TITLE, VERSION_PDF
from engines import RUNNING, Layout, heading_sizes, hyphenated

_COLOURS = ("#1f3a93", "#006d6f", "#5b2a86")


def _string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def inline(text: str, layout: Layout) -> str:
    """The digest's inline markup (<i>, <b>, <new>) as Typst content."""
    out, stack = [], []
    wrap = {"i": "#emph[", "b": "#strong[", "new": f'#text(fill: rgb("{layout.marks}"))['}
    for token in re.split(r"(</?(?:i|b|new)>)", hyphenated(text, layout)):
        if not token:
            continue
        tag = re.fullmatch(r"<(/?)(i|b|new)>", token)
        if tag and tag.group(1):
            out.append("]")
            stack.pop()
        elif tag:
            out.append(wrap[tag.group(2)])
            stack.append(tag.group(2))
        else:
            out.append("#" + _string(token.replace("\u00a0", " ")))
    return "".join(out)


def small_caps(text: str) -> str:
    """Small capitals as a typesetter without the font's own makes them: lower-case
    letters as capitals of a smaller size (Typst's smallcaps() needs the font feature)."""
    return "".join(f"#text(size: 0.78em)[#{_string(run.upper())}]" if run.islower()
                   else f"#{_string(run)}" for run in re.findall(r"[a-z]+|[^a-z]+", text))


def _heading(level: int, text: str, layout: Layout) -> str:
    outlined = "true" if level <= 2 else "false"
    body = small_caps(text) if layout.headings == "smallcaps" else f"#{_string(text)}"
    return f"#heading(level: {level}, outlined: {outlined})[{body}]"


def _heading_rules(layout: Layout) -> list[str]:
    scheme = layout.headings
    sizes = heading_sizes(layout)
    weight = "bold" if scheme in ("bold", "spaced", "classic") else "regular"
    rules = ["#show heading: set par(justify: false)"]
    for level in (1, 2, 3, 4):
        k = min(level, 3) - 1
        sets = [f"size: {sizes[k]}em", f'weight: "{weight}"']
        if scheme == "colour":
            sets.append(f'fill: rgb("{_COLOURS[k]}")')
        elif scheme == "spaced":
            sets.append("tracking: 0.1em")
        elif scheme == "classic":
            sets.append(f'font: "{layout.alt}"')
        rules.append(f"#show heading.where(level: {level}): set text({', '.join(sets)})")
    if scheme == "caps":
        rules.append("#show heading: it => block(above: 1em, below: 0.5em, upper(it.body))")
    else:
        rules.append("#show heading: set block(above: 1em, below: 0.5em)")
    return rules


def _page(layout: Layout) -> str:
    small = f'#set text(size: 8pt, font: "{layout.alt}");'
    number = "#context counter(page).display()"
    header = [RUNNING] if layout.header else []
    if layout.page_number == "top":
        header += ["#h(1fr)", number]
    footer = f"align(center)[{small}{number}]" if layout.page_number == "bottom" else "none"
    head = f"[{small}{' '.join(header)}]" if header else "none"
    paper = {"A4": "a4", "Letter": "us-letter"}[layout.paper]
    return (f'#set page(paper: "{paper}", margin: (x: 18mm, top: 22mm, bottom: 20mm), '
            f"header: {head}, footer: {footer})")


def markup(layout: Layout) -> str:
    """The digest as a Typst document set the layout's way."""
    lines = [
        _page(layout),
        f'#set text(font: "{layout.font}", size: {layout.size}pt, lang: "en", '
        f"hyphenate: {'true' if layout.hyphens == 'auto' else 'false'})",
        "#set smartquote(enabled: false)",
        f"#set par(justify: {'true' if layout.justify else 'false'}, leading: 0.55em, "
        "spacing: 0.8em)",
        "#set list(indent: 0.6em)", "#set enum(indent: 0.6em)",
        *_heading_rules(layout),
        f"#align(center)[#text(size: 20pt, weight: \"bold\")[#{_string(TITLE)}] \\ "
        f"#v(2pt) #text(size: 11.5pt)[#{_string(VERSION_PDF)}]]",
        "#v(10pt)",
    ]
    for item in documents.content(layout.variant):
        kind = item[0]
        if kind == "front":
            lines.append(inline(item[1], layout))
            if layout.contents != "none":
                lines += ['#outline(title: [Contents], depth: 2, indent: 1.5em)', "#pagebreak()"]
            lines.append(f"#show: columns.with({layout.columns}, gutter: 16pt)")
        elif kind == "p":
            lines.append(inline(item[1], layout))
        elif kind == "h":
            lines.append(_heading(item[1], item[2], layout))
        elif kind == "entry":
            lines.append(f"#strong[{inline(item[1], layout)}] \\ {inline(item[2], layout)}")
        elif kind == "group":
            lines.append(f"#strong[{inline(item[1], layout)}] \\ "
                         + " \\ ".join(inline(x, layout) for x in item[2]))
        elif kind == "table":
            cells = [f"strong[{inline(h, layout)}]" for h in item[1]]
            for name, card, *new in item[2]:
                card = f"<new>{card}</new>" if new else card
                cells += [f"[{inline(name, layout)}]", f"[{inline(card, layout)}]"]
            lines.append(f"#table(columns: 2, stroke: none, inset: (x: 0pt, right: 8pt, "
                         f"y: 2pt), align: left, {', '.join(cells)})")
        elif kind == "faq":
            if item[1]:
                lines.append(_heading(4, item[1], layout))
            question = {"italic": f"#emph[{inline(item[2], layout)}]",
                        "bold": f"#strong[{inline(item[2], layout)}]",
                        "smallcaps": small_caps(item[2])}[layout.question]
            lines += [question, inline(item[3], layout)]
        elif kind in ("ul", "ol"):
            function = "list" if kind == "ul" else "enum"
            lines.append(f"#{function}(" + ", ".join(f"[{inline(x, layout)}]" for x in item[1])
                         + ")")
    return "\n\n".join(lines) + "\n"


def typst_pdf(layout: Layout, path, _browser=None):
    return compile_typst(markup(layout), path)


def compile_typst(source: str, path):
    """Typst markup typeset into the PDF at `path` (its source kept beside it), with the
    machine's fonts."""
    import typst

    typ = path.with_suffix(".typ")
    typ.write_text(source, encoding="utf-8")
    typst.compile(str(typ), output=str(path), font_paths=["/usr/share/fonts/truetype"])
    return path
