"""The sections and changes a card's timeline shows, read from the store only when a
page asks for them: a publish that keeps its card facts renders a few cards' pages, and
reads only what those show, in one query for the sections and one for the changes."""
from __future__ import annotations

from ..model import Change, Section
from ..store import Store
from ..store import sweep


class Texts:
    """Sections by stored version, and changes by (revision id, position), each read
    once: those already read while gathering facts are kept as they were."""

    def __init__(self, store: Store):
        self.store = store
        self._sections: dict[int, Section] = {}
        self._changes: dict[tuple[int, int], Change] = {}

    def keep(self, version: int, section: Section) -> None:
        self._sections.setdefault(version, section)

    def keep_change(self, revision_id: int, position: int, change: Change) -> None:
        self._changes.setdefault((revision_id, position), change)

    def sections(self, versions: set[int]) -> dict[int, Section]:
        """The versions' sections, those not read yet in one query."""
        missing = [v for v in versions if v not in self._sections]
        if missing:
            self._sections.update(sweep.sections(self.store, missing))
        return {v: self._sections[v] for v in versions}

    def section(self, version: int) -> Section:
        return self.sections({version})[version]

    def changes(self, places: set[tuple[int, int]]) -> None:
        """Read the changes at `places` (revision id, position) not read yet: every
        change of their revisions, in one query."""
        missing = {rev for rev, position in places if (rev, position) not in self._changes}
        if missing:
            for rev, recorded in sweep.changes_by_revision(self.store, list(missing)).items():
                for r in recorded:
                    self.keep_change(rev, r.position, r.change)

    def change(self, revision_id: int, position: int) -> Change:
        self.changes({(revision_id, position)})
        return self._changes[(revision_id, position)]
