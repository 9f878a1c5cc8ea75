"""Lines in reading order → blocks: headings, paragraphs, list items and table rows.

Typography stands in for markup (see typography.py). Lines are gathered into blocks of
one style; a block ends where the line spacing opens up, where a list marker or a
section number opens a line after one that stopped short, where a first line is
indented, or where the style changes; across a column or page break it goes on when
the last line was full. A block set apart from the body is a heading when it is short
and does not end like a sentence; a question set apart is a FAQ question; a single line
at the body's size set apart (a bold name) followed at once by body text names that
text (an erratum's card, a list's group). Inside a block, a line that stops short of the
column edge (the next word would have fit) ends with a forced line break; a full line
wraps. Each block's text is put together from its lines in finishing.py.
"""
from __future__ import annotations

import functools
import re
from collections import Counter

from ..blocks import ENDS_CLAUSE, ENDS_LIKE_A_SENTENCE, LINE_BULLET, RELATION, Block
from ..lexicon import lexicon_of
from ..meta import is_date_only
from ..normalize import normalize_many
from ..numbering import read_label
from . import repair, spacing, tables
from .finishing import BULLET, finish
from .glyphs import Glyph, texts
from .lines import Line, LineBlock, TextLine
from .settings import SETTINGS as S
from .typography import (body_colour, body_style, counts, line_style, mark_colours,
                         other_forms, rank, same_size, settle_sizes, stands_apart,
                         usual_widths)

_ORDINAL = re.compile(r"^(\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,6})[.)]\s")
_LETTER_HYPHEN = re.compile(r"[^\W\d_]-$")  # a line that ends in a letter and a hyphen


def build_blocks(lines: list[Line], furniture: list | None = None,
                 styled: list | None = None) -> list[Block]:
    """The blocks of the lines in reading order; what is left out on purpose (a table's
    header row repeated after a page break) is told to `furniture` as (reason, text), and
    the short lines set in the larger type of the document's headings that stay text are
    told to `styled` (what the check holds the reading to: see _styled_as_headings)."""
    glyph_lines = [_glyphs(line) for line in lines]
    # advances judged at the sizes the glyphs were drawn at, before sizes settle
    usual = usual_widths(glyph_lines)
    in_other_forms = {id(gs) for gs, other in zip(glyph_lines, other_forms(glyph_lines, usual))
                      if other}
    settle_sizes(glyph_lines)
    repair.drawn_soft_hyphens(glyph_lines, usual)
    compound = repair.compound_hyphens(glyph_lines)
    kept = [repair.plain_hyphen_at_end(glyphs) in compound for glyphs in glyph_lines]
    # each line's letters and digits by colour, once for both questions below
    colours = [counts([glyphs], "color", alnum_only=True) for glyphs in glyph_lines]
    colour = body_colour(colours)
    marks = mark_colours(colours, colour)
    line_texts = texts(glyph_lines)
    words, free = repair.vocabularies(line_texts)
    lexicon = functools.cache(lambda: lexicon_of(words))  # loaded only if a question needs it
    if repair.repair_ligatures(glyph_lines, words, line_texts, lexicon):
        line_texts = texts(glyph_lines)  # glyphs that had no text have letters now
    facts = []
    for line, glyphs, keeps, text in zip(lines, glyph_lines, kept, line_texts):
        text = text.strip()
        if text:
            style = line_style(glyphs, colour, marks)
            if line.small_caps and not style.caps:
                # the rest of a line in small capitals: its letters all small ones
                style = style._replace(caps="small")
            facts.append(TextLine(line, glyphs, text, style, False, keeps))
    if not facts:
        return []
    body = body_style([(f.style, sum(map(str.isalnum, f.text))) for f in facts])
    for f in facts:
        f.apart = stands_apart(f.style, body)
        if not f.apart and not f.style.caps and id(f.glyphs) in in_other_forms:
            # the font's own small capitals: the text layer shows lower case
            f.style = f.style._replace(caps="small")
            f.apart = True
    spacing.narrow_boxes(facts)
    pitch = spacing.pitches(facts)
    blocks = _segment(facts, pitch, furniture if furniture is not None else [])
    for b in blocks:
        _settle_near_misses(b)
    # a type is a heading type when it mostly sets lines that stand alone as headings
    # would: not one used mostly to name the text after it (card names), nor one that
    # mostly sets sentences and lists (italics for examples and card lists)
    named = Counter(b.lines[0].style for b in blocks if b.lead)
    alone = Counter(b.lines[0].style for b in blocks if _candidate(b))
    prose = Counter(b.lines[0].style for b in blocks
                    if b.lines[0].apart and not b.lead and not _candidate(b)
                    and names_something(b.lines[0].text))  # (a bold figure is no prose)
    heads = {style for style, n in alone.items() if n > named[style] and n > prose[style]}
    captions = _captions(blocks, heads, body)
    kinds = ["para" if id(b) in captions else _kind(b, blocks[k + 1] if k + 1 < len(blocks)
                                                    else None, heads)
             for k, b in enumerate(blocks)]
    headings = [b for b, k in zip(blocks, kinds) if k == "heading"]
    if styled is not None:
        styled += _styled_as_headings(blocks, kinds, headings, body)
    levels = rank([b.lines[0].style for b in headings], [_depth(b.lines[0]) for b in headings])
    breaks, wraps = [], 0
    for b in blocks:
        for k, join in enumerate(b.joins):
            wraps += join != "\n"
            if join == "-":
                breaks.append(repair.split_word(b.lines[k].text, b.lines[k + 1].text))
    soft = repair.hyphenates(breaks, wraps, words)
    finished = [finish(b, kind, levels, (words, free, lexicon), soft)
                for b, kind in zip(blocks, kinds)]
    # every block's text normalized at once: a few passes over the document's text beat
    # a few thousand over a block's each
    for (block, _raw, _marks), (text, marks) in zip(
            finished, normalize_many([(raw, marks) for _block, raw, marks in finished])):
        block.text, block.marks = text, marks
    return [block for block, _raw, _marks in finished]


