"""The `rookery` command. Data goes to stdout, progress and errors to stderr; a user's
mistake is one line and a non-zero exit, never a traceback."""
from __future__ import annotations

import argparse
import logging
import sqlite3
import sys

from . import __version__
from .commands import diff, history, publish, search, watch
from .commands.common import add_common
from .errors import RookeryError

COMMANDS = (diff, watch, history, search, publish)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _logging(args)
    if not getattr(args, "handler", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return args.handler(args) or 0
    except RookeryError as e:
        print(f"rookery: error: {e}", file=sys.stderr)
        return e.exit_code
    except (OSError, sqlite3.Error) as e:  # the machine said no: a disk, a file, a socket
        print(f"rookery: error: {e}", file=sys.stderr)
        return 1
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
    parser.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS,
                        help="log only warnings and errors")
    add_common(parser)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module in COMMANDS:
        module.add(commands)
    return parser


def _logging(args) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    logger = logging.getLogger("rookery")
    logger.handlers[:] = [handler]
    logger.setLevel(logging.WARNING if getattr(args, "quiet", False) else logging.INFO)
    logger.propagate = False


if __name__ == "__main__":
    sys.exit(main())
