"""The Magic: The Gathering Comprehensive Rules as the publisher ships them in Word
(../shared/corpus/mtg/docx): each release's .docx is no change from its .txt, and
consecutive Word releases differ exactly as consecutive text releases do."""
import functools
import json

import pytest

from corpus import change_keys as keys
from corpus import corpus_dir
from rookery.parsers import parse

_MANIFEST = corpus_dir() / "mtg" / "manifest.json"
RELEASES = [r for r in json.loads(_MANIFEST.read_text())["releases"] if r.get("docx")] \
    if _MANIFEST.exists() else []
IDS = [r["release"] for r in RELEASES]
needs_corpus = pytest.mark.skipif(not RELEASES, reason=f"no Word releases at {_MANIFEST}")


@functools.lru_cache(maxsize=None)
def release(file: str):
    return parse((corpus_dir() / "mtg" / file).read_bytes(), source=file)


@needs_corpus
@pytest.mark.parametrize("entry", RELEASES, ids=IDS)
def test_a_word_release_is_no_change_from_its_text(entry):
    text, word = release(entry["file"]), release(entry["docx"]["file"])
    assert word.format == "docx" and (word.title, word.effective) == (text.title, text.effective)
    assert sum(s.kind == "term" for s in word.sections) > 450
    assert keys(text, word) == []


@needs_corpus
def test_consecutive_word_releases_report_what_the_text_releases_report():
    for a, b in zip(RELEASES, RELEASES[1:]):
        by_text = keys(release(a["file"]), release(b["file"]))
        by_word = keys(release(a["docx"]["file"]), release(b["docx"]["file"]))
        assert by_text and by_word == by_text, (a["release"], b["release"])
