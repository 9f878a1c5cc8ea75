"""Files on this machine: plain paths and file:// URLs."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..errors import FetchError
from .base import Fetched


def fetch_local(location: str) -> Fetched:
    parts = urlsplit(location)
    path = Path(unquote(parts.path) if parts.scheme == "file" else location).expanduser()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FetchError(f"{location}: no such file; check the path") from None
    except IsADirectoryError:
        raise FetchError(f"{location}: is a folder; give a file inside it") from None
    except PermissionError:
        raise FetchError(f"{location}: permission denied; check the file's permissions") from None
    except OSError as e:
        raise FetchError(f"{location}: cannot read ({e.strerror or e})") from None
    return Fetched(data=data, url=path.resolve().as_uri())
