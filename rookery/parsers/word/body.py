"""word/document.xml's body → blocks: paragraphs and table rows in reading order, each
as segments (text, bold, italic, marked) that blocks.to_blocks normalizes with the
HTML reader's rules, so a page and a Word file of one release agree to the character."""
from __future__ import annotations

from ..blocks import LINE_BULLET, RawDocument, is_name, to_blocks
from ..color import css_color, is_strong_red
from ..numbering import read_label
from ..text import read_text
from .styles import W, Numbering, Styles, run_props, val

# What a paragraph holds besides runs: containers whose runs are read as the paragraph's
# (hyperlinks, fields, content controls, smart tags, tracked insertions and moves in).
_CONTAINERS = {W + t for t in ("hyperlink", "fldSimple", "sdt", "sdtContent", "smartTag",
                               "customXml", "ins", "moveTo", "dir", "bdo")}
# Never text of the document: tracked deletions and moves out, and what floats apart
# from the text flow (drawings and text boxes, which repeat or decorate it).
_SKIPPED = {W + t for t in ("del", "moveFrom", "pPr", "rPr", "sdtPr", "sdtEndPr",
                            "drawing", "pict", "object")}
_ALTERNATE = "{http://schemas.openxmlformats.org/markup-compatibility/2006}AlternateContent"
_CHOICE = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Choice"
_FLOATING = {W + t for t in ("drawing", "pict", "object")}
_BREAKS = {W + t for t in ("p", "tab", "ptab", "br", "cr", "tc")}  # what parts words
MULTI_LEVEL = 2  # placeholders in a list level's text ("%1.%2.") that make numbered rules
NAME_WORDS = 6  # words a bold name over bold text has at most (a longer line is a sentence)
LABEL_WORDS = 4  # words a bold name over a colon, heading the text after it, has at most
# words a bold numbered paragraph may have and still head the deeper numbers under it
# (the PDF reader's heading_words: a longer block is a paragraph, whatever its type)
HEADING_WORDS = 25
BLANK_LINE = 2  # line breaks in a row that leave an empty line: a paragraph's end
UNMARKED = 3  # paragraphs enough to read a file without any styling by its lines


def read_body(body, styles: Styles, numbering: Numbering) -> RawDocument:
    """The body's blocks, with its text as the word account takes it (a piece per
    paragraph or table), what is left out (Word's own contents, hidden text, text boxes
    and drawings) and the list numbers Word prints but the text does not hold."""
    pending: list[tuple] = []
    carried: list[tuple] = []  # a paragraph whose mark was deleted runs into the next
    read = _Read()
    for k, el in enumerate(_flow(body)):
        read.source.append((f"paragraph {k + 1}", _text(el, read)))
        if el.tag == W + "tbl":
            pending += _table(el, styles, numbering, read)
            continue
        if _contents_entry(el, styles):
            read.furniture.append(("contents", read.source[-1][1]))
            continue  # Word's own table of contents repeats the headings
        kind, level, segments = _paragraph(el, styles, numbering, read)
        if _mark_deleted(el):
            carried += segments
            continue
        if carried:
            segments, carried = carried + segments, []
        pending += [(kind, level, None, _opened(part), None) for part in _blank_lines(segments)]
    if carried:
        pending.append(("para", 0, None, carried, None))
    if not any(kind == "heading" for kind, *_rest in pending):
        pending = _bold_headings(pending)
    pending = [("para", *rest) if kind == "row" else (kind, *rest) for kind, *rest in pending]
    blocks = to_blocks(pending)
    if len(blocks) >= UNMARKED and all(
            b.kind == "para" and not (b.lead or b.run_in or b.marks or b.emphasized)
            for b in blocks):
        # a file of plain paragraphs (text pasted into Word): its lines are its structure
        blocks = read_text("\n\n".join(b.text for b in blocks)).blocks
    return RawDocument(blocks=blocks, format="docx", source=read.source,
                       furniture=read.furniture, added=read.added)


