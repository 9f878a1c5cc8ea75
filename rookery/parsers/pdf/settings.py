"""The PDF reader's thresholds: every measure its rules compare against, in one place.

Each setting declares its unit and one line on what it decides (`unit_of`,
`what_decides`). The units, as pdfminer's LAParams documents its margins (UNITS):

* em: times the size of the type in question: a glyph's, a line's, or of two glyphs the
  smaller, or the one the rule names;
* body size: times the size of the document's body text;
* width: a share of a width the rule names: the page's text, a column, a box of text;
* points: PDF points (1/72 inch) on the page, where type of every size agrees (a
  reader's rounding, a gutter's edge);
* ratio: one measure over another of its kind: a size over a size, an advance over the
  usual one, a sine or a tangent;
* share: a share of a count: of lines, letters, gaps, votes;
* count: a number of lines, letters, words, characters or glyphs;
* level: levels of a 0-255 colour channel;
* places: decimal places a measure is rounded to before equal ones are counted;
* matrix: a text matrix's coefficient (1: type drawn at its own size).

The rules read the one instance, SETTINGS; the compiled loops (csrc/) are handed theirs
by the Python twins that call them. Nothing here knows a document's fonts, sizes or
coordinates: a length is relative to its type or its page, but for the few in points.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

UNITS = {
    "em": "times the size of the type in question",
    "body size": "times the size of the document's body text",
    "width": "a share of a width the rule names (the page's text, a column, a box)",
    "points": "PDF points (1/72 inch) on the page",
    "ratio": "one measure over another of its kind",
    "share": "a share of a count (of lines, letters, gaps, votes)",
    "count": "a number of lines, letters, words, characters or glyphs",
    "level": "levels of a 0-255 colour channel",
    "places": "decimal places a measure is rounded to before equal ones are counted",
    "matrix": "a text matrix's coefficient (1: type drawn at its own size)",
}


def setting(value, unit: str, decides: str):
    """A setting's field: its value, its unit (one of UNITS) and what it decides."""
    return field(default=value, metadata={"unit": unit, "decides": decides})


