"""Sections as the store keys them: canonical JSON and its hash. Documents and Sections
to and from JSON live with the model (the parse cache keeps them too)."""
from __future__ import annotations

import hashlib
import json

from ..model import (Section, document_from_json, document_to_json, section_from_dict,
                     section_to_dict)

__all__ = ["document_from_json", "document_to_json", "section_from_dict", "section_hash",
           "section_json", "section_to_dict"]


def section_json(s: Section) -> str:
    return json.dumps(section_to_dict(s), ensure_ascii=False, sort_keys=True)


def section_hash(s: Section) -> str:
    return hashlib.sha256(section_json(s).encode()).hexdigest()
