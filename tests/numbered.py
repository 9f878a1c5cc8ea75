"""A numbered rulebook for an invented game, written for these tests, in several
numbering schemes, printed as plain text (in several encodings and layouts), as a web
page and as a PDF. Whatever the scheme and the print, every rule and subrule must come
out as its own section, with the same number, path and words.
"""
from __future__ import annotations

from dataclasses import dataclass

TITLE = "Lanternfall Comprehensive Rules"
EFFECTIVE = "These rules are effective as of March 3, 2025."

# chapters → sections → rules; a rule is (text, [subrule texts]); a section may name
# its rules with a title of their own (keyword abilities do)
_CHAPTERS = [
    ("Game Concepts", [
        ("General", [
            ("These rules apply to every game of Lanternfall with two or more players.",
             ["A duel is a game that begins with only two players.",
              "A gathering is a game that begins with more than two players."]),
            ("Each player needs a deck of at least forty cards and a way to track glow.",
             ["In open play, a deck may hold any number of lanterns.",
              "In sealed play, a deck holds the cards its player opened, and nothing else."]),
            ("There is no largest deck; see rule SEC for what a card may overrule.", []),
        ]),
        ("The Golden Rule", [
            ("When a card contradicts these rules, the card wins, but only for the rule it "
             "names (see rule REF).", []),
            ("When one effect says something may happen and another says it cannot, the "
             "effect that forbids it wins.", ["Gaining and losing abilities is not covered "
                                             "by this rule."]),
        ]),
    ]),
    ("Parts of a Card", [
        ("Name", [
            ("A card's name is printed in its top band.", ["Two cards with the same name "
                                                           "are copies of each other."]),
        ]),
        ("Keyword Abilities", [
            ("Some abilities are written as a single word: a keyword.", []),
            ("Shimmer", ["Shimmer is a static ability.",
                         "A card with shimmer cannot be chosen by an opponent's effects.",
                         "Several instances of shimmer on one card are redundant."]),
            ("Drift", ["Drift is a triggered ability that moves a card between rows.",
                       "If a card has drift and anchor, anchor wins."]),
        ]),
        ("Optional Rules", []),  # a section announced before it has any rules
    ]),
]
GLOSSARY = [("Anchor", "A keyword that stops a card from moving. See rule REF."),
            ("Drift", "A keyword ability that moves a card. See rule REF."),
            ("Glow", "What a player counts to win; a player with no glow loses."),
            ("Light, Lit, Lighting a Lantern (an Older Wording)",
             "What older cards call glowing. See rule REF.")]
REF = (0, 1, 0)  # the rule the cross-references point at: chapter, section, rule
SEC = (0, 1)  # the section a rule cites by its bare number: "see rule 101"
REF_DRIFT = (1, 1, 2)
# the next release inserts a section before the cited ones: they and their rules shift
INSERTED = ("Winning", [("The player with the most glow at dawn wins.", [])])


@dataclass(frozen=True)
class Scheme:
    """How the rulebook numbers its parts: chapters, sections, rules, subrules."""

    name: str

    def chapter(self, c: int) -> str:
        return {"decimal": f"{c + 1}.", "hundreds": f"{c + 1}.", "letters": f"{'AB'[c]}.",
                "paren": f"{c + 1}."}[self.name]

    def section(self, c: int, s: int) -> str:
        return {"decimal": f"{c + 1}.{s + 1}", "hundreds": f"{(c + 1) * 100 + s}.",
                "letters": f"{'AB'[c]}.{s + 1}", "paren": f"({c + 1}.{s + 1})"}[self.name]

    def rule(self, c: int, s: int, r: int) -> str:
        return {"decimal": f"{c + 1}.{s + 1}.{r + 1}",
                "hundreds": f"{(c + 1) * 100 + s}.{r + 1}.",
                "letters": f"{'AB'[c]}.{s + 1}.{r + 1}",
                "paren": f"({c + 1}.{s + 1}.{r + 1})"}[self.name]

    def subrule(self, c: int, s: int, r: int, k: int) -> str:
        letter = "abcdefghijkmnpqrstuvwxyz"[k]  # like many rulebooks: no l, no o
        return {"decimal": f"{c + 1}.{s + 1}.{r + 1}.{k + 1}",
                "hundreds": f"{(c + 1) * 100 + s}.{r + 1}{letter}",
                "letters": f"{'AB'[c]}.{s + 1}.{r + 1}.{k + 1}",
                "paren": f"({c + 1}.{s + 1}.{r + 1}.{k + 1})"}[self.name]

    def number(self, printed: str) -> str:
        """The number rookery gives a printed label ("100.1." → "100.1")."""
        return printed.strip("()").rstrip(".")