def _bold_headings(pending: list[tuple]) -> list[tuple]:
    """A file that sets no heading in a heading style shows its headings in type alone:
    a short paragraph all in bold over text that is not, that names something (perhaps
    over a colon, a few words: "Setup:") or, as in
    the PDF reader, is numbered and has deeper numbers under it ("4. Controls:" over
    "4.1 ...": the colon introduces its rules, it does not make it a sentence). A name
    in bold, a few words, heads bold text too when that text is a list's item or more
    than a few words, or is a heading itself, the two names alone in a row ("The Game"
    over "Pitch Count"); three or more short bold names in a row are a list."""
    texts = ["".join(t for t, *_ in segments).strip() for _k, _l, _a, segments, _r in pending]
    names = [kind == "para" and _all_bold(segments) and is_name(text, NAME_WORDS)
             and not LINE_BULLET.match(text)
             for (kind, _l, _a, segments, _r), text in zip(pending, texts)] + [False]
    heads = [False] * (len(pending) + 1)
    for k in range(len(pending) - 2, -1, -1):
        kind, _level, _anchor, segments, _row = pending[k]
        if kind != "para" or not _all_bold(segments):
            continue
        nxt, below = pending[k + 1][3], texts[k + 1]
        if not _all_bold(nxt):
            heads[k] = is_name(texts[k]) or _heads_deeper(texts[k], nxt) or _labelled(texts[k])
        elif names[k]:
            # a heading over a heading, two names in a row (three or more are a list)
            pair = heads[k + 1] and not names[k + 2] and not (k and names[k - 1])
            heads[k] = bool(LINE_BULLET.match(below)) or not names[k + 1] or pair
    return [("heading", 1, *rest) if heads[k] else (kind, level, *rest)
            for k, (kind, level, *rest) in enumerate(pending)]


def _labelled(text: str) -> bool:
    """Is `text` a name of a few words over a colon ("Setup:", "Card Management:"), as a
    file with no heading styles heads its parts in bold?"""
    return text.endswith(":") and len(text.split()) <= LABEL_WORDS and is_name(text[:-1])


def _heads_deeper(text: str, nxt: list[tuple]) -> bool:
    """Is `text` a short numbered line, not a question, whose next paragraph's number
    is deeper than its own (its first subrule)?"""
    text = text.strip()
    own, below = read_label(text), read_label("".join(t for t, *_ in nxt).strip())
    return own is not None and below is not None and "\n" not in text \
        and not text.endswith("?") and len(text.split()) <= HEADING_WORDS \
        and len(below[0].parts) > len(own[0].parts)


def _all_bold(segments: list[tuple]) -> bool:
    words = [s for s in segments if any(c.isalnum() for c in s[0])]
    return bool(words) and all(s[1] for s in words)


class _Read:
    """What the reading keeps beside the blocks, for the word account."""

    def __init__(self):
        self.source: list[tuple[str, str]] = []
        self.furniture: list[tuple[str, str]] = []
        self.added: list[str] = []


def _text(el, read: _Read) -> str:
    """Every text run a paragraph or table holds (not its tracked deletions, nor the
    second form of a drawing Word keeps in two); text boxes and drawings are told to
    `read` as furniture, as the reader leaves them out."""
    parts: list[str] = []

    def visit(node, floating: bool) -> None:
        for child in node:
            tag = child.tag
            if tag in (W + "del", W + "moveFrom") or tag == _CHOICE:
                continue
            if tag == W + "t" and child.text:
                parts.append(child.text)  # (a word may run on from one run to the next)
                if floating:
                    read.furniture.append(("text boxes and drawings", child.text))
            elif isinstance(tag, str):
                if tag in _BREAKS:
                    parts.append(" ")
                visit(child, floating or tag in _FLOATING)

    visit(el, False)
    return "".join(parts)


