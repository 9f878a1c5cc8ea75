"""Deliver the outbox: each pending message to its target through apprise, marked sent
once delivered, tried again later (backoff doubling) when it fails, and given up after
the target's `tries`. A failing target never holds up the others."""
from __future__ import annotations

import io
import logging
import re
from contextlib import contextmanager
from dataclasses import dataclass

from ..config import Config, NotifyConfig, masked
from ..errors import UsageError
from ..model import plural
from ..parsers.normalize import plain
from ..store import outbox
from ..store import revisions as revs
from ..store.store import Store
from .message import Announcement, Message, compose

log = logging.getLogger("rookery")

MAX_BACKOFF = 3600.0  # seconds: a failing target is tried at least hourly


@dataclass
class DeliveryStats:
    sent: int = 0
    retrying: int = 0  # tries that failed and will be tried again
    given_up: int = 0

    def __str__(self) -> str:
        return (f"{plural(self.sent, 'message')} sent, {self.retrying} to try again, "
                f"{self.given_up} given up")


def deliver(store: Store, config: Config, warned: set[str] | None = None) -> DeliveryStats:
    """Send every message whose time has come; returns what happened. A target that is
    no longer configured is warned of once per `warned` (a long run keeps one set)."""
    stats = DeliveryStats()
    warned = set() if warned is None else warned
    targets = {t.name: t for t in config.notify}
    titles = {row.id: row.title for row in store.sources()}
    said: dict[int, Announcement] = {}
    failing: set[str] = set()  # targets that failed in this round: not asked again now
    for d in outbox.due(store):
        target = targets.get(d.target)
        if target is None:
            if d.target not in warned:
                warned.add(d.target)
                log.warning("notify %s: no such target in the configuration; its messages "
                            "wait until it is configured again", d.target)
            continue
        if target.name in failing or not outbox.take(store, d):
            continue  # failing this round, or another worker is sending it
        if d.revision_id not in said:
            said[d.revision_id] = announcement(store, config, d.revision_id, titles)
        try:
            error = send(target, compose(said[d.revision_id], target.title))
        except UsageError as e:  # an unset variable, a URL apprise cannot use
            error = str(e)
        where = f"{d.source_id} revision {d.revision_number}"
        if error is None:
            outbox.mark_sent(store, d)
            stats.sent += 1
            log.info("notify %s: sent %s", target.name, where)
            continue
        failing.add(target.name)
        tries = d.tries + 1
        give_up = tries >= target.tries
        wait = min(target.backoff * 2 ** (tries - 1), MAX_BACKOFF)
        outbox.mark_failed(store, d, error, wait, give_up)
        if give_up:
            stats.given_up += 1
            log.warning("notify %s: gave up on %s after %s: %s", target.name, where,
                        plural(tries, "try", "tries"), error)
        else:
            stats.retrying += 1
            log.warning("notify %s: %s not delivered (try %d of %d, next in %ds): %s",
                        target.name, where, tries, target.tries, wait, error)
    return stats


def announcement(store: Store, config: Config, revision_id: int,
                 titles: dict[str, str | None] | None = None) -> Announcement:
    """What the message about a stored revision says (`titles`: the sources' titles by
    id, when the caller has read them already)."""
    rev = revs.revision(store, revision_id)
    if titles is None:
        titles = {row.id: row.title for row in store.sources()}
    return Announcement(
        source_title=titles.get(rev.source_id) or rev.source_id, label=rev.label,
        date=rev.date, effective=rev.effective, number=rev.number, sections=rev.sections,
        counts={"added": rev.added, "removed": rev.removed, "modified": rev.modified},
        changes=revs.changes(store, rev),
        alerts=[(f.type, f.detail) for f in revs.flags(store, rev)],
        page=f"{config.base_url}{rev.source_id}/revisions/{rev.number}.html")


def send(target: NotifyConfig, message: Message) -> str | None:
    """Send one message; None when the target took it, else why not (secrets masked)."""
    import apprise

    url = target.resolved_url()
    sender = apprise.Apprise(asset=apprise.AppriseAsset(app_id="rookery", app_desc="rookery"))
    with _apprise_log() as said:
        if not sender.add(url):
            raise UsageError(f"notify {target.name!r}: {masked(url)} is not an apprise URL "
                             "that this machine can send to")
        ok = sender.notify(title=message.title, body=message.body,
                           body_format=apprise.NotifyFormat.TEXT)
    if ok:
        return None
    lines = [line for line in said.getvalue().splitlines() if line.strip()]
    return _scrub(lines[-1] if lines else "the target did not take the message", url)


def send_test(target: NotifyConfig, config: Config) -> str | None:
    """A short message that proves the target is reachable; None when it was taken."""
    return send(target, Message(
        title=f"{target.title}: test message",
        body=f"rookery can reach this target ({target.name}). It will hear of new revisions "
             f"of {', '.join(target.sources) or 'every watched document'}; the changelog is "
             f"at {config.base_url}"))


@contextmanager
def _apprise_log():
    """What apprise says while sending, kept for our one-line error and not printed."""
    logger = logging.getLogger("apprise")
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setLevel(logging.WARNING)
    saved = logger.propagate, logger.level
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.WARNING)
    try:
        yield buffer
    finally:
        logger.removeHandler(handler)
        logger.propagate, logger.level = saved


def _scrub(text: str, url: str) -> str:
    """`text` without any piece of `url` that masking hides (tokens, passwords, paths)."""
    shown = masked(url)
    rest = url.split("://", 1)[-1]
    for piece in sorted(set(re.split(r"[/:@?&=#]+", rest)), key=len, reverse=True):
        if len(piece) >= 3 and piece not in shown:
            text = text.replace(piece, "***")
    return plain(text)[:300]