def _styled_as_headings(blocks: list[LineBlock], kinds: list[str],
                        headings: list[LineBlock], body) -> list[str]:
    """The first lines of blocks left as text that are short and set in a type larger
    than the body's that two or more headings are set in: headings the rules missed (a
    name ending in a colon read as a lead-in), or a heading's type used for text."""
    typed = Counter(b.lines[0].style for b in headings)
    return [b.lines[0].text for b, kind in zip(blocks, kinds)
            if kind != "heading" and typed[b.lines[0].style] >= 2
            and b.lines[0].style.size > body.size
            and len(b.lines[0].text.split()) <= S.styled_words]


# a caption's label: a word, then a number counting the figures or tables ("Figure 2.",
# "Tabelle 3:", "図4")
_LABELLED = re.compile(r"^([^\W\d_]+)\.?\s*(\d+(?:\.\d+)*)(?:[.:]|\s|$)")


def _captions(blocks: list[LineBlock], heads: set, body) -> set[int]:
    """Captions set alone in a heading's type: lines in an italic type, not bold, no
    larger than the body, that open with one word and a number counting up ("Figure 1.",
    "Figure 2."), two or more in that type. A caption stays with the text it sits in,
    as it does on the web page the same source makes (the type's other lines, a block's
    title, are judged as before)."""
    found: dict = {}
    for b in blocks:
        style = b.lines[0].style
        if style in heads and style.italic and not style.bold and style.size <= body.size \
                and _candidate(b):
            label = _LABELLED.match(b.lines[0].text)
            if label is not None:
                found.setdefault((style, label.group(1).casefold()), []).append((b, label))
    out: set[int] = set()
    for labelled in found.values():
        counted = [tuple(int(n) for n in label.group(2).split(".")) for _b, label in labelled]
        if len(labelled) >= S.caption_lines and counted == sorted(counted):
            out.update(id(b) for b, _label in labelled)
    return out


