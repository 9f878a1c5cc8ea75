"""A numbered list inside a numbered rule ("1." "2." under "3.2", as word processors
number them afresh) is the rule's text, not sections of the document's top level: the
document's own numbering says so. Tried on a handbook of our own words (tests/listed.py)
in four numbering schemes, printed as plain text, as a Word file and as PDFs, and on the
decisions one by one."""
import pytest

import listed
import typeset
from rookery.model import title_key
from rookery.parsers import parse
from rookery.parsers.blocks import Block
from rookery.parsers.numbering import read_label
from rookery.parsers.structure.sequence import Ahead, list_item

LAYOUTS = [l for l in typeset.layouts()
           if l.name in ("size-0", "bold-1", "family-0", "caps-3", "office-0-size")]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _check(doc, scheme: listed.Scheme) -> None:
    sections = [s for s in doc.sections if s.heading]  # not the front matter
    want = listed.expected(scheme)
    assert [(s.number, title_key(s.title)) for s in sections] == \
        [(number, title_key(title)) for number, title, _lines in want]
    for s, (_number, _title, lines) in zip(sections, want):
        assert all(line in _flat(s.text) for line in lines), s.number
    assert doc.reading.repeated == [] and doc.reading.out_of_order == []


@pytest.mark.parametrize("scheme", listed.SCHEMES, ids=[s.name for s in listed.SCHEMES])
@pytest.mark.parametrize("form", ["text", "docx"])
def test_lists_inside_rules_stay_in_their_rules(scheme, form):
    data = listed.text(scheme).encode() if form == "text" else listed.docx(scheme)
    _check(parse(data, source=f"handbook.{'txt' if form == 'text' else 'docx'}"), scheme)


@pytest.mark.parametrize("layout", LAYOUTS, ids=[l.name for l in LAYOUTS])
@pytest.mark.parametrize("scheme", listed.SCHEMES, ids=[s.name for s in listed.SCHEMES])
def test_lists_inside_rules_stay_in_their_rules_in_print(scheme, layout, tmp_path):
    if not typeset.available(layout):
        pytest.skip(f"fonts for {layout.name} are not installed")
    path = typeset.write_pdf(tmp_path / "handbook.pdf", layout, listed.pdf_items(scheme))
    _check(parse(path.read_bytes(), source="handbook.pdf"), scheme)


# (the numbered lines the section holds, the open numbers, the line asked about, the
#  lines after it, is it a list item?)
DECISIONS = [
    ([], "3. 3.2", "1. When the team registered", ["3.3 Next rule"], True),  # starts afresh
    ([], "3. 3.1", "3. Guests do not count", ["3.2 Next rule"], True),  # repeats chapter 3
    (["1. One", "2. Two", "3. Three"], "3.2", "4. Four", ["3.3 Next rule"], True),
    ([], "3.2", "4. Four", ["5. Five", "3.3 Next rule"], True),  # chapter 3 goes on
    (["1. One", "2. Two", "3. Three"], "3.3", "4. Four", ["4. Teams", "4.1 Rule"], True),
    (["1. One", "2. Two", "3. Three"], "3.2", "4. Four", [], True),  # the list runs on
    ([], "3.3", "4. Teams", ["4.1 Creating a team"], False),  # a chapter, in a paragraph
    (["1. One", "2. Two"], "3.3", "4. Teams", ["4.1 Creating a team"], False),
    ([], "3.3", "4. Teams", [], False),  # the next number, at the end
    ([], "9.3", "A. Appendix", ["A.1 First"], False),  # an appendix its numbers go on under
    ([], "C.2", "1. It does not arrive", ["C.3 Next"], True),
    ([], "3.1.2", "1. One", ["3.1.3 Next"], True),
    ([], "3.1.2", "3.2 Next section", ["3.2.1 Its rule"], False),  # the next section
    ([], "3.", "4. Next chapter", [], False),  # not under a deeper number: not asked
    # a number printed twice in a row is the publisher's slip, not a list: the check says so
    ([], "5.5.2", "5.5. Helmets are fitted to each player.", ["5.6. Gum shields", "6.1.1 Entry"],
     False),
    ([], "5.5.2", "5.5. Helmets are fitted.", ["5.5.1 Size", "5.5.2 Colour"], False),
    ([], "2.2.29 2.2.28.6.5", "2.2.29.1 Wheels", [], False),  # subdivides an open number
    ([], "15.5.14", "16.2. In a knockdown", ["17.1.1 Wins"], False),  # a chapter further on
    ([], "4.3.1", "5.2. Relevance", ["5.3. Presentation", "5.2 Placing"], True),  # it comes later
    ([], "7.1", "8. Team placement", ["7.2 Next rule"], True),  # jumps, and 7 goes on
    # a number no deeper than the part it stands in: a list that starts afresh in "5.",
    # or goes on the list the part holds, while the part goes on ("5.1" next)
    ([], "5.", "1. Open the market", ["2. Haggle", "5.1 Stalls"], True),
    (["1. One", "2. Two"], "5.", "3. Three", ["5.1 Stalls"], True),
    (["1. One", "2. Two", "3. Three", "4. Four"], "5.", "5. Five", ["5.1 Stalls"], True),
    (["1. One", "2. Two"], "5.", "3. Three", ["6. Next", "6.1 Rule"], True),  # the list goes on
    ([], "6.", "1. Storms", ["2. Bandits", "7.1 Rule"], True),  # starts afresh in a part
    (["1. One", "2. Two", "3. Three"], "3.", "4. Four", ["4. Winning", "4.1 Tally"], True),
    ([], "3.", "4. Winning", ["4.1 Tally"], False),  # the next part
    (["1. One", "2. Two", "3. Three"], "3.", "4. Winning", ["4.1 Tally"], False),
    ([], "1.", "1. Conduct", ["1.1 Conduct"], False),  # the part's heading, numbered again
    ([], "1.", "2. Setup", ["2.1 Board"], False),  # the next part, subdivided
    ([], "6.", "1. Storms", ["1.1 Rule"], False),  # the document numbers under it
]


@pytest.mark.parametrize("held,opened,line,after,expected", DECISIONS,
                         ids=[f"{d[1]}>{d[2]}" for d in DECISIONS])
def test_a_number_that_breaks_the_sequence_is_a_list_item(held, opened, line, after, expected):
    blocks = [Block(kind="item", text=t) for t in [line] + after]
    label = read_label(line)[0]
    numbers = [read_label(f"{number} Rule")[0] for number in opened.split()]
    held_blocks = [Block(kind="item", text=t) for t in held]
    known = {read_label(t)[0].parts for t in held + [line] + after}
    assert list_item(label, numbers, Ahead(blocks)(0, len(label.parts)), held_blocks,
                     known) is expected
