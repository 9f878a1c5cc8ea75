"""What a Word paragraph or run inherits: its styles (outline level, heading level, bold,
italic, colour, hidden) and its list numbering (the number Word prints before it).

Word keeps these apart from the text: styles.xml declares each style and the one it is
based on, numbering.xml the list levels ("%1.%2." in decimal, from 1) that paragraphs
point at by number and level. Everything here is read once per document.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..numbering import roman

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING_NAME = re.compile(r"^heading\s*([1-9])$", re.I)
_CONTENTS_NAME = re.compile(r"^(?:toc\s*(?:[1-9]|heading)|table of contents)$", re.I)
_OFF = ("0", "false", "off", "none")
RUN_PROPS = ("b", "i", "color", "vanish", "u")


def val(el, name: str = "val") -> str | None:
    return None if el is None else el.get(W + name)


def run_props(rpr) -> dict:
    """The run properties an rPr element sets: bold, italic, colour, hidden, underline."""
    out: dict = {}
    if rpr is None:
        return out
    for name in RUN_PROPS:
        el = rpr.find(W + name)
        if el is None:
            continue
        value = val(el)
        if name == "color":
            out[name] = (value or "auto").lower()
        else:
            out[name] = value is None or value.lower() not in _OFF
    return out


@dataclass
class Style:
    """One style as declared, before inheritance."""

    sid: str
    kind: str
    name: str
    based_on: str | None
    outline: int | None
    numbering: tuple[str, int] | None
    run: dict = field(default_factory=dict)


def _numpr(ppr) -> tuple[str | None, int | None] | None:
    """(numId, ilvl) that a pPr sets, either possibly None; None when it sets no numPr."""
    numpr = None if ppr is None else ppr.find(W + "numPr")
    if numpr is None:
        return None
    ilvl = val(numpr.find(W + "ilvl"))
    return val(numpr.find(W + "numId")), int(ilvl) if ilvl and ilvl.isdigit() else None


class Styles:
    """The document's styles, resolved along their basedOn chains."""

    def __init__(self, root):
        self.styles: dict[str, Style] = {}
        self.default_para: str | None = None
        self.defaults: dict = {}
        self.resolved: dict[str | None, ParagraphStyle] = {}
        if root is None:
            return
        self.defaults = run_props(root.find(f"{W}docDefaults/{W}rPrDefault/{W}rPr"))
        for el in root.iter(W + "style"):
            sid = el.get(W + "styleId") or ""
            ppr = el.find(W + "pPr")
            outline = val(None if ppr is None else ppr.find(W + "outlineLvl"))
            numpr = _numpr(ppr)
            self.styles[sid] = Style(
                sid=sid, kind=el.get(W + "type") or "paragraph", name=val(el.find(W + "name")) or sid,
                based_on=val(el.find(W + "basedOn")),
                outline=int(outline) if outline and outline.isdigit() else None,
                numbering=(numpr[0], numpr[1] or 0) if numpr and numpr[0] else None,
                run=run_props(el.find(W + "rPr")))
            if el.get(W + "type") == "paragraph" and (el.get(W + "default") or "") in ("1", "true"):
                self.default_para = sid

    def chain(self, sid: str | None) -> list[Style]:
        """The style and those it is based on, nearest first."""
        out, seen = [], set()
        while sid and sid in self.styles and sid not in seen:
            seen.add(sid)
            out.append(self.styles[sid])
            sid = self.styles[sid].based_on
        return out

    def paragraph(self, sid: str | None) -> "ParagraphStyle":
        if sid not in self.resolved:
            self.resolved[sid] = self._paragraph(sid)
        return self.resolved[sid]

    def _paragraph(self, sid: str | None) -> "ParagraphStyle":
        chain = self.chain(sid or self.default_para)
        heading = None
        for style in chain:
            m = _HEADING_NAME.match(style.name.strip()) or _HEADING_NAME.match(style.sid)
            if style.name.strip().lower() == "title":
                heading = 1
            elif m:
                heading = int(m.group(1)) + 1
            if heading:
                break
        outline = next((s.outline for s in chain if s.outline is not None), None)
        numbering = next((s.numbering for s in chain if s.numbering), None)
        run = dict(self.defaults)
        for style in reversed(chain):
            run.update(style.run)
        contents = any(_CONTENTS_NAME.match(s.name.strip()) or _CONTENTS_NAME.match(s.sid)
                       for s in chain)
        return ParagraphStyle(heading, outline, numbering, run, contents)

    def character(self, sid: str | None) -> dict:
        run: dict = {}
        for style in reversed(self.chain(sid)):
            run.update(style.run)
        return run


@dataclass(frozen=True)
class ParagraphStyle:
    """What a paragraph takes from its style: `heading`, the level a Title (1) or
    Heading n (n + 1) style gives; `outline`, Word's outline level (0 = top); `numbering`,
    the (numId, ilvl) of a list the style is tied to; `run`, its run properties;
    `contents`, a style of the table of contents Word generates (TOC 1, TOC 2...)."""

    heading: int | None
    outline: int | None
    numbering: tuple[str, int] | None
    run: dict
    contents: bool = False


