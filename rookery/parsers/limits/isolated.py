"""Untrusted bytes parsed where a runaway cannot hurt the rest: each release in a process
of its own, under a ceiling on the memory it may take and the time it may run.

The readers' own limits (this package) refuse what they can name; this bounds what they
cannot: a PDF library that builds gigabytes from a few kilobytes, or that aborts the
whole process when memory runs out. The process's address space may grow by `memory`
bytes past what it started with, and it is killed, with any process it started, after
`deadline` seconds. A process that dies or is killed is one line (ParseError, TooLarge
for memory and time) naming the ceiling and the setting that sets it; every other
release, and everything after it, goes on.

A process is forked where that is safe (Linux, one thread), and otherwise forked from a
server process started once with the readers loaded (so a scheduler's threads are never
copied); a finished parse sends its Document back, and its parse-cache entry when it
has a key, with the pages it read as it goes.
"""
from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass, replace
from multiprocessing import connection, get_context
from typing import Callable

from ... import errors
from ...errors import ParseError, RookeryError, TooLarge, one_line
from ...model import Document
from . import forkable

MB = 1024 * 1024


@dataclass
class Job:
    """One release to parse apart: its bytes, the name errors give it, the format it must
    be, the reading options, the cache key its entry is encoded under (None: none), and
    who hears of its pages."""

    data: bytes
    source: str
    format: str
    options: object  # ReadOptions (its progress is told through `progress`)
    key: str | None = None
    progress: Callable[[int, int], None] | None = None


def parse_apart(jobs: list[Job], at_once: int = 1, meanwhile: Callable[[], None] | None = None
                ) -> list[tuple[Document, bytes | None]]:
    """Each job's Document (and cache entry), parsed in a process of its own, `at_once`
    at a time, under the ceilings its options set (`memory`, `deadline`). The first
    job that failed, in order, raises its error once all are done. `meanwhile`, the
    caller's own work, is done here once a core is free: when a parse has ended and
    another still runs (side by side they seldom end together), else once all have."""
    results: list = [None] * len(jobs)
    waiting = list(range(len(jobs)))
    running: dict[int, _Running] = {}
    try:
        while waiting or running:
            while waiting and len(running) < max(at_once, 1):
                k = waiting.pop(0)
                running[k] = _start(jobs[k])
            for k in _wait(running):
                results[k] = running.pop(k).outcome
            if meanwhile is not None and running and not waiting:
                meanwhile()
                meanwhile = None
    finally:
        for process in running.values():
            process.stop()
    if meanwhile is not None:
        meanwhile()
    for outcome in results:
        if isinstance(outcome, Exception):
            raise outcome
    return results


