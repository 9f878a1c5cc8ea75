"""A list inside a rule whose last item happens to carry the number of the next part
("... 3. Sweep every full row." before rule 3.1, under a heading without a number) is
still a list: its items say things and are set like the text around them, so the next
part's first rule does not make the last one a section."""
from __future__ import annotations

import pytest

from rookery.parsers import parse

_SCHEMES = {"bare": ("{c}.", "{c}.{r}"), "dotted": ("{c}.", "{c}.{r}.")}
_STEPS = ["Draw a tile from the bag.", "Place it beside a tile of its colour.",
          "Sweep every full row.", "Pass the bag to the left."]


@pytest.mark.parametrize("steps", [2, 3, 4])
@pytest.mark.parametrize("scheme", sorted(_SCHEMES))
def test_a_list_ending_on_the_next_parts_number_stays_a_list(scheme, steps):
    part, rule = _SCHEMES[scheme]
    chapters = steps  # the list's last number is the next chapter's
    paragraphs = ["Tilesweep Rules"]
    for c in range(1, chapters):
        paragraphs += [f"{part.format(c=c)} Stage {c}",
                       f"{rule.format(c=c, r=1)} Each player takes a screen in stage {c}."]
    paragraphs.append(f"{rule.format(c=chapters - 1, r=2)} On your turn, do these in order:")
    paragraphs += [f"{k}. {_STEPS[k - 1]}" for k in range(1, steps + 1)]
    paragraphs += ["Scoring", f"{rule.format(c=chapters, r=1)} A swept row scores one "
                              f"point a tile."]
    doc = parse(("\n\n".join(paragraphs) + "\n").encode(), source="rules.txt")
    numbers = [s.number for s in doc.sections if s.number]
    assert str(chapters) not in numbers
    assert numbers[-1] == f"{chapters}.1"
    text = " ".join(s.text or "" for s in doc.sections)
    assert _STEPS[steps - 1] in text
