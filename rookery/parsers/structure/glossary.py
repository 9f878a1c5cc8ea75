"""Glossaries, however they are set: terms are in alphabetical order and do not repeat,
and a term set run-in (bold words opening its definition, a table row's first cell) is
a name, not the first words of a sentence. Shared by the outline's rules for glossaries."""
from __future__ import annotations

import re
from collections import Counter

from ..blocks import Block, is_name


def order_key(title: str | None) -> str:
    """A title as a glossary sorts it: letters and digits only, letter by letter
    ("Basic Landcycling" before "Basic Land Type")."""
    return re.sub(r"[\W_]", "", (title or "").casefold())


def alphabetical(titles: list[str]) -> bool:
    """Three or more sibling titles, nearly all in alphabetical order: a glossary."""
    keys = [order_key(t) for t in titles]
    if len(keys) < 3:
        return False
    ordered = sum(a <= b for a, b in zip(keys, keys[1:]))
    return ordered >= 0.85 * (len(keys) - 1)


def term_name(block: Block, leads: bool = True) -> str | None:
    """The term a glossary paragraph names: the name it opens with, set run-in ("Abandon"
    in "Abandon To turn a face-up scheme..."), or its whole text when it is a name on a
    line of its own set in bold or italics; a name, not the first words of a sentence."""
    if block.kind not in ("para", "item"):
        return None
    name = block.run_in
    if name is None and leads and block.lead and not block.is_question:
        name = block.lead  # a name set close over its definition (not over a question)
    if name is None and block.emphasized and not block.lead and "\n" not in block.text \
            and not block.text.rstrip().endswith("?"):
        name = block.text
    # a term is a word: a figure on a line of its own (a contents page's numbers) is not
    return name if name and is_name(name.rstrip(" :.-"), 10) and _LETTER.search(name) \
        else None


_LETTER = re.compile(r"[^\W\d_]")


def term_openers(body: list[Block], term_context: bool, leads: bool = True) -> set[int]:
    """Which blocks of this body open glossary terms: under a heading that says
    glossary, or three or more names in alphabetical order. A name on its own line
    opens one only with its definition after it (a letter dividing a glossary, "B",
    does not); a name that recurs ("Example:" opening paragraph after paragraph) is a
    label, never a term. With `leads`, a name set close over its definition (a bold
    first line) may open one; not where the section says its entries are errata, list
    entries or questions."""
    names = {}
    for k, block in enumerate(body):
        name = term_name(block, leads)
        if name is None:
            continue
        if block.run_in is None and block.lead is None:
            after = body[k + 1] if k + 1 < len(body) else None
            if after is None or after.kind not in ("para", "item") or term_name(after):
                continue
        names[k] = name
    counts = Counter(order_key(n) for n in names.values())
    once = {k: n for k, n in names.items() if counts[order_key(n)] == 1}
    if not once or not (term_context or alphabetical(list(once.values()))):
        return set()
    return set(once)
