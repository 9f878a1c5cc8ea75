"""A deadline for a whole request, headers and body included.

A read timeout is per read: a server that sends one byte a second, in its headers or its
body, resets it with every byte and could hold a fetch for ever. So each request is
watched: its connections are registered as the pool hands them out, and when the
deadline passes a watchdog thread shuts their sockets down, which ends whatever read is
waiting. The caller then asks `expired` to tell a stalled server from a broken one.
Sockets, not connections, are kept: a response that closes its connection takes the
socket away from the connection object while it is still being read.
"""
from __future__ import annotations

import socket
import threading
import time

from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

POLL = 0.05  # seconds between shutdowns once expired (a connection may open meanwhile)


class Watch:
    """The connections of one request and the instant by which it must be over."""

    def __init__(self, seconds: float):
        self.ends = time.monotonic() + seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rookery-deadline",
                                        daemon=True)
        self._thread.start()

    def left(self) -> float:
        return max(0.0, self.ends - time.monotonic())

    def add(self, sock: socket.socket) -> None:
        self._sockets.append(sock)
        if self.expired:
            _shut(sock)

    def stop(self) -> None:
        self._done.set()
        self._thread.join()

    def __enter__(self) -> "Watch":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def _run(self) -> None:
        if self._done.wait(self.left()):
            return
        self.expired = True
        while True:
            for sock in list(self._sockets):
                _shut(sock)
            if self._done.wait(POLL):
                return


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # closed already


class DeadlineAdapter(HTTPAdapter):
    """requests' adapter whose connections report to the request's Watch (`watch`,
    set by the caller around each request)."""

    def __init__(self, **kwargs):
        self.watch: Watch | None = None
        super().__init__(**kwargs)

    def init_poolmanager(self, *args, **kwargs) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            "http": self._pool(HTTPConnectionPool, HTTPConnection),
            "https": self._pool(HTTPSConnectionPool, HTTPSConnection),
        }

    def _pool(self, pool: type, connection: type) -> type:
        adapter = self

        class Watched(connection):
            def connect(self):
                # bounded by the connect timeout, which the caller keeps within the deadline
                super().connect()
                adapter._register(self)

            def request(self, *args, **kwargs):
                adapter._register(self)  # a connection kept from an earlier request
                return super().request(*args, **kwargs)

        return type(f"Watched{pool.__name__}", (pool,), {"ConnectionCls": Watched})

    def _register(self, connection) -> None:
        sock = getattr(connection, "sock", None)
        if self.watch is not None and sock is not None:
            self.watch.add(sock)


def watched_adapter(session) -> DeadlineAdapter:
    """The session's DeadlineAdapter, mounted for http and https the first time."""
    adapter = session.adapters.get("https://")
    if not isinstance(adapter, DeadlineAdapter):
        adapter = DeadlineAdapter()
        session.mount("http://", adapter)
        session.mount("https://", adapter)
    return adapter
