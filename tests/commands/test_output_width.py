"""Every text output fits the width: the terminal's, `$COLUMNS`, or 100 when output goes
to a pipe or a file. The one line allowed to be wider holds a single word longer than a
whole line (a long URL), which is never cut."""
import re
import socket

import pytest

from rookery.cli import main
from rookery.examples import NEW, OLD

ANSI = re.compile(r"\x1b\[[0-9;]*m")
SOURCE = "lanternfall-faq"


@pytest.fixture(scope="module")
def config(tmp_path_factory):
    """A configuration whose store holds both sample releases as two revisions of one
    source, with a notify target that cannot be reached (a message owed, with its error)."""
    folder = tmp_path_factory.mktemp("width")
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    toml = folder / "rookery.toml"
    toml.write_text(f'data = "data"\n[parse]\ncache_size = 0\n'
                    f'[[source]]\nid = "{SOURCE}"\nurl = "{folder / "faq.html"}"\n'
                    f'[[notify]]\nname = "guild"\nurl = "json://127.0.0.1:{port}/hook"\n')
    for release in (OLD, NEW):
        (folder / "faq.html").write_bytes(release.read_bytes())
        assert main(["-q", "fetch", "--config", str(toml)]) == 0
    return toml


def run(capsys, argv) -> str:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as e:  # --help
        code = e.code
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def too_wide(out: str, width: int) -> list[str]:
    """The lines wider than `width` that are more than one word."""
    return [line for line in ANSI.sub("", out).splitlines()
            if len(line) > width and len(line.split()) > 1]


COMMANDS = {
    "diff": ("diff", "--example"),
    "diff in colour": ("diff", "--example", "--color", "always"),
    "history": ("history", SOURCE),
    "history of a section": ("history", SOURCE, "1.2"),
    "history of a changed answer": ("history", SOURCE, "lit again"),
    "search": ("search", "lantern"),
    "sources": ("sources",),
    "notify status": ("notify", "status"),
    "config --keys": ("config", "--keys"),
    "diff --help": ("diff", "--help"),
    "--help": ("--help",),
}


@pytest.mark.parametrize("columns", ["60", "80", None])
@pytest.mark.parametrize("name", list(COMMANDS))
def test_text_output_fits_the_width(capsys, monkeypatch, config, name, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    argv = COMMANDS[name]
    out = run(capsys, argv if "--help" in argv else [*argv, "--config", config])
    assert out.strip()
    assert too_wide(out, int(columns or 100)) == []


def test_a_long_word_stands_whole_on_a_line_of_its_own(capsys, monkeypatch, tmp_path):
    address = "https://example.org/" + "very-long-path/" * 8
    page = OLD.read_text().replace("lit against a swarm of moths.",
                                   f"lit against a swarm of moths (see {address}).")
    (tmp_path / "long.html").write_text(page)
    monkeypatch.setenv("COLUMNS", "60")
    out = run(capsys, ["diff", OLD, tmp_path / "long.html"])
    assert f"    {address})+}}" in out.splitlines()
    assert len(too_wide(out, 60)) == 0 and max(map(len, out.splitlines())) > 60


def test_colour_opens_and_closes_once_per_run_of_words_in_one_style(capsys, config):
    out = run(capsys, ["diff", "--example", "--color", "always"])
    styled = re.compile(r"((?:\x1b\[[0-9;]*m)+)(.*?)\x1b\[0m")
    runs = 0
    for line in out.splitlines():
        found = list(styled.finditer(line))
        runs += len(found)
        for a, b in zip(found, found[1:]):
            between = line[a.end():b.start()]
            assert not (a.group(1) == b.group(1) and not between.strip()), line
    words = len(ANSI.sub("", out).split())
    assert 0 < runs < words / 3
    assert "\x1b[31m\x1b[9m1\x1b[0m\x1b[32m2\x1b[0m" in out  # the reworded ruling's number
