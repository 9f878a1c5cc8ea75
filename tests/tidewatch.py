"""Four releases of the FAQ of a made-up game, Tidewatch, written for the tests of the
published pages: a long ruling that changes one sentence at a time, a new entry that
answers an old one's question the other way (a contradiction), the old entry removed
later (resolved), two releases that print the same version, a legend in the publisher's
"new" colour that stands in every release, and a sentence marked new that did not
change."""
from __future__ import annotations

from pathlib import Path

# (version, effective date as printed)
RELEASES = [("1.0", "1/10/2021"), ("1.1", "3/1/2021"), ("1.1", "4/2/2021"),
            ("2.0", "1/15/2022")]

QUESTION = "If a rival lends me a boat, does it count as my own boat for the round?"

TIDES = [
    "At the start of each round the first player rolls the tide die and moves the tide "
    "marker up or down the shore track by the number shown, never past either end.",
    "Boats on a space the tide covers are afloat and may sail; boats on a space it leaves "
    "dry are beached and may not move until the tide returns to them.",
    "A player who raises the tide with a card effect moves the marker one step and "
    "may not raise it again for that round.",
    "Harbour spaces are never covered or left dry: a boat in a harbour may always sail "
    "out, whatever the tide marker shows, and may always return to it.",
    "When the marker reaches the last space of the track, every beached boat is "
    "swept out to sea and returns to its owner's hand at the end of the round.",
]


def tides(release: int) -> list[str]:
    """The long ruling's paragraphs in a release: the middle one is rewritten in the
    second (its new words in the publisher's colour), and a word of the last one in the
    third, where the one before it is marked new without a change."""
    text = list(TIDES)
    if release >= 1:
        text[2] = ('<span class="new">Raising the tide with a card effect is not rolling '
                   "the tide die, and moves the marker by one step only</span>.")
    if release >= 2:  # and a sentence that did not change marked new
        text[3] = f'<span class="new">{text[3]}</span>'
        text[4] = text[4].replace("every beached boat", "every boat left beached")
    return text


def release(n: int) -> str:
    """The HTML of release `n` (0 to 3)."""
    version, printed = RELEASES[n]
    faq = []
    if n < 3:
        faq.append(('<h3 id="borrowed">Borrowed Boats</h3>', f"<p><i>{QUESTION}</i></p>",
                    "<p>Yes. A boat you borrowed is yours until the round ends.</p>"))
    if n >= 1:
        mark = ' class="new"' if n == 1 else ""
        faq.append((f'<h3 id="lent"{mark}>Lent Boats</h3>', f"<p{mark}><i>{QUESTION}</i></p>",
                    f"<p{mark}>No. A lent boat stays its owner's boat, whoever sails it.</p>"))
    harbour = "A harbour holds any number of boats." if n < 2 else \
        '<span class="new">A harbour holds at most three boats.</span>'
    about = "Tidewatch" if n == 0 else "Tidewatch and its first expansion"
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Tidewatch FAQ</title><style>.new {{ color: #c00 }}</style></head><body>
<h1>Tidewatch Rulings and Questions</h1>
<h3>Version {version}, effective {printed}</h3>
<p>This sheet answers common questions about {about}. What is new since the last
   version is shown in <span class="new">red</span>.</p>
<h1>Rulings</h1>
<h2>1. The Tide</h2>
<h3>(1.1) Moving the Tide</h3>
{"".join(f"<p>{p}</p>" for p in tides(n))}
<h3>(1.2) Harbours</h3>
<p>{harbour}</p>
<h1>Frequently Asked Questions</h1>
{"".join("".join(entry) for entry in faq)}
</body></html>"""


def write(path: Path, n: int) -> None:
    path.write_text(release(n))


def configuration(folder: Path):
    """(config, page): rookery watching the FAQ at `page` (write a release there), as
    source "tide", with its store in `folder`."""
    from rookery.config import parse_config

    page = folder / "tidewatch.html"
    return parse_config('base_url = "https://rules.example.org/"\n[[source]]\n'
                        'id = "tide"\ntitle = "Tidewatch FAQ"\n'
                        f'url = "{page.as_uri()}"\nformat = "html"\n', folder), page