SCHEMES = [Scheme(n) for n in ("decimal", "hundreds", "letters", "paren")]


def items(scheme: Scheme, revised: bool = False) -> list[tuple]:
    """("h", level, text) headings, ("rule", label, text) numbered paragraphs,
    ("term", name, definition) glossary entries. `revised`: the next release, with a
    section inserted first in chapter one and every citation following its renumbering."""
    chapters = [(_CHAPTERS[0][0], [INSERTED] + _CHAPTERS[0][1])] + _CHAPTERS[1:] \
        if revised else _CHAPTERS
    shift = int(revised)
    ref = scheme.number(scheme.rule(REF[0], REF[1] + shift, REF[2]))
    sec = scheme.number(scheme.section(SEC[0], SEC[1] + shift))
    drift = scheme.number(scheme.rule(*REF_DRIFT))
    out: list[tuple] = [("h", 1, "Introduction"),
                        ("p", "This document is the last word on how Lanternfall is played. "
                              "Its rules are numbered so that they can be cited.")]
    for c, (chapter, sections) in enumerate(chapters):
        out.append(("h", 1, f"{scheme.chapter(c)} {chapter}"))
        for s, (section, rules) in enumerate(sections):
            out.append(("h", 2, f"{scheme.section(c, s)} {section}"))
            for r, (text, subs) in enumerate(rules):
                out.append(("rule", scheme.rule(c, s, r),
                            text.replace("REF", ref).replace("SEC", sec)))
                for k, sub in enumerate(subs):
                    out.append(("rule", scheme.subrule(c, s, r, k), sub))
    out.append(("h", 1, "Glossary"))
    for name, text in GLOSSARY:
        out.append(("term", name, text.replace("REF", drift if name == "Drift" else ref)))
    return out


# ---------------------------------------------------------------- prints

# what a wordier release adds: a second sentence to every rule, an example under each
# rule with subrules, a term with numbered senses, and credits as "Role: names" lines
ASIDE = "Where a card and this rule disagree, the card is read first and this rule after it."
EXAMPLE = ("Example: Wren has three lanterns lit and one in hand. She may light the fourth "
           "at dusk, but only if no opponent has cast a shadow on it since dawn.")
SENSES = ("Lantern", ["1. A card that can be lit, and so glows while it is in play.",
                      "2. The row of cards a player lights during a round. See also Glow."])
CREDITS = ["Credits", "", "Game Design: Ada Quill",
           "Rules Editing: Bram Holt, Cora Vance, Dell Osei, Ema Ruiz, and Fen Oduya, with "
           "help from the players of the Tuesday club",
           "Rules Management: Gil Marsh", "",
           "Lanternfall was first played in a lighthouse. Thanks to everyone who kept the "
           "lamps lit.", ""]


