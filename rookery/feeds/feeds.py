"""RSS 2.0 and Atom feeds with feedgen. Everything that varies between builds is pinned
to the data (ids are page URLs, dates are the revisions' own), so rebuilding the same
store gives byte-identical feeds and a reader never sees an item twice."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from feedgen.feed import FeedGenerator

EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc)
MAX_ITEMS = 50  # the rest of the history is on the site


@dataclass
class Item:
    url: str  # the revision page: the item's id and link
    title: str
    summary_html: str
    date: dt.datetime


def render_feeds(title: str, description: str, page_url: str, feed_url: str,
                 items: list[Item]) -> tuple[bytes, bytes]:
    """(Atom, RSS) for `items`, newest first, at most MAX_ITEMS."""
    items = sorted(items, key=lambda i: (i.date, i.url), reverse=True)[:MAX_ITEMS]
    updated = items[0].date if items else EPOCH
    out = []
    for kind in ("atom", "rss"):
        fg = FeedGenerator()
        fg.id(page_url)
        fg.title(title)
        fg.description(description)
        fg.subtitle(description)
        fg.language("en")
        fg.link(href=page_url, rel="alternate")
        fg.link(href=f"{feed_url}.{kind}", rel="self")
        fg.updated(updated)
        fg.lastBuildDate(updated)
        fg.generator("rookery")
        for item in reversed(items):  # feedgen prepends: add oldest first
            entry = fg.add_entry()
            entry.id(item.url)
            entry.guid(item.url, permalink=True)
            entry.title(item.title)
            entry.link(href=item.url)
            entry.summary(item.summary_html, type="html")
            entry.published(item.date)
            entry.updated(item.date)
        out.append(fg.atom_str(pretty=True) if kind == "atom" else fg.rss_str(pretty=True))
    return out[0], out[1]
