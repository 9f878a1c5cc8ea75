"""The subcommands of `rookery`, declared once: name, one-line help, and the module that
adds its options and runs it. A command's module (and what it imports) loads only when
that command runs, so `rookery --help` costs little more than starting Python."""
from __future__ import annotations

# name → (module under rookery.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "diff": ("diff", "compare two releases section by section"),
    "check": ("check", "say how sound the reading of a release is: exit 0 sound, 1 "
                       "doubtful, 2 unreadable"),
    "fetch": ("watch", "fetch every source (or the ones named) once, now"),
    "run": ("watch", "keep watching: fetch each source on its schedule"),
    "sources": ("watch", "list the configured sources and their state"),
    "config": ("watch", "print the configuration in force"),
    "history": ("history", "list a source's revisions, or one section's versions"),
    "card": ("card", "follow a card: its errata, rulings and lists across every release"),
    "search": ("search", "find the sections that rule on something"),
    "publish": ("publish", "write the changelog site and its RSS / Atom feeds"),
    "serve": ("publish", "serve the published site locally"),
    "notify": ("notify", "messages about new revisions: status, test, send, retry"),
    "migrate": ("migrate", "copy the store into another database (PostgreSQL)"),
}
