"""The parse cache: a hit is the parse it kept, its key follows what changes a parse,
its folder keeps to its size, and a damaged entry is parsed again."""
import os

from rookery.parsers import PARSER_VERSION, ReadOptions, parse, parse_cache
from rookery.parsers.cache import ParseCache, content_key

PAGE = b"""<html><body><h1>Rules</h1><h2>1. Setup</h2><p>Each player shuffles.</p>
<h2>2. Drawing</h2><p>Draw %d cards.</p></body></html>"""


def page(n: int) -> bytes:
    return PAGE % n


def test_a_hit_from_disk_is_the_document_that_was_parsed(tmp_path):
    first = ParseCache(folder=tmp_path, version="1")
    doc = parse(page(2), source="a.html", cache=first)
    again = ParseCache(folder=tmp_path, version="1")  # a later command: nothing in memory
    hit = parse(page(2), source="b.html", cache=again)
    assert (again.hits, again.misses) == (1, 0)
    assert hit == dataclass_with_source(doc, "b.html")
    assert len(list(tmp_path.glob("*.parse"))) == 1


def dataclass_with_source(doc, source):
    import dataclasses

    return dataclasses.replace(doc, source=source)


def test_the_key_changes_with_the_parser_version_and_the_options(tmp_path):
    data = page(2)
    keys = {content_key(data), content_key(data, "html"), content_key(data, remove=(".x",)),
            content_key(data, pdf_reader="pdfplumber"), content_key(page(3))}
    assert len(keys) == 5
    old, new = ParseCache(folder=tmp_path, version="1"), ParseCache(folder=tmp_path, version="2")
    assert old.path(content_key(data)) != new.path(content_key(data))
    parse(data, cache=old)
    assert parse(data, cache=new) is not None and (new.hits, new.misses) == (0, 1)
    assert parse_cache(tmp_path).version == PARSER_VERSION


def test_the_folder_keeps_to_its_size_dropping_the_least_recently_used(tmp_path):
    one = ParseCache(folder=tmp_path, version="1")
    parse(page(1), cache=one)
    entry = next(tmp_path.glob("*.parse"))
    bound = entry.stat().st_size * 2 + entry.stat().st_size // 2  # room for two entries
    cache = ParseCache(folder=tmp_path, version="1", max_bytes=bound)
    parse(page(2), cache=cache)
    os.utime(entry, (1, 1))  # page 1 was used long ago
    parse(page(3), cache=cache)
    assert not entry.exists()
    assert len(list(tmp_path.glob("*.parse"))) == 2
    fresh = ParseCache(folder=tmp_path, version="1")
    parse(page(2), cache=fresh)
    parse(page(3), cache=fresh)
    assert fresh.hits == 2


def test_a_damaged_entry_is_parsed_again_and_replaced(tmp_path):
    parse(page(2), cache=ParseCache(folder=tmp_path, version="1"))
    entry = next(tmp_path.glob("*.parse"))
    for damage in (b"", b"not zlib at all", entry.read_bytes()[:-7]):
        entry.write_bytes(damage)
        cache = ParseCache(folder=tmp_path, version="1")
        doc = parse(page(2), cache=cache)
        assert (cache.hits, cache.misses) == (0, 1)
        assert [s.text for s in doc.sections][-1] == "Draw 2 cards."
        assert ParseCache(folder=tmp_path, version="1").get(content_key(page(2))) == doc


def test_an_entry_in_the_json_modules_spelling_is_read(tmp_path):
    # entries are written by orjson; a folder filled before (by the json module, with
    # its own spacing and escapes) is still read, not parsed again
    import zlib

    from rookery.model import document_to_json

    data = page(2).replace(b"shuffles.", 'shuffles \u201cthe\u201d d\u00e9ck \\ "twice".'.encode())
    doc = parse(data, cache=ParseCache(folder=tmp_path, version="1"))
    assert "d\u00e9ck" in doc.sections[1].text
    key = content_key(data)
    cache = ParseCache(folder=tmp_path, version="1")
    cache.path(key).write_bytes(zlib.compress(f"{key}\n{document_to_json(doc)}".encode()))
    assert cache.get(key) == doc
    assert (cache.hits, cache.misses) == (1, 0)


def test_an_entry_made_for_another_key_is_not_taken(tmp_path):
    cache = ParseCache(folder=tmp_path, version="1")
    parse(page(2), cache=cache)
    parse(page(3), cache=cache)
    two, three = (cache.path(content_key(page(n))) for n in (2, 3))
    two.write_bytes(three.read_bytes())  # a file under the wrong name
    fresh = ParseCache(folder=tmp_path, version="1")
    assert fresh.get(content_key(page(2))) is None


def test_size_zero_keeps_nothing_on_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("ROOKERY_CACHE", str(tmp_path))
    cache = parse_cache(max_bytes=0)
    parse(page(2), cache=cache, options=ReadOptions())
    assert cache.folder is None and not list(tmp_path.iterdir())
    assert parse_cache().folder == tmp_path
