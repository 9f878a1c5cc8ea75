"""HTTP(S) with requests: conditional GET, timeouts, retries with backoff, a size limit,
and an honest User-Agent.

A 304 comes back as a Fetched with status 304 and no data: nothing new. Connection
errors, timeouts, 5xx and 429 are retried with exponential backoff and jitter (a
Retry-After header wins), each retry told to `on_retry` before its wait; what still
fails raises FetchError with a one-line reason.
The whole fetch, retries and waits included, ends by `deadline` seconds however slowly
a server sends its headers or body (see deadline.py).
"""
from __future__ import annotations

import email.utils
import random
import socket
import time
from urllib.parse import urlsplit

import requests

from ..errors import FetchError
from .base import Fetched, HttpOptions, Retry
from .deadline import Watch, watched_adapter

RETRY_STATUS = {429, 500, 502, 503, 504}
MAX_WAIT = 300.0  # never wait longer than this between attempts, whatever a server asks


def fetch_http(url: str, *, session: requests.Session | None = None,
               options: HttpOptions | None = None, etag: str | None = None,
               last_modified: str | None = None) -> Fetched:
    options = options or HttpOptions()
    if session is None:
        with requests.Session() as own:
            return fetch_http(url, session=own, options=options, etag=etag,
                              last_modified=last_modified)
    headers = {"User-Agent": options.user_agent, "Accept-Encoding": "gzip, deflate"}
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    adapter = watched_adapter(session)
    attempt = 0
    with Watch(options.deadline) as watch:
        while True:
            adapter.watch = watch
            try:
                return _once(session, url, headers, options, watch)
            except _Retry as retry:
                if attempt >= options.retries:
                    raise FetchError(f"{url}: {retry.reason} (after {attempt + 1} "
                                     "attempts)") from None
                wait = retry.after if retry.after is not None else \
                    options.backoff * (2 ** attempt) * (0.5 + random.random())
                wait = min(wait, MAX_WAIT)
                if wait >= watch.left():
                    raise _late(url, options, f"; last try: {retry.reason}") from None
                attempt += 1
                if options.on_retry is not None:
                    options.on_retry(Retry(url, retry.reason, wait, attempt + 1,
                                           options.retries + 1))
                options.sleep(wait)
            finally:
                adapter.watch = None
                if watch.expired:
                    adapter.close()  # its sockets are shut: no use to the next request


def _late(url: str, options: HttpOptions, why: str = "") -> FetchError:
    return FetchError(f"{url}: no complete answer within {options.deadline:g} s{why}; the "
                      "server is stalled or too slow (raise fetch.deadline to wait longer)")


class _Retry(Exception):
    def __init__(self, reason: str, after: float | None = None):
        self.reason, self.after = reason, after


def _once(session, url: str, headers: dict, options: HttpOptions, watch: Watch) -> Fetched:
    left = watch.left()
    if left <= 0:
        raise _late(url, options)
    try:
        with session.get(url, headers=headers, stream=True, allow_redirects=True,
                         timeout=(min(options.timeout, 10, left), min(options.timeout, left))
                         ) as response:
            status = response.status_code
            if status in RETRY_STATUS:
                raise _Retry(f"the server answered HTTP {status}",
                             _retry_after(response.headers.get("Retry-After")))
            if status == 304:
                return Fetched(data=b"", url=response.url, status=304,
                               headers=_lowered(response.headers))
            if status >= 400:
                raise FetchError(f"{url}: the server answered HTTP {status} "
                                 f"{response.reason or ''}".rstrip() + "; check the URL")
            declared = response.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > options.max_size:
                raise FetchError(f"{url}: {int(declared)} bytes is over the size limit "
                                 f"({options.max_size} bytes)")
            body = bytearray()
            for chunk in response.iter_content(64 * 1024):
                body += chunk
                if len(body) > options.max_size:
                    raise FetchError(f"{url}: the body is over the size limit "
                                     f"({options.max_size} bytes)")
            if watch.expired:  # a body without a length ends as its socket is shut
                raise _late(url, options)
            # urllib3 2 raises on a short body itself; urllib3 1.26 returns what it got
            if declared and declared.isdigit() and "Content-Encoding" not in response.headers \
                    and len(body) < int(declared):
                raise _Retry(f"the body was cut short ({len(body)} of {declared} bytes)")
            return Fetched(data=bytes(body), url=response.url, status=status,
                           content_type=response.headers.get("Content-Type"),
                           headers=_lowered(response.headers))
    except (_Retry, FetchError):
        raise
    except Exception as e:  # noqa: BLE001 - sorted below
        if watch.expired:  # the watchdog shut the socket: whatever the read said
            raise _late(url, options) from None
        if not isinstance(e, requests.exceptions.RequestException):
            raise
        raise _retry_or_fail(url, e, options) from None


def _retry_or_fail(url: str, e: Exception, options: HttpOptions) -> Exception:
    """What a requests error means: a fault worth another try, or a FetchError."""
    if isinstance(e, (requests.exceptions.ChunkedEncodingError,
                      requests.exceptions.ContentDecodingError)):
        return _Retry(f"the body was cut short ({_reason(e)})")
    if isinstance(e, requests.exceptions.Timeout):
        return _Retry(f"no answer within {options.timeout:g} s")
    if isinstance(e, requests.exceptions.ConnectionError):
        if _unresolvable(e):  # a name that does not resolve is not a passing fault
            return FetchError(f"{url}: cannot resolve the host name "
                              f"{urlsplit(url).hostname!r}; check the URL and the network")
        return _Retry(f"cannot connect ({_reason(e)})")
    return FetchError(f"{url}: request failed ({_reason(e)})")


def _unresolvable(error: BaseException) -> bool:
    """Did the name lookup fail? Looked for down the chain of causes that requests and
    urllib3 wrap around socket.gaierror."""
    seen: set[int] = set()
    todo = [error]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, socket.gaierror) or type(e).__name__ == "NameResolutionError":
            return True
        todo += [e.__cause__, e.__context__, getattr(e, "reason", None)]
        todo += [a for a in getattr(e, "args", ()) if isinstance(a, BaseException)]
    return False


def _retry_after(value: str | None) -> float | None:
    """Seconds to wait, from a Retry-After header (seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _reason(e: Exception) -> str:
    text = str(e.args[0] if e.args else e)
    for marker in ("Connection refused", "Connection reset", "Name or service not known",
                   "Temporary failure in name resolution", "Remote end closed connection",
                   "IncompleteRead", "timed out"):
        if marker in text:
            return marker.lower() if marker[0].isupper() and " " in marker else marker
    return text.split(": ")[-1][:120] if text else e.__class__.__name__


def _lowered(headers) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}
