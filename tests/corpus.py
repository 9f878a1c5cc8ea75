"""Where the corpus of real releases lives: ../shared/corpus beside the checkout, or
$ROOKERY_CORPUS. Tests that read it skip cleanly when it is absent."""
from __future__ import annotations

import os
from pathlib import Path


def corpus_dir() -> Path:
    env = os.environ.get("ROOKERY_CORPUS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "corpus"
