"""One line of an update summary: the section numbers or the term it cites, and whether
it says what happened in the words a summary says it with.

A summary's entries take a few shapes in every language: numbers first ("7.8.1–7.8.3
Added …", "(1.2) Duplicates: clarified", "4.3.4.5. and 4.3.4.6. Clarified …", "Rule
3.2: …"), a term and what happened to it ("Ward: Added.", "« Garde » : ajouté"), or what
happened and then the numbers or the term ("New: 7.1.10", "Ajout : Garde"). Which words
say what happened is a small declared list per language (CHANGE_WORDS), to which a
document adds its own: a word that opens the descriptions of several of its numbered
entries and few lines of its other text (see summary.learned_words).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from ..blocks import BULLETS
from ..numbering import DOTTED

# What a summary says happened, per language, as printed (folded for comparison:
# case and accents aside). Any of them marks a line as telling a change.
CHANGE_WORDS = {
    "en": "added add adds addition additions new updated update updates removed remove "
          "removal deleted delete deletion clarified clarify clarifies clarification "
          "changed change changes corrected correct correction fixed fix fixes modified "
          "modification renamed moved replaced revised revision reworded rewritten "
          "expanded combined merged reordered amended errata erratum split",
    "fr": "ajouté ajoutée ajoutés ajoutées ajout ajouts nouveau nouvelle nouveaux "
          "nouvelles modifié modifiée modifiés modifiées modification modifications "
          "supprimé supprimée supprimés supprimées suppression retiré retirée retirés "
          "clarifié clarifiée clarifiés clarification précisé précisée précision corrigé "
          "corrigée corrigés correction renommé renommée déplacé déplacée déplacés "
          "remplacé remplacée reformulé reformulée réécrit réécrite errata",
    "de": "hinzugefügt neu neue neuer neues aktualisiert aktualisierung geändert änderung "
          "änderungen entfernt gestrichen gelöscht klargestellt klarstellung präzisiert "
          "korrigiert korrektur umbenannt verschoben ersetzt überarbeitet ergänzt "
          "umformuliert zusammengeführt",
    "es": "añadido añadida añadidos agregado agregada nuevo nueva nuevos actualizado "
          "actualizada actualización eliminado eliminada aclarado aclarada aclaración "
          "modificado modificada corregido corregida cambiado renombrado movido reemplazado",
    "it": "aggiunto aggiunta aggiunti nuovo nuova nuovi aggiornato aggiornata rimosso "
          "rimossa eliminato chiarito chiarimento modificato modificata corretto corretta "
          "rinominato spostato sostituito",
}
# Words that join two numbers into a range ("7.8.1 to 7.8.3"); any other short word
# between two numbers joins a list ("4.3.4.5 and 4.3.4.6", "2.1 et 2.2").
RANGE_WORDS = {"en": "to through thru", "fr": "à au", "de": "bis", "es": "a al hasta",
               "it": "a al fino"}


@lru_cache(maxsize=16384)
def fold(word: str) -> str:
    """A word as vocabularies compare it: case folded, accents dropped ("Ajouté" is
    "ajoute")."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _declared(table: dict[str, str]) -> frozenset[str]:
    return frozenset(fold(w) for words in table.values() for w in words.split())


DECLARED = _declared(CHANGE_WORDS)
_RANGES = _declared(RANGE_WORDS)

_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")
# a number as a summary cites it: "(1.2)", "7.8.1.", "702.138c", "A.4"
# (one part needs a mark: "(3)" or "3.", not the "9" of "August 9")
_NUMBER = re.compile(rf"(?:\(({DOTTED}|\d{{1,4}}[a-z]?)\)|({DOTTED})\.?|(\d{{1,4}})\.)"
                     r"(?=[\s:;,\u2013\u2014-]|$)")
# between two numbers: a dash (a range), a comma, an ampersand or slash, or a short word
_JOIN = re.compile(r"\s*(?:([\u2013\u2014-])|[,;&/+]|\s([^\W\d_]{1,7}))\s*")
_CUE = re.compile(r"([^\W\d_]{1,14})\.?\s+")  # one word before the numbers ("Rule 3.2")
_LEAD = re.compile(rf"^[\s{BULLETS}*+>\u2013\u2014-]+")
_SPLIT = re.compile(r"\s*(?::|\s[\u2013\u2014-]\s)\s*")  # "Ward: Added", "Ward – Added"
_PARTING = ":\u2013\u2014-"  # what _SPLIT parts a line at
_LIST = re.compile(r"\s*[,;]\s*")
_BRACKETED = re.compile(r"\{[^}]*\}|\[[^\]]*\]")  # symbols: "{M}", "[N]"
_TERM_WORD = re.compile(r"\w+(?:['\u2019]\w+)*")
_QUOTES = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e\u201a "
MAX_TERM_WORDS = 8  # a term or title named by an entry is a name, not a sentence
MAX_CUE_WORDS = 4  # "New technical definitions:" before what it names
MAX_LISTED_WORDS = 5  # each name of a list after one ("New: Card Errata, Banned List")


@dataclass(frozen=True)
class Cited:
    """What one line cites, as printed: `numbers` (each one, or a range's two ends,
    with `ranges` saying which pairs are ranges), or `terms`; `said` is what the line
    says happened (the words beside what it cites)."""

    numbers: tuple[str, ...] = ()
    ranges: tuple[tuple[str, str], ...] = ()
    terms: tuple[str, ...] = ()
    said: str = ""
    reverse: bool = False  # what happened came first ("New rule: Reveal")

    @property
    def empty(self) -> bool:
        return not (self.numbers or self.terms)


