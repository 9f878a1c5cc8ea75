"""Two releases of an invented game's rules (Driftglass), written for these tests in
English and in French, whose second release accounts for its own changes: an update
summary in one of several forms, and the changed words marked in red where the format
can colour them. Printed as plain text, a web page, a PDF (reportlab) and a Word file.

What the second release changes, and what its account says of it, is fixed here, so
that a test knows the right answer:

- rule 1.1.2 reworded, listed and marked; rules 1.2.1.1 and 1.2.1.2 reworded, listed by
  their parent 1.2.1 (whose own words stay);
- rules 2.1.3 and 2.1.4 added, listed as a range, marked; rule 2.2.2 removed, listed;
- rule 3.1.2 reworded without a word (unlisted); rule 3.2.1 listed but unchanged; a
  number listed that neither release prints (3.4.1);
- the term Ward added and the term Glow reworded, listed; the term Dusk reworded and
  marked but not listed (unlisted where nothing can be marked); the term Shard newly
  marked though unchanged;
- both releases open with a legend printed in the marks' red: the document's own, not a
  change of this release.

Words in [[double brackets]] are the publisher's red; a term whose whole definition is
red has its name in red too (the section's heading is marked).
"""
from __future__ import annotations

import html as html_escape
import re
from dataclasses import dataclass

from rookery.diffs.compare import diff_documents
from rookery.model import Document, Section

LANGUAGES = ("en", "fr")
FORMS = ("end", "front", "parts")  # where and how the summary is set (see summary_items)
FORMATS = ("text", "html", "pdf", "docx")
COLOURED = ("html", "pdf", "docx")  # the formats that carry the publisher's red

# ---------------------------------------------------------------- the rules, both releases

_TITLE = {"en": "Driftglass Rules", "fr": "Règles de Driftglass"}
_DATE = {"en": ("Effective March 15, 2024.", "Effective September 13, 2024."),
         "fr": ("En vigueur au 15/03/2024.", "En vigueur au 13/09/2024.")}
_LEGEND = {"en": "[[Words printed in this colour are new.]]",
           "fr": "[[Les mots imprimés dans cette couleur sont nouveaux.]]"}

