"""A table's column of decimal values ("2.25 s", "2.20 s", ...) printed inside a rule of
a later chapter is text of that rule, not a run of rules numbered 2.25, 2.20, ...: the
document's numbering has left chapter 2 behind, and a number that goes back to a part it
has left, without starting its numbering afresh, continues nothing."""
from __future__ import annotations

from html import escape

import pytest

from rookery.parsers import parse

_CHAPTERS = ["Entry", "Crews", "Carts", "Braking", "Racing"]
# the value column: times that shorten as the speeds grow, or lengths that grow
_TABLES = {"times": [f"{2.25 - 0.05 * k:.2f} s" for k in range(8)],
           "lengths": [f"{1.10 + 0.15 * k:.2f} m" for k in range(8)]}
_SCHEMES = {"dotted": lambda *p: ".".join(map(str, p)) + ".",
            "bare": lambda *p: ".".join(map(str, p))}


def _items(table: str, scheme: str) -> list[tuple[str, str]]:
    number = _SCHEMES[scheme]
    out = []
    for c, name in enumerate(_CHAPTERS, 1):
        out.append(("h", f"{c}. {name}"))
        out.append(("p", f"{number(c, 1)} Every cart in this part is checked by a marshal "
                         f"before the first heat."))
        if c == 4:
            out.append(("p", f"{number(c, 2)} A cart must stop within the distance the "
                             f"schedule gives for its measured time:"))
            out.append(("t", "Measured | Stopping distance"))
            for k, value in enumerate(_TABLES[table]):
                out.append(("t", f"{value} | {8 + k} m"))
        out.append(("p", f"{number(c, 3 if c == 4 else 2)} A cart that fails the check may "
                         f"try again once."))
    return out


def _text(items) -> bytes:
    lines, previous = ["Cart Racing Regulations", ""], None
    for kind, text in items:
        if previous is not None and not (kind == previous == "t"):
            lines.append("")
        lines.append(text.replace(" | ", "     ") if kind == "t" else text)
        previous = kind
    return ("\n".join(lines) + "\n").encode()


def _html(items) -> bytes:
    body, rows = [], []
    for kind, text in items + [("end", "")]:
        if kind == "t":
            rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in text.split(" | "))
                        + "</tr>")
            continue
        if rows:
            body.append("<table>" + "".join(rows) + "</table>")
            rows = []
        if kind == "h":
            body.append(f"<h2>{escape(text)}</h2>")
        elif kind == "p":
            body.append(f"<p>{escape(text)}</p>")
    return (f"<!doctype html><html><head><title>Cart Racing Regulations</title></head><body>"
            f"<h1>Cart Racing Regulations</h1>{''.join(body)}</body></html>").encode()


@pytest.mark.parametrize("scheme", sorted(_SCHEMES))
@pytest.mark.parametrize("table", sorted(_TABLES))
@pytest.mark.parametrize("fmt", ["text", "html"])
def test_a_column_of_values_opens_no_rules(fmt, table, scheme):
    items = _items(table, scheme)
    data, name = (_text(items), "carts.txt") if fmt == "text" else (_html(items), "carts.html")
    doc = parse(data, source=name)
    got = [s.number for s in doc.sections if s.number and "." in s.number]
    expected = [f"{c}.{r}" for c in range(1, 6) for r in ((1, 2, 3) if c == 4 else (1, 2))]
    assert got == expected
    words = " ".join(f"{s.title or ''} {s.text or ''}" for s in doc.sections)
    for value in _TABLES[table]:
        assert value in words  # kept, as text
