"""Copy a whole store into another database (`rookery migrate --to URL`): every table, row
for row, ids kept, so permalinks and feeds made from the first store stay true."""
from __future__ import annotations

from sqlalchemy import Integer, func, select, text

from . import schema as t
from .store import Store, StoreError

BATCH = 500  # rows per INSERT; bodies can be large PDFs


def copy_store(source: Store, target: Store, progress=None) -> dict[str, int]:
    """Copy every row of `source` into the empty store `target`; rows copied per table.
    The target's search index fills itself (its trigger), in its own engine's words."""
    held = target.scalar(select(func.count()).select_from(t.revisions))
    if held:
        raise StoreError(f"{target.where} already holds {held} revisions; migrate into an "
                         "empty database")
    copied: dict[str, int] = {}
    with target.transaction() as out, source.engine.connect() as src:
        for table in t.DATA_TABLES:
            n, batch = 0, []
            rows = src.execution_options(yield_per=BATCH).execute(
                select(table).order_by(*table.primary_key.columns))
            for row in rows.mappings():
                batch.append(dict(row))
                if len(batch) >= BATCH:
                    out.execute(table.insert(), batch)
                    n, batch = n + len(batch), []
                    if progress:
                        progress(table.name, n)
            if batch:
                out.execute(table.insert(), batch)
                n += len(batch)
            copied[table.name] = n
        if target.dialect == "postgresql":
            # ids were given explicitly: the sequences must carry on after the highest
            for table in t.DATA_TABLES:
                if "id" in table.c and isinstance(table.c.id.type, Integer):
                    out.execute(text(
                        f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                        f"coalesce((SELECT max(id) FROM {table.name}), 0) + 1, false)"))
    return copied
