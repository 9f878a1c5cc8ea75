"""Glossaries, however they are set: terms are in alphabetical order and do not repeat,
and a term set run-in (bold words opening its definition, a table row's first cell) is
a name, not the first words of a sentence. Shared by the outline's rules for glossaries."""
from __future__ import annotations

import re
from collections import Counter

from .blocks import Block, is_name


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


def term_name(block: Block) -> str | None:
    """The term a glossary paragraph set run-in opens with ("Abandon" in "Abandon To turn
    a face-up scheme..."): a name, not the first words of a sentence."""
    name = block.run_in
    return name if name and block.kind in ("para", "item") \
        and is_name(name.rstrip(" :.-"), 10) else None


def run_in_terms(body: list[Block], term_context: bool) -> set[str]:
    """The run-in names of this body that are glossary terms: under a heading that says
    glossary, or three or more in alphabetical order; a name that recurs ("Example:"
    opening paragraph after paragraph) is a label, never a term."""
    names = [n for b in body if (n := term_name(b))]
    counts = Counter(order_key(n) for n in names)
    once = {n for n in names if counts[order_key(n)] == 1}
    if not once or not (term_context or alphabetical([n for n in names if n in once])):
        return set()
    return once
