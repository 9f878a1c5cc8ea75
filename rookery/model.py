"""The values that flow between rookery's stages.

Parsers make a `Document` of `Section`s; diffs compare two Documents into `Change`s;
the store and the feeds keep and publish both. Everything here is plain data.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache


class Kind(StrEnum):
    """What a section is, as a player would say it."""

    RULING = "ruling"
    TERM = "term"
    FAQ = "faq"
    ERRATA = "errata"
    LIST = "list"
    HEADING = "heading"
    TEXT = "text"


class ChangeType(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    MODIFIED = "modified"


class FlagType(StrEnum):
    """Ruling alerts: an answer that flipped, two that disagree, a disagreement ended."""

    REVERSAL = "reversal"
    CONTRADICTION = "contradiction"
    RESOLVED = "resolved"


KINDS = tuple(k.value for k in Kind)

# a space before or after a mark that is not a word's (a space found first, then its
# neighbours looked at: a scan for spaces is many times quicker than a look at each place)
_SPACE_BY_PUNCTUATION = re.compile(r" (?:(?=[^\w ])|(?<=[^\w ] ))")


# Pictographs and arrows: on a web page they are icon fonts or images with no text at
# all, in a PDF the same icons are glyphs. They are not words, so they are not compared.
_PICTOGRAPHS = re.compile("[\u2190-\u21ff\u2794-\u27bf\u2b00-\u2bff\u2600-\u26ff"
                          "\u2700-\u2793\u25a0-\u25ff\ue000-\uf8ff\U0001f000-\U0001faff"
                          "\U000f0000-\U0010ffff]")


# Marks that a file in ASCII can only spell out: "Magic(tm)" and "Magic™" say the same.
_SPELLED = {"\u00ae": "(r)", "\u2122": "(tm)", "\u00a9": "(c)"}
_SPELLED_OUT = re.compile(r"\((?:r|tm|c)\)|[\u00ae\u2122\u00a9]", re.I)
LOST = "\ufffd"  # the replacement character: a letter a file could not carry


@lru_cache(maxsize=16384)
def text_key(text: str | None) -> str:
    """Comparison key for section text: blind to whitespace that is typesetting, to
    icons (see same_text), and to how trademark and copyright marks are spelled.

    A line break that became a space (reflow, <br> vs. a new paragraph) and a space that
    came or went beside punctuation ("Disciple (Core" / "Disciple(Core") are not changes.
    """
    text = text or ""
    if not text.isascii():  # marks and pictographs lie outside ASCII, as most text does not
        text = _SPELLED_OUT.sub(lambda m: _SPELLED.get(m.group(), m.group().lower()), text)
        text = _PICTOGRAPHS.sub(" ", text)
    elif "(" in text:
        text = _SPELLED_OUT.sub(lambda m: m.group().lower(), text)
    return _spacing_key(text)


def _lost_letters_only(a: str, b: str) -> bool:
    """Do two keys differ only where one lost letters ("Dand\ufffdn" / "Dandân"), each
    replacement character standing for one letter outside ASCII?"""
    if (LOST in a) == (LOST in b) or abs(len(a) - len(b)) > a.count(LOST) + b.count(LOST):
        return False
    damaged, whole = (a, b) if LOST in a else (b, a)
    pattern = "".join("[^\\x00-\\x7f]" if c == LOST else re.escape(c) for c in damaged)
    return re.fullmatch(pattern, whole) is not None


def _spacing_key(text: str) -> str:
    return _SPACE_BY_PUNCTUATION.sub("", " ".join(text.split()))


def same_text(a: str | None, b: str | None) -> bool:
    """Do two texts say the same? The words must agree. Icons count only where both sides
    have some: a web page's icon font leaves no text where its PDF prints the glyph, but
    a military icon that became an intrigue one is a change."""
    if a == b:
        return True
    if text_key(a) != text_key(b):
        return _lost_letters_only(text_key(a), text_key(b))
    if _spacing_key(a or "") == _spacing_key(b or ""):
        return True
    return not (_PICTOGRAPHS.search(a or "") and _PICTOGRAPHS.search(b or ""))


@lru_cache(maxsize=16384)
def title_key(text: str | None) -> str:
    """Comparison key for titles: case-insensitive too ("NOTES AND ERRATA" is not a retitle)."""
    return text_key(text).casefold()


_NUMBER_PREFIX = re.compile(r"^\(?\d+(?:\.\d+)*\)?\.?\s+")


def place_key(section: "Section") -> tuple[str, ...]:
    """The section's path, blind to case and to the numbers of its ancestors."""
    return path_key(section.path)


