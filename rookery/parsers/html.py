"""HTML page → blocks.

Site chrome (navigation, headers and footers, sidebars, scripts, forms, the lines a
build prints under the content) and in-page tables of contents are left out, by what
the page shows of them (see chrome/); what is left is walked in document order.
Block-level elements start new blocks, <br> is a hard line break, and inline formatting
only sets the bold / italic / marked flags that the outline needs (a FAQ question is set
in italics, an erratum's name in bold, new text in red).
"""
from __future__ import annotations

import re
import sys

from lxml import etree
from lxml.cssselect import CSSSelector, SelectorError
from selectolax.lexbor import LexborHTMLParser

from ..errors import ParseError, TooLarge, UsageError
from . import chrome, limits
from .blocks import Block, RawDocument, has_word, to_blocks
from .chrome.colophon import closing_lines
from .chrome.elements import HEADINGS, UNSHOWN
from .color import is_red_css
from .limits.nesting import flatten
from .normalize import plain
from .numbering import roman
from .text import read_text

UNMARKED_PAGE = 3  # paragraphs enough to read a page without headings by its lines
BLOCK_TAGS = {
    "address", "article", "aside", "blockquote", "caption", "center", "dd", "details", "dialog",
    "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "hr",
    "li", "main", "menu", "ol", "p", "pre", "section", "summary", "table", "tbody", "tfoot",
    "thead", "tr", "ul",
}
CELLS = {"td", "th"}
STRUCTURES = {"ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "tr", "dd", "menu"}
BOLD = {"b", "strong"}
ITALIC = {"i", "em", "cite", "var", "dfn"}
# The class that ThronesDB-style pages (and many others) put on changed text; red CSS
# rules found in the page are added to it.
NEW_CLASS_SELECTOR = ".new"

_CSS_RULE = re.compile(r"([^{}@]+)\{([^{}]*)\}")
_COLOR_DECL = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.I)
# what XML (so lxml's tree) cannot hold: C0 controls but tab and line ends, U+FFFE/U+FFFF
# and lone surrogates; the normal form makes every control a space anyway
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def read(data: bytes, options) -> RawDocument:
    """The reader's entry point (see parsers.READERS)."""
    return read_html(data, options.remove)


def read_html(data: bytes, remove: tuple[str, ...] | list[str] = ()) -> RawDocument:
    """Parse an HTML page into blocks. `remove` holds CSS selectors to leave out."""
    root = _parse(data)
    css = "\n".join(s.text or "" for s in root.iter("style"))
    mark_selectors = [NEW_CLASS_SELECTOR] + red_selectors(css)
    fallback_title = _page_title(root)
    page = root.find("body")
    page = root if page is None else page
    source = _source(page)
    furniture: list[tuple[str, str]] = []

    for selector in remove:
        try:
            matcher = CSSSelector(selector)
        except SelectorError as e:
            raise UsageError(f"remove selector {selector!r} is not a CSS selector ({e}); "
                             "give one like '.mplain' or 'div.note'") from None
        for el in matcher(root):
            chrome.drop(el, furniture, "left out by --remove")
    frame = chrome.strip(root, fallback_title, furniture, _lines)
    if frame.chrome:
        furniture.append(("site chrome", frame.chrome))

    marked: set = set()
    for selector in mark_selectors:
        try:
            marked.update(CSSSelector(selector)(root))
        except SelectorError:
            continue
    walker = _Walker(marked)
    blocks = walker.run(frame.content)
    closing = closing_lines(blocks)  # what the site's build printed under the content
    if closing:
        furniture += [("site chrome", b.text) for b in blocks[-closing:]]
        blocks = blocks[:-closing]
    if len(blocks) >= UNMARKED_PAGE and all(
            b.kind == "para" and not (b.lead or b.marks or b.emphasized or b.anchor)
            for b in blocks):
        # a page with no markup but paragraphs (a text release pasted into <p>s): its
        # structure is in its lines, as in a text file
        blocks = read_text("\n\n".join(b.text for b in blocks)).blocks
    return RawDocument(blocks=blocks, fallback_title=fallback_title, format="html",
                       title_lines=frame.title_lines, source=source, furniture=furniture,
                       added=walker.added)


