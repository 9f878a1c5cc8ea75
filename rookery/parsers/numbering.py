"""Section numbers as printed: "1.", "(1.2)", "4.2.1", "100.1a", "702.138c", "A.4".

Nothing here lists one game's scheme. A number is a sequence of parts (digits, or one
capital letter for an appendix, or letters after the last digits: "100.1a" is 100 › 1 ›
a), and documents are read by how their numbers relate: a number *extends* another when
it adds one part to it (100.1a extends 100.1), and *follows* another when it is its next
sibling (100.2 follows 100.1, 704.5m follows 704.5k where a scheme skips a letter). A
document's own numbers then say which paragraphs are numbered sections and how they nest.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# A label at the start of a line: optional "(", parts joined by ".", optional letters
# after the last digits (only after digits: "Ver.", "Art." or "No." is a word, not
# appendix "A" and letters), optional ")" or "." or ":", then white space or the end.
# A section number's first part: digits, or one capital letter for an appendix ("A.4")
_FIRST = r"(?:\d{1,4}|[A-Z])"
# a section number anywhere ("3", "701.13", "100.1a", "A.4"), and one of two parts or
# more (what a cross-reference cites): other patterns are built on these, as
# diffs.compare's references are
NUMBER = rf"{_FIRST}(?:\.\d{{1,4}})*[a-z]{{0,2}}"
DOTTED = rf"{_FIRST}(?:\.\d{{1,4}})+[a-z]{{0,2}}"
_LABEL = re.compile(
    r"^(?P<open>\()?"
    rf"(?P<core>{_FIRST}(?:\.\d{{1,4}})*(?P<letters>(?<=\d)[a-z]{{1,2}})?)"
    r"(?P<close>\))?(?P<dot>[.:])?(?:(?=\s|$)|(?<=\d\.)(?=[A-Z][a-z]))")
_PART = re.compile(r"\d+|[A-Z](?![a-z])|[a-z]+")
GAP = 2  # a sibling may skip this many numbers or letters and still follow ("k" → "m")


@dataclass(frozen=True)
class Label:
    """A section number: `printed` as it stands ("(1.2)", "100.1."), `number` as rookery
    names it ("1.2", "100.1"), and its parts (("100", "1"), or ("100", "1", "a"))."""

    printed: str
    number: str
    parts: tuple[str, ...]

    @property
    def parent(self) -> tuple[str, ...]:
        return self.parts[:-1]


@lru_cache(maxsize=16384)  # the outline asks of most lines two or three times
def read_label(text: str, loose: bool = False) -> tuple[Label, str] | None:
    """The number that opens `text` and what follows it, or None.

    A single part needs a mark to be a number ("1." "(1)" "1)" "A."; not "2 players"),
    unless `loose` (a line that is only a label). Lists of letters ("(a)") are not
    section numbers."""
    m = _LABEL.match(text)
    if not m:
        return None
    core = m.group("core")
    parts = tuple(_PART.findall(core))
    if m.group("open") and not m.group("close"):
        return None  # "(1.2 " is not a number in brackets
    single = len(parts) == 1
    if single and not (m.group("open") or m.group("dot") or m.group("close") or loose):
        return None
    if single and parts[0].isalpha() and not m.group("dot"):
        return None  # "(A)" and "A)" are list markers; "A." may open an appendix
    if m.group("close") and not m.group("open") and not single:
        return None  # "1.2)" is rare enough to be a typo, not a scheme
    if len(parts) == 2 and "." not in core and not (m.group("dot") or m.group("open")):
        return None  # "1st place", "2nd round": an ordinal; "1a." or "(1a)" is a number
    if m.end() < len(text) and not text[m.end()].isspace() and len(parts) < 2:
        return None  # "10.11.Support" runs a title onto its number; "A.Note" does not
    rest = text[m.end():].lstrip()
    if single and not rest and not loose:
        return None
    return Label(printed=m.group(0), number=core, parts=parts), rest


def extends(parent: tuple[str, ...], child: Label) -> bool:
    """Is `child` a subdivision of the number `parent` (one more part)?"""
    return len(child.parts) == len(parent) + 1 and child.parts[:-1] == parent


def follows(before: Label, after: Label) -> bool:
    """Is `after` the next sibling of `before` (same parent, a little further on)?"""
    if len(before.parts) != len(after.parts) or before.parent != after.parent:
        return False
    a, b = before.parts[-1], after.parts[-1]
    if a.isdigit() and b.isdigit():
        return 0 < int(b) - int(a) <= GAP
    if a.isalpha() and b.isalpha() and len(a) == len(b) and a.islower() == b.islower():
        return 0 < letter_value(b) - letter_value(a) <= GAP
    return False


def continues(before: Label, after: Label) -> bool:
    """Could `after` come next in reading after `before`: its first child, its next
    sibling, or the next sibling of one of its parents (10.4.2 then 10.5)?"""
    if extends(before.parts, after):
        return True
    return any(follows(Label("", "", before.parts[:n]), after)
               for n in range(len(before.parts), 0, -1))


def letter_value(s: str) -> int:
    """A part in letters as a count ("a" 1, "z" 26, "aa" 27), case aside."""
    value = 0
    for c in s.lower():
        value = value * 26 + ord(c) - ord("a") + 1
    return value


def part_value(part: str) -> tuple[str, int] | None:
    """A part's place in its scheme: ("digits", 12), ("letters", 3) or ("capitals", 3)."""
    if part.isdigit():
        return "digits", int(part)
    if part.isalpha():
        return "letters" if part.islower() else "capitals", letter_value(part)
    return None


