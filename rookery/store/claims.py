"""Due times claimed in the database, so that across any number of workers on one store
each source is fetched once per due time.

A worker claims a source's due time while it holds the source (Store.claim: an advisory
lock on PostgreSQL, the store's own lock on SQLite), and marks it done when the fetch is
over. A later worker finds it done and skips the source until its next due time; a claim
found not done was left by a worker that died (it no longer holds the source), and is
taken over.
"""
from __future__ import annotations

import os
import socket

from sqlalchemy import select, update

from . import schema as t
from .store import Store, now

_c = t.claims.c


def worker_name() -> str:
    """Who claims: this machine and process."""
    return f"{socket.gethostname()} pid {os.getpid()}"


def claim_due(store: Store, source_id: str, due: str) -> bool:
    """Take the source's due time `due` (ISO 8601) for this worker: False when another
    worker has fetched the source for it already. Call it holding the source."""
    with store.transaction() as db:
        done = db.execute(select(_c.done_at).where(_c.source_id == source_id,
                                                   _c.due == due)).first()
        if done is None:
            # RETURNING, not rowcount: the driver may not count an INSERT ... ON CONFLICT
            return db.execute(store.insert(t.claims).values(
                source_id=source_id, due=due, worker=worker_name(), claimed_at=now(precise=True))
                .on_conflict_do_nothing().returning(_c.source_id)).first() is not None
        if done[0] is not None:
            return False
        db.execute(update(t.claims).where(_c.source_id == source_id, _c.due == due)
                   .values(worker=worker_name(), claimed_at=now(precise=True)))
        return True  # its worker died before finishing: this one does it


def claim_done(store: Store, source_id: str, due: str) -> None:
    with store.transaction() as db:
        db.execute(update(t.claims).where(_c.source_id == source_id, _c.due == due)
                   .values(done_at=now(precise=True)))
