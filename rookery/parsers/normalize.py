"""Text normalization shared by every parser, so that HTML and PDF agree to the character.

The normal form: one space between words, one newline between paragraphs / list items /
forced line breaks, straight quotes, plain hyphens for every dash, ligatures spelled out,
no soft hyphens or zero-width characters, and no space before closing punctuation or
after an opening bracket ("List ," and "( Westeros, 35)" are typesetting, not wording).

Publisher marks travel with the text as (start, end) spans, so every edit here maps them.
"""
from __future__ import annotations

import bisect
import re

# (NUL is dealt with apart: it joins the texts that normalize_many handles together)
_CONTROLS = "".join(chr(c) for c in [*range(0x01, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0)])
_ONE_TO_ONE = {
    # control characters are not text (and one can rewrite a terminal's title or break XML)
    **{c: " " for c in _CONTROLS},
    **{c: " " for c in "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
       "\u2008\u2009\u200a\u202f\u205f\u3000\t\r\f\v"},
    **{c: "'" for c in "\u2018\u2019\u201a\u201b\u2032\u02bc"},
    **{c: '"' for c in "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"},
    **{c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"},
}

_EXPAND = {
    "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
    "\ufb05": "st", "\ufb06": "st", "\u2026": "...",
    "\u00ad": "", "\u200b": "", "\u200c": "", "\u200d": "", "\u2060": "", "\ufeff": "",
    # direction marks, embeddings, overrides and isolates: invisible, and an override can
    # make a terminal or a page show text in another order than it reads
    **{c: "" for c in "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067"
       "\u2068\u2069"},
}
_EXPAND_RE = re.compile("[" + "".join(_EXPAND) + "]")

# (pattern, replacement) applied in order; replacements may use group references.
_RULES = [
    (_EXPAND_RE, lambda m: _EXPAND[m.group()]),
    (re.compile(r" {2,}"), " "),
    (re.compile(r" *\n[ \n]*"), "\n"),
    (re.compile(r" +(?=[,;:!?)\]]|\.(?!\.))"), ""),
    # the bracket kept (a lookbehind for it would be tried at every character)
    (re.compile(r"([(\[]) +"), lambda m: m.group(1)),
]
_ENDS = re.compile(r"^[ \n]+|[ \n]+$")
_SEP = "\x00"  # joins texts normalized together; never in a document's text

Span = tuple[int, int]


def normalize(raw: str, spans: list[Span] | tuple[Span, ...] = ()) -> tuple[str, list[Span]]:
    """Normalize raw text ("\\n" = a hard break) and map `spans` onto the result."""
    text = _translate(raw.replace(_SEP, " "))
    spans = list(spans)
    for pattern, repl in _RULES + [(_ENDS, "")]:
        if spans and pattern.search(text):
            text, spans = _tracked_sub(pattern, repl, text, spans)
        else:
            text = pattern.sub(repl, text)
    return text, close_gaps(text, merge_spans(spans))


def plain(text: str) -> str:
    """`text` in the normal form, on one line: for names that reach every output (a
    source's title in the configuration, say), so that they carry no control character
    or direction override either."""
    return normalize(text.replace("\n", " "))[0]


def normalize_many(items: list[tuple[str, list[Span] | tuple[Span, ...]]]
                   ) -> list[tuple[str, list[Span]]]:
    """`normalize` for many texts. Those without spans go through in one pass over their
    concatenation: a page has thousands of blocks, and a few regex passes over one
    string beat thousands of small ones."""
    plain = [k for k, (_raw, spans) in enumerate(items) if not spans]
    text = _translate(_SEP.join(items[k][0].replace(_SEP, " ") for k in plain))
    for pattern, repl in _RULES:
        text = pattern.sub(repl, text)
    out: list = [None] * len(items)
    for k, piece in zip(plain, text.split(_SEP)):
        out[k] = (piece.strip(" \n"), [])  # as _ENDS leaves a text normalized alone
    for k, (raw, spans) in enumerate(items):
        if spans:
            out[k] = normalize(raw, spans)
    return out


def _translate(text: str) -> str:
    for char, replacement in _ONE_TO_ONE.items():
        if char in text:
            text = text.replace(char, replacement)
    return text


def close_gaps(text: str, spans: list[Span]) -> list[Span]:
    """Join spans that only white space separates ("Drowned God Fanatic" + " " + "(Core, 1)")."""
    out: list[Span] = []
    for a, b in spans:
        if out and not text[out[-1][1]:a].strip():
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def merge_spans(spans: list[Span]) -> list[Span]:
    """Sorted, non-empty, non-overlapping spans (touching ones joined)."""
    out: list[list[int]] = []
    for a, b in sorted(s for s in spans if s[1] > s[0]):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def _tracked_sub(pattern: re.Pattern, repl, text: str, spans: list[Span]):
    starts, ends, deltas, pieces = [], [], [], []
    last, shift = 0, 0
    for m in pattern.finditer(text):
        new = repl(m) if callable(repl) else repl  # the rules' strings hold no group references
        pieces.append(text[last:m.start()])
        pieces.append(new)
        last = m.end()
        starts.append(m.start())
        ends.append(m.end())
        shift += len(new) - (m.end() - m.start())
        deltas.append(shift)
    if not starts:
        return text, spans
    pieces.append(text[last:])

    def move(pos: int) -> int:
        i = bisect.bisect_right(starts, pos) - 1
        if i < 0:
            return pos
        before = deltas[i - 1] if i else 0
        if pos < ends[i]:  # inside a replaced stretch: clamp to its replacement
            new_len = (ends[i] - starts[i]) + (deltas[i] - before)
            return starts[i] + before + min(pos - starts[i], new_len)
        return pos + deltas[i]

    return "".join(pieces), [(move(a), move(b)) for a, b in spans]
