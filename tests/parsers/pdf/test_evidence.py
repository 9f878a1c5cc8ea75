"""What the PDF reader decides from a document's own evidence, case by case: glyphs as
real engines place them (one by one, letter-spaced, small capitals of two sizes, spaces
inferred or written), line-end hyphens of every kind, contents lists, quoted numbers."""
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rookery.parsers.blocks import Block
from rookery.parsers.structure.contents import drop_contents
from rookery.parsers.lexicon import Lexicon
from rookery.parsers.pdf.glyphs import Glyph, fragments
from rookery.parsers.pdf.repair import (_WORD, compound_hyphens, drawn_soft_hyphens,
                                        keeps_hyphen, plain_hyphen_at_end, split_word,
                                        vocabularies)
from rookery.parsers.pdf.typography import (line_style, other_glyphs, restore_small_caps,
                                           settle_sizes, usual_widths)


def set_line(text: str, size: float = 10.0, tracking: float = 0.0, spaces: str = "glyph",
             sizes: list[float] | None = None, base: float = 100.0, x: float = 50.0,
             space: float = 0.3):
    """Glyphs of one line as an engine places them: each letter 0.5 em wide, `tracking`
    ems apart; a word space 0.3 em, written as a space glyph, inferred ("inferred": the
    glyph before it says so), or left as a bare gap ("gap")."""
    out = []
    for k, ch in enumerate(text):
        s = sizes[k] if sizes else size
        if ch == " ":
            if spaces == "glyph":
                out.append(Glyph(" ", x, x + space * s, base - s, base + 0.2 * s, s, "serif",
                                 False, False, (0, 0, 0), base=base))
            elif spaces == "inferred" and out:
                out[-1].space_after = True
            x += space * s
            continue
        out.append(Glyph(ch, x, x + 0.5 * s, base - 0.8 * s, base + 0.2 * s, s, "serif", False,
                         False, (0, 0, 0), base=base))
        x += (0.5 + tracking) * s
    return out


def words(glyphs) -> list[str]:
    return [f.text for f in fragments(glyphs, 0)]


def page_of(line, spaces: str = "glyph"):
    """The line among twenty of body text set the same way, so the page's habits show."""
    body = [g for k in range(20) for g in set_line("plain words set in a row", spaces=spaces,
                                                      base=200.0 + 14 * k)]
    return line + body


@pytest.mark.parametrize("line,spaces,expected", [
    # a letter-spaced heading whose words PDFium infers spaces inside (at gaps no wider
    # than its other letters') keeps its words
    ("Gale", "inferred", "Gale"),
    ("Definitions and Terms", "inferred", "Definitions and Terms"),
    # written spaces part words, and nothing else does below a space's width
    ("Notes and Errata", "glyph", "Notes and Errata"),
])
def test_letter_spaced_words_stay_whole(line, spaces, expected):
    glyphs = set_line(line, tracking=0.1, spaces=spaces)
    if spaces == "inferred":  # PDFium infers a space inside the word, too
        glyphs[1].space_after = True
    assert words(page_of(glyphs, spaces))[0] == expected


@pytest.mark.parametrize("nudge", [0.0, -1e-6, 1e-6])
def test_a_space_glyph_drawn_over_a_letter_parts_nothing(nudge):
    # a browser writes a space where it may break a word (a soft hyphen), at the place of
    # the letter after it, give or take a rounding error
    line = set_line("collects words")
    at = next(g for g in line if g.text == "l" and line.index(g) == 3)
    line.insert(3, Glyph(" ", at.x0 + nudge, at.x0 + nudge + 3.0, at.top, at.bottom, at.size,
                         "serif", False, False, (0, 0, 0), base=at.base))
    assert words(page_of(line))[0] == "collects words"


@pytest.mark.parametrize("inside,expected", [(True, "Skyforge rules"),
                                              (False, "Sky forge rules")])
def test_a_space_glyph_the_next_letter_is_kerned_back_over_parts_nothing(inside, expected):
    # a program rewriting a PDF may write a space between two letters and kern the second
    # back over it, so that the space ends inside the letter before it; a real space
    # (the same glyph moved to where that letter ends) parts the words
    line = set_line("Skyforge rules")
    f = line[3]
    start = f.x0 + 0.6 if inside else f.x1
    line.insert(3, Glyph(" ", start, start + 3.5, f.top, f.bottom, f.size, "serif", False,
                         False, (0, 0, 0), base=f.base))
    if not inside:  # the word after the space moves along with it
        for g in line[4:]:
            g.x0, g.x1 = g.x0 + 3.5 + f.x1 - f.x0, g.x1 + 3.5 + f.x1 - f.x0
    assert words(page_of(line))[0] == expected


