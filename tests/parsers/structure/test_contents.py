"""Contents lists: the key a heading and its contents line share."""
import pytest
from hypothesis import given, settings, strategies as st

from rookery.parsers.blocks import Block
from rookery.parsers.structure.contents import (_LEADER, _TWO_MARKS, _joined_entries, entry_key,
                                                  split_contents)


@pytest.mark.parametrize("line, key", [
    ("3. Play ........ 12", "3. play 12"),
    ("3. Play . . . . 12", "3. play 12"),
    ("Glossary\u2026\u2026\u2026 40", "glossary 40"),
    ("Appendix A \u00b7\u00b7\u00b7 ii", "appendix a ii"),
    ("10.10.Sing Together", "10.10. sing together"),  # a number run onto its title
    ("See rule 100.2. Then draw.", "see rule 100.2. then draw"),  # dots, but no leader
    ("Setup:", "setup"),
])
def test_a_contents_line_is_keyed_without_its_leaders(line, key):
    assert entry_key(line) == key


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from([".", "\u2026", "\u00b7", "_", " ", "\t", "\u00a0", "a",
                                 "7", "Play", ". ", " ."]), max_size=14).map("".join))
def test_a_line_the_quick_look_passes_over_holds_no_leader(line):
    # entry_key runs the leader's slow pattern only where two marks stand together
    assert _TWO_MARKS.search(line) or _LEADER.sub(" ", line) == line


_WORDS = st.sampled_from(["glossary", "update", "summary", "play", "setup"])


@settings(max_examples=800, deadline=None)
@given(st.sets(st.lists(_WORDS, min_size=1, max_size=3).map(" ".join), max_size=6),
       st.lists(_WORDS, max_size=6).map(" ".join))
def test_only_a_line_whose_first_word_opens_a_later_heading_runs_them_together(later, key):
    # split_contents asks _joined_entries only of such lines
    firsts = {k.split(" ", 1)[0] for k in later}
    assert not _joined_entries(key, later) or key.split(" ", 1)[0] in firsts


def _blocks(spec: str) -> list[Block]:
    """"# Name" a heading of that many marks' level, "- Name" a list item."""
    out = []
    for line in spec.strip().split("\n"):
        marks, _, text = line.strip().partition(" ")
        out.append(Block(kind="heading", text=text, level=len(marks)) if marks[0] == "#"
                   else Block(kind="item", text=text))
    return out


@pytest.mark.parametrize("spec, dropped", [
    # a contents list of what follows, with an entry's subtopics under it, is dropped
    ("# Contents\n- Setup\n- Play\n- Scoring\n# Setup\n- Shuffle.\n# Play\n- Take turns.\n"
     "# Scoring\n- Count.", ["Contents", "Setup", "Play", "Scoring"]),
    # one format's ban list, which the next format's repeats under the same faction
    # headings, is the first format's own
    ("# Open Format\n## Ashen Court\n- Cinder Hound\n## Tidewatch\n- Salt Oracle\n"
     "## Verdant Pact\n# Duel Format\n## Ashen Court\n- Cinder Hound\n## Tidewatch\n"
     "## Verdant Pact\n- Bramble Wall", []),
])
def test_a_list_of_later_headings_is_contents_unless_it_is_a_part_the_next_one_mirrors(
        spec, dropped):
    blocks = _blocks(spec)
    kept = {id(b) for b in split_contents(blocks)[0]}
    assert [b.text for b in blocks if id(b) not in kept] == dropped


@pytest.mark.parametrize("lead, dropped", [
    # a sentence of the body that introduces the list: the list is the body's
    ("Each round has these phases, in this order:", []),
    ("A round goes through the following:", []),
    # a label, not a sentence: the list under it is a contents list
    ("Contents:", ["Dawn", "Noon", "Dusk"]),
])
def test_a_list_a_sentence_introduces_is_no_contents_list(lead, dropped):
    blocks = [Block(kind="heading", text="Rounds", level=1), Block(kind="para", text=lead)]
    blocks += [Block(kind="item", text=name) for name in ("Dawn", "Noon", "Dusk")]
    for name in ("Dawn", "Noon", "Dusk"):
        blocks += [Block(kind="heading", text=name, level=2),
                   Block(kind="para", text=f"At {name.lower()} every player draws a card.")]
    kept = {id(b) for b in split_contents(blocks)[0]}
    assert [b.text for b in blocks if id(b) not in kept] == dropped


_CHAPTERS = [("Setting Up", ["The Board", "Shuffling", "Hands"]),
             ("Taking Turns", ["Drawing", "Moving", "Trading"]),
             ("Scoring", ["Points", "Penalties"])]
_SCHEMES = {  # chapter number, section number, how a section is set
    "stops throughout": (lambda c: f"{c}.", lambda c, s: f"{c}.{s}.", ("para", 0)),
    "decimal": (lambda c: f"{c}.", lambda c, s: f"{c}.{s}", ("para", 0)),
    "sections as headings": (lambda c: f"{c}.", lambda c, s: f"{c}.{s}", ("heading", 3)),
}


def _contents_then_body(scheme: str, reworded: set[int], pages: bool) -> list[Block]:
    """A contents list (chapters as headings, sections as lines) whose entries at the
    positions in `reworded` the body words otherwise (a plural, a longer name), an
    optional column of page numbers after it, then the body."""
    chapter, section, set_as = _SCHEMES[scheme]
    listed, body = [], []
    for c, (name, subs) in enumerate(_CHAPTERS, 1):
        for s, sub in enumerate([None] + subs):
            number = chapter(c) if sub is None else section(c, s)
            title = name.upper() if sub is None else sub
            kind, level = ("heading", 2) if sub is None else set_as
            shown = title + " Rules" if len(listed) in reworded else title
            listed.append(Block(kind=kind, text=f"{number} {shown}", level=level))
            body.append(Block(kind=kind, text=f"{number} {title}", level=level))
            body.append(Block(kind="para", text=f"Players follow {title.lower()} as set out."))
    column = [Block(kind="para", text=" ".join(str(3 + n) for n in range(k, k + 2)))
              for k in range(0, 8, 2)] if pages else []
    return [Block(kind="heading", text="Contents", level=1)] + listed + column + body


@pytest.mark.parametrize("scheme", sorted(_SCHEMES))
@pytest.mark.parametrize("reworded", [{0}, {0, 1}, {5, 6}, {0, 9, 10}])
@pytest.mark.parametrize("pages", [False, True])
def test_entries_the_list_numbers_through_are_its_own_though_the_body_words_them_otherwise(
        scheme, reworded, pages):
    blocks = _contents_then_body(scheme, reworded, pages)
    kept = split_contents(blocks)[0]
    listed = sum(len(subs) + 1 for _name, subs in _CHAPTERS)
    column = 4 if pages else 0
    assert kept == blocks[1 + listed + column:]


@pytest.mark.parametrize("scheme", sorted(_SCHEMES))
def test_a_numbered_line_the_list_does_not_number_through_stays(scheme):
    # the body's first chapter after the list starts the numbering afresh: it is body
    blocks = _contents_then_body(scheme, {0}, False)
    first = 1 + sum(len(subs) + 1 for _name, subs in _CHAPTERS)
    kept = split_contents(blocks)[0]
    assert kept[0] is blocks[first] and len(kept) == len(blocks) - first
