"""Secrets kept out of logs, errors and listings. Below both the configuration and the
store, which each show URLs to the user. A notification URL hides everything past its
host (services put tokens in paths); a database URL hides only its password."""
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


def password_masked(url: str) -> str:
    """A database URL as messages show it: only a password is hidden (in the user part,
    or a `password=` parameter); the user, host, database and a SQLite file's path stay,
    since an operator reads them to know which store is meant, or pastes them into the
    configuration."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    netloc, slash, tail = rest.partition("/")
    userinfo, at, host = netloc.rpartition("@")
    if at and ":" in userinfo:
        netloc = f"{userinfo.split(':', 1)[0]}:***@{host}"
    tail = re.sub(r"(?i)([?&]password=)[^&#]*", r"\1***", tail)
    return f"{scheme}://{netloc}{slash}{tail}"
