"""Run jobs on their schedules (APScheduler) until SIGINT or SIGTERM.

Each job runs at most one at a time; runs missed while one was busy (or the machine
slept) are coalesced into one; every job also runs once at start. Jobs are plain
callables: what a cycle does is the caller's business.

Intervals count from the Unix epoch, not from when a process started, so workers on
different machines share their due times (`due_time`): a job every 6 hours is due at
00:00, 06:00, 12:00 and 18:00 UTC, in every worker.
"""
from __future__ import annotations

import datetime as dt
import logging
import signal
import threading
from dataclasses import dataclass
from typing import Callable

from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

from ..errors import one_line

log = logging.getLogger("rookery")


EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
DEFAULT_EVERY = 6 * 3600


def due_time(every_seconds: int | None, cron: str | None,
             at: dt.datetime | None = None) -> str:
    """The due time a run at `at` (default: now) serves, ISO 8601 in UTC: the start of
    its interval counted from the epoch, or for a crontab line the minute it fires in."""
    at = (at or dt.datetime.now(dt.timezone.utc)).astimezone(dt.timezone.utc)
    if cron:
        return at.replace(second=0, microsecond=0).isoformat()
    period = every_seconds or DEFAULT_EVERY
    seconds = int(at.timestamp())
    return dt.datetime.fromtimestamp(seconds - seconds % period, dt.timezone.utc).isoformat()


def next_run(every_seconds: int | None, cron: str | None,
             after: dt.datetime | None = None) -> dt.datetime:
    """When a job on this schedule runs next after `after` (default: now), as
    run_schedule's triggers fire it: the next interval counted from the epoch, or the
    crontab line's next minute (in this machine's zone, as the scheduler reads it)."""
    after = (after or dt.datetime.now(dt.timezone.utc)).astimezone(dt.timezone.utc)
    if cron:
        return CronTrigger.from_crontab(cron).get_next_fire_time(None, after)
    period = every_seconds or DEFAULT_EVERY
    seconds = int(after.timestamp())
    return dt.datetime.fromtimestamp(seconds - seconds % period + period, dt.timezone.utc)


def next_try(every_seconds: int | None, cron: str | None,
             after: dt.datetime | None = None) -> str:
    """"next try at 2024-05-01 18:00 (in 5h 59m)": what a log says after a failed run, in
    the log's own (local) time."""
    after = after or dt.datetime.now(dt.timezone.utc)
    when = next_run(every_seconds, cron, after)
    left = max(0, round((when - after).total_seconds() / 60))
    span = " ".join(f"{n}{unit}" for n, unit in ((left // 1440, "d"), (left // 60 % 24, "h"),
                                                 (left % 60, "m")) if n) or "under a minute"
    return f"next try at {when.astimezone():%Y-%m-%d %H:%M} (in {span})"


@dataclass
class Job:
    id: str
    run: Callable[[], None]
    every_seconds: int | None = None
    cron: str | None = None


def run_schedule(jobs: list[Job], stop: threading.Event | None = None) -> None:
    """Block, running `jobs`, until `stop` is set or the process is told to stop."""
    stop = stop or threading.Event()
    scheduler = BackgroundScheduler(job_defaults={"coalesce": True, "max_instances": 1,
                                                  "misfire_grace_time": None})
    for job in jobs:
        trigger = CronTrigger.from_crontab(job.cron) if job.cron else \
            IntervalTrigger(seconds=job.every_seconds or DEFAULT_EVERY, start_date=EPOCH)
        scheduler.add_job(_guarded(job), trigger, id=job.id, name=job.id,
                          next_run_time=_now(scheduler))
    previous = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            previous[sig] = signal.signal(sig, lambda *_: stop.set())
    scheduler.start()
    log.info("running %s on their schedules; stop with Ctrl-C", ", ".join(j.id for j in jobs))
    try:
        stop.wait()
    finally:
        log.info("stopping: waiting for running fetches to finish")
        scheduler.shutdown(wait=True)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _guarded(job: Job) -> Callable[[], None]:
    def run() -> None:
        try:
            job.run()
        except Exception as e:  # a failed cycle must not stop the watch; log it and go on
            # one line per failure (a database that went away fails every job, every
            # cycle, until it is back); the traceback only when debugging
            log.error("%s: cycle failed: %s; %s", job.id, one_line(e),
                      next_try(job.every_seconds, job.cron))
            log.debug("%s: what failed", job.id, exc_info=True)
    return run


def _now(scheduler):
    return dt.datetime.now(scheduler.timezone)
