"""An accent drawn over its letter as a glyph of its own (as TeX sets "à": a spacing
"`" centred over an "a", raised over a capital) reads as the accented letter, whichever
of the two is drawn first, and still does once Ghostscript or pdftocairo has rewritten
the PDF (they move glyphs by hundredths of a point, which turned "può" into "pu`o" in
one file and "puo`" in the other). Our own rules, numbered in several schemes, set in a
standard font and in a TrueType one (where the accent stands on a dotless i)."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

import rewrite
from rookery.parsers import ReadOptions, parse
from rookery.parsers.pdf.accents import MARKS, join_accents
from rookery.parsers.pdf.glyphs import Glyph

# our own rules, in the languages whose accents TeX draws over their letters
RULES = [
    "Il giocatore può passare la carta solo se la città è libera.",
    "La partida termina cuando el último jugador pierde su posición y su vehículo.",
    "Un joueur élu à l'unanimité reçoit la première carte, même à Noël.",
    "État et Ángel jouent bientôt près de la fenêtre; l'Été est aussi là.",
    "El año señala qué carta queda aquí, sin más.",
]
# scheme → the label of rule k
SCHEMES = {
    "decimal": lambda k: f"1.{k + 1}",
    "paren": lambda k: f"(1.{k + 1})",
    "letters": lambda k: f"A.{k + 1}",
}
# name → (font file or None for a standard font, its dotless i if any, whether rewrites
# keep its letters: Ghostscript writes no text for the accents of reportlab's subsets of
# a TrueType font, so PDFium reads none; that is the rewrite's damage, not the reader's)
FONTS = {
    "Times-Roman": (None, None, True),
    "DejaVuSerif": (Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), "\u0131", False),
}
SPACING = {mark: accent for accent, mark in MARKS.items()
           if accent in "`\u00b4\u00a8\u00b8" or accent in "\u02c6\u02dc"}
SIZE = 10.0


def overstruck(ch: str) -> tuple[str, str] | None:
    """(letter, spacing accent) a letter with one accent is drawn as, or None."""
    parts = unicodedata.normalize("NFD", ch)
    if len(parts) == 2 and parts[1] in SPACING:
        return parts[0], SPACING[parts[1]]
    return None


def typeset(path: Path, scheme: str, font: str, accents: str) -> bytes:
    """The rules under a heading, one a line; `accents`: "composed" (one glyph a
    letter), or "before" / "after" (the accent its own glyph, drawn before or after its
    letter, centred over it and raised over a capital)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    file, dotless, _kept = FONTS[font]
    if file is not None:
        if not file.exists():
            pytest.skip(f"{file} is not installed")
        pdfmetrics.registerFont(TTFont(font, str(file)))
    width = lambda s: pdfmetrics.stringWidth(s, font, SIZE)  # noqa: E731
    c = canvas.Canvas(str(path), pagesize=(595, 842))
    c.setFont("Helvetica-Bold", 14)
    c.drawString(50, 780, "Regole del gioco")
    y = 750.0
    for k, rule in enumerate(RULES):
        c.setFont(font, SIZE)
        x, run = 50.0, ""
        for ch in f"{SCHEMES[scheme](k)} {rule}":
            parts = None if accents == "composed" else overstruck(ch)
            if parts is None:
                run += ch
                continue
            c.drawString(x, y, run)
            x += width(run)
            run = ""
            letter, accent = parts
            if letter == "i" and dotless:
                letter = dotless
            shift = (width(letter) - width(accent)) / 2
            rise = 0.2 * SIZE if letter.isupper() else 0.0
            draws = [(x + shift, y + rise, accent), (x, y, letter)]
            for at, base, text in draws if accents == "before" else draws[::-1]:
                c.drawString(at, base, text)
            x += width(letter)
        c.drawString(x, y, run)
        y -= 16
    c.save()
    return path.read_bytes()


def rules_of(pdf: bytes) -> list[tuple]:
    doc = parse(pdf, source="rules.pdf", options=ReadOptions(workers=1))
    return [(s.number, s.text) for s in doc.sections if s.number]


CASES = [(scheme, font, accents) for scheme in SCHEMES for font in FONTS
         for accents in ("before", "after")]


@pytest.mark.parametrize("scheme,font,accents", CASES, ids=["-".join(c) for c in CASES])
def test_an_accent_drawn_over_its_letter_reads_as_the_accented_letter(tmp_path, scheme, font,
                                                                      accents):
    composed = rules_of(typeset(tmp_path / "composed.pdf", scheme, font, "composed"))
    assert [text for _number, text in composed] == RULES  # (the words as we wrote them)
    pdf = typeset(tmp_path / "overstruck.pdf", scheme, font, accents)
    assert rules_of(pdf) == composed
    for program in sorted(rewrite.PROGRAMS) if FONTS[font][2] else ():
        if rewrite.missing(program):
            continue
        assert rules_of(rewrite.rewritten(pdf, program)) == composed, program


def glyph(text: str, x0: float, x1: float, base: float = 8.0, space: bool = False) -> Glyph:
    return Glyph(text, x0, x1, 0, 10, 10, "serif", False, False, None, None, space, base)


@pytest.mark.parametrize("name,glyphs,texts", [
    ("an accent drawn first over its letter",
     [glyph("t", 0, 3), glyph("`", 3, 8), glyph("a", 3.2, 7.8, space=True)], ["t", "à"]),
    ("an accent drawn after its letter, a hair to the left",
     [glyph("u", 0, 5), glyph("o", 5, 10), glyph("`", 4.98, 9.98)], ["u", "ò"]),
    ("an accent wider than the dotless i under it",
     [glyph("\u00b4", 0, 9), glyph("\u0131", 2, 7)], ["í"]),
    ("an accent raised over a capital", [glyph("\u00b4", 1, 6, base=6), glyph("E", 0, 7)],
     ["É"]),
    ("an acute accent between two letters is an apostrophe",
     [glyph("n", 0, 5), glyph("\u00b4", 5, 8), glyph("t", 8, 11)], ["n", "\u00b4", "t"]),
    ("a circumflex beside a digit is text", [glyph("2", 0, 5), glyph("^", 0, 5)], ["2", "^"]),
    ("an accent on another line", [glyph("`", 0, 5, base=20), glyph("a", 0, 5)], ["`", "a"]),
])
def test_only_an_accent_over_a_letter_next_to_it_joins_it(name, glyphs, texts):
    assert [g.text for g in join_accents(glyphs)] == texts, name


def test_the_joined_letter_keeps_the_word_space_of_the_glyph_drawn_later():
    first = join_accents([glyph("`", 3, 8, space=True), glyph("a", 3, 8)])
    later = join_accents([glyph("a", 3, 8, space=True), glyph("`", 3, 8)])
    assert [g.space_after for g in first + later] == [False, False]
    assert join_accents([glyph("a", 3, 8), glyph("`", 3, 8, space=True)])[0].space_after
