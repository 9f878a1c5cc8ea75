"""Configuration: one TOML file (`rookery.toml`), with defaults that work.

Where it is read from: --config, else $ROOKERY_CONFIG, else ./rookery.toml, else the
defaults shipped with rookery (default.toml: A Game of Thrones 2nd edition on ThronesDB).
The data directory comes from --data, else $ROOKERY_DATA, else the file's `data` key.

Every key is declared once in KEYS, with its type and what it means: validation (unknown
keys are refused with the list of the allowed ones, wrong types named), `rookery config
--keys` and the README's tables all come from there.
"""
from __future__ import annotations

import datetime as dt
import os
import re
import tomllib
import unicodedata
import zoneinfo
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .errors import UsageError
from .feeds.names import RESERVED as SITE_FILES
from .fetchers.base import HttpOptions
from .masking import masked, password_masked
from .parsers import FORMATS as READ_FORMATS
from .parsers.cache import DEFAULT_SIZE as CACHE_SIZE
from .parsers.limits import PARSE_DEADLINE, PARSE_MEMORY

FORMATS = (*READ_FORMATS, "auto")
MIN_PARSE_MEMORY = 64 * 1024 * 1024
PDF_READERS = ("pdfium", "pdfplumber")
_DURATION = re.compile(r"^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$")


@dataclass(frozen=True)
class Key:
    name: str
    type: type | tuple
    help: str


