"""Plain text → blocks.

The bytes are UTF-8 with or without a byte-order mark, UTF-16 with one, or Windows-1252;
line ends are LF, CRLF or CR. Structure comes from the text alone:

* blank lines separate blocks; in a text that leaves them out, where a paragraph ends
  is read off the lines themselves (see wrapping.py), and an entry that opens on the
  line after the last one, by the document's numbering or its glossary's order (see
  entries.py);
* a block of one short line that does not end like a sentence is a heading ("Glossary",
  "1. Game Concepts", "702.2. Deathtouch"), as are Markdown-style "# Title" lines and
  lines underlined with "===" or "---"; a numbered heading's level comes from how its
  number relates to the numbers above it (numbering.Nesting), an unnumbered one is a
  top-level heading;
* a block whose first line is a short name followed by more lines is an entry named by
  that line ("Abandon" then its definition, in a glossary);
* inside a block a line either wraps (the next line's first word would not have fitted
  on it) or ends with a forced break; a word hyphenated at a wrap is joined when the
  document spells it whole elsewhere, and a hyphen before a capital is kept
  ("Two-Headed");
* lines that all start with a bullet or a list number are list items.

Numbered paragraphs ("100.1a A two-player game...") become sections in the outline, as
they do from any format. Text that keeps its page's layout (running feet, columns of
spaces, hanging indents: what `pdftotext -layout` writes) is read by layout.py instead.
"""
from __future__ import annotations

import re
from collections import Counter

from .. import limits
from ..blocks import LINE_BULLET, Block, RawDocument, is_name
from ..normalize import normalize_many
from ..numbering import Nesting, read_label
from . import entries, layout
from .wrapping import breaks, cut, measure, title_like, unspaced

_ORDINAL = re.compile(r"^\s*(?:\d{1,3}|[a-z])[.)]\s+")
_UNDERLINE = re.compile(r"^\s*(=+|-+)\s*$")
_ATX = re.compile(r"^\s*(#{1,6})\s+(.*?)\s*#*\s*$")
_WORDS = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def decode(data: bytes, strict: bool = False) -> str | None:
    """Bytes as text: a byte-order mark decides, else UTF-8, else Windows-1252. With
    `strict`, None for bytes that are not text at all (control bytes, NULs)."""
    if data.startswith(b"\xef\xbb\xbf"):
        text = data[3:].decode("utf-8", "replace")
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", "replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            if strict and e.start >= len(data) - 3:  # a sample cut inside a character
                text = data[:e.start].decode("utf-8")
            else:
                text = data.decode("cp1252", "replace")
    if strict and _binary(text):
        return None
    return text


class _Vocabulary:
    """How often the document spells each word, counted the first time it is asked
    (only a text hyphenated at a wrap asks)."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.counts: Counter | None = None

    def __getitem__(self, word: str) -> int:
        if self.counts is None:
            self.counts = Counter(w.lower() for line in self.lines for w in _WORDS.findall(line))
        return self.counts[word]


def _binary(text: str) -> bool:
    if not text or "\x00" in text:
        return True
    odd = sum(1 for c in text if (ord(c) < 32 and c not in "\t\n\r\f\v") or c == "\ufffd")
    return odd > 0.01 * len(text)


def read(data: bytes, options) -> RawDocument:
    """The reader's entry point (see parsers.READERS)."""
    limits.TEXT_BYTES.check(len(data))
    return read_text(decode(data) or "")


def read_text(text: str) -> RawDocument:
    """Blocks from text whose structure is in its lines alone."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").expandtabs(8).split("\n")
    lines = [line.rstrip() for line in lines]
    source = [(f"line {k + 1}", line) for k, line in enumerate(lines) if line]
    laid_out = layout.read(lines)
    if laid_out is not None:
        rows, feet = laid_out
        raw = _read_laid_out(rows)
        raw.source = source
        raw.furniture = [("running heads and page numbers", line) for line in feet]
        return raw
    groups = _groups(lines)
    width = measure(lines)
    spaced = not unspaced(groups, width)
    if spaced:
        runs = [(group, breaks(group, width)) for group in groups]
    else:  # no blank lines between paragraphs: read where they end
        runs = cut(groups, width)
    runs = entries.split(runs, spaced)  # entries that open with no blank line before them
    vocabulary = _Vocabulary(lines)
    raw: list[tuple[str, int, str]] = []  # (kind, level, text with "\n" for forced breaks)
    nesting = Nesting()
    standalone = 0  # level of the last heading that stood alone
    for group, wrapped in runs:
        for kind, level, body in _blocks(group, wrapped, vocabulary, nesting, standalone):
            raw.append((kind, level, body))
            if kind == "standalone":
                standalone = level
    raw = [("heading" if kind == "standalone" else kind, level, body)
           for kind, level, body in raw]
    texts = normalize_many([(body, []) for _kind, _level, body in raw])
    blocks = [Block(kind=kind, text=text, level=level)
              for (kind, level, _body), (text, _marks) in zip(raw, texts) if text]
    return RawDocument(blocks=blocks, format="text", source=source)


def _read_laid_out(rows: list[layout.Row]) -> RawDocument:
    """Blocks from the rows of text that keeps its page's layout (see layout.py)."""
    vocabulary = _Vocabulary([row.text for row in rows])
    raw: list[tuple[str, int, str, str | None]] = []
    found = layout.levels(layout.paragraphs(rows))
    for k, (kind, level, para) in enumerate(found):
        following = found[k + 1][2][0].text if k + 1 < len(found) else ""
        lead = para[0].text if kind == "para" and _names_what_follows(para, following) else None
        lines = [row.text for row in para]
        if kind == "para" and LINE_BULLET.match(lines[0]):
            kind, lines[0] = "item", LINE_BULLET.sub("", lines[0])  # a bullet only marks an item
        out = joined(lines, [layout.wraps(prev, row) for prev, row in zip(para, para[1:])],
                     vocabulary)
        raw.append((kind, level, out, lead))
    texts = normalize_many([(body, []) for _kind, _level, body, _lead in raw])
    blocks = [Block(kind=kind, text=text, level=level,
                    lead=normalize_many([(lead, [])])[0][0] if lead else None)
              for (kind, level, _body, lead), (text, _marks) in zip(raw, texts) if text]
    return RawDocument(blocks=blocks, format="text")


