"""A hostile page through every output: its text must come out as text, never as markup.

The page carries a live script, event handlers, javascript: and data: links, markup
escaped once and twice (so that it *reads* as tags), control characters and a
right-to-left override. Each output is parsed back the way its readers parse it: pages
with lxml, feeds with lxml and feedparser (a reader renders RSS titles and descriptions,
and Atom `type="html"` fields, as HTML), JSON with json. None may hold an active element,
an event handler or a script link, and the words a player would read must survive.
"""
from __future__ import annotations

import json
import re

import feedparser
import pytest
from lxml import etree
from lxml import html as lxml_html

from rookery.config import parse_config
from rookery.feeds.site import publish
from rookery.store import Store
from rookery.watch import Watcher

# what a player reads, character for character, after the page is rendered
EVIL_TITLE = "Evil <img src=x onerror=alert(6)>"
DOUBLE = "&lt;script&gt;alert(7)&lt;/script&gt;"
QUESTION = "Can a <b onmouseover=alert(9)> forge be borrowed?"

BIDI = re.compile("[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]")
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
ACTIVE = {"script", "img", "svg", "iframe", "object", "embed", "video", "audio", "form",
          "input", "button", "math", "link", "meta", "base", "frame", "frameset"}


def page(version: str, extra: str = "") -> str:
    return f"""<!doctype html><html><head><title>Hostile Digest</title></head><body>
<h1>Hostile Digest</h1><h3>Version {version}, effective 3/14/2021</h3>
<h2>Rulings and Clarifications</h2>
<h3>(1.1) Drawing\x1b[2J Cards\x07</h3>
<p onclick="steal()">A player draws <b onmouseover="x()">two</b> cards
<img src=x onerror="alert(2)"> at the <a href="javascript:alert(3)">start</a> of a
<a href="data:text/html,&lt;script&gt;alert(8)&lt;/script&gt;">round</a>.
<script>document.write("owned")</script><iframe src="javascript:alert(4)"></iframe></p>
<h3>(1.2) {EVIL_TITLE.replace("<", "&lt;").replace(">", "&gt;")}</h3>
<p>The text of this ruling is {DOUBLE.replace("&", "&amp;")} written out.</p>
<h3>(1.3) Reversed \u202etxet\u202c order</h3><p>Read it left to right.</p>
<h2>Frequently Asked Questions</h2>
<h4>Borrowed Forges</h4><p><i>{QUESTION.replace("<", "&lt;").replace(">", "&gt;")}</i></p>
<p>Yes. Any forge may be borrowed.</p>
{extra}
</body></html>"""


SECOND = page("2.0", f"""<h4>Forges Revisited <svg onload="alert(5)"></svg></h4>
<p><i>{QUESTION.replace("<", "&lt;").replace(">", "&gt;")}</i></p>
<p>No. Only your own forge.</p>
<h4>Late &lt;script&gt;alert(10)&lt;/script&gt; Entry</h4><p><i>Is this new?</i></p><p>Yes.</p>
<h4>Ping @everyone [here](https://evil.example/)</h4><p><i>Who is told?</i></p>
<p>Nobody.</p>""")


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    """{name: bytes} of every output made from the hostile page: the published site and
    feeds, and `rookery diff` in each format."""
    from rookery.cli import main

    from receivers import MailBox, Receiver
    from rookery.notify.send import deliver

    folder = tmp_path_factory.mktemp("hostile")
    hook, box = Receiver(), MailBox()
    (folder / "v1.html").write_text(page("1.0"))
    (folder / "v2.html").write_text(SECOND)
    source = folder / "live.html"
    source.write_text(page("1.0"))
    config = parse_config(
        'base_url = "https://rules.example.org/"\n'
        '[[source]]\nid = "sky"\ntitle = "Sky <script>alert(11)</script> \\u202eFAQ"\n'
        f'url = "{source.as_uri()}"\nformat = "html"\n'
        f'[[notify]]\nurl = "{hook.url()}"\n[[notify]]\nurl = "{box.url()}"\n', folder)
    try:
        with Store(config.data) as store:
            watcher = Watcher(store, config)
            watcher.cycle()
            source.write_text(SECOND)
            (rev,) = watcher.cycle().revisions
            publish(store, config, folder / "site")
            sent = deliver(store, config).sent
    finally:
        hook.close()
        box.close()
    assert sent == 2
    made = {str(p.relative_to(folder)): p.read_bytes()
            for p in (folder / "site").rglob("*") if p.is_file() and p.suffix != ".css"}
    for fmt in ("text", "json", "html"):
        for color in ("never", "always"):
            out = folder / f"diff-{fmt}-{color}"
            with open(out, "w") as sink:
                import contextlib

                with contextlib.redirect_stdout(sink):
                    assert main(["diff", str(folder / "v1.html"), str(folder / "v2.html"),
                                 "--format", fmt, "--color", color]) == 0
            made[f"diff.{fmt}.{color}"] = out.read_bytes()
    made["revision"] = str(rev.number).encode()
    made["message.webhook"] = json.dumps(hook.messages, ensure_ascii=False).encode()
    [mail] = box.messages
    made["message.mail.subject"] = str(mail["Subject"]).encode()
    for part in mail.walk():
        if part.get_content_maintype() == "text":
            made[f"message.mail.{part.get_content_subtype()}"] = part.get_content().encode()
    return made


