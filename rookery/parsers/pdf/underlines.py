"""Words a drawn line underlines are set apart, as bold words are.

A word processor's heading may be set in the body's type and underlined: the underline
is no part of the text but a thin rule drawn just under the baseline (rulings.py reads
the page's rules), from where the words start to where they end. A line underlined
whole that names something (a few words, not a sentence) is read as bold, so that the
paragraph rules see it set apart; a rule that runs on past the words (a separator, a
table's line, a box) underlines nothing, and words underlined inside a line, a
sentence's line, an aside in brackets and a link's address are no heading.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..blocks import is_name

from .glyphs import Fragment
from .rulings import Rule
from .settings import SETTINGS as S

# a link's address, underlined as links are ("https://...", "www.", "site.com/page", mail)
_ADDRESS = re.compile(r"://|www\.|@|[\w-]\.[a-z]{2,}/", re.I)


def mark_underlined(frags: list[Fragment], across: list[Rule]) -> None:
    """Set the glyphs of `frags` (one page's) that one of the page's horizontal rules
    (`across`) underlines in bold."""
    if not across or not frags:
        return
    rules = sorted(across)
    ats = [r.at for r in rules]
    under: dict[Rule, list[Fragment]] = {}
    for f in frags:
        reach = S.underline_reach * f.size
        k = bisect_left(ats, f.base)
        while k < len(rules) and rules[k].at - f.base <= S.underline_gap * f.size:
            r = rules[k]
            if r.at > f.base and r.start - reach <= f.x0 and f.x1 <= r.end + reach:
                under.setdefault(r, []).append(f)
                break
            k += 1
    lines: dict[float, list[Fragment]] = {}  # the page's fragments by baseline
    for f in frags:
        lines.setdefault(round(f.base), []).append(f)
    for r, words in under.items():
        reach = S.underline_reach * min(f.size for f in words)
        text = " ".join(f.text for f in sorted(words, key=lambda f: f.x0))
        if abs(min(f.x0 for f in words) - r.start) > reach \
                or abs(max(f.x1 for f in words) - r.end) > reach:
            continue  # the rule runs on past the words: no underline
        if _ADDRESS.search(text) or not is_name(text, S.underline_words) \
                or text.startswith(("(", "[")) or _beside(words, lines):
            continue  # a link, a sentence's line, an aside, words inside a line
        for f in words:
            for g in f.glyphs:
                g.bold = True


def _beside(words: list[Fragment], lines: dict[float, list[Fragment]]) -> bool:
    """Are there other words on the underlined words' line? (Then they are a phrase
    underlined inside it, no line set apart.)"""
    mine = {id(f) for f in words}
    base = round(words[0].base)
    return any(id(f) not in mine and abs(f.base - words[0].base) <= S.underline_gap * f.size
               for b in (base - 1, base, base + 1) for f in lines.get(b, ()))
