"""Table rows and page furniture as engines lay them out: cells that a justified line
spreads or a narrow gap joins, and a sentence a short document repeats at the top of a
column, which is text and not a running head."""
from rookery.parsers.pdf.lines import Line, TextLine
from rookery.parsers.pdf.furniture import split_furniture
from rookery.parsers.pdf.glyphs import Fragment, Glyph
from rookery.parsers.pdf.tables import row_lines, with_wrapped_cells, wraps_cells
from rookery.parsers.pdf.typography import Style

SIZE = 10.0
COLUMN = (50.0, 250.0)


def piece(text: str, x: float, base: float, page: int = 0) -> Fragment:
    """A fragment of text from `x` on a baseline: letters 0.5 em wide, spaces 0.3 em."""
    glyphs = []
    for ch in text:
        width = (0.3 if ch == " " else 0.5) * SIZE
        glyphs.append(Glyph(ch, x, x + width, base - 0.8 * SIZE, base + 0.2 * SIZE, SIZE,
                            "sans", False, False, (0, 0, 0), base=base))
        x += width
    return Fragment(page=page, glyphs=glyphs)


def joined(a: Fragment, b: Fragment) -> Fragment:
    """Two pieces read as one fragment, a space glyph between them."""
    last = a.glyphs[-1]
    space = Glyph(" ", last.x1, b.x0, last.top, last.bottom, SIZE, "sans", False, False,
                  (0, 0, 0), base=last.base)
    return Fragment(page=a.page, glyphs=a.glyphs + [space] + b.glyphs)


def fact(*pieces: Fragment) -> TextLine:
    """A paragraph fact as the block builder makes it and row_lines reads it: a line,
    its glyphs, text and type."""
    line = Line(fragments=list(pieces), page=0, column=COLUMN)
    glyphs = [g for p in pieces for g in p.glyphs]
    return TextLine(line, glyphs, " ".join(p.text for p in pieces),
                 Style(SIZE, "sans", False, False, "", None), apart=False)


def cells(f) -> list[str]:
    return [p.text for p in f.line.fragments]


def test_a_justified_cell_and_a_cell_run_close_to_the_next_get_the_tables_cells():
    # a faction column at 50, a card column at 120 that ends at the column's edge; the
    # card cells are justified, so their words spread apart to reach 250, and a faction
    # long enough to come within a word space of the card column reads as one fragment
    lines = [
        fact(piece("Faction", 50, 100), piece("Card", 120, 100)),
        fact(piece("Neutral", 50, 112), piece("Copper", 120, 112), piece("Gate", 230, 112)),
        fact(piece("(Tinker Pack, 77)", 120, 124)),
        fact(piece("Neutral", 50, 136), piece("Whisper", 120, 136), piece("Lantern", 215, 136)),
        fact(joined(piece("Ember Clan", 50, 148), piece("Cinder", 120, 148)),
             piece("Drake", 225, 148)),
    ]
    rows = row_lines(lines)
    assert {0, 1, 3, 4} <= rows and 2 not in rows
    assert cells(lines[1]) == ["Neutral", "Copper Gate"]
    assert cells(lines[3]) == ["Neutral", "Whisper Lantern"]
    assert cells(lines[4]) == ["Ember Clan", "Cinder Drake"]


def test_words_apart_that_do_not_fill_their_cell_are_not_joined_into_it():
    # the same table, but the card cell's words stop well short of the column's edge:
    # not a justified cell, so the line keeps its three pieces
    lines = [
        fact(piece("Faction", 50, 100), piece("Card", 120, 100)),
        fact(piece("Neutral", 50, 112), piece("Copper", 120, 112), piece("Gate", 170, 112)),
        fact(piece("Neutral", 50, 124), piece("Whisper", 120, 124)),
    ]
    row_lines(lines)
    assert cells(lines[1]) == ["Neutral", "Copper", "Gate"]


def test_a_word_two_justified_rows_spread_to_one_place_is_no_cell():
    # four rows of two cells; in two of them the card cell is justified and its last
    # word, the same in both, lands at the same place: a minority, so not a third cell
    lines = [
        fact(piece("Faction", 50, 100), piece("Card", 120, 100)),
        fact(piece("Neutral", 50, 112), piece("Storm Lens (Core, 3)", 120, 112)),
        fact(piece("Neutral", 50, 124), piece("Copper", 120, 124), piece("(Tinker", 215, 124)),
        fact(piece("Neutral", 50, 136), piece("Whisper", 120, 136), piece("(Tinker", 215, 136)),
    ]
    row_lines(lines)
    assert cells(lines[2]) == ["Neutral", "Copper (Tinker"]
    assert cells(lines[3]) == ["Neutral", "Whisper (Tinker"]


