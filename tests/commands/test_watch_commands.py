"""The watch commands end to end: fetch, sources, history, diff SOURCE@REV, config, run;
fetch's exit status for cron, and run telling when a failed source is tried again."""
import datetime as dt
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from running import Worker

V1, V2 = "skyforge_faq_v1.html", "skyforge_faq_v2.html"


@pytest.fixture
def site(tmp_path, scripted, fixtures):
    """A config file watching a scripted page; returns (config path, script)."""
    script, base = scripted
    config = tmp_path / "rookery.toml"
    config.write_text(f'data = "store"\n[fetch]\nretries = 0\n'
                      f'[[source]]\nid = "sky"\ntitle = "Skyforge FAQ"\nurl = "{base}/faq"\n'
                      f'format = "html"\nevery = "1h"\n')
    script.on("/faq", (200, {"ETag": '"1"'}, (fixtures / V1).read_bytes()))
    return config, script



def test_fetch_then_look_at_the_history(cli, site, fixtures, wide):
    config, script = site
    code, out, err = cli("fetch", "--config", config)
    assert code == 0 and out == ""
    assert "sky: revision 1 (v1.0, effective 2021-03-14) recorded: 24 sections" in err
    script.on("/faq", (200, {"ETag": '"2"'}, (fixtures / V2).read_bytes()))
    cli("--config", config, "fetch", "sky")

    code, out, _ = cli("sources", "--config", config)
    lines = out.splitlines()
    assert lines[0].split()[:5] == ["source", "format", "schedule", "revisions", "latest"]
    assert lines[1].split()[:6] == ["sky", "html", "every", "1h", "2", "v2.0"]

    code, out, _ = cli("history", "sky", "--config", config)
    rows = [line.split() for line in out.splitlines()[1:]]
    assert [r[:2] for r in rows] == [["1", "v1.0"], ["2", "v2.0"]]
    assert rows[1][4:7] == ["3", "1", "4"]  # added, removed, modified

    code, out, _ = cli("history", "sky", "Duplicate Relics", "--config", config)
    assert out.splitlines()[0] == "(1.3) Duplicate Relics"
    assert "revision 2 (v2.0, " in out and "renumbered 1.2 \u2192 1.3, text unchanged" in out

    code, out, _ = cli("diff", "sky@1.0", "sky@latest", "--format", "json",
                       "--config", config)
    stored = json.loads(out)
    _, out, _ = cli("diff", fixtures / V1, fixtures / V2, "--format", "json")
    direct = json.loads(out)
    assert stored["changes"] == direct["changes"]
    assert (stored["old"]["source"], stored["new"]["version"]) == ("sky@1.0", "2.0")


def test_unknown_sources_and_revisions_are_one_line_errors(cli, site):
    config, _ = site
    cli("fetch", "--config", config)
    for argv, says in [(("history", "moon"), "no source 'moon' (sources: sky)"),
                       (("diff", "moon@2.2", "sky@1.0"), "no source 'moon' (sources: sky)"),
                       (("fetch", "moon"), "no source 'moon' in the configuration"),
                       (("diff", "sky@9.9", "sky@1.0"), "sky@9.9: no such revision"),
                       (("history", "sky", "nothing like this"), "no section of sky matches")]:
        code, out, err = cli(*argv, "--config", config)
        assert code != 0 and out == "" and err.count("\n") == 1 and says in err, err


def test_config_prints_the_shipped_defaults(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    code, out, _ = cli("config")
    assert code == 0 and 'id = "agot-faq-pdf"' in out and "discover" in out


def test_run_watches_until_told_to_stop(site, tmp_path):
    config, script = site
    env = {**os.environ, "ROOKERY_CONFIG": str(config)}
    env.pop("ROOKERY_DATA", None)
    proc = subprocess.Popen([sys.executable, "-m", "rookery", "run"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    db = tmp_path / "store" / "rookery.db"
    deadline = time.monotonic() + 60
    while not _revisions(db):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        try:
            proc.wait(timeout=0.05)
        except subprocess.TimeoutExpired:
            pass
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "running sky on their schedules" in err and "stopping" in err and "Traceback" not in err


def _revisions(db) -> int:
    if not db.exists():
        return 0
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute("SELECT COUNT(*) FROM revisions").fetchone()[0]
    except sqlite3.OperationalError:
        return 0
    finally:
        con.close()


@pytest.mark.parametrize("pages, failed", [
    ({"a": "v1", "b": "v1"}, []),                   # both fetched
    ({"a": "v1", "b": None}, ["b"]),                # one has no page: fetch failed
    ({"a": "v1", "b": "error page"}, ["b"]),        # a PDF source given HTML: quarantined
    ({"a": None, "b": None}, ["a", "b"]),           # nothing fetched at all
])
def test_fetch_exits_non_zero_when_any_source_failed(cli, tmp_path, fixtures, pages, failed):
    """cron mails what a failing command prints: every source that failed fails the
    command, and the last line names them."""
    toml = tmp_path / "rookery.toml"
    tables = []
    for name, page in pages.items():
        if page == "v1":
            (tmp_path / f"{name}.html").write_bytes((fixtures / V1).read_bytes())
        elif page is not None:
            (tmp_path / f"{name}.html").write_text("<html><body><h1>Not found</h1></body></html>")
        fmt = "pdf" if page == "error page" else "html"
        tables.append(f'[[source]]\nid = "{name}"\nurl = "{name}.html"\nformat = "{fmt}"\n')
    toml.write_text('data = "store"\n' + "".join(tables))
    code, out, err = cli("fetch", "--config", toml)
    assert out == "" and code == (1 if failed else 0), err
    last = err.splitlines()[-1].split(" ", 2)[2]
    if failed:
        assert last == f"{len(failed)} of 2 sources failed: {', '.join(failed)}"
    else:
        assert last.startswith("cycle done")


def test_run_says_when_a_failed_source_is_tried_again(tmp_path):
    """After a failed fetch, `rookery run` logs the source's next due time (every 1h:
    the next whole hour counted from the epoch, in the log's local time)."""
    started = dt.datetime.now(dt.timezone.utc)
    worker = Worker(tmp_path, 'data = "store"\n[[source]]\nid = "sky"\nurl = "missing.html"\n'
                              'every = "1h"\n')
    try:
        assert worker.wait_for(r"sky: next try at"), worker.lines
    finally:
        assert worker.stop() == 0
    failed = next(k for k, line in enumerate(worker.lines) if "fetch failed" in line)
    said = worker.lines[failed + 1].split(" ", 2)[2]
    assert said.startswith("sky: next try at ") and said.endswith(")"), worker.lines
    when = dt.datetime.strptime(said[len("sky: next try at "):][:16], "%Y-%m-%d %H:%M")
    when = when.astimezone(dt.timezone.utc)  # the log's local time, read back
    assert when.timestamp() % 3600 == 0 and started < when <= started + dt.timedelta(hours=1)
