"""The cycled engine layouts (tests/engines.py) make every choice at least twice."""
from collections import Counter

import engines


def test_every_engine_has_five_layouts_and_every_choice_is_made_twice():
    layouts = engines.cycled()
    assert min(Counter(l.engine for l in layouts).values()) >= 5
    for axis in ("engine", "paper", "columns", "font", "size", "headings", "question",
                 "justify", "hyphens", "compounds", "header", "page_number", "contents",
                 "marks"):
        seen = Counter(getattr(l, axis) for l in layouts)
        assert len(seen) >= 2 and min(seen.values()) >= 2, (axis, seen)
    for trait in ("numbered", "faq_titles", "table"):
        assert 2 <= sum(getattr(l.variant, trait) for l in layouts) <= len(layouts) - 2, trait
