"""`rookery diff OLD NEW`: two releases, section by section."""
from __future__ import annotations

import os
import re
import sys
from urllib.parse import urlsplit

from typing import TYPE_CHECKING, Callable

from .common import add_format, config_of, print_json

if TYPE_CHECKING:  # the parsers, fetchers and differ load when a diff runs, not for --help
    from ..model import Document
    from ..parsers import ReadOptions
    from ..parsers.cache import ParseCache

_REF = re.compile(r"^(?P<source>[a-z0-9][a-z0-9._-]*)@(?P<rev>[^/\\]*)$")


def add(p, name: str) -> None:
    p.set_defaults(handler=run)
    p.description = ("Compare two releases of a rules document section by section. OLD and "
                    "NEW are file paths or http(s) URLs of web pages, PDFs, Word files (.docx) "
                    "or plain text, in any mix (the format is read from the bytes, not the "
                    "name), or SOURCE@REV for a stored "
                    "revision: REV is a version label (2.2), a date (2019-06-03: the "
                    "revision in force that day, by the date each release took effect, or "
                    "the day it was fetched when it prints none), a revision number, or "
                    "'latest'. --example compares two sample releases that come with rookery.")
    p.add_argument("old", metavar="OLD", nargs="?",
                   help="the earlier release: a path, URL or SOURCE@REV")
    p.add_argument("new", metavar="NEW", nargs="?",
                   help="the later release: a path, URL or SOURCE@REV")
    p.add_argument("--example", action="store_true",
                   help="compare two sample releases of a made-up game's FAQ that come with "
                        "rookery, instead of OLD and NEW")
    add_format(p, more=("html",), help="text: one line per change (default); json: the "
               "machine-readable contract; html: a standalone page")
    p.add_argument("--section", metavar="QUERY",
                   help="only changes to the section numbered QUERY and those under it, "
                        "or to sections whose title, heading or question holds the words QUERY")
    p.add_argument("--remove", metavar="SELECTOR", action="append", default=[],
                   help="leave out HTML elements matching this CSS selector before parsing "
                        "(repeatable), e.g. --remove .mplain")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour inline word changes in text output (auto: when stdout is a "
                        "terminal)")
    p.add_argument("--pdf-reader", choices=("pdfium", "pdfplumber"), default=None,
                   help="which library reads a PDF's characters (default: `pdf_reader` in "
                        "the configuration, else pdfium)")
    p.add_argument("--no-cache", action="store_true",
                   help="parse both releases afresh, neither reading nor filling the parse "
                        "cache (`[parse] cache` in the configuration)")


def store_ref(location: str) -> tuple[str, str] | None:
    """("agot-faq", "2.2") for "agot-faq@2.2", unless a file of that name exists."""
    m = _REF.match(location)
    if m is None or os.path.exists(location):
        return None
    return m.group("source"), m.group("rev")


def load_documents(locations: list[str], options: ReadOptions,
                   cache: ParseCache | None = None, args=None,
                   meanwhile: Callable[[], None] | None = None) -> list[Document]:
    """Fetch and parse the releases named by paths or URLs, or read stored revisions;
    each in a process of its own, side by side (parsers/together.py), `meanwhile` done
    while a core is free of them.

    The format comes from the bytes; a name or Content-Type that promises a PDF must be
    kept, since an HTML page behind a .pdf link is an error page, not a release."""
    import dataclasses

    from ..fetchers import fetch
    from ..parsers.together import Release, parse_releases
    from ..progress import Progress

    progress = Progress()
    # a download tried again says so on a terminal: a refused connection is retried for
    # seconds (fetch.retries, fetch.backoff) that would otherwise pass in silence
    http = dataclasses.replace(config_of(args).fetch, on_retry=progress.note)
    docs: list[Document | None] = []
    fetched: dict[int, tuple[str, object]] = {}
    for k, location in enumerate(locations):
        docs.append(_stored(location, args))
        if docs[k] is None:
            fetched[k] = (location, fetch(location, options=http))
    tells = progress.pages_together([f"reading {_label(location)}"
                                     for location, _ in fetched.values()])
    releases = [Release(got.data, location, _promised(location, got), tell)
                for (location, got), tell in zip(fetched.values(), tells)]
    for k, doc in zip(fetched, parse_releases(releases, cache, options, meanwhile)):
        docs[k] = doc
    return docs


def _load_differ() -> None:
    """Import what compares two releases and reports the changes."""
    from ..diffs import compare, report  # noqa: F401 - loaded now, used by run()


def _stored(location: str, args) -> Document | None:
    """The stored revision that SOURCE@REV names, or None for a path or URL."""
    ref = store_ref(location)
    if ref is None:
        return None
    from ..store import revisions as revs

    config = config_of(args)
    with config.open_store(readonly=True) as store:
        rev = revs.resolve(store, *ref, configured=[s.id for s in config.sources])
        doc = revs.document(store, rev)
        doc.source = location
        return doc


def _promised(location: str, fetched) -> str:
    """"pdf" where the name or the Content-Type promises one, else "auto"."""
    if urlsplit(location).path.lower().endswith(".pdf") or \
            "application/pdf" in (fetched.content_type or "").lower():
        return "pdf"
    return "auto"


def _label(location: str) -> str:
    return location.rsplit("/", 1)[-1] or location


def _releases(args) -> None:
    """OLD and NEW as given, or the sample releases for --example; exactly one of the two."""
    from ..errors import UsageError

    if args.example:
        if args.old or args.new:
            raise UsageError("give OLD and NEW, or --example, not both")
        from ..examples import NEW, OLD

        args.old, args.new = str(OLD), str(NEW)
    elif not (args.old and args.new):
        raise UsageError("give two releases to compare, OLD and NEW (paths, URLs or "
                         "SOURCE@REV), or --example to compare two sample releases")


def run(args) -> int:
    from ..parsers.cache import ParseCache

    _releases(args)
    config = config_of(args)
    cache = ParseCache() if args.no_cache else config.parse.open_cache()
    reader = args.pdf_reader or config.pdf_reader
    options = config.parse.read_options(remove=tuple(args.remove), pdf_reader=reader)
    # the differ loads while the releases are read: the parses start sooner, and the
    # first to end leaves a core to load it on
    old, new = load_documents([args.old, args.new], options, cache, args,
                              meanwhile=_load_differ)
    from ..diffs.compare import diff_documents
    from ..diffs.report import matches, section_matches, to_json

    diff = diff_documents(old, new)
    if args.section:
        if not any(section_matches(s, args.section) for doc in (old, new)
                   for s in doc.sections):
            from ..errors import UsageError

            raise UsageError(f"no section of either release matches {args.section!r}; give "
                             "a section number (702.13) or words of a title")
        diff.changes = [c for c in diff.changes if matches(c, args.section)]
        diff.renumberings = [r for r in diff.renumberings
                             if any(matches(c, args.section) for c in r.changes)]
        diff.flags = [f for f in diff.flags
                      if any(section_matches(s, args.section) for s in f.sections)]
        if diff.publisher is not None:
            diff.publisher = diff.publisher.narrowed(
                lambda s: section_matches(s, args.section))
    out = sys.stdout
    if args.format == "json":
        print_json(to_json(diff))
    elif args.format == "html":
        from ..diffs.html import render_html

        out.write(render_html(diff))
    else:
        from ..diffs.text import render_text
        from ..terminal import width

        color = args.color == "always" or (args.color == "auto" and out.isatty())
        out.write(render_text(diff, color=color, width=width(out)))
    return 0
