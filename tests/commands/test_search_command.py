import json

import pytest


@pytest.fixture
def empty_store(cli, tmp_path):
    """A configuration whose store exists but holds no revision: its one source's first
    fetch found nothing."""
    toml = tmp_path / "rookery.toml"
    toml.write_text(f'data = "data"\n[[source]]\nid = "faq"\nurl = "{tmp_path / "none.html"}"\n')
    assert cli("fetch", "--config", toml)[0] == 1 and (tmp_path / "data").is_dir()
    return toml


NOTHING = "nothing is stored yet to search: no source has a revision; run `rookery fetch` first"


@pytest.mark.parametrize("argv,says", [
    (("search", "duplicate"), NOTHING),
    (("search", "duplicate", "--format", "json"), NOTHING),
    (("search", "duplicate", "--history"), NOTHING),
    (("search", "duplicate", "--source", "faq"), "no revisions of 'faq' in the store yet; "
                                                 "run `rookery fetch faq` first"),
])
def test_searching_an_empty_store_says_there_is_nothing_yet(cli, empty_store, argv, says):
    code, out, err = cli(*argv, "--config", empty_store)
    assert code == 2 and out == "" and err == f"rookery: error: {says}\n"


def test_search_prints_ranked_hits_with_their_last_change(cli, history, monkeypatch):
    config, _ = history
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    code, out, err = cli("search", "marshal a limited card as a duplicate", "--limit", "3",
                         "--data", config.data)
    assert code == 0 and err == ""
    first = out.splitlines()[0]
    assert first.startswith("1. ") and "\u2014 faq" in first
    # named as the pages name it: by the day it took effect, not the day it was fetched
    assert "last changed: revision 17 (v2.2, effective 2019-05-13): added" in out
    assert "*limited*" in out  # matched words are marked when not on a terminal


def test_search_json_and_bad_input(cli, history, monkeypatch):
    config, _ = history
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    code, out, _ = cli("search", "limited duplicate", "--source", "faq", "--format",
                       "json", "--at", "2019-06-03", "--data", config.data)
    hits = json.loads(out)
    assert code == 0 and all(h["source"] == "faq" for h in hits)
    assert {"source", "number", "title", "kind", "path", "snippet", "revision", "last_changed",
            "history"} <= set(hits[0])
    assert "<mark>" in hits[0]["snippet"] and hits[0]["revision"]["version"] == "2.2"
    for argv, says in [(("search", "the of a"), "give some words"),
                       (("search", "duplicate", "--at", "1999-01-01"), "no watched document")]:
        code, out, err = cli(*argv, "--data", config.data)
        assert code != 0 and err.count("\n") == 1 and says in err