def test_no_word_space_follows_a_soft_hyphen():
    # a letter and the soft hyphen after it share one glyph; their slices of its box
    # leave a gap as wide as a space before the next letter
    line = set_line("an abil\u00adity")
    at = next(k for k, g in enumerate(line) if g.text == "\u00ad")
    for g in line[at + 1:]:
        g.x0 += 4.0
        g.x1 += 4.0
    assert words(page_of(line))[0] == "an abil\u00adity"


def test_a_space_glyph_after_a_soft_hyphen_ends_the_word():
    # a letter whose glyph's text is the letter and a soft hyphen (where the engine may
    # break the word), the two sharing its box as slices, then a space glyph of its own
    line = set_line("as my own")
    y = line[4]
    line[4:5] = [Glyph("y", y.x0, (y.x0 + y.x1) / 2, y.top, y.bottom, y.size, "serif", False,
                       False, (0, 0, 0), base=y.base),
                 Glyph("\u00ad", (y.x0 + y.x1) / 2, y.x1, y.top, y.bottom, y.size, "serif",
                       False, False, (0, 0, 0), base=y.base)]
    assert words(page_of(line))[0] == "as my\u00ad own"


def test_a_ligatures_letters_sharing_its_box_do_not_set_a_short_words_tracking():
    # "time." opening a line: "t" and "i" are one ligature glyph, both given its box;
    # their overlap is no tracking, and "m" set flush against the ligature (a rounding
    # error after it) is no space
    line = set_line("time.")
    t, i = line[0], line[1]
    i.x0, i.x1 = t.x0, t.x1 = t.x0, t.x0 + 0.55 * t.size
    for g in line[2:]:
        g.x0 -= 0.4499 * g.size
        g.x1 -= 0.4499 * g.size
    assert words(page_of(line, "gap"))[0] == "time."


def test_a_gap_as_wide_as_a_space_parts_words_where_the_page_writes_none():
    # a list's number placed apart from its text, on a page that writes its spaces
    line = set_line("1.") + set_line("Recover", x=50.0 + 0.5 * 10 * 2 + 4.0)
    assert words(page_of(line))[0] == "1. Recover"


def mixed_line(marked: set[int], text: str = "nous aurions pu adopter ou tout", space=0.18):
    """A line whose word spaces are `space` ems wide, written as glyphs only after the
    words counted in `marked` (a producer whose other spaces PDFium drops)."""
    glyphs, x = [], 50.0
    for k, word in enumerate(text.split()):
        glyphs += set_line(word, x=x)
        x = glyphs[-1].x1 + space * 10
        if k in marked:
            last = glyphs[-1]
            glyphs.append(Glyph(" ", last.x1, x, last.top, last.bottom, 10, "serif", False,
                                False, (0, 0, 0), base=last.base))
    return glyphs


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("marked", [set(), {2}, {0, 3}])
def test_a_line_that_marks_few_of_its_spaces_is_read_by_its_own_gaps(marked, compiled):
    # on a page that marks its spaces, a line's narrow unmarked gaps as wide as its
    # marked ones (or, marking none, several of them) are its spaces all the same
    found = [f.text for f in fragments(page_of(mixed_line(marked)), 0, compiled=compiled)]
    assert found[0] == "nous aurions pu adopter ou tout"


@pytest.mark.parametrize("compiled", [True, False])
def test_gaps_inside_words_narrower_than_the_lines_spaces_part_nothing(compiled):
    # "WAVE" opened 0.15 em at two pairs, in a line whose one space is marked, 0.3 em
    line = set_line("WAVE AT")
    for k, g in enumerate(line):
        shift = 1.5 * min(k, 2)  # after W and after A, 0.15 em more
        g.x0, g.x1 = g.x0 + shift, g.x1 + shift
    found = [f.text for f in fragments(page_of(line), 0, compiled=compiled)]
    assert found[0] == "WAVE AT"