def _glyphs(line: Line) -> list[Glyph]:
    """The line's glyphs, a space between its fragments."""
    out: list[Glyph] = []
    for frag in line.fragments:
        if out:
            g = out[-1]
            out.append(Glyph(" ", g.x1, frag.x0, g.top, g.bottom, g.size, g.family, g.bold,
                             g.italic, None))
        out.extend(frag.glyphs)
    return out


# ---------------------------------------------------------------- segmentation

def _segment(facts: list[TextLine], pitch: dict, furniture: list) -> list[LineBlock]:
    blocks: list[LineBlock] = []
    table_head = None  # the first row of the table being read
    rows = tables.row_lines(facts)
    printed: dict[int, tuple[TextLine, TextLine]] = {}  # a wrapped row → its first, last lines
    for k, f in enumerate(facts):
        prev = blocks[-1] if blocks else None
        if len(blocks) > 1 and blocks[-2].kind == prev.kind == "row" and not f.line.ruled:
            row, above = prev.lines[-1], blocks[-2].lines[-1]
            first, last = printed.get(id(row), (row, row))
            if tables.wraps_cells(printed.get(id(above), (above,))[0], first, last, f,
                                  spacing.close(last, f, pitch)):
                line = tables.with_wrapped_cells(row, f)
                glyphs = _glyphs(line)
                prev.lines[-1] = TextLine(line, glyphs, "".join(g.text for g in glyphs).strip(),
                                       row.style, row.apart)
                printed[id(prev.lines[-1])] = (first, f)
                continue
        if k in rows:
            if f.line.first_in_column and f.text == table_head:
                furniture.append(("repeated table header", f.text))
                continue  # the table's header row, repeated after a page break
            if prev is None or prev.kind != "row":
                table_head = f.text
            blocks.append(LineBlock("row", [f]))
            continue
        if prev is not None and prev.kind != "row" and _continues(prev, f, pitch):
            prev.joins.append(_join(prev, f))
            prev.lines.append(f)
        elif prev is not None and _names(prev, f, pitch):
            prev.lead = True  # a name line, and the text it names
            prev.joins.append("\n")
            prev.lines.append(f)
        else:
            blocks.append(LineBlock("item" if _is_item_start(f) else "para", [f]))
    return blocks


def _continues(block: LineBlock, f: TextLine, pitch: dict) -> bool:
    last = block.lines[-1]
    if block.lines[0].apart and not block.lead:
        # a heading, a name or a question wraps onto a next line of its type at the
        # usual spacing, into other type of its size and case when the line is full (a
        # card's name whose set is in italics), or into the next column; a numbered
        # heading does not wrap onto a line that opens with a number of its own, nor
        # into a capital in other type (the question a numbered entry's title names),
        # unless the line before it is full and runs on mid-sentence: then the number
        # is a cross-reference the wrap carried to the line's start ("... in section"
        # over "2.1. Then ..."), in the same type at the usual spacing; nor does any
        # heading wrap onto a dotted number ("4 Results" centred over "4.1 Points")
        numbered = _starts_numbered(block.lines[0])
        if (numbered and _starts_numbered(f) or _dotted(f)) and not (
                f.style == last.style and spacing.is_full(last, f)
                and not ENDS_CLAUSE.search(last.text) and spacing.close(last, f, pitch)):
            return False
        if spacing.new_column(last, f):
            return f.style == last.style and spacing.is_full(last, f)
        if f.style != last.style:
            return not (numbered and f.text[:1].isupper()) \
                and len(block.lines) <= S.styled_wrap \
                and f.apart and same_size(f.size, last.size) \
                and f.style.caps == last.style.caps \
                and not (f.style.bold and not last.style.bold) and spacing.is_full(last, f) \
                and spacing.close(last, f, pitch) and not ENDS_CLAUSE.search(last.text)
        if not spacing.is_full(last, f, slack=S.stopped_short * last.size) \
                and not spacing.centred(last):
            return False  # a line that stopped well short of the edge: a heading ends
        # (at a heading's own leading, or at the text's usual one: a word processor
        # leads lines by its fonts' line gaps, for some faces over half an em)
        return f.base - last.base <= S.heading_leading * max(last.tallest, f.tallest) \
            or spacing.close(last, f, pitch)
    if not same_size(f.size, last.size):
        return False
    full = spacing.is_full(last, f)
    if spacing.new_column(last, f):
        # carry on past a column break a full line, into a line of the same type; and a
        # named list (a group's cards, one a line) goes on in its type
        same = f.style == last.style and not BULLET.match(f.text)
        if full:
            return same and not (_starts_numbered(f) and ENDS_CLAUSE.search(last.text))
        return same and block.lead and len(block.lines) > 1 and not _starts_numbered(f)
    if f.apart and f.style != last.style and not (full and spacing.close(last, f, pitch)):
        return False  # type set apart after a line that stopped short: something new
    if f.style.bold and not last.style.bold:
        return False  # a bold line after roman type names the next entry
    # (a line of italics or bold that a full line wraps into is part of the paragraph)
    if last.text.endswith("?") and f.style != last.style:
        return False  # the answer after its question
    if BULLET.match(f.text):
        return False  # no wrapped line starts with a bullet
    if (_is_item_start(f) or _starts_numbered(f)) and (not full or ENDS_CLAUSE.search(last.text)):
        return False  # a number after a line that ended a sentence, or stopped short
    if block.kind != "item" and spacing.indented(f) and not spacing.indented(last) and full \
            and not _under_hang(block, f):
        return False  # a first line set in: a new paragraph, however full the last line
    return spacing.close(last, f, pitch)


