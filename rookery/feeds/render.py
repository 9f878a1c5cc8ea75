"""The site's templates (Jinja2, autoescaped: a document's words reach every page as
text, never markup) and its feed items, shared by the revision and section pages."""
from __future__ import annotations

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from ..cards.words import revision_url
from ..diffs.compare import grouped
from ..diffs.report import sentence
from ..model import Change, Renumbering, Section
from ..store import revisions as revs
from . import display
from .feeds import Item, render_feeds
from .names import source_folder

ENV = Environment(loader=PackageLoader("rookery.feeds", "templates"),
                  autoescape=select_autoescape(default=True, default_for_string=True),
                  trim_blocks=True, lstrip_blocks=True)
LISTED = 25  # changes a feed item names; the page has the rest


def marked(section: Section, start: int = 0, end: int | None = None) -> Markup:
    """The section's text (from `start` to `end`) with the publisher's "new" spans in
    <mark>, all escaped."""
    end = len(section.text) if end is None else end
    out, at = [], start
    for a, b in section.marks:
        a, b = max(a, start), min(b, end)
        if a >= b:
            continue
        out.append(escape(section.text[at:a]))
        out.append(Markup("<mark>") + escape(section.text[a:b]) + Markup("</mark>"))
        at = b
    out.append(escape(section.text[at:end]))
    return Markup("").join(out)


ENV.filters["marked"] = marked
ENV.filters["pieces"] = display.pieces
ENV.filters["publisher_marks"] = display.publisher_marks
ENV.filters["long"] = display.is_long
ENV.filters["words"] = display.word_count
ENV.filters["opening"] = display.opening
ENV.filters["folder"] = source_folder  # a source's folder in the site (names.py)


def page(template: str, depth: int, feeds: list[dict], **context) -> bytes:
    """A page `depth` folders below the site's root, linking `feeds` in its head."""
    return ENV.get_template(template).render(root="../" * depth, feeds=feeds,
                                             **context).encode()


def feed(title: str, path: str, short: str = "Feed") -> dict:
    return {"title": title, "path": path, "short": short}


def feed_files(path: str, title: str, description: str, page_url: str, base: str,
               items: list[Item], author: str) -> dict[str, bytes]:
    atom, rss = render_feeds(title, description, page_url, f"{base}{path}", items, author)
    return {f"{path}.atom": atom, f"{path}.rss": rss}


def item(base: str, title: str, rev: revs.Revision, line: str, changes: list[Change],
         flags: list = (), anchor: str = "", publisher: list[str] = ()) -> Item:
    """A feed item for a revision: its alerts first, the line that sums it up, the
    changes it names, what the release says it changed against them (`publisher`, in
    lines), and a link to the page (to `anchor` on it, when given)."""
    url = revision_url(base, rev)
    link = f"{url}#{anchor}" if anchor else url
    alerts = "".join(f"<p><strong>{escape(f.type.capitalize())}:</strong> {escape(f.detail)}</p>"
                     for f in flags)
    judged = rev.judged
    if judged is not None and judged.doubtful:  # before all: every change may be wrong
        alerts = (f"<p><strong>Doubtful reading:</strong> "
                  f"{escape(judged.notice(rev.format or ''))}</p>") + alerts
    entries = grouped(changes)
    listed = "".join(f"<li>{escape(e.describe())}</li>" if isinstance(e, Renumbering) else
                     f"<li>{escape(e.section.label)}: {escape(sentence(e))}</li>"
                     for e in entries[:LISTED])
    more = f"<p>… and {len(entries) - LISTED} more.</p>" if len(entries) > LISTED else ""
    more += "".join(f"<p>{escape(said[:1].upper() + said[1:])}.</p>" for said in publisher)
    summary = (f"{alerts}<p>{escape(line)}</p>{f'<ul>{listed}</ul>' if listed else ''}{more}"
               f'<p><a href="{escape(link)}">'
               f'{"The change, word by word" if anchor else "Every change, word by word"}'
               "</a></p>")
    return Item(url=url, title=f"{title} {rev.label}: {line}", summary_html=summary,
                date=rev.instant, updated=rev.recorded, link=link)
