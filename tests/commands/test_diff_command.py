"""`rookery diff` and the parse cache: a release is parsed once across commands, and
`--no-cache` neither reads nor fills the cache."""
import json

import rookery.parsers as parsers

V1, V2 = "skyforge_faq_v1.html", "skyforge_faq_v2.html"


def counting(monkeypatch) -> list:
    """The releases the diff really parses (cache hits are not parses)."""
    parsed = []
    real = parsers._parse

    def parse(data, source, format, options):
        parsed.append(source)
        return real(data, source, format, options)

    monkeypatch.setattr(parsers, "_parse", parse)
    return parsed


def test_a_second_diff_of_the_same_releases_parses_nothing(cli, fixtures, parse_cache,
                                                           monkeypatch):
    parsed = counting(monkeypatch)
    first = cli("diff", "--format", "json", fixtures / V1, fixtures / V2)
    assert len(parsed) == 2 and len(list(parse_cache.glob("*.parse"))) == 2
    second = cli("diff", "--format", "json", fixtures / V1, fixtures / V2)
    assert len(parsed) == 2
    assert first[0] == second[0] == 0 and json.loads(first[1]) == json.loads(second[1])


def test_no_cache_neither_reads_nor_fills_the_cache(cli, fixtures, parse_cache, monkeypatch):
    parsed = counting(monkeypatch)
    assert cli("diff", "--no-cache", fixtures / V1, fixtures / V2)[0] == 0
    assert not list(parse_cache.iterdir())
    cli("diff", fixtures / V1, fixtures / V2)
    assert len(parsed) == 4
    assert cli("diff", "--no-cache", fixtures / V1, fixtures / V2)[0] == 0
    assert len(parsed) == 6


def test_a_configured_size_of_zero_keeps_no_cache(cli, fixtures, parse_cache, tmp_path,
                                                  monkeypatch):
    (tmp_path / "rookery.toml").write_text("[parse]\ncache_size = 0\n")
    monkeypatch.setenv("ROOKERY_CONFIG", str(tmp_path / "rookery.toml"))
    assert cli("diff", fixtures / V1, fixtures / V2)[0] == 0
    assert not list(parse_cache.iterdir())
