"""Which `[[notify]]` targets a new revision concerns, from what it changed: the target's
`sources`, `sections` (numbers or title words, as `rookery diff --section` reads them),
`cards` (names: only changes that say something new of one) and `only` (every revision that changed something, only those with alerts, or only those that change what the release neither lists nor marks)."""
from __future__ import annotations

from typing import Callable

from ..cards.names import Finder, card_key
from ..cards.timeline import changed_cards
from ..config import NotifyConfig
from ..diffs.report import matches, section_matches
from ..model import Change, Flag


def concerned(targets: list[NotifyConfig], source_id: str, first: bool,
              changes: list[Change], flags: list[Flag],
              unlisted: Callable[[], list[Change]] = list) -> list[str]:
    """The names of the targets owed a message about a revision of `source_id`. A source's
    first revision (its first import) changed nothing, so it is told only when it raises
    an alert. `unlisted()`: the changes the release neither lists nor marks (asked only
    for a target that hears of those alone)."""
    names = []
    for t in targets:
        if t.sources and source_id not in t.sources:
            continue
        if t.only == "alerts" and not flags:
            continue
        if t.only == "unlisted" and (first or not unlisted()):
            continue
        if first and not flags:
            continue
        if t.sections and not any(
                matches(c, q) for c in changes for q in t.sections) and not any(
                section_matches(s, q) for f in flags for s in f.sections for q in t.sections):
            continue
        if t.cards and not _about_cards(changes, t.cards):
            continue
        names.append(t.name)
    return names


def _about_cards(changes: list[Change], cards: tuple[str, ...]) -> bool:
    """Does any change say something new of one of the cards (named in any case)?"""
    finder, wanted = Finder(cards, any_case=True), {card_key(c) for c in cards}
    return any(changed_cards(c, finder) & wanted for c in changes)
