"""Numbered rules that go by their section's title, cite each other by number, and shift
when a section is inserted: what a diff of two releases must and must not report."""
import pytest

import numbered

from rookery.diffs.compare import diff_documents, follow_references, reference_cues
from rookery.model import Document, Section
from rookery.parsers import parse

CHAPTER = "3. Play"


def heading(number: str, title: str) -> Section:
    return Section(title=title, kind="heading", number=number, path=(CHAPTER,),
                   heading=f"{number}. {title}")


def rule(number: str, text: str, parent: Section) -> Section:
    """A rule with no name of its own: it goes by its section's title, as parsers give it."""
    return Section(title=parent.title, kind="ruling", text=text, number=number,
                   path=(CHAPTER, parent.heading), heading=number)


def book(*sections_of: tuple[str, str, list[str]]) -> Document:
    """A release from (number, title, [rule texts]) sections."""
    out = []
    for number, title, texts in sections_of:
        head = heading(number, title)
        out.append(head)
        out += [rule(f"{number}.{k + 1}", text, head) for k, text in enumerate(texts)]
    return Document(sections=out, format="text")


def report(diff) -> list[tuple]:
    return [(c.type.value, c.section.number, c.text_changed, c.renumbered, c.retitled, c.moved)
            for c in diff.changes]


CITING = ["Lanterns are lit at dusk; see rule 302.1 for the order.",
          "A lit lantern stays lit until dawn (see rule 302.2).",
          "The players agree on a dusk; rule 302.1 applies to it too.",
          "Glow is counted at dawn; see rule 303, and see rules 303.1 and 304.1."]


@pytest.mark.parametrize("texts, cues", [
    (CITING, {"rule"}),  # "rules" cites only once
    (["Per section 4.1, draw.", "Under section 4.2 you pass.", "By section 4.1 again.",
      "A section is a part of a chapter."], {"section"}),
    (["Auf Regel 4.1 folgt Regel 4.2.", "Siehe Regel 4.1.", "Ein Kapitel."], {"regel"}),
    (["Draw 4.1 cards.", "See rule 4.2."], set()),  # fewer than three citations
    (["See rule 4.1.", "Then rule 4.2 applies."], set()),  # two are not enough either
    # "and" comes before three citations, but in far more places before anything else
    (["Draw and 4.1 and 4.2 and 4.1."] + ["Lanterns and cards and decks."] * 20, set()),
])
def test_the_words_a_document_cites_its_sections_with_are_learned_from_it(texts, cues):
    numbers = ["4", "4.1", "4.2", "302.1", "302.2", "303", "303.1", "303.2"]
    sections = [Section(title=None, kind="ruling", number=n, text="") for n in numbers]
    sections += [Section(title=None, kind="ruling", text=t) for t in texts]
    assert reference_cues(sections) == cues


@pytest.mark.parametrize("text, expected", [
    ("see rule 303.", "see rule 304."),
    ("see rules 303 and 305", "see rules 304 and 306"),
    ("see rules 303, 305 or 302.1", "see rules 304, 306 or 302.2"),
    ("see rules 303–305", "see rules 304–306"),
    ("Rule 303 applies", "Rule 304 applies"),
    ("pay 303 glow", "pay 303 glow"),  # a quantity: no cue before it
    ("see rule 303a", "see rule 303a"),  # not a number the release renumbered
    ("as in 302.1, draw", "as in 302.2, draw"),  # a dotted number needs no cue
    ("RULES 303 and 305", "RULES 304 and 306"),  # a cue in any case
    ("overrule 303", "overrule 303"),  # a cue inside another word is not one
    ("rulebook 303", "rulebook 303"),
    ("see rule\u00a0303", "see rule\u00a0304"),
    ("rule 303; rule 305", "rule 304; rule 306"),
])
def test_references_follow_a_renumbering(text, expected):
    renumbered = {"303": "304", "305": "306", "302.1": "302.2"}
    assert follow_references(text, renumbered, frozenset({"rule", "rules"})) == expected


@pytest.mark.parametrize("text, cues, expected", [
    ("\u0130LKE 303", {"i\u0307lke"}, "\u0130LKE 304"),  # lower() makes two letters of one
    ("\u039a\u0391\u039d\u03a9\u039d 303", {"\u03ba\u03b1\u03bd\u03c9\u03bd"},
     "\u039a\u0391\u039d\u03a9\u039d 304"),
    ("\u039f\u03a1\u039f\u03a3 303", {"\u03bf\u03c1\u03bf\u03c2"},
     "\u039f\u03a1\u039f\u03a3 304"),  # a capital sigma that lower() makes final
    ("Regel 303 und Regel 305", {"regel"}, "Regel 304 und Regel 306"),
])
def test_cues_are_found_as_lower_reads_them_in_any_script(text, cues, expected):
    assert text.split()[0].lower() in cues  # the cue is the word as lower() reads it
    renumbered = {"303": "304", "305": "306"}
    assert follow_references(text, renumbered, frozenset(cues)) == expected


