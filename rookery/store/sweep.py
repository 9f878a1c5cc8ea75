"""Many revisions at once: their sections and recorded changes in a few queries, with
the stored version each section is, and sections by version. For readers that go
through a whole history (the card facts), where a query per revision would cost more
than the reading; each stored version is decoded once, however many revisions hold it."""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import bindparam, text

from ..model import Change, Section
from .codec import section_from_dict
from .revisions import _change
from .store import Store

BATCH = 500  # ids per query: well under every engine's limit on parameters


@dataclass
class Held:
    """A section a revision holds: its identity (item) and its stored version."""

    item: int
    version: int
    section: Section


@dataclass
class Recorded:
    """A recorded change with its place in the revision and the versions it joins."""

    position: int
    item: int
    old_version: int | None
    new_version: int | None
    change: Change  # without the sections' places (see revisions.recorded_changes)


def held_by_revision(store: Store, revision_ids: list[int]) -> dict[int, list[Held]]:
    """Each revision's sections in reading order, by revision id."""
    decoded: dict[int, Section] = {}
    out: dict[int, list[Held]] = defaultdict(list)
    for row in _in(store, "SELECT ri.revision_id, ri.item_id, ri.version_id, v.section "
                          "FROM revision_items ri JOIN versions v ON v.id = ri.version_id "
                          "WHERE ri.revision_id IN :ids ORDER BY ri.revision_id, ri.position",
                   revision_ids):
        section = decoded.get(row["version_id"])
        if section is None:
            section = decoded[row["version_id"]] = section_from_dict(json.loads(row["section"]))
        out[row["revision_id"]].append(Held(row["item_id"], row["version_id"], section))
    return out


def changes_by_revision(store: Store, revision_ids: list[int]) -> dict[int, list[Recorded]]:
    """Each revision's recorded changes in order, by revision id."""
    out: dict[int, list[Recorded]] = defaultdict(list)
    for row in _in(store, "SELECT c.*, o.section AS old_section, n.section AS new_section "
                          "FROM changes c LEFT JOIN versions o ON o.id = c.old_version_id "
                          "LEFT JOIN versions n ON n.id = c.new_version_id "
                          "WHERE c.revision_id IN :ids ORDER BY c.revision_id, c.position",
                   revision_ids):
        out[row["revision_id"]].append(Recorded(row["position"], row["item_id"],
                                                row["old_version_id"], row["new_version_id"],
                                                _change(row)))
    return out


def sections(store: Store, version_ids: list[int]) -> dict[int, Section]:
    """The stored versions' sections, by version id."""
    return {row["id"]: section_from_dict(json.loads(row["section"])) for row in
            _in(store, "SELECT id, section FROM versions WHERE id IN :ids", version_ids)}


def _in(store: Store, query: str, ids: list[int]) -> list:
    """The rows of a query whose `:ids` is a list of ids, asked in batches."""
    statement = text(query).bindparams(bindparam("ids", expanding=True))
    ids = sorted(set(ids))
    rows = []
    for start in range(0, len(ids), BATCH):
        rows += store.rows(statement, {"ids": ids[start:start + BATCH]})
    return rows
