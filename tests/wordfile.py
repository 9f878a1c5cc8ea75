"""Word (.docx) files written for the tests: the XML parts zipped by hand, so that every
feature the reader claims (styles, automatic numbering, run formatting, colours,
tables, tracked changes) is in a file whose every byte we chose."""
from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles {NS}>
 <w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>
 <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
 <w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/>
  <w:basedOn w:val="Normal"/><w:rPr><w:sz w:val="48"/></w:rPr></w:style>
 <w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/>
  <w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>
 <w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/>
  <w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>
 <w:style w:type="paragraph" w:styleId="Heading3"><w:name w:val="heading 3"/>
  <w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>
 <w:style w:type="paragraph" w:styleId="Chapter"><w:name w:val="Rulebook Chapter"/>
  <w:basedOn w:val="Heading1"/></w:style>
 <w:style w:type="paragraph" w:customStyle="1" w:styleId="Rule"><w:name w:val="Rule"/>
  <w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="3"/></w:pPr></w:style>
 <w:style w:type="paragraph" w:customStyle="1" w:styleId="TermWord"><w:name w:val="Term Word"/>
  <w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="7"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>
 <w:style w:type="paragraph" w:customStyle="1" w:styleId="Question"><w:name w:val="Question"/>
  <w:basedOn w:val="Normal"/><w:rPr><w:i/></w:rPr></w:style>
 <w:style w:type="paragraph" w:styleId="TOC1"><w:name w:val="toc 1"/><w:basedOn w:val="Normal"/>
  </w:style>
 <w:style w:type="numbering" w:customStyle="1" w:styleId="RulesList"><w:name w:val="Rules List"/>
  <w:pPr><w:numPr><w:numId w:val="9"/></w:numPr></w:pPr></w:style>
 <w:style w:type="character" w:styleId="Strong"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>
 <w:style w:type="character" w:customStyle="1" w:styleId="NewText"><w:name w:val="New Text"/>
  <w:rPr><w:color w:val="C00000"/></w:rPr></w:style>
</w:styles>"""


def run(text: str, b: bool = False, i: bool = False, color: str | None = None,
        style: str | None = None, hidden: bool = False, u: str | None = None) -> str:
    """A run; "\\n" in its text is a line break (w:br), "\\t" a tab; `u`: its underline
    ("single", "none")."""
    props = "".join([f'<w:rStyle w:val="{style}"/>' if style else "", "<w:b/>" if b else "",
                     "<w:i/>" if i else "", f'<w:color w:val="{color}"/>' if color else "",
                     "<w:vanish/>" if hidden else "",
                     f'<w:u w:val="{u}"/>' if u else ""])
    parts = []
    for n, line in enumerate(text.split("\n")):
        if n:
            parts.append("<w:br/>")
        for k, piece in enumerate(line.split("\t")):
            if k:
                parts.append("<w:tab/>")
            if piece:
                parts.append(f'<w:t xml:space="preserve">{escape(piece)}</w:t>')
    return f"<w:r>{f'<w:rPr>{props}</w:rPr>' if props else ''}{''.join(parts)}</w:r>"


def inserted(*runs: str) -> str:
    return f'<w:ins w:id="1" w:author="Editor" w:date="2025-01-01T00:00:00Z">{"".join(runs)}</w:ins>'


def deleted(text: str) -> str:
    return (f'<w:del w:id="2" w:author="Editor" w:date="2025-01-01T00:00:00Z"><w:r>'
            f'<w:delText xml:space="preserve">{escape(text)}</w:delText></w:r></w:del>')


def para(*content: str, style: str | None = None, num: tuple[int, int] | None = None,
         mark_deleted: bool = False) -> str:
    """A paragraph of runs (plain strings are runs of plain text)."""
    ppr = "".join([f'<w:pStyle w:val="{style}"/>' if style else "",
                   f'<w:numPr><w:ilvl w:val="{num[1]}"/><w:numId w:val="{num[0]}"/></w:numPr>'
                   if num else "",
                   '<w:rPr><w:del w:id="3" w:author="Editor"/></w:rPr>' if mark_deleted else ""])
    body = "".join(c if c.startswith("<") else run(c) for c in content)
    return f"<w:p>{f'<w:pPr>{ppr}</w:pPr>' if ppr else ''}{body}</w:p>"


def table(rows: list[list[str]], header: bool = False) -> str:
    """A table whose cells each hold one paragraph of plain text (or given XML); with
    `header`, its first row repeats as the header row of each page."""
    cells = lambda row: "".join(  # noqa: E731
        f"<w:tc>{c if c.startswith('<w:p') else para(c)}</w:tc>" for c in row)
    head = "<w:trPr><w:tblHeader/></w:trPr>"
    return "<w:tbl>" + "".join(f"<w:tr>{head if header and k == 0 else ''}{cells(row)}</w:tr>"
                               for k, row in enumerate(rows)) + "</w:tbl>"


def numbering(lists: dict[int, list[tuple[str, str, int]]]) -> str:
    """numbering.xml: list id → its levels as (numFmt, lvlText, start)."""
    abstract, nums = [], []
    for num_id, levels in lists.items():
        lvls = "".join(f'<w:lvl w:ilvl="{k}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
                       f'<w:lvlText w:val="{text}"/></w:lvl>'
                       for k, (fmt, text, start) in enumerate(levels))
        abstract.append(f'<w:abstractNum w:abstractNumId="{num_id}">{lvls}</w:abstractNum>')
        nums.append(f'<w:num w:numId="{num_id}"><w:abstractNumId w:val="{num_id}"/></w:num>')
    return f'<?xml version="1.0" encoding="UTF-8"?><w:numbering {NS}>' \
        + "".join(abstract + nums) + "</w:numbering>"


def docx(body: list[str], numbering_xml: str | None = None, title: str | None = None) -> bytes:
    """A .docx holding `body` (paragraph and table XML) with the styles above."""
    document = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document {NS}>' \
        f'<w:body>{"".join(body)}<w:sectPr/></w:body></w:document>'
    types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats'
             '.org/package/2006/content-types"><Default Extension="xml" ContentType="application/'
             'xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxml'
             'formats-officedocument.wordprocessingml.document.main+xml"/></Types>')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", types)
        z.writestr("word/document.xml", document)
        z.writestr("word/styles.xml", STYLES)
        if numbering_xml:
            z.writestr("word/numbering.xml", numbering_xml)
        if title:
            z.writestr("docProps/core.xml", '<cp:coreProperties xmlns:cp="http://schemas.'
                       'openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc='
                       f'"http://purl.org/dc/elements/1.1/"><dc:title>{escape(title)}'
                       '</dc:title></cp:coreProperties>')
    return out.getvalue()
