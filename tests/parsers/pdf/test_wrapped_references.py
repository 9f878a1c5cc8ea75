"""A cross-reference that a wrap carries to the start of a line ("... the tiles listed in
section" over "2.1. Then ...") is text of the paragraph it runs on in, even when that
paragraph is a numbered one set in bold throughout; the section it cites still opens
once, where the document prints it. Typeset here with our own words, line by line, in
several faces, sizes, measures and numbering schemes, so that the wrap falls right
before the reference."""
from __future__ import annotations

import io

import pytest

from rookery.parsers import parse

# (face, bold face, size, measure in points)
_SETTINGS = [("Helvetica", "Helvetica-Bold", 11, 430),
             ("Times-Roman", "Times-Bold", 12, 380),
             ("Courier", "Courier-Bold", 9.5, 400)]
# how a part's number and its rules' numbers are printed
_SCHEMES = {"dotted": (lambda p: f"{p}.", lambda p, r: f"{p}.{r}."),
            "bare": (lambda p: f"{p}.", lambda p, r: f"{p}.{r}")}
_FILLER = ("each", "of", "these", "tiles", "is", "drawn", "at", "random", "from", "the",
           "bag", "by", "whoever", "sits", "nearest", "to", "it")


def _lines(words: list[str], face: str, size: float, measure: float) -> list[str]:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines, line = [], ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if line and stringWidth(trial, face, size) > measure:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]


def _wrapped_before(head: list[str], reference: str, tail: list[str], face, size, measure):
    """The paragraph's lines, with filler words added to `head` until the wrap falls
    right before `reference`."""
    for n in range(len(_FILLER) * 3):
        words = head[:2] + [_FILLER[k % len(_FILLER)] for k in range(n)] + head[2:]
        lines = _lines(words + [reference] + tail, face, size, measure)
        if any(line.startswith(reference + " ") for line in lines[1:]):
            return lines
    raise AssertionError("no filler puts the reference at a line's start")


def _pdf(setting, scheme) -> tuple[bytes, list[str]]:
    from reportlab.pdfgen import canvas

    face, bold, size, measure = setting
    part, rule = _SCHEMES[scheme]
    more = (" Nothing else may be kept behind a screen, and a screen may not be moved while "
            "another player is drawing or sweeping.")  # the body is most of the text
    paragraphs = [  # (bold, lines)
        (True, _lines(f"{part(1)} Scope. These rules govern every game of Tilesweep.".split(),
                      bold, size, measure)),
        (False, _lines(f"{rule(1, 1)} A game is played by two to four players around one "
                       f"square board.{more}".split(), face, size, measure)),
        (False, _lines(f"{rule(1, 2)} Each player keeps a screen so that the others cannot "
                       f"see the tiles behind it.{more}".split(), face, size, measure)),
        (True, _wrapped_before(f"{part(2)} Tiles. The game uses the tiles listed in "
                               f"section".split(), rule(2, 1),
                               "[Events may add their own.] (A tile that is lost is "
                               "replaced before the next round begins.)".split(),
                               bold, size, measure)),
        (False, _lines(f"{rule(2, 1)} There are eighty tiles: sixty plain and twenty "
                       f"marked.{more}".split(), face, size, measure)),
        (False, _lines(f"{rule(2, 2)} A marked tile scores double when it completes a "
                       f"row.{more}".split(), face, size, measure)),
        (True, _lines(f"{part(3)} Scoring. The player with the most points after the last "
                      f"sweep wins.".split(), bold, size, measure)),
        (False, _lines(f"{rule(3, 1)} Ties are broken by the number of marked tiles each "
                       f"player holds.{more}".split(), face, size, measure)),
    ]
    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=(measure + 144, 792))
    page.setTitle("Tilesweep Rules")
    y = 792 - 72
    page.setFont(bold, size * 1.6)
    page.drawString(72, y, "Tilesweep Rules")
    y -= size * 3
    for is_bold, lines in paragraphs:
        page.setFont(bold if is_bold else face, size)
        for line in lines:
            page.drawString(72, y, line)
            y -= size * 1.25
        y -= size * 0.8  # the space between paragraphs
    page.save()
    numbers = [part(1), rule(1, 1), rule(1, 2), part(2), rule(2, 1), rule(2, 2), part(3),
               rule(3, 1)]
    return out.getvalue(), [n.rstrip(".") for n in numbers]


@pytest.mark.parametrize("scheme", sorted(_SCHEMES))
@pytest.mark.parametrize("setting", _SETTINGS, ids=lambda s: s[0])
def test_a_reference_wrapped_to_a_line_start_opens_no_section(setting, scheme):
    data, numbers = _pdf(setting, scheme)
    doc = parse(data, source="tilesweep.pdf")
    got = [s.number for s in doc.sections if s.number]
    assert got == numbers
    part_two = next(s for s in doc.sections if s.number == "2")
    assert f"section {numbers[4]}" in f"{part_two.title or ''} {part_two.text or ''}"
