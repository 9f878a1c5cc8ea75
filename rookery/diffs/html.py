"""A DocumentDiff as one standalone HTML page (no scripts, no external files)."""
from __future__ import annotations

from jinja2 import Environment, PackageLoader, select_autoescape

from ..model import DocumentDiff
from .publisher_words import lines as publisher_lines
from .report import describe, notices

_ENV = Environment(loader=PackageLoader("rookery.diffs", "templates"),
                   autoescape=select_autoescape(default=True), trim_blocks=True,
                   lstrip_blocks=True)


def render_html(diff: DocumentDiff) -> str:
    counts = {t: sum(c.type == t for c in diff.changes) for t in ("added", "removed", "modified")}
    return _ENV.get_template("diff.html").render(
        diff=diff, counts=counts, describe=describe, notices=notices(diff),
        publisher=publisher_lines(diff.publisher) if diff.publisher is not None else [])
