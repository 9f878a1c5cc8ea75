"""Work done in a forked process beside this one, while this one goes on with its own.

A diff of two long releases aligns them in one process, while the other core (the one
a cold diff read a release on) stands idle; reading both releases' update summaries
(publisher.py) needs nothing the alignment makes, so it is done there meanwhile. The
process is forked (it has the documents already) only where that is safe, on Linux in a
process of one thread (never beside the scheduler's threads); elsewhere, or if the
process fails, the work is done here when its result is asked for, as it would be alone.
"""
from __future__ import annotations

import gc
import os
import pickle
import signal
from typing import Callable, Generic, TypeVar

from ..parsers.limits import forkable

T = TypeVar("T")


class Beside(Generic[T]):
    """`work()` started in a forked process when `apart` (and forking is safe); `result()`
    is its value. Use it in a `with` block: a process still running at its end is
    stopped."""

    def __init__(self, work: Callable[[], T], apart: bool = True):
        self._work = work
        self._pid: int | None = None
        self._from: int | None = None  # the pipe its result comes through
        if apart and forkable():
            self._start()

    def _start(self) -> None:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the forked process: work, hand the result over, leave at once
            try:
                os.close(read_end)
                gc.disable()  # (a collection would copy every page it walks)
                value = pickle.dumps(self._work(), pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write_end, "wb") as out:
                    out.write(value)
            finally:
                os._exit(0)  # no clean-up of what is the parent's: its files, its buffers
        os.close(write_end)
        self._pid, self._from = pid, read_end

    def result(self) -> T:
        """The work's value: from the process, or worked out here if it gave none."""
        if self._from is not None:
            with os.fdopen(self._from, "rb") as given:
                data = given.read()
            self._from = None
            self._reap()
            try:
                if data:
                    return pickle.loads(data)
            except Exception:  # noqa: BLE001 - a process cut short: the work is done here
                pass
        return self._work()

    def _reap(self) -> None:
        if self._pid is not None:
            os.waitpid(self._pid, 0)
            self._pid = None

    def __enter__(self) -> Beside[T]:
        return self

    def __exit__(self, *exc) -> None:
        if self._from is not None:
            os.close(self._from)
            self._from = None
        if self._pid is not None:
            try:
                os.kill(self._pid, signal.SIGKILL)
            except OSError:
                pass
            self._reap()
