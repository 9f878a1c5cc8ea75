"""The measure of what a PDF's pages make a PDF library build (budget.py) counts the
runs of text a page shows quickly and at most first, and exactly where that count
reaches the limit: a page whose words are full of quote marks (which the quick count
takes for operators) is read, and one that shows too many runs is refused either way."""
import pytest

import hostile_files as hostile
from rookery.errors import TooLarge
from rookery.parsers import limits
from rookery.parsers.pdf import budget

RUNS = limits.PDF_TEXTS.most
# each shows one run: (words), an array of them, and the two quoting operators
SHOWN = [b"(%s) Tj", b"[(%s) -20 (more)] TJ", b"(%s) '", b'1 2 (%s) "']
# words full of what the quick count takes for operators: quotes, and "Tj" itself
QUOTED = [b"it's \"lit\" - it's", b"Tj TJ Tj", b"''\"''"]


def page_of(runs: int, show: bytes, words: bytes) -> bytes:
    """A one-page PDF showing `words` in `runs` runs, each shown by `show`."""
    return hostile.text_pdf(b"BT /F1 1 Tf 0 790 Td 1 TL " + b" ".join(
        [show % words] * runs) + b" ET")


@pytest.mark.parametrize("show", SHOWN)
@pytest.mark.parametrize("words", QUOTED)
def test_a_page_whose_words_hold_quotes_is_within_the_limit_on_runs(show, words):
    data = page_of(RUNS // 3, show, words)
    with pytest.raises(TooLarge):  # the quick count alone would refuse it ...
        budget._check(data, budget._runs_at_most)
    budget.check(data)  # ... the exact one does not


@pytest.mark.parametrize("show", SHOWN)
@pytest.mark.parametrize("words", QUOTED + [b"a lantern"])
def test_a_page_of_too_many_runs_is_refused_naming_the_limit(show, words):
    with pytest.raises(TooLarge, match=f"at most {RUNS:,}"):
        budget.check(page_of(RUNS + 1, show, words))