def _flow(el):
    """Paragraphs and tables in reading order, through content controls and tracked
    insertions that wrap whole paragraphs."""
    for child in el:
        if child.tag in (W + "p", W + "tbl"):
            yield child
        elif child.tag in _CONTAINERS:
            yield from _flow(child)


def _contents_entry(p, styles: Styles) -> bool:
    return styles.paragraph(val(p.find(f"{W}pPr/{W}pStyle"))).contents


def _mark_deleted(p) -> bool:
    return p.find(f"{W}pPr/{W}rPr/{W}del") is not None


def _paragraph(p, styles: Styles, numbering: Numbering, read: _Read | None = None):
    """(kind, level, segments) of one paragraph; the list number it prints is told to
    `read`."""
    ppr = p.find(W + "pPr")
    style = styles.paragraph(val(None if ppr is None else ppr.find(W + "pStyle")))
    segments: list[tuple[str, bool, bool, bool]] = []
    _runs(p, styles, style.run, segments, read)
    text = "".join(s[0] for s in segments).strip()
    if _underlined(p, styles, style.run):  # set apart as a bold paragraph is
        segments = [(t, True, i, m) for t, _b, i, m in segments]
    kind, level = "para", 0
    outline = _outline(ppr, style.outline)
    if style.heading:
        kind, level = "heading", style.heading
    elif outline is not None and is_name(text):
        kind, level = "heading", outline + 2
    label = _list_label(ppr, style.numbering, numbering)
    if label is not None:
        printed, fmt, placeholders = label
        if kind != "heading":
            kind = "para" if placeholders >= MULTI_LEVEL else "item"
        if printed and text:
            bold, italic, marked = segments[0][1:] if segments else (False, False, False)
            segments.insert(0, (printed + " ", bold, italic, marked))
            if read is not None:
                read.added.append(printed)
    if kind == "heading":
        segments = [(" " if t == "\n" else t, b, i, m) for t, b, i, m in segments]
    return kind, level, segments


def _underlined(p, styles: Styles, base: dict) -> bool:
    """Is every run of the paragraph that prints words underlined (and none a link's,
    which is underlined as links are)?"""
    if p.find(f".//{W}hyperlink") is not None:
        return False
    found = False
    for r in p.iter(W + "r"):
        if not any(c.isalnum() for t in r.iter(W + "t") for c in (t.text or "")):
            continue
        rpr = r.find(W + "rPr")
        props = dict(base)
        props.update(styles.character(val(None if rpr is None else rpr.find(W + "rStyle"))))
        props.update(run_props(rpr))
        if not props.get("u"):
            return False
        found = True
    return found


def _outline(ppr, inherited: int | None) -> int | None:
    own = val(None if ppr is None else ppr.find(W + "outlineLvl"))
    level = int(own) if own and own.isdigit() else inherited
    return level if level is not None and level < 9 else None  # 9: body text


def _list_label(ppr, inherited, numbering: Numbering):
    """(printed number, format, placeholders in the level's text) of a list paragraph."""
    numpr = None if ppr is None else ppr.find(W + "numPr")
    num_id, ilvl = inherited if inherited else (None, 0)
    if numpr is not None:
        num_id = val(numpr.find(W + "numId")) or num_id
        own = val(numpr.find(W + "ilvl"))
        ilvl = int(own) if own and own.isdigit() else ilvl
    if not num_id or num_id == "0":
        return None
    label = numbering.label(num_id, ilvl)
    if label is None:
        return None
    printed, fmt = label
    return printed, fmt, numbering.placeholders(num_id, ilvl)


def _runs(el, styles: Styles, base: dict, out: list, read: _Read | None = None) -> None:
    for child in el:
        tag = child.tag
        if tag == W + "r":
            _run(child, styles, base, out, read)
        elif tag == _ALTERNATE:
            fallback = [c for c in child if c.tag.endswith("Fallback")]
            for c in fallback[:1]:
                _runs(c, styles, base, out, read)
        elif tag in _CONTAINERS:
            _runs(child, styles, base, out, read)


