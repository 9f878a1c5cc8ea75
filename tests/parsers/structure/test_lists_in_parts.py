"""A numbered list inside a numbered part ("1. Open the market" ... under "3. The Trading
Phase", whose own subdivisions are "3.1", "3.2") is the part's text, not parts of the
document's top level: its numbers start afresh at 1, run up to or past the part's own
number, and the part goes on after them. The document's own parts and rules keep their
places. Tried on a rulebook of our own words (chapter numbers with and without a dot,
subdivisions with and without a final dot, lists of two to five named steps, in a part
that is subdivided and in one that is not) printed as plain text, as a Word file and as
PDFs; and in print and in Word with the steps' names set as headings, as a type that
sets a list's bold lead as a heading does."""
from __future__ import annotations

import pytest

import typeset
import wordfile
from rookery.model import title_key
from rookery.parsers import parse

TITLE = "Emberfall Caravan Rules"
STEPS = ["Open the Market", "Haggle over Prices", "Load the Wagons", "Pay the Tolls",
         "Rest the Oxen"]
HAZARDS = ["Storms on the Pass", "Bandits at the Ford", "Broken Axles", "Lame Oxen"]
# (chapter name, its opening line, its list (None, "steps" or "hazards"), its subdivisions)
CHAPTERS = [
    ("Overview", "Each player leads a caravan across the mountains to the coast.", None,
     [("Caravans", "A caravan is a line of wagons that moves as one.")]),
    ("The Trading Phase", "The trading phase runs in these steps, in this order:", "steps",
     [("Market Stalls", "Each town has three stalls that sell goods at marked prices."),
      ("Tolls", "A bridge charges one coin for every wagon that crosses it.")]),
    ("Hazards", "There are these kinds of hazard on the road:", "hazards", []),
    ("Winning", "The game ends when a caravan reaches the coast.",
     None, [("Final Tally", "Each player counts the coins and goods in the caravan.")]),
]
SCHEMES = {"dotted": ("{c}.", "{c}.{r}"), "bare": ("{c}", "{c}.{r}"),
           "closed": ("{c}.", "{c}.{r}.")}
LAYOUTS = [l for l in typeset.layouts() if l.name in ("size-0", "bold-1", "office-0-size")]


def _items(scheme: str, steps: int, headed: bool) -> list[tuple]:
    """("h", level, text) headings, ("p", text) paragraphs, ("li", text) list lines,
    ("lead", text) a list line set as a heading (when `headed`, in a subdivided part)."""
    chapter, rule = SCHEMES[scheme]
    out: list[tuple] = [("p", "These rules were written for the summer league.")]
    for c, (name, opening, listed, subs) in enumerate(CHAPTERS, 1):
        out += [("h", 1, f"{chapter.format(c=c)} {name}"), ("p", opening)]
        names = STEPS[:steps] if listed == "steps" else HAZARDS[:steps] if listed else []
        for n, step in enumerate(names, 1):
            out.append(("lead" if headed and subs else "li", f"{n}. {step}"))
            if headed and subs:
                out.append(("p", f"Every caravan does this once ({step.lower()})."))
        for r, (sub, text) in enumerate(subs, 1):
            out += [("h", 2, f"{rule.format(c=c, r=r)} {sub}"), ("p", text),
                    ("p", _more(sub))]
        if not subs:
            out.append(("p", _more(name)))
    return out


def _more(name: str) -> str:
    """A longer paragraph about `name`, so that print fills its columns as a rulebook
    does."""
    return (f"The rules on {name.lower()} apply to every caravan alike, whatever its size "
            f"or the goods it carries. A player who is unsure how {name.lower()} works "
            "asks the table before acting, and the table decides by a show of hands. "
            "Once decided, the ruling holds until the end of the season.")


def _expected(scheme: str) -> list[tuple[str, str]]:
    """The numbered sections a sound reading gives (a chapter numbered "3 Hazards",
    without a mark, is numbered too: its number goes on from the chapters' before it,
    and it is subdivided "3.1", "3.2" where it has subdivisions)."""
    out = []
    for c, (name, _opening, _listed, subs) in enumerate(CHAPTERS, 1):
        out.append((str(c), name))
        out += [(f"{c}.{r}", sub) for r, (sub, _text) in enumerate(subs, 1)]
    return out


def _check(doc, scheme: str, steps: int) -> None:
    got = [(s.number, title_key(s.title or "")) for s in doc.sections if s.number]
    assert got == [(n, title_key(t)) for n, t in _expected(scheme)]
    text = {title_key(s.title or "").split(" ", 1)[-1] if scheme == "bare" and not s.number
            else title_key(s.title or ""): " ".join((s.text or "").split())
            for s in doc.sections if s.heading}
    for n, step in enumerate(STEPS[:steps], 1):
        assert f"{n}. {step}" in text[title_key("The Trading Phase")]
    for n, hazard in enumerate(HAZARDS[:steps], 1):
        assert f"{n}. {hazard}" in text[title_key("Hazards")]
    assert doc.reading.repeated == [] and doc.reading.out_of_order == []


def _text(scheme: str, steps: int) -> bytes:
    lines = [TITLE, ""]
    previous = None
    for item in _items(scheme, steps, headed=False):
        if not (item[0] == "li" and previous == "li"):
            lines.append("")
        lines.append(f"   {item[1]}" if item[0] == "li" else item[-1])
        previous = item[0]
    return ("\n".join(lines) + "\n").encode()


def _docx(scheme: str, steps: int, headed: bool) -> bytes:
    body = [wordfile.para(TITLE, style="Title")]
    for item in _items(scheme, steps, headed):
        if item[0] == "h":
            body.append(wordfile.para(item[2], style=f"Heading{item[1]}"))
        elif item[0] == "lead":
            body.append(wordfile.para(item[1], style="Heading3"))
        else:
            body.append(wordfile.para(item[1]))
    return wordfile.docx(body, title=TITLE)


def _pdf_items(scheme: str, steps: int, headed: bool) -> list[tuple]:
    out: list[tuple] = [("front", "The caravan league meets on the first of each month.")]
    for item in _items(scheme, steps, headed):
        if item[0] == "h":
            out.append(item)
        elif item[0] == "lead":
            out.append(("h", 3, item[1]))
        else:
            out.append(("p", item[1]))
    return out


@pytest.mark.parametrize("steps", [2, 3, 4, 5])
@pytest.mark.parametrize("scheme", ["dotted", "closed"])
def test_a_list_in_a_part_stays_in_its_text(scheme, steps):
    _check(parse(_text(scheme, steps), source="caravan.txt"), scheme, steps)


@pytest.mark.parametrize("headed", [False, True], ids=["items", "headed"])
@pytest.mark.parametrize("steps", [2, 4, 5])
@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_a_list_in_a_part_stays_in_its_text_in_word(scheme, steps, headed):
    _check(parse(_docx(scheme, steps, headed), source="caravan.docx"), scheme, steps)


@pytest.mark.parametrize("headed", [False, True], ids=["items", "headed"])
@pytest.mark.parametrize("layout", LAYOUTS, ids=[l.name for l in LAYOUTS])
@pytest.mark.parametrize("steps", [3, 5])
@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_a_list_in_a_part_stays_in_its_text_in_print(scheme, steps, layout, headed,
                                                     tmp_path):
    if not typeset.available(layout):
        pytest.skip(f"fonts for {layout.name} are not installed")
    path = typeset.write_pdf(tmp_path / "caravan.pdf", layout,
                             _pdf_items(scheme, steps, headed))
    _check(parse(path.read_bytes(), source="caravan.pdf"), scheme, steps)
