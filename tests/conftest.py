"""Shared fixtures: the fixture folder, the real-release corpus, and a real HTTP server."""
from __future__ import annotations

import functools
import http.server
import json
import logging
import os
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from corpus import corpus_dir
from replay import serve_in_background

# hypothesis keeps its files in a temporary folder: tests write nothing into the source tree
set_hypothesis_home_dir(tempfile.mkdtemp(prefix="rookery-hypothesis-"))
settings.register_profile("rookery", database=None, deadline=None)
settings.load_profile("rookery")

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(autouse=True, scope="session")
def run_parse_cache(tmp_path_factory):
    """A parse cache for the run, set before any fixture a module or the session shares
    (a watcher replaying the corpus) parses: they never read or fill the user's cache."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ROOKERY_CACHE", str(tmp_path_factory.mktemp("run-parse-cache")))
        yield


@pytest.fixture(autouse=True)
def parse_cache(tmp_path_factory, monkeypatch) -> Path:
    """Every test's parse cache (and that of each rookery it starts) is a folder of its
    own: tests never read or fill the user's real cache, nor one another's."""
    folder = tmp_path_factory.mktemp("parse-cache")
    monkeypatch.setenv("ROOKERY_CACHE", str(folder))
    return folder


@pytest.fixture
def wide(monkeypatch) -> None:
    """Text output as wide as its longest entry: for tests that read whole lines (rows of
    a table, one change per line) rather than how they wrap."""
    monkeypatch.setenv("COLUMNS", "1000")


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture(scope="session")
def corpus() -> Path:
    path = corpus_dir()
    if not (path / "thronesdb" / "manifest.json").exists():
        pytest.skip(f"corpus of real releases not found at {path}")
    return path


@pytest.fixture(scope="session")
def thronesdb(corpus):
    """The manifest of ThronesDB page snapshots, each entry with its absolute `path`."""
    manifest = json.loads((corpus / "thronesdb" / "manifest.json").read_text())
    for entry in manifest:
        entry["path"] = corpus / "thronesdb" / entry["file"]
    return manifest


@pytest.fixture
def cli(capsys):
    """cli(*argv) → (exit status, stdout, stderr) of `rookery` run in this process."""
    from rookery.cli import main

    def run(*argv):
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture(scope="session")
def parsed():
    """parsed(path, remove=()) → Document, each corpus file parsed once per test run."""
    from rookery.parsers import parse

    memo: dict = {}

    def load(path: Path, remove: tuple[str, ...] = ()):
        key = (str(path), tuple(remove))
        if key not in memo:
            memo[key] = parse(Path(path).read_bytes(), source=str(path), remove=remove)
        return memo[key]

    return load


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def http_server():
    """serve(folder) → base URL of a real HTTP server on loopback serving that folder."""
    servers = []

    def serve(folder: Path) -> str:
        handler = functools.partial(_QuietHandler, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        serve_in_background(server)
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


class Script:
    """Answers for a scripted loopback server: path → list of responses, used in turn
    (the last one repeats). A response is (status, headers, body), "reset" (close the
    connection without answering) or "hold" (keep the client waiting, and set `held`,
    until the test sets `release`); a header given as None is not sent (Content-Length:
    None sends a body that ends when the connection closes). Requests seen are kept in
    `seen`."""

    def __init__(self):
        self.answers: dict[str, list] = {}
        self.seen: list[tuple[str, dict]] = []
        self.held = threading.Event()
        self.release = threading.Event()

    def on(self, path: str, *responses) -> None:
        self.answers[path] = list(responses)

    def next(self, path: str):
        queue = self.answers.get(path) or [(404, {}, b"not here")]
        return queue.pop(0) if len(queue) > 1 else queue[0]


@pytest.fixture
def scripted():
    """(script, base URL) of a real HTTP server on loopback answering from `script`."""
    script = Script()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            script.seen.append((self.path, dict(self.headers)))
            answer = script.next(self.path)
            if answer == "hold":
                script.held.set()
                script.release.wait(120)
                self.close_connection = True
                return
            if answer == "reset":
                self.close_connection = True
                self.connection.close()
                return
            status, headers, body = answer
            self.send_response(status)
            headers = {"Content-Length": str(len(body)), **headers}
            for k, v in headers.items():
                if v is not None:
                    self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)
            if headers["Content-Length"] != str(len(body)):
                self.close_connection = True

    from replay import QuietServer

    server = QuietServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    serve_in_background(server)
    yield script, f"http://127.0.0.1:{server.server_address[1]}"
    script.release.set()
    server.shutdown()
    server.server_close()


@pytest.fixture
def receiver():
    """A real webhook on loopback taking json:// notifications (see receivers.py)."""
    from receivers import Receiver

    hook = Receiver()
    yield hook
    hook.close()


@pytest.fixture
def mailbox():
    """A real SMTP server on loopback taking mailto:// notifications."""
    from receivers import MailBox

    box = MailBox()
    yield box
    box.close()


# ---------------------------------------------------------------- the replayed corpus pages

@pytest.fixture(scope="session")
def history(corpus, tmp_path_factory):
    """(config, store) after watching every snapshot of the corpus pages (no PDFs: fast)."""
    from replay import pages_history

    with pages_history(corpus, tmp_path_factory.mktemp("history")) as (replay, config, store,
                                                                       watcher):
        while replay.advance():
            watcher.cycle()
    yield config, store
    store.close()


# ---------------------------------------------------------------- a real PostgreSQL server

@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory):
    """A PostgreSQL server of this test process's own (see pgserver.py), stopped at the end;
    skips when the server binaries are not installed."""
    from pgserver import PostgresServer, unavailable_reason

    reason = unavailable_reason()
    if reason:
        pytest.skip(reason)
    server = PostgresServer(tmp_path_factory.mktemp("postgres"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """The SQLAlchemy URL (postgresql+psycopg://...) of a fresh, empty database for this test,
    dropped afterwards."""
    import uuid

    name = f"test_{uuid.uuid4().hex[:16]}"
    yield postgres_server.create_database(name)
    postgres_server.drop_database(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request):
    """The database URL for a test that runs on both engines: None (SQLite in the data
    folder, the default) or a fresh database on the test's own PostgreSQL server."""
    if request.param == "sqlite":
        return None
    return request.getfixturevalue("postgres_url")
