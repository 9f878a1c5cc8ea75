"""What every fetcher returns, and the HTTP settings (light: the configuration loads
them without loading an HTTP client)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from .. import __version__

USER_AGENT = (f"rookery/{__version__} (watches rules documents for changes; "
              "+https://pypi.org/project/rookery/)")


@dataclass
class HttpOptions:
    """The [fetch] settings of the configuration."""

    timeout: float = 30.0
    retries: int = 3
    backoff: float = 2.0
    max_size: int = 50 * 1024 * 1024
    deadline: float = 300.0  # for a whole fetch of one address, headers, body and retries
    user_agent: str = USER_AGENT
    sleep: Callable[[float], None] = time.sleep  # tests pass a recorder
    # told of each wait before a retry (a Retry: its str() is the line to show): the
    # commands show it on a terminal or log it; None keeps quiet
    on_retry: Callable[["Retry"], None] | None = None


@dataclass(frozen=True)
class Retry:
    """A download about to be tried again: which address, why, how long the wait, and
    which attempt comes next."""

    url: str
    reason: str
    wait: float  # seconds
    attempt: int  # the attempt that comes after the wait
    attempts: int  # of how many in all

    def __str__(self) -> str:
        return (f"{self.url}: {self.reason}; trying again in {self.wait:.1f} s "
                f"(attempt {self.attempt} of {self.attempts})")


@dataclass
class Fetched:
    """A response body and what we learned while getting it."""

    data: bytes
    url: str
    status: int = 200
    content_type: str | None = None
    headers: dict[str, str] = field(default_factory=dict)  # names in lower case
