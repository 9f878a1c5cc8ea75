"""`rookery fetch`, `rookery run`, `rookery sources`, `rookery config`: the watch."""
from __future__ import annotations

import logging
import re
import sys
import threading

from .common import config_of, table

log = logging.getLogger("rookery")


DESCRIPTIONS = {
    "fetch": "Run one fetch cycle: get each source, keep what it returns, and record a "
             "revision where the content changed. Exits 0 when every source was fetched "
             "(changed or not), 1 when any failed (no answer, or a body quarantined): for "
             "cron, which mails what a failing command prints.",
    "run": "Fetch each source on its schedule (`every` or `cron`) until interrupted (Ctrl-C "
           "or SIGTERM), publishing the site after a cycle that recorded a revision. A "
           "source that failed is logged with when it is tried again.",
    "sources": "List the configured sources with their schedule, revisions and last fetch.",
    "config": "Print the configuration file in force (the shipped defaults when there is "
              "none), or with --init write the shipped defaults into a new rookery.toml to "
              "start from.",
}


def add(p, name: str) -> None:
    p.description = DESCRIPTIONS[name]
    p.set_defaults(handler={"fetch": fetch_command, "run": run_command,
                            "sources": sources_command, "config": config_command}[name])
    if name == "fetch":
        p.add_argument("sources", nargs="*", metavar="SOURCE", help="source ids (default: all)")
    if name == "config":
        what = p.add_mutually_exclusive_group()
        what.add_argument("--keys", action="store_true",
                          help="list every configuration key and what it means")
        what.add_argument("--init", action="store_true",
                          help="write the shipped configuration into the file rookery reads "
                               "(--config FILE, else $ROOKERY_CONFIG, else ./rookery.toml) to "
                               "start from; a file that holds anything is never overwritten")


def _selected(config, names: list[str]):
    return [config.source(n) for n in names] if names else config.sources


def fetch_command(args) -> int:
    from ..progress import Progress
    from ..watch import Watcher, logged

    config = config_of(args)
    sources = _selected(config, args.sources)
    with config.open_store() as store:
        store.lock()
        stats = Watcher(store, config, progress=Progress(say=logged)).cycle(sources)
        log.info("cycle done: %d requests, %d bodies downloaded, %d not modified, %d parsed, "
                 "%d revisions, %d quarantined, %d failed%s", stats.requests, stats.downloads,
                 stats.not_modified, stats.parses, len(stats.revisions), stats.quarantined,
                 stats.errors, f", {stats.claimed_elsewhere} left to other workers"
                 if stats.claimed_elsewhere else "")
        _deliver(store, config)
    if stats.failed:  # for cron and scripts: any source that failed fails the command
        log.warning("%d of %d sources failed: %s", len(stats.failed), len(sources),
                    ", ".join(stats.failed))
        return 1
    return 0


def run_command(args) -> int:
    from ..fetchers.schedule import Job, due_time, next_try, run_schedule
    from ..watch import Watcher
    from .publish import publish_site

    config = config_of(args)
    holder = config.open_store()
    holder.lock()  # this process owns the data directory until it stops
    publish_lock = threading.Lock()

    warned: set[str] = set()  # notify targets no longer configured, warned of once

    def cycle(source) -> None:
        # every worker on the store serves the same due times: the first to claim one
        # fetches the source, the others skip it until the next
        due = due_time(source.interval_seconds, source.cron)
        stats = Watcher(holder, config).cycle([source], due=due)
        if stats.failed:  # the failure is logged above; say when it is tried again
            log.warning("%s: %s", source.id, next_try(source.interval_seconds, source.cron))
        if stats.revisions:
            with publish_lock:
                publish_site(config)
            send()

    def send() -> None:
        with send_lock:
            _deliver(holder, config, warned)

    send_lock = threading.Lock()
    jobs = [Job(id=s.id, run=lambda s=s: cycle(s), every_seconds=s.interval_seconds,
                cron=s.cron) for s in config.sources]
    if config.notify:  # messages that failed are tried again between cycles too
        jobs.append(Job(id="the notify outbox", run=send, every_seconds=60))
    try:
        run_schedule(jobs)
    finally:
        holder.close()
    return 0


def _deliver(store, config, warned: set[str] | None = None) -> None:
    """Send what the outbox owes, when there are targets to send to."""
    if not config.notify:
        return
    from ..notify.send import deliver

    stats = deliver(store, config, warned)
    if stats.sent or stats.retrying or stats.given_up:
        log.info("notify: %s", stats)


def sources_command(args) -> int:
    from ..store import revisions as revs

    config = config_of(args)
    rows = []
    store = config.open_store() if config.has_store else None
    for s in config.sources:
        latest = revs.latest_revision(store, s.id) if store else None
        last = store.fetches(s.id, limit=1) if store else []
        rows.append([
            s.id, s.format, s.cron or f"every {s.every}",
            str(latest.number if latest else 0), latest.label if latest else "-",
            f"{last[0].started_at[:16]} {last[0].outcome}" if last else "never fetched",
            s.url or f"links on {s.discover.page}",
        ])
    if store:
        store.close()
    sys.stdout.write(table(rows, ["source", "format", "schedule", "revisions", "latest",
                                  "last fetch", "url"]))
    return 0


def config_command(args) -> int:
    from ..config import KEYS, default_toml

    if args.keys:
        sys.stdout.write(table([[f"{section}.{key.name}" if section else key.name, key.help]
                                for section, keys in KEYS.items() for key in keys]))
        return 0
    if args.init:
        return _init(getattr(args, "config", None))
    config = config_of(args)
    from ..masking import masked, password_masked

    text = config.path.read_text(encoding="utf-8") if config.path else default_toml()
    secret = {t.url: masked(t.url) for t in config.notify}  # tokens, in paths too
    if not config.is_sqlite:  # a server's URL may carry its password
        secret[config.database] = password_masked(config.database)
    sys.stdout.write(_masked_urls(text, secret))
    return 0


def _init(chosen: str | None) -> int:
    """Write the shipped configuration where rookery will read it. Unlike `rookery config >
    rookery.toml`, whose shell empties the file before rookery reads it, this never
    loses a configuration: a file that holds anything is left alone."""
    import os
    from pathlib import Path

    from ..config import default_toml
    from ..errors import UsageError

    target = Path(chosen or os.environ.get("ROOKERY_CONFIG") or "rookery.toml")
    try:
        with open(target, "a", encoding="utf-8") as f:  # creates it, keeps what it holds
            if f.tell():
                raise UsageError(f"{target} holds a configuration already; --init never "
                                 "overwrites one: edit it, or give --config NEWFILE")
            f.write(default_toml())
    except IsADirectoryError:
        raise UsageError(f"{target} is a folder; give --config FILE") from None
    except FileNotFoundError:
        raise UsageError(f"cannot write {target}: the folder {target.parent} does not "
                         "exist") from None
    log.info("wrote the shipped configuration to %s: edit its sources, then `rookery fetch`",
             target)
    return 0


# a TOML string: basic (with escapes), literal, or either kind over several lines
_TOML_STRING = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')


def _masked_urls(text: str, secret: dict[str, str]) -> str:
    """The configuration's text with every string whose value is a key of `secret`
    (notify URLs carry tokens, a database URL its password) shown as its value there,
    however the file spells it."""
    import tomllib

    def mask(m: re.Match) -> str:
        try:
            value = tomllib.loads(f"v = {m.group()}")["v"]
        except tomllib.TOMLDecodeError:
            return m.group()
        return f'"{secret[value]}"' if value in secret else m.group()

    return _TOML_STRING.sub(mask, text) if secret else text