# table → its keys; "" is the top level
KEYS: dict[str, list[Key]] = {
    "": [
        Key("data", str, "the data directory, where the store lives (relative to the file)"),
        Key("site", str, "the output folder of the published site (relative to the file)"),
        Key("base_url", str, "the address the site is served from, for absolute links in "
                             "feeds and messages"),
        Key("database", str, "`sqlite:///PATH` puts the SQLite file elsewhere (default: "
                             "`rookery.db` in `data`); `postgresql://user@host/db` keeps the "
                             "store in PostgreSQL"),
        Key("timezone", str, "the IANA time zone (`UTC`, `Europe/Paris`) in which a revision's "
                             "date is told: in `history`, `search`, pages and `SOURCE@DATE` "
                             "(default `UTC`); instants stay UTC in the store and feeds"),
        Key("author", str, "who publishes the site: the author its Atom and RSS feeds name "
                           "(default `rookery`)"),
        Key("pdf_reader", str, "which library reads a PDF's characters: `pdfium` (default, "
                               "fast) or `pdfplumber`"),
        Key("cards", str, "a card list (CSV with a `name` or `title` column, or a JSON array "
                          "of names or of objects with `name`), as a card database exports "
                          "it: names to find beyond those errata and lists cite (relative to "
                          "the file)"),
        Key("fetch", dict, "the table of fetch settings (below)"),
        Key("parse", dict, "the table of parse settings (below)"),
        Key("source", list, "one `[[source]]` table per watched document"),
        Key("notify", list, "one `[[notify]]` table per place that hears of new revisions"),
    ],
    "fetch": [
        Key("timeout", (int, float), "seconds to connect, and between bytes read (default 30)"),
        Key("retries", int, "retries on connection errors, 5xx and 429 (default 3)"),
        Key("backoff", (int, float), "first wait before a retry, in seconds, doubling each "
                                     "time, with jitter (default 2)"),
        Key("max_size", int, "bytes; a larger body is refused (default 50 MB)"),
        Key("deadline", (int, float), "seconds by which a fetch of one address is over, "
                                      "however slowly the server sends its headers or body, "
                                      "retries and their waits included (default 300)"),
        Key("user_agent", str, "the User-Agent sent (default: rookery's own, naming the "
                               "project)"),
    ],
    "parse": [
        Key("cache", str, "the folder where parsed releases are kept, so a release is read "
                          "once (default: the user's cache folder, "
                          "`~/.cache/rookery/parses` on Linux; `$ROOKERY_CACHE` overrides "
                          "it)"),
        Key("cache_size", int, "bytes the parse cache may hold, the least recently used "
                               "parses going first (default 256 MB); 0 keeps no cache"),
        Key("workers", int, "processes that read a long PDF's pages where that pays (not "
                            "PDFium's with the compiled loops), or two releases side by "
                            "side, at once (default: one per core); 1 reads one release at "
                            "a time, its pages in one process"),
        Key("memory", int, "bytes of memory the reading of one release may take, in a "
                           "process of its own (default 1 GB: two at once fit a 4 GB "
                           "machine); a release that needs more is refused, and quarantined "
                           "by a fetch; 0: no ceiling (and with `deadline` 0 too, releases "
                           "are read in rookery's own process, as a debugger wants)"),
        Key("deadline", (int, float), "seconds the reading of one release may take (default "
                                      "300); a release still being read then is refused, "
                                      "and quarantined by a fetch; 0: no deadline"),
    ],
    "source": [
        Key("id", str, "the source's stable name: lower-case letters, digits, `.`, `-`, `_`; "
                       "not a name the site keeps for its own files (`index.html`, "
                       "`feed.atom`, `feed.rss`, `style.css`, `cards`)"),
        Key("title", str, "how pages, feeds and messages name it, as written (dashes and "
                           "quotes kept)"),
        Key("url", str, "the document's address, or a file path (relative to the file); "
                         "or give `discover`"),
        Key("format", str, "`html`, `pdf`, `text`, `docx` (Word) or `auto`; a body of "
                           "another format is quarantined"),
        Key("every", str, "how often to fetch: `30m`, `6h`, `1d`, `1h30m` (default `6h`)"),
        Key("cron", str, "instead of `every`: a crontab line"),
        Key("remove", list, "CSS selectors of elements to leave out before parsing (a site's "
                            "own notes)"),
        Key("discover", dict, "`{ page, pattern }`: fetch each link of `page` whose address "
                              "matches `pattern` (with a named group `version`) once, as a new "
                              "revision labelled with that version"),
        Key("min_sections", (int, float), "a body with fewer sections than this share of the "
                                          "last revision's is quarantined (default 0.5)"),
        Key("publisher", str, "who publishes the document: the author its own feeds name "
                              "(default: `author`)"),
    ],
    "discover": [
        Key("page", str, "(in `discover`) the page whose links announce releases (an "
                          "address, or a file path relative to the file)"),
        Key("pattern", str, "(in `discover`) a regular expression with `(?P<version>...)`"),
    ],
    "notify": [
        Key("url", str, "an apprise URL (`json://host/path`, `mailto://user:pass@host`, "
                        "`discord://...`, `ntfy://...`), or `env:NAME` to read it from the "
                        "environment variable NAME"),
        Key("name", str, "how `rookery notify` names this target (default: its scheme and "
                         "number, `json-1`)"),
        Key("sources", list, "only these source ids (default: every source)"),
        Key("sections", list, "only revisions that change these sections: numbers (`1.2`, "
                              "`702.138`) or words of titles"),
        Key("cards", list, "only revisions that change what is said of these cards (names "
                           "as `rookery card` takes them)"),
        Key("only", str, "`changes` (default): every revision that changed something; "
                         "`alerts`: only revisions that raise a ruling alert; `unlisted`: "
                         "only revisions that change what their release neither lists nor "
                         "marks, and only those changes"),
        Key("title", str, "how messages name themselves (default: `rookery`)"),
        Key("tries", int, "deliveries tried before a message is given up (default 5)"),
        Key("backoff", (int, float), "seconds before a failed message is tried again, "
                                     "doubling with each failure, at most an hour "
                                     "(default 60)"),
        Key("timeout", (int, float), "seconds to wait for the target to connect, and then "
                                     "to answer a message it was sent (default 30); no answer "
                                     "in time leaves the message unconfirmed"),
    ],
}


def key_names(table: str) -> set[str]:
    return {k.name for k in KEYS[table]}


@dataclass(frozen=True)
class ParseSettings:
    """The [parse] table: where parses are cached, how much, how many processes read at
    once, and what one parse may take."""

    cache: Path | None = None  # None: the user's cache folder (parsers.cache)
    cache_size: int = CACHE_SIZE
    workers: int = 0  # 0: one per core
    memory: int = PARSE_MEMORY  # bytes one parse may take, in its own process; 0: any
    deadline: float = PARSE_DEADLINE  # seconds one parse may take; 0: any

    def read_options(self, **more):
        """The reading options these settings give (workers and ceilings), with `more`."""
        from .parsers import ReadOptions

        return ReadOptions(workers=self.workers, memory=self.memory,
                           deadline=self.deadline, **more)

    def open_cache(self):
        """The parse cache these settings describe (in memory only at size 0)."""
        from .parsers import parse_cache

        return parse_cache(self.cache, self.cache_size)


