"""Plain-text releases, and numbered rules in every format: a rulebook of our own in four
numbering schemes, printed as text (several encodings, line ends and layouts), as a web
page and as a PDF, must give the same sections, every rule and subrule its own."""
import textwrap
from pathlib import Path

import pytest

import numbered
from rookery.errors import NoSections
from rookery.model import title_key
from rookery.parsers import parse, sniff
from rookery.parsers.text import decode


def key(s) -> tuple:
    return (s.number, title_key(s.title), s.kind, s.text, tuple(title_key(p) for p in s.path))


def wrapped(text: str, width: int = 60) -> str:
    """Hard-wrapped at `width` columns, as many text files are."""
    out = []
    for line in text.split("\n"):
        out += textwrap.wrap(line, width, subsequent_indent="", break_on_hyphens=False) or [""]
    return "\n".join(out)


PRINTS = {
    "text, indented": lambda s, tmp: numbered.text(s).encode(),
    "text, flush, no contents": lambda s, tmp: numbered.text(s, indent=False,
                                                             contents=False).encode(),
    "text, CRLF and a byte-order mark": lambda s, tmp: b"\xef\xbb\xbf" + numbered.text(s)
    .replace("\n", "\r\n").encode(),
    "text, Windows-1252": lambda s, tmp: numbered.text(s).encode("cp1252"),
    "text, UTF-16": lambda s, tmp: numbered.text(s).encode("utf-16"),
    "text, wrapped at 60 columns": lambda s, tmp: wrapped(numbered.text(s)).encode(),
    "web page": lambda s, tmp: numbered.html(s).encode(),
    "web page of paragraphs only": lambda s, tmp: numbered.paragraphs_page(s).encode(),
    "web page, a paragraph per line": lambda s, tmp: numbered.lines_page(s).encode(),
    "PDF": lambda s, tmp: numbered.pdf(s, tmp / f"{s.name}.pdf"),
}


@pytest.mark.parametrize("print_", list(PRINTS), ids=list(PRINTS))
@pytest.mark.parametrize("scheme", numbered.SCHEMES, ids=[s.name for s in numbered.SCHEMES])
def test_every_print_of_a_numbered_rulebook_gives_the_same_sections(scheme, print_, tmp_path):
    reference = parse(numbered.text(scheme).encode())
    doc = parse(PRINTS[print_](scheme, tmp_path), source=print_)
    assert (doc.title, doc.effective) == (numbered.TITLE, "2025-03-03")
    assert [key(s) for s in doc.sections] == [key(s) for s in reference.sections]


@pytest.mark.parametrize("scheme", numbered.SCHEMES, ids=[s.name for s in numbered.SCHEMES])
def test_every_rule_and_subrule_is_a_section_under_its_parents(scheme):
    doc = parse(numbered.text(scheme).encode())
    printed = [it[1] for it in numbered.items(scheme) if it[0] == "rule"]
    numbers = [s.number for s in doc.sections if s.kind in ("ruling", "heading") and s.number]
    assert [scheme.number(p) for p in printed] == [n for n in numbers
                                                   if n in {scheme.number(p) for p in printed}]
    sub = next(s for s in doc.sections if s.number == scheme.number(scheme.subrule(0, 0, 1, 1)))
    assert [title_key(p) for p in sub.path] == [
        title_key(f"{scheme.chapter(0)} Game Concepts"),
        title_key(f"{scheme.section(0, 0)} General"),
        title_key(scheme.rule(0, 0, 1).rstrip("."))]
    assert sub.title == "General"  # a rule without a name goes by its section's
    shimmer = next(s for s in doc.sections if s.title == "Shimmer" and s.kind == "heading")
    assert shimmer.number == scheme.number(scheme.rule(1, 1, 1))
    empty = [s for s in doc.sections if s.title == "Optional Rules"]
    assert [(s.number, s.kind) for s in empty] == [(scheme.number(scheme.section(1, 2)), "heading")]
    terms = [s.title for s in doc.sections if s.kind == "term"]
    assert terms == [name for name, _text in numbered.GLOSSARY]
    assert not any("Contents" in (s.title or "") or "Contents" in s.text for s in doc.sections)


