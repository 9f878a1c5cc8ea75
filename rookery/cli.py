"""The `rookery` command. Data goes to stdout, progress and errors to stderr; a user's
mistake is one line and a non-zero exit, never a traceback."""
from __future__ import annotations

import argparse
import json
import sys
from urllib.parse import urlsplit

from . import __version__
from .diffs.compare import diff_documents
from .diffs.report import matches, to_json
from .errors import RookeryError
from .fetchers import fetch
from .model import Document
from .parsers import parse
from .parsers.cache import ParseCache


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return args.handler(args) or 0
    except RookeryError as e:
        print(f"rookery: error: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("rookery: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rookery",
        description="Watch the documents that govern a card game (FAQ, rules reference, "
                    "tournament regulations) and say exactly what changed, section by section.")
    parser.add_argument("--version", action="version", version=f"rookery {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    diff = commands.add_parser(
        "diff", help="compare two releases section by section",
        description="Compare two releases of a rules document section by section. OLD and "
                    "NEW are file paths or http(s) URLs of HTML pages or PDFs; the format is "
                    "read from the bytes, not the name.")
    diff.add_argument("old", metavar="OLD", help="the earlier release: a path or URL")
    diff.add_argument("new", metavar="NEW", help="the later release: a path or URL")
    diff.add_argument("--format", choices=("text", "json", "html"), default="text",
                      help="text: one line per change (default); json: the machine-readable "
                           "contract; html: a standalone page")
    diff.add_argument("--section", metavar="QUERY",
                      help="only changes to sections whose number or title matches QUERY")
    diff.add_argument("--remove", metavar="SELECTOR", action="append", default=[],
                      help="leave out HTML elements matching this CSS selector before parsing "
                           "(repeatable), e.g. --remove .mplain")
    diff.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                      help="colour inline word changes in text output (auto: when stdout is a "
                           "terminal)")
    diff.set_defaults(handler=cmd_diff)
    return parser


def load_document(location: str, remove: list[str] | tuple[str, ...] = (),
                  cache: ParseCache | None = None) -> Document:
    """Fetch and parse one release named by a path or URL. The format comes from the
    bytes; a name or Content-Type that promises a PDF must be kept, since an HTML page
    behind a .pdf link is an error page, not a release."""
    fetched = fetch(location)
    promised_pdf = urlsplit(location).path.lower().endswith(".pdf") or \
        "application/pdf" in (fetched.content_type or "").lower()
    return parse(fetched.data, source=location, remove=remove, cache=cache,
                 format="pdf" if promised_pdf else "auto")


def cmd_diff(args) -> int:
    cache = ParseCache()
    old = load_document(args.old, args.remove, cache)
    new = load_document(args.new, args.remove, cache)
    diff = diff_documents(old, new)
    if args.section:
        diff.changes = [c for c in diff.changes if matches(c, args.section)]
    out = sys.stdout
    if args.format == "json":
        json.dump(to_json(diff), out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif args.format == "html":
        from .diffs.html import render_html

        out.write(render_html(diff))
    else:
        from .diffs.text import render_text

        color = args.color == "always" or (args.color == "auto" and out.isatty())
        out.write(render_text(diff, color=color))
    return 0


if __name__ == "__main__":
    sys.exit(main())
