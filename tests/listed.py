"""A league handbook for an invented game, written for these tests: numbered chapters and
rules, and inside the rules lettered items ("A." or "a.") with numbered lists under them that
start afresh at "1." (as word processors number them), run past the chapter's own number,
repeat it, or end just before the next chapter. Printed as plain text, as a Word file and
as a PDF, in several numbering schemes. Whatever the print, the sections are the chapters
and the rules; every list stays in the rule it stands in.
"""
from __future__ import annotations

from dataclasses import dataclass

TITLE = "Hollowmere Lantern League Handbook"
VERSION = "Version 2.0, effective March 3, 2025"

# chapters → rules; a rule is (name, [(lettered item, [numbered items under it])])
CHAPTERS = [
    ("Membership", [
        ("Joining the League", [
            ("Every player signs the league waiver before the first match.", []),
            ("A player may join a team at any time before the roster deadline.", []),
        ]),
        ("Player Conduct", [
            ("Players keep the field tidy and the mood friendly.", []),
            ("The referee may warn a player for any of the following:", [
                "Arguing a call after the whistle",
                "Leaving the field without notice",
                "Throwing a lantern in anger",
            ]),
        ]),
    ]),
    ("Divisions", [
        ("The Three Divisions", [
            ("The Open Division has one tier of up to eight teams.", [
                "Teams play every other team twice",
                "No more than four guests may play",
                "Guests from the Easy Division do not count",
            ]),
            ("The Easy Division welcomes new teams.", []),
        ]),
        ("Placement in Tiers", [
            ("No team is placed until registration has closed.", []),
            ("Returning teams are placed by these criteria:", [
                "When the team registered",
                "What the captain asked for",
                "The record of the last season",
                "The tier the team played in before",
                "How many players return",
                "The playoff results",
            ]),
            ("New teams are placed by these criteria:", [
                "The captain expects to compete higher",
                "The team brings seasoned players",
                "The lower tier is full",
            ]),
        ]),
        ("Moving Between Tiers", [
            ("Teams move one tier at a time, except for these cases:", [
                "The team was placed badly last season",
                "The captain asks for a larger move",
                "The team took on several seasoned players",
            ]),
        ]),
    ]),
    ("Match Day", [
        ("Line-Ups", [
            ("A line-up holds between nine and fourteen players.", [
                "At least four players of each team light lanterns",
                "The captain signs the line-up card",
            ]),
        ]),
        ("Forfeits", [
            ("A team forfeits for any of these reasons:", [
                "It does not arrive by the start time",
                "It has fewer than six players",
                "It refuses the field it was given",
                "It plays a player not on its roster",
            ]),
        ]),
    ]),
]
LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Scheme:
    """How the handbook numbers chapters and rules; `sections`: each chapter holds one
    titled section ("2.1 Rules") whose rules have three parts ("2.1.3")."""

    name: str

    def chapter(self, c: int) -> str:
        return {"decimal": f"{c + 1}.", "paren": f"{c + 1}.", "deep": f"{c + 1}.",
                "letters": f"{LETTERS[c]}."}[self.name]

    def rule(self, c: int, r: int) -> str:
        return {"decimal": f"{c + 1}.{r + 1}.", "paren": f"({c + 1}.{r + 1})",
                "deep": f"{c + 1}.1.{r + 1}", "letters": f"{LETTERS[c]}.{r + 1}"}[self.name]

    def item(self, k: int) -> str:
        """A lettered item's mark: capitals in the decimal scheme, small letters else."""
        return f"{LETTERS[k]}." if self.name == "decimal" else f"{LETTERS[k].lower()}."

    @property
    def sections(self) -> bool:
        return self.name == "deep"

    def number(self, printed: str) -> str:
        return printed.strip("()").rstrip(".")


SCHEMES = [Scheme(n) for n in ("decimal", "paren", "deep", "letters")]


def items(scheme: Scheme) -> list[tuple]:
    """("h", level, text) headings, ("rule", text) a rule's name line, ("li", text) a
    line of a list inside a rule."""
    out: list[tuple] = [("h", 1, "About This Handbook"),
                        ("p", "These rules govern every match the league plays.")]
    for c, (chapter, rules) in enumerate(CHAPTERS):
        out.append(("h", 1, f"{scheme.chapter(c)} {chapter}"))
        if scheme.sections:
            out.append(("h", 2, f"{c + 1}.1 Rules of {chapter}"))
        for r, (name, lettered) in enumerate(rules):
            out.append(("rule", f"{scheme.rule(c, r)} {name}"))
            for k, (text, numbered) in enumerate(lettered):
                out.append(("li", f"{scheme.item(k)} {text}"))
                out += [("li", f"{n}. {line}") for n, line in enumerate(numbered, 1)]
    return out


def expected(scheme: Scheme) -> list[tuple[str | None, str, tuple[str, ...]]]:
    """The sections a sound reading gives: (number, title, the list lines in its text)."""
    out: list[tuple[str | None, str, tuple[str, ...]]] = [(None, "About This Handbook", ())]
    for c, (chapter, rules) in enumerate(CHAPTERS):
        out.append((scheme.number(scheme.chapter(c)), chapter, ()))
        if scheme.sections:
            out.append((f"{c + 1}.1", f"Rules of {chapter}", ()))
        for r, (name, lettered) in enumerate(rules):
            lines = []
            for k, (text, numbered) in enumerate(lettered):
                lines.append(f"{scheme.item(k)} {text}")
                lines += [f"{n}. {line}" for n, line in enumerate(numbered, 1)]
            out.append((scheme.number(scheme.rule(c, r)), name, tuple(lines)))
    return out


def text(scheme: Scheme) -> str:
    """The handbook as a plain-text release: blank lines between paragraphs, a rule's
    list lines one under another (a plain-text list)."""
    lines = [TITLE, VERSION]
    previous = None
    for it in items(scheme):
        if not (it[0] == "li" and previous == "li"):
            lines.append("")
        lines.append(f"   {it[1]}" if it[0] == "li" else it[2] if it[0] == "h" else it[1])
        previous = it[0]
    return "\n".join(lines) + "\n"


def docx(scheme: Scheme) -> bytes:
    """The handbook as a Word file: chapters (and sections) in heading styles, rules and
    list lines as paragraphs whose numbers are typed."""
    import wordfile

    body = [wordfile.para(TITLE, style="Title")]
    for it in items(scheme):
        if it[0] == "h":
            body.append(wordfile.para(it[2], style=f"Heading{it[1]}"))
        else:
            body.append(wordfile.para(it[1] if it[0] in ("p", "rule", "li") else it[2]))
    return wordfile.docx(body, title=TITLE)


def pdf_items(scheme: Scheme) -> list[tuple]:
    """The handbook as items for typeset.write_pdf: headings, rules and list lines set as
    body paragraphs (the rule's name in bold)."""
    out: list[tuple] = [("front", "The Hollowmere Lantern League plays on Sunday afternoons.")]
    for it in items(scheme):
        if it[0] == "h":
            out.append(it)
        elif it[0] == "rule":
            out.append(("p", f"<b>{it[1]}</b>"))
        else:
            out.append(("p", it[1]))
    return out
