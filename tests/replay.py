"""A real HTTP server on loopback that replays the corpus history one step at a time.

Paths: /faq, /rulesreference, /tournamentregulations serve each document's snapshot as it
stood at the current step; /files/<name>.pdf serves the PDF releases, linked from /faq
while the FAQ page carries that release's version (or the first `link_all` of them). Bodies
carry an ETag and a Last-Modified (the snapshot's own date) and conditional requests get
304. `fail(path, kind)` makes the next request(s) to a path misbehave; "hold" keeps a
request waiting (and says so through `held`) until the test sets `release`.

Links the pages make to PDFs on other sites point at a second loopback server instead, the
"other host", which answers 404 to everything and counts what it was asked (`elsewhere`).
"""
from __future__ import annotations

import contextlib
import logging
import email.utils
import datetime as dt
import hashlib
import http.server
import json
import re
import threading
from pathlib import Path

PATHS = {"faq": "/faq", "rules": "/rulesreference", "tournament": "/tournamentregulations"}
TITLES = {"faq": "AGoT FAQ (ThronesDB page)", "rules": "AGoT Rules Reference",
          "tournament": "AGoT Tournament Regulations", "faq-pdf": "AGoT FAQ (PDF releases)"}
FAULTS = ("500", "503", "timeout", "reset", "truncated", "html-for-pdf", "empty", "oversize",
          "gutted", "hold")



PAGE_SOURCE = """[[source]]
id = "{doc}"
title = "{title}"
url = "{url}{path}"
format = "html"
"""
PDF_SOURCE = """[[source]]
id = "faq-pdf"
title = "{title}"
format = "pdf"
discover = {{ page = "{url}/faq", pattern = '(?i)faq_v(?P<version>[^/"]+)\\.pdf' }}
"""


def sources_toml(url: str, docs=tuple(PATHS), pdfs: bool = True, head: str = "") -> str:
    """A rookery.toml that watches the replay at `url`: a source per document page (ids as
    in PATHS) and, with `pdfs`, the FAQ PDF releases discovered from the FAQ page. `head`
    holds the top-level keys and tables that come before the sources."""
    tables = [head] + [PAGE_SOURCE.format(doc=doc, title=TITLES[doc], url=url, path=PATHS[doc])
                       for doc in docs]
    if pdfs:
        tables.append(PDF_SOURCE.format(title=TITLES["faq-pdf"], url=url))
    return "\n".join(tables)


def watcher_for(toml: str, folder: Path, **http):
    """(config, store, watcher) for a configuration text, with its store in `folder`;
    `http` overrides the text's [fetch] settings (a test's sleep recorder, say)."""
    import dataclasses

    from rookery.config import parse_config
    from rookery.watch import Watcher

    config = parse_config(toml, folder)
    store = config.open_store()
    return config, store, Watcher(store, config, http=dataclasses.replace(config.fetch, **http))

PAGES_HEAD = 'base_url = "https://rules.example.org/rookery/"\ntimezone = "America/Los_Angeles"\n'


@contextlib.contextmanager
def pages_history(corpus: Path, folder: Path):
    """(replay, config, store, watcher) for the corpus pages (no PDFs: fast) watched into
    a store in `folder`, with rookery's log quiet (pages answer 404 before their first
    snapshot); the replay is closed and the log restored afterwards."""
    logger = logging.getLogger("rookery")
    level = logger.level
    logger.setLevel(logging.ERROR)
    replay = Replay(corpus)
    try:
        config, store, watcher = watcher_for(sources_toml(replay.url, pdfs=False,
                                                          head=PAGES_HEAD), folder, retries=0)
        yield replay, config, store, watcher
    finally:
        replay.close()
        logger.setLevel(level)


