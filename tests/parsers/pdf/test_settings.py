"""The PDF reader's thresholds: each declared once, with its unit and what it decides,
and read by the rules; no threshold written as a bare number in a rule."""
import ast
import dataclasses
import re
from pathlib import Path

import pytest

from rookery.parsers.pdf import glyphs, settings
from rookery.parsers.pdf.settings import SETTINGS, UNITS, Settings, unit_of, what_decides

PDF = Path(settings.__file__).parent
NAMES = [f.name for f in dataclasses.fields(Settings)]

# the numbers a comparison may still hold: what they count is no judgement (a box's four
# numbers, a colour's components in grey, RGB and CMYK, a prefix of a cost tuple)
STRUCTURAL = {("plumber.py", 4), ("plumber.py", 3), ("typography.py", 3)}
PLAIN = {0, 1, 2, 0.5}  # zero, one, a pair, a half: what count_numbers lets be


@pytest.mark.parametrize("name", NAMES)
def test_every_setting_has_a_declared_unit_and_says_what_it_decides(name):
    assert unit_of(name) in UNITS
    decides = what_decides(name)
    assert decides.strip() and "\n" not in decides and len(decides) <= 90
    value = getattr(SETTINGS, name)
    assert isinstance(value, (int, float)) and not isinstance(value, bool)
    if unit_of(name) in ("count", "places"):
        assert isinstance(value, int), f"{name}: a count is a whole number"


def test_every_unit_is_explained_in_the_module_doc():
    for unit in UNITS:
        assert f"* {unit}: " in settings.__doc__, unit


def test_the_settings_cannot_change_under_the_rules():
    with pytest.raises(dataclasses.FrozenInstanceError):
        SETTINGS.fragment_gap = 1.0  # type: ignore[misc]


def test_every_setting_is_read_by_a_rule():
    source = "\n".join(p.read_text() for p in PDF.glob("*.py") if p.name != "settings.py")
    unread = [name for name in NAMES
              if not re.search(rf"\bS\.{name}\b|\"{name}\"", source)]
    assert not unread, f"settings no rule reads: {unread}"


def test_the_compiled_grouping_is_handed_the_settings_in_its_order():
    assert set(glyphs._RULES) <= set(NAMES)
    assert glyphs._CONSTANTS == tuple(getattr(SETTINGS, name) for name in glyphs._RULES)
    fields = re.search(r"typedef struct \{[^}]*?\bdouble ([^;]*);\s*\} Rules;",
                       (PDF / "csrc" / "fragments.c").read_text()).group(1)
    assert [f.strip() for f in fields.split(",")] == list(glyphs._RULES)


def test_no_rule_compares_against_a_bare_number():
    found = []
    for path in sorted(PDF.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Compare):
                continue
            for sub in ast.walk(node):
                if isinstance(sub, ast.Constant) and type(sub.value) in (int, float) \
                        and sub.value not in PLAIN \
                        and (path.name, sub.value) not in STRUCTURAL:
                    found.append(f"{path.name}:{sub.lineno}: {sub.value}")
    assert not found, "thresholds belong in settings.py: " + ", ".join(found)
