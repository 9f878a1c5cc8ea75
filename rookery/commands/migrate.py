"""`rookery migrate --to URL`: copy the configured store into another database."""
from __future__ import annotations

import logging
from pathlib import Path

from ..masking import password_masked
from ..errors import UsageError
from .common import config_of

log = logging.getLogger("rookery")


def add(p, name: str) -> None:
    p.set_defaults(handler=migrate_command)
    p.description = ("Copy the whole store (sources, fetch log, bodies, parsed documents, "
                     "revisions, sections, alerts, the notification outbox) into another, "
                     "empty database, ids and all. Then point `database` in the "
                     "configuration at it. The store it copies from is left as it was.")
    p.add_argument("--to", required=True, metavar="URL",
                   help="the database to copy into: postgresql://user@host/db (or "
                        "sqlite:///PATH)")


def migrate_command(args) -> int:
    from ..store import Store
    from ..store.copy import copy_store

    config = config_of(args)
    if not config.has_store:
        raise UsageError(f"no store at {config.db_file} to copy; run `rookery fetch` first")
    to = pasted(args.to)
    if to == pasted(config.database_url):
        raise UsageError("--to names the store in use; give another database")
    with config.open_store(readonly=True) as source, \
            Store(config.data, url=to, zone=config.zone) as target:
        copied = copy_store(source, target)
        problems = target.integrity_problems()
    shown = password_masked(to)
    if problems:
        raise UsageError(f"the copy in {shown} is not whole: {problems[0]}")
    log.info("copied into %s: %s", shown,
             ", ".join(f"{n} {table}" for table, n in copied.items()))
    log.info('now set database = "%s" in the configuration%s', shown,
             " (with the password you gave)" if shown != to else "")
    return 0


def pasted(url: str) -> str:
    """`url` as the configuration should be given it: a SQLite file's path made absolute
    (the configuration reads a relative one from its own folder, not from where
    `migrate` ran)."""
    if url.startswith("sqlite:///"):
        return "sqlite:///" + str(Path(url[len("sqlite:///"):]).expanduser().resolve())
    return url
