"""A language's words, for the one question a document's own words may leave open: is a
word broken at a line end, printed nowhere else, one word ("some-" "how": somehow) or a
compound that keeps its hyphen ("two-" "player")? Hyphenation breaks closed compounds
between their words as often as a compound's own hyphen falls at a line end, so only a
list of the language's words tells the two apart.

The lists are pyspellchecker's word frequencies (a dozen languages). A document's
language is the first whose list knows nearly all of the document's most common words;
a document in none of them gets no list, and the reader keeps to its own evidence.
"""
from __future__ import annotations

import functools
from collections import Counter, OrderedDict
from collections.abc import Container
from dataclasses import dataclass

COMMON = 100  # a document's most common words (of 3 letters or more) judged
FEWEST = 20  # ... and at least this many, or the language is not judged
KNOWN_SHARE = 0.8  # of them a language's list must know
FIRST = "en"  # the language tried first: most rulebooks are in it


@dataclass(frozen=True)
class Lexicon:
    """The words of one language, in lower case."""

    language: str
    words: Container[str]

    def knows(self, word: str) -> bool:
        return word.lower() in self.words


def lexicon_of(vocabulary: Counter) -> Lexicon | None:
    """The lexicon of the language `vocabulary` (a document's words, lower case, with
    their counts) is written in, or None when no list knows it well enough. The lists
    of the languages found last are tried first and kept: a process reading one
    language's documents loads its list once."""
    common = [w for w, _n in vocabulary.most_common()
              if len(w) >= 3 and w.isalpha()][:COMMON]
    if len(common) < FEWEST:
        return None
    language = _language_of(tuple(common))
    if language is None:
        return None
    words = _words(language)
    _keep(language, words)
    return Lexicon(language, words)


@functools.lru_cache(maxsize=32)
def _language_of(common: tuple[str, ...]) -> str | None:
    """The first language whose list knows the share of these words, remembered: a
    document no list knows (read again each watch cycle) does not load every list again."""
    for language in dict.fromkeys([*reversed(_KEPT), *_languages()]):
        words = _words(language)
        if words and sum(w in words for w in common) >= KNOWN_SHARE * len(common):
            _keep(language, words)
            return language
    return None


def _languages() -> list[str]:
    from spellchecker import SpellChecker

    others = sorted(set(SpellChecker.languages()) - {FIRST})
    return [FIRST, *others]


KEEP = 2  # word lists kept loaded (each is tens of megabytes)
# language → its list, for the languages documents were last found in (latest last):
# only a list that matched is kept, so trying the others never pushes it out
_KEPT: OrderedDict[str, dict] = OrderedDict()


def _words(language: str) -> dict:
    """The language's word list (word → frequency): kept, or loaded."""
    if language in _KEPT:
        return _KEPT[language]
    from spellchecker import SpellChecker

    try:
        return SpellChecker(language=language, distance=1).word_frequency.dictionary
    except (ValueError, OSError):  # a list this install lacks
        return {}


def _keep(language: str, words: dict) -> None:
    _KEPT[language] = words
    _KEPT.move_to_end(language)
    while len(_KEPT) > KEEP:
        _KEPT.popitem(last=False)
