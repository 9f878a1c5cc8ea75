"""Workers on one PostgreSQL store fetch each source once per due time: two `rookery
run` processes watch three sources due every few seconds, a loopback server counts the
requests, and each due time is served by one request. And a store that goes away under
`rookery run` costs one log line per failed cycle, after which the worker carries on."""
from __future__ import annotations

import datetime as dt
import functools
import http.server
import re
import threading
from collections import Counter

import pytest
from sqlalchemy import select

from running import Worker
from rookery.store import Store
from rookery.store import schema as t

EVERY = 2  # seconds between a source's due times
SOURCES = ("ash", "ember", "smoke")
PAGE = ("<!doctype html><html><body><h1>{name} notes</h1><h3>(1.1) {name}</h3>"
        "<p>The {name} rule holds for every round.</p></body></html>")


class Counting(http.server.SimpleHTTPRequestHandler):
    """Serves a folder and counts each request by path, telling `counted`."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        with self.server.counted:
            self.server.requests[self.path] += 1
            self.server.counted.notify_all()
        super().do_GET()


@pytest.fixture
def counting(tmp_path):
    folder = tmp_path / "served"
    folder.mkdir()
    for name in SOURCES:
        (folder / f"{name}.html").write_text(PAGE.format(name=name))
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Counting, directory=str(folder)))
    server.requests, server.counted = Counter(), threading.Condition()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def config(base: str, database: str, every: int = EVERY, sources=SOURCES) -> str:
    return (f'data = "data"\ndatabase = "{database}"\n[fetch]\nretries = 0\n' + "".join(
        f'[[source]]\nid = "{name}"\nurl = "{base}/{name}.html"\nformat = "html"\n'
        f'every = "{every}s"\n' for name in sources))


def test_two_workers_fetch_each_source_once_per_due_time(tmp_path, counting, postgres_url):
    server, base = counting
    toml = config(base, postgres_url)
    workers = [Worker(tmp_path / name, toml) for name in ("a", "b")]
    try:
        with server.counted:  # a few due times of every source
            assert server.counted.wait_for(
                lambda: all(server.requests[f"/{n}.html"] >= 4 for n in SOURCES), 60)
    finally:
        codes = [w.stop() for w in workers]
    assert codes == [0, 0], [w.lines for w in workers]
    with Store(tmp_path, url=postgres_url) as store:
        claimed = store.rows(select(t.claims))
    dues = Counter(row["source_id"] for row in claimed)
    for row in claimed:  # due times are shared: multiples of the period, in every worker
        assert int(dt.datetime.fromisoformat(row["due"]).timestamp()) % EVERY == 0, row
        assert row["done_at"] is not None
    fetched = {n: server.requests[f"/{n}.html"] for n in SOURCES}
    assert fetched == {n: dues[n] for n in SOURCES}, (fetched, dues)
    per_due = sum(fetched.values()) / sum(dues.values())
    print(f"two workers: {sum(fetched.values())} fetches for {sum(dues.values())} source "
          f"due times, {per_due:.2f} each")
    assert per_due == 1.0


def test_a_database_outage_is_one_line_per_failed_cycle_and_the_worker_carries_on(
        tmp_path, counting):
    from pgserver import PostgresServer, unavailable_reason

    if unavailable_reason():
        pytest.skip(unavailable_reason())
    _server, base = counting
    with PostgresServer(tmp_path / "pg") as pg:
        worker = Worker(tmp_path / "w", config(base, pg.create_database("outage"), every=1,
                                               sources=("ash",)))
        try:
            assert worker.wait_for(r"ash: revision 1"), "\n".join(worker.lines)
            pg.pause()
            assert worker.wait_for(r"cycle failed|not fetched", count=3), worker.lines
            pg.resume()
            failed = len(worker.lines)
            assert worker.wait_for(r"ash: same bytes|ash: not modified", timeout=60)
            assert any(re.search("same bytes|not modified", line)
                       for line in worker.lines[failed:]), worker.lines
        finally:
            code = worker.stop()
    assert code == 0, worker.lines
    assert not any("Traceback" in line for line in worker.lines)
    stamped = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ")
    assert all(stamped.match(line) for line in worker.lines), worker.lines  # one line each