def test_a_page_without_space_glyphs_is_read_by_its_gaps():
    assert words(page_of(set_line("three short words", spaces="gap"), "gap"))[0] == \
        "three short words"


def test_capitals_and_small_capitals_of_two_sizes_are_one_line():
    # their boxes' bottoms differ; their baseline does not
    sizes = [12.5] + [9.0] * 4
    glyphs = set_line("Notes", sizes=sizes)
    for g in glyphs[1:]:
        g.bottom -= 2.9  # the smaller type's box sits higher
    assert words(glyphs) == ["Notes"]


@pytest.mark.parametrize("text,sizes,restored", [
    # capitals scaled down, their text kept in lower case by one engine ...
    ("Notes", [10, 7, 7, 7, 7], "Notes"),
    # ... mapped to either case by first use by another: the larger letters are capitals
    ("dOES", [10, 7.6, 7.6, 7.6], "Does"),
    # the classic form: all capitals, the smaller ones standing for lower case
    ("CAN I", [10, 7.8, 7.8, 10, 10], "Can I"),
    # one size: nothing to restore
    ("Plain", [10] * 5, "Plain"),
])
def test_small_capitals_read_as_their_words(text, sizes, restored):
    glyphs = set_line(text, sizes=[s for s in sizes])
    restore_small_caps(glyphs)
    assert "".join(g.text for g in glyphs).replace(" ", "") == restored.replace(" ", "")


@pytest.mark.parametrize("family,expect", [
    # the heading's small capitals go on into the next line in their own face (a line all
    # at their size: lower case throughout) ...
    ("display", "setup rules go here"),
    # ... but the body after it, in another face at the small capitals' size, keeps its case
    ("serif", "SETUP RULES GO HERE"),
])
def test_small_capitals_go_on_only_in_their_own_face(family, expect):
    heading = set_line("VARIANT", sizes=[14, 10, 10, 10, 10, 10, 10])
    for g in heading:
        g.family = "display"
    small = restore_small_caps(heading)
    assert "".join(g.text for g in heading) == "Variant" and small is not None
    body = set_line("SETUP RULES GO HERE", size=10)
    for g in body:
        g.family = family
    restore_small_caps(body, small)
    assert "".join(g.text for g in body) == expect


def test_scaled_small_capitals_in_lower_case_are_small_capitals_not_body_type():
    assert line_style(set_line("Notes and Errata", sizes=[12.5, 9, 9, 9, 9, 9, 9, 9, 9, 9,
                                                            12.5, 9, 9, 9, 9, 9])).caps == "small"
    assert line_style(set_line("Notes and Errata")).caps == ""


@pytest.mark.parametrize("hyphen", ["-", "\u2010", "\u2011", "\u00ad"])
def test_a_line_end_hyphen_of_any_kind_is_a_hyphen(hyphen):
    glyphs = set_line("con" + hyphen)
    assert plain_hyphen_at_end(glyphs) == hyphen
    assert glyphs[-1].text == "-"


@pytest.mark.parametrize("left,right,keeps", [
    ("con", "sidered", False),  # a word the document prints whole elsewhere
    ("non-target", "ing", False),  # a compound broken inside its last part
    ("out-of", "play", True),  # a compound broken at its own hyphen
])
def test_a_hyphenated_break_is_judged_by_the_documents_vocabulary(left, right, keeps):
    words, _free = vocabularies(
        ["considered targeting play out-of-play non-targeting is con- sidered",
         "a non-target- ing effect and an out-of- play card"])
    assert keeps_hyphen(left, right, words, soft=True) is keeps


@pytest.mark.parametrize("before,after,parts", [
    ("an op\u00adpo-", "nent acted", ("oppo", "nent")),
    ("the op-", "po\u00adnent acted", ("op", "ponent")),
    ("a draw\u00ad", "ing step", ("draw", "ing")),  # a soft hyphen drawn at the end
])
def test_a_broken_word_is_read_past_the_soft_hyphens_inside_it(before, after, parts):
    # a typesetter that keeps every hyphenation point in its text layer breaks at one
    # and leaves the others inside the word's parts
    line = set_line(before)
    plain_hyphen_at_end(line)
    assert split_word("".join(g.text for g in line), after) == parts


