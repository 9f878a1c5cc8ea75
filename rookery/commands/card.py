"""`rookery card [NAME]`: a card's timeline across every watched document (its errata,
the answers that name it, the lists it stood on), or every card the documents name."""
from __future__ import annotations

import sys

from ..errors import UsageError
from .common import add_format, config_of, print_json, require_revisions, table, write_lines


def add(p, name: str) -> None:
    p.set_defaults(handler=run)
    p.description = ("With NAME: everything the watched documents said of the card, oldest "
                     "first: errata, rulings and answers that name it (added, changed, "
                     "removed, with the words), and each list it stood on, from when to "
                     "when. Without NAME: every card the documents name.")
    p.add_argument("name", metavar="NAME", nargs="?", help="a card's name (any case)")
    add_format(p)


def run(args) -> int:
    from ..cards.timeline import build

    config = config_of(args)
    names = config.card_names()
    with config.open_store(readonly=True) as store:
        require_revisions(store, config, [], "no card is named yet")
        ids = list(dict.fromkeys([s.id for s in config.sources] +
                                 [s.id for s in store.sources()]))
        titles = {s.id: s.title or s.id for s in store.sources()} | \
            {s.id: s.title for s in config.sources}
        index = build(store, ids, names)
    fmt = args.format
    if args.name is None:
        return _all(index, fmt, config.base_url)
    card = find(index, args.name)
    if fmt == "json":
        from ..cards.words import card_json

        print_json(card_json(card, titles, config.base_url))
        return 0
    _text(card, titles)
    return 0


def find(index, query: str):
    """The card named `query` (any case, quotes or apostrophes), else the one card whose
    name holds it; else an error that suggests the names nearest to it."""
    from rapidfuzz import fuzz, process

    from ..cards.names import card_key

    key = card_key(query)
    if not key:
        raise UsageError("give a card's name")
    if key in index.cards:
        return index.cards[key]
    holding = [c for c in index.cards.values() if key in c.key]
    if len(holding) == 1:
        return holding[0]
    if not index.cards:
        raise UsageError(f"no card named {query!r}: the watched documents name no card "
                         "(as an erratum's title, a list's entry, or from the `cards` list)")
    names = {c.key: c.name for c in index.cards.values()}
    near = process.extract(key, list(names), scorer=fuzz.WRatio, limit=3, score_cutoff=60)
    if not near and holding:
        near = [(c.key, 0, 0) for c in holding[:3]]
    shown = [names[k] for k, _score, _i in near]
    hint = f"; did you mean {_either(shown)}?" if shown else \
        "; `rookery card` lists every card the documents name"
    raise UsageError(f"no card named {query!r} in the watched documents{hint}")


def _either(names: list[str]) -> str:
    quoted = [repr(n) for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _all(index, fmt: str, base: str) -> int:
    from ..cards.words import card_url, summary

    cards = index.sorted()
    if fmt == "json":
        print_json([{"name": c.name, "key": c.key, "printings": c.printings,
                     "page": card_url(base, c), "summary": summary(c),
                     "events": len(c.moments)} for c in cards])
        return 0
    if not cards:  # not a bare header: say why the list is empty
        sys.stdout.write("no card is named in the watched documents\n")
        return 0
    sys.stdout.write(table([[c.name, str(len(c.moments)), summary(c)] for c in cards],
                           ["card", "events", "what the documents say"]))
    return 0


def _text(card, titles: dict[str, str]) -> None:
    from ..cards.words import stay_line, what, when
    from ..diffs.text import inline_segments
    from ..terminal import fill, width, wrap

    columns = width()
    printed = f" ({'; '.join(card.printings)})" if card.printings else ""
    lines = fill(card.name + printed, columns)
    for stay in card.listings:
        lines += fill(stay_line(stay, titles) + ".", columns, indent="    ", first="  ")
    for m in card.moments:
        # a page revised under one label: the revision's number tells them apart
        where = f"  {when(m.revision)} · {titles.get(m.source, m.source)} " \
                f"(revision {m.revision.number}): "
        said = [(where + what(m), "")]
        if m.what == "modified" and m.change.ops:
            said += [("  ", "")] + inline_segments(m.change.ops, color=False)
        lines += wrap(said, columns, indent=INDENT)
    write_lines(lines)


INDENT = "      "
