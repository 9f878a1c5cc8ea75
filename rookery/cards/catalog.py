"""An operator's card list (`cards = "cards.csv"` or JSON, as a card database exports
it): more names for the finder than the documents cite in errata and lists."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from ..errors import UsageError

NAME_COLUMNS = ("name", "title", "card", "card name", "card_name")


def load(path: Path) -> list[str]:
    """The card names in the file: a CSV with a name (or title) column, or a JSON array
    of strings or of objects with "name" or "title" (or an object holding such an array
    under "cards" or "data"). Anything else is an error that says what to give."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise UsageError(f"cards = {str(path)!r}: cannot read it ({e.strerror or e}); give "
                         "the path of a CSV or JSON card list") from None
    text = raw.decode("utf-8-sig", errors="replace")
    names = _json(text, path) if text.lstrip()[:1] in ("[", "{") else _csv(text, path)
    names = [n.strip() for n in names if isinstance(n, str) and n.strip()]
    if not names:
        raise UsageError(f"cards = {str(path)!r}: no card names in it; give a CSV with a "
                         "'name' column or a JSON array of names")
    return list(dict.fromkeys(names))


def _json(text: str, path: Path) -> list[str]:
    try:
        data = json.loads(text)
    except ValueError as e:
        raise UsageError(f"cards = {str(path)!r}: not valid JSON ({e}); give a JSON array "
                         "of names or of objects with \"name\"") from None
    if isinstance(data, dict):
        data = next((data[k] for k in ("cards", "data", "results") if
                     isinstance(data.get(k), list)), None)
    if not isinstance(data, list):
        raise UsageError(f"cards = {str(path)!r}: expected a JSON array of names or of "
                         "objects with \"name\"")
    names = []
    for row in data:
        if isinstance(row, str):
            names.append(row)
        elif isinstance(row, dict) and isinstance(row.get("name", row.get("title")), str):
            names.append(row.get("name", row.get("title")))
        else:
            raise UsageError(f"cards = {str(path)!r}: item {len(names) + 1} is neither a "
                             "name nor an object with \"name\" or \"title\"")
    return names


def _csv(text: str, path: Path) -> list[str]:
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text), dialect))
    header = [h.strip().casefold() for h in rows[0]] if rows else []
    column = next((header.index(c) for c in NAME_COLUMNS if c in header), None)
    if column is None:
        raise UsageError(f"cards = {str(path)!r}: no 'name' or 'title' column in its first "
                         f"row ({', '.join(rows[0][:6]) if rows else 'empty'}); name the "
                         "column of card names 'name'")
    return [r[column] for r in rows[1:] if len(r) > column]