@pytest.mark.parametrize("left,right,heading,keeps", [
    ("EFFECT", "PHASE", True, True),  # a heading's, before a word printed whole
    ("PUB", "LISHED", True, False),  # broken the same way on every line it ends
    ("some", "how", False, False),  # body text: a closed compound, broken at its words
])
def test_a_word_printed_nowhere_else_is_judged_by_the_words_printed_whole(
        left, right, heading, keeps):
    lines = ["a rule for some players and how one phase ends", "Interpretations pub-",
             "lished by organisers", "Interpretations pub-", "lished again"]
    words, free = vocabularies(lines)
    assert keeps_hyphen(left, right, words, soft=True, heading=heading, free=free) is keeps


_LINE_PIECES = st.sampled_from(["a", "Bc", "\u0130", "\u00df", " ", "  ", "-", "\u00ad",
                                 "\u2010", "\u2011", "1", "_", ".", "x-y", "\ufb01", "\n"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(_LINE_PIECES, max_size=10).map("".join), max_size=6))
def test_the_vocabularies_are_each_lines_words_counted(lines):
    # what vocabularies works out over all lines at once, counted line by line: every
    # word in lower case; whole for certain, all but a line's first and the last of a
    # line broken with a hyphen
    words, free = Counter(), Counter()
    for line in lines:
        found = [w.lower() for w in _WORD.findall(line.replace("\u00ad", "")
                                                  .replace("\u2010", "-").replace("\u2011", "-"))]
        words.update(found)
        free.update(found[1:-1] if line.rstrip().endswith(("-", "\u2010", "\u2011", "\u00ad"))
                    else found[1:])
    got_words, got_free = vocabularies(lines)
    assert list(got_words.items()) == list(words.items())  # (in the order first printed)
    assert dict(got_free) == {w: n for w, n in free.items() if n > 0}


@pytest.mark.parametrize("left,right,keeps", [
    ("two", "player", True),  # two words the language has, not joined: a compound
    ("some", "how", False),  # a word the language has: a closed compound broken
    ("clarifi", "cations", False),  # a word broken at a syllable
    ("Skel", "dar", False),  # a name no list has, nor its parts: joined, as body text is
])
def test_a_word_printed_nowhere_else_is_judged_by_its_languages_words(left, right, keeps):
    lines = ["the two players agree how a card may be played and which rulings apply"]
    words, free = vocabularies(lines)
    english = Lexicon("en", {"two": 1, "player": 1, "some": 1, "how": 1, "somehow": 1,
                             "clarifications": 1})
    assert keeps_hyphen(left, right, words, soft=True, free=free,
                        lexicon=lambda: english) is keeps
    # with no list (a language none knows) the body text joins, as it always did
    assert keeps_hyphen(left, right, words, soft=True, free=free,
                        lexicon=lambda: None) is False


def test_the_documents_own_words_come_before_its_languages():
    # the document prints both words its own way, against what the list would say
    words, _free = vocabularies(["a twoplayer game", "it works some-how"])
    english = Lexicon("en", {"two": 1, "player": 1, "some": 1, "how": 1, "somehow": 1})
    assert keeps_hyphen("two", "player", words, soft=True, lexicon=lambda: english) is False
    assert keeps_hyphen("some", "how", words, soft=True, lexicon=lambda: english) is True


def test_soft_hyphens_inside_words_do_not_split_the_documents_vocabulary():
    # a typesetter that keeps its hyphenation points in the text ("be\u00adtween") still
    # prints "between": a break "be-" "tween" joins
    words, _free = vocabularies(["the lane be\u00adtween two cards",
                                 "cards be\u00adtween lanes", "an out-of-play card"])
    assert keeps_hyphen("be", "tween", words, soft=True) is False
    assert words["between"] == 2


def test_a_contents_list_goes_with_its_entries_subtopics():
    blocks = [Block("para", "Front matter says what this is."),
              Block("heading", "Contents", level=1),
              Block("para", "1.1. General"),
              Block("para", "Languages, Official Text"),
              Block("para", "1.2. Golden Rules"),
              Block("para", "Choices"),
              Block("para", "1.3. Active Player"),
              Block("heading", "1.1. General", level=2),
              Block("para", "Some rule text."),
              Block("heading", "1.2. Golden Rules", level=2),
              Block("heading", "1.3. Active Player", level=2)]
    kept = [b.text for b in drop_contents(blocks)]
    assert kept == ["Front matter says what this is.", "1.1. General", "Some rule text.",
                    "1.2. Golden Rules", "1.3. Active Player"]