@dataclass
class _Level:
    start: int = 1
    fmt: str = "decimal"
    text: str = "%1."
    legal: bool = False


def _levels(el) -> dict[int, _Level]:
    out = {}
    for lvl in el.findall(W + "lvl"):
        ilvl = int(lvl.get(W + "ilvl") or 0)
        start = val(lvl.find(W + "start"))
        out[ilvl] = _Level(start=int(start) if start and start.lstrip("-").isdigit() else 1,
                           fmt=val(lvl.find(W + "numFmt")) or "decimal",
                           text=val(lvl.find(W + "lvlText")) or "",
                           legal=lvl.find(W + "isLgl") is not None)
    return out


class Numbering:
    """The numbers Word prints before list paragraphs, counted in document order.
    Counters run per abstract list (lists that share one continue each other); a
    paragraph at one level restarts the levels below it; a list instance's
    startOverride starts it afresh."""

    def __init__(self, root, styles: Styles | None = None):
        self.abstract: dict[str, dict[int, _Level]] = {}
        self.links: dict[str, str] = {}  # abstract list → the numbering style it defers to
        self.styles = styles
        self.nums: dict[str, tuple[str, dict[int, _Level], dict[int, int]]] = {}
        self.counters: dict[str, dict[int, int]] = {}
        self.started: set[str] = set()
        if root is None:
            return
        for el in root.findall(W + "abstractNum"):
            self.abstract[el.get(W + "abstractNumId") or ""] = _levels(el)
            link = val(el.find(W + "numStyleLink"))
            if link:
                self.links[el.get(W + "abstractNumId") or ""] = link
        for el in root.findall(W + "num"):
            overrides, starts = {}, {}
            for over in el.findall(W + "lvlOverride"):
                ilvl = int(over.get(W + "ilvl") or 0)
                start = val(over.find(W + "startOverride"))
                if start and start.isdigit():
                    starts[ilvl] = int(start)
                overrides.update(_levels(over))
            self.nums[el.get(W + "numId") or ""] = (
                val(el.find(W + "abstractNumId")) or "", overrides, starts)

    def _abstract(self, num_id: str) -> str:
        """The abstract list a list instance counts in, through a numbering style (an
        abstract list that only says "use the list of style X")."""
        abstract_id = self.nums.get(num_id, ("", {}, {}))[0]
        link = self.links.get(abstract_id)
        if link and self.styles is not None and link in self.styles.styles:
            linked = self.styles.styles[link].numbering
            if linked and linked[0] in self.nums and self.nums[linked[0]][0] != abstract_id:
                return self.nums[linked[0]][0]
        return abstract_id

    def placeholders(self, num_id: str, ilvl: int) -> int:
        """How many numbers a level prints ("%1.%2." prints two)."""
        overrides = self.nums.get(num_id, ("", {}, {}))[1]
        level = {**self.abstract.get(self._abstract(num_id), {}), **overrides}.get(ilvl, _Level())
        return len(re.findall(r"%[1-9]", level.text))

    def label(self, num_id: str, ilvl: int) -> tuple[str, str] | None:
        """(printed number, format) for the next paragraph of list `num_id` at `ilvl`;
        None when the paragraph is not numbered (numId 0, or an unknown list)."""
        if num_id not in self.nums:
            return None
        _linked, overrides, starts = self.nums[num_id]
        abstract_id = self._abstract(num_id)
        levels = {**self.abstract.get(abstract_id, {}), **overrides}
        counters = self.counters.setdefault(abstract_id, {})
        if num_id not in self.started:
            self.started.add(num_id)
            for k, start in starts.items():
                counters[k] = start - 1
        level = levels.get(ilvl, _Level())
        counters[ilvl] = counters.get(ilvl, level.start - 1) + 1
        for k in [k for k in counters if k > ilvl]:
            del counters[k]

        def number(match) -> str:
            k = int(match.group(1)) - 1
            at = levels.get(k, _Level())
            n = counters.get(k, at.start)
            return format_number(n, "decimal" if level.legal and k != ilvl else at.fmt)

        if level.fmt in ("bullet", "none"):
            return "", level.fmt
        return re.sub(r"%([1-9])", number, level.text).strip(), level.fmt


def format_number(n: int, fmt: str) -> str:
    """A counter as Word prints it in one of its number formats."""
    if fmt in ("lowerLetter", "upperLetter") and n >= 1:
        letter = chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)
        return letter.upper() if fmt == "upperLetter" else letter
    if fmt in ("lowerRoman", "upperRoman") and 1 <= n < 4000:
        return roman(n).upper() if fmt == "upperRoman" else roman(n)
    if fmt == "decimalZero":
        return f"{n:02d}"
    return str(n)
