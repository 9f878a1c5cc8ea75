"""The terminal report of a diff: a run of renumbered sections is one line, and a short
run names its sections under it."""
import pytest

from rookery.diffs.compare import diff_documents
from rookery.diffs.text import NAMED_RUN, render_text
from rookery.model import Document, Section

WORDS = ["amber", "birch", "cedar", "dune", "ember", "fern", "gale", "heath", "iris", "jade",
         "kelp", "larch", "moss", "nettle", "oak", "pine", "quartz", "reed", "sage", "thorn"]


def ruling(number: str, word: str) -> Section:
    title = f"{word.capitalize()} Tokens"
    return Section(title=title, kind="ruling", number=number, heading=f"({number}) {title}",
                   text=f"A player may spend a {word} token once per round.")


@pytest.mark.parametrize("run", [2, NAMED_RUN, NAMED_RUN + 1, len(WORDS)])
def test_a_short_run_of_renumbered_sections_names_them_and_a_long_one_counts(run):
    old = Document([ruling(f"1.{k + 1}", w) for k, w in enumerate(WORDS[:run])])
    new = Document([ruling("1.1", "ash")] +
                   [ruling(f"1.{k + 2}", w) for k, w in enumerate(WORDS[:run])])
    lines = render_text(diff_documents(old, new), width=100).splitlines()
    at = lines.index(f"~ 1.1\u20131.{run} \u2192 1.2\u20131.{run + 1}: {run} sections "
                     "renumbered, text unchanged")
    named = [f"    (1.{k + 2}) {w.capitalize()} Tokens (was 1.{k + 1})"
             for k, w in enumerate(WORDS[:run])] if run <= NAMED_RUN else []
    assert lines[at + 1:] == named
