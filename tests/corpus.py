"""Where the corpus of real releases lives: ../shared/corpus beside the checkout, or
$ROOKERY_CORPUS. Tests that read it skip cleanly when it is absent."""
from __future__ import annotations

import os
from pathlib import Path


def corpus_dir() -> Path:
    env = os.environ.get("ROOKERY_CORPUS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "corpus"


def change_keys(old, new) -> list[tuple]:
    """What rookery reports between two releases, sorted: each change's type, the old and
    new section numbers, and whether the text changed."""
    from rookery.diffs.compare import changes_between

    return sorted(((c.type, c.old.number if c.old else None, c.new.number if c.new else None,
                    c.text_changed) for c in changes_between(old, new).changes), key=str)
