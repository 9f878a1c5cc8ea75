"""Configuration: one TOML file (`rookery.toml`), with defaults that work.

Where it is read from: --config, else $ROOKERY_CONFIG, else ./rookery.toml, else the
defaults shipped with rookery (default.toml: A Game of Thrones 2nd edition on ThronesDB).
The data directory comes from --data, else $ROOKERY_DATA, else the file's `data` key.
Unknown keys are refused with the list of the allowed ones.
"""
from __future__ import annotations

import datetime as dt
import os
import re
import tomllib
import zoneinfo
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .errors import UsageError
from .fetchers.base import HttpOptions
from .parsers.normalize import plain

TOP_KEYS = {"data", "site", "base_url", "database", "timezone", "author", "fetch", "source"}
SOURCE_KEYS = {"id", "title", "url", "format", "every", "cron", "remove", "discover",
               "min_sections", "publisher"}
DISCOVER_KEYS = {"page", "pattern"}
FETCH_KEYS = {"timeout", "retries", "backoff", "max_size", "user_agent"}
FORMATS = ("html", "pdf", "auto")
_DURATION = re.compile(r"^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$")


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

    @property
    def zone(self) -> dt.tzinfo:
        return zoneinfo.ZoneInfo(self.timezone)

    @property
    def db_file(self) -> Path:
        """The SQLite file: `database = "sqlite:///path"`, else rookery.db in `data`."""
        if self.database:
            return Path(self.database[len("sqlite:///"):])
        return self.data / "rookery.db"

    def open_store(self, readonly: bool = False):
        from .store import Store

        return Store(self.data, readonly=readonly, db_file=self.db_file, zone=self.zone)

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
    config = parse_config(text, base, where=str(chosen or "the default configuration"))
    config.path = Path(chosen) if chosen else None
    data = data or os.environ.get("ROOKERY_DATA")
    if data:
        config.data = Path(data)
    return config


def parse_config(text: str, base: Path, where: str = "rookery.toml") -> Config:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise UsageError(f"{where}: not valid TOML ({e})") from None
    _only(raw, TOP_KEYS, where)
    _types(raw, {"data": str, "site": str, "base_url": str, "database": str, "timezone": str,
                 "author": str, "fetch": dict, "source": list}, where)
    fetch = raw.get("fetch", {})
    _only(fetch, FETCH_KEYS, f"{where} [fetch]")
    sources = [_source(s, where) for s in raw.get("source", [])]
    ids = [s.id for s in sources]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise UsageError(f"{where}: source ids must be unique; repeated: {', '.join(dupes)}")
    database = raw.get("database")
    if database is not None:
        if not str(database).startswith("sqlite:///"):
            raise UsageError(f"{where}: database = {database!r}: only sqlite:///PATH is "
                             "supported; leave it out to keep the store in `data`")
        database = "sqlite:///" + str(base / database[len("sqlite:///"):])
    return Config(
        data=base / raw.get("data", "rookery-data"),
        site=base / raw.get("site", "site"),
        base_url=str(raw.get("base_url", "http://localhost:8000/")).rstrip("/") + "/",
        database=database,
        timezone=_timezone(raw.get("timezone", "UTC"), where),
        author=plain(raw.get("author", "rookery")) or "rookery",
        sources=sources,
        fetch=_fetch_options(fetch, where),
    )


def _source(raw: dict, where: str) -> SourceConfig:
    if not isinstance(raw, dict):
        raise UsageError(f"{where}: each [[source]] must be a table")
    name = raw.get("id", "?")
    here = f"{where} source {name!r}"
    _only(raw, SOURCE_KEYS, here)
    _types(raw, {"id": str, "title": str, "url": str, "format": str, "every": str, "cron": str,
                 "remove": list, "discover": dict, "min_sections": (int, float),
                 "publisher": str}, here)
    if not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", str(raw.get("id", ""))):
        raise UsageError(f"{here}: `id` is required: lower-case letters, digits, '.', '-', '_'")
    discover = raw.get("discover")
    if discover is not None:
        _only(discover, DISCOVER_KEYS, f"{here} discover")
        _types(discover, {"page": str, "pattern": str}, f"{here} discover")
        if not {"page", "pattern"} <= set(discover):
            raise UsageError(f"{here}: discover needs both `page` and `pattern`")
        try:
            compiled = re.compile(discover["pattern"])
        except re.error as e:
            raise UsageError(f"{here}: discover pattern is not a regular expression ({e})") from None
        if "version" not in compiled.groupindex:
            raise UsageError(f"{here}: discover pattern needs a named group (?P<version>...)")
        discover = Discover(page=discover["page"], pattern=discover["pattern"])
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
    from lxml.cssselect import CSSSelector, SelectorError  # only when a source removes

    for selector in remove:
        try:
            CSSSelector(selector)
        except SelectorError as e:
            raise UsageError(f"{here}: remove = {selector!r} is not a CSS selector ({e})") from None
    url = raw.get("url")
    if url is not None and not re.match(r"^(https?|file)://|^[^:]*$", url):
        raise UsageError(f"{here}: url = {url!r}: give an http(s) address or a file path")
    min_sections = float(raw.get("min_sections", 0.5))
    if not 0 <= min_sections <= 1:
        raise UsageError(f"{here}: min_sections must be between 0 and 1 (a share)")
    return SourceConfig(id=raw["id"], title=plain(raw.get("title", raw["id"])) or raw["id"],
                        url=url,
                        format=fmt, every=every, cron=cron, remove=tuple(remove),
                        discover=discover, min_sections=min_sections,
                        publisher=plain(raw["publisher"]) if raw.get("publisher") else None)


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


def _only(table: dict, allowed: set[str], where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise UsageError(f"{where}: unknown key{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}")


def _types(table: dict, expected: dict, where: str) -> None:
    for key, kind in expected.items():
        if key in table and (not isinstance(table[key], kind) or isinstance(table[key], bool)):
            names = {str: "a string", dict: "a table", list: "a list", int: "a whole number",
                     (int, float): "a number"}
            raise UsageError(f"{where}: {key} = {table[key]!r} should be {names[kind]}")


def _fetch_options(table: dict, where: str) -> HttpOptions:
    options = HttpOptions(**{k: _typed(k, v, where) for k, v in table.items()})
    # a whole body may take ten reads' worth of time, and never less than five minutes
    options.max_time = max(options.max_time, 10 * options.timeout)
    return options


def _typed(key: str, value, where: str):
    here = f"{where} [fetch]"
    expected = {"timeout": (int, float), "retries": int, "backoff": (int, float),
                "max_size": int, "user_agent": str}[key]
    _types({key: value}, {key: expected}, here)
    if key in ("timeout", "max_size") and value <= 0 or key in ("retries", "backoff") and value < 0:
        raise UsageError(f"{here}: {key} = {value!r} is out of range")
    return value
