"""The Magic: The Gathering Comprehensive Rules in ../shared/corpus/mtg: twelve plain-text
releases of about 2,400 numbered rules and subrules each. Every rule is a section; a
release read again in another encoding or as a web page is no change; consecutive
releases differ by rules, not by chapters, and renumbering cascades are runs."""
import datetime as dt
import functools
import html
import json
import re

import pytest

from corpus import corpus_dir
from rookery.diffs.compare import diff_documents
from rookery.diffs.text import render_text
from rookery.parsers import parse

_MANIFEST = corpus_dir() / "mtg" / "manifest.json"
RELEASES = json.loads(_MANIFEST.read_text())["releases"] if _MANIFEST.exists() else []
IDS = [r["release"] for r in RELEASES]
needs_corpus = pytest.mark.skipif(not RELEASES, reason=f"no Comprehensive Rules at {_MANIFEST}")


@functools.lru_cache(maxsize=None)
def release(file: str):
    return parse((corpus_dir() / "mtg" / file).read_bytes(), source=file)


def raw(file: str) -> bytes:
    return (corpus_dir() / "mtg" / file).read_bytes()


def as_web_page(text: str, glossary: str = "headings") -> str:
    """The release as a simple web page, one paragraph per rule: a line standing alone
    becomes a heading (a chapter or section by the width of its number), a glossary
    entry a small heading over its definition (or, by `glossary`, a term of a definition
    list, "dl", or a paragraph led by the term in bold, "bold"), anything else a
    paragraph."""
    blocks = [b for b in re.split(r"\n\s*\n", text.replace("\r\n", "\n")) if b.strip()]
    out = [f"<h1>{html.escape(blocks[0].strip())}</h1>"]
    in_list = False
    for block in blocks[1:]:
        lines = [html.escape(line.strip()) for line in block.split("\n") if line.strip()]
        first = lines[0]
        number = re.match(r"^(\d+)\.\s", first)
        entry = len(first.split()) <= 12 and not re.match(r"^\d", first) and len(lines) > 1 \
            and not first.endswith(".") and ":" not in first
        if in_list and not entry:
            out.append("</dl>")
            in_list = False
        if len(lines) == 1 and len(first.split()) <= 8 and not first.endswith("."):
            if re.match(r"^\d+\.\d+", first):
                out.append(f"<p>{first}</p>")  # a rule that only names itself
            else:
                level = 3 if number and len(number.group(1)) >= 3 else 2
                out.append(f"<h{level}>{first}</h{level}>")
        elif entry and glossary == "dl":
            out.append(("" if in_list else "<dl>")
                       + f"<dt>{first}</dt><dd>{'<br>'.join(lines[1:])}</dd>")
            in_list = True
        elif entry and glossary == "bold":
            out.append(f"<p><b>{first}</b> {'<br>'.join(lines[1:])}</p>")
        elif entry:
            out.append(f"<h4>{first}</h4><p>{'<br>'.join(lines[1:])}</p>")
        else:
            out.append(f"<p>{'<br>'.join(lines)}</p>")
    return "<!doctype html><html><body>" + "\n".join(out) + "</body></html>"


@needs_corpus
@pytest.mark.parametrize("entry", RELEASES, ids=IDS)
def test_every_rule_of_a_release_is_a_section(entry):
    doc = release(entry["file"])
    printed = dt.datetime.strptime(entry["effective_as_printed"], "%B %d, %Y").date()
    assert (doc.title, doc.effective) == ("Magic: The Gathering Comprehensive Rules",
                                          printed.isoformat())
    assert doc.label == f"effective {printed.isoformat()}"  # it prints no version
    text = raw(entry["file"]).decode("utf-8-sig")
    labels = re.findall(r"^\s*(\d{3}\.\d+[a-z]?)\.?\s", text, re.M)
    numbers = {s.number for s in doc.sections if s.number}
    assert len(labels) > 2000 and set(labels) <= numbers
    rule = next(s for s in doc.sections if s.number == "100.1a")
    assert rule.path == ("1. Game Concepts", "100. General", "100.1")
    assert rule.kind == "ruling" and rule.title == "General"
    assert sum(s.kind == "term" for s in doc.sections) > 450
    assert not any(s.title == "Contents" for s in doc.sections)


def as_paragraphs(text: str) -> str:
    """The release pasted into a page with no heading markup: a paragraph per block of
    lines, a <br> at each line end."""
    blocks = [b for b in re.split(r"\n\s*\n", text.replace("\r\n", "\n")) if b.strip()]
    return "<!doctype html><html><body>" + "\n".join(
        "<p>" + "<br>".join(html.escape(line.strip()) for line in b.split("\n") if line.strip())
        + "</p>" for b in blocks) + "</body></html>"


@needs_corpus
@pytest.mark.parametrize("entry", RELEASES[::4], ids=IDS[::4])
def test_a_release_pasted_into_a_page_line_by_line_keeps_every_rule_and_term(entry):
    """A paragraph per line loses the blank lines: the glossary is found again by its
    order, and only the credits, whose lines no longer read as one block, differ."""
    text = raw(entry["file"]).decode("utf-8-sig")
    page = "<!doctype html><html><body>" + "\n".join(
        f"<p>{html.escape(line.strip())}</p>" for line in text.split("\n") if line.strip()) \
        + "</body></html>"
    changes = diff_documents(release(entry["file"]), parse(page.encode())).changes
    assert changes and all(c.section.kind == "text" and not c.section.number
                           for c in changes), [c.section.label for c in changes]