def test_a_bare_reference_that_followed_an_inserted_section_is_no_change():
    old = book(("302", "Dusk", CITING), ("303", "Dawn", ["Dawn ends the round."]),
               ("304", "Night", ["Night falls after dusk."]))
    new_citing = CITING[:3] + [
        "Glow is counted at dawn; see rule 304, and see rules 304.1 and 305.1."]
    new = book(("302", "Dusk", new_citing), ("303", "Twilight", ["Twilight is brief."]),
               ("304", "Dawn", ["Dawn ends the round."]),
               ("305", "Night", ["Night falls after dusk."]))
    diff = diff_documents(old, new)
    assert report(diff) == [
        ("added", "303", False, False, False, False),
        ("added", "303.1", False, False, False, False),
        ("modified", "304", False, True, False, False),
        ("modified", "304.1", False, True, False, False),
        ("modified", "305", False, True, False, False),
        ("modified", "305.1", False, True, False, False),
    ]
    assert [(r.old, r.new, r.count) for r in diff.renumberings] == [
        (("303", "304.1"), ("304", "305.1"), 4)]


def test_renaming_a_section_retitles_it_once_and_not_its_rules():
    rules = ["The round ends when every player passed.", "Lanterns left lit go out.",
             "Then the next round begins."]
    old = book(("716", "Ending the Round", rules))
    edited = rules[:1] + ["Lanterns left lit go out, unless a card keeps them lit."] + rules[2:]
    new = book(("716", "Cleanup", edited))  # a name with nothing of the old one
    assert report(diff_documents(old, new)) == [
        ("modified", "716", False, False, True, False),
        ("modified", "716.2", True, False, False, False),
    ]


def test_rules_that_traded_numbers_are_paired_by_their_words_not_their_numbers():
    # 110.2's rules became 110.1's; 110.1's rules went to a new section 111
    tokens = ["A token is a marker that stands for a card.", "A token has no printed cost.",
              "A token that leaves play stops existing."]
    status = ["Status is whether a card is lit or dark.", "A card enters play lit."]
    old = Document(sections=[h := heading("110", "Permanents")]
                   + [rule("110.1", "Permanents are the cards in play.", h)]
                   + [rule(f"110.2{'abc'[k]}", t, h) for k, t in enumerate(tokens)]
                   + [rule(f"110.3{'ab'[k]}", t, h) for k, t in enumerate(status)],
                   format="text")
    t = heading("111", "Tokens")
    new = Document(sections=[h, rule("110.1", "Permanents are the cards in play.", h)]
                   + [rule(f"110.2{'ab'[k]}", s, h) for k, s in enumerate(status)]
                   + [t] + [rule(f"111.{k + 1}", s, t) for k, s in enumerate(tokens)],
                   format="text")
    pairs = {(c.old.number, c.new.number) for c in diff_documents(old, new).changes
             if c.type.value == "modified"}
    assert pairs == {("110.3a", "110.2a"), ("110.3b", "110.2b"), ("110.2a", "111.1"),
                     ("110.2b", "111.2"), ("110.2c", "111.3")}
    assert not any(c.text_changed for c in diff_documents(old, new).changes)


def test_a_short_rule_that_grew_in_its_place_is_modified_not_replaced():
    old = book(("117", "Costs", ["Paying a cost is optional.", "Costs are paid in full."]))
    new = book(("117", "Costs", ["Paying a cost is optional, unless the card that lets you "
                                 "play another demands that its cost be paid.",
                                 "Costs are paid in full."]))
    assert report(diff_documents(old, new)) == [("modified", "117.1", True, False, False, False)]


@pytest.mark.parametrize("scheme", numbered.SCHEMES, ids=[s.name for s in numbered.SCHEMES])
def test_a_section_inserted_before_cited_rules_changes_no_words_in_any_numbering(scheme):
    """The generated rulebook's next release inserts a section first in chapter one:
    the sections after it shift, and the rules citing them ("see rule 1.2.1", and a bare
    "see rule 101" where sections have one-part numbers) follow, as renumberings."""
    old = parse(numbered.text(scheme).encode())
    new = parse(numbered.text(scheme, revised=True).encode())
    diff = diff_documents(old, new)
    added = [c.section.number for c in diff.changes if c.type.value == "added"]
    assert added == [scheme.number(scheme.section(0, 0)), scheme.number(scheme.rule(0, 0, 0))]
    assert [c.section.label for c in diff.changes if c.text_changed] == []
    assert sum(r.count for r in diff.renumberings) >= 10


def test_rules_that_traded_numbers_and_words_are_paired_by_their_words():
    # under one section, the lantern rules and the deck rules trade places, and each
    # gets a word changed: each rule is modified where its words went, not by its number
    lanterns = ["A lantern is lit at dusk by the player who owns it.",
                "A lit lantern stays lit until the round ends at dawn."]
    decks = ["Each deck holds at least forty cards chosen before play.",
             "No deck may hold more than three copies of a card."]
    h = heading("110", "Permanents")

    def release(first, second):
        return Document(sections=[h] + [rule(f"110.{g + 1}{'ab'[k]}", t, h)
                                        for g, group in enumerate((first, second))
                                        for k, t in enumerate(group)], format="text")

    edited = ([t.replace("cards", "cards in all") for t in decks],
              [t.replace("player", "person") for t in lanterns])
    diff = diff_documents(release(lanterns, decks), release(*edited))
    assert {(c.old.number, c.new.number) for c in diff.changes if c.type.value == "modified"} \
        == {("110.1a", "110.2a"), ("110.1b", "110.2b"), ("110.2a", "110.1a"),
            ("110.2b", "110.1b")}