@dataclass(frozen=True)
class Discover:
    """Find versioned files by the links of an index page."""

    page: str
    pattern: str


@dataclass(frozen=True)
class SourceConfig:
    id: str
    title: str
    url: str | None
    format: str = "auto"
    every: str | None = "6h"
    cron: str | None = None
    remove: tuple[str, ...] = ()
    discover: Discover | None = None
    # a body with fewer sections than this share of the last revision's is quarantined
    min_sections: float = 0.5
    publisher: str | None = None  # who publishes the document: its feeds' author

    @property
    def interval_seconds(self) -> int | None:
        return duration_seconds(self.every) if self.every and not self.cron else None

    def settings(self) -> dict:
        return {"url": self.url, "format": self.format, "every": self.every, "cron": self.cron,
                "remove": list(self.remove), "min_sections": self.min_sections,
                "discover": vars(self.discover) if self.discover else None}


@dataclass(frozen=True)
class NotifyConfig:
    """A place that hears of new revisions (see notify/)."""

    name: str
    url: str  # as configured: an apprise URL or "env:NAME"
    sources: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    only: str = "changes"
    title: str = "rookery"
    tries: int = 5
    backoff: float = 60.0
    timeout: float = 30.0

    @property
    def shown_url(self) -> str:
        """The URL as logs and listings may show it (secrets masked)."""
        return masked(self.url)

    def resolved_url(self) -> str:
        """The apprise URL, read from the environment for `env:NAME`."""
        if not self.url.startswith("env:"):
            return self.url
        value = os.environ.get(self.url[4:], "").strip()
        if not value:
            raise UsageError(f"notify target {self.name!r}: the environment variable "
                             f"{self.url[4:]} is not set; export it, or give the URL")
        return value


@dataclass
class Config:
    data: Path
    site: Path
    base_url: str
    sources: list[SourceConfig]
    fetch: HttpOptions = field(default_factory=HttpOptions)  # the [fetch] table
    database: str | None = None
    path: Path | None = None  # the file it came from (None: the shipped defaults)
    timezone: str = "UTC"  # the zone a revision's day is told in
    author: str = "rookery"  # who publishes the site: the author of its feeds
    pdf_reader: str = "pdfium"
    notify: list[NotifyConfig] = field(default_factory=list)
    parse: ParseSettings = field(default_factory=ParseSettings)  # the [parse] table
    cards: Path | None = None  # the operator's card list (cards/catalog.py reads it)

    def card_names(self) -> list[str]:
        """The names of the configured card list (none without one)."""
        from .cards.catalog import load

        return load(self.cards) if self.cards else []

    @property
    def zone(self) -> dt.tzinfo:
        return zoneinfo.ZoneInfo(self.timezone)

    @property
    def db_file(self) -> Path:
        """The SQLite file: `database = "sqlite:///path"`, else rookery.db in `data`."""
        if self.database and self.database.startswith("sqlite:///"):
            return Path(self.database[len("sqlite:///"):])
        return self.data / "rookery.db"

    @property
    def database_url(self) -> str:
        """The store's database as a URL (SQLite in `data` unless `database` says)."""
        return self.database or f"sqlite:///{self.db_file}"

    def open_store(self, readonly: bool = False):
        from .store import Store

        return Store(self.data, readonly=readonly, db_file=self.db_file, zone=self.zone,
                     url=self.database)

    @property
    def has_store(self) -> bool:
        """Is there a store to read yet? (A server database is taken to exist.)"""
        return self.db_file.exists() if self.is_sqlite else True

    @property
    def is_sqlite(self) -> bool:
        return not self.database or self.database.startswith("sqlite:")

    def source(self, source_id: str) -> SourceConfig:
        for s in self.sources:
            if s.id == source_id:
                return s
        known = ", ".join(s.id for s in self.sources) or "none"
        raise UsageError(f"no source {source_id!r} in the configuration (sources: {known})")


