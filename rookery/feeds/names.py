"""The published site's names on disk and in links, from its own scheme: never straight
from a source's id or a card's name.

The site's root holds files of its own (RESERVED): a source whose id is one of them
would put its folder where a file is, or its pages over the card index. The
configuration refuses such ids; one already in the store is given a folder named apart.
A name longer than LONGEST (a 300-letter id, a card named by a 300-letter erratum title)
would pass what a file system allows in a name: it is shortened, with a digest of the
whole, so it stays the same in every build and two long names never meet. A card's
page is never the card index's.
"""
from __future__ import annotations

import hashlib

RESERVED = ("index.html", "feed.atom", "feed.rss", "style.css", "cards")
CARD_INDEX = "index"  # cards/index.html
LONGEST = 80  # characters of a name on disk, its suffix aside (file systems allow 255 bytes)


def source_folder(source_id: str) -> str:
    """The folder of a source's pages: its id, unless the site's own files or a file
    system's bound on names forbid it."""
    if source_id in RESERVED:
        return f"{source_id}-{digest(source_id)}"
    return shortened(source_id)


def card_page(slug: str, key: str) -> str:
    """A card's page name, from the slug its name gives (`key`: the card's own key):
    never the card index's, never longer than LONGEST."""
    if slug == CARD_INDEX:
        return f"{slug}-{digest(key)}"
    return shortened(slug, key)


def shortened(name: str, whole: str | None = None) -> str:
    """`name` when it is LONGEST characters or fewer; else its first characters and a
    digest of `whole` (by default the name itself)."""
    if len(name) <= LONGEST:
        return name
    return f"{name[:LONGEST - 9].rstrip('-._')}-{digest(whole or name)}"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:8]
