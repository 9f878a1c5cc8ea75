"""Deliver the outbox: each pending message to its target through apprise, marked sent
once delivered, tried again later (backoff doubling) when it fails, and given up after
the target's `tries`, or at once when the target refuses it for good (a 4xx answer
other than 408 and 429). A failing target never holds up the others.

Delivery is at least once. A process killed after a target took a message but before
the store marked it sent sends it again, so every message carries an id that stays the
same across tries (message_id): a webhook gets it in the X-Rookery-Message-Id header, a
mail as its Message-ID. Everything a try needs is made before the delivery is leased,
so what separates the target taking it from the store knowing is one answer and one
commit. A target that was sent a message but did not answer within its `timeout`
leaves it unconfirmed: not tried again (it most likely arrived), and shown by
`rookery notify status` until `rookery notify retry` sends it again.
"""
from __future__ import annotations

import io
import logging
import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from ..config import Config, NotifyConfig
from ..diffs.publisher import reckon
from ..diffs.publisher_words import lines as publisher_lines
from ..masking import masked
from ..errors import UsageError
from ..feeds.names import source_folder
from ..model import plural
from ..parsers.normalize import plain
from ..store import outbox
from ..store import revisions as revs
from ..store.store import Store
from .message import Announcement, Message, compose

log = logging.getLogger("rookery")

MAX_BACKOFF = 3600.0  # seconds: a failing target is tried at least hourly
ID_HEADER = "X-Rookery-Message-Id"
# apprise schemes that carry our headers: webhooks and mail
HEADER_SCHEMES = {"json", "jsons", "xml", "xmls", "form", "forms", "mailto", "mailtos"}
MAIL_SCHEMES = {"mailto", "mailtos"}
_STATUS = re.compile(r"error=(\d{3})")
_MAIL_IDS = threading.Lock()  # one mail at a time has its Message-ID chosen by us


@dataclass
class DeliveryStats:
    sent: int = 0
    retrying: int = 0  # tries that failed and will be tried again
    given_up: int = 0
    unconfirmed: int = 0  # sent, but no answer in time

    def __str__(self) -> str:
        return (f"{plural(self.sent, 'message')} sent, {self.retrying} to try again, "
                f"{self.given_up} given up" +
                (f", {self.unconfirmed} unconfirmed" if self.unconfirmed else ""))


@dataclass(frozen=True)
class Outcome:
    """How one try went: taken (error None), or why not; `status` is the HTTP status a
    webhook answered with, `unanswered` says the request went out and no answer came."""

    error: str | None = None
    status: int | None = None
    unanswered: bool = False

    @property
    def refused(self) -> bool:
        """Refused for good: the same request would be refused again."""
        return self.status is not None and 400 <= self.status < 500 and \
            self.status not in (408, 429)


def message_id(config: Config, d: outbox.Delivery) -> str:
    """The id of the message `d` owes, the same on every try: source, revision and
    target, at the site's host."""
    host = urlsplit(config.base_url).hostname or "rookery.invalid"
    target = re.sub(r"[^A-Za-z0-9-]+", "-", d.target).strip("-") or "target"
    source = re.sub(r"[^A-Za-z0-9-]+", "-", d.source_id).strip("-") or "source"
    return f"<rookery.{source}.{d.revision_number}.{target}@{host}>"


def lease_for(target: NotifyConfig) -> float:
    """How long a worker holds a message it is sending: longer than any try can take."""
    return 60 + 2 * target.timeout


def deliver(store: Store, config: Config, warned: set[str] | None = None) -> DeliveryStats:
    """Send every message whose time has come; returns what happened. A target that is
    no longer configured is warned of once per `warned` (a long run keeps one set)."""
    import apprise  # noqa: F401 - loaded before any lease is taken, not while holding one

    stats = DeliveryStats()
    warned = set() if warned is None else warned
    if store.is_sqlite and (left := outbox.release_leases(store)):
        log.info("notify: %s left unconfirmed by a stopped process, sent again now "
                 "(same message ids)", plural(left, "message"))
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
        if target.name in failing:
            continue
        if d.revision_id not in said:
            said[d.revision_id] = announcement(store, config, d.revision_id, titles)
        message = compose(said[d.revision_id], target.title,
                          unlisted=target.only == "unlisted")
        if not outbox.take(store, d, lease_for(target)):
            continue  # another worker is sending it
        try:
            outcome = send(target, message, message_id(config, d))
        except UsageError as e:  # an unset variable, a URL apprise cannot use
            outcome = Outcome(error=str(e))
        _settle(store, target, d, outcome, stats, failing)
    return stats