def default_toml() -> str:
    return resources.files("rookery").joinpath("default.toml").read_text(encoding="utf-8")


def load_config(path: str | Path | None = None, data: str | Path | None = None) -> Config:
    """The configuration in force (see the module doc for where it comes from)."""
    chosen = path or os.environ.get("ROOKERY_CONFIG")
    if not chosen and Path("rookery.toml").exists():
        chosen = "rookery.toml"
    if chosen:
        try:
            text = Path(chosen).read_text(encoding="utf-8")
        except OSError as e:
            raise UsageError(f"cannot read the configuration {chosen} ({e.strerror or e})") from None
        base = Path(chosen).resolve().parent
    else:
        text, base = default_toml(), Path.cwd()
    # the built-in sources' CSS selectors are ours, and a test compiles them; only a
    # file's are compiled as it is read, so a command that fetches nothing (`rookery
    # diff` of two files) does not load lxml's selector module for them
    config = parse_config(text, base, where=str(chosen or "the default configuration"),
                          check_selectors=bool(chosen))
    config.path = Path(chosen) if chosen else None
    data = data or os.environ.get("ROOKERY_DATA")
    if data:
        config.data = Path(data)
    return config


def parse_config(text: str, base: Path, where: str = "rookery.toml",
                 check_selectors: bool = True) -> Config:
    """The configuration in `text`; every key checked, and every source's CSS selectors
    compiled unless `check_selectors` is off."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise UsageError(f"{where}: not valid TOML ({e})") from None
    _check(raw, "", where)
    fetch = raw.get("fetch", {})
    _check(fetch, "fetch", f"{where} [fetch]")
    parse = raw.get("parse", {})
    _check(parse, "parse", f"{where} [parse]")
    sources = [_source(s, base, where, check_selectors) for s in raw.get("source", [])]
    _unique([s.id for s in sources], "source ids", where)
    targets = [_notify(t, k, where) for k, t in enumerate(raw.get("notify", []), 1)]
    _unique([t.name for t in targets], "notify names", where)
    known = {s.id for s in sources}
    for t in targets:
        unknown = sorted(set(t.sources) - known)
        if unknown:
            raise UsageError(f"{where} notify {t.name!r}: no source {', '.join(unknown)} "
                             f"(sources: {', '.join(sorted(known)) or 'none'})")
    reader = raw.get("pdf_reader", "pdfium")
    if reader not in PDF_READERS:
        raise UsageError(f"{where}: pdf_reader must be one of {', '.join(PDF_READERS)}")
    return Config(
        data=base / raw.get("data", "rookery-data"),
        site=base / raw.get("site", "site"),
        base_url=str(raw.get("base_url", "http://localhost:8000/")).rstrip("/") + "/",
        database=_database(raw.get("database"), base, where),
        timezone=_timezone(raw.get("timezone", "UTC"), where),
        author=as_written(raw.get("author", "rookery")) or "rookery",
        pdf_reader=reader,
        sources=sources,
        fetch=_fetch_options(fetch, where),
        notify=targets,
        parse=_parse_settings(parse, base, where),
        cards=base / raw["cards"] if raw.get("cards") else None,
    )


def _database(database: str | None, base: Path, where: str) -> str | None:
    if database is None:
        return None
    if database.startswith("sqlite:///"):
        return "sqlite:///" + str(base / database[len("sqlite:///"):])
    if re.match(r"^postgres(ql)?(\+psycopg)?://", database):
        return database
    raise UsageError(f"{where}: database = {password_masked(database)!r}: give sqlite:///PATH or "
                     "postgresql://user@host/db, or leave it out to keep the store in `data`")


def _source(raw: dict, base: Path, where: str, check_selectors: bool = True) -> SourceConfig:
    if not isinstance(raw, dict):
        raise UsageError(f"{where}: each [[source]] must be a table")
    here = f"{where} source {raw.get('id', '?')!r}"
    _check(raw, "source", here)
    if not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", str(raw.get("id", ""))):
        raise UsageError(f"{here}: `id` is required: lower-case letters, digits, '.', '-', '_'")
    if raw["id"] in SITE_FILES:
        raise UsageError(f"{here}: the published site keeps the name {raw['id']!r} for its own "
                         f"files ({', '.join(SITE_FILES)}); choose another id, such as "
                         f"{raw['id'].partition('.')[0] + '-rules'!r}")
    discover = raw.get("discover")
    if discover is not None:
        _check(discover, "discover", f"{here} discover")
        if not {"page", "pattern"} <= set(discover):
            raise UsageError(f"{here}: discover needs both `page` and `pattern`")
        try:
            compiled = re.compile(discover["pattern"])
        except re.error as e:
            raise UsageError(f"{here}: discover pattern is not a regular expression ({e})") from None
        if "version" not in compiled.groupindex:
            raise UsageError(f"{here}: discover pattern needs a named group (?P<version>...)")
        discover = Discover(page=_located(discover["page"], base), pattern=discover["pattern"])
    if bool(raw.get("url")) == bool(discover):
        raise UsageError(f"{here}: give either `url` or `discover`, not both or neither")
    fmt = raw.get("format", "auto")
    if fmt not in FORMATS:
        raise UsageError(f"{here}: format must be one of {', '.join(FORMATS)}")
    if "every" in raw and "cron" in raw:
        raise UsageError(f"{here}: give `every` or `cron`, not both")
    every = raw.get("every", None if "cron" in raw else "6h")
    if every is not None and duration_seconds(every) is None:
        raise UsageError(f"{here}: every = {every!r} is not a duration like \"30m\", \"6h\", \"1d\"")
    cron = raw.get("cron")
    if cron is not None:
        _check_cron(cron, here)
    remove = raw.get("remove", [])
    if not all(isinstance(r, str) for r in remove):
        raise UsageError(f"{here}: remove must be a list of CSS selectors")
    if remove and check_selectors:
        from lxml.cssselect import CSSSelector, SelectorError  # only when a source removes

        for selector in remove:
            try:
                CSSSelector(selector)
            except SelectorError as e:
                raise UsageError(f"{here}: remove = {selector!r} is not a CSS selector ({e})") from None
    url = raw.get("url")
    if url is not None and not re.match(r"^(https?|file)://|^[^:]*$", url):
        raise UsageError(f"{here}: url = {url!r}: give an http(s) address or a file path")
    url = _located(url, base) if url else url
    min_sections = float(raw.get("min_sections", 0.5))
    if not 0 <= min_sections <= 1:
        raise UsageError(f"{here}: min_sections must be between 0 and 1 (a share)")
    return SourceConfig(id=raw["id"], title=as_written(raw.get("title", raw["id"])) or raw["id"],
                        url=url, format=fmt, every=every, cron=cron, remove=tuple(remove),
                        discover=discover, min_sections=min_sections,
                        publisher=as_written(raw["publisher"]) if raw.get("publisher") else None)


def _notify(raw: dict, number: int, where: str) -> NotifyConfig:
    if not isinstance(raw, dict):
        raise UsageError(f"{where}: each [[notify]] must be a table")
    url = str(raw.get("url", ""))
    scheme = url.split(":", 1)[0] if ":" in url else "notify"
    name = raw.get("name", f"{scheme}-{number}")
    here = f"{where} notify {name!r}"
    _check(raw, "notify", here)
    if not url or not re.match(r"^(env:[A-Za-z_][A-Za-z0-9_]*|[a-z][a-z0-9+.-]*://.+)$", url):
        raise UsageError(f"{here}: `url` is required: an apprise URL such as "
                         "json://host/path or mailto://user@host, or env:VARIABLE")
    only = raw.get("only", "changes")
    if only not in ("changes", "alerts", "unlisted"):
        raise UsageError(f"{here}: only must be \"changes\", \"alerts\" or \"unlisted\"")
    for key in ("sources", "sections", "cards"):
        if not all(isinstance(v, str) and v.strip() for v in raw.get(key, [])):
            raise UsageError(f"{here}: {key} must be a list of words")
    tries = raw.get("tries", 5)
    if tries < 1:
        raise UsageError(f"{here}: tries = {tries} is out of range (at least 1)")
    backoff = raw.get("backoff", 60.0)
    if backoff < 0:
        raise UsageError(f"{here}: backoff = {backoff} is out of range (0 or more seconds)")
    timeout = raw.get("timeout", 30.0)
    if timeout <= 0:
        raise UsageError(f"{here}: timeout = {timeout} is out of range (more than 0 seconds)")
    return NotifyConfig(name=name, url=url, sources=tuple(raw.get("sources", ())),
                        sections=tuple(raw.get("sections", ())),
                        cards=tuple(raw.get("cards", ())), only=only,
                        title=as_written(raw.get("title", "rookery")) or "rookery", tries=tries,
                        backoff=float(backoff), timeout=float(timeout))


def _located(location: str, base: Path) -> str:
    """A source's address as fetched: a relative file path is read from the
    configuration's folder, as `data` and `site` are, whatever folder rookery runs in."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]+://", location):
        return location
    path = Path(location).expanduser()
    return str(path if path.is_absolute() else base / path)


