"""Secrets kept out of logs, errors and listings. Below both the configuration and the
store, which each show URLs to the user."""
from __future__ import annotations

import re


def masked(url: str) -> str:
    """A URL with its secrets hidden, for logs, errors and listings: the scheme and a host
    name stay; credentials, paths and queries (where services put their tokens) and a
    host that is no host name (a bot token, a topic) become ***."""
    if url.startswith("env:") or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    netloc = re.split(r"[/?#]", rest, maxsplit=1)[0]
    user, _, host = netloc.rpartition("@")
    if not re.fullmatch(r"localhost(:\d+)?|\[[0-9a-fA-F:]+\](:\d+)?|[\w-]+(\.[\w-]+)+(:\d+)?",
                        host):
        host = "***"
    tail = "/***" if len(rest) > len(netloc) else ""
    return f"{scheme}://{'***@' if user else ''}{host}{tail}"
