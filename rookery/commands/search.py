"""`rookery search QUERY`: where is this ruled, since when, and how it reads."""
from __future__ import annotations

import re
import sys

from ..feeds.names import source_folder
from ..terminal import BOLD, Segments, width, wrap
from .common import add_format, config_of, print_json, require_revisions, write_lines


def add(p, name: str) -> None:
    p.set_defaults(handler=run)
    p.description = ("Ranked full-text search over the sections of the watched documents: "
                    "as they stand now, as they stood at a revision or date, or in every "
                    "version. Each hit says which revision last changed the section, and how.")
    p.add_argument("query", metavar="QUERY", help="words to look for")
    p.add_argument("--source", metavar="SOURCE", action="append", default=[],
                   help="search this source only (repeatable; default: all)")
    p.add_argument("--at", metavar="REV", help="search the documents as they stood then: a "
                                               "date (YYYY-MM-DD), version label or revision number")
    p.add_argument("--history", action="store_true",
                   help="match every version of every section, not just the current ones")
    add_format(p)
    p.add_argument("--limit", type=int, default=10, help="how many hits (default 10)")


def run(args) -> int:
    from ..store.search import search

    config = config_of(args)
    with config.open_store(readonly=True) as store:
        known = {row.id for row in store.sources()}
        for source in args.source:
            if source not in known:
                config.source(source)  # says there is no such source
        require_revisions(store, config, args.source, "nothing is stored yet to search")
        hits = search(store, args.query, sources=args.source or None, at=args.at,
                      history=args.history, limit=max(1, args.limit))
    base = config.base_url
    if args.format == "json":
        print_json([_json(h, base) for h in hits])
        return 0
    color = sys.stdout.isatty()
    if not hits:
        sys.stdout.write("no sections match\n")
    columns = width()
    for n, h in enumerate(hits, 1):
        also = f" (also in {', '.join(h.also_in)})" if h.also_in else ""
        said = [[(f"{n}. {h.section.label} \u2014 {h.source_id} {h.revision.label}{also} "
                  f"[{h.section.kind}]", "")]]
        if h.section.path:
            said.append([(INDENT + " \u203a ".join(h.section.path), "")])
        said.append([(INDENT, "")] + _snippet(h.snippet, color))
        if h.last_change:
            said.append([(f"{INDENT}last changed: {h.last_change.cited}: {h.how}", "")])
        said.append([(f"{INDENT}{base}{source_folder(h.source_id)}/sections/{h.item_id}.html",
                       "")])
        write_lines([line for segments in said
                     for line in wrap(segments, columns, color, indent=INDENT)])
    return 0


INDENT = "   "  # a hit's lines under its first


def _snippet(text: str, color: bool) -> Segments:
    """The snippet's words, those that matched in bold (between asterisks without colour)."""
    from ..store.search import END, START

    out: Segments = []
    for k, part in enumerate(re.split(f"{re.escape(START)}|{re.escape(END)}",
                                      " ".join(text.split()))):
        matched = k % 2 == 1
        out.append((part, BOLD) if matched and color else (f"*{part}*" if matched else part, ""))
    return out


def _json(h, base: str) -> dict:
    from markupsafe import escape

    from ..store.search import END, START

    marked = str(escape(h.snippet)).replace(START, "<mark>").replace(END, "</mark>")
    return {"source": h.source_id, "also_in": h.also_in, **h.section.ref(),
            "snippet": marked, "score": round(h.score, 4),
            "revision": _revision(h.revision),
            "last_changed": _revision(h.last_change) | {"how": h.how}
            if h.last_change else None,
            "history": f"{base}{source_folder(h.source_id)}/sections/{h.item_id}.html"}


def _revision(rev) -> dict:
    """A revision in the JSON: its number, names and both its days."""
    return {"number": rev.number, "version": rev.version, "label": rev.label,
            "effective": rev.effective, "date": rev.date}
