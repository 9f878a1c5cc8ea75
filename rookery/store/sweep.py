"""A source's whole history in two queries: every revision's sections and every recorded
change. For readers that go through all of it at once (the card timelines), where a
query per revision would cost more than the reading; each stored version is decoded
once, however many revisions hold it."""
from __future__ import annotations

import json
from collections import defaultdict

from ..model import Change, Section
from .codec import section_from_dict
from .revisions import _change
from .store import Store


def held_by_revision(store: Store, source_id: str) -> dict[int, list[tuple[int, Section]]]:
    """Each revision's sections in reading order, with their items, by revision id."""
    decoded: dict[str, Section] = {}
    out: dict[int, list[tuple[int, Section]]] = defaultdict(list)
    for row in store.rows(
            "SELECT ri.revision_id, ri.item_id, v.section FROM revision_items ri "
            "JOIN revisions r ON r.id = ri.revision_id JOIN versions v ON v.id = ri.version_id "
            "WHERE r.source_id = :s ORDER BY ri.revision_id, ri.position", {"s": source_id}):
        section = decoded.get(row["section"])
        if section is None:
            section = decoded[row["section"]] = section_from_dict(json.loads(row["section"]))
        out[row["revision_id"]].append((row["item_id"], section))
    return out


def changes_by_revision(store: Store, source_id: str) -> dict[int, list[tuple[int, Change]]]:
    """Each revision's recorded changes in order, with the item each is about, by
    revision id (without the sections' places: see revisions.recorded_changes)."""
    out: dict[int, list[tuple[int, Change]]] = defaultdict(list)
    for row in store.rows(
            "SELECT c.*, o.section AS old_section, n.section AS new_section FROM changes c "
            "JOIN revisions r ON r.id = c.revision_id "
            "LEFT JOIN versions o ON o.id = c.old_version_id "
            "LEFT JOIN versions n ON n.id = c.new_version_id "
            "WHERE r.source_id = :s ORDER BY c.revision_id, c.position", {"s": source_id}):
        out[row["revision_id"]].append((row["item_id"], _change(row)))
    return out
