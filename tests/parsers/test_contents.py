"""Contents lists: the key a heading and its contents line share."""
import pytest
from hypothesis import given, settings, strategies as st

from rookery.parsers.contents import _LEADER, _TWO_MARKS, entry_key


@pytest.mark.parametrize("line, key", [
    ("3. Play ........ 12", "3. play 12"),
    ("3. Play . . . . 12", "3. play 12"),
    ("Glossary\u2026\u2026\u2026 40", "glossary 40"),
    ("Appendix A \u00b7\u00b7\u00b7 ii", "appendix a ii"),
    ("10.10.Sing Together", "10.10. sing together"),  # a number run onto its title
    ("See rule 100.2. Then draw.", "see rule 100.2. then draw"),  # dots, but no leader
    ("Setup:", "setup"),
])
def test_a_contents_line_is_keyed_without_its_leaders(line, key):
    assert entry_key(line) == key


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from([".", "\u2026", "\u00b7", "_", " ", "\t", "\u00a0", "a",
                                 "7", "Play", ". ", " ."]), max_size=14).map("".join))
def test_a_line_the_quick_look_passes_over_holds_no_leader(line):
    # entry_key runs the leader's slow pattern only where two marks stand together
    assert _TWO_MARKS.search(line) or _LEADER.sub(" ", line) == line
