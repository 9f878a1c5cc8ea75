"""`rookery publish` and `rookery serve`: the changelog site and its feeds."""
from __future__ import annotations

import logging
from pathlib import Path

from ..errors import UsageError
from .common import config_of

log = logging.getLogger("rookery")


def add(p, name: str) -> None:
    if name == "serve":
        p.set_defaults(handler=serve_command)
        p.description = ("Serve the published site on this machine for a look (not a "
                         "production web server).")
        p.add_argument("--port", type=int, default=8000, help="port to listen on (default "
                                                              "8000; 0 picks a free one)")
        p.add_argument("--out", metavar="DIR", help="the site folder (default: `site` in "
                                                    "the configuration)")
        return
    p.set_defaults(handler=publish_command)
    p.description = ("Write the changelog pages and the RSS and Atom feeds from the store. "
                     "Only the pages that revisions new since the last publish change are "
                     "rendered (every page when the folder holds no build of this "
                     "configuration yet), and only files whose content changed are "
                     "rewritten.")
    p.add_argument("--out", metavar="DIR", help="output folder (default: `site` in the "
                                                "configuration)")
    p.add_argument("--full", action="store_true",
                   help="render and rewrite every file, and remove files an earlier build "
                        "made that are no longer part of the site")


def publish_command(args) -> int:
    publish_site(config_of(args), Path(args.out) if args.out else None, full=args.full)
    return 0


def publish_site(config, out: Path | None = None, full: bool = False) -> None:
    """Publish from the configured store, and say in one log line what was written."""
    from ..feeds.site import publish  # Jinja2 and feedgen load when a site is written

    with config.open_store(readonly=True) as store:
        report = publish(store, config, out, full=full)
    how = {"full": "full build", "all": f"every page rendered: {report.reason}",
           "incremental": f"incremental, {report.reason}"}[report.mode]
    log.info("site published to %s (%s): %d files written, %d unchanged%s", out or config.site,
             how,
             report.written, report.unchanged,
             f", {report.removed} stale files removed" if report.removed else "")


def serve_command(args) -> int:
    from ..feeds.serve import serve

    config = config_of(args)
    folder = Path(args.out) if args.out else config.site
    if not (folder / "index.html").exists():
        raise UsageError(f"no site in {folder}: run `rookery publish` first")
    try:
        serve(folder, args.port)
    except (OSError, OverflowError) as e:
        raise UsageError(f"cannot listen on port {args.port} ({getattr(e, 'strerror', None) or e}); "
                         "pick another with --port") from None
    return 0