def text(scheme: Scheme, indent: bool = True, contents: bool = True,
         revised: bool = False, wordy: bool = False) -> str:
    """The rulebook as a plain-text release: title, effective date, contents, rules one
    a line (subrules indented), glossary terms with their definitions beneath; `wordy`:
    longer, with examples, a term of several senses and credits (see ASIDE)."""
    lines = [TITLE, "", f"   {EFFECTIVE}" if indent else EFFECTIVE, ""]
    its = items(scheme, revised)
    if contents:
        lines += ["Contents", ""]
        lines += [("   " if indent and it[1] == 2 else "") + it[2] for it in its if it[0] == "h"]
        lines.append("")
    for k, it in enumerate(its):
        if it[0] == "h" or it[0] == "p":
            lines += [it[2] if it[0] == "h" else it[1], ""]
        elif it[0] == "rule":
            depth = it[1].count(".") + it[1][-1:].isalpha()
            pad = "   " * min(depth, 3) if indent else ""
            subrule = it[1][-1:].isalpha() or it[1].strip("().").count(".") > 2
            words = f"{it[2]} {ASIDE}" if wordy and not subrule and it[2].endswith(".") \
                else it[2]
            lines += [f"{pad}{it[1]} {words}"]
            last = k + 1 == len(its) or its[k + 1][0] != "rule" or not (
                its[k + 1][1][-1:].isalpha() or its[k + 1][1].strip("().").count(".") > 2)
            if wordy and subrule and last:
                lines.append(("   " * 4 if indent else "") + EXAMPLE)
            lines.append("")
        else:
            if wordy and it[1] > SENSES[0] and SENSES[0] not in lines:
                lines += [SENSES[0], *SENSES[1], ""]
            lines += [it[1], it[2], ""]
    return "\n".join(lines + (CREDITS if wordy else []))


GLOSSARIES = ("headings", "dl", "bold", "bold lines", "table")


def html(scheme: Scheme, glossary: str = "headings", revised_term: str | None = None) -> str:
    """The rulebook as a simple web page: headings, and one paragraph per rule; its
    glossary set as headings over definitions, as a definition list (`dl`), as
    paragraphs led by the term in bold (`bold`), as bold terms on lines of their own
    over their definitions (`bold lines`) or as a two-column table. `revised_term`
    names a term whose definition is reworded."""
    body = [f"<h1>{TITLE}</h1>", f"<p>{EFFECTIVE}</p>"]
    terms = []
    for it in items(scheme):
        if it[0] == "h":
            body.append(f"<h{it[1] + 1}>{it[2]}</h{it[1] + 1}>")
        elif it[0] == "p":
            body.append(f"<p>{it[1]}</p>")
        elif it[0] == "rule":
            body.append(f"<p>{it[1]} {it[2]}</p>")
        else:
            terms.append((it[1], reword(it[2]) if it[1] == revised_term else it[2]))
    body.append({
        "headings": lambda: "".join(f"<h3>{t}</h3><p>{d}</p>" for t, d in terms),
        "dl": lambda: "<dl>" + "".join(f"<dt>{t}</dt><dd>{d}</dd>" for t, d in terms) + "</dl>",
        "bold": lambda: "".join(f"<p><b>{t}</b> {d}</p>" for t, d in terms),
        "bold lines": lambda: "".join(f"<p><b>{t}</b></p><p>{d}</p>" for t, d in terms),
        "table": lambda: "<table>" + "".join(f"<tr><td>{t}</td><td>{d}</td></tr>"
                                             for t, d in terms) + "</table>",
    }[glossary]())
    return "<!doctype html><html><head><meta charset='utf-8'><title>Lanternfall</title>" \
        "</head><body>" + "\n".join(body) + "</body></html>"


def reword(definition: str) -> str:
    """The definition as a later release words it."""
    return definition.replace("A keyword", "A keyword ability", 1) \
        if definition.startswith("A keyword") else "Reworded: " + definition


# automatic numbering per scheme: (numFmt, lvlText, start) for chapter, section, rule,
# subrule, as a rulebook set in Word would declare its multi-level list
AUTOMATIC = {
    "decimal": [("decimal", "%1.", 1), ("decimal", "%1.%2", 1), ("decimal", "%1.%2.%3", 1),
                ("decimal", "%1.%2.%3.%4", 1)],
    "hundreds": [("decimal", "%1.", 1), ("decimal", "%10%2.", 0), ("decimal", "%10%2.%3.", 1),
                 ("lowerLetter", "%10%2.%3%4", 1)],
    "letters": [("upperLetter", "%1.", 1), ("decimal", "%1.%2", 1), ("decimal", "%1.%2.%3", 1),
                ("decimal", "%1.%2.%3.%4", 1)],
    "paren": [("decimal", "%1.", 1), ("decimal", "(%1.%2)", 1), ("decimal", "(%1.%2.%3)", 1),
              ("decimal", "(%1.%2.%3.%4)", 1)],
}