def _lines(el) -> list[str]:
    """The lines an element shows, read as the page's blocks are."""
    return [line for block in _Walker(set()).run(el) for line in block.text.split("\n")]


def _source(page) -> list[tuple[str, str]]:
    """The page's text as the word account takes it (structure/account.py): a piece per
    heading's stretch, named by the heading it follows."""
    pieces: list[tuple[str, list[str]]] = [("top of the page", [])]

    def visit(node) -> None:
        tag = node.tag.lower() if isinstance(node.tag, str) else ""
        if tag in UNSHOWN or not isinstance(node.tag, str):
            return
        if tag in HEADINGS:
            heading = " ".join(" ".join(node.itertext()).split())[:60]
            pieces.append((f"under '{heading}'", []))
        if node.text:
            pieces[-1][1].append(node.text)
        for child in node:
            visit(child)
            if child.tail:
                pieces[-1][1].append(child.tail)

    visit(page)
    return [(where, " ".join(parts)) for where, parts in pieces if parts]


def red_selectors(css: str) -> list[str]:
    """Selectors of the page's own CSS rules that paint text red."""
    out = []
    for selectors, body in _CSS_RULE.findall(css):
        m = _COLOR_DECL.search(body)
        if m and is_red_css(m.group(1)):
            out.extend(s.strip() for s in selectors.split(",") if s.strip())
    return out


def _parse(data: bytes):
    """The page as a browser builds it. Broken markup is common on rules pages (a stray
    <p> before a <span class="new"> that wraps headings); HTML5's recovery rules, which
    lexbor implements, decide what a reader sees, so lexbor parses and its tidy output
    becomes the lxml tree the rest of the reader walks."""
    limits.HTML_BYTES.check(len(data))
    # a control character next to an element the reader drops would otherwise end up in
    # a text node lxml refuses to set (ValueError), and the whole page would be lost
    page = flatten(_NOT_XML.sub(" ", _decode(data)), limits.HTML_DEPTH)
    limits.HTML_ELEMENTS.check(page.elements)
    # huge_tree: text runs longer than 10 MB and trees deeper than 256, read whole
    parser = etree.HTMLParser(remove_comments=True, remove_pis=True, huge_tree=True)
    try:
        tidy = LexborHTMLParser(page.text).html or ""
        root = etree.fromstring(tidy, parser=parser)
    except (etree.ParserError, ValueError) as e:
        raise ParseError(f"cannot read this HTML ({e})") from None
    if root is None:
        raise ParseError("cannot read this HTML (no elements)")
    for error in parser.error_log:  # lxml stops there and keeps what came before it
        if error.type == etree.ErrorTypes.ERR_RESOURCE_LIMIT:
            raise TooLarge(f"this page passes lxml's limits ({error.message.strip()}), so "
                           "it cannot be read whole; is it the release you meant?")
    return root


def _decode(data: bytes) -> str:
    head = data[:4096].decode("ascii", "replace")
    declared = re.search(r"""<meta[^>]+charset\s*=\s*["']?([\w-]+)""", head, re.I)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")  # an odd last byte, a lone surrogate: U+FFFD
    named = declared.group(1).lower() if declared else ""
    if named.startswith(("utf-16", "utf-32")):
        named = "utf-8"  # a byte-oriented page cannot be UTF-16; browsers read it as UTF-8
    for encoding in ([named] if named else []) + ["utf-8"]:
        try:
            return data.decode(encoding)
        except (LookupError, UnicodeDecodeError):
            continue
    return data.decode("cp1252", "replace")


def _page_title(root) -> str | None:
    title = root.findtext(".//title")
    if not title:
        return None
    # "Rules Reference · ThronesDB": the part before the site name; in the normal form,
    # as it reaches every output (no control character or direction override)
    return plain(re.split(r"\s+[·|\u2013\u2014-]\s+", " ".join(title.split()))[0]) or None


