"""Two releases of a small FAQ page, written for rookery, so that `rookery diff --example`
shows what a diff says before a user has releases of their own: a new ruling that
renumbers the three after it, a reworded ruling, a removed one, an answer that flipped
from Yes to No and a new question. The game, Lanternfall, is made up."""
from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent
OLD = FOLDER / "lanternfall-faq-1.0.html"
NEW = FOLDER / "lanternfall-faq-1.1.html"
