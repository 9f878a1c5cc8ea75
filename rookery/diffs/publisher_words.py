"""The publisher's account (publisher.py) in words, for the terminal, the pages, the
feeds and the messages ("publisher lists 24 changes in “UPDATE SUMMARY”: 22 confirmed,
2 unchanged (6.3.3.2, 7.5.3)"), and as the `publisher` object of the JSON contract."""
from __future__ import annotations

from ..model import Change, plural
from ..parsers.structure.summary_lines import parts_of
from .publisher import BENEATH, CONFIRMED, MISSING, UNCHANGED, Listed, Marked, PublisherAccount

MOST_NAMED = 10  # sections named in a line; the rest are counted


def lines(a: PublisherAccount) -> list[str]:
    """The account in a few lines, for every output: "publisher lists 24 changes: 22
    confirmed, 2 unchanged (6.3.3.2, 7.5.3)", the same for marks, then "3 changes not
    listed: 4.2.1.1, …"."""
    out = []
    if a.summary is not None:
        out.append(f"publisher lists {plural(len(a.listed), 'change')} in "
                   f"\u201c{a.summary}\u201d" + _tally(a.listed))
    if a.marked:
        out.append(f"publisher marks {plural(len(a.marked), 'section')}" + _tally(a.marked))
    how = " or ".join(w for w, on in (("listed", a.summary is not None),
                                      ("marked", bool(a.marked))) if on)
    if a.unlisted:
        out.append(f"{plural(len(a.unlisted), 'change')} not {how}: "
                   + named([_change_name(c) for c in a.unlisted]))
    else:
        out.append(f"every change is {how}")
    return out


def _tally(entries: list[Listed] | list[Marked]) -> str:
    if not entries:
        return ""
    confirmed = [e for e in entries if e.status in CONFIRMED]
    beneath = [e for e in confirmed if e.status == BENEATH]
    said = [f"{len(confirmed)} confirmed" + (
        f" ({len(beneath)} by changes under them: {named([_name(e) for e in beneath])})"
        if beneath else "")]
    for status, words in ((UNCHANGED, "unchanged"), (MISSING, "in neither release")):
        these = [e for e in entries if e.status == status]
        if these:
            said.append(f"{len(these)} {words} ({named([_name(e) for e in these])})")
    return ": " + ", ".join(said)


def _name(e: Listed | Marked) -> str:
    if isinstance(e, Marked):
        return e.section.number or e.section.label
    return e.number or e.title or ""


def _change_name(c: Change) -> str:
    s = c.section
    name = s.number or s.label
    return f"{name} (removed)" if c.type == "removed" else \
        f"{name} (new)" if c.type == "added" else name


def named(names: list[str]) -> str:
    """Names in a line, runs of consecutive numbers as one ("10.1–10.10"), the first
    MOST_NAMED and a count of the rest."""
    spans = _spans(names)
    shown = ", ".join(spans[:MOST_NAMED])
    return shown + (f", \u2026 and {len(spans) - MOST_NAMED} more"
                    if len(spans) > MOST_NAMED else "")


def _spans(names: list[str]) -> list[str]:
    out: list[list[str]] = []
    for name in names:
        if out and _next(out[-1][-1], name):
            out[-1].append(name)
        else:
            out.append([name])
    return [name for run in out
            for name in (run if len(run) < 3 else [f"{run[0]}\u2013{run[-1]}"])]


def _next(a: str, b: str) -> bool:
    """Is `b` the number right after `a` (the next sibling)?"""
    pa, pb = parts_of(a), parts_of(b)
    if not (pa and pb and ".".join(pa) == a.rstrip(".") and ".".join(pb) == b.rstrip(".")):
        return False
    return len(pa) == len(pb) and pa[:-1] == pb[:-1] and pa[-1].isdigit() \
        and pb[-1].isdigit() and int(pb[-1]) == int(pa[-1]) + 1


# ---------------------------------------------------------------- as JSON

def to_json(a: PublisherAccount) -> dict:
    """The account as `rookery diff --format json` gives it, under `publisher`."""
    return {
        "summary": a.summary,
        "listed": [{"number": e.number, "title": e.title, "text": e.text, "status": e.status}
                   for e in a.listed],
        "marked": [{**e.section.ref(), "status": e.status} for e in a.marked],
        "unconfirmed": [_unconfirmed_json(e) for e in a.unconfirmed],
        "unlisted": [{"type": str(c.type), "old": c.old.ref() if c.old else None,
                      "new": c.new.ref() if c.new else None} for c in a.unlisted],
    }


def _unconfirmed_json(e: Listed | Marked) -> dict:
    if isinstance(e, Marked):
        out = {"number": e.section.number, "title": e.section.title}
        if not e.section.title:
            out["label"] = e.section.label
        return out | {"status": e.status, "by": "marked"}
    return {"number": e.number, "title": e.title, "status": e.status, "by": "listed"}