def _run(r, styles: Styles, base: dict, out: list, read: _Read | None = None) -> None:
    rpr = r.find(W + "rPr")
    props = dict(base)
    props.update(styles.character(val(None if rpr is None else rpr.find(W + "rStyle"))))
    props.update(run_props(rpr))
    if props.get("vanish"):
        if read is not None:
            read.furniture.append(("hidden text", " ".join(t.text or "" for t in r.iter(W + "t"))))
        return
    bold, italic, marked = bool(props.get("b")), bool(props.get("i")), _red(props.get("color"))
    for child in r:
        tag = child.tag
        if tag == W + "t":
            text = child.text or ""
        elif tag in (W + "tab", W + "ptab"):
            text = " "
        elif tag == W + "br":
            text = "" if val(child, "type") in ("page", "column") else "\n"
        elif tag == W + "cr":
            text = "\n"
        elif tag == W + "noBreakHyphen":
            text = "-"
        else:
            continue
        if text:
            out.append((text.replace("\t", " "), bold, italic, marked))


def _red(color: str | None) -> bool:
    if not color or color == "auto":
        return False
    rgb = css_color("#" + color)
    return rgb is not None and is_strong_red(rgb)


def _table(tbl, styles: Styles, numbering: Numbering, read: _Read | None = None
           ) -> list[tuple]:
    """A row per block ("row": no heading however it is set, but a row of one cell); a
    row of two cells names its second cell by its first, unless it is the header row
    that names the columns."""
    out = []
    for tr in tbl.iter(W + "tr"):
        if tr.getparent() is not None and _owner_table(tr) is not tbl:
            continue  # a nested table's rows come with their own cell
        cells = [tc for tc in tr if tc.tag == W + "tc"]
        row: list[list] = []
        for tc in cells:
            segments: list = []
            for p in tc.iter(W + "p"):
                if segments:
                    segments.append(("\n", False, False, False))
                segments += _paragraph(p, styles, numbering, read)[2]
            row.append(segments)
        filled = [c for c in row if any(s[0].strip() for s in c)]
        if not filled:
            continue
        header = tr.find(f"{W}trPr/{W}tblHeader") is not None  # column names, no term
        name = "".join(s[0] for s in row[0]) \
            if len(row) == 2 and row[0] in filled and not header else None
        kind = "row"  # cells side by side: no heading, whatever their type (a header row)
        if len(filled) == 1:  # beside empty cells (a picture's, a margin's): a paragraph
            filled, kind = [_opened(filled[0])], "para"
        segments = []
        for cell in filled:
            if segments:
                segments.append((" ", False, False, False))
            segments += cell
        out.append((kind, 0, None, segments, name if name and "\n" not in name.strip()
                    else None))
    return out


def _blank_lines(segments: list[tuple]) -> list[list[tuple]]:
    """A paragraph cut at its empty lines (two line breaks with nothing between): Word
    shows them as the gap between paragraphs, and a file converted from a web page or
    typed with Shift+Enter holds its paragraphs, headings among them, that way."""
    parts, current, breaks = [], [], 0
    for segment in segments:
        text = segment[0]
        if text == "\n":
            breaks += 1
        elif text.strip():
            if breaks >= BLANK_LINE and any(s[0].strip() for s in current):
                parts.append(current)
                current = []
            breaks = 0
        current.append(segment)
    return parts + [current]


def _opened(segments: list[tuple]) -> list[tuple]:
    """A paragraph's segments without the line breaks it opens with: Word shows them as
    an empty line above its first line of words, room and not text, so a bold name after
    them is still the paragraph's first line (as its PDF print reads)."""
    k = 0
    while k < len(segments) and not segments[k][0].strip(" \t\n"):
        k += 1
    return segments[k:] if any(s[0] == "\n" for s in segments[:k]) else segments


def _owner_table(tr):
    el = tr.getparent()
    while el is not None and el.tag != W + "tbl":
        el = el.getparent()
    return el