# number → (old text, new text); None where the release lacks the rule
_RULES = {
    "en": [
        ("1.", "Basics"), ("1.1", "Setup"),
        ("1.1.1", "Each player shuffles a deck of thirty shards.", None),
        ("1.1.2", "The youngest player takes the first turn.",
         "The [[player who last saw the sea]] takes the first turn."),
        ("1.2", "Turns"),
        ("1.2.1", "A turn has a morning step and a dusk step.", None),
        ("1.2.1.1", "In the morning the player draws two shards.",
         "In the morning the player draws three shards."),
        ("1.2.1.2", "At dusk the player discards down to five shards.",
         "At dusk the player discards down to six shards."),
        ("1.2.2", "A player may pass instead of polishing a shard.", None),
        ("2.", "Shards"), ("2.1", "Polishing"),
        ("2.1.1", "Polishing a shard turns it face up.", None),
        ("2.1.2", "A polished shard glows until dusk.", None),
        ("2.1.3", None, "[[A shard may be polished only once in a turn.]]"),
        ("2.1.4", None, "[[A player who polishes a cracked shard loses it.]]"),
        ("2.2", "Cracks"),
        ("2.2.1", "A cracked shard cannot glow.", None),
        ("2.2.2", "Two cracked shards are discarded together.", ""),
        ("3.", "Winning"), ("3.1", "Glow"),
        ("3.1.1", "The player with the most glowing shards at dusk scores a point.", None),
        ("3.1.2", "Ties score nothing.", "Tied players each score half a point."),
        ("3.2", "The End"),
        ("3.2.1", "The first player to five points wins the game.", None),
    ],
    "fr": [
        ("1.", "Bases"), ("1.1", "Mise en place"),
        ("1.1.1", "Chaque joueur mélange un paquet de trente éclats.", None),
        ("1.1.2", "Le joueur le plus jeune joue le premier tour.",
         "Le [[joueur qui a vu la mer en dernier]] joue le premier tour."),
        ("1.2", "Tours"),
        ("1.2.1", "Un tour comprend une étape du matin et une étape du soir.", None),
        ("1.2.1.1", "Le matin, le joueur pioche deux éclats.",
         "Le matin, le joueur pioche trois éclats."),
        ("1.2.1.2", "Le soir, le joueur défausse jusqu'à cinq éclats.",
         "Le soir, le joueur défausse jusqu'à six éclats."),
        ("1.2.2", "Un joueur peut passer au lieu de polir un éclat.", None),
        ("2.", "Éclats"), ("2.1", "Polissage"),
        ("2.1.1", "Polir un éclat le retourne face visible.", None),
        ("2.1.2", "Un éclat poli brille jusqu'au soir.", None),
        ("2.1.3", None, "[[Un éclat ne peut être poli qu'une fois par tour.]]"),
        ("2.1.4", None, "[[Un joueur qui polit un éclat fêlé le perd.]]"),
        ("2.2", "Fêlures"),
        ("2.2.1", "Un éclat fêlé ne peut pas briller.", None),
        ("2.2.2", "Deux éclats fêlés sont défaussés ensemble.", ""),
        ("3.", "Victoire"), ("3.1", "Éclat du soir"),
        ("3.1.1", "Le joueur qui a le plus d'éclats brillants le soir marque un point.", None),
        ("3.1.2", "Les égalités ne rapportent rien.",
         "Les joueurs à égalité marquent chacun un demi-point."),
        ("3.2", "La fin"),
        ("3.2.1", "Le premier joueur à cinq points gagne la partie.", None),
    ],
}
_GLOSSARY_TITLE = {"en": "Glossary", "fr": "Glossaire"}
# term → (old definition, new definition): None keeps it, "" removes it
_TERMS = {
    "en": [("Dusk", "The last step of a turn.", "[[The second and last step of a turn.]]"),
           ("Glow", "What a polished shard does until dusk.",
            "What a polished shard does until dusk, unless it cracks."),
           ("Shard", "A card of the game.", "[[A card of the game.]]"),
           ("Ward", None, "[[A shard that cannot be cracked.]]")],
    "fr": [("Garde", None, "[[Un éclat qui ne peut pas être fêlé.]]"),
           ("Lueur", "Ce que fait un éclat poli jusqu'au soir.",
            "Ce que fait un éclat poli jusqu'au soir, sauf s'il se fêle."),
           ("Soir", "La dernière étape d'un tour.",
            "[[La seconde et dernière étape d'un tour.]]"),
           ("Éclat", "Une carte du jeu.", "[[Une carte du jeu.]]")],
}
# the terms, by their English names, in each language
TERM = {"en": {t: t for t in ("Dusk", "Glow", "Shard", "Ward")},
        "fr": {"Dusk": "Soir", "Glow": "Lueur", "Shard": "Éclat", "Ward": "Garde"}}

# ---------------------------------------------------------------- the account

