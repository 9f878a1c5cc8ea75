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
             "revision where the content changed.",
    "run": "Fetch each source on its schedule (`every` or `cron`) until interrupted (Ctrl-C "
           "or SIGTERM), publishing the site after a cycle that recorded a revision.",
    "sources": "List the configured sources with their schedule, revisions and last fetch.",
    "config": "Print the configuration file in force (the shipped defaults when there is "
              "none): a starting point for rookery.toml.",
}


def add(p, name: str) -> None:
    p.description = DESCRIPTIONS[name]
    p.set_defaults(handler={"fetch": fetch_command, "run": run_command,
                            "sources": sources_command, "config": config_command}[name])
    if name == "fetch":
        p.add_argument("sources", nargs="*", metavar="SOURCE", help="source ids (default: all)")
    if name == "config":
        p.add_argument("--keys", action="store_true",
                       help="list every configuration key and what it means")


def _selected(config, names: list[str]):
    return [config.source(n) for n in names] if names else config.sources


def fetch_command(args) -> int:
    from ..progress import Progress
    from ..watch import Watcher

    config = config_of(args)
    sources = _selected(config, args.sources)
    with config.open_store() as store:
        store.lock()
        stats = Watcher(store, config, progress=Progress()).cycle(sources)
        log.info("cycle done: %d requests, %d bodies downloaded, %d not modified, %d parsed, "
                 "%d revisions, %d quarantined, %d failed%s", stats.requests, stats.downloads,
                 stats.not_modified, stats.parses, len(stats.revisions), stats.quarantined,
                 stats.errors, f", {stats.claimed_elsewhere} left to other workers"
                 if stats.claimed_elsewhere else "")
        _deliver(store, config)
    return 1 if stats.errors and not (stats.downloads or stats.not_modified) else 0


def run_command(args) -> int:
    from ..fetchers.schedule import Job, due_time, run_schedule
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
    config = config_of(args)
    text = config.path.read_text(encoding="utf-8") if config.path else default_toml()
    secret = {t.url for t in config.notify}
    if not config.is_sqlite:
        secret.add(config.database)  # a server's URL may carry its password
    sys.stdout.write(_masked_urls(text, secret))
    return 0


# a TOML string: basic (with escapes), literal, or either kind over several lines
_TOML_STRING = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')


def _masked_urls(text: str, secret: set[str]) -> str:
    """The configuration's text with every string whose value is in `secret` (notify URLs
    carry tokens, a database URL its password) masked, however the file spells it."""
    import tomllib

    from ..masking import masked

    def mask(m: re.Match) -> str:
        try:
            value = tomllib.loads(f"v = {m.group()}")["v"]
        except tomllib.TOMLDecodeError:
            return m.group()
        return f'"{masked(value)}"' if value in secret else m.group()

    return _TOML_STRING.sub(mask, text) if secret else text