def _under_hang(block: LineBlock, f: TextLine) -> bool:
    """Does `f` start where the text after the label opening the block starts: a rule's
    wrapped line in a hanging indent ("1.1  The game ..." over "     on a square ...")?"""
    hang = block.lines[0].hang
    return hang is not None and abs(f.x0 - hang) <= S.hang * f.size


def _names(block: LineBlock, f: TextLine, pitch: dict) -> bool:
    """Is `block` a name (a line or two in bold, at the body's size) that `f`, in other
    type, follows at once: an erratum's card name, a list's group?"""
    if len(block.lines) > S.name_lines or block.kind != "para" or block.lead:
        return False
    name, last = block.lines[0], block.lines[-1]
    if _starts_numbered(name) or LINE_BULLET.match(name.text) or _dotted(f):
        return False  # a numbered line heads its section, however close its text follows;
        # a list's item is no name, whatever its type ("- Substitutions are made so:");
        # a dotted number opens a section of its own ("4 Results" over "4.1 Points")
    if not (name.apart and name.style.bold) or f.style == last.style \
            or not names_something(name.text) \
            or not same_size(name.size, _capitals_size(f)) \
            or ENDS_CLAUSE.search(last.text) and not last.text.endswith(":"):
        return False  # a name does not end like a sentence (a group's may end with ":")
    # a name line left alone at a column's foot introduces the next column's text
    return spacing.new_column(last, f) or spacing.close(last, f, pitch)


def _capitals_size(f: TextLine) -> float:
    """The line's size, for small capitals the size of their capitals: a question in
    small capitals is set in the body's size, most of its letters smaller."""
    if f.style.caps != "small":
        return f.size
    return max((g.size for g in f.glyphs if g.text.strip()), default=f.size)


def _candidate(b: LineBlock) -> bool:
    """Could the block be a heading: set apart, short, not a sentence or a question?"""
    first = b.lines[0]
    if b.kind == "row" or b.lead or not first.apart:
        return False
    text = " ".join(f.text for f in b.lines)
    short = len(b.lines) <= S.heading_lines and len(text.split()) <= S.heading_words
    # a heading is not a sentence, unless its number says it heads a section anyway; nor
    # a list's item ("- Substitutions are made as follows:", set in the body's type)
    return short and not text.endswith("?") and names_something(text) \
        and not LINE_BULLET.match(text) and (
        not ENDS_LIKE_A_SENTENCE.search(text) or _starts_numbered(first))