def as_written(name: str) -> str:
    """A name the configuration gives (a source's title, an author) as every output shows
    it: as the operator wrote it, dashes, quotes and all (a document's text is normalized,
    a name is not), but on one line and without control or format characters, which can
    rewrite a terminal's title, break XML, or (a direction override) show it reordered."""
    kept = "".join(" " if unicodedata.category(c) == "Cc" else c for c in name
                   if unicodedata.category(c) not in ("Cf", "Cs"))
    return " ".join(kept.split())


def duration_seconds(text: str) -> int | None:
    m = _DURATION.match(str(text).strip())
    if not m or not any(m.groups()):
        return None
    d, h, mi, s = (int(g or 0) for g in m.groups())
    total = ((d * 24 + h) * 60 + mi) * 60 + s
    return total or None


def _check_cron(expression: str, here: str) -> None:
    from apscheduler.triggers.cron import CronTrigger

    try:
        CronTrigger.from_crontab(expression)
    except ValueError as e:
        raise UsageError(f"{here}: cron = {expression!r} is not a crontab line ({e})") from None


def _timezone(name: str, where: str) -> str:
    try:
        zoneinfo.ZoneInfo(name)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        raise UsageError(f"{where}: timezone = {name!r} is not a time zone; give an IANA name "
                         "such as \"UTC\", \"Europe/Paris\" or \"America/Los_Angeles\"") from None
    return name


