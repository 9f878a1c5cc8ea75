"""What every fetcher returns."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Fetched:
    """A response body and what we learned while getting it."""

    data: bytes
    url: str
    status: int = 200
    content_type: str | None = None
    headers: dict[str, str] = field(default_factory=dict)  # names in lower case
