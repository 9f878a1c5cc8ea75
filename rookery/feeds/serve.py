"""Serve a published site folder on this machine, for a look before it goes up."""
from __future__ import annotations

import functools
import http.server
import logging
from pathlib import Path

log = logging.getLogger("rookery")


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".atom": "application/atom+xml", ".rss": "application/rss+xml",
                      ".json": "application/json"}

    def log_message(self, format, *args):
        log.debug("serve: " + format, *args)


def make_server(folder: Path, port: int = 8000, host: str = "127.0.0.1"):
    handler = functools.partial(_Handler, directory=str(folder))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(folder: Path, port: int = 8000, host: str = "127.0.0.1") -> None:
    """Block serving `folder` until interrupted."""
    with make_server(folder, port, host) as server:
        log.info("serving %s at http://%s:%d/ (Ctrl-C to stop)", folder, host,
                 server.server_address[1])
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped serving")