def path_key(path: tuple[str, ...]) -> tuple[str, ...]:
    """The place_key of a section at `path`."""
    return tuple(map(_place_part, path))


@lru_cache(maxsize=16384)
def _place_part(title: str) -> str:
    return _NUMBER_PREFIX.sub("", title_key(title))


@dataclass(frozen=True)
class Section:
    """One citable unit of a rules document: a ruling, a term, a FAQ entry, an erratum...

    `text` is normalized (see parsers.normalize): single spaces, straight quotes, plain
    dashes, and one line per paragraph, list item or forced line break. `marks` are
    (start, end) spans of `text` that the publisher marked as new (red text);
    `heading_marked` says the heading itself was marked.
    """

    title: str | None
    kind: str
    text: str = ""
    number: str | None = None
    path: tuple[str, ...] = ()
    question: str | None = None
    marks: tuple[tuple[int, int], ...] = ()
    heading_marked: bool = False
    heading: str | None = None  # the heading line as printed: "(1.2) Duplicates"
    anchor: str | None = None
    since: str | None = None  # "(v2.1)" tag of an erratum: the release it first appeared in

    @property
    def label(self) -> str:
        """How a player would name the section: "(1.2) Duplicates" as printed, "702.138c
        Companion", a title, or the first words of its question or text when it prints
        no title (a FAQ entry in a PDF)."""
        if self.number and self.heading and self.number in self.heading:
            return self.heading
        if not (self.heading or self.path or self.title or self.question or self.number):
            return "Front matter"  # what stands before the first heading
        name = self.title or _first_words(self.question or self.text) or "(untitled)"
        return f"{self.number} {name}" if self.number else name

    @property
    def own_title(self) -> str | None:
        """The title the section prints for itself: None for a numbered rule that goes by
        its parent's title ("716.1" under "716. Ending the Turn")."""
        if self.title and self.number and self.heading \
                and title_key(self.title) not in title_key(self.heading):
            return None
        return self.title

    @property
    def printed_title(self) -> bool:
        """Does the document print a name for it (a title), or is `label` made up?"""
        return bool(self.title)

    @property
    def is_marked(self) -> bool:
        return self.heading_marked or bool(self.marks)

    @property
    def marked_text(self) -> list[str]:
        return [self.text[a:b] for a, b in self.marks]

    def ref(self) -> dict:
        """The section as the diff contract names it; an untitled one also by `label`."""
        out = {"number": self.number, "title": self.title, "kind": str(self.kind),
               "path": list(self.path)}
        if not self.title:
            out["label"] = self.label
        return out


def release_label(version: str | None, effective: str | None = None,
                  fallback: str = "") -> str:
    """How every output names a release: by the version it prints ("v2.2"; a named one
    as printed, "The Conclave (Version 2.0)"), else by the day it took effect ("effective
    2020-01-24"), else by `fallback` (where it came from: "revision 7", a file's name)."""
    if version:
        return f"v{version}" if version[:1].isdigit() else version
    return f"effective {effective}" if effective else fallback


def effective_note(label: str, effective: str | None) -> str:
    """"effective 2019-05-13" to say beside a release's label; "" when the release
    prints no date or its label is that date already."""
    note = f"effective {effective}" if effective else ""
    return "" if note in label else note