def test_a_contents_line_filled_with_leaders_is_still_a_contents_line():
    leaders = "." * 200
    blocks = [Block("heading", "Contents", level=1)] + \
        [Block("heading", f"{n} {name}{leaders}{n + 1}", level=1)
         for n, name in enumerate(["Notes", "Terms", "Rulings"], start=1)] + \
        [Block("heading", f"{n} {name}", level=1)
         for n, name in enumerate(["Notes", "Terms", "Rulings"], start=1)]
    assert [b.text for b in drop_contents(blocks)] == ["1 Notes", "2 Terms", "3 Rulings"]


def test_a_titled_number_with_nothing_under_it_is_a_section_beside_its_siblings():
    # a PDF sets "600. General" in body type, between a chapter and "601. Casting Spells"
    from rookery.parsers.blocks import RawDocument
    from rookery.parsers.structure import build_document

    blocks = [Block("heading", "5. Turns", level=1), Block("item", "500. General"),
              Block("para", "500.1. A turn has phases."),
              Block("heading", "6. Spells", level=1), Block("item", "600. General"),
              Block("item", "601. Casting Spells"), Block("para", "601.1. Casting takes steps.")]
    doc = build_document(RawDocument(blocks=blocks, format="pdf"))
    numbered = {s.number: s for s in doc.sections}
    assert numbered["600"].title == "General" and numbered["600"].path == ("6. Spells",)
    assert numbered["6"].text == ""


def outline_of(blocks):
    from rookery.parsers.blocks import RawDocument
    from rookery.parsers.structure import build_document

    return build_document(RawDocument(blocks=blocks, format="pdf"))


def test_a_rule_quoted_in_an_update_summary_stays_text():
    doc = outline_of([
        Block("heading", "1. Lanes", level=1),
        Block("para", "1.1. A lane holds up to three cards."),
        Block("para", "1.2. A lane that holds none is open."),
        Block("heading", "Update Summary", level=1),
        Block("para", "Changed the wording of one rule:"),
        Block("para", "1.2. A lane that holds none is open.")])
    assert [s.number for s in doc.sections if s.number] == ["1", "1.1", "1.2"]
    summary = next(s for s in doc.sections if s.title == "Update Summary")
    assert "1.2. A lane that holds none is open." in summary.text


def test_the_rules_under_a_quoted_rule_are_quoted_too_in_their_older_words():
    # a summary of an earlier release quotes "10.1. Ward" and the rules under it as they
    # read then: the words differ from today's, but they lie under a quoted number
    doc = outline_of([
        Block("heading", "10. Keywords", level=1), Block("para", "10.1. Ward"),
        Block("para", "10.1.1. Ward keeps a card from being chosen by opponents."),
        Block("para", "10.1.2. A card loses Ward when it is exerted."),
        Block("heading", "Previous Summary", level=1),
        Block("para", "Added the following rules:"), Block("para", "10.1. Ward"),
        Block("para", "10.1.1. Ward stopped a card from being chosen."),
        Block("heading", "Glossary", level=1), Block("para", "10.1.1. Ward is a keyword.")])
    # the last one, after a heading of its own, is no quotation: a part numbered afresh
    assert [s.number for s in doc.sections if s.number] == \
        ["10", "10.1", "10.1.1", "10.1.2", "10.1.1"]
    summary = next(s for s in doc.sections if s.title == "Previous Summary")
    assert "10.1.1. Ward stopped a card from being chosen." in summary.text


def test_a_dateline_over_a_summary_names_no_entry():
    doc = outline_of([
        Block("heading", "1. Lanes", level=1),
        Block("para", "1.1. A lane holds up to three cards."),
        Block("heading", "Update Summary", level=1),
        Block("para", "March 3, 2025\nThese rules changed for the spring season.",
              lead="March 3, 2025"),
        Block("para", "Lane Size\nA lane now holds three cards.", lead="Lane Size")])
    summary = [s for s in doc.sections if s.path == ("Update Summary",)]
    assert [s.title for s in summary] == ["Lane Size"]
    parent = next(s for s in doc.sections if s.title == "Update Summary")
    assert parent.text.startswith("March 3, 2025\nThese rules changed")