def word(scheme: Scheme, automatic: bool = False, glossary: str = "headings",
         revised_term: str | None = None) -> bytes:
    """The rulebook as a Word file: Title and Heading styles, rules as paragraphs with
    their numbers typed or (`automatic`) printed by Word's list numbering; the glossary
    as Heading 3 terms, a term style of its own (`styled`), bold run-in terms (`bold`),
    bold terms on lines of their own (`bold lines`) or a two-column table (`table`)."""
    from wordfile import docx, numbering, para, run, table

    body = [para(TITLE, style="Title"), para(run(EFFECTIVE, i=True))]
    terms = []
    for it in items(scheme):
        if it[0] == "h":
            style = f"Heading{it[1]}"
            label, _, name = it[2].partition(" ")
            if automatic and it[2] not in ("Introduction", "Glossary"):
                body.append(para(name, style=style, num=(1, it[1] - 1)))
            else:
                body.append(para(it[2], style=style))
        elif it[0] == "p":
            body.append(para(it[1]))
        elif it[0] == "rule":
            depth = 3 if it[1][-1:].isalpha() or it[1].strip("()").count(".") > 2 else 2
            body.append(para(it[2], num=(1, depth)) if automatic else para(f"{it[1]} {it[2]}"))
        else:
            terms.append((it[1], reword(it[2]) if it[1] == revised_term else it[2]))
    if glossary == "table":
        body.append(table([[t, d] for t, d in terms]))
    for t, d in terms if glossary != "table" else ():
        body += {"headings": lambda: [para(t, style="Heading3"), para(d)],
                 "styled": lambda: [para(t, style="TermWord"), para(d)],
                 "bold": lambda: [para(run(t, b=True), " " + d)],
                 "bold lines": lambda: [para(run(t, b=True)), para(d)]}[glossary]()
    return docx(body, numbering({1: AUTOMATIC[scheme.name]}) if automatic else None)


def paragraphs_page(scheme: Scheme) -> str:
    """The plain-text release pasted into a web page: one paragraph per block of lines,
    a <br> at each line end, and no heading markup at all."""
    blocks = [b for b in text(scheme).split("\n\n") if b.strip()]
    return "<!doctype html><html><head><meta charset='utf-8'></head><body>" + "\n".join(
        "<p>" + "<br>".join(line.strip() for line in b.split("\n")) + "</p>"
        for b in blocks) + "</body></html>"


def lines_page(scheme: Scheme) -> str:
    """The plain-text release pasted into a web page a paragraph per line: blank lines,
    and with them where a glossary entry ends, are lost."""
    return "<!doctype html><html><head><meta charset='utf-8'></head><body>" + "\n".join(
        f"<p>{line.strip()}</p>" for line in text(scheme).split("\n") if line.strip()) \
        + "</body></html>"


def pdf(scheme: Scheme, path) -> bytes:
    """The rulebook typeset with reportlab: headings in bold by size, rules in the body."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=10, leading=12.5,
                          spaceAfter=5)
    sub = ParagraphStyle("sub", parent=body, leftIndent=14)
    heads = {level: ParagraphStyle(f"h{level}", fontName="Helvetica-Bold",
                                   fontSize=(17, 14, 12)[level - 1], leading=20,
                                   spaceBefore=8, spaceAfter=4) for level in (1, 2, 3)}
    story = [Paragraph(TITLE, heads[1]), Paragraph(EFFECTIVE, body)]
    for it in items(scheme):
        if it[0] == "h":
            story.append(Paragraph(it[2], heads[it[1] + 1]))
        elif it[0] == "p":
            story.append(Paragraph(it[1], body))
        elif it[0] == "rule":
            style = sub if it[1][-1:].isalpha() or it[1].count(".") > 2 else body
            story.append(Paragraph(f"{it[1]} {it[2]}", style))
        else:
            story += [Paragraph(it[1], heads[3]), Paragraph(it[2], body)]
    SimpleDocTemplate(str(path), pagesize=A4, title=TITLE).build(story)
    return path.read_bytes()