class _Walker:
    """Walks a DOM subtree, cutting it into blocks; keeps the block being filled."""

    def __init__(self, marked: set):
        self.marked = marked
        self.segments: list[tuple[str, bool, bool, bool]] = []  # text, bold, italic, marked
        self.kind, self.level, self.anchor = "para", 0, None
        self.row_name: str | None = None  # a two-column row's first cell
        self.heading_level = 0  # of the last heading: a <dt> is a heading below it
        self.pending: list[tuple] = []  # (kind, level, anchor, segments, row name) per block
        self.added: list[str] = []  # what it writes that the page does not (list numbers)
        self.flow: int | None = None  # where the list item or cell being read opened
        self.term: int | None = None  # the pending block of the <dt> just read
        self.numbered: dict = {}  # each <ol>'s items' numbers (_ordinal)

    def run(self, root) -> list[Block]:
        # a level of the tree is two calls; lxml keeps trees up to 2048 levels deep
        # (and Python's own calls need no C stack)
        frames = sys.getrecursionlimit()
        sys.setrecursionlimit(max(frames, 2 * 2048 + 1000))
        try:
            self.walk(root, False, False, root in self.marked)
        finally:
            sys.setrecursionlimit(frames)
        self.flush()
        return self.finish()

    def walk(self, el, bold: bool, italic: bool, marked: bool) -> None:
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        style = el.get("style")
        marked = marked or el in self.marked or (style is not None and is_red_css(_style_color(style)))
        bold = bold or tag in BOLD or (style is not None and _style_bold(style))
        italic = italic or tag in ITALIC
        if tag == "br":
            self.segments.append(("\n", bold, italic, marked))
        elif tag in HEADINGS or tag == "dt":
            # a definition list's term names its definition, as a heading would
            self.flush()
            level = HEADINGS[tag] if tag in HEADINGS else self.heading_level + 1
            self.kind, self.level, self.anchor = "heading", level, el.get("id")
            if tag in HEADINGS:
                self.heading_level = level
            after_term = self.term == len(self.pending) - 1
            self.children(el, tag in HEADINGS or bold, italic, marked)
            self.flush()
            if tag == "dt" and after_term and self.term < len(self.pending) - 1:
                # terms that share one definition name one entry ("Cleave, Cleaving")
                segments = self.pending.pop()[3]
                self.pending[-1][3].extend([(", ", bold, italic, marked)] + segments)
            self.term = len(self.pending) - 1 if tag == "dt" else None
        elif tag == "tr" and len(cells := [c for c in el if isinstance(c.tag, str)
                                           and c.tag.lower() in CELLS]) == 2 \
                and cells[0].tag.lower() == "td":
            # a two-column row: a name (a term) and what it means
            self.flush()
            self.walk(cells[0], bold, italic, marked)
            self.row_name = "".join(s[0] for s in self.segments)
            self.walk(cells[1], bold, italic, marked)
            self.flush()
        elif tag == "tr" and self.flow is None and _group_row(el):
            # a row of header cells inside a table's body names the rows after it (a
            # part's number and title over its rules): a heading, as a <dt> is
            self.flush()
            self.kind, self.level, self.anchor = "heading", self.heading_level + 1, el.get("id")
            self.children(el, True, italic, marked)
            self.segments = [(" ", b, i, m) if t == "\n" else (t, b, i, m)
                             for t, b, i, m in self.segments]
            self.flush()
        elif tag == "li":
            self.flush()
            self.kind = "item"
            prefix = _ordinal(el, self.numbered)
            if prefix:
                self.segments.append((prefix + " ", bold, italic, marked))
                self.added.append(prefix)
            self.flowing(el, len(self.segments), bold, italic, marked)
            self.flush()
        elif tag in BLOCK_TAGS and self.flow is not None and tag not in STRUCTURES:
            # a paragraph inside a list item or a table cell (as generators wrap their
            # text) is a line of the item, not a block of its own
            if any(has_word(s[0]) for s in self.segments[self.flow:]):
                self.segments.append(("\n", bold, italic, marked))
            self.children(el, bold, italic, marked)
        elif tag in BLOCK_TAGS:
            self.flush()
            self.flowing(el, None if tag in STRUCTURES else self.flow, bold, italic, marked)
            self.flush()
        else:
            if tag in CELLS:
                self.segments.append((" ", bold, italic, marked))
                self.flowing(el, len(self.segments), bold, italic, marked)
            else:
                self.children(el, bold, italic, marked)

    def flowing(self, el, start: int | None, bold, italic, marked) -> None:
        """Walk `el`'s children with `start` as where the item or cell they are the text
        of opens among the segments (None: they are no item's or cell's text)."""
        outer, self.flow = self.flow, start
        self.children(el, bold, italic, marked)
        self.flow = outer

    def children(self, el, bold, italic, marked) -> None:
        if el.text:
            self.segments.append((_spaces(el.text), bold, italic, marked))
        for child in el:
            if isinstance(child.tag, str):
                self.walk(child, bold, italic, marked)
            if child.tail:
                self.segments.append((_spaces(child.tail), bold, italic, marked))

    def flush(self) -> None:
        """Close the block being filled; its text is normalized later, all at once."""
        segments, kind, level, anchor = self.segments, self.kind, self.level, self.anchor
        row_name, self.row_name = self.row_name, None
        self.segments, self.kind, self.level, self.anchor = [], "para", 0, None
        if not any(s[0].strip() for s in segments):
            return
        if kind == "heading":
            segments = [(" " if t == "\n" else t, b, i, m) for t, b, i, m in segments]
        self.pending.append((kind, level, anchor, segments, row_name))

    def finish(self) -> list[Block]:
        return to_blocks(self.pending)


