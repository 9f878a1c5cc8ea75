"""A fetch cycle: get each source's bytes, keep them, and record a revision when the
content really changed.

Per URL: a conditional GET (a 304 ends the work); the body is stored whatever it is;
a body that is not the expected format, does not parse, reads with words of its text
in no section, or has lost most of the sections of the last revision is quarantined
(kept, logged, no revision; the next cycle tries again); an unchanged body or unchanged
content records nothing new. Otherwise the new revision is recorded with its changes
against the previous one, and with how sound its reading is (a doubtful one is
published with a notice).
"""
from __future__ import annotations

import email.utils
import logging
import time
from dataclasses import dataclass, field, fields, replace

import requests

from .config import Config, SourceConfig
from .diffs.compare import changes_between
from .diffs.flags import flags_for
from .diffs.publisher import reckon
from .errors import FetchError, ParseError, UsageError, one_line
from .fetchers import Fetched, HttpOptions, fetch
from .fetchers.discover import find_links
from .model import Document, plural
from .notify.targets import concerned
from .parsers import PARSER_VERSION, sniff
from .parsers.cache import content_key
from .parsers.together import Release, parse_releases
from .progress import Progress
from .store import claims
from .store import revisions as revs
from .store.records import FetchOutcome
from .store.store import Store, now

log = logging.getLogger("rookery")


@dataclass
class CycleStats:
    """What one cycle did, for logs, tests and benchmarks."""

    requests: int = 0
    downloads: int = 0  # responses with a body (not 304)
    not_modified: int = 0
    parses: int = 0
    revisions: list = field(default_factory=list)
    quarantined: int = 0
    errors: int = 0
    claimed_elsewhere: int = 0  # sources another worker was fetching
    failed: list = field(default_factory=list)  # ids of sources that failed or were quarantined

    def merge(self, other: "CycleStats") -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


class Quarantine(Exception):
    """A body that must not become a revision; the message says why."""


@dataclass
class Arrival:
    """A new body of a source that parsed: what may become its next revision."""

    source: SourceConfig
    url: str
    started: str  # when its fetch began
    record: dict  # the fetch log's fields for it
    body_sha: str
    doc: Document | None
    link_label: str | None  # the version its discovered link gave
    published_at: str | None  # the server's Last-Modified, as ISO 8601
    note: str = ""  # added to a warning about it

    @property
    def when(self) -> str:
        """The day it took effect: the date it prints, else the day it was published."""
        return self.doc.effective or (self.published_at or self.started)[:10]


