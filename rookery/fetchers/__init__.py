"""Get the bytes of a document from wherever it lives. One fetcher per URL scheme."""
from __future__ import annotations

from typing import Callable
from urllib.parse import urlsplit

from ..errors import FetchError
from .base import Fetched, HttpOptions
from .local import fetch_local


def _http(location: str, **options) -> Fetched:
    from .http import fetch_http  # requests loads on the first download, not at start-up

    return fetch_http(location, **options)


# scheme → fetcher(location, **options); a bare path has the scheme "". Every fetcher
# takes the same options (session, options, etag, last_modified) and ignores what it
# has no use for, so callers never ask which kind of location they hold.
FETCHERS: dict[str, Callable[..., Fetched]] = {
    "": lambda location, **_: fetch_local(location),
    "file": lambda location, **_: fetch_local(location),
    "http": _http,
    "https": _http,
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
