"""`rookery diff` and the parse cache: a release is parsed once across commands, and
`--no-cache` neither reads nor fills the cache; and what a diff says while it waits."""
import json
import os
import pty
import re
import socket
import subprocess
import sys

import rookery.parsers.together as together

V1, V2 = "skyforge_faq_v1.html", "skyforge_faq_v2.html"


def counting(monkeypatch) -> list:
    """The releases the diff really parses, each in a process of its own (cache hits are
    not parses)."""
    parsed = []
    real = together.parse_apart

    def parse_apart(jobs, *args, **kwargs):
        parsed.extend(job.source for job in jobs)
        return real(jobs, *args, **kwargs)

    monkeypatch.setattr(together, "parse_apart", parse_apart)
    return parsed


def test_a_second_diff_of_the_same_releases_parses_nothing(cli, fixtures, parse_cache,
                                                           monkeypatch):
    parsed = counting(monkeypatch)
    first = cli("diff", "--format", "json", fixtures / V1, fixtures / V2)
    assert len(parsed) == 2 and len(list(parse_cache.glob("*.parse"))) == 2
    second = cli("diff", "--format", "json", fixtures / V1, fixtures / V2)
    assert len(parsed) == 2
    assert first[0] == second[0] == 0 and json.loads(first[1]) == json.loads(second[1])


def test_no_cache_neither_reads_nor_fills_the_cache(cli, fixtures, parse_cache, monkeypatch):
    parsed = counting(monkeypatch)
    assert cli("diff", "--no-cache", fixtures / V1, fixtures / V2)[0] == 0
    assert not list(parse_cache.iterdir())
    cli("diff", fixtures / V1, fixtures / V2)
    assert len(parsed) == 4
    assert cli("diff", "--no-cache", fixtures / V1, fixtures / V2)[0] == 0
    assert len(parsed) == 6


def test_a_configured_size_of_zero_keeps_no_cache(cli, fixtures, parse_cache, tmp_path,
                                                  monkeypatch):
    (tmp_path / "rookery.toml").write_text("[parse]\ncache_size = 0\n")
    monkeypatch.setenv("ROOKERY_CONFIG", str(tmp_path / "rookery.toml"))
    assert cli("diff", fixtures / V1, fixtures / V2)[0] == 0
    assert not list(parse_cache.iterdir())


def test_a_retried_download_is_told_on_a_terminal(fixtures, tmp_path):
    """A refused connection is tried again for seconds: on a terminal, stderr says which
    address, why, how long and which attempt. (In a pipe only the error line is written:
    see test_bad_input_is_one_clear_line_and_a_non_zero_exit.)"""
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}/faq"
    (tmp_path / "rookery.toml").write_text("[fetch]\nretries = 2\nbackoff = 0.01\n")
    terminal, stderr = pty.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "rookery", "diff", str(fixtures / V1), url, "--config",
             str(tmp_path / "rookery.toml")], stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=stderr, timeout=120)
    finally:
        os.close(stderr)
    said = b""
    try:
        while chunk := os.read(terminal, 4096):
            said += chunk
    except OSError:  # the terminal's other end is closed: all is read
        pass
    finally:
        os.close(terminal)
    lines = said.decode().splitlines()
    assert result.returncode == 1 and result.stdout == b""
    assert [re.sub(r"in \d+\.\d s", "in N s", line) for line in lines[:2]] == [
        f"{url}: cannot connect (connection refused); trying again in N s (attempt {k} of 3)"
        for k in (2, 3)]
    assert lines[2:] == [f"rookery: error: {url}: cannot connect (connection refused) "
                         "(after 3 attempts)"]


def test_off_a_terminal_a_wait_of_a_few_seconds_is_said_once(fixtures, scripted, tmp_path):
    """stderr into a log: a server that asks for 3 s before a retry gets one line that
    says whose address waits and why (quick retries, as in the test above, say nothing)."""
    script, base = scripted
    script.on("/faq", (503, {"Retry-After": "3"}, b"busy"),
              (200, {"Content-Type": "text/html"}, (fixtures / V2).read_bytes()))
    (tmp_path / "rookery.toml").write_text("[fetch]\nretries = 3\n")
    result = subprocess.run(
        [sys.executable, "-m", "rookery", "diff", str(fixtures / V1), f"{base}/faq",
         "--config", str(tmp_path / "rookery.toml")],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout, result.stderr
    assert result.stderr == (f"{base}/faq: the server answered HTTP 503; trying again in "
                             "3.0 s (attempt 2 of 4)\n")
