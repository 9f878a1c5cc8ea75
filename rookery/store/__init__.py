"""Keeps snapshots, parsed documents, revisions and section versions (SQLite)."""
from .store import Store, StoreError, StoreLocked

__all__ = ["Store", "StoreError", "StoreLocked"]
