"""`rookery diff --example`: the README's first command, run on the sample releases that
come with the package, shows each kind of change a diff reports."""
import json
import re
import shlex
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_first_command() -> list[str]:
    """The rookery command that ends the README's install-and-run line."""
    block = re.search(r"```sh\n(.*?)```", README.read_text(), re.S).group(1)
    argv = shlex.split(block.strip().split("&&")[-1])
    assert argv[0] == "rookery", block
    return argv[1:]


def test_the_readmes_first_command_shows_every_kind_of_change(cli, wide):
    code, out, err = cli(*readme_first_command())
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Lanternfall Rulings and FAQ v1.0 \u2192 Lanternfall Rulings and FAQ " \
                       "v1.1: 8 changes"
    expected = [
        # the reversed answer, flagged ahead of the changes
        "! REVERSAL: \u201cCan a snuffed lantern be lit again this round?\u201d: the answer "
        "changed from Yes to No",
        "+ (1.1) Choosing the First Player: new ruling  Before the first round, the players "
        "choose at random who takes the first turn.",
        # the three rulings the new one pushed down, as one run that names them
        "~ 1.1\u20131.3 \u2192 1.2\u20131.4: 3 sections renumbered, text unchanged",
        "    (1.2) Lighting Lanterns (was 1.1)",
        "    (1.3) Drawing from an Empty Deck (was 1.2)",
        "    (1.4) Ending the Round (was 1.3)",
        # a reworded ruling, word by word
        "~ (2.1) Swarming: text changed  A moth that swarms deals [-1-]{+2+} damage to "
        "each{+ unlit+} lantern in its row.",
        "- (2.2) Moths in Play: removed ruling  [-A player may have at most five moths in "
        "play.-]",
    ]
    at = [lines.index(line) for line in expected]
    assert at == sorted(at)  # in this order, the run's names right under it
    assert at[3:6] == [at[2] + 1, at[2] + 2, at[2] + 3]


def test_the_example_is_an_ordinary_diff_for_every_format(cli):
    code, out, _ = cli("diff", "--example", "--format", "json")
    data = json.loads(out)
    assert code == 0 and (data["old"]["version"], data["new"]["version"]) == ("1.0", "1.1")
    assert [f["type"] for f in data["flags"]] == ["reversal"]
    assert data["renumberings"] == [{"old": ["1.1", "1.3"], "new": ["1.2", "1.4"], "count": 3}]
    assert sorted(c["type"] for c in data["changes"]) == \
        ["added", "added"] + ["modified"] * 5 + ["removed"]


def readme_json() -> tuple[dict, str]:
    """The README's example of `--format json`, and the prose that documents it."""
    text = README.read_text()
    text = text[text.index("`--format json` prints one object"):text.index("## Watching")]
    return json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1)), text


def key_paths(value, path=()) -> set[tuple]:
    """Where each key of a JSON value stands: list items as "*", and a change's two
    sides (`old`, `new`: the same section record) as one."""
    if isinstance(value, list):
        return set().union(set(), *(key_paths(v, path + ("*",)) for v in value))
    if not isinstance(value, dict):
        return set()
    out = set()
    for key, v in value.items():
        here = path + ("old|new" if path == ("changes", "*") and key in ("old", "new") else key,)
        out |= {here} | key_paths(v, here)
    return out


def test_the_readme_documents_every_field_of_the_json_output(cli):
    _, out, _ = cli("diff", "--example", "--format", "json")
    example, prose = readme_json()
    given = key_paths(json.loads(out))
    assert key_paths(example) == given
    names = {p[-1] for p in given} - {"old|new"} | {"old", "new"}
    assert {name for name in names if f"`{name}`" not in prose} == set()


@pytest.mark.parametrize("argv,says", [
    (("diff",), "give two releases to compare"),
    (("diff", "old.html"), "give two releases to compare"),
    (("diff", "--example", "old.html"), "not both"),
])
def test_diff_wants_two_releases_or_the_example(cli, argv, says):
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and says in err
