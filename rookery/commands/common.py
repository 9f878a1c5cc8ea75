"""What the commands share: the configuration and store they work on, and output."""
from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..config import Config
    from ..store import Store


def config_of(args) -> Config:
    """The configuration a command's arguments name, read once per command (reading
    it checks every key and compiles the sources' selectors)."""
    from ..config import load_config

    config = getattr(args, "_config", None)
    if config is None:
        config = load_config(getattr(args, "config", None), getattr(args, "data", None))
        if config.path is not None:
            _not_the_output(config.path)
        if args is not None:
            args._config = config
    return config


def _not_the_output(path) -> None:
    """Refuse a configuration file that is also stdout (`rookery config > rookery.toml`
    beside it): the shell emptied it before rookery read it, so what was read is not what
    the operator wrote, and the output would go over it."""
    from ..errors import UsageError

    try:
        same = os.path.samestat(os.fstat(sys.stdout.fileno()), os.stat(path))
    except (OSError, ValueError, AttributeError):  # no file behind stdout
        return
    if not same:
        return
    if os.path.getsize(path) == 0:
        raise UsageError(f"{path} is the configuration and also where the output goes, and "
                         "the shell emptied it before rookery could read it; `rookery config "
                         "--init` writes a starting configuration into it (and never "
                         "overwrites one)")
    raise UsageError(f"{path} is the configuration and also where the output goes; send the "
                     "output to another file")


def require_revisions(store, config, sources: list[str], nothing: str) -> None:
    """An error that says what to do when none of `sources` (default: every source in
    the store) has a revision yet: an empty answer would suggest that other words could
    find something. `nothing` opens the message ("nothing is stored yet to search")."""
    from ..errors import UsageError
    from ..store import revisions as revs

    searched = sources or [row.id for row in store.sources()]
    if any(revs.latest_revision(store, s) for s in searched):
        return
    if sources:  # says which source to fetch
        revs.require_revisions(store, sources[0], [s.id for s in config.sources])
    raise UsageError(f"{nothing}: no source has a revision; run `rookery fetch` first")


def add_format(p, help: str = "text (default) or json", more: tuple[str, ...] = ()) -> None:
    """The --format option, as every command that prints data declares it."""
    p.add_argument("--format", choices=("text", "json", *more), default="text", help=help)


def open_store(args, readonly: bool = False) -> Store:
    return config_of(args).open_store(readonly=readonly)


def print_json(data) -> None:
    """JSON on stdout, indented, with text as it reads (not \\u-escaped)."""
    sys.stdout.write(json_text(data) + "\n")  # one write


def json_text(data) -> str:
    """`data` as print_json prints it. orjson writes it ten times as fast as the standard
    library, whose encoder runs in Python whenever it indents (a diff of two long
    releases is megabytes of JSON); what orjson refuses (an integer past 64 bits, a lone
    surrogate) goes the standard library's way."""
    import orjson  # loaded by the commands that print JSON only

    try:
        return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode()
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(data, indent=2, ensure_ascii=False)


def write_lines(lines: list[str]) -> None:
    sys.stdout.write("".join(f"{line}\n" for line in lines))


def say(line: str, indent: str = "    ") -> None:
    """One line of a report on stdout, wrapped to the output's width."""
    from ..terminal import fill, width

    write_lines(fill(line, width(), indent=indent))


def table(rows: list[list[str]], header: list[str] | None = None,
          width: int | None = None) -> str:
    """Aligned columns for a terminal, no line wider than `width` (default: the output's,
    see terminal.width). When the columns are too wide, the last one wraps under itself;
    when that leaves it too little room, each row becomes a block of `header value`
    lines (without a header, the last column wraps under a small indent)."""
    from ..terminal import fill, width as output_width

    width = width or output_width()
    shown = [header] + rows if header else rows
    if not shown:
        return ""
    widths = [max(len(str(r[k])) for r in shown) for k in range(len(shown[0]))]
    lead = sum(widths[:-1]) + 2 * (len(widths) - 1)  # where the last column starts
    if lead + widths[-1] <= width or width - lead >= LAST_COLUMN:
        hanging = lead
    elif header:
        return _blocks(rows, header, width)
    else:
        hanging = 4
    lines = []
    for r in shown:
        first = "".join(str(c).ljust(w) + "  " for c, w in zip(r[:-1], widths))
        if len(first) + len(str(r[-1])) <= width:
            lines.append((first + str(r[-1])).rstrip())
        else:
            lines += fill(str(r[-1]), width, indent=" " * hanging, first=first)
    return "\n".join(lines) + "\n"


LAST_COLUMN = 20  # the least room a wrapped last column is given


def _blocks(rows: list[list[str]], header: list[str], width: int) -> str:
    """Each row as lines of `header  value`, rows apart by a blank line: a table too wide
    for the width in columns."""
    from ..terminal import fill

    name = max(len(h) for h in header) + 2
    blocks = []
    for r in rows:
        lines = []
        for h, c in zip(header, r):
            lines += fill(str(c), width, indent=" " * min(name, 4), first=h.ljust(name))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