@dataclass
class Document:
    """A parsed release: metadata from the title block plus its sections in reading order."""

    sections: list[Section]
    title: str | None = None
    version: str | None = None
    effective: str | None = None  # ISO date, as printed on the title block
    format: str = "html"
    source: str = ""
    warnings: list[str] = field(default_factory=list)
    # a stable identity per section (the store's item ids) when the document came from
    # the store; a parsed document has none, and a section is known by its position
    keys: list | None = None
    reading: Reading | None = None  # how sound the parse is (None: not judged)

    def key(self, index: int):
        return self.keys[index] if self.keys is not None else index

    @property
    def label(self) -> str:
        """The release's name (see release_label); failing a version or date, the name of
        the file or page it was read from."""
        where = self.source.rstrip("/").rsplit("/", 1)[-1] or self.source
        return release_label(self.version, self.effective, where or "(unnamed)")

    @property
    def name(self) -> str:
        """The document and release: "Comprehensive Rules effective 2020-01-24",
        "FAQ v2.2", "Rules Reference (rules.pdf)"."""
        if not self.title:
            return self.label
        dated = self.version or self.effective
        return f"{self.title} {self.label}" if dated else f"{self.title} ({self.label})"


@dataclass
class WordAccount:
    """Where the words a reader was given went (see parsers/structure/account.py):
    `lost_at` holds the first few runs of lost words, each as (where it stood, the words
    around it with the lost ones in brackets)."""

    words: int = 0
    in_sections: int = 0
    furniture: dict[str, int] = field(default_factory=dict)  # reason → words
    lost: int = 0
    lost_at: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Reading:
    """How sound a parse is, judged without truth (`rookery check`): its numbered
    sections, what is wrong with them, and its word account. Doubtful when any is."""

    sections: int = 0
    numbered: int = 0
    empty: list[str] = field(default_factory=list)  # numbered, with no text nor children
    over_nothing: list[str] = field(default_factory=list)  # unnumbered headings over nothing
    repeated: list[str] = field(default_factory=list)  # numbers printed twice in one place
    out_of_order: list[str] = field(default_factory=list)  # numbers going backwards
    # numbers after a gap among their siblings, many of them: numbers the reader lost
    skipped: list[str] = field(default_factory=list)
    in_text: list[str] = field(default_factory=list)  # numbered rules left in another's text
    misplaced: list[str] = field(default_factory=list)  # under a heading whose number they follow
    # dotted numbers under a numbered heading whose number is not theirs ("4.1" under "3.12")
    astray: list[str] = field(default_factory=list)
    junk_titles: list[tuple[str, str]] = field(default_factory=list)  # (title, what it is)
    # headings the file names itself (bookmarks, tags) that the reading left as text
    headings_in_text: list[str] = field(default_factory=list)
    # lines of sections that end in a leader ("Setup ........ 4"): a contents list read
    # as sections and text
    contents_in_text: list[str] = field(default_factory=list)
    # runs of three or more lines that are each a bare figure ("110 pts"), two runs or
    # more: a table's column of values read apart from the rows it belongs to
    figures_apart: list[str] = field(default_factory=list)
    # headings made or missed (parsers/structure/misheaded.py): titles opening in lower
    # case, a line of a sentence read as a heading (or sections opening in lower case, a
    # paragraph cut apart); lists read as rules (their numbers,
    # or titles opening with a bullet); numbers and entries nested under the wrong
    # heading; lines of text shaped like the document's titles, headings left in the text
    mid_sentence: list[str] = field(default_factory=list)
    items_as_rules: list[str] = field(default_factory=list)
    nested_wrong: list[str] = field(default_factory=list)
    headings_lost: list[str] = field(default_factory=list)
    # titles of unnumbered sections that print the document's numbering ("II. Setup",
    # "Article 4"), three or more going on from one another: numbers the reader left
    numbers_in_titles: list[str] = field(default_factory=list)
    # short titles opening in lower case among titles in capitals: a figure's labels
    label_titles: list[str] = field(default_factory=list)
    # headers of a table's columns of words read one after the other, each as a section
    columns_apart: list[str] = field(default_factory=list)
    # words of right-to-left text stored backwards (opening with a word-final letter)
    visual_order: list[str] = field(default_factory=list)
    # runs of one-letter words, most of them in lower case: words read a letter at a time
    letters_apart: list[str] = field(default_factory=list)
    # words set aside as a contents list, when they are more than a quarter of the text
    contents_words: int = 0
    words: WordAccount | None = None

    @property
    def problems(self) -> list[str]:
        """What makes the reading doubtful, a phrase each ("31 numbered rules without
        text"); empty when it is sound."""
        out = []
        if self.words is not None and self.words.lost:
            out.append(f"{plural(self.words.lost, 'word')} of the text in no section")
        if self.empty:
            out.append(f"{plural(len(self.empty), 'numbered rule')} without text")
        if self.over_nothing:
            out.append(f"{plural(len(self.over_nothing), 'heading')} over nothing "
                       f"({self.over_nothing[0]!r})")
        if self.repeated:
            out.append(f"{plural(len(self.repeated), 'number')} printed twice")
        if self.out_of_order:
            out.append(f"{plural(len(self.out_of_order), 'number')} out of order")
        if self.skipped:
            out.append(f"{plural(len(self.skipped), 'number')} after a gap in the numbering "
                       f"({', '.join(self.skipped[:3])})")
        if self.in_text:
            out.append(f"{plural(len(self.in_text), 'numbered rule')} left in another's text")
        if self.misplaced:
            out.append(f"{plural(len(self.misplaced), 'number')} set under a rule "
                       f"{'it follows' if len(self.misplaced) == 1 else 'they follow'}")
        if self.astray:
            out.append(f"{plural(len(self.astray), 'number')} set under another's rule "
                       f"({self.astray[0]})")
        if self.headings_in_text:
            out.append(f"{plural(len(self.headings_in_text), 'heading')} the file lists read "
                       f"as text ({self.headings_in_text[0]!r})")
        if self.contents_in_text:
            out.append(f"{plural(len(self.contents_in_text), 'contents line')} read as "
                       f"sections ({self.contents_in_text[0]!r})")
        if self.figures_apart:
            out.append(f"{plural(len(self.figures_apart), 'column')} of figures read apart "
                       f"from {'its' if len(self.figures_apart) == 1 else 'their'} rows "
                       f"({self.figures_apart[0]!r})")
        if self.mid_sentence:
            out.append(f"{plural(len(self.mid_sentence), 'section')} cut out of a sentence "
                       f"({self.mid_sentence[0]!r})")
        if self.items_as_rules:
            out.append(f"{plural(len(self.items_as_rules), 'list item')} read as rules "
                       f"({self.items_as_rules[0]})")
        if self.nested_wrong:
            out.append(f"{plural(len(self.nested_wrong), 'section')} nested under the wrong "
                       f"heading ({self.nested_wrong[0]})")
        if self.headings_lost:
            out.append(f"{plural(len(self.headings_lost), 'heading')} left in the text "
                       f"({self.headings_lost[0]!r})")
        if self.numbers_in_titles:
            out.append(f"{plural(len(self.numbers_in_titles), 'number')} left in titles "
                       f"({self.numbers_in_titles[0]!r})")
        if self.label_titles:
            out.append(f"{plural(len(self.label_titles), 'label')} read as sections "
                       f"({self.label_titles[0]!r})")
        if self.columns_apart:
            out.append(f"a table's columns read apart "
                       f"({', '.join(repr(t) for t in self.columns_apart[:2])})")
        if self.visual_order:
            out.append(f"right-to-left text in visual order, its words backwards "
                       f"({self.visual_order[0]!r})")
        if self.letters_apart:
            out.append(f"{plural(len(self.letters_apart), 'run')} of words read letter by "
                       f"letter ({self.letters_apart[0]!r})")
        if self.contents_words:
            out.append(f"{plural(self.contents_words, 'word')} set aside as a contents list "
                       f"(more than a quarter of the text)")
        if self.junk_titles:
            out.append(f"{plural(len(self.junk_titles), 'title')} that "
                       f"{'is' if len(self.junk_titles) == 1 else 'are'} not a title "
                       f"({self.junk_titles[0][1]}: {self.junk_titles[0][0]!r})")
        return out

    @property
    def doubtful(self) -> bool:
        return bool(self.problems)

    def notice(self, format: str = "") -> str:
        """One line for a doubtful release ("this PDF reads poorly: ...; changes may be
        wrong"), "" for a sound one."""
        problems = self.problems
        if not problems:
            return ""
        what = f"this {format.upper() if format in ('pdf', 'html') else format or 'release'}"
        if format in ("docx", "text"):
            what = "this Word file" if format == "docx" else "this text"
        return f"{what} reads poorly: {'; '.join(problems)}; changes may be wrong"


