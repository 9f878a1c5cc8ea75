"""Three releases of the FAQ of a made-up card game, Emberwick, written for the card
tests: card errata ("Name (Pack, Number)"), a Duel and a Melee restricted list divided
by the same groups, and answers that name cards. Over the releases an erratum is
reworded, a card leaves the Duel list and comes back, another joins it and leaves, and
an answer naming a card is removed; a fourth release renames a list. `hostile` adds an erratum for a card whose name is
markup."""
from __future__ import annotations

from html import escape
from pathlib import Path

RELEASES = [("1.0", "2/1/2023"), ("1.1", "6/1/2023"), ("2.0", "1/10/2024"),
            ("2.1", "5/2/2024")]  # the fourth only renames the Melee list
HOSTILE = "<script>alert(\"x\")</script> & 'Quill'"

WARDEN = ['Should read: "When Kiln Warden enters play, light one lantern."',
          'Should read: "When Kiln Warden enters play, light one unlit lantern you control."',
          'Should read: "When Kiln Warden enters play, light one unlit lantern you control."']


def _entries(cards: list[tuple[str, str, int]]) -> str:
    return "<br>\n".join(f"{escape(name)} <em>({pack}, {number})</em>"
                         for name, pack, number in cards)


def _group(name: str, cards) -> str:
    return f"<div><b><u>{name}</u>:</b><br>\n{_entries(cards)}\n</div>" if cards else ""


def release(n: int, hostile: bool = False) -> str:
    """The HTML of release `n` (0 to 3)."""
    version, printed = RELEASES[n]
    melee = "Melee Restricted List" if n < 3 else "Melee Restricted Cards"
    lantern, hound, queen = ("Ash Lantern", "Core Set", 3), ('"Soot Hound"', "Core Set", 21), \
        ("Ember Queen", "Core Set", 30)
    duel_cinder = [hound] if n != 1 else [queen]
    n = min(n, 2)  # the fourth release reads as the third, but for the list's name
    errata = [f"<p><strong>Kiln Warden <em>(Core Set, 12)</em></strong><br>{escape(WARDEN[n])}</p>"]
    if n >= 1:
        errata.append("<p><strong>(v1.1) Bellows Mage <em>(Smoke and Mirrors, 7)</em></strong>"
                      "<br>Should read: \"Bellows Mage cannot be chosen by Ember Queen.\"</p>")
    if hostile:
        errata.append(f"<p><strong>{escape(HOSTILE)} <em>(Core Set, 66)</em></strong><br>"
                      f"Should read: \"Discard it.\"</p>")
    faq = ["<h3>Lighting Twice</h3><p><i>Can I light the same lantern twice in a turn?</i></p>"
           "<p>No. A lantern that is lit stays lit until the end of the turn.</p>"]
    if n < 2:
        faq.append("<h3>Warden and Queen</h3><p><i>If I control Kiln Warden and the "
                   "Ember Queen is in play, who lights first?</i></p><p>The first player "
                   "decides. Kiln Warden waits for the Ember Queen's ability to resolve.</p>")
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Emberwick FAQ</title></head><body>
<h1>Emberwick Rulings and Errata</h1>
<h3>Version {version}, effective {printed}</h3>
<h1>Rulings</h1>
<h2>1. Lanterns</h2>
<h3>(1.1) Lighting</h3>
<p>A player lights a lantern by paying its cost in embers. A lit lantern cannot be lit again.</p>
<h3>(1.2) Snuffing</h3>
<p>Snuffing a lantern turns it face down; an ability that snuffs a lantern says so.</p>
<h1>Frequently Asked Questions</h1>
{"".join(faq)}
<h1>Notes and Errata</h1>
<h2>Card Errata</h2>
{"".join(errata)}
<h1>Card Legality</h1>
<h2>Duel Restricted List</h2>
<p>A deck may include one restricted card, and as many copies of it as the rules allow.</p>
{_group("Neutral", [lantern])}
{_group("Cinder", duel_cinder)}
<h2>{melee}</h2>
<p>A deck may include one restricted card, and as many copies of it as the rules allow.</p>
{_group("Neutral", [lantern])}
{_group("Cinder", [queen])}
</body></html>"""


def configuration(folder: Path, extra: str = ""):
    """(config, page): rookery watching the FAQ at `page` (write a release there), as
    source "ember", with its store in `folder`; `extra`: more top-level keys."""
    from rookery.config import parse_config

    page = folder / "emberwick.html"
    return parse_config(f'base_url = "https://rules.example.org/"\n{extra}\n[[source]]\n'
                        'id = "ember"\ntitle = "Emberwick FAQ"\n'
                        f'url = "{page.as_uri()}"\nformat = "html"\n', folder), page


def watched(folder: Path, hostile: bool = False, extra: str = "", releases: int = 3):
    """The configuration of a store in `folder` that has watched the first `releases`
    releases, one fetch cycle each (the last with the hostile erratum, if asked), and
    its rookery.toml written beside it for the command line."""
    from rookery.watch import Watcher

    config, page = configuration(folder, extra)
    (folder / "rookery.toml").write_text(
        f'data = "{config.data}"\nbase_url = "https://rules.example.org/"\n{extra}\n'
        f'[[source]]\nid = "ember"\ntitle = "Emberwick FAQ"\nurl = "{page.as_uri()}"\n'
        'format = "html"\n')
    with config.open_store() as store:
        watcher = Watcher(store, config)
        for n in range(releases):
            write(page, n, hostile and n == releases - 1)
            assert watcher.cycle().revisions
    return config


def write(page: Path, n: int, hostile: bool = False) -> None:
    page.write_text(release(n, hostile))
