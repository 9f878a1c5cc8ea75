"""A server that sends its headers or its body a byte at a time holds no fetch past
`fetch.deadline`: a real slow-loris server on loopback, whose every byte comes well
within the read timeout."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from rookery.errors import FetchError
from rookery.fetchers import HttpOptions, fetch

DRIP = 0.1  # seconds between the bytes the server sends: far inside the read timeout
HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"


class SlowLoris:
    """Answers every request at a byte per DRIP seconds, for ever: in its headers
    (`headers`), in a body of declared length (`body`) or in one that ends when the
    connection closes (`endless`)."""

    def __init__(self):
        self.stop = threading.Event()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.threads = [threading.Thread(target=self._accept, daemon=True)]
        self.threads[0].start()

    def url(self, mode: str) -> str:
        return f"http://127.0.0.1:{self.port}/{mode}"

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except OSError:
                continue
            thread = threading.Thread(target=self._answer, args=(conn,), daemon=True)
            self.threads.append(thread)
            thread.start()

    def _answer(self, conn: socket.socket) -> None:
        with conn:
            request = b""
            while b"\r\n\r\n" not in request:
                request += conn.recv(4096) or b"\r\n\r\n"
            mode = request.split(b" ")[1].strip(b"/")
            opening = {b"headers": HEAD + b"X-Padding: ",
                       b"body": HEAD + b"Content-Length: 100000\r\n\r\n<html><body>",
                       b"endless": HEAD + b"Connection: close\r\n\r\n<html><body>"}[mode]
            try:
                conn.sendall(opening)
                while not self.stop.wait(DRIP):
                    conn.sendall(b"a")
            except OSError:
                return  # the client gave up: what the test wants

    def close(self) -> None:
        self.stop.set()
        self.listener.close()
        for thread in self.threads:
            thread.join(timeout=5)


@pytest.fixture
def loris():
    server = SlowLoris()
    yield server
    server.close()


@pytest.mark.parametrize("mode", ["headers", "body", "endless"])
def test_a_dripping_server_is_given_up_at_the_deadline(loris, mode):
    options = HttpOptions(timeout=1.0, retries=2, backoff=0.1, deadline=1.5)
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"no complete answer within 1\.5 s"):
        fetch(loris.url(mode), options=options)
    took = time.monotonic() - started
    assert 1.5 <= took < 3.0, took


def test_rookery_fetch_ends_by_the_configured_deadline_and_fetches_the_rest(
        loris, tmp_path, http_server, cli):
    served = tmp_path / "served"
    served.mkdir()
    (served / "tide.html").write_text("<html><body><h1>Tide Notes</h1><h3>(1.1) Ebb</h3>"
                                      "<p>The tide goes out at dusk.</p></body></html>")
    base = http_server(served)
    (tmp_path / "rookery.toml").write_text(
        'data = "data"\n[fetch]\ntimeout = 1\ndeadline = 2\n'
        f'[[source]]\nid = "slow"\nurl = "{loris.url("headers")}"\nformat = "html"\n'
        f'[[source]]\nid = "tide"\nurl = "{base}/tide.html"\nformat = "html"\n')
    started = time.monotonic()
    code, _out, err = cli("--config", tmp_path / "rookery.toml", "fetch")
    took = time.monotonic() - started
    assert code == 1 and err.endswith(" 1 of 2 sources failed: slow\n"), err  # for cron
    assert took < 6, took
    assert "slow: fetch failed" in err and "no complete answer within 2 s" in err
    assert "tide: revision 1" in err