# each summary line: what it cites, in the words of each language and form
_LINES = {
    "en": {
        "numbers": ["1.1.2 Clarified who takes the first turn.",
                    "1.2.1 Updated the steps of a turn.",
                    "2.1.3\u20132.1.4 Added two rules on polishing.",
                    "2.2.2 Removed.",
                    "3.2.1 Clarified the end of the game.",
                    "3.4.1 Corrected a typo."],
        "terms": ["Ward: Added.", "Glow: Updated to mention cracks."],
        "reversed": ["Clarified: rule 1.1.2", "Updated: 1.2.1", "Added: 2.1.3 to 2.1.4",
                     "Removed: 2.2.2", "Reworded: 3.2.1", "Corrected: 3.4.1",
                     "New terms: Ward", "Updated terms: Glow"],
        "summary": "Summary of Changes", "rules": "Rule changes", "glossary": "Glossary changes",
        "front": "Changes in this version",
        "update": "Update Summary", "previous": "Previous Update Summary",
        "pointer": "New rule: Polishing limits", "part": "Polishing limits",
        "intro": "Added the following rules:",
        "old_entry": "1.2.2 Added the option to pass.",
    },
    "fr": {
        "numbers": ["1.1.2 Précisé qui joue le premier tour.",
                    "1.2.1 Mise à jour des étapes d'un tour.",
                    "2.1.3 à 2.1.4 Ajoutées : deux règles sur le polissage.",
                    "2.2.2 Supprimée.",
                    "3.2.1 Précisé la fin de la partie.",
                    "3.4.1 Corrigé une coquille."],
        "terms": ["Garde : ajouté.", "Lueur : modifié pour parler des fêlures."],
        "reversed": ["Précisé : règle 1.1.2", "Modifié : 1.2.1", "Ajout : 2.1.3 à 2.1.4",
                     "Supprimé : 2.2.2", "Reformulé : 3.2.1", "Corrigé : 3.4.1",
                     "Nouveau terme : Garde", "Modifié : Lueur"],
        "summary": "Résumé des modifications", "rules": "Règles", "glossary": "Glossaire",
        "front": "Nouveautés de cette version",
        "update": "Résumé des mises à jour", "previous": "Mises à jour précédentes",
        "pointer": "Nouvelle règle : Limites du polissage", "part": "Limites du polissage",
        "intro": "Les règles suivantes ont été ajoutées :",
        "old_entry": "1.2.2 Ajoutée : la possibilité de passer.",
    },
}
LISTED_NUMBERS = {"1.1.2": "changed", "1.2.1": "beneath", "2.1.3": "changed",
                  "2.1.4": "changed", "2.2.2": "changed", "3.2.1": "unchanged",
                  "3.4.1": "missing"}
LISTED_TERMS = {"Ward": "changed", "Glow": "changed"}
MARKED = {"1.1.2": "changed", "2.1.3": "changed", "2.1.4": "changed", "Ward": "changed",
          "Dusk": "changed", "Shard": "unchanged"}


def unlisted(language: str, fmt: str) -> set[str]:
    """The changes the account leaves out: 3.1.2, and Dusk where nothing is marked."""
    return {"3.1.2"} | (set() if fmt in COLOURED else {TERM[language]["Dusk"]})


@dataclass(frozen=True)
class Item:
    """A heading (`level` 1–3), a numbered rule, a term and its definition, a paragraph,
    or a line of a list (`kind` "line")."""

    kind: str  # "heading" | "rule" | "term" | "para" | "line"
    text: str
    level: int = 0
    label: str = ""  # a rule's number, a term's name


def release(language: str, revised: bool, form: str = "end") -> list[Item]:
    """The items of one release, the revised one with its summary in `form`: "end" (a
    section after the glossary, numbers first, terms by name), "front" (a section before
    the rules, what happened first: "Added: 2.1.3 to 2.1.4") or "parts" (after the
    glossary: a dated summary in parts, one quoting the rules it added, and the earlier
    release's summary after it)."""
    items = [Item("para", _DATE[language][revised]), Item("para", _LEGEND[language])]
    if revised and form == "front":
        items += summary_items(language, form)
    for row in _RULES[language]:
        if len(row) == 2:
            number, title = row
            items.append(Item("heading", f"{number} {title}",
                              level=number.rstrip(".").count(".") + 1))
            continue
        number, old, new = row
        text = old if not revised else (old if new is None else new)
        if text:
            items.append(Item("rule", text, label=number))
    items.append(Item("heading", _GLOSSARY_TITLE[language], level=1))
    for name, old, new in sorted(_TERMS[language], key=lambda t: t[0].casefold()):
        text = old if not revised else (old if new is None else new)
        if text:
            items.append(Item("term", text, label=name))
    if revised and form in ("end", "parts"):
        items += summary_items(language, form)
    elif not revised and form == "parts":  # the older release's own summary
        words = _LINES[language]
        items += [Item("heading", words["update"], level=1), Item("para", _DATE[language][0]),
                  Item("line", words["old_entry"])]
    return items