def test_a_part_in_capitals_read_as_a_term_atop_its_page_is_a_top_level_part():
    # the contents list ranks its entries by capitals alone; "NOTES" was read as a line of
    # text (nothing set it off from the next line), and its part opens atop a page set
    # like the glossary's terms before it
    doc = outline_of([
        Block("heading", "1. LANES", level=1), Block("heading", "1.1. Opening", level=2),
        Block("heading", "1.2. Closing", level=2), Block("heading", "GLOSSARY", level=1),
        Block("para", "NOTES"),
        Block("heading", "1. LANES", level=1), Block("heading", "1.1. Opening", level=2),
        Block("para", "1.1.1. A lane opens at the start of a round."),
        Block("heading", "1.2. Closing", level=2),
        Block("para", "1.2.1. A lane closes when it is full."),
        Block("heading", "GLOSSARY", level=1),
        Block("para", "anchor\nA keyword that keeps a card in its lane.", lead="anchor"),
        Block("para", "Notes\nThis part lists what changed.", lead="Notes")])
    notes = next(s for s in doc.sections if s.title == "Notes")
    assert notes.path == () and notes.text == "This part lists what changed."


def test_a_number_that_comes_again_with_other_words_is_a_section_of_its_own():
    # a part that starts its numbering afresh
    doc = outline_of([
        Block("heading", "Part One", level=1), Block("para", "1.1. Shuffle the deck."),
        Block("para", "1.2. Draw five cards."),
        Block("heading", "Part Two", level=1), Block("para", "1.1. Choose a lane."),
        Block("para", "1.2. Play a card there.")])
    assert [s.number for s in doc.sections if s.number] == ["1.1", "1.2", "1.1", "1.2"]


def test_numbered_lines_in_the_flow_of_the_rules_are_not_a_contents_list():
    # three short rules a later summary quotes word for word: they carry on the
    # numbering around them, so they are rules, not a list of what follows
    rules = [Block("para", "4.2.2. Discard a card."), Block("para", "4.3. Scoring"),
             Block("para", "4.3.1. Count your lanes."), Block("para", "4.3.2. Add one point."),
             Block("para", "4.3.3. The higher score wins the round outright, and ties go on.")]
    summary = [Block("heading", "Update Summary", level=1)] + \
        [Block("para", b.text) for b in rules[1:4]]
    kept = [b.text for b in drop_contents(rules + summary)]
    assert kept[:5] == [b.text for b in rules]


def test_contents_entries_read_as_one_heading_are_still_contents():
    blocks = [Block("heading", "Contents", level=1), Block("heading", "1. Setup", level=2),
              Block("heading", "2. Play", level=2),
              Block("heading", "Glossary Update Summary", level=2),
              Block("heading", "1. Setup", level=1), Block("para", "Shuffle."),
              Block("heading", "2. Play", level=1), Block("para", "Take turns."),
              Block("heading", "Glossary", level=1), Block("para", "Terms."),
              Block("heading", "Update Summary", level=1), Block("para", "Changes.")]
    assert [b.text for b in drop_contents(blocks)][0] == "1. Setup"
    assert "Glossary Update Summary" not in [b.text for b in drop_contents(blocks)]


def test_the_parts_a_contents_list_ranks_outermost_are_the_top_level_parts():
    # the front matter's headings are set larger than the chapters; the contents list
    # says the chapters and the glossary are the document's parts
    entries = [("1. Concepts", 3), ("1.1. General", 4), ("2. Play", 3), ("Glossary", 3)]
    doc = outline_of(
        [Block("heading", "Updates", level=1), Block("para", "New text is in blue."),
         Block("heading", "Contents", level=2)]
        + [Block("heading", text, level=level) for text, level in entries]
        + [Block("heading", "1. Concepts", level=2), Block("heading", "1.1. General", level=3),
           Block("para", "1.1.1. Rules are numbered."), Block("heading", "2. Play", level=2),
           Block("para", "2.1. Take turns."), Block("heading", "3. Scoring", level=2),
           Block("para", "3.1. Count glow."), Block("heading", "Glossary", level=1),
           Block("para", "Glow\nWhat a player counts.")])
    paths = {s.number or s.title: s.path for s in doc.sections}
    assert paths["1"] == paths["2"] == paths["3"] == paths["Glossary"] == ()
    assert paths["1.1"] == ("1. Concepts",)


