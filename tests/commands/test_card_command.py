"""`rookery card`: a card's timeline on the terminal and as JSON, every card without a
name, "did you mean" for a name not found, and a name that is markup kept as text."""
import json

import pytest

import emberwick


@pytest.fixture(scope="module")
def toml(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ember")
    emberwick.watched(folder, hostile=True)
    return folder / "rookery.toml"


@pytest.fixture(autouse=True)
def no_environment(monkeypatch):
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    monkeypatch.delenv("ROOKERY_DATA", raising=False)
    monkeypatch.setenv("COLUMNS", "200")


def test_a_card_s_timeline_reads_oldest_first_with_its_stays(cli, toml):
    code, out, err = cli("card", "soot hound", "--config", toml)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Soot Hound (Core Set, 21)"
    assert lines[1].strip().startswith("On the Duel Restricted List (Cinder) of Emberwick "
                                       "FAQ from v1.0, effective 2023-02-01 (revision 1) "
                                       "until v1.1")
    assert "and still on it" in lines[2]
    assert [line.split("): ", 1)[1] for line in lines[3:]] == [
        "put on the Duel Restricted List (Cinder)", "no longer on the Duel Restricted List",
        "put on the Duel Restricted List (Cinder)"]


def test_a_changed_erratum_shows_its_words(cli, toml):
    code, out, _ = cli("card", "KILN WARDEN", "--config", toml)
    assert code == 0
    assert "Kiln Warden (Core Set, 12): text changed" in out
    assert "{+unlit" in out and "[-lantern.-]" not in out.split("text changed")[0]


def test_json_gives_the_lists_and_the_timeline(cli, toml):
    code, out, _ = cli("card", "\u201cSoot Hound\u201d", "--format", "json", "--config", toml)
    data = json.loads(out)
    assert code == 0 and data["name"] == "Soot Hound"
    assert [(s["list"], s["since"]["number"], s["until"] and s["until"]["number"])
            for s in data["lists"]] == [("Duel Restricted List", 1, 2),
                                        ("Duel Restricted List", 3, None)]
    assert [e["type"] for e in data["timeline"]] == ["listed", "unlisted", "listed"]


def test_without_a_name_every_card_is_listed(cli, toml):
    code, out, _ = cli("card", "--format", "json", "--config", toml)
    names = [c["name"] for c in json.loads(out)]
    assert code == 0 and names == [emberwick.HOSTILE, "Ash Lantern", "Bellows Mage",
                                   "Ember Queen", "Kiln Warden", "Soot Hound"]


@pytest.mark.parametrize("query,suggests", [
    ("Kiln Wardne", "'Kiln Warden'"),
    ("Soot Hund", "'Soot Hound'"),
    ("Bellow Mage", "'Bellows Mage'"),
])
def test_a_name_not_found_suggests_the_nearest_on_one_line(cli, toml, query, suggests):
    code, out, err = cli("card", query, "--config", toml)
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and "did you mean" in err and suggests in err


def test_part_of_one_card_s_name_finds_it(cli, toml):
    code, out, _ = cli("card", "bellows", "--config", toml)
    assert code == 0 and out.startswith("Bellows Mage")


def test_a_card_named_with_markup_reaches_the_terminal_and_json_as_text(cli, toml):
    code, out, err = cli("card", emberwick.HOSTILE, "--config", toml)
    assert code == 0, err
    assert out.splitlines()[0] == f"{emberwick.HOSTILE} (Core Set, 66)"
    code, out, _ = cli("card", emberwick.HOSTILE, "--format", "json", "--config", toml)
    assert json.loads(out)["name"] == emberwick.HOSTILE
    code, out, _ = cli("card", "<script>", "--config", toml)
    assert code == 0 and out.startswith(emberwick.HOSTILE)


def test_a_bad_card_list_is_one_line_naming_it(cli, toml, tmp_path):
    bad = tmp_path / "bad.toml"
    (tmp_path / "cards.csv").write_text("code,cost\n1,2\n")
    bad.write_text(toml.read_text().replace("[[source]]", 'cards = "cards.csv"\n[[source]]'))
    code, out, err = cli("card", "Kiln Warden", "--config", bad)
    assert code != 0 and err.count("\n") == 1 and "cards.csv" in err and "'name'" in err


@pytest.fixture
def empty_store(cli, tmp_path):
    """A configuration whose store exists but holds no revision: its one source's first
    fetch found nothing."""
    toml = tmp_path / "rookery.toml"
    toml.write_text('data = "data"\n[[source]]\nid = "faq"\nurl = "none.html"\n')
    assert cli("fetch", "--config", toml)[0] == 1 and (tmp_path / "data").is_dir()
    return toml


@pytest.mark.parametrize("argv", [("card",), ("card", "Kiln Warden"),
                                  ("card", "--format", "json")])
def test_an_empty_store_says_to_fetch_first(cli, empty_store, argv):
    code, out, err = cli(*argv, "--config", empty_store)
    assert code == 2 and out == "" and err == (
        "rookery: error: no card is named yet: no source has a revision; run `rookery "
        "fetch` first\n")


def test_documents_that_name_no_card_say_so_rather_than_print_a_bare_header(cli, tmp_path):
    (tmp_path / "faq.html").write_text(
        "<html><body><h1>Lantern Rules</h1><h2>(1.1) Lighting</h2><p>A lantern is lit "
        "when its owner pays one oil.</p><h2>(1.2) Snuffing</h2><p>A snuffed lantern "
        "stays dark.</p></body></html>")
    toml = tmp_path / "rookery.toml"
    toml.write_text('data = "data"\n[[source]]\nid = "faq"\nurl = "faq.html"\n')
    assert cli("fetch", "--config", toml)[0] == 0
    assert cli("card", "--config", toml)[:2] == (
        0, "no card is named in the watched documents\n")
    assert cli("card", "--format", "json", "--config", toml)[:2] == (0, "[]\n")
    code, out, err = cli("card", "Kiln Warden", "--config", toml)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "the watched documents name no card" in err
