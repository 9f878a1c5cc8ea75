"""What the commands share: the configuration and store they work on, and output."""
from __future__ import annotations

import argparse
import json
import sys

from ..config import Config, load_config
from ..store import Store


def add_common(parser: argparse.ArgumentParser) -> None:
    """--config and --data, accepted before or after the command name."""
    parser.add_argument("--config", metavar="FILE", default=argparse.SUPPRESS,
                        help="configuration file (default: $ROOKERY_CONFIG, ./rookery.toml, "
                             "or the shipped defaults)")
    parser.add_argument("--data", metavar="DIR", default=argparse.SUPPRESS,
                        help="data directory of the store (default: $ROOKERY_DATA, or `data` "
                             "in the configuration)")


def command(commands, name: str, handler, help: str, description: str) -> argparse.ArgumentParser:
    """A subcommand that runs `handler(args)` and takes --config and --data."""
    parser = commands.add_parser(name, help=help, description=description)
    add_common(parser)
    parser.set_defaults(handler=handler)
    return parser


def config_of(args) -> Config:
    return load_config(getattr(args, "config", None), getattr(args, "data", None))


def open_store(args, readonly: bool = False) -> Store:
    return config_of(args).open_store(readonly=readonly)


def print_json(data) -> None:
    """JSON on stdout, indented, with text as it reads (not \\u-escaped)."""
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def table(rows: list[list[str]], header: list[str]) -> str:
    """Plain aligned columns for a terminal."""
    widths = [max(len(str(r[k])) for r in [header] + rows) for k in range(len(header))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(header, widths)).rstrip()]
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(lines) + "\n"