@needs_corpus
@pytest.mark.parametrize("entry", RELEASES[::4], ids=IDS[::4])
@pytest.mark.parametrize("form", ["CRLF", "byte-order mark", "Windows-1252", "web page",
                                  "page of paragraphs"])
def test_a_release_in_another_form_is_no_change(entry, form):
    text = raw(entry["file"]).decode("utf-8-sig")
    data = {"CRLF": lambda: text.replace("\n", "\r\n").encode("utf-8"),
            "byte-order mark": lambda: b"\xef\xbb\xbf" + text.encode("utf-8"),
            "Windows-1252": lambda: text.encode("cp1252"),
            "web page": lambda: as_web_page(text).encode("utf-8"),
            "page of paragraphs": lambda: as_paragraphs(text).encode("utf-8")}[form]()
    other = parse(data, source=form)
    assert diff_documents(release(entry["file"]), other).changes == []


@needs_corpus
@pytest.mark.parametrize("entry", RELEASES[::11], ids=IDS[::11])
@pytest.mark.parametrize("glossary", ["dl", "bold"])
def test_a_glossary_in_any_markup_is_a_term_per_entry(entry, glossary):
    """The glossary as a definition list or as paragraphs led by a bold term: the page
    is no change from the text, and a change to one term is that term's change."""
    text = raw(entry["file"]).decode("utf-8-sig")
    page = parse(as_web_page(text, glossary).encode(), source=glossary)
    assert diff_documents(release(entry["file"]), page).changes == []
    term = "Deathtouch\nA keyword ability that causes"
    assert text.count(term) == 1
    edited = as_web_page(text.replace(term, term.replace("causes", "makes")), glossary)
    changes = diff_documents(page, parse(edited.encode())).changes
    assert [(c.type, c.section.title, c.section.kind, c.text_changed) for c in changes] == [
        ("modified", "Deathtouch", "term", True)]


@needs_corpus
def test_consecutive_releases_differ_by_rules_with_cascades_as_runs():
    pairs = list(zip(RELEASES, RELEASES[1:]))
    runs = 0
    for a, b in pairs:
        diff = diff_documents(release(a["file"]), release(b["file"]))
        assert diff.changes, (a["release"], b["release"])
        # a change is about a rule or a term, not about a whole chapter
        assert all(c.section.kind != "heading" or not c.text_changed for c in diff.changes)
        runs += len(diff.renumberings)
        for run in diff.renumberings:
            assert run.count == len(run.changes) >= 2
            assert all(c.renumbered and not c.text_changed for c in run.changes)
    assert runs >= 10
    # the 2018-07 release inserted keyword action 701.9: the rules after it moved up one
    by_date = {r["release"]: r for r in RELEASES}
    diff = diff_documents(release(by_date["2017-09-25"]["file"]),
                          release(by_date["2018-07-13"]["file"]))
    added = {c.new.number for c in diff.changes if c.type == "added"}
    assert "701.9" in added
    shifted = {(c.old.number, c.new.number) for c in diff.changes
               if c.renumbered and not c.text_changed}
    assert ("701.9", "701.10") in shifted and ("701.38", "701.39") in shifted


@needs_corpus
def test_rules_moved_to_another_chapter_are_moves():
    by_date = {r["release"]: r for r in RELEASES}
    diff = diff_documents(release(by_date["2018-08-10"]["file"]),
                          release(by_date["2018-10-05"]["file"]))
    moved = [(c.old.number, c.new.number) for c in diff.changes if c.moved]
    assert ("201.5", "700.7") in moved


@needs_corpus
def test_a_reference_that_followed_a_renumbering_is_no_change_of_words():
    by_date = {r["release"]: r for r in RELEASES}
    old, new = release(by_date["2019-06-12"]["file"]), release(by_date["2019-07-12"]["file"])
    diff = diff_documents(old, new)
    renumbered = {c.old.number: c.new.number for c in diff.changes if c.renumbered}
    # a rule that kept its number and only points at a renumbered one is unchanged
    followers = [s for s in old.sections if s.number and any(
        re.search(rf"\b{re.escape(n)}\b", s.text) for n in list(renumbered)[:200])]
    changed = {c.old.number for c in diff.changes if c.old is not None and c.text_changed}
    assert followers and any(s.number not in changed for s in followers)


@needs_corpus
def test_text_output_stays_within_its_width_and_shows_runs_as_one_line():
    by_date = {r["release"]: r for r in RELEASES}
    diff = diff_documents(release(by_date["2017-09-25"]["file"]),
                          release(by_date["2018-07-13"]["file"]))
    out = render_text(diff, width=120)
    assert max(len(line) for line in out.split("\n")) <= 120
    assert re.search(r"^~ 701\.9\u2013701\.9c \u2192 701\.10\u2013701\.10c: 4 sections "
                     r"renumbered, text unchanged$", out, re.M)
    entries = [line for line in out.split("\n") if line[:2] in ("~ ", "+ ", "- ")]
    assert len(entries) < len(diff.changes)  # a run of renumberings is one entry
