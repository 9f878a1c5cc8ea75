"""Real receivers on loopback for notifications: an HTTP server taking apprise's json://
posts, and an SMTP server (aiosmtpd) taking its mailto:// mail. Each keeps what it
accepted, so tests read back exactly what a chat bot or a player's inbox would get."""
from __future__ import annotations

import email
import email.policy
import http.server
import json
import socket
import threading

from replay import QuietServer


class Receiver:
    """A webhook: answers each POST with the next of `answers` (the last one repeats),
    `delay` seconds after it arrived, and keeps the JSON of those it answered with a 2xx.
    Every request is noted in `seen` (path, message id header, answer) as it arrives;
    `arrived` is notified of each."""

    def __init__(self):
        self.answers = [200]
        self.delay = 0.0
        self.messages: list[dict] = []
        self.seen: list[tuple[str, str | None, int]] = []
        self.attempts = 0
        self.arrived = threading.Condition()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with receiver.arrived:
                    receiver.attempts += 1
                    status = receiver.answers.pop(0) if len(receiver.answers) > 1 \
                        else receiver.answers[0]
                    receiver.seen.append((self.path, self.headers.get("X-Rookery-Message-Id"),
                                          status))
                    if 200 <= status < 300:
                        receiver.messages.append(json.loads(body))
                    receiver.arrived.notify_all()
                if receiver.delay:
                    threading.Event().wait(receiver.delay)  # a slow service, answering late
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = QuietServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        self.port = self.server.server_address[1]

    def url(self, path: str = "hook") -> str:
        return f"json://127.0.0.1:{self.port}/{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class MailBox:
    """An SMTP server on loopback; `messages` are the mails it took, parsed. The first
    `refuse` mails are answered "451 try again later" (and noted in `refused`)."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        box = self
        self.messages: list[email.message.EmailMessage] = []
        self.refused: list[email.message.EmailMessage] = []
        self.refuse = 0

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                mail = email.message_from_bytes(envelope.content, policy=email.policy.default)
                if box.refuse > 0:
                    box.refuse -= 1
                    box.refused.append(mail)
                    return "451 4.3.0 try again later"
                box.messages.append(mail)
                return "250 OK"

        # the controller checks the server by connecting to the port it was given, so it
        # is given a free one rather than 0
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def url(self, to: str = "player@example.org") -> str:
        return (f"mailto://127.0.0.1:{self.port}?from=rookery@example.org&to={to}"
                "&mode=insecure")

    def close(self) -> None:
        self.controller.stop()