@dataclass
class _Running:
    job: Job
    process: object
    conn: object
    started: float
    outcome: object = None  # (Document, entry), or the exception it ends in

    @property
    def due(self) -> float | None:
        deadline = self.job.options.deadline
        return self.started + deadline if deadline else None

    def stop(self) -> None:
        """Kill the process and every process it started."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (OSError, AttributeError):
            self.process.kill()
        self.process.join()
        self.conn.close()


def _start(job: Job) -> _Running:
    context = _context()
    ours, theirs = context.Pipe(duplex=False)
    options = replace(job.options, progress=None)
    process = context.Process(target=_child, args=(
        theirs, job.data, job.source, job.format, options, job.key, job.progress is not None))
    process.start()
    theirs.close()
    return _Running(job, process, ours, time.monotonic())


def _wait(running: dict[int, _Running]) -> list[int]:
    """Wait for something to happen to the running parses; the jobs that ended."""
    dues = [r.due for r in running.values() if r.due is not None]
    timeout = max(0.0, min(dues) - time.monotonic()) if dues else None
    ready = set(connection.wait([handle for r in running.values()
                                 for handle in (r.conn, r.process.sentinel)], timeout))
    ended = []
    for k, r in running.items():
        if r.due is not None and time.monotonic() >= r.due:
            r.stop()
            r.outcome = TooLarge(_named(r.job, "reading it took longer than the "
                                               f"{r.job.options.deadline:g} s one parse may "
                                               "take ([parse] deadline)"))
            ended.append(k)
        elif r.conn in ready:
            if _hear(r):
                ended.append(k)
        elif r.process.sentinel in ready:
            r.outcome = _death(r)
            ended.append(k)
    return ended


def _hear(r: _Running) -> bool:
    """Take a message from a running parse; has it ended?"""
    try:
        message = r.conn.recv()
    except (EOFError, OSError):
        r.outcome = _death(r)
        return True
    if message[0] == "page":
        r.job.progress(*message[1:])
        return False
    r.process.join()
    r.conn.close()
    if message[0] == "done":
        r.outcome = (message[1], message[2])
    elif message[0] == "error":  # the reader's own words, naming the source
        kind = getattr(errors, message[1], None)
        r.outcome = (kind if isinstance(kind, type) and issubclass(kind, RookeryError)
                     else ParseError)(message[2])
    elif message[0] == "memory":
        r.outcome = TooLarge(_named(r.job, "reading it needs more memory than the "
                                           f"{_memory(r.job)}"))
    else:
        reader = "the reader" if r.job.format == "auto" else f"the {r.job.format} reader"
        r.outcome = ParseError(_named(r.job, f"{reader} failed on it ({message[1]})"))
    return True


def _death(r: _Running) -> Exception:
    """What to say of a process that ended without a word: a crash, most likely (a PDF
    library aborts when memory runs out) at its memory ceiling."""
    r.process.join()
    r.conn.close()
    code = r.process.exitcode
    how = f"killed by {signal.Signals(-code).name}" if code and code < 0 and \
        -code in signal.valid_signals() else f"exit status {code}"
    if r.job.options.memory:
        return TooLarge(_named(r.job, f"the reader stopped on it ({how}), most likely for "
                                      f"want of memory: the {_memory(r.job)}"))
    return ParseError(_named(r.job, f"the reader stopped on it ({how})"))


def _memory(job: Job) -> str:
    return f"{job.options.memory / MB:,.0f} MB one parse may take ([parse] memory)"


def _named(job: Job, words: str) -> str:
    return f"{job.source}: {words}" if job.source else words


# ------------------------------------------------------------ in the process


def _child(conn, data: bytes, source: str, format: str, options, key: str | None,
           tell: bool) -> None:
    """Parse in this process, within its ceilings, and say how it went."""
    import faulthandler

    from .. import parse
    from ..cache import encode

    faulthandler.disable()  # a death is told in one line, by the process that waits

    _ceilings(options.memory, options.deadline)
    options = replace(options, last=True)  # (the process ends once it has said how it went)
    if tell:
        options = replace(options, progress=lambda done, total: conn.send(("page", done, total)))
    try:
        doc = parse(data, source, format, options=options)
        conn.send(("done", doc, None if key is None else encode(key, doc)))
    except MemoryError:
        conn.send(("memory",))
    except RookeryError as e:
        conn.send(("error", type(e).__name__, str(e)))
    except Exception as e:  # noqa: BLE001 - a reader's fault on a hostile body is one line
        conn.send(("fault", one_line(e)))
    finally:
        conn.close()


def _ceilings(memory: int, deadline: float) -> None:
    """This process (and those it starts) in a group of their own, so that all can be
    killed at once; its address space bounded at `memory` past what it has now, and its
    processor time at a little past the deadline, in case no one is left to kill it."""
    try:
        os.setpgid(0, 0)
    except OSError:
        pass
    import resource

    for kind, wanted in ((resource.RLIMIT_AS, _address_space() + memory if memory else 0),
                         (resource.RLIMIT_CPU, int(deadline) + 5 if deadline else 0)):
        hard = resource.getrlimit(kind)[1]
        if wanted and (hard == resource.RLIM_INFINITY or wanted < hard):
            try:
                resource.setrlimit(kind, (wanted, wanted))
            except (OSError, ValueError):  # a system that does not bound it
                pass


def _address_space() -> int:
    """This process's address space now, in bytes (0 where the system does not say)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


_server_ready = False


def _context():
    """Fork where that is safe (Linux, one thread), else fork from a server that has
    the readers loaded, else (where there is no such server) start afresh."""
    global _server_ready
    if forkable():
        return get_context("fork")
    try:
        context = get_context("forkserver")
    except ValueError:
        return get_context("spawn")
    if not _server_ready:
        from .. import READERS

        context.set_forkserver_preload(
            [__name__, "rookery.parsers.structure.outline",
             *(f"rookery.parsers{reader.module}" for reader in READERS.values())])
        _server_ready = True
    return context