# ---------------------------------------------------------------- what other engines do

@pytest.mark.parametrize("base", [106.0, 100.0])
def test_a_large_heading_beside_a_body_line_is_a_line_of_its_own(base):
    # a heading's second line, twice the body's size, sits a few points below the last
    # line of the column beside it, or on its very baseline, little more than an em of
    # the body's type away (and less than one of the heading's)
    body = set_line("published by", x=50.0)
    heading = set_line("Clarifications", size=20.0, base=base, x=body[-1].x1 + 16.0)
    assert sorted(words(body + heading)) == ["Clarifications", "published by"]


def test_a_raised_figure_stays_with_its_word():
    word = set_line("lanes")
    figure = set_line("2", size=6.0, base=98.0, x=word[-1].x1)
    assert words(word + figure) == ["lanes2"]


def _widths(glyphs, width):
    """The line's lower-case letters drawn `width` ems wide (a number, or a letter's
    width by the letter)."""
    for g in glyphs:
        if g.text.islower():
            g.x1 = g.x0 + (width(g.text) if callable(width) else width) * g.size
    return glyphs


def _small_capital(letter: str) -> float:
    """A small capital's width in ems: wider than the body's lower case (0.5 em), each
    letter by its own amount, as a font draws them."""
    return 0.55 + 0.03 * (ord(letter) % 5)


def test_lower_case_drawn_with_other_glyphs_of_one_size_is_another_form():
    # a font's own small capitals come through the text layer as lower-case letters of
    # the body's size: only their advances differ from the body's letters
    body = [g for k in range(6) for g in set_line("plain words set in a row", base=200.0 + 14 * k)]
    usual = usual_widths([body])
    assert other_glyphs(_widths(set_line("can a row be set in small capitals"), _small_capital),
                        usual)
    assert not other_glyphs(set_line("can a row be set in plain words"), usual)
    # a few letters off (a ligature's share, a stray glyph) do not make a line another form
    mixed = set_line("plain words set in a row")
    _widths(mixed[:3], 0.6)
    assert not other_glyphs(mixed, usual)


@pytest.mark.parametrize("scale", [0.9, 0.96, 1.05])
def test_lower_case_condensed_or_expanded_alike_is_the_usual_form(scale):
    # a typesetter fits a paragraph by drawing its type narrower (or wider), every
    # letter alike: the same glyphs, not the font's small capitals
    body = [g for k in range(6) for g in set_line("plain words set in a row", base=200.0 + 14 * k)]
    usual = usual_widths([body])
    assert not other_glyphs(_widths(set_line("can a row be set in plain words"), 0.5 * scale),
                            usual)


def test_sizes_a_hair_apart_are_one_style():
    # one reader gives a scaled heading 14.3 points, the next one 14.2
    first, second = set_line("Notes and Errata", size=14.3), set_line("Card Legality", size=14.2)
    body = set_line("plain words", size=10.0)
    settle_sizes([first, second, body])
    assert line_style(first).size == line_style(second).size != line_style(body).size


@pytest.mark.parametrize("widths,elsewhere,spelled", [
    # the typesetter's one hyphen glyph, mapped to U+00AD: drawn, the same width each time
    ([0.33, 0.33, 0.33], "", "out-of-play two-player"),
    # soft hyphens that share a glyph with the letters around them: a slice of its box ...
    ([0.04, 0.12, 0.22], "", "out\u00adof\u00adplay two\u00adplayer"),
    # ... as wide as the letters on both sides: one glyph cut in three ("f", U+00AD, "f")
    ([0.5, 0.5, 0.5], "", "out\u00adof\u00adplay two\u00adplayer"),
    # ... equal slices, in words the document prints whole elsewhere
    ([0.21, 0.21, 0.21], "outofplay twoplayer", "out\u00adof\u00adplay two\u00adplayer"),
])
def test_soft_hyphens_drawn_as_hyphens_are_hyphens(widths, elsewhere, spelled):
    line = set_line("out\u00adof\u00adplay two\u00adplayer")
    shy = [g for g in line if g.text == "\u00ad"]
    for g, width in zip(shy, widths):
        g.x1 = g.x0 + width * g.size
    drawn_soft_hyphens([line, set_line(elsewhere or "plain words", base=140.0)])
    assert "".join(g.text for g in line) == spelled


