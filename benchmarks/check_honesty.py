"""How honest is `rookery check`? Right readings of real releases (the truth corpus) are
misread on purpose, one kind of misreading at a time, a few times over, and the check
is asked about each: a kind it does not flag is a wrong reading that would pass
silently. Prints, per kind and count, the share of misread readings the check calls
doubtful, and confirms the right readings are sound.

    python benchmarks/check_honesty.py [--corpus ../shared/corpus] [--seed 1]

The kinds are what the real world shows: a heading lost into the text before it (as
printed, or with its number dropped too), a paragraph's first line read as a heading, a
contents list read as sections, a running head read as a heading page after page, a
rule ranked under the wrong rule, two rules read in the wrong order, a table's column
label read as a heading row after row, a number read apart from its text, the numbers
of rules side by side left in their titles.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
from pathlib import Path

from rookery.model import Document, Section
from rookery.parsers import ReadOptions, parse
from rookery.parsers.structure.soundness import assess

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
RELEASES = ["mtg/MagicCompRules_20200122.txt", "mtg/pdf/MagicCompRules_20170825.pdf",
            "thronesdb/faq", "lorcana"]
TIMES = (1, 3, 10)
TRIALS = 20


def _releases(corpus: Path) -> list[Path]:
    found = []
    for name in RELEASES:
        path = corpus / name
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in (".pdf", ".html"))[:2]
        elif path.exists():
            found.append(path)
    return found


def _titled(sections: list[Section]) -> list[int]:
    return [k for k, s in enumerate(sections) if s.own_title and s.text.strip()]


def lose_heading(sections, rng, printed: bool = True):
    """A heading read as a line of the text before it: as printed, its number with it;
    or, not `printed`, its title alone (a reader that dropped the number too)."""
    k = rng.choice([k for k in _titled(sections) if k > 0])
    before, lost = sections[k - 1], sections[k]
    line = lost.heading if printed and lost.number and lost.heading else lost.own_title
    sections[k - 1] = dataclasses.replace(
        before, text=f"{before.text}\n{line}\n{lost.text}".strip())
    del sections[k]


def lose_heading_and_number(sections, rng):
    lose_heading(sections, rng, printed=False)


def sentence_as_title(sections, rng):
    k = rng.choice([k for k, s in enumerate(sections) if len(s.text.split()) > 14])
    words = sections[k].text.split()
    cut = rng.randint(6, min(10, len(words) - 4))
    head, rest = " ".join(words[:cut]), " ".join(words[cut:])
    sections[k] = dataclasses.replace(sections[k], text="")
    sections.insert(k + 1, Section(title=head, kind="text", text=rest[0].lower() + rest[1:],
                                   path=sections[k].path, heading=head))


def contents_kept(sections, rng):
    k = rng.randrange(len(sections))
    titles = [s.own_title for s in sections if s.own_title][:3] or ["Rules"]
    lines = "\n".join(f"{t} {'.' * 12} {n + 2}" for n, t in enumerate(titles))
    sections.insert(k, Section(title="Contents", kind="text", text=lines, heading="Contents"))


def running_head(sections, rng):
    k = rng.randrange(1, len(sections))
    head = "Official Rules"
    sections.insert(k, Section(title=head, kind="heading", path=sections[k].path, heading=head))


def under_wrong_rule(sections, rng):
    numbered = [k for k, s in enumerate(sections) if s.number and "." in s.number and k > 0]
    k = rng.choice(numbered)
    # set under a numbered section of another part that comes before it
    others = [j for j in range(k) if sections[j].number
              and sections[j].number.split(".")[0] != sections[k].number.split(".")[0]]
    if not others:
        return
    j = others[-1]
    sections[k] = dataclasses.replace(sections[k], path=sections[j].path + (sections[j].heading,))


def swapped(sections, rng):
    pairs = [k for k in range(len(sections) - 1) if sections[k].number and sections[k + 1].number
             and sections[k].path == sections[k + 1].path]
    k = rng.choice(pairs)
    sections[k], sections[k + 1] = sections[k + 1], sections[k]


def column_label(sections, rng):
    k = rng.randrange(len(sections))
    for _ in range(3):
        sections.insert(k, Section(title="Effect", kind="text", text="Draw a card.",
                                   path=sections[k].path, heading="Effect"))


def number_apart(sections, rng):
    k = rng.choice([k for k, s in enumerate(sections) if s.number and s.text])
    s = sections[k]
    sections[k] = dataclasses.replace(s, number=None, title=s.number, heading=s.number, text="")
    sections.insert(k + 1, Section(title=None, kind="text", text=s.text, path=s.path))


def numbers_in_titles(sections, rng):
    """Three numbered rules side by side with text of their own, read with their numbers
    left in their titles (a reader that misses a level of the numbering misses it all)."""
    runs = [k for k in range(len(sections) - 2)
            if all(s.number and s.text and s.path == sections[k].path
                   for s in sections[k:k + 3])]
    k = rng.choice(runs)
    for j in range(k, k + 3):
        s = sections[j]
        if s.own_title:
            printed = f"{s.number} {s.own_title}"
            sections[j] = dataclasses.replace(s, number=None, title=printed, heading=printed)
        else:  # a rule with no title of its own: its number left at its text's start
            sections[j] = dataclasses.replace(s, number=None, title=None, heading=None,
                                              text=f"{s.number} {s.text}")


KINDS = {"heading lost into the text": lose_heading,
         "heading lost, its number dropped": lose_heading_and_number,
         "paragraph's first line as heading": sentence_as_title,
         "contents list as sections": contents_kept,
         "running head as heading": running_head,
         "rule under another part's rule": under_wrong_rule,
         "two rules swapped": swapped,
         "column label as heading, row after row": column_label,
         "number read apart from its text": number_apart,
         "numbers left in titles, three in a row": numbers_in_titles}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=Path(os.environ.get("ROOKERY_CORPUS", CORPUS)))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    releases = _releases(args.corpus)
    if not releases:
        print(f"no releases under {args.corpus}", file=sys.stderr)
        return 2
    docs = []
    for path in releases:
        doc = parse(path.read_bytes(), source=path.name, options=ReadOptions(workers=1))
        right = assess(doc, doc.reading.words if doc.reading else None)
        print(f"{path.name}: {len(doc.sections)} sections, right reading "
              f"{'sound' if not right.doubtful else 'DOUBTFUL: ' + '; '.join(right.problems)}")
        docs.append(doc)
    rng = random.Random(args.seed)
    print(f"\n{'misreading':42} " + " ".join(f"x{n:<3}" for n in TIMES) + "  (share flagged)")
    for name, misread in KINDS.items():
        shares = []
        for times in TIMES:
            flagged = trials = 0
            for doc in docs:
                for _ in range(TRIALS // len(docs) + 1):
                    sections = list(doc.sections)
                    try:
                        for _ in range(times):
                            misread(sections, rng)
                    except (IndexError, ValueError):
                        continue  # (no place for this misreading in this release)
                    trials += 1
                    flagged += assess(Document(title=doc.title, sections=sections)).doubtful
            shares.append(f"{flagged / trials:4.0%}" if trials else "   -")
        print(f"{name:42} " + " ".join(shares))
    return 0


if __name__ == "__main__":
    sys.exit(main())
