"""Get the bytes of a document from wherever it lives. One fetcher per URL scheme."""
from __future__ import annotations

from typing import Callable
from urllib.parse import urlsplit

from ..errors import FetchError
from .base import Fetched
from .http import HttpOptions, fetch_http
from .local import fetch_local

# scheme → fetcher(location, **options); a bare path has the scheme ""
FETCHERS: dict[str, Callable[..., Fetched]] = {
    "": lambda location, **_: fetch_local(location),
    "file": lambda location, **_: fetch_local(location),
    "http": fetch_http,
    "https": fetch_http,
}


def fetch(location: str, **options) -> Fetched:
    """Fetch a path or URL; raises FetchError with a message that says what to do."""
    try:
        scheme = urlsplit(location).scheme.lower()
    except ValueError as e:
        raise FetchError(f"{location}: not a valid address ({e})") from None
    if len(scheme) == 1:  # a Windows drive letter, not a scheme
        scheme = ""
    fetcher = FETCHERS.get(scheme)
    if fetcher is None:
        raise FetchError(f"{location}: cannot fetch {scheme}:// URLs; give a file path or an "
                         "http(s) URL")
    return fetcher(location, **options)


__all__ = ["FETCHERS", "Fetched", "HttpOptions", "fetch"]