@dataclass
class Change:
    """What happened to one section between two documents. `old_index` and `new_index`
    are the section's places in the two documents: how the store and the alerts find
    the section again (its identity), whatever its content."""

    type: ChangeType
    old: Section | None
    new: Section | None
    text_changed: bool = False
    renumbered: bool = False
    retitled: bool = False
    moved: bool = False
    similarity: float = 0.0
    ops: list[tuple[int, str]] = field(default_factory=list)
    old_index: int | None = field(default=None, compare=False)
    new_index: int | None = field(default=None, compare=False)

    @property
    def section(self) -> Section:
        return self.new or self.old  # type: ignore[return-value]


# Where a section of an alert stands: ("new" | "old" | another source's id, its index in
# that document). The store turns these into section identities.
Place = tuple[str, int]


@dataclass(frozen=True)
class Flag:
    """A ruling alert: a reversal, a contradiction, or a contradiction resolved."""

    type: FlagType
    sections: tuple[Section, ...]
    detail: str
    places: tuple[Place, ...] = ()  # one per section
    other_source: str | None = None  # the other watched document of a contradiction


@dataclass(frozen=True)
class Renumbering:
    """A run of consecutive sections whose numbers all shifted, their text unchanged
    (or changed only where a cross-reference followed the renumbering)."""

    old: tuple[str, str]  # first and last number before
    new: tuple[str, str]  # and after
    count: int
    changes: tuple["Change", ...] = field(default=(), compare=False, repr=False)  # its members

    def describe(self) -> str:
        return (f"{_span(self.old)} \u2192 {_span(self.new)}: {self.count} sections "
                "renumbered, text unchanged")

    def to_json(self) -> dict:
        return {"old": list(self.old), "new": list(self.new), "count": self.count}


