"""The notification outbox: a delivery per revision and notify target, written in the
same transaction as the revision (see revisions.add_revision), so a revision that is
recorded is announced even if the process dies before it sends anything, and a
delivery marked sent is never sent again."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from .store import Store, now


class DeliveryState(StrEnum):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"  # given up after its tries


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


_SELECT = ("SELECT o.*, r.source_id, r.number AS revision_number FROM outbox o "
           "JOIN revisions r ON r.id = o.revision_id")


def enqueue(db, revision_id: int, targets: list[str]) -> None:
    """Owe `targets` a message about the revision; called inside the revision's own
    transaction (`db` is its connection)."""
    stamp = now()
    db.executemany("INSERT OR IGNORE INTO outbox (revision_id, target, state, next_try_at) "
                   "VALUES (?, ?, 'pending', ?)",
                   [(revision_id, t, stamp) for t in targets])


def due(store: Store, at: str | None = None) -> list[Delivery]:
    """Pending deliveries whose time has come, oldest revision first."""
    rows = store.db.execute(f"{_SELECT} WHERE o.state = 'pending' AND o.next_try_at <= ? "
                            "ORDER BY o.revision_id, o.id", (at or now(),)).fetchall()
    return [_delivery(r) for r in rows]


def deliveries(store: Store, target: str | None = None, unsent: bool = False,
               limit: int = 100) -> list[Delivery]:
    """The newest deliveries (of one target, or all; only those not sent, or every one),
    newest first."""
    where, args = ["1 = 1"], []
    if target is not None:
        where.append("o.target = ?")
        args.append(target)
    if unsent:
        where.append("o.state != 'sent'")
    rows = store.db.execute(f"{_SELECT} WHERE {' AND '.join(where)} ORDER BY o.id DESC "
                            "LIMIT ?", (*args, limit)).fetchall()
    return [_delivery(r) for r in rows]


def counts(store: Store) -> dict[str, dict[str, int]]:
    """How many deliveries each target has in each state."""
    out: dict[str, dict[str, int]] = {}
    for target, state, n in store.db.execute(
            "SELECT target, state, count(*) FROM outbox GROUP BY target, state"):
        out.setdefault(target, {str(s): 0 for s in DeliveryState})[state] = n
    return out


def mark_sent(store: Store, delivery: Delivery) -> None:
    with store.transaction() as db:
        db.execute("UPDATE outbox SET state = 'sent', tries = tries + 1, sent_at = ?, "
                   "last_error = NULL WHERE id = ? AND state = 'pending'", (now(), delivery.id))


def mark_failed(store: Store, delivery: Delivery, error: str, retry_in: float,
                give_up: bool) -> None:
    """Count a failed try: try again after `retry_in` seconds, or give up."""
    later = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=retry_in)) \
        .isoformat(timespec="seconds")
    with store.transaction() as db:
        db.execute("UPDATE outbox SET tries = tries + 1, last_error = ?, next_try_at = ?, "
                   "state = ? WHERE id = ? AND state = 'pending'",
                   (error, later, "failed" if give_up else "pending", delivery.id))


def _delivery(row) -> Delivery:
    return Delivery(id=row["id"], revision_id=row["revision_id"], source_id=row["source_id"],
                    revision_number=row["revision_number"], target=row["target"],
                    state=DeliveryState(row["state"]), tries=row["tries"],
                    next_try_at=row["next_try_at"], last_error=row["last_error"],
                    sent_at=row["sent_at"])