def summary_items(language: str, form: str) -> list[Item]:
    words = _LINES[language]
    if form == "front":
        return [Item("heading", words["front"], level=1)] + \
            [Item("line", line) for line in words["reversed"]]
    if form == "end":
        return [Item("heading", words["summary"], level=1),
                Item("heading", words["rules"], level=2),
                *[Item("line", line) for line in words["numbers"]],
                Item("heading", words["glossary"], level=2),
                *[Item("line", line) for line in words["terms"]]]
    quoted = [f"{number} {plain(new)}" for number, old, new in
              (row for row in _RULES[language] if len(row) == 3) if old is None]
    others = [line for line in words["numbers"] if not line.startswith("2.1.3")]
    return [Item("heading", words["update"], level=1), Item("para", _DATE[language][1]),
            Item("line", words["pointer"]),
            Item("heading", words["part"], level=2), Item("para", words["intro"]),
            *[Item("para", q) for q in quoted],
            Item("heading", words["rules"], level=2),
            *[Item("line", line) for line in others],
            Item("heading", words["glossary"], level=2),
            *[Item("line", line) for line in words["terms"]],
            Item("heading", words["previous"], level=1), Item("para", _DATE[language][0]),
            Item("line", words["old_entry"])]


def _name(it: Item) -> str:
    """A term's name, in red where its whole definition is: a new entry, marked whole."""
    whole = it.text.startswith("[[") and it.text.endswith("]]") and it.text.count("[[") == 1
    return f"[[{it.label}]]" if whole else it.label


def plain(text: str) -> str:
    return text.replace("[[", "").replace("]]", "")


def title(language: str) -> str:
    return _TITLE[language]


# ---------------------------------------------------------------- prints

def text(items: list[Item], language: str) -> str:
    """A plain-text release: headings and terms on lines of their own, a rule a line, the
    summary's lines as a bulleted list."""
    out = [title(language), ""]
    for k, it in enumerate(items):
        body = plain(it.text)
        if it.kind == "heading":
            out += [body, ""]
        elif it.kind == "rule":
            out += [f"{it.label} {body}", ""]
        elif it.kind == "term":
            out += [it.label, body, ""]
        elif it.kind == "line":  # a list: its lines together, a blank line after it
            last = k + 1 == len(items) or items[k + 1].kind != "line"
            out += [f"- {body}"] + ([""] if last else [])
        else:
            out += [body, ""]
    return "\n".join(out) + "\n"


def _red_html(text: str) -> str:
    parts = re.split(r"(\[\[.*?\]\])", text)
    return "".join(f'<span style="color:#c00000">{html_escape.escape(p[2:-2])}</span>'
                   if p.startswith("[[") else html_escape.escape(p) for p in parts)


def html(items: list[Item], language: str) -> str:
    """A web page: h2–h4 headings, a paragraph per rule, the glossary as a definition
    list, the summary's lines as a list, red as CSS colour."""
    body = [f"<h1>{html_escape.escape(title(language))}</h1>"]
    open_list = None
    for it in items:
        kind = "ul" if it.kind == "line" else "dl" if it.kind == "term" else None
        if open_list and kind != open_list:
            body.append(f"</{open_list}>")
            open_list = None
        if kind and not open_list:
            body.append(f"<{kind}>")
            open_list = kind
        if it.kind == "heading":
            body.append(f"<h{it.level + 1}>{_red_html(it.text)}</h{it.level + 1}>")
        elif it.kind == "rule":
            body.append(f"<p>{it.label} {_red_html(it.text)}</p>")
        elif it.kind == "term":
            body.append(f"<dt>{_red_html(_name(it))}</dt><dd>{_red_html(it.text)}</dd>")
        elif it.kind == "line":
            body.append(f"<li>{_red_html(it.text)}</li>")
        else:
            body.append(f"<p>{_red_html(it.text)}</p>")
    if open_list:
        body.append(f"</{open_list}>")
    return (f"<!doctype html><html lang='{language}'><head><meta charset='utf-8'>"
            f"<title>{html_escape.escape(title(language))}</title></head><body>"
            + "\n".join(body) + "</body></html>")