_WORD = re.compile(r"[^\W\d_]{2,}")
# a link: a scheme, "www." or an "@" in one word; or a host name alone, its labels in
# lower case and dotted, maybe with a path ("example.org/rules.pdf", the tail of an
# address broken at a line's end)
_LINK = re.compile(r"^(?:\S*(?:://|www\.|@)\S*|(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#]\S*)?)$")


def names_something(text: str) -> bool:
    """Could the text name a section: a word of two letters or more (or one capital: a
    glossary's letter), and not a link, a date alone nor a formula? A number, a symbol, a
    URL, a date or a formula set apart (a table's bold figure, a bullet in a symbol font,
    a link in colour, a title page's date, a worked sum) heads nothing."""
    text = text.strip()
    if _LINK.match(text) or is_date_only(text) or RELATION.search(text):
        return False  # (a date on a title page dates the release: the front matter's; a
        # formula set apart on a line of its own is the text's)
    return bool(_WORD.search(text)) or (len(text) == 1 and text.isupper())


def _kind(b: LineBlock, nxt: LineBlock | None, heads: set) -> str:
    if not _candidate(b):
        return b.kind
    first = b.lines[0]
    if first.style not in heads:
        return "para"
    if ENDS_LIKE_A_SENTENCE.search(b.lines[-1].text) and not _heads(b, nxt):
        return "para"  # a numbered sentence with nothing under it: a rule, not a heading
    if nxt is not None and nxt.lines[0].style == first.style and not nxt.lead and \
            _kind(nxt, None, heads) != "heading" and not nxt.lines[-1].text.endswith("?"):
        return "para"  # more lines of its own type follow it (not a question it names)
    return "heading"


def _heads(b: LineBlock, nxt: LineBlock | None) -> bool:
    """Does something come under `b`: body text, or a deeper number than its own?"""
    if nxt is None:
        return False
    depth, below = _depth(b.lines[0]), _depth(nxt.lines[0])
    if below is None:
        return not nxt.lines[0].apart
    return depth is not None and below > depth


def _is_item_start(f: TextLine) -> bool:
    return bool(_ORDINAL.match(f.text) or BULLET.match(f.text))


def _depth(f: TextLine) -> int | None:
    read = read_label(f.text)
    return len(read[0].parts) if read else None


def _starts_numbered(f: TextLine) -> bool:
    return read_label(f.text) is not None


def _dotted(f: TextLine) -> bool:
    """Does the line open with a number of two parts or more ("4.1", "2.3.a")?"""
    read = read_label(f.text)
    return read is not None and len(read[0].parts) > 1


def _settle_near_misses(block: LineBlock) -> None:
    """A wrap where the next word missed the line by about its space is as likely a
    forced break: in a block whose other lines mostly break where they end (a list,
    one name a line), it is one too."""
    joins = block.joins[1:] if block.lead else block.joins
    first = 1 if block.lead else 0
    forced = sum(j == "\n" for j in joins)
    for k, join in enumerate(joins):
        if join != " " or forced < S.forced_breaks or 2 * forced <= len(joins) - 1:
            continue  # the other breaks are not mostly forced (or too few to say)
        last, nxt = block.lines[first + k], block.lines[first + k + 1]
        # (the word missed by no more than the least room a space takes)
        if last.line.column[1] - last.x1 >= nxt.first_word - S.space_room * last.size:
            block.joins[first + k] = "\n"


def _join(block: LineBlock, nxt: TextLine) -> str:
    last = block.lines[-1]
    if not spacing.is_full(last, nxt):
        return "\n"  # stopped short
    own = block.joins[1:] if block.lead else block.joins  # not the name line's break
    if own and own[-1] == "\n" and last.line.column[1] - last.x1 >= nxt.first_word:
        # the next word would only just not fit with its space: in a block whose lines
        # break where they end (a list, one name a line) this one does too
        return "\n"
    if last.text.endswith("-") and _LETTER_HYPHEN.search(last.text) and (
            nxt.text[:1].islower() or last.text.isupper() and nxt.text[:1].isupper()):
        return "-"  # a word broken (in lower case, or in a line of capitals), or a compound
    return " "
