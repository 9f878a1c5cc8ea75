"""kill -9 trials of `rookery run` while it sends: a page served on loopback gets a new
release, `rookery run` records it and starts telling ten webhooks and a mailbox, and is
killed part way; `rookery notify send` then finishes. Each target's receipts are
counted: lost (none), duplicated (more than one) and, of the duplicates, those a
receiver could drop because they carry an id it has already seen.

Used by tests/test_notify_kill.py (a few trials) and benchmarks/bench_notify_kill.py."""
from __future__ import annotations

import functools
import http.server
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from receivers import MailBox, Receiver

HOOKS = 10
MAIL_AFTER = 5  # the mail target sits among the webhooks
PAGE = """<!doctype html><html><body><h1>Cinder Rules</h1>
<h3>Version {v}, effective 2/{v}/2024</h3><h2>Rulings</h2>
<h3>(1.1) Kindling</h3><p>A fire is kindled with {fuel}.</p>
<h3>(1.2) Smoke</h3><p>Smoke rises one lane each round.</p></body></html>"""


@dataclass
class Tally:
    trials: int = 0
    lost: int = 0
    duplicated: int = 0
    droppable: int = 0  # duplicates with an id the target had already received

    def add(self, other: "Tally") -> None:
        for name in ("trials", "lost", "duplicated", "droppable"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def __str__(self) -> str:
        return (f"{self.trials} trials: {self.lost} lost, {self.duplicated} duplicated, "
                f"{self.droppable} of them droppable by id")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _rookery(folder: Path, *args) -> subprocess.Popen:
    env = {**os.environ, "ROOKERY_CONFIG": str(folder / "rookery.toml")}
    env.pop("ROOKERY_DATA", None)
    # its log goes to a file: a pipe nobody reads while it runs fills and stops it
    path = folder / f"{args[0]}.log"
    with open(path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "rookery", *args], cwd=folder,
                                env=env, stdout=subprocess.DEVNULL, stderr=log, text=True)
    proc.log_path = path
    return proc


def _done(proc: subprocess.Popen, timeout: float = 120) -> str:
    proc.wait(timeout=timeout)
    err = proc.log_path.read_text()
    assert proc.returncode == 0, err
    return err


def trial(folder: Path, kill_after: int | None = None, kill_in: float | None = None) -> Tally:
    """One trial in `folder` (empty). Killed when the webhooks have received `kill_after`
    messages (the kill lands while one is being answered), or `kill_in` seconds after
    the first arrives."""
    served = folder / "served"
    served.mkdir(parents=True)
    (served / "rules.html").write_text(PAGE.format(v=1, fuel="ash"))
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(served)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    hook, box = Receiver(), MailBox()
    hook.delay = 0.02  # a service that takes a moment to answer
    try:
        targets = [f'[[notify]]\nname = "hook-{n}"\nurl = "{hook.url(f"hook-{n}")}"\n'
                   for n in range(HOOKS)]
        targets.insert(MAIL_AFTER, f'[[notify]]\nname = "mail"\nurl = "{box.url()}"\n')
        (folder / "rookery.toml").write_text(
            'data = "data"\nsite = "site"\nbase_url = "https://rules.example.org/"\n'
            f'[[source]]\nid = "cinder"\nurl = "http://127.0.0.1:{server.server_address[1]}'
            '/rules.html"\nformat = "html"\nevery = "1h"\n' + "".join(targets))
        _done(_rookery(folder, "fetch"))  # the first import: nothing owed
        (served / "rules.html").write_text(PAGE.format(v=2, fuel="ash and tinder"))
        # a later Last-Modified, whatever second the first import fell in: the server
        # answers a conditional request by the file's time, to the second
        later = time.time() + 60
        os.utime(served / "rules.html", (later, later))
        run = _rookery(folder, "run")
        with hook.arrived:
            enough = hook.arrived.wait_for(
                lambda: hook.attempts >= (kill_after or 1) or run.poll() is not None, 120)
        assert enough, "no message arrived; the run said:\n" + run.log_path.read_text()[-2000:]
        if kill_in is not None:
            threading.Event().wait(kill_in)  # a random moment of the sending
        run.send_signal(signal.SIGKILL)
        run.wait()
        _done(_rookery(folder, "notify", "send"))
        return count(hook, box)
    finally:
        hook.close()
        box.close()
        server.shutdown()
        server.server_close()


def count(hook: Receiver, box: MailBox) -> Tally:
    got: dict[str, list] = {f"hook-{n}": [] for n in range(HOOKS)}
    got["mail"] = [str(m["Message-ID"]) for m in box.messages]
    for path, ident, status in hook.seen:
        if 200 <= status < 300:
            got[path.strip("/")].append(ident)
    tally = Tally(trials=1)
    for ids in got.values():
        tally.lost += not ids
        tally.duplicated += max(0, len(ids) - 1)
        tally.droppable += sum(1 for n, i in enumerate(ids) if i and i in ids[:n])
    return tally