def unspaced(text: str, width: int) -> str:
    """Hard-wrapped at `width` columns with every blank line left out: paragraphs told
    apart only by where their lines end, what they open with and how they are set in."""
    return "\n".join(wrap for line in text.split("\n") if line.strip()
                     for wrap in textwrap.wrap(line, width))


@pytest.mark.parametrize("width", [60, 72, 96])
@pytest.mark.parametrize("indent", [True, False], ids=["indented", "flush"])
@pytest.mark.parametrize("scheme", numbered.SCHEMES, ids=[s.name for s in numbered.SCHEMES])
def test_hard_wrapped_text_without_blank_lines_gives_the_sections_of_its_release(
        scheme, indent, width):
    original = numbered.text(scheme, indent=indent, wordy=True)
    reference = parse(original.encode())
    doc = parse(unspaced(original, width).encode(), source=f"wrapped at {width}")
    assert (doc.title, doc.version, doc.effective) == \
        (reference.title, reference.version, reference.effective)
    assert [key(s) for s in doc.sections] == [key(s) for s in reference.sections]
    assert [s.title for s in doc.sections if s.kind == "term"] == \
        sorted([name for name, _text in numbered.GLOSSARY] + [numbered.SENSES[0]])
    assert doc.sections[-1].title == "Credits" and "Rules Management" in doc.sections[-1].text


@pytest.mark.parametrize("data,expected", [
    (b"\xef\xbb\xbfRules\r\n", "Rules\r\n"),
    ("R\u00e8gles \u2014 caf\u00e9".encode("utf-8"), "R\u00e8gles \u2014 caf\u00e9"),
    ("R\u00e8gles \u2014 caf\u00e9".encode("cp1252"), "R\u00e8gles \u2014 caf\u00e9"),
    ("R\u00e8gles".encode("utf-16"), "R\u00e8gles"),
])
def test_text_is_decoded_from_its_bytes(data, expected):
    assert decode(data) == expected
    assert sniff(data) == "text"


def test_binary_bytes_are_not_text():
    assert decode(bytes(range(256)) * 4, strict=True) is None
    assert sniff(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR") is None


def test_markdown_and_underlined_headings_nest_by_their_marks():
    text = ("Field Guide\n===========\n\nVersion 2.0, effective 2024-05-01\n\n"
            "## Setup\n\nShuffle the deck.\n\n### Hands\n\nDeal five cards each.\n\n"
            "Scoring\n-------\n\nCount your lanterns.\n")
    doc = parse(text.encode())
    assert (doc.title, doc.version, doc.effective) == ("Field Guide", "2.0", "2024-05-01")
    assert [(s.title, s.path) for s in doc.sections] == [
        ("Setup", ()), ("Hands", ("Setup",)), ("Scoring", ())]


def test_a_word_broken_at_a_wrap_is_joined_only_when_the_text_spells_it_whole():
    text = ("Lantern Rules\n\nVersion 1.0, effective 2024-01-01\n\nTiming\n\n"
            "A player may light a lantern once in each round; the light-\n"
            "keeper decides any ties. Each light-keeper acts in turn,\n"
            "and every lantern a player lights stays lit until the lan-\n"
            "tern round ends. Lanterns are counted at the very end.\n")
    doc = parse(text.encode())
    assert doc.sections[0].text == (
        "A player may light a lantern once in each round; the light-keeper decides any "
        "ties. Each light-keeper acts in turn, and every lantern a player lights stays lit "
        "until the lantern round ends. Lanterns are counted at the very end.")


def test_text_without_structure_says_so():
    with pytest.raises(NoSections, match="no headings"):
        parse(b"just a few words, and nothing else at all.", source="notes.txt")
