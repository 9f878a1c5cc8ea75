"""`rookery notify status | test [TARGET] | send`: the places that hear of new revisions."""
from __future__ import annotations

import sys

from ..errors import UsageError
from .common import add_format, config_of, print_json, say, table

ACTIONS = {
    "status": "list every target (secrets masked) and its pending, sent, given-up and "
              "unconfirmed messages; exits 1 when any is given up or unconfirmed",
    "test": "send a short test message to every target, or to the one named",
    "send": "deliver the messages whose time has come now (fetch and run also do)",
    "retry": "send again, now, the messages given up or unconfirmed (of every target, or "
             "the one named), with their ids unchanged",
}


def add(p, name: str) -> None:
    p.description = ("Messages about new revisions, through apprise: one per revision and "
                     "[[notify]] target, kept in the store until delivered. "
                     + "; ".join(f"{k}: {v}" for k, v in ACTIONS.items()) + ".")
    p.add_argument("action", choices=tuple(ACTIONS), help="what to do (see above)")
    p.add_argument("target", nargs="?", metavar="TARGET",
                   help="with test or retry: only this target (its `name`)")
    add_format(p, help="status as text (default) or json")
    p.set_defaults(handler=notify_command)


def notify_command(args) -> int:
    config = config_of(args)
    if not config.notify:
        raise UsageError("no [[notify]] targets in the configuration; add one with a `url` "
                         "(see `rookery config --keys`)")
    if args.action == "test":
        return _test(config, args.target)
    if args.target and args.action != "retry":
        raise UsageError(f"notify {args.action} takes no target")
    if args.action in ("send", "retry"):
        from ..notify.send import deliver
        from ..store import outbox

        if args.target and args.target not in {t.name for t in config.notify}:
            raise UsageError(f"no notify target {args.target!r} (targets: "
                             f"{', '.join(t.name for t in config.notify)})")
        with config.open_store() as store:
            store.lock()
            if args.action == "retry":
                again = outbox.retry(store, args.target)
                print(f"{again} given-up or unconfirmed message{'s' * (again != 1)} "
                      "owed again", file=sys.stderr)
            stats = deliver(store, config)
        print(str(stats), file=sys.stderr)
        return 1 if (stats.given_up or stats.unconfirmed) and not stats.sent else 0
    return _status(config, args.format)


def _test(config, name: str | None) -> int:
    from ..notify.send import send_test

    targets = [t for t in config.notify if name in (None, t.name)]
    if not targets:
        known = ", ".join(t.name for t in config.notify)
        raise UsageError(f"no notify target {name!r} (targets: {known})")
    failed = 0
    for t in targets:
        try:
            error = send_test(t, config)
        except UsageError as e:  # an unset variable, a URL apprise cannot use: say, go on
            error = str(e)
        say(f"{t.name}: {'sent' if error is None else 'failed: ' + error} ({t.shown_url})")
        failed += error is not None
    return 1 if failed else 0


def _status(config, fmt: str) -> int:
    from ..model import plural
    from ..store import outbox

    none = {str(s): 0 for s in outbox.DeliveryState}
    rows = [{"target": t.name, "url": t.shown_url, **none, "unsent": []} for t in config.notify]
    if config.has_store:
        with config.open_store(readonly=True) as store:
            counts = outbox.counts(store)
            for row in rows:
                row.update(counts.get(row["target"], {}))
                row["unsent"] = [{"source": d.source_id, "revision": d.revision_number,
                                  "state": str(d.state), "tries": d.tries,
                                  "next_try_at": d.next_try_at, "error": d.last_error}
                                 for d in outbox.deliveries(store, row["target"], unsent=True)]
    # a monitoring script sees messages that need someone by the exit status
    troubled = 1 if any(r["failed"] or r["unconfirmed"] for r in rows) else 0
    if fmt == "json":
        print_json(rows)
        return troubled
    sys.stdout.write(table([[r["target"], r["url"], str(r["pending"]), str(r["sent"]),
                             str(r["failed"]), str(r["unconfirmed"])] for r in rows],
                           ["target", "url", "pending", "sent", "given up", "unconfirmed"]))
    for r in rows:
        for d in r["unsent"]:
            say(f"{r['target']}: {d['source']} revision {d['revision']} {d['state']} after "
                 f"{plural(d['tries'], 'try', 'tries')}" + (f": {d['error']}" if d["error"]
                                                            else ""))
    return troubled
