"""The `rookery` command. Data goes to stdout, progress and errors to stderr; a user's
mistake is one line and a non-zero exit, never a traceback.

Only the chosen command's module is imported (see commands/__init__.py): `--help` and a
quick command start in little more time than Python itself.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from . import __version__
from .commands import COMMANDS
from .errors import RookeryError


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help(sys.stderr)
        return 2
    _logging(args)
    try:
        code = args.handler(args) or 0
        sys.stdout.flush()  # a closed pipe shows here, not at exit where it cannot be caught
        return code
    except BrokenPipeError:
        return _reader_went_away()
    except RookeryError as e:
        print(f"rookery: error: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("rookery: interrupted", file=sys.stderr)
        return 130
    except OSError as e:  # the machine said no: a disk, a file, a socket
        print(f"rookery: error: {e}", file=sys.stderr)
        return 1
    except Exception as e:
        if _is_database_error(e):
            print(f"rookery: error: {e}", file=sys.stderr)
            return 1
        raise


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser. With `argv`, only the command it names gets its options (and
    its module loaded); without, every command does (for documentation and tests)."""
    parser = argparse.ArgumentParser(
        prog="rookery", formatter_class=_help_formatter,
        description="Watch the documents that govern a card game (FAQ, rules reference, "
                    "tournament regulations) and say exactly what changed, section by section.")
    parser.add_argument("--version", action="version", version=f"rookery {__version__}")
    add_common(parser)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    chosen = _chosen(argv) if argv is not None else None
    for name, (module, help) in COMMANDS.items():
        sub = commands.add_parser(name, help=help, description=help,
                                  formatter_class=_help_formatter)
        add_common(sub)
        if argv is None or name == chosen:
            importlib.import_module(f".commands.{module}", __package__).add(sub, name)
    return parser


def _help_formatter(prog: str) -> argparse.HelpFormatter:
    """--help wrapped to the width of every other text output (see terminal.width)."""
    from .terminal import width

    return argparse.HelpFormatter(prog, width=width())


def add_common(parser: argparse.ArgumentParser) -> None:
    """--config, --data and --quiet, accepted before or after the command name."""
    parser.add_argument("--config", metavar="FILE", default=argparse.SUPPRESS,
                        help="configuration file (default: $ROOKERY_CONFIG, ./rookery.toml, "
                             "or the shipped defaults)")
    parser.add_argument("--data", metavar="DIR", default=argparse.SUPPRESS,
                        help="data directory of the store (default: $ROOKERY_DATA, or `data` "
                             "in the configuration)")
    parser.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS,
                        help="log only warnings and errors")


def _chosen(argv: list[str]) -> str | None:
    """The command named on the command line: the first word that is one (option values
    such as `--config FILE` are skipped)."""
    takes_value = {"--config", "--data"}
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word in takes_value:
            skip = True
        elif not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def _reader_went_away() -> int:
    """stdout's reader closed the pipe (`rookery ... | head`): stop quietly. What is still
    buffered for stdout goes nowhere, so Python's own flush at exit cannot complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 0


def _is_database_error(e: Exception) -> bool:
    """An error the database driver raised (a locked or corrupt file, a lost server):
    the store's own, not a bug of ours, so it is one line like any machine error."""
    module = type(e).__module__ or ""
    return module.startswith(("sqlite3", "sqlalchemy", "psycopg"))


def _logging(args) -> None:
    import logging

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    logger = logging.getLogger("rookery")
    logger.handlers[:] = [handler]
    logger.setLevel(logging.WARNING if getattr(args, "quiet", False) else logging.INFO)
    logger.propagate = False
    # the scheduler's own warnings (a due time skipped while a cycle still runs) are lines
    # of the same log, stamped alike, not bare lines from Python's last-resort handler
    scheduler = logging.getLogger("apscheduler")
    scheduler.handlers[:] = [handler]
    scheduler.setLevel(logging.WARNING)
    scheduler.propagate = False


if __name__ == "__main__":
    sys.exit(main())
