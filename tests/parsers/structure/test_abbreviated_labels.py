"""A paragraph that opens with an abbreviated word before a number ("Art. 3.", "No. 4",
"Fig. 2") is text inside the numbered rule it stands in, not a section numbered "Art":
a section number's letters come after its digits ("100.1a"), never after a capital
("A.4" is an appendix's rule, "Art." a word)."""
from __future__ import annotations

from html import escape

import pytest

from rookery.parsers import parse

# the words that open the paragraphs inside each rule, with the numbers they carry
_OPENERS = ["Art.", "No.", "Fig.", "Ch."]
# numbering schemes: how a chapter and its rules are printed
_SCHEMES = {"decimal": (lambda c: f"{c}.", lambda c, r: f"{c}.{r}"),
            "appendix": (lambda c: f"{'ABC'[c - 1]}.", lambda c, r: f"{'ABC'[c - 1]}.{r}")}
_CHAPTERS = [("Tokens", ["A token stays on the board until a sweep removes it.",
                         "A player may hold at most nine tokens."]),
             ("Sweeps", ["A sweep clears every row that holds three tokens.",
                         "After a sweep, the player who made it draws a tile."])]


def _items(scheme: str, opener: str) -> list[tuple[str, str]]:
    """(kind, text) in reading order: chapter headings, rules, paragraphs inside rules."""
    chapter, rule = _SCHEMES[scheme]
    out, article = [], 0
    for c, (name, rules) in enumerate(_CHAPTERS, 1):
        out.append(("h", f"{chapter(c)} {name}"))
        for r, text in enumerate(rules, 1):
            out.append(("p", f"{rule(c, r)} {text}"))
            article += 1
            out.append(("p", f"{opener} {article}. The tile drawn goes face down beside "
                             f"the board."))
            article += 1
            out.append(("a", f"{opener} {article}."))  # set as a heading of its own
            out.append(("p", "The drawn tile may not be looked at by the others."))
    return out


def _text(items) -> bytes:
    return ("Tilesweep Rules\n\n" + "\n\n".join(t for _k, t in items) + "\n").encode()


_TAGS = {"h": "h2", "a": "h3", "p": "p"}


def _html(items) -> bytes:
    body = "".join(f"<{_TAGS[k]}>{escape(t)}</{_TAGS[k]}>" for k, t in items)
    return (f"<!doctype html><html><head><title>Tilesweep Rules</title></head><body>"
            f"<h1>Tilesweep Rules</h1>{body}</body></html>").encode()


@pytest.mark.parametrize("scheme", sorted(_SCHEMES))
@pytest.mark.parametrize("opener", _OPENERS)
@pytest.mark.parametrize("fmt", ["text", "html"])
def test_an_abbreviation_before_a_number_opens_no_section(fmt, opener, scheme):
    items = _items(scheme, opener)
    data, name = (_text(items), "rules.txt") if fmt == "text" else (_html(items), "rules.html")
    doc = parse(data, source=name)
    numbers = [s.number for s in doc.sections if s.number]
    _chapter, rule = _SCHEMES[scheme]
    expected = [rule(c, r) for c, (_n, rules) in enumerate(_CHAPTERS, 1)
                for r in range(1, len(rules) + 1)]
    assert [n for n in numbers if "." in n] == expected
    assert not any(n.rstrip(".").isalpha() and len(n.rstrip(".")) > 1 for n in numbers)
    words = " ".join(f"{s.title or ''} {s.text or ''}" for s in doc.sections)
    assert words.count(opener) == 2 * len(expected)  # every paragraph kept
