"""What the commands share: the configuration and store they work on, and output."""
from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..config import Config
    from ..store import Store


def config_of(args) -> Config:
    from ..config import load_config

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
