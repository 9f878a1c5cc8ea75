"""`rookery history SOURCE [SECTION]`: a source's revisions, or one section's versions."""
from __future__ import annotations

import sys

from ..errors import UsageError
from .common import add_format, config_of, print_json, table, write_lines


def add(p, name: str) -> None:
    p.set_defaults(handler=run)
    p.description = ("Without SECTION: every revision of SOURCE with its version, dates and "
                    "counts of changed sections. With SECTION (a number like 1.2 or words of "
                    "a title): every version of the sections that match, and what changed.")
    p.add_argument("source", metavar="SOURCE", help="a source id (see `rookery sources`)")
    p.add_argument("section", metavar="SECTION", nargs="?", help="a section number or title")
    add_format(p)


def run(args) -> int:
    from ..store import revisions as revs

    config = config_of(args)
    with config.open_store(readonly=True) as store:
        all_revs = revs.require_revisions(store, args.source, [s.id for s in config.sources])
        if args.section:
            return _section(store, args)
        if args.format == "json":
            print_json([r.to_json() for r in all_revs])
            return 0
        judged = [r.judged for r in all_revs]
        rows = [[str(r.number), r.label, r.when, str(r.added), str(r.removed),
                 str(r.modified), str(r.sections),
                 "-" if j is None else "doubtful" if j.doubtful else "sound"]
                for r, j in zip(all_revs, judged)]
        sys.stdout.write(table(rows, ["#", "version", "date", "added", "removed",
                                      "modified", "sections", "reading"]))
        # a doubtful reading says why, under the table: its changes may be wrong
        write_lines([f"revision {r.number}: {j.notice(r.format or '')}"
                     for r, j in zip(all_revs, judged) if j is not None and j.doubtful])
    return 0


def _section(store, args) -> int:
    from ..diffs.report import change_json, describe
    from ..diffs.text import inline_segments
    from ..store import revisions as revs
    from ..terminal import fill, width, wrap

    items = revs.find_items(store, args.source, args.section)
    if not items:
        raise UsageError(f"no section of {args.source} matches {args.section!r}")
    histories = [revs.section_history(store, item) for item in items]
    if args.format == "json":
        print_json([[{"revision": e.revision.number, "version": e.revision.version,
                      "label": e.revision.label, "effective": e.revision.effective,
                      "date": e.revision.date,
                      "change": change_json(e.change) if e.change else None,
                      "section": e.section.ref() if e.section else None}
                     for e in events] for events in histories])
        return 0
    columns = width()
    lines: list[str] = []
    for events in histories:
        lines += fill(next((e.section.label for e in reversed(events) if e.section), "?"),
                      columns, indent=INDENT)
        for e in events:
            where = f"  {e.revision.cited}: "
            if e.change is None:
                lines += fill("first recorded", columns, indent=INDENT, first=where)
                continue
            said = [(where + describe(e.change), "")]
            if e.change.ops:
                said += [("  ", "")] + inline_segments(e.change.ops, color=False)
            lines += wrap(said, columns, indent=INDENT)
    write_lines(lines)
    return 0


INDENT = "      "  # continuation lines, under the words of a revision's line