@dataclass(frozen=True, slots=True)
class Settings:
    # ---- the characters as read (pdfium.py, plumber.py, turns.py, boxes.py, csrc/chars.c)
    origin_noise: float = setting(
        0.01, "points", "a glyph's origin this close to its box's left edge is on it")
    trimmed: float = setting(
        0.5, "share", "a trim box is trusted when it leaves this share of the shown page")
    skew: float = setting(
        0.01, "ratio", "a baseline leaning more than this (a tangent) off the axes runs no way")
    slant: float = setting(
        0.01, "ratio", "type whose up leans forward more than this (a cosine) is made italic")
    upright: float = setting(
        0.5, "ratio", "a glyph whose up is at a lower sine than this to its baseline runs no way")
    matrix_noise: float = setting(
        1e-4, "matrix", "slack on a text matrix's coefficients (their rounding) when it turns")

    # ---- glyphs into fragments (glyphs.py, csrc/fragments.c)
    least_em: float = setting(
        1.0, "points", "type smaller than this (a glyph of no size) is measured as this size")
    same_baseline: float = setting(
        0.3, "em", "glyphs, or fragments, whose baselines are this close share a line")
    space_gap: float = setting(
        0.25, "em", "a gap this much wider than the letter spacing is a word space anywhere")
    word_space: float = setting(
        0.1, "em", "a gap this much wider than the letter spacing parts words unmarked")
    tight_space: float = setting(
        0.1, "em", "in letter-spaced type, a gap this much wider than its spacing holds a space")
    letter_spaced: float = setting(
        0.05, "em", "type whose letters stand this far apart is letter-spaced")
    fragment_gap: float = setting(
        0.9, "em", "a gap this much wider than the letter spacing parts two fragments")
    same_place: float = setting(
        0.02, "em", "glyphs whose boxes start this close are drawn at one place (a ligature)")
    accent_rise: float = setting(
        0.5, "em", "an accent's baseline up to this far above its letter's is over it (a capital)")
    other_size: float = setting(
        1.3, "ratio", "type this many times the size of the type beside it is another line's")
    baselines_apart: float = setting(
        0.15, "em", "glyphs of a row with baselines further apart than this may be two lines'")
    sizes_apart: float = setting(
        0.05, "ratio", "sizes further apart than this share of the larger are two types")
    marked_gaps: int = setting(
        20, "count", "the fewest word-wide gaps that show whether a page marks its spaces")
    marked_share: float = setting(
        0.97, "share", "a page marks its spaces when this share of its word-wide gaps have one")
    unmarked_gaps: int = setting(
        3, "count", "a line that marks no space with this many word-wide gaps marks none")
    own_space: float = setting(
        0.9, "ratio", "an unmarked gap this share of a line's narrowest marked space is one")
    tracking_least: float = setting(
        -0.1, "em", "the tightest letter spacing a line is read to have (kerned pairs)")
    tracking_most: float = setting(
        0.3, "em", "the loosest letter spacing a line is read to have (words set wide)")
    tracking_gaps: int = setting(
        2, "count", "the fewest gaps between letters that show a letter spacing at all")
    short_word: int = setting(
        4, "count", "fewer gaps than this are a short word's: its narrowest is its spacing")
    raised_size: float = setting(
        0.85, "ratio", "type at most this size of a glyph it touches, raised, is its line's")
    raised_touch: float = setting(
        0.1, "em", "raised type starting this close after a glyph touches it (a superscript)")

    # ---- running heads and page numbers (furniture.py)
    edge_lines: int = setting(
        3, "count", "how many lines from a page's top and bottom may be furniture")
    same_height: float = setting(
        0.3, "em", "furniture whose baselines on two pages are this close is at one height")
    same_height_least: float = setting(
        2.0, "points", "furniture this close in height is at one height, however small its type")
    furniture_aligned: float = setting(
        0.3, "em", "furniture whose edges or middles are this close is at one place")
    furniture_aligned_least: float = setting(
        3.0, "points", "furniture this close in place is at one place, however small its type")
    tracking_pages: int = setting(
        3, "count", "a running head that follows the text is one on at least this many pages")
    styled_words: int = setting(
        8, "count", "a line in a heading's larger type left as text, of no more words, is told to the check")
    heading_number_size: float = setting(
        1.15, "ratio", "a number at a page's edge in type this much larger than the text's ...")
    heading_number_gap: float = setting(
        4.0, "em", "... with words in its type this near after it heads them: no page number")
    mate_size: float = setting(
        0.1, "ratio", "a line next to another in a size this close is in its type")
    level_with: float = setting(
        0.5, "em", "lines of two columns whose baselines are this close stand level")
    next_line_edge: float = setting(
        0.5, "em", "lines whose left edges are this close start at one edge")
    next_line: float = setting(
        1.6, "em", "a line at most this far below another is the next line of its column")

    # ---- columns and reading order (columns.py, csrc/lines.c)
    gutter_gap: float = setting(
        0.5, "em", "a gap at a gutter wider than this parts two columns' lines")
    text_column: float = setting(
        8.0, "em", "the narrowest column of running text (a few words a line)")
    spanning: float = setting(
        0.75, "width", "a fragment this wide of the page's text spans its columns: no vote")
    column_lines: int = setting(
        3, "count", "the fewest lines that show a column beside a gutter, or after it")
    valley: float = setting(
        0.1, "share", "points this share as covered as the page's most are a valley")
    gutter_width: float = setting(
        0.4, "em", "the narrowest gutter, in ems of the page's usual type")
    start_before: float = setting(
        1.0, "points", "a line this far before a gutter's end starts a column there")
    start_after: float = setting(
        0.6, "em", "a line this far after a gutter's end starts a column there")
    # past a gutter, a column's list labels hung before its lines (columns.py)
    shelf: float = setting(
        0.25, "share", "past a gutter, points this share as covered as the most are a shelf")
    shelf_width: float = setting(
        2.0, "em", "the widest shelf past a gutter, where a column's lines may start")
    gutter_starts: float = setting(
        0.1, "share", "a valley is a gutter when this share of the page's lines start after it")
    same_gutter: float = setting(
        6.0, "points", "gutters whose edges are this close are one gutter")
    gutter_overlap: float = setting(
        0.5, "width", "a gap sharing this much of its width with a gutter seen is that gutter")
    measure_lines: int = setting(
        4, "count", "the fewest lines that show how wide a column is set")
    measure_rank: float = setting(
        0.75, "share", "the line this far up a column's, shortest first, must reach its end")
    full_measure: float = setting(
        0.9, "width", "a line this long of its column's span comes near its end")
    carry_gap: float = setting(
        0.6, "em", "a line further below the page-wide line before it opens the columns")
    carry_overlap: float = setting(
        0.3, "em", "a line whose top is this far above the last one's foot stands beside it")
    same_edge: float = setting(
        3.0, "points", "columns whose left edges are this close share one usual measure")

    # ---- the title block (__init__.py)
    title_centred: float = setting(
        0.03, "width", "a line whose middle is this close to the first page's text's is centred")
    title_width: float = setting(
        0.9, "width", "a line of the centred title block is no wider than this of the text")
    title_lines: int = setting(
        6, "count", "a block set apart longer than this is front matter, not a title")
    title_size: float = setting(
        1.4, "body size", "a line this large opens the document as its title")

    # ---- how lines stand to one another (lines.py, spacing.py)
    leader_dots: int = setting(
        3, "count", "the fewest dots that fill a line with leaders (a contents line)")
    pitch_span: float = setting(
        3.0, "em", "baselines further apart than this show no line spacing")
    loose_lines: int = setting(
        3, "count", "the fewest lines at one spacing that show a page set looser than others")
    loose_leading: float = setting(
        1.35, "em", "baselines further apart than this are a paragraph space, on any page")
    pitch_share: float = setting(
        0.2, "share", "a tighter spacing seen this share as often as the commonest is usual")
    leading: float = setting(
        1.2, "em", "the line spacing taken at a size the document shows none for")
    leading_slack: float = setting(
        0.12, "em", "a line this much further below than the usual spacing follows at it")
    box_lines: int = setting(
        4, "count", "the fewest lines at one edge that show a box narrower than its column")
    box_narrow: float = setting(
        0.75, "width", "a box of text ends short of this share of its column")
    box_ends: float = setting(
        0.3, "width", "the lines of a box of text end within this share of its width")
    indent: float = setting(
        0.6, "em", "a line set in this far from its column's edge is indented")
    centred_inset: float = setting(
        1.0, "em", "a centred line stands in from its column's edge by more than this")
    centred_offset: float = setting(
        1.0, "em", "a centred line's middle is this close to its column's")
    space_room: float = setting(
        0.3, "em", "a line without this room besides the next word's width is full")

    # ---- blocks (paragraphs.py)
    caption_lines: int = setting(
        2, "count", "labelled lines counting up in one italic type that make it a caption's")
    heading_lines: int = setting(
        3, "count", "a block of more lines than this is a paragraph, whatever its type")
    heading_words: int = setting(
        25, "count", "a block of more words than this is a paragraph, whatever its type")
    heading_leading: float = setting(
        1.5, "em", "a heading's next line this close below (the taller type's) goes on")
    stopped_short: float = setting(
        1.0, "em", "a heading's line with this room to spare after the next word ends it")
    styled_wrap: int = setting(
        2, "count", "a heading of this many lines at most may wrap into other type")
    name_lines: int = setting(
        2, "count", "a name over the text it names is at most this many lines")
    forced_breaks: int = setting(
        2, "count", "the fewest forced breaks in a block that make its near misses forced")
    hang: float = setting(
        0.5, "em", "a wrapped line this close to where a label's text starts is under it")

    # ---- type (typography.py, csrc/letters.c)
    size_step: float = setting(
        0.08, "ratio", "a size this much larger or smaller than another is another size")
    same_size: float = setting(
        0.015, "ratio", "sizes this close are one size, read with a reader's rounding")
    small_caps_least: float = setting(
        0.55, "ratio", "the smallest small capitals, of the word's full capitals' size")
    small_caps_most: float = setting(
        0.92, "ratio", "the largest small capitals, of the word's full capitals' size")
    small_caps_match: float = setting(
        0.05, "points", "letters this close to the small capitals' size are small capitals")
    caps_letters: int = setting(
        4, "count", "the fewest letters that tell a line's case")
    colour_step: int = setting(
        60, "level", "a colour this close to the body's on every channel is the body's")
    mark_lines: int = setting(
        3, "count", "the fewest lines mixing a colour's words into the body's: it marks text")
    mark_share: float = setting(
        0.2, "share", "a colour marks text when this share of the lines showing it mix it in")
    usual_letters: int = setting(
        5, "count", "the fewest glyphs of a letter in a face that show its usual advance")
    advance_places: int = setting(
        3, "places", "letters' advances, in ems, are counted to this many places")
    variant: float = setting(
        0.04, "ratio", "a letter this much wider or narrower than usual is another glyph")
    variant_share: float = setting(
        0.5, "share", "a line with this share of its letters other glyphs is in another form")
    variant_letters: int = setting(
        6, "count", "the fewest letters that tell a line in another form")
    carried_letters: int = setting(
        1, "count", "the fewest letters that tell the rest of a line in another form")
    carried_share: float = setting(
        0.3, "share", "the rest of a line with this share of other glyphs goes on in them")
    scaled: float = setting(
        0.03, "ratio", "letters this close to a line's median ratio to usual are drawn at it")
    scaled_share: float = setting(
        0.8, "share", "a line with this share of its letters at one ratio is scaled to fit")
    scaled_letters: int = setting(
        4, "count", "the fewest different letters that tell a line scaled to fit")
    max_ranked: int = setting(
        7, "count", "more heading styles than this are ranked by prominence alone")
    clearly_larger: float = setting(
        1.2, "ratio", "type this many times larger is a greater heading's, whatever the order")

    # ---- words the typesetting broke (repair.py)
    soft_hyphens: int = setting(
        3, "count", "the fewest soft hyphens in a face that show whether it draws them")
    drawn_share: float = setting(
        0.8, "share", "a face with this share of its soft hyphens at one advance draws them")
    hyphen_width: float = setting(
        0.15, "em", "a soft hyphen at least this wide is drawn (a hyphen's advance)")
    hyphen_match: float = setting(
        0.01, "em", "a soft hyphen this close to its face's drawn width is drawn")
    sliced: float = setting(
        0.75, "ratio", "a letter narrower than this of its usual advance is a glyph's slice")
    slice_match: float = setting(
        0.01, "em", "glyphs this close in width are slices of one glyph")
    breaks_over_compounds: int = setting(
        3, "ratio", "an engine's own break character ends this many times the lines kept")
    hyphenated: float = setting(
        0.03, "share", "a document breaking this share of its wraps at a hyphen hyphenates")
    word_part: int = setting(
        3, "count", "a broken word's part this many letters long may be a word, not a prefix")
    ligature_letters: int = setting(
        2, "count", "the fewest letters around a glyph for the language's words to vote")

    # ---- rule numbers and list marks in a column of their own (labels.py)
    label_length: int = setting(
        12, "count", "a rule number or list mark standing alone is this many characters at most")
    label_signs: int = setting(
        4, "count", "signs with no letter this few characters long are a mark (\"10\", \"--\")")
    label_column: int = setting(
        2, "count", "the fewest labels that show a column of them")
    label_share: float = setting(
        0.8, "share", "a column of labels has this share of labels, each beside its text")
    label_beside: float = setting(
        0.3, "em", "a label and its text share a baseline this close")

    # ---- tables (tables.py)
    cell_gap: float = setting(
        2.0, "em", "fragments of a line this far apart are cells, wherever they stand")
    cell_aligned: float = setting(
        0.3, "em", "cells whose starts are this close line up")
    cell_start: float = setting(
        0.5, "em", "a piece of a line that starts this close to a cell's start is under it")
    cell_space: float = setting(
        0.25, "em", "the room a word space takes in a cell")
    cells_reach: float = setting(
        2.5, "em", "lines with cells at one set of starts this close are one table's rows")
    under_row: float = setting(
        5.0, "em", "a line this close under a table row may be cut into its cells")
    wrapped_lines: int = setting(
        2, "count", "lines of a row's wrapped cells that may stand between two rows")
    row_slack: float = setting(
        0.2, "ratio", "a line this share further below than a table's rows stands apart")
    wrap_closer: float = setting(
        0.1, "em", "a row's wrapped cells stand this much closer than its rows")
    contents_links: int = setting(
        3, "count", "links into the document on one page that make it a contents list")
    tagged_words: int = setting(
        30, "count", "a tagged heading's box holding more words is a tag around text")
    same_line: float = setting(
        0.5, "share", "two boxes sharing more of the lower one's height are on one line")
    rule_thickness: float = setting(
        6.0, "points", "a drawn path no thicker than this is a rule (a table's line) ...")
    rule_length: float = setting(
        2.0, "ratio", "... when it is longer than this many times its thickness")
    rule_reach: float = setting(
        2.0, "points", "rules this near one another touch (one table's lines)")
    table_rules: int = setting(
        3, "count", "rules at as many places across and down make a table: two columns, two rows")
    cell_space: float = setting(
        0.5, "em", "room for a space before a word a table cell's line could have held")
    cell_word_printed: int = setting(
        2, "count", "a piece of a cell's broken line printed this often is a word of its own")
    cell_lines: int = setting(
        8, "count", "a ruled box holding more lines than this lays out a page, not a table")
    cell_paragraph: float = setting(
        1.3, "ratio", "a table cell's lines this much further apart than its closest: paragraphs")
    rule_pairs: int = setting(
        250_000, "count", "rules across times rules down past this are a drawing, not tables")
    rule_objects: int = setting(
        5000, "count", "a page drawing more objects than this is a drawing: no rules read")
    underline_gap: float = setting(
        0.4, "em", "a rule no further than this under a line's baseline underlines it ...")
    underline_reach: float = setting(
        0.6, "em", "... when it starts and ends this near the words above it")
    underline_words: int = setting(
        8, "count", "an underlined line of more words than this is a sentence's, no heading")


SETTINGS = Settings()


def unit_of(name: str) -> str:
    """The unit a setting is in (one of UNITS)."""
    return _FIELDS[name].metadata["unit"]


def what_decides(name: str) -> str:
    """One line on what a setting decides."""
    return _FIELDS[name].metadata["decides"]


_FIELDS = {f.name: f for f in fields(Settings)}