class Watcher:
    """Runs fetch cycles of configured sources into one store."""

    def __init__(self, store: Store, config: Config, http: HttpOptions | None = None,
                 progress: Progress | None = None):
        self.store = store
        self.config = config
        http = http or config.fetch
        # a download tried again is an event of the cycle, logged like the others
        self.http = http if http.on_retry else replace(http, on_retry=logged)
        self.session: requests.Session | None = None
        # off a terminal, a long parse is said once, in a line of the log
        self.progress = progress or Progress(enabled=False, say=logged)
        self.parses = config.parse.open_cache()  # shared with `rookery diff`
        self._bodies: dict[str, Fetched] = {}  # bodies received this cycle, by URL
        self._quarantined: set[str] = set()  # URLs whose body this cycle was quarantined

    def cycle(self, sources: list[SourceConfig] | None = None,
              due: str | None = None) -> CycleStats:
        """One cycle over `sources` (default: all configured), one source after another,
        over one HTTP session (connections are reused within the cycle). With `due` (the
        sources' due time, ISO 8601), a source some worker fetched for it is skipped."""
        stats = CycleStats()
        self._bodies, self._quarantined = {}, set()
        with requests.Session() as self.session:
            for source in sources or self.config.sources:
                # several workers on one server database: each source goes to one of them
                with self.store.claim(source.id) as mine:
                    if not mine:
                        stats.claimed_elsewhere += 1
                        log.info("%s: another worker is fetching it; skipped", source.id)
                    elif due is not None and not claims.claim_due(self.store, source.id, due):
                        stats.claimed_elsewhere += 1
                        log.info("%s: fetched for its due time %s already; skipped",
                                 source.id, due)
                    else:
                        stats.merge(self._guarded(source))
                        if due is not None:
                            claims.claim_done(self.store, source.id, due)
        self.session = None
        self._bodies, self._quarantined = {}, set()
        return stats

    def _guarded(self, source: SourceConfig) -> CycleStats:
        """run_source, but whatever goes wrong with one source (a store that went away,
        a fault of ours) is one line in the log and never stops the sources after it."""
        try:
            stats = self.run_source(source)
        except Exception as e:  # noqa: BLE001 - one source must not stop the others
            log.error("%s: not fetched this cycle: %s", source.id, one_line(e))
            log.debug("%s: what failed", source.id, exc_info=True)
            stats = CycleStats(errors=1, failed=[source.id])
        return stats

    def run_source(self, source: SourceConfig) -> CycleStats:
        """One source's fetch. It failed (its id in `failed`) when its document, its
        index page or one of the releases it links could not be had this cycle: no
        answer, or a body quarantined. A release that one link failed to give and
        another gave is no failure."""
        stats = CycleStats()
        self.store.upsert_source(source.id, source.title, source.url, source.format,
                                 source.settings())
        if source.discover is None:
            got = self._receive(source, source.url, stats)
            if isinstance(got, Arrival):
                got = self._settle(got, stats)
            if got in _FAILED:
                stats.failed.append(source.id)
            return stats
        links = self._discover(source, stats)
        arrivals: list[Arrival] = []
        taken: set[str] = set()  # a release is taken once, from the first link that works
        missed: set[str] = set()  # releases a link failed to give
        for link, note in links or ():
            if link.version in taken:
                continue
            got = self._receive(source, link.url, stats, link_label=link.version,
                                conditional=False, failure_note=note)
            if isinstance(got, Arrival) or got == FetchOutcome.UNCHANGED:
                taken.add(link.version)
            if isinstance(got, Arrival):
                arrivals.append(got)
            elif got in _FAILED:
                missed.add(link.version)
        # several releases at once (a first import of an archive) are recorded in the
        # order they took effect, whatever order their links came in
        for arrival in sorted(arrivals, key=lambda a: a.when):
            if self._settle(arrival, stats) in _FAILED:
                missed.add(arrival.link_label)
                taken.discard(arrival.link_label)
        if links is None or missed - taken:
            stats.failed.append(source.id)
        return stats

    # ------------------------------------------------------------ discovery

    def _discover(self, source: SourceConfig, stats: CycleStats):
        """The links of the source's index page still to fetch, with a note for a
        failure's log line; None when the page itself could not be had."""
        page_url = source.discover.page
        started, clock = now(), time.monotonic()
        previous = self.store.last_good_fetch(source.id, page_url)
        try:
            fetched = self._get(page_url, previous, stats)
        except (FetchError, UsageError) as e:
            self._failed(source, page_url, started, clock, e, stats)
            return None
        if fetched.status == 304 and previous is not None:
            body_sha = previous.body_sha256
            page = self.store.body(body_sha)
        else:
            page = fetched.data
            body_sha = self.store.put_body(page, sniff(page), fetched.content_type)
        self.store.record_fetch(source.id, page_url, started, FetchOutcome.INDEX,
                                status=fetched.status,
                                duration_ms=_ms(clock), headers=fetched.headers,
                                size=len(fetched.data), body_sha=body_sha)
        links = find_links(page, fetched.url or page_url, source.discover.pattern)
        if not links and page_url not in self._quarantined:  # one line per bad body
            log.warning("%s: %s links no release matching the discovery pattern (an error "
                        "page?); nothing to fetch", source.id, page_url)
        held = {label for r in revs.revisions(self.store, source.id)
                for label in (r.version, r.link_label) if label}
        fresh = []
        for link in links:
            # a release already held, or already taken this cycle, is not fetched again
            # from another address
            if link.version in held or self.store.seen_url(source.id, link.url):
                continue
            failures, cycles = self.store.link_failures(source.id, link.url, page_url)
            if failures and cycles < _wait(failures):
                continue  # a link that keeps failing waits longer each time
            fresh.append((link, f"; next try in {plural(_wait(failures + 1), 'cycle')}"))
        if fresh:
            log.info("%s: %s linked from %s", source.id,
                     plural(len(fresh), "new release"), page_url)
        return self.progress.track(fresh, f"{source.id}: releases")

    # ------------------------------------------------------------ one URL

    def _get(self, url: str, previous, stats: CycleStats) -> Fetched:
        """The response for `url`: a page that is both a source and another source's
        discovery page is downloaded once a cycle."""
        if url in self._bodies:
            return self._bodies[url]
        stats.requests += 1
        validators = {}
        if previous is not None:
            validators = {"etag": previous.etag, "last_modified": previous.last_modified}
        fetched = fetch(url, session=self.session, options=self.http, **validators)
        if fetched.status == 304:
            stats.not_modified += 1
        else:
            stats.downloads += 1
            self._bodies[url] = fetched
        return fetched

    def _receive(self, source: SourceConfig, url: str, stats: CycleStats,
                 link_label: str | None = None, conditional: bool = True,
                 failure_note: str = "") -> Arrival | str:
        """Fetch one URL of the source, keep the body and parse it: an Arrival that may
        become a revision, or the outcome that ended it (recorded and logged)."""
        started, clock = now(), time.monotonic()
        previous = self.store.last_good_fetch(source.id, url) if conditional else None
        try:
            fetched = self._get(url, previous, stats)
        except (FetchError, UsageError) as e:
            return self._failed(source, url, started, clock, e, stats, failure_note)
        record = {"status": fetched.status, "duration_ms": _ms(clock),
                  "headers": fetched.headers, "size": len(fetched.data)}
        if fetched.status == 304:
            self.store.record_fetch(source.id, url, started, FetchOutcome.NOT_MODIFIED, **record)
            log.info("%s: not modified since the last fetch", source.id)
            return FetchOutcome.NOT_MODIFIED
        found = sniff(fetched.data)
        body_sha = self.store.put_body(fetched.data, found, fetched.content_type)
        record["body_sha"] = body_sha
        latest = revs.latest_revision(self.store, source.id)
        if latest is not None and latest.body_sha256 == body_sha:
            self.store.record_fetch(source.id, url, started, FetchOutcome.UNCHANGED, **record)
            log.info("%s: same bytes as %s", source.id, _name(latest))
            return FetchOutcome.UNCHANGED
        arrival = Arrival(source, url, started, record, body_sha, None, link_label,
                          _http_date(fetched.headers), failure_note)
        try:
            arrival.doc = self._parse(source, fetched.data, found, body_sha, url, stats)
        except UsageError as e:  # the source's own settings are wrong: say so, go on
            return self._failed(source, url, started, clock, e, stats)
        except (Quarantine, ParseError) as e:
            return self._quarantine(arrival, e, stats)
        return arrival

    def _settle(self, arrival: Arrival, stats: CycleStats) -> str:
        """Record an arrival as the source's next revision, unless it is the latest one's
        content again or has lost most of its sections."""
        source, doc, url = arrival.source, arrival.doc, arrival.url
        latest = revs.latest_revision(self.store, source.id)
        previous_doc = revs.document(self.store, latest) if latest else None
        if previous_doc is not None and \
                len(doc.sections) < source.min_sections * len(previous_doc.sections):
            return self._quarantine(arrival, Quarantine(
                f"only {plural(len(doc.sections), 'section')} where {_name(latest)} had "
                f"{len(previous_doc.sections)}; a broken or partial page?"), stats)
        diff = changes_between(previous_doc, doc) if previous_doc else None
        if diff is not None and not diff.changes and \
                (doc.version, doc.effective) == (latest.version, latest.effective):
            self.store.record_fetch(source.id, url, arrival.started, FetchOutcome.UNCHANGED,
                                    **arrival.record)
            log.info("%s: new bytes, same content as %s", source.id, _name(latest))
            return FetchOutcome.UNCHANGED
        # alerts only for what becomes a revision: they read the other sources' sections,
        # as those documents stood when this release and the one before took effect
        others = self._other_documents(source.id, arrival.when)
        before = self._other_documents(source.id, latest.as_of) if latest else others
        flags = flags_for(diff, doc, others, before)
        told = concerned(self.config.notify, source.id, latest is None,
                         diff.changes if diff else [], flags,
                         unlisted=lambda: reckon(previous_doc, doc, diff.changes)[1])
        try:
            revision = revs.add_revision(self.store, source.id, doc, diff, arrival.body_sha,
                                         url, published_at=arrival.published_at,
                                         link_label=arrival.link_label, flags=flags,
                                         others=others, notify=told, after=latest)
        except revs.AlreadyRecorded as e:
            self.store.record_fetch(source.id, url, arrival.started, FetchOutcome.UNCHANGED,
                                    **arrival.record)
            log.info("%s: %s was recorded meanwhile", source.id, _name(e.latest))
            return FetchOutcome.UNCHANGED
        self.store.record_fetch(source.id, url, arrival.started, FetchOutcome.REVISION,
                                revision_id=revision.id, **arrival.record)
        stats.revisions.append(revision)
        log.info("%s: %s", source.id, describe_revision(revision))
        if doc.reading is not None and doc.reading.doubtful:
            log.warning("%s: revision %d: %s", source.id, revision.number,
                        doc.reading.notice(doc.format))
        for flag in flags:
            log.warning("%s: revision %d: %s: %s", source.id, revision.number, flag.type,
                        flag.detail)
        return FetchOutcome.REVISION

    def _quarantine(self, arrival: Arrival, error: Exception, stats: CycleStats) -> str:
        stats.quarantined += 1
        self._quarantined.add(arrival.url)
        self.store.record_fetch(arrival.source.id, arrival.url, arrival.started,
                                FetchOutcome.QUARANTINED,
                                detail=str(error), **arrival.record)
        log.warning("%s: %s quarantined, no revision recorded: %s%s", arrival.source.id,
                    arrival.url, _plain(str(error), arrival.url), arrival.note)
        return FetchOutcome.QUARANTINED

    def _other_documents(self, source_id: str, day: str) -> list[Document]:
        """The other watched documents as they stood on `day` (an ISO date): a release
        can only contradict what was in force beside it. A source with nothing by then
        is left out."""
        others = []
        for row in self.store.sources():
            if row.id == source_id:
                continue
            current = revs.revision_on(self.store, row.id, day)
            if current is not None:
                doc = revs.document(self.store, current)
                doc.source = row.id
                others.append(doc)
        return others

    def _parse(self, source: SourceConfig, data: bytes, found: str | None, body_sha: str,
               url: str, stats: CycleStats) -> Document:
        if source.format != "auto" and found is not None and found != source.format:
            raise Quarantine(f"{found.upper()} where a {source.format.upper()} was expected "
                             "(an error page?)")
        options = self.config.parse.read_options(remove=source.remove,
                                                 pdf_reader=self.config.pdf_reader)
        key = content_key(data, source.format, source.remove, options.pdf_reader)
        doc = self.store.parsed(key, PARSER_VERSION)
        if doc is None:
            stats.parses += 1
            try:  # in a process of its own, within the memory and time one parse may take
                doc = parse_releases([Release(data, url, source.format, self.progress.pages(
                    f"{source.id}: reading"))], self.parses, options)[0]
            except (ParseError, UsageError):
                raise
            except Exception as e:  # noqa: BLE001 - a reader's fault on a hostile body
                raise Quarantine(f"the {found or source.format} reader failed on it "
                                 f"({one_line(e)}); kept for a report") from None
            self.store.put_parsed(key, body_sha, PARSER_VERSION, doc)
        doc.source = url
        words = doc.reading.words if doc.reading is not None else None
        if words is not None and words.lost:
            where = "; ".join(f"{place}: {text}" for place, text in words.lost_at[:2])
            raise Quarantine(f"{plural(words.lost, 'word')} of its text in no section "
                             f"({where}): a reading that loses words is not published")
        return doc

    def _failed(self, source, url, started, clock, error, stats, note: str = "") -> str:
        stats.errors += 1
        self.store.record_fetch(source.id, url, started, FetchOutcome.ERROR,
                                duration_ms=_ms(clock),
                                detail=str(error))
        log.warning("%s: fetch failed, nothing recorded: %s%s", source.id, error, note)
        return FetchOutcome.ERROR