def _names_what_follows(para: list[layout.Row], following: str) -> bool:
    """Is the paragraph's first row a name over what it names: a term on a line of its
    own over its definition, or a name over a list or a term's numbered senses that
    come next?"""
    first = para[0]
    if not layout.name_line(first) or LINE_BULLET.match(first.text):
        return False
    if len(para) > 1:
        return not layout.wraps(first, para[1])
    return bool(LINE_BULLET.match(following)) or _sense(following)


def _sense(line: str) -> bool:
    """Does the line open a numbered sense of a term ("1. noun. ...") rather than a
    section: a number in one part before a sentence, which no outline takes for a
    section without a title?"""
    read = read_label(line)
    return read is not None and len(read[0].parts) == 1 and not is_name(read[1])


def _groups(lines: list[str]) -> list[list[str]]:
    """Runs of non-blank lines."""
    out, current = [], []
    for line in lines:
        if line.strip():
            current.append(line)
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def _blocks(group: list[str], wrapped: list[bool], vocabulary: _Vocabulary,
            nesting: Nesting, standalone: int):
    """(kind, level, text) for one group of lines, `wrapped[k]` where line k wraps onto
    the next; a heading that stands on its own (not the name line of an entry) is of
    kind "standalone"."""
    if len(group) >= 2 and _UNDERLINE.match(group[1]) and len(group[1].strip()) >= 3 \
            and not _UNDERLINE.match(group[0]):
        nesting.reset()
        yield "standalone", 1 if group[1].strip()[0] == "=" else 2, group[0].strip()
        if len(group) > 2:
            yield from _blocks(group[2:], wrapped[2:], vocabulary, nesting, standalone)
        return
    atx = _ATX.match(group[0])
    if atx:
        nesting.reset()
        yield "standalone", len(atx.group(1)), atx.group(2)
        if len(group) > 1:
            yield from _blocks(group[1:], wrapped[1:], vocabulary, nesting, standalone)
        return
    first = group[0].strip()
    if len(group) == 1 and title_like(first):
        read = read_label(first)
        if read is not None and read[1]:
            yield "standalone", nesting.level(read[0]), first
        else:
            nesting.reset()
            yield "standalone", 1, first
        return
    if all(LINE_BULLET.match(line) or _ORDINAL.match(line) for line in group):
        for line in group:
            yield "item", 0, LINE_BULLET.sub("", line).strip()
        return
    # a name line ends by force (the next word would have fitted), unlike a wrapped line
    if len(group) > 1 and title_like(first) and not wrapped[0] \
            and read_label(first) is None \
            and ":" not in first and not first.endswith("?"):
        yield "heading", standalone + 1, first
        group, wrapped = group[1:], wrapped[1:]
    yield "para", 0, joined([line.strip() for line in group], wrapped, vocabulary)


def joined(lines: list[str], wraps: list[bool], vocabulary: _Vocabulary) -> str:
    """Lines as one paragraph: where `wraps[k]` a wrap between lines k and k+1 becomes a
    space (or rejoins a hyphenated word), elsewhere a forced break "\n". Each step looks
    at the two lines it joins only, so a long paragraph takes time in proportion."""
    parts = [lines[0]]
    for k in range(1, len(lines)):
        prev, nxt = lines[k - 1], lines[k]
        if not wraps[k - 1]:
            parts.append("\n" + nxt)
        elif re.search(r"[^\W\d_]-$", prev) and nxt[:1].islower():
            parts[-1] = parts[-1][:-1]  # the hyphen goes, unless the word keeps it
            parts.append(("-" if _keeps_hyphen(prev, nxt, vocabulary) else "") + nxt)
        elif re.search(r"[^\W\d_]-$", prev) and nxt[:1].isupper():
            parts.append(nxt)  # "Two-" "Headed": no word breaks before a capital
        else:
            parts.append(" " + nxt)
    return "".join(parts)


def _keeps_hyphen(before: str, after: str, vocabulary: _Vocabulary) -> bool:
    """A hyphen at a wrap is the word's own unless the document spells the word whole."""
    left = re.search(r"([^\W\d_]+)-$", before)
    right = re.match(r"([^\W\d_]+)", after)
    if not left or not right:
        return True
    whole, kept = (left.group(1) + right.group(1)).lower(), \
        f"{left.group(1)}-{right.group(1)}".lower()
    return vocabulary[kept] >= vocabulary[whole]