def test_a_tables_header_row_at_a_columns_foot_goes_on_at_the_next_pages_top():
    header = fact(piece("Faction", 50, 700), piece("Card", 100, 700))
    rows = [fact(piece("Neutral", 50, 60 + 12 * k), piece(card, 100, 60 + 12 * k))
            for k, card in enumerate(["Storm Lens", "Copper Gate"])]
    for f in rows:
        f.line.page = 1
        for frag in f.line.fragments:
            frag.page = 1
    rows[0].line.first_in_column = True
    assert row_lines([header] + rows) == {0, 1, 2}


def test_a_cells_wrapped_line_spread_by_justification_goes_back_into_its_cell():
    # the card cell wraps "(Tinker Pack, 77)"; justified, the wrapped line spreads its
    # two words across the cell, the second starting inside it, at no cell's start
    above = fact(piece("Faction", 50, 100), piece("Card", 120, 100))
    row = fact(piece("Neutral", 50, 112), piece("Copper Gate Warden", 120, 112))
    wrapped = fact(piece("(Tinker", 120, 124), piece("Pack,", 215, 124))
    assert wraps_cells(above, row, row, wrapped, close=True)
    assert [c.text for c in with_wrapped_cells(row, wrapped).fragments] == \
        ["Neutral", "Copper Gate Warden (Tinker Pack,"]


def test_a_heading_set_apart_under_a_table_is_no_row_though_a_word_starts_at_a_cell():
    # rows 12 points apart; then, further down, a heading of one fragment whose last
    # word happens to start under the card column (its first 67 points: 11 letters and
    # 4 spaces), and a line of text under it
    def table_then(heading_base: float) -> list:
        return [fact(piece("Faction", 50, 100), piece("Card", 120, 100))] + [
            fact(piece("Neutral", 50, base), piece("Storm Lens", 120, base))
            for base in (112, 124, 136)] + [
            fact(piece("5. On Two Or So Decks", 50, heading_base)),
            fact(piece("Text under the heading.", 50, heading_base + 12))]

    apart = table_then(166)
    assert row_lines(apart) == {0, 1, 2, 3}
    assert cells(apart[4]) == ["5. On Two Or So Decks"]
    close = table_then(148)  # at the rows' own spacing, the same line reads as a row
    assert 4 in row_lines(close) and cells(close[4]) == ["5. On Two Or So", "Decks"]


WORDS = ("amber basalt cinder dune ember flint garnet hearth iron jade kiln loam marsh "
         "nettle onyx peat quartz rust slate tallow").split()


def page(index: int, column_one: list[str], column_two: list[str],
         lower: int = 0) -> list[Fragment]:
    """A two-column page under a running head, each column opening with the lines given
    and going on with lines of its own; the first column begins `lower` lines down."""
    frags = [piece(f"Rules Digest page {index + 1}", 50, 30, index)]
    for x, opening, skip in ((50, column_one, lower), (300, column_two, 0)):
        lines = opening + [f"{WORDS[index]} {WORDS[k]} at {x}" for k in range(len(opening), 20)]
        frags += [piece(text, x, 60 + 12 * k, index) for k, text in enumerate(lines)
                  if k >= skip]
    return frags


def test_a_repeated_sentence_atop_a_column_is_text_though_its_next_line_repeats_too():
    # every term ends "...disagree, the card wins unless this entry says / otherwise.",
    # and on three pages of four that ending opens the second column; on two of them,
    # the first column opens two lines lower on one of them (under a heading's space),
    # and with the ending of another term, set a word differently, on another: nothing
    # level with the sentence on either goes on below in a line that does not recur
    ending = ["disagree, the card wins unless this entry says", "otherwise."]
    other = ["digest disagree, the card wins", "otherwise."]
    pages = [page(0, [], []), page(1, [], ending, lower=2), page(2, other, ending),
             page(3, [], ending)]
    cleaned, furniture = split_furniture(pages, [600.0] * 4)
    assert furniture == ["Rules Digest page 1"]
    for k in (1, 2, 3):
        texts = [f.text for f in cleaned[k]]
        assert ending[0] in texts and ending[1] in texts
        assert not any(t.startswith("Rules Digest") for t in texts)
