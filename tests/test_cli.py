import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from rookery.cli import build_parser

V1, V1_REFORMATTED, V2 = "skyforge_faq_v1.html", "skyforge_faq_v1_reformatted.html", "skyforge_faq_v2.html"



def test_json_output_follows_the_contract(cli, fixtures):
    code, out, err = cli("diff", fixtures / V1, fixtures / V2, "--format", "json")
    assert code == 0 and err == ""
    data = json.loads(out)
    # (the newer page marks its new words in red: the publisher's account comes too)
    assert set(data) == {"old", "new", "changes", "renumberings", "flags", "publisher"}
    assert set(data["old"]) == {"source", "version", "effective", "label", "format", "sections",
                                "reading"}
    assert data["old"]["reading"] == data["new"]["reading"] == {"sound": True, "problems": []}
    assert (data["old"]["version"], data["new"]["version"]) == ("1.0", "2.0")
    assert [(data[k]["effective"], data[k]["label"]) for k in ("old", "new")] == [
        ("2021-03-14", "v1.0"), ("2021-09-01", "v2.0")]
    assert data["old"]["format"] == "html"
    keys = {"type", "old", "new", "text_changed", "renumbered", "retitled", "moved",
            "similarity", "ops"}
    for change in data["changes"]:
        assert set(change) == keys
        for side in ("old", "new"):
            if change[side] is not None:
                extra = {"text"} if change["type"] != "modified" else set()
                extra |= {"label"} if change[side]["title"] is None else set()
                assert set(change[side]) == {"number", "title", "kind", "path"} | extra
    renumbered = [c for c in data["changes"] if c["renumbered"]]
    assert renumbered == [{
        "type": "modified",
        "old": {"number": "1.2", "title": "Duplicate Relics", "kind": "ruling",
                "path": ["Rulings and Clarifications", "1. Turn Structure"]},
        "new": {"number": "1.3", "title": "Duplicate Relics", "kind": "ruling",
                "path": ["Rulings and Clarifications", "1. Turn Structure"]},
        "text_changed": False, "renumbered": True, "retitled": False, "moved": False,
        "similarity": 1.0, "ops": []}]
    added = [c["new"]["title"] for c in data["changes"] if c["type"] == "added"]
    assert added == ["Quiet Bell (Tinker Pack, 80)", "Mulligans", "Borrowed Forges"]
    assert [c["old"]["title"] for c in data["changes"] if c["type"] == "removed"] == ["Burn"]
    anvil = next(c for c in data["changes"] if c["new"] and c["new"]["title"].startswith("Glass"))
    assert anvil["ops"] == [[0, "The cost should be "], [-1, "3"], [1, "4"], [0, ", not 2."]]


def test_markup_only_differences_are_not_changes(cli, fixtures):
    code, out, _ = cli("diff", fixtures / V1, fixtures / V1_REFORMATTED, "--format", "json")
    assert code == 0 and json.loads(out)["changes"] == []


def test_text_output_is_one_line_per_change_and_plain_when_not_a_terminal(cli, fixtures,
                                                                          wide):
    code, out, _ = cli("diff", fixtures / V1, fixtures / V2)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1 + 8 + 2  # the changes, then what the page marks
    # (its legend, printed in the red of the marks in both releases, marks nothing)
    assert lines[-2:] == ["\u00bb publisher marks 5 sections: 5 confirmed",
                          "\u00bb 2 changes not marked: Burn (removed), 2.1"]
    assert "\x1b[" not in out
    assert "~ Glass Anvil (Core, 40): text changed  The cost should be [-3-]{+4+}, not 2." in lines
    assert "~ (1.3) Duplicate Relics: renumbered 1.2 \u2192 1.3, text unchanged" in lines
    assert "+ Borrowed Forges: new FAQ entry  If I borrow an opponent's forge, can I use it in " \
           "the same round as my own? Yes. Each forge may be activated once per round." in lines
    assert "- Burn: removed term  [-To burn a card is to place it in the ash pile, out of the " \
           "game.-]" in lines


def test_text_output_is_coloured_on_request(cli, fixtures):
    _, out, _ = cli("diff", fixtures / V1, fixtures / V2, "--color", "always")
    assert "\x1b[31m" in out and "\x1b[32m" in out


def test_html_output_is_a_standalone_page(cli, fixtures):
    _, out, _ = cli("diff", fixtures / V1, fixtures / V2, "--format", "html")
    assert out.startswith("<!doctype html>")
    assert "<del>3</del><ins>4</ins>" in out
    assert "<script" not in out and "http" not in out.split("<body>")[1]