def assert_inert_html(markup: str, where: str) -> str:
    """Parse `markup` as a browser would and check nothing in it can act; its text."""
    if not markup.strip():
        return ""
    root = lxml_html.fromstring(f"<div>{markup}</div>") if not markup.lstrip().lower() \
        .startswith(("<!doctype", "<html")) else lxml_html.document_fromstring(markup)
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        assert el.tag.lower() not in ACTIVE or (el.tag.lower() in ("link", "meta")
                                                and el.getparent().tag == "head"), \
            (where, el.tag)
        for name, value in el.attrib.items():
            assert not name.lower().startswith("on"), (where, el.tag, name)
            if name.lower() in ("href", "src", "action", "formaction"):
                scheme = value.strip().split(":", 1)[0].lower() if ":" in value else ""
                assert scheme in ("", "http", "https"), (where, value)
    text = root.text_content()
    assert not BIDI.search(text) and not CONTROL.search(text.replace("\n", "").replace(
        "\t", "").replace("\r", "")), where
    return text


def test_pages_show_the_words_and_run_nothing(outputs):
    pages = {k: v for k, v in outputs.items() if k.endswith(".html") or k == "diff.html.never"}
    assert len(pages) > 5
    seen = ""
    for name, data in pages.items():
        seen += assert_inert_html(data.decode(), name)
    revision = outputs[f"site/sky/revisions/{outputs['revision'].decode()}.html"].decode()
    text = assert_inert_html(revision, "revision")
    assert EVIL_TITLE in seen and "Late <script>alert(10)</script> Entry" in text
    assert "document.write" not in seen


def rss_and_atom(outputs):
    return {k: v for k, v in outputs.items() if k.endswith((".rss", ".atom"))}


def test_feeds_read_back_as_text_in_every_field_a_reader_renders(outputs):
    feeds = rss_and_atom(outputs)
    assert {k.rsplit(".", 1)[1] for k in feeds} == {"rss", "atom"}
    atom = "{http://www.w3.org/2005/Atom}"
    titles = []
    for name, data in feeds.items():
        root = etree.fromstring(data)
        if name.endswith(".rss"):
            # RSS readers take titles and descriptions as HTML: each must render to text
            for el in root.iter("title", "description"):
                rendered = assert_inert_html(el.text or "", f"{name} <{el.tag}>")
                titles.append(rendered)
        else:
            for el in root.iter(f"{atom}title", f"{atom}subtitle", f"{atom}summary"):
                kind = el.get("type", "text")
                assert kind in ("text", "html"), name
                value = el.text or ""
                titles.append(assert_inert_html(value, name) if kind == "html" else value)
                if kind == "text":
                    assert not BIDI.search(value) and not CONTROL.search(value), name
    said = " ".join(titles)
    assert "Late <script>alert(10)</script> Entry" in said
    assert "Sky <script>alert(11)</script>" in said  # the configured title, as text too


def test_feedparser_finds_nothing_to_run_either(outputs):
    for name, data in rss_and_atom(outputs).items():
        parsed = feedparser.parse(data, sanitize_html=False)
        assert parsed.bozo == 0, name
        details = [parsed.feed.get("title_detail"), parsed.feed.get("subtitle_detail")]
        for entry in parsed.entries:
            details += [entry.get("title_detail"), entry.get("summary_detail")]
        for detail in filter(None, details):
            if detail["type"] in ("text/html", "application/xhtml+xml"):
                assert_inert_html(detail["value"], name)
            else:
                assert "<" not in detail["value"] or "alert(" in detail["value"], name


def test_json_carries_the_words_as_data(outputs):
    published = {k: v for k, v in outputs.items() if k.endswith(".json")}
    assert published
    for name, data in published.items():
        assert b"<" not in data and b">" not in data, name  # inert even if served as HTML
        json.loads(data)
    revision = json.loads(outputs[f"site/sky/revisions/{outputs['revision'].decode()}.json"])
    assert any(c["new"] and c["new"]["title"] == "Late <script>alert(10)</script> Entry"
               for c in revision["changes"])
    cli = json.loads(outputs["diff.json.never"])
    strings = json.dumps(cli, ensure_ascii=False)
    assert "Late <script>alert(10)</script> Entry" in strings
    assert not BIDI.search(strings) and not CONTROL.search(strings)


def test_the_terminal_gets_no_control_sequence_but_its_own_colours(outputs):
    plain = outputs["diff.text.never"].decode()
    assert "\x1b" not in plain and not BIDI.search(plain)
    assert not CONTROL.search(plain.replace("\n", ""))
    coloured = outputs["diff.text.always"].decode()
    own = re.sub(r"\x1b\[[0-9;]*m", "", coloured)  # SGR colours are ours; nothing else
    assert "\x1b" not in own and not CONTROL.search(own.replace("\n", ""))
    assert "Late <script>alert(10)</script> Entry" in plain


def test_messages_carry_the_words_as_text(outputs):
    """A webhook gets the words as JSON strings; a mail as plain text and, where it has an
    HTML part, as HTML that renders to those words and runs nothing."""
    [message] = json.loads(outputs["message.webhook"])
    for said in (message["title"], message["message"], outputs["message.mail.subject"].decode()):
        assert not BIDI.search(said) and not CONTROL.search(said.replace("\n", ""))
    assert "Late <script>alert(10)</script> Entry" in message["message"]
    assert "Sky <script>alert(11)</script>" in message["title"]
    # chat services act on mentions and Markdown links: the words come without them
    assert "everyone" in message["message"] and "here" in message["message"]
    assert not any(live in message["message"] for live in ("@everyone", "]("))
    bodies = {k: v.decode() for k, v in outputs.items() if k.startswith("message.mail.")
              and not k.endswith("subject")}
    assert bodies
    for name, body in bodies.items():
        text = assert_inert_html(body, name) if name.endswith("html") else body
        assert "Late <script>alert(10)</script> Entry" in text, name
