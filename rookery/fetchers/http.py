"""HTTP(S) with requests: timeouts, a size limit, and an honest User-Agent."""
from __future__ import annotations

import requests

from .. import __version__
from ..errors import FetchError
from .base import Fetched

USER_AGENT = f"rookery/{__version__} (rules-document change watcher; python-requests)"
TIMEOUT = (10, 30)  # connect, read (seconds)
MAX_BYTES = 50 * 1024 * 1024


def fetch_http(url: str, session: requests.Session | None = None, timeout=TIMEOUT,
               max_bytes: int = MAX_BYTES, headers: dict | None = None) -> Fetched:
    session = session or requests.Session()
    send = {"User-Agent": USER_AGENT, **(headers or {})}
    try:
        with session.get(url, headers=send, timeout=timeout, stream=True) as response:
            if response.status_code >= 400:
                raise FetchError(f"{url}: the server answered HTTP {response.status_code} "
                                 f"{response.reason or ''}".rstrip() + "; check the URL")
            body = bytearray()
            for chunk in response.iter_content(64 * 1024):
                body += chunk
                if len(body) > max_bytes:
                    raise FetchError(f"{url}: larger than {max_bytes // (1024 * 1024)} MB; "
                                     "is this really a rules document?")
            return Fetched(data=bytes(body), url=response.url, status=response.status_code,
                           content_type=response.headers.get("Content-Type"),
                           headers=dict(response.headers))
    except requests.exceptions.Timeout:
        raise FetchError(f"{url}: timed out; try again later") from None
    except requests.exceptions.ConnectionError as e:
        raise FetchError(f"{url}: cannot connect ({_reason(e)}); check the address and "
                         "your network") from None
    except requests.exceptions.RequestException as e:
        raise FetchError(f"{url}: request failed ({_reason(e)})") from None


def _reason(e: Exception) -> str:
    text = str(e.args[0] if e.args else e)
    return text.split(": ")[-1][:120] if text else e.__class__.__name__