def folded(parts: tuple[str, ...]) -> tuple[str, ...]:
    """A number's parts with case aside ("A.1" and "a.1" are one number in a check)."""
    return tuple(p.casefold() for p in parts)


def first_of_scheme(label: Label) -> bool:
    """Does the label open a new sequence ("1", "1.1", "a", "A")?"""
    last = label.parts[-1]
    return last in ("0", "1") or last.lower() == "a"


def related(a: Label, b: Label) -> bool:
    """Do two numbers belong to one scheme: siblings, or one extending the other?"""
    return (follows(a, b) or follows(b, a) or extends(a.parts, b) or extends(b.parts, a))


class Nesting:
    """Levels for a run of numbered headings, from how their numbers relate: a number
    that extends an open one goes under it, one that follows an open one goes beside it,
    and any other goes one level under the last (chapters "1", "2" with sections "100",
    "200" are read that way: 100 neither extends nor follows 1, so it nests)."""

    def __init__(self, base: int = 1):
        self.base = base
        self.open: list[Label] = []

    def level(self, label: Label) -> int:
        if len(label.parts) == 1 and first_of_scheme(label) and self.open \
                and not follows(self.open[0], label):
            self.open.clear()  # "A." after "9.": a new scheme starts at the top
        for k in range(len(self.open) - 1, -1, -1):
            if extends(self.open[k].parts, label):
                del self.open[k + 1:]
                self.open.append(label)
                return self.base + k + 1
        for k in range(len(self.open) - 1, -1, -1):
            if follows(self.open[k], label):
                del self.open[k:]
                self.open.append(label)
                return self.base + k
        self.open.append(label)
        return self.base + len(self.open) - 1

    def reset(self) -> None:
        self.open.clear()


def roman_value(text: str) -> int:
    """A roman numeral's value, either case ("XIV" 14, "iv" 4); 0 for letters that are
    none, or are not in a numeral's order ("IIV", "IC")."""
    values = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
    low = text.lower()
    if not low or any(c not in values for c in low):
        return 0
    digits = [values[c] for c in low]
    total = sum(-v if v < after else v for v, after in zip(digits, digits[1:] + [0]))
    return total if total > 0 and roman(total) == low else 0


def roman(n: int) -> str:
    """n in lower-case roman numerals ("xiv"), as lists and page numbers print it."""
    out = ""
    for value, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"),
                           (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"),
                           (4, "iv"), (1, "i")):
        while n >= value:
            out, n = out + letters, n - value
    return out
