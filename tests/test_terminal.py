"""The width text output fills, and lines wrapped to it with their styles."""
import io

import pytest

from rookery.terminal import BOLD, GREEN, RESET, width, wrap


class Pipe(io.StringIO):
    def isatty(self):
        return False


@pytest.mark.parametrize("columns,expected", [
    ("60", 60),
    ("132", 132),
    (None, 100),  # a pipe or a file, and nothing said: the fallback
    ("", 100),
    ("8", 20),  # too narrow for words: filled to the least width
])
def test_the_width_is_columns_else_a_fallback_off_a_terminal(monkeypatch, columns, expected):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert width(Pipe()) == expected


LONG = "x" * 30


@pytest.mark.parametrize("segments,columns,color,lines", [
    ([("a b c", "")], 40, False, ["a b c"]),
    ([("alpha beta gamma delta epsilon zeta", "")], 20, False,
     ["alpha beta gamma", "    delta epsilon", "    zeta"]),
    # the whitespace that opens the first line is kept, spaces at a line's end are not
    ([("  indented words   ", "")], 40, False, ["  indented words"]),
    # a word longer than a line is not cut: it stands alone
    ([(f"see {LONG} now", "")], 20, False, ["see", f"    {LONG}", "    now"]),
    # one escape code and one reset per run of words in one style
    ([("one two", BOLD), (" three", BOLD), (" four", GREEN)], 40, True,
     [f"{BOLD}one two three{RESET} {GREEN}four{RESET}"]),
    # a run broken across lines is closed on each
    ([("alpha beta gamma delta", GREEN)], 20, True,
     [f"{GREEN}alpha beta gamma{RESET}", f"    {GREEN}delta{RESET}"]),
    ([("plain ", ""), ("green", GREEN)], 40, False, ["plain green"]),
])
def test_wrap_fills_lines_and_styles_runs_of_words(segments, columns, color, lines):
    assert wrap(segments, columns, color) == lines