@pytest.mark.parametrize("start,spelled", [
    # a heading's compound, the face's only soft hyphen: drawn with room of its own
    (0.0, "Mid-Effect"),
    (-0.06, "Mid-Effect"),  # kerned a little under the letter before it
    # one drawn over the letter before it, at its place: no glyph of its own
    (-0.4, "Mid\u00adEffect"),
])
def test_a_faces_lone_soft_hyphen_is_judged_by_the_room_it_takes(start, spelled):
    heading = set_line("Mid\u00adEffect", size=12.0)
    for g in heading:
        g.bold = True
    shy = next(g for g in heading if g.text == "\u00ad")
    shy.x0 += start * shy.size
    shy.x1 = shy.x0 + 0.33 * shy.size
    drawn_soft_hyphens([heading, set_line("plain words", base=140.0)])
    assert "".join(g.text for g in heading) == spelled


def test_a_soft_hyphen_after_a_letter_drawn_narrower_than_usual_is_a_slice():
    # a letter and the soft hyphen after it share the letter's glyph: the letter gets a
    # part of its box, the hyphen the rest
    body = [g for k in range(6) for g in set_line("plain words set in a row", base=200.0 + 14 * k)]
    word = set_line("Row\u00adlane")
    w, shy = word[2], word[3]
    w.x1 = w.x0 + 0.2 * w.size
    shy.x0, shy.x1 = w.x1, w.x1 + 0.3 * shy.size
    drawn_soft_hyphens([word, body], usual_widths([body + word]))
    assert "".join(g.text for g in word) == "Row\u00adlane"


@pytest.mark.parametrize("left,right,heading,keeps", [
    ("MID", "EFFECT", True, True),  # a heading's compound: the word after it is a word
    ("Clarifi", "cations", True, False),  # a heading hyphenated: a syllable after it
    ("MID", "EFFECT", False, False),  # body text breaks far more often than compounds
])
def test_a_headings_hyphen_the_vocabulary_cannot_judge_is_kept_before_a_word(
        left, right, heading, keeps):
    words, _free = vocabularies(["an effect ends", "each effect resolves", "the rulings"])
    assert keeps_hyphen(left, right, words, soft=True, heading=heading) is keeps


def test_names_close_over_their_definitions_in_order_are_glossary_terms():
    doc = outline_of([
        Block("heading", "Terms", level=1),
        Block("para", "Anchor\nA keyword that keeps a card in its lane.", lead="Anchor"),
        Block("para", "Beacon\nA card that lights the way.", lead="Beacon"),
        Block("para", "Cinder\nWhat a burned card leaves.", lead="Cinder")])
    assert [(s.kind, s.title) for s in doc.sections if s.path] == [
        ("term", "Anchor"), ("term", "Beacon"), ("term", "Cinder")]


def test_a_name_close_over_a_question_names_a_faq_entry():
    doc = outline_of([
        Block("heading", "Questions", level=1),
        Block("para", "Borrowed Forges\nCan I use a borrowed forge?", lead="Borrowed Forges",
              emphasized=True),
        Block("para", "Yes, once a round."),
        Block("para", "Cold Lanes\nDoes a cold lane score?", lead="Cold Lanes", emphasized=True),
        Block("para", "No.")])
    assert [(s.kind, s.title, s.text) for s in doc.sections if s.path] == [
        ("faq", "Borrowed Forges", "Can I use a borrowed forge?\nYes, once a round."),
        ("faq", "Cold Lanes", "Does a cold lane score?\nNo.")]


def test_a_compound_hyphen_at_a_line_end_is_told_by_its_character():
    # the engine breaks words with U+2010 and never sets it inside a line; the text's own
    # compounds use "-": a line ending in "-" ends in a compound's hyphen
    breaks = [set_line(f"{word}\u2010", base=100.0 + 24 * k)
              for k, word in enumerate(["a two-player game with re", "and is con", "or dis"])]
    lines = breaks + [set_line("a two-", base=200.0), set_line("player game", base=212.0)]
    assert compound_hyphens(lines) == {"-"}
    # as many compounds as breaks end lines: the characters are no guide
    assert compound_hyphens(breaks[:1] + lines[3:]) == set()
    # one character for both: the characters do not tell
    assert compound_hyphens([set_line("a two-player re-"), set_line("solved", base=112.0)]) \
        == set()