def pdf(items: list[Item], language: str) -> bytes:
    """A PDF set with reportlab: bold headings by size, rules and definitions in the
    body, terms in bold on lines of their own, the summary's lines bulleted, red as the
    fill colour of the marked words."""
    import io

    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=10, leading=13,
                          spaceAfter=5)
    bullet = ParagraphStyle("bullet", parent=body, leftIndent=14, bulletIndent=4)
    heads = {n: ParagraphStyle(f"h{n}", fontName="Helvetica-Bold",
                               fontSize=(16, 13, 11)[n - 1], leading=20, spaceBefore=8,
                               spaceAfter=4) for n in (1, 2, 3)}
    term = ParagraphStyle("term", parent=body, fontName="Helvetica-Bold", spaceAfter=1)

    def red(t: str) -> str:
        parts = re.split(r"(\[\[.*?\]\])", t)
        return "".join(f'<font color="#c00000">{html_escape.escape(p[2:-2])}</font>'
                       if p.startswith("[[") else html_escape.escape(p) for p in parts)

    story = [Paragraph(html_escape.escape(title(language)), heads[1])]
    for it in items:
        if it.kind == "heading":
            story.append(Paragraph(red(it.text), heads[it.level]))
        elif it.kind == "rule":
            story.append(Paragraph(f"{it.label} {red(it.text)}", body))
        elif it.kind == "term":
            story += [Paragraph(red(_name(it)), term), Paragraph(red(it.text), body)]
        elif it.kind == "line":
            story.append(Paragraph(red(it.text), bullet, bulletText="\u2022"))
        else:
            story.append(Paragraph(red(it.text), body))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, title=title(language)).build(story)
    return out.getvalue()


def docx(items: list[Item], language: str) -> bytes:
    """A Word file: Title and Heading styles, rules and definitions as paragraphs, terms
    in bold on lines of their own, the summary's lines bulleted, red as the runs' colour."""
    from wordfile import docx as word_file
    from wordfile import para, run

    def runs(t: str) -> list[str]:
        parts = re.split(r"(\[\[.*?\]\])", t)
        return [run(p[2:-2], color="C00000") if p.startswith("[[") else run(p)
                for p in parts if p]

    body = [para(title(language), style="Title")]
    for it in items:
        if it.kind == "heading":
            body.append(para(*runs(it.text), style=f"Heading{it.level}"))
        elif it.kind == "rule":
            body.append(para(run(f"{it.label} "), *runs(it.text)))
        elif it.kind == "term":
            body += [para(*[run(r[2:-2], b=True, color="C00000") if r.startswith("[[")
                            else run(r, b=True) for r in [_name(it)]]), para(*runs(it.text))]
        elif it.kind == "line":
            body.append(para(run("\u2022 "), *runs(it.text)))
        else:
            body.append(para(*runs(it.text)))
    return word_file(body)


PRINTERS = {"text": lambda items, lang: text(items, lang).encode(), "html":
            lambda items, lang: html(items, lang).encode(), "pdf": pdf, "docx": docx}


def printed(language: str, revised: bool, form: str, fmt: str) -> bytes:
    """One release in one format."""
    return PRINTERS[fmt](release(language, revised, form), language)


# ---------------------------------------------------------------- built by hand

def rule(number: str, text: str, marks=()) -> Section:
    """A numbered rule as a section, under its chapter and section (`marks`: red spans)."""
    return Section(title=None, kind="ruling", number=number, text=text,
                   path=(f"{number.split('.')[0]}. Play", f"{number.rsplit('.', 1)[0]} Turns"),
                   marks=tuple(marks))


def summary(*lines: str, title: str = "Summary of Changes") -> Section:
    """A summary of changes as one section of lines."""
    return Section(title=title, kind="text", text="\n".join(lines))


# four rules of an older release, for tests that set a few changes against a summary
# without printing a release
OLD = [rule("3.1.1", "A turn begins at dawn."), rule("3.1.2", "Ties score nothing."),
       rule("3.2.1", "The game ends at five points."),
       rule("3.2.2", "The oldest player wins ties.")]


def diff(new_sections: list[Section], old_sections: list[Section] | None = None, **meta):
    """The diff from the older release (OLD, or `old_sections`) to `new_sections`."""
    old = OLD if old_sections is None else old_sections
    return diff_documents(Document(sections=list(old), format="text"),
                          Document(sections=list(new_sections), format="text", **meta))