def test_section_filter_matches_numbers_and_titles(cli, fixtures):
    _, out, _ = cli("diff", fixtures / V1, fixtures / V2, "--section", "1.3",
                    "--format", "json")
    assert [c["new"]["title"] for c in json.loads(out)["changes"]] == ["Duplicate Relics"]
    _, out, _ = cli("diff", fixtures / V1, fixtures / V2, "--section", "forge",
                    "--format", "json")
    assert [c["new"]["title"] for c in json.loads(out)["changes"]] == ["Borrowed Forges"]


def test_remove_leaves_out_annotations(cli, fixtures, tmp_path):
    annotated = (fixtures / V1).read_text().replace(
        "<p>A player may pass.</p>", "").replace(
        "<h3 id=\"anchor\">Anchor</h3>",
        "<h3 id=\"anchor\">Anchor</h3><p class=\"site-note\">Related: Storm Lens.</p>")
    (tmp_path / "annotated.html").write_text(annotated)
    _, out, _ = cli("diff", fixtures / V1, tmp_path / "annotated.html", "--format", "json")
    assert len(json.loads(out)["changes"]) == 1
    _, out, _ = cli("diff", fixtures / V1, tmp_path / "annotated.html",
                    "--remove", ".site-note", "--format", "json")
    assert json.loads(out)["changes"] == []


