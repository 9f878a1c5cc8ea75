"""Documents and Sections to and from JSON, for the store's tables."""
from __future__ import annotations

import hashlib
import json

from ..model import Document, Section


def section_to_dict(s: Section) -> dict:
    out = {"title": s.title, "kind": s.kind, "text": s.text, "number": s.number,
           "path": list(s.path), "question": s.question, "marks": [list(m) for m in s.marks],
           "heading_marked": s.heading_marked, "heading": s.heading, "anchor": s.anchor,
           "since": s.since}
    return {k: v for k, v in out.items() if v not in (None, [], False, "") or k in ("title", "kind")}


def section_from_dict(d: dict) -> Section:
    return Section(title=d.get("title"), kind=d["kind"], text=d.get("text", ""),
                   number=d.get("number"), path=tuple(d.get("path", ())),
                   question=d.get("question"),
                   marks=tuple(tuple(m) for m in d.get("marks", ())),
                   heading_marked=d.get("heading_marked", False), heading=d.get("heading"),
                   anchor=d.get("anchor"), since=d.get("since"))


def section_json(s: Section) -> str:
    return json.dumps(section_to_dict(s), ensure_ascii=False, sort_keys=True)


def section_hash(s: Section) -> str:
    return hashlib.sha256(section_json(s).encode()).hexdigest()


def document_to_json(doc: Document) -> str:
    return json.dumps({"title": doc.title, "version": doc.version, "effective": doc.effective,
                       "format": doc.format, "warnings": doc.warnings,
                       "sections": [section_to_dict(s) for s in doc.sections]},
                      ensure_ascii=False)


def document_from_json(text: str, source: str = "") -> Document:
    d = json.loads(text)
    return Document(sections=[section_from_dict(s) for s in d["sections"]], title=d.get("title"),
                    version=d.get("version"), effective=d.get("effective"),
                    format=d.get("format", "html"), source=source,
                    warnings=d.get("warnings", []))