def words(text: str, most: int | None = None) -> list[str]:
    """The words of `text` (the first `most`), folded."""
    return [fold(m.group()) for m in islice(_WORD.finditer(text), most)]


def tells_change(text: str, vocabulary: frozenset[str] = DECLARED,
                 within: int | None = None) -> bool:
    """Does `text` (its first `within` words) hold a word that says what happened?"""
    return any(w in vocabulary for w in words(text, within))


def read_line(line: str, vocabulary: frozenset[str] = DECLARED) -> Cited:
    """What a summary line cites (an empty Cited for prose, an example, a date)."""
    text = _LEAD.sub("", line).strip()
    if not text:
        return Cited()
    head = _numbers(text)
    if head is not None:
        return head
    # (only a colon or a dash parts a line, and most lines have neither: the pattern's
    # search, which may start at any space, is not run over them)
    parts = _SPLIT.split(text, maxsplit=1) if any(c in text for c in _PARTING) else [text]
    if len(parts) != 2 or not parts[0] or not parts[1]:
        return Cited()
    left, right = parts[0], parts[1].strip()
    left_words = words(left)
    if not left_words:
        return Cited()
    if tells_change(right, vocabulary, within=3) and not tells_change(left, vocabulary):
        terms = _names(left)  # "Ward: Added."
        return Cited(terms=terms, said=right) if terms else Cited()
    if _WORD.match(left) and left_words[0] in vocabulary \
            and len(left_words) <= MAX_CUE_WORDS:
        named = _numbers(right, after_colon=True)  # "New: 7.1.10", "Added: Reveal, Ward"
        if named is not None:
            return Cited(named.numbers, named.ranges, said=left, reverse=True)
        terms = _names(right.rstrip("."), MAX_LISTED_WORDS)
        if terms:
            return Cited(terms=terms, said=left, reverse=True)
    return Cited()


def _names(text: str, most: int = MAX_TERM_WORDS) -> tuple[str, ...]:
    """The names a list of them gives ("Card Errata, Joust Restricted List"), each a
    name of at most `most` words, not a sentence; none when one is not."""
    names = tuple(n.strip(_QUOTES) for n in _LIST.split(text))
    if not all(0 < len(words(n)) <= most for n in names):
        return ()
    return names


def _numbers(text: str, after_colon: bool = False) -> Cited | None:
    """The numbers that open `text` (after one capitalised word that may cite them:
    "Rule", "Règle", "Added"), joined by dashes, commas or short words; None when it
    opens with none. After a colon the word may be in lower case ("Added: rule 3.2")."""
    at = 0
    cue = _CUE.match(text)
    if cue and (after_colon or text[0].isupper()) and _NUMBER.match(text, cue.end()):
        at = cue.end()  # (in lower case, the words go on from a line before)
    first = _NUMBER.match(text, at)
    if first is None:
        return None
    numbers, ranges = [_value(first)], []
    at = first.end()
    while True:
        join = _JOIN.match(text, at)
        if join is None:
            break
        following = _NUMBER.match(text, join.end())
        if following is None:
            break
        word = join.group(2)
        if join.group(1) or (word is not None and fold(word) in _RANGES):
            ranges.append((numbers[-1], _value(following)))
        numbers.append(_value(following))
        at = following.end()
    said = text[at:].lstrip(" :;,.)\u2013\u2014-").strip()
    return Cited(tuple(numbers), tuple(ranges), said=said)


def term_key(text: str | None) -> str:
    """A term as entries and titles are compared: its words, without quotes, bracketed
    symbols ("move cost {M}") or case."""
    text = _BRACKETED.sub(" ", text or "") if "{" in (text or "") or "[" in (text or "") \
        else text or ""
    return " ".join(_TERM_WORD.findall(text.casefold()))


def _value(m: re.Match) -> str:
    return next(g for g in m.groups() if g)


def parts_of(number: str) -> tuple[str, ...]:
    """("702", "138", "c") for "702.138c"."""
    return _parts(number)


@lru_cache(maxsize=4096)
def _parts(number: str) -> tuple[str, ...]:
    return tuple(_PART.findall(number))


_PART = re.compile(r"\d+|[A-Z]|[a-z]+")


def expand(first: str, last: str, order: list[str]) -> list[str]:
    """The numbers a range cites, both ends included: siblings counted from one to the
    other ("7.8.1"–"7.8.3": 7.8.1, 7.8.2, 7.8.3; "702.138a"–"c" by letters), else the
    numbers of that depth the document prints between them, in its order (`order`)."""
    a, b = _parts(first), _parts(last)
    if len(a) == len(b) and a[:-1] == b[:-1]:
        x, y = a[-1], b[-1]
        if x.isdigit() and y.isdigit() and 0 <= int(y) - int(x) <= 200:
            return [_joined(a[:-1], str(n), first) for n in range(int(x), int(y) + 1)]
        if x.isalpha() and y.isalpha() and len(x) == len(y) == 1 and x <= y:
            return [_joined(a[:-1], chr(c), first) for c in range(ord(x), ord(y) + 1)]
    if first in order and last in order and order.index(first) <= order.index(last):
        depth = {len(a), len(b)}
        between = order[order.index(first):order.index(last) + 1]
        return [n for n in between if len(_parts(n)) in depth]
    return [first, last]


def _joined(parent: tuple[str, ...], last: str, like: str) -> str:
    """A number from its parts, written as `like` is ("702.138" + "c": "702.138c")."""
    if last.isalpha() and parent and parent[-1].isdigit() and not like[-1].isdigit() \
            and "." not in like[len(".".join(parent)):]:
        return ".".join(parent) + last
    return ".".join(parent + (last,))
