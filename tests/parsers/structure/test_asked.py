"""Questions told by a label the document pairs with its answers' ("Q:" and "A:") read
as questions set in bold do: a FAQ entry each, the labels furniture, in every format."""
import re

import pytest

from rookery.parsers import parse
from tests.lines import as_pdf, as_text

QUESTIONS = [
    ("Can a moth fly at dawn?", "No. Moths rest at dawn."),
    ("May I light two lanterns in one turn?", "Yes, if you pay two oil."),
    ("Does a lit lantern stay lit after the round?", "Only until the next dusk."),
]
PAIRS = [("Q:", "A:"), ("Question:", "Answer:"), ("F:", "A:"), ("Q.", "R."),
         ("Q{n}:", "A{n}:"), ("Question {n}.", "Answer:")]


def lines(ask: str, answer: str, together: bool):
    """The FAQ as (text, bold) lines: a heading, then each labelled question and answer,
    on lines of their own (`together`: one paragraph each pair) or set apart."""
    out = [("Lanternfall FAQ", True), None, ("Rules Questions", True), None]
    for n, (q, a) in enumerate(QUESTIONS, 1):
        out += [(f"{ask.format(n=n)} {q}", False)] + ([] if together else [None])
        out += [(f"{answer.format(n=n)} {a}", False), None]
    out += [("Card Errata", True), None, ("Old Lamp", True),
            ("It now reads: Light one lantern.", False)]
    return out


def bold_page() -> bytes:
    """The same FAQ as a web page whose questions are set in bold, with no labels."""
    body = "".join(f"<p><b>{q}</b></p><p>{a}</p>" for q, a in QUESTIONS)
    return (f"<h1>Lanternfall FAQ</h1><h2>Rules Questions</h2>{body}<h2>Card Errata</h2>"
            "<p><b>Old Lamp</b><br>It now reads: Light one lantern.</p>").encode()


def labelled_page(ask: str, answer: str) -> bytes:
    body = "".join(f"<p>{ask.format(n=n)} {q}</p><p>{answer.format(n=n)} {a}</p>"
                   for n, (q, a) in enumerate(QUESTIONS, 1))
    return (f"<h1>Lanternfall FAQ</h1><h2>Rules Questions</h2>{body}<h2>Card Errata</h2>"
            "<p><b>Old Lamp</b><br>It now reads: Light one lantern.</p>").encode()


def entries(doc):
    return [(s.question, s.text) for s in doc.sections if s.kind == "faq"]


@pytest.mark.parametrize("ask,answer", PAIRS)
@pytest.mark.parametrize("form", ["text", "text-together", "html", "pdf", "pdf-together"])
def test_labelled_questions_read_as_bold_ones(ask, answer, form, tmp_path):
    if form.startswith("text"):
        doc = parse(as_text(lines(ask, answer, form.endswith("together"))), source="faq.txt")
    elif form == "html":
        doc = parse(labelled_page(ask, answer), source="faq.html")
    else:
        data = as_pdf(lines(ask, answer, form.endswith("together")), tmp_path / "faq.pdf")
        doc = parse(data, source="faq.pdf")
    want = entries(parse(bold_page(), source="faq.html"))
    assert [q for q, _ in want] == [q for q, _ in QUESTIONS]  # the control reads them all
    assert entries(doc) == want
    # each entry under the heading of their group, none under another entry, as the page
    # with bold questions reads
    paths = {s.path for s in doc.sections if s.kind == "faq"}
    assert len(paths) == 1 and paths.pop()[-1:] == ("Rules Questions",), paths
    assert not doc.reading.doubtful, doc.reading.problems
    assert doc.reading.words.lost == 0
    labels = " ".join(f"{ask.format(n=n)} {answer.format(n=n)}"
                      for n in range(1, len(QUESTIONS) + 1))
    assert doc.reading.words.furniture.get("question labels") == len(re.findall(r"\w+", labels))


@pytest.mark.parametrize("text", [
    # a dialogue whose turns ask nothing: its speakers are no questions
    "Rules\n\nAn example of play.\n\nH: I light my lantern.\nR: Then the moth comes.\n\n"
    "H: I pass.\nR: The round ends.\n",
    # one question alone, and notes: nothing pairs
    "Rules\n\nNote: a lantern is lit by oil.\n\nQ: Can a moth fly?\nA: No.\n\n"
    "Note: dusk ends it.\n",
    # answers that open "Yes." and "No.", each run on into the next question: both ask
    "Rules\n\nCan a moth fly?\nYes. It flies at dusk. Can it rest?\nNo. It never rests. "
    "Can it die?\nYes. Lanterns burn it. Can it glow?\nNo. It is dark. Can it sing?\n"
    "Yes. Softly.\n",
])
def test_labels_that_ask_nothing_are_left_alone(text):
    doc = parse(text.encode(), source="rules.txt")
    assert entries(doc) == []
    assert "question labels" not in doc.reading.words.furniture
