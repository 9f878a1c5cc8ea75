"""What the store hands out: small typed records and the Enums of its states, never rows."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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