_FAILED = (FetchOutcome.ERROR, FetchOutcome.QUARANTINED)  # outcomes that fail a source
MAX_WAIT_CYCLES = 32


def _wait(failures: int) -> int:
    """Cycles to let pass before trying a failing link again: 1, 2, 4 ... at most 32."""
    return min(2 ** max(failures - 1, 0), MAX_WAIT_CYCLES)


def logged(line: str) -> None:
    """A line of news from long work, in the log (see progress.Progress)."""
    log.info("%s", line)


def describe_revision(rev: revs.Revision) -> str:
    what = (f"{rev.added} added, {rev.removed} removed, {rev.modified} modified"
            if rev.number > 1 else plural(rev.sections, "section"))
    effective = f", {rev.effective_note}" if rev.effective_note else ""
    return f"revision {rev.number} ({rev.label}{effective}) recorded: {what}"


def _name(rev: revs.Revision) -> str:
    return f"revision {rev.number} ({rev.label})"


def _plain(message: str, url: str) -> str:
    return message[len(url) + 2:] if message.startswith(url + ": ") else message


def _ms(clock: float) -> int:
    return int((time.monotonic() - clock) * 1000)


def _http_date(headers: dict) -> str | None:
    value = (headers or {}).get("last-modified")
    if not value:
        return None
    try:
        return email.utils.parsedate_to_datetime(value).isoformat(timespec="seconds")
    except (TypeError, ValueError):
        return None
