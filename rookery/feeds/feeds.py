"""RSS 2.0 and Atom feeds with feedgen. Everything that varies between builds is pinned
to the data (ids are page URLs, dates are the revisions' own), so rebuilding the same
store gives byte-identical feeds and a reader never sees an item twice.

Escaping, once per format. Atom says what each field is: titles are `type="text"`, so
they go in as plain text; summaries are `type="html"`, built by escaping every text they
hold. RSS says nothing: its descriptions are HTML, and its titles are read as HTML by
some readers and as text by others, so a title escapes only what HTML would take for
markup (a tag, an ampersand that starts a character reference): a section titled
`<img onerror=...>` reads as those characters, never as an image, and one titled "Cards
& Areas" reads as that in every reader (not "&amp;").
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from feedgen.feed import FeedGenerator

EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc)
MAX_ITEMS = 50  # the rest of the history is on the site


@dataclass
class Item:
    url: str  # the revision page: the item's id (and link, unless `link` says where)
    title: str  # plain text
    summary_html: str  # HTML whose every text is escaped
    date: dt.datetime  # when the revision came out
    updated: dt.datetime | None = None  # when it was recorded (default: `date`)
    link: str | None = None  # a place on the page (the change an item is about)


def render_feeds(title: str, description: str, page_url: str, feed_url: str,
                 items: list[Item], author: str = "rookery") -> tuple[bytes, bytes]:
    """(Atom, RSS) for `items`, newest first, at most MAX_ITEMS. `title`, `description`
    and `author` are plain text; `author` names who publishes the feed (RFC 4287 wants
    one for every entry, given once for the whole feed)."""
    items = sorted(items, key=lambda i: (i.date, i.url), reverse=True)[:MAX_ITEMS]
    stamps = distinct_updates(items)
    updated = max(stamps.values()) if items else EPOCH
    out = []
    for kind in ("atom", "rss"):
        text = str if kind == "atom" else rss_text
        fg = FeedGenerator()
        fg.id(page_url)
        fg.title(text(title))
        fg.description(text(description))
        fg.subtitle(text(description))
        fg.language("en")
        if kind == "atom":
            fg.author({"name": author})
        # feedgen gives RSS the last link it was handed: the page, not the feed itself
        fg.link(href=f"{feed_url}.{kind}", rel="self")
        fg.link(href=page_url, rel="alternate")
        fg.updated(updated)
        fg.lastBuildDate(updated)
        fg.generator("rookery")
        for item in reversed(items):  # feedgen prepends: add oldest first
            entry = fg.add_entry()
            entry.id(item.url)
            entry.guid(item.url, permalink=item.link in (None, item.url))
            entry.title(text(item.title))
            entry.link(href=item.link or item.url)
            entry.summary(item.summary_html, type="html")
            entry.published(item.date)
            entry.updated(stamps[item.url])
        out.append(fg.atom_str(pretty=True) if kind == "atom" else fg.rss_str(pretty=True))
    return out[0], out[1]


def distinct_updates(items: list[Item]) -> dict[str, dt.datetime]:
    """Each item's `updated` instant by URL, none the same as another's: an instant
    already taken moves on by a microsecond (in the order recorded, then by URL)."""
    out: dict[str, dt.datetime] = {}
    taken: set[dt.datetime] = set()
    for item in sorted(items, key=lambda i: (i.updated or i.date, i.url)):
        when = item.updated or item.date
        while when in taken:
            when += dt.timedelta(microseconds=1)
        taken.add(when)
        out[item.url] = when
    return out


# an ampersand HTML would read as the start of a character reference ("&copy", "&#38;")
_REFERENCE = re.compile(r"&(?=[#A-Za-z0-9])")


def rss_text(text: str) -> str:
    """Plain text for an RSS title: the same to a reader that shows it as text and to one
    that reads it as HTML, except where HTML would find markup (a tag's brackets, an
    ampersand that starts a character reference), which is escaped. A lone "&" between
    words, and quotes and apostrophes, go in as they are, so no reader shows "&amp;"."""
    return _REFERENCE.sub("&amp;", text).replace("<", "&lt;").replace(">", "&gt;")
