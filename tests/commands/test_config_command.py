"""`rookery config` and where a configuration's paths lead: a starting configuration
written without losing the one in force, a configuration file that is also stdout
refused, and relative paths read from the configuration's folder whatever folder
rookery runs in."""
import os
import subprocess
import sys
import tomllib

import pytest

from rookery.config import default_toml

MINE = 'data = "store"\n[[source]]\nid = "mine"\nurl = "https://rules.example.org/faq"\n'


def shell(line: str, cwd, **env) -> subprocess.CompletedProcess:
    """`line` run by a real shell (its redirections are the point), `rookery` being this
    checkout's."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("ROOKERY_CONFIG", "ROOKERY_DATA")} | env
    rookery = f"{sys.executable} -m rookery"
    return subprocess.run(line.replace("rookery", rookery, 1), shell=True, cwd=cwd,
                          env=environment, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("line", ["rookery config > rookery.toml",
                                  "rookery sources > rookery.toml",
                                  "rookery config >> rookery.toml"])
def test_output_into_the_configuration_file_is_refused_in_one_line(tmp_path, line):
    (tmp_path / "rookery.toml").write_text(MINE)
    done = shell(line, tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("rookery: error: rookery.toml is the configuration and also "
                                  "where the output goes")
    if ">>" in line:  # nothing was emptied, and nothing is added
        assert (tmp_path / "rookery.toml").read_text() == MINE
    else:
        assert "the shell emptied it" in done.stderr and "rookery config --init" in done.stderr


def test_init_writes_the_shipped_configuration_and_never_overwrites_one(tmp_path):
    done = shell("rookery config --init", tmp_path)
    assert done.returncode == 0 and done.stdout == ""
    assert "wrote the shipped configuration to rookery.toml" in done.stderr
    written = (tmp_path / "rookery.toml").read_text()
    assert written == default_toml()
    listed = shell("rookery sources", tmp_path)  # the next command reads it
    assert listed.returncode == 0 and "agot-faq-pdf" in listed.stdout

    (tmp_path / "rookery.toml").write_text(MINE)
    again = shell("rookery config --init", tmp_path)
    assert again.returncode == 2 and again.stderr == (
        "rookery: error: rookery.toml holds a configuration already; --init never "
        "overwrites one: edit it, or give --config NEWFILE\n")
    assert (tmp_path / "rookery.toml").read_text() == MINE


def test_init_fills_a_file_the_shell_emptied_and_goes_where_config_says(tmp_path):
    assert shell("rookery config > rookery.toml", tmp_path).returncode == 2
    assert shell("rookery config --init", tmp_path).returncode == 0
    assert tomllib.loads((tmp_path / "rookery.toml").read_text())["source"]
    (tmp_path / "watch").mkdir()
    assert shell("rookery config --init --config watch/faq.toml", tmp_path).returncode == 0
    assert (tmp_path / "watch" / "faq.toml").read_text() == default_toml()
    assert shell("rookery config --init", tmp_path,
                 ROOKERY_CONFIG="watch/env.toml").returncode == 0
    assert (tmp_path / "watch" / "env.toml").read_text() == default_toml()
    done = shell("rookery config --init --config nowhere/x.toml", tmp_path)
    assert done.returncode == 2 and done.stderr == (
        "rookery: error: cannot write nowhere/x.toml: the folder nowhere does not exist\n")


def test_init_and_keys_are_one_or_the_other(cli):
    with pytest.raises(SystemExit) as stop:
        cli("config", "--init", "--keys")
    assert stop.value.code == 2


def test_a_relative_source_path_is_read_from_the_configuration_s_folder(tmp_path, fixtures):
    """`data` and `site` were always the configuration's folder's: a source's path and a
    discovery page's path are too, so `rookery fetch` works from any folder."""
    watched = tmp_path / "watched"
    (watched / "releases").mkdir(parents=True)
    (watched / "releases" / "faq.html").write_bytes(
        (fixtures / "skyforge_faq_v1.html").read_bytes())
    (watched / "releases" / "index.html").write_text('<a href="faq-v1.0.html">v1.0</a>')
    (watched / "releases" / "faq-v1.0.html").write_bytes(
        (fixtures / "skyforge_faq_v1.html").read_bytes())
    (watched / "rookery.toml").write_text(
        'data = "store"\n[[source]]\nid = "sky"\nurl = "releases/faq.html"\n'
        '[[source]]\nid = "sky-releases"\n'
        'discover = { page = "releases/index.html", pattern = \'faq-v(?P<version>[0-9.]+)\\.html\' }\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = shell(f"rookery fetch --config {watched / 'rookery.toml'}", elsewhere)
    assert done.returncode == 0, done.stderr
    assert "sky: revision 1 (v1.0" in done.stderr
    assert "sky-releases: revision 1 (v1.0" in done.stderr
    assert (watched / "store" / "rookery.db").is_file() and not list(elsewhere.iterdir())