def _settle(store: Store, target: NotifyConfig, d: outbox.Delivery, outcome: Outcome,
            stats: DeliveryStats, failing: set[str]) -> None:
    """Record how a try went, and log it in one line."""
    where = f"{d.source_id} revision {d.revision_number}"
    if outcome.error is None:
        outbox.mark_sent(store, d)
        stats.sent += 1
        log.info("notify %s: sent %s", target.name, where)
        return
    failing.add(target.name)
    tries = d.tries + 1
    if outcome.unanswered:
        outbox.mark_failed(store, d, outcome.error, 0, True, outbox.DeliveryState.UNCONFIRMED)
        stats.unconfirmed += 1
        log.warning("notify %s: %s sent, but no answer within %gs: it may have arrived; "
                    "not sent again (`rookery notify retry` would, with the same id)",
                    target.name, where, target.timeout)
        return
    give_up = tries >= target.tries or outcome.refused
    wait = min(target.backoff * 2 ** (tries - 1), MAX_BACKOFF)
    outbox.mark_failed(store, d, outcome.error, wait, give_up)
    if give_up:
        stats.given_up += 1
        why = "refused for good" if outcome.refused and tries < target.tries else \
            f"after {plural(tries, 'try', 'tries')}"
        log.warning("notify %s: gave up on %s %s: %s; `rookery notify retry` sends it "
                    "again", target.name, where, why, outcome.error)
    else:
        stats.retrying += 1
        log.warning("notify %s: %s not delivered (try %d of %d, next in %ds): %s",
                    target.name, where, tries, target.tries, wait, outcome.error)


def announcement(store: Store, config: Config, revision_id: int,
                 titles: dict[str, str | None] | None = None) -> Announcement:
    """What the message about a stored revision says (`titles`: the sources' titles by
    id, when the caller has read them already)."""
    rev = revs.revision(store, revision_id)
    if titles is None:
        titles = {row.id: row.title for row in store.sources()}
    changes = revs.changes(store, rev)
    before = revs.previous_revision(store, rev)
    said, unlisted = reckon(revs.document(store, before), revs.document(store, rev),
                            changes) if before is not None else (None, [])
    return Announcement(
        source_title=titles.get(rev.source_id) or rev.source_id, label=rev.label,
        date=rev.date, effective=rev.effective, number=rev.number, sections=rev.sections,
        counts={"added": rev.added, "removed": rev.removed, "modified": rev.modified},
        changes=changes, alerts=[(f.type, f.detail) for f in revs.flags(store, rev)],
        page=f"{config.base_url}{source_folder(rev.source_id)}/revisions/{rev.number}.html",
        publisher=tuple(publisher_lines(said)) if said is not None else (),
        unlisted=tuple(unlisted))


def send(target: NotifyConfig, message: Message, ident: str | None = None) -> Outcome:
    """Send one message (with the id `ident`, where the target can carry one)."""
    import apprise

    url = with_settings(target.resolved_url(), target, ident)
    sender = apprise.Apprise(asset=apprise.AppriseAsset(app_id="rookery", app_desc="rookery"))
    with _apprise_log() as said, _mail_id(url, ident):
        if not sender.add(url):
            raise UsageError(f"notify {target.name!r}: {masked(target.resolved_url())} is not "
                             "an apprise URL that this machine can send to")
        ok = sender.notify(title=message.title, body=message.body,
                           body_format=apprise.NotifyFormat.TEXT)
    if ok:
        return Outcome()
    lines = [line for line in said.getvalue().splitlines() if line.strip()]
    warned = [line[2:] for line in lines if line.startswith(("W ", "E "))]
    error = _scrub(warned[-1] if warned else "the target did not take the message",
                   target.resolved_url())
    status = _STATUS.search(" ".join(warned))
    unanswered = any("Read timed out" in line for line in lines)
    if unanswered:
        error = f"no answer within {target.timeout:g} s"
    return Outcome(error=error, status=int(status.group(1)) if status else None,
                   unanswered=unanswered)


def with_settings(url: str, target: NotifyConfig, ident: str | None) -> str:
    """The apprise URL with the target's timeouts (unless it sets its own) and, for
    webhooks and mail, the message id header."""
    scheme = url.split("://", 1)[0].lower()
    query = urlsplit(url).query
    extra = []
    if not re.search(r"(^|&)rto=", query):
        extra.append(f"rto={target.timeout:g}")
    if not re.search(r"(^|&)cto=", query):
        extra.append(f"cto={min(target.timeout, 10):g}")
    if ident and scheme in HEADER_SCHEMES:
        extra.append(f"%2B{ID_HEADER}={quote(ident, safe='')}")
    return url + ("&" if "?" in url else "?") + "&".join(extra)


def send_test(target: NotifyConfig, config: Config) -> str | None:
    """A short message that proves the target is reachable; None when it was taken."""
    return send(target, Message(
        title=f"{target.title}: test message",
        body=f"rookery can reach this target ({target.name}). It will hear of new revisions "
             f"of {', '.join(target.sources) or 'every watched document'}; the changelog is "
             f"at {config.base_url}")).error


@contextmanager
def _mail_id(url: str, ident: str | None):
    """A mail's Message-ID is the message id: apprise makes a new one on every try, so
    while this mail is made its maker is ours (one mail at a time)."""
    if not ident or url.split("://", 1)[0].lower() not in MAIL_SCHEMES:
        yield
        return
    from apprise.plugins.email import base as mail

    with _MAIL_IDS:
        made = getattr(mail, "make_msgid", None)
        if made is None:  # another apprise: the X-Rookery-Message-Id header still says it
            yield
            return
        mail.make_msgid = lambda *a, **k: ident
        try:
            yield
        finally:
            mail.make_msgid = made


@contextmanager
def _apprise_log():
    """What apprise says while sending, kept for our one-line error and not printed."""
    logger = logging.getLogger("apprise")
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setLevel(logging.DEBUG)  # its debug lines tell a timeout from a refusal
    handler.setFormatter(logging.Formatter("%(levelname).1s %(message)s"))
    saved = logger.propagate, logger.level
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.DEBUG)
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
