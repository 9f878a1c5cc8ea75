"""Rule numbers in a column of their own (a tab stop and a hanging indent, or a grid
column beside the text), typeset by four engines in several fonts and sizes: every rule
keeps its number and its words, as the plain-text release gives them, and the reading
is sound."""
import shutil

import pytest

import hanging
import numbered
from rookery.model import text_key, title_key
from rookery.parsers import parse
from rookery.parsers.pdf.labels import is_label

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def key(s) -> tuple:
    """What a diff compares (a line broken inside "A.2.1" reads "A. 2.1": the same)."""
    return (s.number, title_key(s.title), s.kind, text_key(s.text),
            tuple(title_key(p) for p in s.path))


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield chromium
        chromium.close()


CASES = [(setting, scheme) for k, setting in enumerate(hanging.SETTINGS)
         for scheme in numbered.SCHEMES[k % 2::2]]  # each setting in two schemes


@pytest.mark.parametrize("setting,scheme", CASES,
                         ids=[f"{s.name}-{c.name}" for s, c in CASES])
def test_numbers_in_a_column_of_their_own_keep_their_rules(setting, scheme, tmp_path, request):
    browser = request.getfixturevalue("browser") if setting.engine == "chromium" else None
    path = hanging.pdf(scheme, setting, tmp_path / "rules.pdf", browser)
    doc = parse(path.read_bytes(), source=setting.name)
    reference = parse(numbered.text(scheme).encode())
    assert [key(s) for s in doc.sections] == [key(s) for s in reference.sections]
    assert doc.reading.problems == []


@pytest.mark.parametrize("text,label", [
    ("2.1", True), ("100.1a", True), ("(3.4)", True), ("a)", True), ("(iv)", True),
    ("\u2022", True), ("o", True), ("A.", True), ("§ 12", True), ("Art. 4", True),
    ("Shimmer", False), ("The", False), ("2 players", False), ("1st", False), ("", False),
])
def test_what_a_label_is(text, label):
    assert is_label(text) == label