def _group_row(tr) -> bool:
    """Is this table row all header cells, and neither the table's first row nor in its
    head (where a row of header cells names the columns), nor that row again?"""
    cells = [c for c in tr if isinstance(c.tag, str) and c.tag.lower() in CELLS]
    if not cells or any(c.tag.lower() != "th" for c in cells):
        return False
    parent = tr.getparent()
    if parent is None or not isinstance(parent.tag, str) or parent.tag.lower() == "thead":
        return False
    table = parent if parent.tag.lower() == "table" else parent.getparent()
    first = next((row for row in table.iter() if isinstance(row.tag, str)
                  and row.tag.lower() == "tr"), None) if table is not None else None
    # (the column headers again, as a long table repeats them, are no group's heading)
    return first is not None and first is not tr and _row_text(first) != _row_text(tr)


def _row_text(tr) -> str:
    return " ".join(" ".join(tr.itertext()).split())


def _spaces(text: str) -> str:
    """HTML white space is a space; runs of it are folded later, with the rest."""
    return text.replace("\n", " ").replace("\t", " ").replace("\r", " ").replace("\f", " ")


def _ordinal(li, numbered: dict) -> str | None:
    """"3." for the third item of an <ol>, honouring start/value/type; None for <ul>.
    `numbered` keeps each list's numbers, counted once for all its items."""
    parent = li.getparent()
    if parent is None or not isinstance(parent.tag, str) or parent.tag.lower() != "ol":
        return None
    if parent not in numbered:
        numbers, n = {}, _int(parent.get("start"), 1)
        for sib in parent:
            if isinstance(sib.tag, str) and sib.tag.lower() == "li":
                n = _int(sib.get("value"), n)
                numbers[sib] = n
                n += 1
        numbered[parent] = numbers
    style = li.get("type") or parent.get("type") or "1"
    return _format_ordinal(numbered[parent][li], style) + "."


def _format_ordinal(n: int, style: str) -> str:
    if style in ("a", "A") and 1 <= n <= 26:
        s = chr(ord("a") + n - 1)
        return s.upper() if style == "A" else s
    if style in ("i", "I") and 1 <= n < 4000:
        s = roman(n)
        return s.upper() if style == "I" else s
    return str(n)


def _int(value, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _style_color(style: str) -> str:
    m = _COLOR_DECL.search(style)
    return m.group(1) if m else ""


def _style_bold(style: str) -> bool:
    return bool(re.search(r"font-weight\s*:\s*(bold|[6-9]00)", style, re.I))
