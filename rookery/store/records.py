"""What the store hands out: small typed records and the Enums of its states, never rows."""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from enum import StrEnum

from ..model import Reading, effective_note, reading_from_dict, reading_to_dict, release_label


class FetchOutcome(StrEnum):
    """How one fetch ended, as the fetch log records it."""

    REVISION = "revision"  # its body became the source's next revision
    UNCHANGED = "unchanged"  # the same bytes, or the same content, as the latest revision
    NOT_MODIFIED = "not-modified"  # the server answered 304
    QUARANTINED = "quarantined"  # a body kept but not trusted: no revision
    ERROR = "error"  # nothing usable came back
    INDEX = "index"  # the index page a source's releases are discovered on


# outcomes whose body is the source's content: safe validators for a conditional request
GOOD_OUTCOMES = (FetchOutcome.REVISION, FetchOutcome.UNCHANGED, FetchOutcome.INDEX)


@dataclass(frozen=True)
class SourceRecord:
    """A watched document as the store knows it (a source dropped from the configuration
    keeps its record and its revisions)."""

    id: str
    title: str | None
    url: str | None
    format: str | None
    settings: str | None  # its configuration as it was, JSON
    added_at: str


@dataclass(frozen=True)
class FetchRecord:
    """One attempt to fetch a URL of a source."""

    id: int
    source_id: str
    url: str
    started_at: str
    outcome: FetchOutcome
    duration_ms: int | None = None
    status: int | None = None
    etag: str | None = None
    last_modified: str | None = None
    content_type: str | None = None
    size: int | None = None
    body_sha256: str | None = None
    detail: str | None = None
    revision_id: int | None = None

    @classmethod
    def of(cls, row) -> "FetchRecord":
        fields = {k: row[k] for k in cls.__dataclass_fields__}
        return cls(**fields | {"outcome": FetchOutcome(row["outcome"])})


@dataclass
class Revision:
    id: int
    source_id: str
    number: int
    version: str | None
    effective: str | None
    title: str | None
    format: str | None
    url: str | None
    body_sha256: str
    sections: int
    added: int
    removed: int
    modified: int
    seen_at: str
    published_at: str | None
    link_label: str | None
    reading: str | None = None  # how sound its parse was, as JSON (see `judged`)
    # the zone that days are told in (the store's `timezone`); instants are kept in UTC
    zone: dt.tzinfo = field(default=dt.timezone.utc, repr=False, compare=False)

    @property
    def label(self) -> str:
        """"v2.2" when a version is printed (or its link gave one), else "effective
        2020-01-24" when a date is, else "revision 7" (see model.release_label)."""
        return release_label(self.version or self.link_label, self.effective,
                             f"revision {self.number}")

    @property
    def effective_note(self) -> str:
        """"effective 2019-05-13" to show beside the label, unless the label says it."""
        return effective_note(self.label, self.effective)

    @property
    def when(self) -> str:
        """What every output says beside the label: the day it took effect as it prints
        it, unless the label is that day; else the day it was published (the server's
        Last-Modified) or first seen. Never a bare fetch date: an imported history would
        show the import day on every line."""
        if self.effective_note:
            return self.effective_note
        if self.published_at:
            return f"published {self.day(self.published_at)}"
        return f"first seen {self.day(self.seen_at)}"

    @property
    def numbered(self) -> bool:
        """Is it named by its number ("revision 7": no version or date printed)?"""
        return self.label == f"revision {self.number}"

    @property
    def cited(self) -> str:
        """"revision 9 (v2.0, effective 2018-10-08)", or "revision 28 (published
        2021-01-05)" when the label is the number: how the command line names it."""
        return f"revision {self.number} ({self.when if self.numbered else self.described})"

    @property
    def described(self) -> str:
        """"v2.0, effective 2018-10-08": the label and what is said beside it."""
        return f"{self.label}, {self.when}"

    @property
    def instant(self) -> dt.datetime:
        """When this revision came out, as well as rookery can tell."""
        return _instant(self.published_at or self.seen_at)

    @property
    def recorded(self) -> dt.datetime:
        """When rookery recorded it (to the microsecond since revisions recorded in one
        cycle must be told apart: a feed entry's `updated`)."""
        return _instant(self.seen_at)

    @property
    def date(self) -> str:
        """The calendar day of `instant`, in the store's time zone."""
        return self.instant.astimezone(self.zone).date().isoformat()

    @property
    def as_of(self) -> str:
        """The day it took effect: the effective date it prints, else the day it came out."""
        return self.effective or self.date

    def day(self, stamp: str | None) -> str | None:
        """The calendar day of a stored instant, in the store's time zone."""
        return _instant(stamp).astimezone(self.zone).date().isoformat() if stamp else None

    @property
    def judged(self) -> Reading | None:
        """How sound its parse was when it was recorded (None: recorded before rookery
        judged its readings)."""
        return reading_from_dict(json.loads(self.reading)) if self.reading else None

    def to_json(self) -> dict:
        """The stored fields, with the label and day players read, and the reading's
        verdict as an object."""
        fields = {k: getattr(self, k) for k in self.__dataclass_fields__
                  if k not in ("zone", "reading")}
        judged = self.judged
        return fields | {"label": self.label, "date": self.date,
                         "reading": reading_to_dict(judged) if judged else None}

    @classmethod
    def of(cls, row, zone: dt.tzinfo = dt.timezone.utc) -> "Revision":
        return cls(**{k: row[k] for k in cls.__dataclass_fields__ if k != "zone"}, zone=zone)


def _instant(stamp: str) -> dt.datetime:
    when = dt.datetime.fromisoformat(stamp)
    return when if when.tzinfo else when.replace(tzinfo=dt.timezone.utc)
