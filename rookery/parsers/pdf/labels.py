"""Rule numbers and list marks set in a column of their own: at a tab stop or in a hanging
indent, "1.1" at the margin and its text at the next stop, the text's wrapped lines
under the text, not under the number.

Such a page shows a valley between the numbers and the text, as two columns would, and a
number and its text are two fragments on one baseline, as two cells of a table would be.
What tells them apart is the page's own evidence: the narrow column holds nothing but
labels (numbers, letters, bullets), and each stands on the baseline of a line of text
right beside it. Then the valley is no gutter and the pair no table row: the label opens
its line, and the lines under the text are its paragraph.
"""
from __future__ import annotations

import re

from ..blocks import BULLETS
from ..numbering import read_label
from .glyphs import Fragment
from .settings import SETTINGS as S

# "1.", "1.1", "(a)", "a)", "iv.", "•", "-": what opens an item or a rule, alone
_MARK = re.compile(rf"^(?:[{BULLETS}*\-–o]|\(?[a-zA-Z]\)|\(?[ivxlcdm]{{1,6}}[.)]|"
                   r"\(?[a-zA-Z][.)]|§\s?\d+[a-z]?\.?|art(?:icle)?\.?\s?\d+[a-z]?\.?)$", re.I)


def is_label(text: str) -> bool:
    """Is the text a rule number or a list mark standing alone ("2.1", "(b)", "•")?"""
    text = text.strip()
    if not text or len(text) > S.label_length:
        return False
    if _MARK.match(text) or len(text) <= S.label_signs \
            and not any(c.isalpha() for c in text.strip("()[].")):
        return True  # a mark, or a few signs with no letter (a bullet a font maps to none)
    read = read_label(text, loose=True)
    return read is not None and not read[1]


def label_gutters(frags: list[Fragment], gutters: list[tuple[float, float]]
                  ) -> list[tuple[float, float]]:
    """The gutters of a page less those that part a column of labels from the text they
    open (see the module doc)."""
    if not gutters or not frags:
        return gutters
    out = []
    left = min(f.x0 for f in frags) - 1
    for a, b in gutters:
        middle = (a + b) / 2
        column = [f for f in frags if f.x0 >= left and f.x1 <= middle]
        if not _labels_beside_text(column, frags, b):
            out.append((a, b))
            left = middle
    return out


def _labels_beside_text(column: list[Fragment], frags: list[Fragment], start: float) -> bool:
    """Are the fragments of a column (nearly all) labels, each beside a fragment of text
    that starts past the gutter (`start`) on its baseline?"""
    labels = [f for f in column if is_label(f.text)]
    if len(labels) < S.label_column or len(labels) < S.label_share * len(column):
        return False
    beside = 0
    for label in labels:
        em = max(label.size, S.least_em)
        beside += any(g.x0 >= start - em and g.x0 > label.x1 and
                      abs(g.base - label.base) <= S.label_beside * em for g in frags)
    return beside >= S.label_share * len(labels)
