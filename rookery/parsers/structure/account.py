"""Text conservation: every word a reader was given is in a section, in furniture the
reader can name (running heads, page numbers, a contents list, the title block, site
chrome), or lost. A reading that loses words is doubtful, however well it reads.

Words are compared as a multiset, not in order: a reader moves text (columns, a title
block read apart), and what matters is that nothing went missing. Both sides are cut the
same way: NFKC (ligatures spelled out), case folded, letters and digits only; a Chinese
or Japanese character is a word of its own (those scripts set no spaces). What a reader
joins or parts is forgiven where the pieces make the whole: a word hyphenated across
lines ("ex-" "ample") is the one word it prints, wherever the pieces stood (a word
broken at a column's foot), a letter-spaced heading ("N O T E S") its word, and a glyph the file gives no text for ("de\ufffdne") any letters in its place.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter

from ...model import WordAccount

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
UNKNOWN = "\ufffd"  # a glyph with no text: it may stand for any letters
_TOKEN = re.compile(rf"[{_CJK}]|(?:[^\W_{_CJK}]|{UNKNOWN})+")
_WORD = re.compile(r"[^\W_]+")
# glyphs with no text in a row at a word's edge are leader dots or bullets, not letters (a
# ligature is one glyph)
_LEADERS = re.compile(f"^{UNKNOWN}{{2,}}|{UNKNOWN}{{2,}}$|^{UNKNOWN}+$")
_ANY_CJK = re.compile(f"[{_CJK}]")
_INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
_SOFT_BREAK = re.compile("\u00ad\\s+")
SAMPLES = 5  # runs of lost words reported, with where they stood
CONTEXT = 4  # words shown either side of a run of lost words


def words(text: str) -> list[str]:
    """The words of `text` as the account compares them."""
    if not text:
        return []
    if not text.isascii():
        # a soft hyphen that ends a line breaks its word there: the word goes on after it
        text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", _SOFT_BREAK.sub("", text)))
        if UNKNOWN in text or _ANY_CJK.search(text):
            return [t for w in _TOKEN.findall(text.casefold()) if (t := _LEADERS.sub("", w))]
    return _WORD.findall(text.casefold())  # (most text: the quicker pattern does)


def account(source: list[tuple[str, str]], furniture: list[tuple[str, str]],
            kept: list[str], added: list[str] = ()) -> WordAccount:
    """The account of `source` ((where, text) pieces of what the reader was given, in
    reading order) against `furniture` ((reason, text) of what it left out on purpose)
    and `kept` (the texts the document holds: its sections' headings and text), less
    `added` (what the reader wrote itself: the numbers of a list it numbered)."""
    sequence = words("\n".join(text for _where, text in source))
    given = Counter(sequence)
    texts: dict[str, list[str]] = {}
    for reason, text in furniture:
        texts.setdefault(reason, []).append(text)
    aside = {reason: Counter(words("\n".join(found))) for reason, found in texts.items()}
    held = Counter(words("\n".join(kept)))
    for counted in aside.values():
        held.update(counted)
    held.subtract(w for text in added for w in words(text))
    missing = Counter(given)
    missing.subtract(held)
    missing = +missing  # words given more often than they are held
    out = WordAccount(words=sum(given.values()))
    if missing:
        extra = Counter(held)
        extra.subtract(given)
        extra = +extra  # words held that were not given as such: joined or parted ones
        _join_neighbours(sequence, extra, missing)  # a word broken at a line's end
        _join(extra, missing)  # the document holds whole what it was given in pieces
        _join(missing, extra)  # ... or parts what it was given whole
        _unknown(missing, extra)
    out.lost = sum(missing.values())
    # what furniture holds, up to what was given of it; the sections hold the rest
    for reason, counted in aside.items():
        n = sum(min(c, given[w]) for w, c in counted.items())
        if n:
            out.furniture[reason] = n
    out.in_sections = max(0, out.words - out.lost - sum(out.furniture.values()))
    if out.lost:
        out.lost_at = _where_lost(source, missing)
    return out


def _join_neighbours(sequence: list[str], whole: Counter, parts: Counter) -> None:
    """Two words given side by side ("ver" at a line's end, "sion" opening the next) that
    the document holds as one ("version"): the pieces that stood together make the word,
    before any two pieces are tried that could make it (below)."""
    for a, b in zip(sequence, sequence[1:]):
        if parts.get(a, 0) > 0 and parts.get(b, 0) > (a == b) and whole.get(a + b, 0) > 0:
            parts[a] -= 1
            parts[b] -= 1
            whole[a + b] -= 1
    for counter in (whole, parts):
        for w in [w for w, c in counter.items() if c <= 0]:
            del counter[w]


def _join(whole: Counter, parts: Counter) -> None:
    """Words `whole` still counts that are made of words `parts` counts, run together
    ("considered" of "con" and "sidered"; "notes" of "n", "o", "t", "e", "s"): a word
    parted on one side and whole on the other, wherever its pieces stood (a word broken
    at a column's foot goes on at the next one's head). Both counters give them up."""
    for w in sorted(whole):
        while whole[w] > 0:
            pieces = _segments(w, parts, {})
            if pieces is None:
                break
            used = Counter(pieces)
            if any(parts[p] < c for p, c in used.items()):
                break  # one piece twice, held once
            parts.subtract(used)
            whole[w] -= 1
    for counter in (whole, parts):
        for w in [w for w, c in counter.items() if c <= 0]:
            del counter[w]


def _segments(w: str, parts: Counter, seen: dict) -> list[str] | None:
    """`w` cut into two or more words that `parts` counts, or None. Of two pieces, the cut
    that leaves the shorter piece longest first ("manipula" + "tors" before
    "manipulator" + "s": a line broke the word there, not after its last letter)."""
    if w in seen:
        return seen[w]
    seen[w] = None
    halves = [(min(cut, len(w) - cut), cut) for cut in range(1, len(w))
              if parts.get(w[:cut], 0) > 0 and parts.get(w[cut:], 0) > 0]
    if halves:
        cut = max(halves)[1]
        seen[w] = [w[:cut], w[cut:]]
        return seen[w]
    for cut in range(len(w) - 1, 0, -1):  # the longest head first: fewer pieces
        if parts.get(w[:cut], 0) > 0:
            rest = _segments(w[cut:], parts, seen)
            if rest is not None:
                seen[w] = [w[:cut]] + rest
                break
    return seen[w]


def _unknown(missing: Counter, extra: Counter) -> None:
    """A word given with glyphs that had no text ("de\ufffdne") is the word held that
    has letters in their place ("define")."""
    for w in [w for w in missing if UNKNOWN in w]:
        pattern = re.compile("".join(r"\w{1,3}" if c == UNKNOWN else re.escape(c)
                                     for c in w) + "$")
        for _ in range(missing[w]):
            found = next((e for e in extra if extra[e] > 0 and pattern.match(e)), None)
            if found is None:
                break
            extra[found] -= 1
            missing[w] -= 1
        if missing[w] <= 0:
            del missing[w]


def _where_lost(source: list[tuple[str, str]], missing: Counter) -> list[tuple[str, str]]:
    """The first runs of lost words, each with where it stood and the words around it.
    A word lost once among many of its kind is placed where its neighbours were lost
    too, as a heading lost with the words under it is."""
    given: list[str] = []
    places: list[int] = []  # for each word given, the piece it came from
    for k, (_where, text) in enumerate(source):
        found = words(text)
        given += found
        places += [k] * len(found)
    left = Counter(missing)
    candidates = [left[w] > 0 for w in given]
    chosen = [False] * len(given)
    # the occurrences of each lost word with the most lost-looking neighbours go first
    by_word: dict[str, list[int]] = {}
    for k, yes in enumerate(candidates):
        if yes:
            by_word.setdefault(given[k], []).append(k)
    for w, at in by_word.items():
        at.sort(key=lambda k: -(sum(candidates[max(0, k - 2):k]) +
                                sum(candidates[k + 1:k + 3])))
        for k in at[:left[w]]:
            chosen[k] = True
    runs: list[tuple[int, int]] = []
    for k, lost in enumerate(chosen):
        if lost and runs and runs[-1][1] == k:
            runs[-1] = (runs[-1][0], k + 1)
        elif lost:
            runs.append((k, k + 1))
    out = []
    for a, b in runs[:SAMPLES]:
        before = " ".join(given[max(0, a - CONTEXT):a])
        after = " ".join(given[b:b + CONTEXT])
        shown = " ".join(given[a:b])
        out.append((source[places[a]][0], f"{before} [{shown}] {after}".strip()))
    return out