@dataclass
class DocumentDiff:
    """The changes from `old` to `new`; `pairs` are the (old index, new index) of every
    section matched across them, changed or not (how identity is carried forward)."""

    old: Document
    new: Document
    changes: list[Change]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    renumberings: list[Renumbering] = field(default_factory=list)
    # what the newer release says it changed, set against the changes (a
    # diffs.publisher.PublisherAccount), or None when it neither lists nor marks any
    publisher: object | None = None


def _span(numbers: tuple[str, str]) -> str:
    return numbers[0] if numbers[0] == numbers[1] else f"{numbers[0]}\u2013{numbers[1]}"


def plural(n: int, one: str, many: str | None = None) -> str:
    """"1 section", "2 sections": a count with its noun in agreement."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _first_words(text: str, n: int = 10) -> str:
    words = text.split()
    return " ".join(words[:n]) + (" \u2026" if len(words) > n else "")


# ---------------------------------------------------------------- JSON
# Documents and Sections as JSON: how the store and the parse cache keep them.

def section_to_dict(s: Section) -> dict:
    out = {"title": s.title, "kind": s.kind, "text": s.text, "number": s.number,
           "path": list(s.path), "question": s.question, "marks": [list(m) for m in s.marks],
           "heading_marked": s.heading_marked, "heading": s.heading, "anchor": s.anchor,
           "since": s.since}
    return {k: v for k, v in out.items() if v not in (None, [], False, "") or k in ("title", "kind")}


def section_from_dict(d: dict) -> Section:
    return Section(title=d.get("title"), kind=d["kind"], text=d.get("text", ""),
                   number=d.get("number"), path=tuple(d.get("path", ())),
                   question=d.get("question"),
                   marks=tuple(tuple(m) for m in d.get("marks", ())),
                   heading_marked=d.get("heading_marked", False), heading=d.get("heading"),
                   anchor=d.get("anchor"), since=d.get("since"))


def document_to_json(doc: Document) -> str:
    return json.dumps(document_to_dict(doc), ensure_ascii=False)


def document_from_json(text: str, source: str = "") -> Document:
    return document_from_dict(json.loads(text), source)


def document_to_dict(doc: Document) -> dict:
    out = {"title": doc.title, "version": doc.version, "effective": doc.effective,
           "format": doc.format, "warnings": doc.warnings,
           "sections": [section_to_dict(s) for s in doc.sections]}
    if doc.reading is not None:
        out["reading"] = reading_to_dict(doc.reading)
    return out


def document_from_dict(d: dict, source: str = "") -> Document:
    return Document(sections=[section_from_dict(s) for s in d["sections"]], title=d.get("title"),
                    version=d.get("version"), effective=d.get("effective"),
                    format=d.get("format", "html"), source=source,
                    warnings=d.get("warnings", []),
                    reading=reading_from_dict(d["reading"]) if d.get("reading") else None)


# the Reading's lists of numbers or titles at fault, each under its own JSON key
_FAULTS = ("empty", "over_nothing", "repeated", "out_of_order", "skipped", "in_text", "misplaced",
           "astray", "headings_in_text", "contents_in_text", "figures_apart",
           "mid_sentence", "items_as_rules", "nested_wrong", "headings_lost",
           "numbers_in_titles", "label_titles", "columns_apart", "visual_order",
           "letters_apart")


def reading_to_dict(r: Reading) -> dict:
    """A Reading as JSON: how `rookery check --format json` prints it and the store and
    the parse cache keep it."""
    out = {"sound": not r.doubtful, "problems": r.problems, "sections": r.sections,
           "numbered": r.numbered, **{name: list(getattr(r, name)) for name in _FAULTS},
           "junk_titles": [{"title": t, "is": why} for t, why in r.junk_titles],
           "contents_words": r.contents_words}
    if r.words is not None:
        w = r.words
        out["words"] = {"given": w.words, "in_sections": w.in_sections,
                        "furniture": dict(w.furniture), "lost": w.lost,
                        "lost_at": [{"where": where, "words": text} for where, text in w.lost_at]}
    return out


def reading_from_dict(d: dict) -> Reading:
    w = d.get("words")
    words = WordAccount(words=w.get("given", 0), in_sections=w.get("in_sections", 0),
                        furniture=dict(w.get("furniture", {})), lost=w.get("lost", 0),
                        lost_at=[(p["where"], p["words"]) for p in w.get("lost_at", [])]
                        ) if w else None
    return Reading(sections=d.get("sections", 0), numbered=d.get("numbered", 0),
                   **{name: list(d.get(name, [])) for name in _FAULTS},
                   junk_titles=[(j["title"], j["is"]) for j in d.get("junk_titles", [])],
                   contents_words=d.get("contents_words", 0), words=words)


def number_matches(number: str, query: str) -> bool:
    """Does a section number answer a query for a number: itself, or one of its
    subdivisions ("702.138c" and "702.138.2" answer "702.138"; "702.1380" does not)?
    Both are compared as given (callers casefold them)."""
    if number == query:
        return True
    if not number.startswith(query) or not query[-1:].isalnum():
        return False
    after = number[len(query)]
    # a subdivision: a letter after digits ("702.138" → "702.138c"), or another part
    return after == "." or (after.isalpha() and query[-1].isdigit())
