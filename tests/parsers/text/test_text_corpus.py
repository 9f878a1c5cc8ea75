"""The Magic: The Gathering Comprehensive Rules in ../shared/corpus/mtg, hard-wrapped
with every blank line left out, as a player may have saved them: the wrapped text must
give the sections of the release it was made from."""
import textwrap

import pytest

from corpus import corpus_dir
from rookery.model import title_key
from rookery.parsers import parse
from rookery.parsers.text.wrapping import wraps

_DIR = corpus_dir() / "mtg"


def release(name: str) -> str:
    path = _DIR / name
    if not path.exists():
        pytest.skip(f"no release at {path}")
    return path.read_bytes().decode("utf-8-sig")


def unspaced(text: str, width: int) -> list[str]:
    return [wrap for line in text.splitlines() if line.strip()
            for wrap in textwrap.wrap(line, width)]


def key(s) -> tuple:
    return (s.number, title_key(s.title), s.kind, s.text, tuple(title_key(p) for p in s.path))


def test_a_release_wrapped_at_96_columns_gives_every_section_of_the_release():
    text = release("MagicCompRules_20200122.txt")
    reference = parse(text.encode())
    doc = parse("\n".join(unspaced(text, 96)).encode())
    assert (doc.title, doc.effective) == (reference.title, reference.effective)
    assert [key(s) for s in doc.sections] == [key(s) for s in reference.sections]


@pytest.mark.parametrize("width", [72, 80])
def test_a_release_wrapped_narrower_gives_its_rules_and_every_term(width):
    text = release("MagicCompRules_20190125.txt")
    reference = parse(text.encode())
    lines = unspaced(text, width)
    doc = parse("\n".join(lines).encode())
    assert (doc.title, doc.effective) == (reference.title, reference.effective)

    def rules(d):  # a suspended hyphen at a wrap ("power- and") reads as a word's own
        return [(s.number, s.kind, s.path, "".join(s.text.split())) for s in d.sections
                if s.number]
    assert rules(doc) == rules(reference)
    # a term whose line reaches the measure ("Remove from the Game, Removed, ...") reads
    # as one by the glossary's order, though its line end cannot tell it
    terms = [s.title for s in reference.sections if s.kind == "term"]
    assert [s.title for s in doc.sections if s.kind == "term"] == terms
    if width == 72:
        reaching = {line for line, nxt in zip(lines, lines[1:]) if wraps(line, nxt, width)}
        assert reaching & set(terms)
