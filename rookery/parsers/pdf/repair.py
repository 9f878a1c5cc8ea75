"""Words a PDF's typesetting broke, mended from the document's own vocabulary.

Hyphenation: a word hyphenated at a line end is kept whole in a document whose
typesetter does not hyphenate (judged on the words the document also prints unbroken or
with their hyphen), and joined in one that does, unless the document spells the word with
a hyphen elsewhere or the break falls after a hyphen already in the word ("out-of-"
and "play"). Ligatures: glyphs that a PDF maps to no text get the letters that turn the
most words they sit in into words the document spells elsewhere, or, where it spells none
of them (a font that sets every "fi" so), into words of the document's language.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from ..lexicon import Lexicon
from .glyphs import UNKNOWN, Glyph, texts
from .settings import SETTINGS as S

LIGATURES = ("fi", "fl", "ff", "ffi", "ffl", "ft", "Th", "st", "ct")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_FIRST_WORD = re.compile(rf"^[^\n]*?({_WORD.pattern})", re.M)  # a line's first _WORD


def vocabularies(line_texts: list[str]) -> tuple[Counter, Counter]:
    """Every word the lines print, in lower case, with how often; and the words they
    print whole for certain: neither a line's first word (perhaps the rest of a word
    broken on the line before) nor a last one broken with a hyphen."""
    # the words of all lines in one pass over their text (no word spans a line break),
    # each line's first word in another; only lines broken with a hyphen are read alone
    text = _plain_hyphens("\n".join([line.replace("\n", " ") for line in line_texts]))
    words = Counter(map(str.lower, _WORD.findall(text)))
    taken = Counter(map(str.lower, _FIRST_WORD.findall(text)))
    for line in line_texts:
        if line.rstrip().endswith(_ENDS):
            found = _words(line)
            if len(found) > 1:
                taken[found[-1].lower()] += 1
    free = words.copy()
    free.subtract(taken)
    return words, +free  # (+: the words printed whole at least once)


def _words(text: str) -> list[str]:
    return _WORD.findall(_plain_hyphens(text))


def _plain_hyphens(text: str) -> str:
    # a soft hyphen marks where a word may break, inside the word: not a word's end
    return _ascii_hyphens(text.replace("\u00ad", ""))


# what engines write where they break a word at a line end: a hyphen, a hyphen that is
# not a minus (U+2010), a non-breaking one, or the soft hyphen itself (U+00AD)
HYPHENS = "-\u2010\u2011\u00ad"
_HYPHEN = re.compile(f"[{HYPHENS}]")
_ENDS = tuple(HYPHENS)


def plain_hyphen_at_end(glyphs: list[Glyph]) -> str | None:
    """Spell a line's final hyphen, whichever character the engine used, as "-", and
    return the character it was (None for a line that ends otherwise): whether it
    breaks a word or belongs to it is the vocabulary's call, or the character's."""
    last = next((g for g in reversed(glyphs) if g.text.strip()), None)
    if last is None or last.text not in HYPHENS:
        return None
    was, last.text = last.text, "-"
    return was


def compound_hyphens(glyph_lines: list[list[Glyph]]) -> set[str]:
    """The hyphen characters that end lines in a compound's own hyphen: where the engine
    breaks words with a character of its own, one it never sets between two letters
    inside a line ("re\u2010" "solve"), a line ending in another ("two-" "player") ends
    in a hyphen the text has. Empty where the characters do not tell, as where the
    line ends in soft hyphens (see below)."""
    ends: Counter = Counter()
    inside: set[str] = set()
    for glyphs, text in zip(glyph_lines, texts(glyph_lines)):
        if not _HYPHEN.search(text):
            continue  # most lines: no hyphen of any kind, inside or at the end
        ink = [g for g in glyphs if g.text.strip()]
        for a, h, b in zip(ink, ink[1:], ink[2:]):
            if h.text in HYPHENS and a.text.isalpha() and b.text.isalpha():
                inside.add(h.text)
        if len(ink) > 1 and ink[-1].text in HYPHENS and ink[-2].text.isalpha():
            ends[ink[-1].text] += 1
    # (a soft hyphen tells nothing: PDFium writes one for every hyphen it finds at a
    # line's end in the order the PDF draws its text, whatever character the engine
    # drew, and misses those where that order does not follow the lines: a page drawn
    # bottom up, the last line of a text frame drawn before another frame)
    breaks = set(ends) - inside - {"\u00ad"}
    kept = set(ends) & inside
    # compounds seldom end a line: the engine's own character must end most of them
    if len(breaks) != 1 \
            or ends[next(iter(breaks))] < S.breaks_over_compounds * sum(ends[c] for c in kept):
        return set()
    return kept


def drawn_soft_hyphens(glyph_lines: list[list[Glyph]], usual: dict | None = None) -> None:
    """Spell as "-" the soft hyphens a typesetter draws: some map their one hyphen glyph
    to U+00AD, so that "out-of-play" reads "out\u00adof\u00adplay" in the text layer. A
    drawn one has a hyphen's advance, the same each time in a face, and stands in a
    word the document never prints whole ("outofplay"). A soft hyphen that shares a
    glyph with letters beside it (a ligature mapped to "f\u00adf") gets a slice of that
    glyph's box, and stands in a word printed whole elsewhere ("effects"). Line ends
    are left as they are: whether a hyphen there breaks a word is the vocabulary's call.
    `usual` (typography.usual_widths) tells a letter sliced narrower than it is drawn."""
    usual = _by_family(usual or {})
    line_texts = texts(glyph_lines)
    soft = [glyph_lines[k] for k, text in enumerate(line_texts) if "\u00ad" in text]
    widths: dict = {}
    for glyphs in soft:
        for k, g in enumerate(glyphs):
            if g.text == "\u00ad" and g.size > 0 and not _a_slice(glyphs, k, usual):
                face = widths.setdefault((g.family, g.bold, g.italic), Counter())
                face[round((g.x1 - g.x0) / g.size, 2)] += 1
    drawn = {face: w.most_common(1)[0][0] for face, w in widths.items()
             if w.total() >= S.soft_hyphens
             and w.most_common(1)[0][1] >= S.drawn_share * w.total()
             and w.most_common(1)[0][0] >= S.hyphen_width}
    if not drawn and all(w.total() >= S.soft_hyphens for w in widths.values()):
        return  # no face draws its soft hyphens, and every face has enough to tell
    # a word's last soft hyphen ends a line: only one inside a word may be drawn (most
    # of a document's soft hyphens are line ends, where PDFium puts them)
    inside = [word for glyphs in soft for word in _words_with_soft_hyphens(glyphs)
              if any(g.text == "\u00ad" for g in word[:-1])]
    if not inside:
        return
    whole = Counter(w.lower() for text in line_texts for w in _WORD.findall(text))
    for word in inside:
        if whole["".join(g.text for g in word if g.text != "\u00ad").lower()]:
            continue
        for k, g in enumerate(word[:-1]):  # a word's last: a line-end hyphen
            if g.text == "\u00ad" and not _a_slice(word, k, usual) \
                    and _drawn(g, drawn, widths):
                g.text = "-"


def _drawn(g: Glyph, drawn: dict, widths: dict) -> bool:
    """Is this soft hyphen drawn: as wide as its face's drawn ones, or, in a face with
    too few to tell (a heading's), as wide as a hyphen at all?"""
    face = (g.family, g.bold, g.italic)
    width = (g.x1 - g.x0) / g.size
    if face in drawn:
        return abs(width - drawn[face]) <= S.hyphen_match
    return widths[face].total() < S.soft_hyphens and width >= S.hyphen_width


def _a_slice(glyphs: list[Glyph], k: int, usual: dict) -> bool:
    """Is glyph `k` a slice of a glyph mapped to several characters (a "ti" ligature
    read as "t", U+00AD, "i"; a letter and the soft hyphen after it)? Then it starts
    within the first half of the letter before it, or that letter is drawn narrower
    than its face usually draws it, or, where that is not known, the glyphs on both
    sides of it are as wide as it is."""
    if not 0 < k < len(glyphs) - 1:
        return False
    before = glyphs[k - 1]
    if glyphs[k].x0 < (before.x0 + before.x1) / 2:
        return True  # drawn over the letter before (not kerned under it): no glyph of its own
    known = usual.get((before.family, before.bold, before.italic, before.text)) \
        or usual.get((before.family, before.text))
    if known and before.size > 0:
        return (before.x1 - before.x0) / before.size < S.sliced * known
    width = glyphs[k].x1 - glyphs[k].x0
    return all(abs(g.x1 - g.x0 - width) <= S.slice_match * g.size
               for g in (before, glyphs[k + 1]))


def _by_family(usual: dict) -> dict:
    """The usual widths by face, and by family for the faces with too few letters to
    tell (a bold name's letters are about as wide as the body's)."""
    out = dict(usual)
    for (family, _bold, _italic, letter), width in usual.items():
        out.setdefault((family, letter), width)
    return out


def _words_with_soft_hyphens(glyphs: list[Glyph]):
    """Runs of letters and soft hyphens that hold a soft hyphen."""
    word: list[Glyph] = []
    for g in glyphs + [None]:
        if g is not None and (g.text.isalpha() or g.text == "\u00ad"):
            word.append(g)
            continue
        if any(c.text == "\u00ad" for c in word):
            yield word
        word = []


def _ascii_hyphens(text: str) -> str:
    """A compound's hyphens spelled "-", whichever the engine wrote (U+2010, U+2011)."""
    return text.replace("\u2010", "-").replace("\u2011", "-")


def _unsoft(text: str) -> str:
    """The text without the soft hyphens inside it; one that ends it (a drawn break) stays."""
    return text[:-1].replace("\u00ad", "") + text[-1:]


def split_word(before: str, after: str) -> tuple[str, str]:
    """The two parts of a word broken at a line end: ("Kings", "grave"). Soft hyphens
    left inside them (where else the word might break) are not letters' ends."""
    before = _ascii_hyphens(_unsoft(before))
    # (a word holds no space: the search starts after the line's last one, not at each
    # place of a long line)
    left = _BROKEN.search(before, before.rfind(" ") + 1)
    right = _WORD.match(_ascii_hyphens(_unsoft(after)))
    return (left.group(1) if left else ""), (right.group(0) if right else "")


_BROKEN = re.compile(rf"({_WORD.pattern})-$")  # a line's last word, broken with a hyphen


def hyphenates(breaks: list[tuple[str, str]], wraps: int, words: Counter) -> bool:
    """Does this document hyphenate words at line ends? Judged on the words it also
    prints whole or hyphenated elsewhere; failing those, on how often lines end in a
    hyphen (a typesetter that hyphenates does it every few lines, compounds seldom fall
    there)."""
    soft = hard = 0
    for left, right in breaks:
        soft += words[(left + right).lower()] > 0
        hard += words[f"{left}-{right}".lower()] > 0
    if soft != hard:
        return soft > hard
    return wraps > 0 and len(breaks) / wraps > S.hyphenated


def keeps_hyphen(left: str, right: str, words: Counter, soft: bool,
                 heading: bool = False, free: Counter | None = None,
                 lexicon: Callable[[], Lexicon | None] | None = None) -> bool:
    """Is the hyphen that ends a line part of the word? Where the document prints the
    word neither whole nor hyphenated, its language's words decide (`lexicon()`, asked
    only then): a word the language has is joined ("some-" "how"), two words it has
    that it does not have joined keep the hyphen ("two-" "player"). Failing those, a
    heading's hyphen is kept before a word the document prints elsewhere ("MID-"
    "EFFECT"), as typesetters seldom hyphenate headings, but not before a syllable
    ("Clarifi-" "cations"), and body text joins, as breaks there far outnumber
    compounds. `free` (free_words) are the words printed whole, `words` by default."""
    if not soft:
        return True
    whole, kept = (left + right).lower(), f"{left}-{right}".lower()
    if words[kept] == words[whole] == 0 and "-" not in left:
        known = lexicon() if lexicon is not None else None
        if known is not None and known.knows(whole):
            return False
        if known is not None and known.knows(left) and known.knows(right):
            return True
        free = words if free is None else free
        return heading and _a_word(right, free)
    if words[kept] != words[whole] or "-" not in left:
        return words[kept] > words[whole]
    # a compound broken after one of its hyphens ("out-of-" and "play") or inside its last
    # part ("non-target-" and "ing"): the last part and the rest, joined or not, decide;
    # failing them, a rest that is a word of its own is the compound's next part
    tail = left.rsplit("-", 1)[-1]
    joined, apart = (tail + right).lower(), f"{tail}-{right}".lower()
    if words[joined] != words[apart]:
        return words[apart] > words[joined]
    return words[right.lower()] > 0


def _a_word(part: str, free: Counter) -> bool:
    """Does the document print this part of a broken word whole as a word of its own,
    and is it more than a prefix's length?"""
    return len(part) >= S.word_part and free[part.lower()] > 0


def repair_ligatures(lines: list[list[Glyph]], words: Counter,
                     line_texts: list[str] | None = None,
                     lexicon: Callable[[], Lexicon | None] | None = None) -> bool:
    """Give unmapped glyphs the letters that make the words they sit in words of the
    document. One glyph is one ligature throughout a font, so votes pool per glyph.
    Where the document spells none of a glyph's words without it (a font that sets every
    "fi" as that glyph), the words of the document's language vote instead (`lexicon()`,
    asked only then). `line_texts` are the lines' texts if the caller has them. Did any
    glyph change?"""
    votes: dict[object, Counter] = {}
    # the lines that hold an unmapped glyph (a text that holds the character is only
    # a candidate: the words below look for glyphs that are it)
    lines = [glyphs for glyphs, text in zip(lines, texts(lines) if line_texts is None else line_texts)
             if UNKNOWN in text]
    found: list[tuple[object, list[Glyph]]] = []  # each word with one unmapped glyph's
    for glyphs in lines:
        for word in _words_with_unknowns(glyphs):
            cids = {g.cid for g in word if g.text == UNKNOWN}
            if len(cids) == 1:
                found.append((cids.pop(), word))
    _vote(found, votes, lambda spelled: words[spelled.lower()] > 0)
    # (a word of the language's, not the document's, is weaker evidence: the glyph must
    # sit among two letters at least; alone, a bullet would read as "fl", which is one)
    unvoted = [(cid, word) for cid, word in found
               if cid not in votes and sum(g.text != UNKNOWN for g in word) >= S.ligature_letters]
    known = lexicon() if unvoted and lexicon is not None else None
    if known is not None:
        _vote(unvoted, votes, known.knows)
    choice = {cid: c.most_common(1)[0][0] for cid, c in votes.items()}
    for glyphs in lines:
        for g in glyphs:
            if g.text == UNKNOWN and g.cid in choice:
                g.text = choice[g.cid]
    return bool(choice)


def _vote(found: list[tuple[object, list[Glyph]]], votes: dict[object, Counter],
          is_word: Callable[[str], bool]) -> None:
    """Each ligature that spells a word `is_word` accepts gets a vote for its glyph."""
    for cid, word in found:
        for ligature in LIGATURES:
            if is_word("".join(ligature if g.text == UNKNOWN else g.text for g in word)):
                votes.setdefault(cid, Counter())[ligature] += 1


def _words_with_unknowns(glyphs: list[Glyph]):
    word: list[Glyph] = []
    for g in glyphs + [None]:
        if g is not None and (g.text.isalpha() or g.text == UNKNOWN):
            word.append(g)
            continue
        if any(w.text == UNKNOWN for w in word):
            yield word
        word = []