_NAMES = {str: "a string", dict: "a table", list: "a list", int: "a whole number",
          (int, float): "a number"}


def _check(table: dict, kind: str, where: str) -> None:
    """Unknown keys refused with the allowed ones; each known key of its declared type."""
    unknown = sorted(set(table) - key_names(kind))
    if unknown:
        raise UsageError(f"{where}: unknown key{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)}; allowed: {', '.join(sorted(key_names(kind)))}")
    for key in KEYS[kind]:
        value = table.get(key.name)
        if key.name in table and (not isinstance(value, key.type) or isinstance(value, bool)):
            raise UsageError(f"{where}: {key.name} = {value!r} should be {_NAMES[key.type]}")


def _unique(names: list[str], what: str, where: str) -> None:
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise UsageError(f"{where}: {what} must be unique; repeated: {', '.join(dupes)}")


def _parse_settings(table: dict, base: Path, where: str) -> ParseSettings:
    here = f"{where} [parse]"
    for key in ("cache_size", "workers", "memory", "deadline"):
        if table.get(key, 0) < 0:
            raise UsageError(f"{here}: {key} = {table[key]!r} is out of range (0 or more)")
    memory = table.get("memory", PARSE_MEMORY)
    if 0 < memory < MIN_PARSE_MEMORY:
        raise UsageError(f"{here}: memory = {memory!r} is too little to read anything; give "
                         f"at least {MIN_PARSE_MEMORY} bytes (64 MB), or 0 for no ceiling")
    cache = table.get("cache")
    return ParseSettings(cache=base / Path(cache).expanduser() if cache else None,
                         cache_size=table.get("cache_size", ParseSettings.cache_size),
                         workers=table.get("workers", 0), memory=memory,
                         deadline=float(table.get("deadline", PARSE_DEADLINE)))


def _fetch_options(table: dict, where: str) -> HttpOptions:
    here = f"{where} [fetch]"
    for key, value in table.items():
        if key in ("timeout", "max_size", "deadline") and value <= 0 or \
                key in ("retries", "backoff") and value < 0:
            raise UsageError(f"{here}: {key} = {value!r} is out of range")
    return HttpOptions(**table)