def test_urls_are_fetched_over_http(cli, fixtures, http_server):
    base = http_server(fixtures)
    code, out, _ = cli("diff", f"{base}/{V1}", f"{base}/{V2}", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["new"]["source"] == f"{base}/{V2}" and len(data["changes"]) == 8


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("make_input,pattern", [
    (lambda d, b: d / "missing.html", r"missing\.html: no such file"),
    (lambda d, b: d, r"is a folder"),
    (lambda d, b: b["binary"], r"binary\.html: .*neither HTML, PDF, Word nor text"),
    (lambda d, b: b["empty"], r"empty\.html: .*empty"),
    (lambda d, b: b["shop"], r"shop\.html: no headings"),
    (lambda d, b: f"http://127.0.0.1:{closed_port()}/faq", r"cannot connect"),
    (lambda d, b: b["url404"], r"HTTP 404"),
    (lambda d, b: "gopher://example.org/faq", r"cannot fetch gopher:// URLs"),
])
def test_bad_input_is_one_clear_line_and_a_non_zero_exit(cli, fixtures, tmp_path, http_server,
                                                         make_input, pattern):
    (tmp_path / "binary.html").write_bytes(bytes(range(256)))
    (tmp_path / "empty.html").write_bytes(b"")
    (tmp_path / "shop.html").write_text("<html><body><p>Buy dice.</p></body></html>")
    bad = {"binary": tmp_path / "binary.html", "empty": tmp_path / "empty.html",
           "shop": tmp_path / "shop.html", "url404": http_server(tmp_path) + "/nope.html"}
    # a refused connection is retried as configured, without waits here
    (tmp_path / "rookery.toml").write_text("[fetch]\nretries = 2\nbackoff = 0\n")
    code, out, err = cli("diff", fixtures / V1, make_input(tmp_path, bad),
                         "--config", tmp_path / "rookery.toml")
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and err.startswith("rookery: error: ")
    assert re.search(pattern, err), err


def test_the_installed_command_reports_errors_without_a_traceback(tmp_path):
    result = subprocess.run([sys.executable, "-m", "rookery", "diff", str(tmp_path / "a.html"),
                             str(tmp_path / "b.html")], capture_output=True, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_every_option_is_documented_in_the_readme():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, sub in subparsers.choices.items():
        assert f"rookery {name}" in readme, name
        for action in sub._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert f"`{flag}" in readme, f"rookery {name} {flag} is not in the README"


def test_every_command_has_a_row_in_the_readme_s_command_table():
    from rookery.commands import COMMANDS

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    rows = [line for line in readme.splitlines() if line.startswith("| `rookery ")]
    for name in COMMANDS:
        assert any(row.startswith(f"| `rookery {name}") for row in rows), name


def test_one_line_help_names_every_notify_action(capsys):
    from rookery.cli import main
    from rookery.commands import COMMANDS
    from rookery.commands.notify import ACTIONS

    assert main([]) == 2  # no command: the usage, with every command's line
    listed = capsys.readouterr().err
    for action in ACTIONS:
        assert action in COMMANDS["notify"][1], action
        assert action in " ".join(listed.split()), action


def test_diff_help_names_every_format_it_reads(capsys):
    from rookery.parsers import FORMATS

    said = {"html": "web pages", "pdf": "PDFs", "docx": "Word files (.docx)",
            "text": "plain text"}
    assert set(said) == set(FORMATS)  # a format added is a format the help names
    with pytest.raises(SystemExit):
        build_parser(["diff"]).parse_args(["diff", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for words in said.values():
        assert words in shown, words
    assert "HTML pages or PDFs" not in shown


@pytest.mark.parametrize("name, body, hint", [
    ("notes.txt", "Shopping: dice, sleeves and a playmat.\n", "(is it the right file?)"),
    ("shop.html", "<html><body><p>Buy dice.</p></body></html>",
     "(is it the right page? --remove keeps a site's chrome out)"),
])
def test_a_local_file_that_is_no_rules_document_is_not_told_to_check_a_url(
        cli, fixtures, tmp_path, name, body, hint):
    (tmp_path / name).write_text(body)
    code, out, err = cli("diff", fixtures / V1, tmp_path / name)
    assert code == 1 and out == "" and err == (
        f"rookery: error: {tmp_path / name}: no headings or entries found: this does not "
        f"look like a rules document {hint}\n")


def test_control_characters_from_a_page_never_reach_the_terminal(cli, tmp_path, fixtures):
    page = (fixtures / V1).read_text().replace(
        "Drawing Cards", "Drawing \x1b]0;pwned\x07Cards\x08").replace(
        "loses two morale", "loses \x1b[2Jthree morale")
    (tmp_path / "odd.html").write_text(page)
    code, out, _ = cli("diff", fixtures / V1, tmp_path / "odd.html", "--color", "never")
    assert code == 0 and "three" in out
    assert not any(ch in out for ch in "\x1b\x07\x08")


@pytest.mark.parametrize("argv,says", [
    (("diff", "x.html", "http://[::1/faq"), "not a valid address"),
    (("publish", "--out", "FILE", "--data", "DATA"), "is a file, not a folder"),
    (("serve", "--port", "99999", "--out", "SITE"), "cannot listen on port 99999"),
])
def test_machine_level_mistakes_are_one_line_too(cli, tmp_path, fixtures, argv, says):
    from rookery.store import Store

    with Store(tmp_path / "data"):
        pass
    (tmp_path / "FILE").write_text("not a folder")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<html></html>")
    replace = {"x.html": str(fixtures / V1), "FILE": str(tmp_path / "FILE"),
               "DATA": str(tmp_path / "data"), "SITE": str(tmp_path / "site")}
    code, out, err = cli(*[replace.get(a, a) for a in argv])
    assert code != 0 and err.count("\n") == 1 and says in err, err


def many_rulings(n: int, wording: str) -> str:
    rulings = "".join(f"<h3>({k // 50 + 1}.{k % 50 + 1}) Ruling {k}</h3><p>{wording} {k}.</p>"
                      for k in range(n))
    return f"<html><body><h1>Long Digest</h1><h2>Rulings</h2>{rulings}</body></html>"


def test_a_reader_that_stops_early_gets_no_error(tmp_path):
    """`rookery diff ... | head`: the pipe closes under a long output; silence, exit 0."""
    (tmp_path / "a.html").write_text(many_rulings(3000, "A player may draw a card"))
    (tmp_path / "b.html").write_text(many_rulings(3000, "A player may draw two cards"))
    script = (f"{sys.executable} -m rookery diff {tmp_path / 'a.html'} {tmp_path / 'b.html'} "
              "| head -n 1; echo \"exit=${PIPESTATUS[0]}\" >&2")
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                            env={**os.environ, "COLUMNS": "1000"})  # a first line whole
    assert result.stdout.endswith(": 3000 changes\n")
    assert result.stderr.strip() == "exit=0", result.stderr


def test_quiet_goes_before_or_after_the_command(cli, fixtures, tmp_path):
    for argv in (("-q", "fetch"), ("fetch", "-q")):
        (tmp_path / "rookery.toml").write_text(
            f'data = "store"\n[[source]]\nid = "sky"\nurl = "{fixtures / V1}"\n')
        code, out, err = cli(*argv, "--config", tmp_path / "rookery.toml")
        assert code == 0 and out == "" and err == "", err


def test_a_section_query_that_matches_nothing_says_so_in_one_line(cli, fixtures):
    code, out, err = cli("diff", fixtures / V1, fixtures / V2, "--section", "9.9")
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and "9.9" in err and "no section" in err


def test_the_schedulers_own_warnings_are_stamped_lines_of_the_same_log():
    # a due time skipped while a cycle still runs is logged by the scheduler library; in
    # an operator's log it must read like every other line, stamped, not as a bare line
    code = ("import logging, sys\n"
            "from rookery.cli import _logging, build_parser\n"
            "_logging(build_parser().parse_args(['run']))\n"
            "logging.getLogger('apscheduler.scheduler').warning('job skipped: still running')\n"
            "logging.getLogger('apscheduler.executors.default').info('job ran')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, lines  # warnings, not the scheduler's chatter
    assert re.match(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d job skipped: still running$", lines[0])
