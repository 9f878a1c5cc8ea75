"""The cards' pages and feeds: an alphabetical index, one page per card with its lists
and its timeline oldest first, and an Atom and RSS feed per card (an item per revision
that said something of it). Built from cards/timeline.py's index."""
from __future__ import annotations

from collections import defaultdict

from markupsafe import escape

from ..cards.timeline import Card, CardIndex
from ..cards.words import card_url, list_name, revision_url, summary, what
from .feeds import Item
from .render import feed, feed_files, page

INDEX = "cards/index"


def card_pages(index: CardIndex, titles: dict[str, str], base: str, author: str,
               only: set[str] | None = None, with_index: bool = True) -> dict[str, bytes]:
    """The page and feeds of every card (or of those `only` names, by key), and the
    index page (`with_index`)."""
    files: dict[str, bytes] = {}
    cards = index.sorted()
    if with_index:
        files[f"{INDEX}.html"] = page("cards.html", 1, [feed(
            "All documents", "feed", "All documents")], cards=[
            (c, summary(c)) for c in cards])
    shown = [card for card in cards if only is None or card.key in only]
    index.read(shown)
    for card in shown:
        path = f"cards/{card.slug}"
        title = f"{card.name} — every ruling, erratum and list"
        files[f"{path}.html"] = page(
            "card.html", 1, [feed(card.name, path, "This card")], card=card, titles=titles,
            stays=_by_document(card, titles),
            moments=[(m, what(m)) for m in card.moments],
            # the text of a section added or first seen shows the publisher's marks
            marked=any(m.what in ("added", "first") and m.section.marks
                       for m in card.moments))
        files.update(feed_files(path, title, f"Everything the watched documents say of "
                                f"{card.name}, release by release.", f"{base}{path}.html",
                                base, _items(card, titles, base), author))
    return files


def _by_document(card: Card, titles: dict[str, str]) -> list[tuple[str, list]]:
    """The card's stays on lists, under the title of the document each list is in (a
    document named once, not on every line: a phone shows a few lines a screen), with
    each list's name as the page shows it."""
    groups: dict[str, list] = {}
    for stay in card.listings:
        groups.setdefault(stay.source, []).append((stay, list_name(stay)))
    return [(titles.get(source, source), stays) for source, stays in groups.items()]


def _items(card: Card, titles: dict[str, str], base: str) -> list[Item]:
    """One item per revision that said something of the card: its id is the revision
    page, the same in every build."""
    by_revision = defaultdict(list)
    for m in card.moments:
        by_revision[m.revision.id].append(m)
    out = []
    for moments in by_revision.values():
        rev = moments[0].revision
        document = titles.get(rev.source_id, rev.source_id)
        said = [what(m) for m in moments]
        listed = "".join(f"<li>{escape(w)}</li>" for w in said)
        url = revision_url(base, rev)  # a first import's page lists, and has no changes
        link = f"{url}#item-{moments[0].item}" if rev.number > 1 else url
        summary_html = (f"<p>{escape(document)} {escape(rev.label)}</p><ul>{listed}</ul>"
                        f'<p><a href="{escape(card_url(base, card))}">'
                        f"{escape(card.name)}: the whole timeline</a></p>")
        out.append(Item(url=url, title=f"{card.name}: {document} {rev.label}: {said[0]}"
                        + (f" (and {len(said) - 1} more)" if len(said) > 1 else ""),
                        summary_html=summary_html, date=rev.instant, updated=rev.recorded,
                        link=link))
    return out
