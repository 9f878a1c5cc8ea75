"""The notification outbox: a delivery per revision and notify target, written in the
same transaction as the revision (see revisions.add_revision), so a revision that is
recorded is announced even if the process dies before it sends anything, and a
delivery marked sent is never sent again.

A worker leases a delivery while it sends it. A worker killed between the target taking
the message and the store marking it sent leaves the lease behind; the message is then
sent again (with the same message id, so the receiver can drop it): at once by the next
process on SQLite, where only one process writes and every lease left is a dead one's,
and once the lease runs out on PostgreSQL, where other workers may be alive."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy import func, select, update

from . import schema as t
from .store import Store, now


class DeliveryState(StrEnum):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"  # given up after its tries, or refused for good by the target
    UNCONFIRMED = "unconfirmed"  # sent, but the target did not answer in time


@dataclass(frozen=True)
class Delivery:
    """One message owed to one target: the revision it announces and how it went."""

    id: int
    revision_id: int
    source_id: str
    revision_number: int
    target: str
    state: DeliveryState
    tries: int
    next_try_at: str
    last_error: str | None
    sent_at: str | None


_o = t.outbox.c
_SELECT = select(t.outbox, t.revisions.c.source_id,
                 t.revisions.c.number.label("revision_number")) \
    .join(t.revisions, t.revisions.c.id == _o.revision_id)


def enqueue(store: Store, db, revision_id: int, targets: list[str]) -> None:
    """Owe `targets` a message about the revision; called inside the revision's own
    transaction (`db` is its connection)."""
    stamp = now()
    for target in targets:
        db.execute(store.insert(t.outbox).values(
            revision_id=revision_id, target=target, state=DeliveryState.PENDING.value,
            next_try_at=stamp).on_conflict_do_nothing())


def due(store: Store, at: str | None = None) -> list[Delivery]:
    """Pending deliveries whose time has come, oldest revision first."""
    rows = store.rows(_SELECT.where(_o.state == DeliveryState.PENDING.value,
                                    _o.next_try_at <= (at or now()))
                      .order_by(_o.revision_id, _o.id))
    return [_delivery(r) for r in rows]


def deliveries(store: Store, target: str | None = None, unsent: bool = False,
               limit: int = 100) -> list[Delivery]:
    """The newest deliveries (of one target, or all; only those not sent, or every one),
    newest first."""
    query = _SELECT.order_by(_o.id.desc()).limit(limit)
    if target is not None:
        query = query.where(_o.target == target)
    if unsent:
        query = query.where(_o.state != DeliveryState.SENT.value)
    return [_delivery(r) for r in store.rows(query)]


def counts(store: Store) -> dict[str, dict[str, int]]:
    """How many deliveries each target has in each state."""
    out: dict[str, dict[str, int]] = {}
    for row in store.rows(select(_o.target, _o.state, func.count().label("n"))
                          .group_by(_o.target, _o.state)):
        out.setdefault(row["target"], {str(s): 0 for s in DeliveryState})[row["state"]] = row["n"]
    return out


LEASE = 300  # seconds a worker holds a delivery it is sending (by default)


def take(store: Store, delivery: Delivery, lease: float = LEASE) -> bool:
    """Claim a due delivery for this worker: True when no other worker took it first
    (several workers on one database each see it due). Unless it is marked sent or failed
    by then, it is due again after `lease` seconds (a worker that died while sending)."""
    with store.transaction() as db:
        return db.execute(update(t.outbox).where(
            _o.id == delivery.id, _o.state == DeliveryState.PENDING.value,
            _o.next_try_at == delivery.next_try_at).values(next_try_at=_later(lease),
                                                             leased=now())
        ).rowcount == 1


def release_leases(store: Store) -> int:
    """Make the deliveries that a dead process left leased due now; how many. Only for a
    store with one writer (SQLite, with its lock held): every lease left is a dead one's."""
    stamp = now()
    with store.transaction() as db:
        return db.execute(update(t.outbox).where(
            _o.state == DeliveryState.PENDING.value, _o.leased.is_not(None))
            .values(next_try_at=stamp, leased=None)).rowcount


def retry(store: Store, target: str | None = None) -> int:
    """Owe again the messages given up or unconfirmed (of one target, or all), as if new;
    how many."""
    query = update(t.outbox).where(_o.state.in_([DeliveryState.FAILED.value,
                                                 DeliveryState.UNCONFIRMED.value]))
    if target is not None:
        query = query.where(_o.target == target)
    with store.transaction() as db:
        return db.execute(query.values(state=DeliveryState.PENDING.value, tries=0,
                                       next_try_at=now(), leased=None)).rowcount


def _later(seconds: float) -> str:
    return (dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=seconds)) \
        .isoformat(timespec="seconds")


def mark_sent(store: Store, delivery: Delivery) -> None:
    with store.transaction() as db:
        db.execute(update(t.outbox).where(_o.id == delivery.id,
                                          _o.state == DeliveryState.PENDING.value)
                   .values(state=DeliveryState.SENT.value, tries=_o.tries + 1, sent_at=now(),
                           last_error=None, leased=None))


def mark_failed(store: Store, delivery: Delivery, error: str, retry_in: float,
                give_up: bool, state: DeliveryState | None = None) -> None:
    """Count a failed try: try again after `retry_in` seconds, or give up (as FAILED,
    or the `state` given)."""
    later = _later(retry_in)
    state = state or (DeliveryState.FAILED if give_up else DeliveryState.PENDING)
    with store.transaction() as db:
        db.execute(update(t.outbox).where(_o.id == delivery.id,
                                          _o.state == DeliveryState.PENDING.value)
                   .values(tries=_o.tries + 1, last_error=error, next_try_at=later,
                           state=state.value, leased=None))


def _delivery(row) -> Delivery:
    return Delivery(id=row["id"], revision_id=row["revision_id"], source_id=row["source_id"],
                    revision_number=row["revision_number"], target=row["target"],
                    state=DeliveryState(row["state"]), tries=row["tries"],
                    next_try_at=row["next_try_at"], last_error=row["last_error"],
                    sent_at=row["sent_at"])
