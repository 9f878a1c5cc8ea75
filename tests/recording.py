"""Record a document as a source's next revision, as a fetch would, without one: for
tests of what is built on the store (history, search, pages)."""
from __future__ import annotations

from rookery.diffs.compare import diff_documents
from rookery.store import revisions as revs


def record(store, source_id: str, doc, body: bytes = b"x", url: str | None = None,
           published: str | None = None) -> revs.Revision:
    """`doc` as the source's next revision, diffed against the latest (body: its bytes)."""
    latest = revs.latest_revision(store, source_id)
    diff = diff_documents(revs.document(store, latest), doc) if latest else None
    sha = store.put_body(body, None, None)
    return revs.add_revision(store, source_id, doc, diff, sha, url, published_at=published)
