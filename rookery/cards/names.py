"""Card names: how an erratum's title or a list's line names a card ("Name (Pack, 30)"),
the key that tells one card from another, and finding known names in running text."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache

# "Name (Pack, Number)": how errata titles and list entries cite a card
_ENTRY = re.compile(r"^\s*(?P<name>[^\n]*?\S)\s*\((?P<pack>[^()\n]*?\S),\s*"
                    r"(?P<number>\d+[A-Za-z]?)\)\s*$")
_QUOTES = "\"\u201c\u201d\u00ab\u00bb"
_APOSTROPHES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u02bc": "'", "`": "'"})


@dataclass(frozen=True)
class Entry:
    """A card as a document cites it: its name as printed, and its pack and number."""

    name: str
    pack: str | None = None
    number: str | None = None

    @cached_property  # (an entry read once is met in many revisions)
    def key(self) -> str:
        return card_key(self.name)

    @cached_property
    def printing(self) -> str | None:
        """"Fury of the Storm, 30": where the card was printed, as the document says."""
        return f"{self.pack}, {self.number}" if self.pack else None


@lru_cache(maxsize=16384)
def card_key(name: str) -> str:
    """The card's identity: its name without case, surrounding quotes, spacing or the
    kind of apostrophe ("\u201cThe Dornishman\u2019s Wife\u201d" is "the dornishman's wife")."""
    return plain_name(name).casefold()


def plain_name(name: str) -> str:
    """The name as players write it: spacing and apostrophes made plain, and the quotes
    some documents print around it left off."""
    text = unicodedata.normalize("NFKC", name).translate(_APOSTROPHES)
    return " ".join(text.strip().strip(_QUOTES).split())


def entry(line: str) -> Entry | None:
    """The card a line cites as "Name (Pack, Number)", or None when it cites none."""
    found = _ENTRY.match(line)
    name = plain_name(found["name"].rstrip(" (")) if found else ""  # "Name ((Pack, 1)"
    if not name or _CITED_PACK.search(name):  # a remark after another citation
        return None
    return Entry(name, " ".join(found["pack"].split()), found["number"])


@lru_cache(maxsize=4096)
def entries(text: str) -> tuple[Entry, ...]:
    """The cards a list section cites, one a line, or several on a line that reads as
    nothing but citations (a PDF's lines run together); lines that cite none are left
    out. (Kept for the text: a list reads the same in most revisions.)"""
    found = []
    for line in text.splitlines():
        runs = list(_CITATIONS.finditer(line))
        if len(runs) > 1 and "".join(m.group() for m in runs).strip() == line.strip():
            found += [e for e in (entry(m.group()) for m in runs) if e is not None]
        elif (one := entry(line)) is not None:
            found.append(one)
    return tuple(found)


_CITATIONS = re.compile(r"\s*[\w\"\u201c'][^()\n]*?\s*\(+[^()\n]*?,\s*\d+[A-Za-z]?\)")


class Finder:
    """Finds known card names in running text: whole words, with the case the documents
    print them in ("The Red Keep", not "the red keep"), longest name first. A one-word
    name that opens a sentence is not taken for the card: a capital there proves nothing."""

    def __init__(self, names, any_case: bool = False):
        self.any_case = any_case  # names as a person typed them: match in any case
        self.names = {}
        for name in names:
            shown = plain_name(name)
            if shown and any(c.isalpha() for c in shown):
                self.names.setdefault(shown, card_key(shown))

    @cached_property
    def _pattern(self) -> re.Pattern | None:
        if not self.names:
            return None
        spelled = sorted(self.names, key=len, reverse=True)
        body = "|".join(re.escape(n).replace("'", "['\u2019]") for n in spelled)
        return re.compile(rf"(?<![\w'])(?:{body})(?![\w'])", re.I if self.any_case else 0)

    def keys(self, text: str | None) -> set[str]:
        """The keys of the cards the text names."""
        if not text or self._pattern is None:
            return set()
        found = set()
        text = _CITED_PACK.sub(lambda m: " " * len(m.group()), text)
        for match in self._pattern.finditer(text):
            name = match.group().replace("\u2019", "'")
            if " " not in name and not self.any_case and _opens_sentence(text, match.start()):
                continue
            found.add(self.names.get(name) or card_key(name))
        return found


# the pack of a citation, "(King's Landing, 22)": a pack's name is not a card's
_CITED_PACK = re.compile(r"\([^()\n]*?,\s*\d+[A-Za-z]?\)")


def _opens_sentence(text: str, at: int) -> bool:
    before = text[:at].rstrip(" \"'(\u201c")
    return not before or before[-1] in ".!?:\n"
