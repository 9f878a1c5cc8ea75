"""`rookery diff` on two releases of our own whose second one accounts for its changes
(tests/accounted.py): the `publisher` object of the JSON, documented in the README, the
text's closing lines as the README shows them, and the HTML page's, escaped."""
import json
import re
from pathlib import Path

import pytest

import accounted

README = Path(__file__).resolve().parents[2] / "README.md"


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    return text[start:text.index("\n## ", start)]


@pytest.fixture
def releases(tmp_path):
    """The two releases of one language, form and format, as files."""
    def write(language="en", form="end", fmt="html"):
        paths = []
        for revised in (False, True):
            path = tmp_path / f"driftglass-{language}-{form}-{int(revised)}.{fmt}"
            path.write_bytes(accounted.printed(language, revised, form, fmt))
            paths.append(path)
        return paths
    return write


def key_names(value) -> set[str]:
    if isinstance(value, list):
        return set().union(set(), *map(key_names, value))
    if isinstance(value, dict):
        return set(value) | set().union(set(), *map(key_names, value.values()))
    return set()


def test_the_readme_documents_every_field_of_the_publisher_object(cli, releases):
    code, out, _ = cli("diff", "--format", "json", *releases(fmt="docx"))
    publisher = json.loads(out)["publisher"]
    assert code == 0 and publisher["listed"] and publisher["marked"] and publisher["unlisted"]
    # the account's own fields, and those of the sections it names as `changes` does
    text = README.read_text()
    prose = text[text.index("`--format json` prints one object"):text.index("## Watching")]
    assert "`publisher`" in prose
    assert {name for name in key_names(publisher) if f"`{name}`" not in prose} == set()


def test_the_text_ends_with_the_account_as_the_readme_shows_it(cli, releases, wide):
    code, out, _ = cli("diff", "--format", "text", *releases())
    shown = re.search(r"```\n(» .*?)```", _section(README.read_text(),
                                                    "### What the publisher says"), re.S)
    assert code == 0 and out.splitlines()[-3:] == shown.group(1).splitlines()


def test_a_french_release_accounts_for_its_changes_in_its_own_words(cli, releases, wide):
    code, out, _ = cli("diff", "--format", "text", *releases("fr", "front", "pdf"))
    assert code == 0 and out.splitlines()[-3:] == [
        "» publisher lists 9 changes in \u201cNouveautés de cette version\u201d: 7 confirmed "
        "(1 by changes under them: 1.2.1), 1 unchanged (3.2.1), 1 in neither release (3.4.1)",
        "» publisher marks 6 sections: 5 confirmed, 1 unchanged (Éclat)",
        "» 1 change not listed or marked: 3.1.2"]


def test_a_section_query_narrows_the_account(cli, releases):
    code, out, _ = cli("diff", "--format", "json", "--section", "3.1", *releases())
    publisher = json.loads(out)["publisher"]
    assert code == 0 and publisher["listed"] == [] and publisher["summary"] is None
    assert [u["new"]["number"] for u in publisher["unlisted"]] == ["3.1.2"]


def test_the_html_page_says_the_same_with_the_documents_words_escaped(cli, tmp_path):
    old = ("<h1>Moth Rules</h1><h2>1. Play</h2><p>1.1 Moths fly at dusk.</p>"
           "<p>1.2 Lanterns burn.</p><h2>2. Light</h2><p>2.1 A lit lantern glows.</p>"
           "<p>2.2 A lantern goes out at dawn.</p><h2>3. End</h2><p>3.1 The game ends.</p>")
    new = old.replace("1.1 Moths fly at dusk.", "1.1 Moths fly at night.").replace(
        "2.2 A lantern", "2.2 A lamp") + ("<h2>Glossary</h2><dl><dt>Moth &lt;b&gt;</dt>"
                                          "<dd>A small card.</dd></dl><h2>Changes</h2>"
                                          "<ul><li>1.1 Clarified flight.</li></ul>")
    (tmp_path / "old.html").write_text(old)
    (tmp_path / "new.html").write_text(new)
    code, out, _ = cli("diff", "--format", "html", tmp_path / "old.html", tmp_path / "new.html")
    assert code == 0 and "What the publisher says changed" in out
    assert "3 changes not listed: 2.2, Glossary (new), Moth &lt;b&gt; (new)" in out
    assert "<b>" not in out
