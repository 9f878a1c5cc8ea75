"""Generated hostile pages through every reader and every output: control characters,
elements the reader drops with text after them, deep nesting, huge attributes, lying or
broken encodings, and markup written out as text. No reader may fail but with a typed
error (ParseError: the page is not a document), and no output may carry a traceback or
anything live: `rookery diff` as text, JSON and HTML, the published pages and feeds."""
from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from rookery.cli import main
from rookery.config import parse_config
from rookery.errors import ParseError
from rookery.feeds.site import publish
from rookery.parsers import READERS, ReadOptions, parse
from rookery.parsers.structure import build_document
from rookery.store import Store
from rookery.watch import Watcher
from test_hostile import BIDI, CONTROL, assert_inert_html

DROPPED = ["script", "style", "noscript", "template", "iframe", "svg", "object", "button",
           "select", "textarea", "nav", "footer", "aside", "form"]
NASTY = ["\x00", "\x01", "\x07", "\x0b", "\x1b[2J", "\x7f", "\x85", "\x9b", "\ufffe",
         "\u202e", "\u2066", "\u200f", "&lt;script&gt;alert(1)&lt;/script&gt;",
         "&amp;lt;img src=x onerror=alert(2)&amp;gt;", "@everyone", "](javascript:x)"]
words = st.text(alphabet=st.sampled_from("abcdefgh ijk"), min_size=1, max_size=12)
nasty_text = st.lists(st.one_of(words, st.sampled_from(NASTY)), min_size=1, max_size=6) \
    .map("".join)


@st.composite
def fragments(draw) -> str:
    """One piece of a page: a heading, a paragraph, a dropped element with text after
    it, a deep nest, or an element with a huge attribute."""
    kind = draw(st.sampled_from(["heading", "para", "dropped", "deep", "huge"]))
    text = draw(nasty_text)
    if kind == "heading":
        level = draw(st.integers(1, 4))
        return f"<h{level}>({draw(st.integers(1, 9))}.{draw(st.integers(1, 9))}) {text}</h{level}>"
    if kind == "para":
        return f"<p>{text} {draw(nasty_text)}</p>"
    if kind == "dropped":
        tag = draw(st.sampled_from(DROPPED))
        return f"<p>{text} <{tag}>alert(3)</{tag}>{draw(nasty_text)}</p>"
    if kind == "deep":
        depth = draw(st.integers(50, 400))
        tag = draw(st.sampled_from(["div", "span", "b", "i", "li", "table"]))
        return f"<{tag}>" * depth + text + f"</{tag}>" * depth
    size = draw(st.sampled_from([1_000, 100_000, 400_000]))
    return f'<p title="{"x" * size}" onclick="alert(4)">{text}</p>'


@st.composite
def pages(draw) -> bytes:
    body = "".join(draw(st.lists(fragments(), min_size=1, max_size=8)))
    charset = draw(st.sampled_from(["", '<meta charset="utf-8">', '<meta charset="utf-16">',
                                    '<meta charset="no-such">', '<meta charset="cp1252">']))
    page = f"<!doctype html><html><head>{charset}<title>{draw(nasty_text)}</title></head>" \
           f"<body><h1>Fuzzed Digest</h1>{body}</body></html>"
    encoding = draw(st.sampled_from(["utf-8", "utf-16", "cp1252", "broken"]))
    if encoding == "broken":  # bytes no decoder takes as they stand
        data = page.encode("utf-8", "surrogatepass")
        return data[:len(data) // 2] + b"\xff\xfe\xc3\x28\xa0\xa1\xf0\x28\x8c" + data[len(data) // 2:]
    return page.encode(encoding, "replace") if encoding != "utf-16" else \
        page.encode("utf-16", "surrogatepass")


def read_every_way(data: bytes) -> None:
    """Every reader on the bytes: a Document, or a ParseError (typed), nothing else."""
    for attempt in (lambda: parse(data),
                    lambda: build_document(READERS["html"].read(data, ReadOptions())),
                    lambda: build_document(READERS["text"].read(data, ReadOptions())),
                    lambda: parse(b"%PDF-1.4\n" + data)):
        try:
            attempt()
        except ParseError:
            pass


def run_cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def assert_quiet_text(text: str, where: str) -> None:
    assert "Traceback" not in text, where
    assert "\x1b" not in text and not BIDI.search(text), where
    assert not CONTROL.search(text.replace("\n", "").replace("\t", "")), where


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow,
                                                  HealthCheck.data_too_large])
@given(old=pages(), new=pages())
def test_generated_pages_through_every_reader_and_rookery_diff(old, new):
    read_every_way(old)
    read_every_way(new)
    with tempfile.TemporaryDirectory(prefix="rookery-fuzz-") as folder:
        a, b = Path(folder) / "old.html", Path(folder) / "new.html"
        a.write_bytes(old)
        b.write_bytes(new)
        for fmt in ("text", "json", "html"):
            code, out, err = run_cli("diff", a, b, "--format", fmt, "--color", "never")
            assert "Traceback" not in err and err.count("\n") <= 1, err
            if code != 0:
                assert out == "" and err.strip(), (fmt, err)
                continue
            if fmt == "json":
                assert_quiet_text(json.dumps(json.loads(out), ensure_ascii=False), fmt)
            elif fmt == "html":
                assert_inert_html(out, "diff.html")
            else:
                assert_quiet_text(out, fmt)


@settings(max_examples=4, suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.data_too_large])
@given(first=pages(), second=pages())
def test_generated_pages_watched_published_and_fed(first, second):
    with tempfile.TemporaryDirectory(prefix="rookery-fuzz-") as folder:
        folder = Path(folder)
        live = folder / "live.html"
        config = parse_config(f'base_url = "https://rules.example.org/"\n[[source]]\n'
                              f'id = "fuzz"\nurl = "{live.as_uri()}"\nformat = "html"\n'
                              'min_sections = 0\n', folder)
        with Store(config.data) as store:
            watcher = Watcher(store, config)
            for data in (first, second):
                live.write_bytes(data)
                stats = watcher.cycle()
                assert stats.errors == 0  # read, or quarantined with a reason
            publish(store, config, folder / "site")
        for path in (folder / "site").rglob("*"):
            if path.suffix == ".html":
                assert_inert_html(path.read_text(), str(path))
            elif path.suffix in (".rss", ".atom"):
                root = etree.fromstring(path.read_bytes())
                for el in root.iter():
                    if not isinstance(el.tag, str):
                        continue
                    value = el.text or ""
                    assert not CONTROL.search(value.replace("\n", "")), path
                    if re.search(r"(^|\})(description|summary)$", el.tag) or (
                            el.tag == "title" and path.suffix == ".rss"):
                        assert_inert_html(value, f"{path} <{el.tag}>")
            elif path.suffix == ".json":
                data = path.read_text()
                assert "<" not in data and ">" not in data, path
                assert_quiet_text(json.dumps(json.loads(data), ensure_ascii=False), str(path))