class Replay:
    def __init__(self, corpus: Path, docs=("faq", "rules", "tournament"), link_all: int = 0):
        self.corpus = corpus
        manifest = json.loads((corpus / "thronesdb" / "manifest.json").read_text())
        self.steps = sorted((e for e in manifest if e["branch"] == "master" and e["doc"] in docs),
                            key=lambda e: e["observed_at"])
        self.snapshots = {f"thronesdb/{e['file']}": e for e in manifest}  # every branch
        pdf_manifest = corpus / "pdf" / "manifest.json"
        self.pdfs = [p for p in json.loads(pdf_manifest.read_text()) if p["doc"] == "faq"] \
            if pdf_manifest.exists() else []
        self.link_all = link_all
        self.current: dict[str, dict] = {}
        self.position = -1
        self.faults: dict[str, list[str]] = {}
        self.release = threading.Event()  # set to let a "timeout" or "hold" request go
        self.held = threading.Event()  # set when a "hold" request has arrived
        self.counts = {"requests": 0, "bodies": 0, "not_modified": 0}
        self.lock = threading.Lock()
        self.server = QuietServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        serve_in_background(self.server)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.elsewhere: list[str] = []  # paths the other host was asked for
        self.other = QuietServer(("127.0.0.1", 0), _other_host(self.elsewhere))
        self.other.daemon_threads = True
        serve_in_background(self.other)
        self.other_url = f"http://127.0.0.1:{self.other.server_address[1]}"

    def close(self) -> None:
        self.release.set()
        for server in (self.server, self.other):
            server.shutdown()
            server.server_close()

    # ------------------------------------------------------------ the timeline

    def advance(self) -> dict | None:
        """Move to the next snapshot; returns its manifest entry (None at the end)."""
        if self.position + 1 >= len(self.steps):
            return None
        self.position += 1
        entry = self.steps[self.position]
        self.current[entry["doc"]] = entry
        return entry

    def goto_end(self) -> None:
        while self.advance():
            pass

    def linked_pdfs(self) -> list[dict]:
        faq = self.current.get("faq")
        if self.link_all:  # an archive page: the first `link_all` releases, always
            return self.pdfs[: self.link_all]
        return [p for p in self.pdfs if faq and p["version_label"] == faq["version_label"]]

    def fail(self, path: str, kind: str, times: int = 1) -> None:
        assert kind in FAULTS, kind
        self.faults.setdefault(path, []).extend([kind] * times)

    # ------------------------------------------------------------ bodies

    def body(self, path: str) -> tuple[bytes, str, str] | None:
        """(bytes, content type, date) served at `path` now, or None."""
        for doc, doc_path in PATHS.items():
            if path == doc_path and doc in self.current:
                entry = self.current[doc]
                data = (self.corpus / "thronesdb" / entry["file"]).read_bytes()
                if doc == "faq":
                    links = "".join(f'<a href="/files/{p["file"]}">PDF {p["version_label"]}</a>'
                                    for p in self.linked_pdfs())
                    data = data.replace(b"<body>", f"<body><nav>{links}</nav>".encode(), 1)
                    data = _ELSEWHERE.sub(f'href="{self.other_url}/'.encode(), data)
                return data, "text/html; charset=utf-8", entry["observed_at"]
        for pdf in self.pdfs:
            if path == f"/files/{pdf['file']}":
                snapshot = self.snapshots[pdf["from_snapshot"]]
                return ((self.corpus / "pdf" / pdf["file"]).read_bytes(), "application/pdf",
                        snapshot["observed_at"])
        return None


_ELSEWHERE = re.compile(rb'href="https?://[^/"]+/(?=[^"]*\.pdf")')


def _other_host(seen: list[str]):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            seen.append(self.path)
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

    return Handler


POLL = 0.05  # seconds a loopback server takes to see it is shut down (serve_forever: 0.5)


def serve_in_background(server: http.server.HTTPServer) -> None:
    """Serve in a daemon thread until `server.shutdown()`, which returns within POLL."""
    threading.Thread(target=server.serve_forever, args=(POLL,), daemon=True).start()


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a client that hung up (after a timeout, say) is part of the test, not news


def _handler(replay: Replay):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            with replay.lock:
                replay.counts["requests"] += 1
                queue = replay.faults.get(self.path) or []
                fault = queue.pop(0) if queue else None
            found = replay.body(self.path)
            if fault == "hold":  # the client is now waiting here, for as long as the test likes
                replay.held.set()
                replay.release.wait(120)
                fault = None
            if fault:
                return self._fault(fault, found)
            if found is None:
                return self._send(404, b"<html><body><h1>Not found</h1></body></html>",
                                  "text/html")
            data, content_type, date = found
            etag = '"' + hashlib.sha256(data).hexdigest()[:32] + '"'
            modified = email.utils.format_datetime(
                dt.datetime.fromisoformat(date).astimezone(dt.timezone.utc), usegmt=True)
            if self.headers.get("If-None-Match") == etag or (
                    not self.headers.get("If-None-Match")
                    and self.headers.get("If-Modified-Since") == modified):
                with replay.lock:
                    replay.counts["not_modified"] += 1
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            with replay.lock:
                replay.counts["bodies"] += 1
            self._send(200, data, content_type, {"ETag": etag, "Last-Modified": modified})

        def _send(self, status, data, content_type, headers=None, length=None):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data) if length is None else length))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)

        def _fault(self, fault, found):
            data = found[0] if found else b"<html></html>"
            if fault == "500":
                self._send(500, b"Internal Server Error", "text/plain")
            elif fault == "503":
                self._send(503, b"busy", "text/plain", {"Retry-After": "7"})
            elif fault == "timeout":
                replay.release.wait(30)  # hold the request until the client has given up
                self.close_connection = True
            elif fault == "reset":
                self.close_connection = True
                self.connection.close()
            elif fault == "truncated":
                self._send(200, data[: len(data) // 3], found[1] if found else "text/html",
                           length=len(data))
                self.close_connection = True
            elif fault == "html-for-pdf":
                self._send(200, b"<!doctype html><html><head><title>Server error</title></head>"
                                b"<body><h1>Something went wrong</h1><p>Try later.</p></body>"
                                b"</html>", "application/pdf")
            elif fault == "empty":
                self._send(200, b"", found[1] if found else "text/html")
            elif fault == "oversize":
                self._send(200, data * 40, found[1] if found else "text/html")
            elif fault == "gutted":  # the page breaks off a third of the way in
                text = data.decode("utf-8")
                self._send(200, (text[:len(text) // 3] + "</body></html>").encode(),
                           "text/html")

    return Handler
