"""`rookery check`: a verdict on a reading with no truth needed, its exit status, its
JSON, and doubt kept with every revision `fetch` records."""
import json
import re
from pathlib import Path

import pytest
from lxml import etree
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

README = Path(__file__).resolve().parents[2] / "README.md"
V1 = "skyforge_faq_v1.html"
# a page whose rule 1.1 lost its text to the next number, as a rule number set in a column
# of its own reads when the reader takes the number for a line of its own
DOUBTFUL = ("<html><head><title>Lanternfall Rules</title></head><body>"
            "<h1>Lanternfall Rules</h1><p>Version 1.0</p><h2>1. The Round</h2><p>1.1</p>"
            "<p>1.2 Each round opens at dusk. The first player lights a lantern.</p>"
            "<h2>2. Moths</h2><p>2.1 A moth flies toward the nearest light.</p></body></html>")
# the same rules read right: rule 1.1 keeps its text
SOUND = DOUBTFUL.replace("<p>1.1</p><p>1.2 Each round opens at dusk. ",
                         "<p>1.1 Each round opens at dusk.</p><p>1.2 ")


def test_a_sound_reading_exits_0_and_says_where_every_word_went(cli, fixtures):
    code, out, err = cli("check", fixtures / V1)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == f"{fixtures / V1}: sound"
    assert re.search(r"words: (\d+) given, \1 in sections, 0 lost", out) or \
        re.search(r"words: \d+ given, \d+ in sections, .*0 lost", out)


def test_a_doubtful_reading_exits_1_and_names_what_is_wrong(cli, tmp_path):
    page = tmp_path / "rules.html"
    page.write_text(DOUBTFUL)
    code, out, _ = cli("check", page)
    assert code == 1
    assert out.splitlines()[0] == f"{page}: doubtful: 1 numbered rule without text"
    assert "numbered rules without text: 1.1" in out


def _scan(path: Path) -> None:
    """A PDF page that is only a picture: what a scanner makes."""
    from PIL import Image

    picture = path.with_suffix(".png")
    Image.new("RGB", (40, 40), "white").save(picture)
    c = canvas.Canvas(str(path))
    c.drawImage(ImageReader(str(picture)), 72, 72, 400, 400)
    c.save()


@pytest.mark.parametrize("make,says", [
    (lambda p: _scan(p), "no text layer"),
    (lambda p: p.write_bytes(b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n"), "truncated PDF"),
    (lambda p: None, "no such file"),
])
def test_a_release_that_cannot_be_read_exits_2_in_one_line(cli, tmp_path, make, says):
    path = tmp_path / "rules.pdf"
    make(path)
    code, out, err = cli("check", path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err


def test_json_gives_every_count_and_the_readme_names_every_key(cli, tmp_path):
    page = tmp_path / "rules.html"
    page.write_text(DOUBTFUL)
    code, out, _ = cli("check", page, "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert data["sound"] is False and data["empty"] == ["1.1"]
    assert data["problems"] == ["1 numbered rule without text"]
    assert (data["sections"], data["numbered"]) == (5, 5)
    assert data["words"]["lost"] == 0 and data["words"]["given"] > 0
    assert data["words"]["furniture"] == {"title block": 5}  # "Lanternfall Rules Version 1.0"
    prose = README.read_text()
    prose = prose[prose.index("## `rookery check RELEASE`"):prose.index("## Watching")]
    keys = set(data) | set(data["words"]) | {"title", "is", "where"}
    assert {k for k in keys if f"`{k}`" not in prose} == set()


@pytest.fixture
def watched(tmp_path, scripted, fixtures):
    """A configuration watching one scripted page; returns (config path, script)."""
    script, base = scripted
    config = tmp_path / "rookery.toml"
    config.write_text(f'data = "store"\nsite = "site"\n[fetch]\nretries = 0\n'
                      f'[[source]]\nid = "lf"\ntitle = "Lanternfall Rules"\n'
                      f'url = "{base}/rules"\nformat = "html"\n')
    script.on("/rules", (200, {}, SOUND.encode()))
    return config, script


def test_fetch_keeps_the_verdict_and_a_doubtful_release_says_so_everywhere(cli, watched,
                                                                             tmp_path, wide):
    config, script = watched
    assert cli("fetch", "--config", config)[0] == 0
    script.on("/rules", (200, {}, DOUBTFUL.encode()))
    code, _, err = cli("fetch", "--config", config)
    assert code == 0
    assert "lf: revision 2: this HTML reads poorly: 1 numbered rule without text; changes " \
           "may be wrong" in err

    code, out, _ = cli("history", "lf", "--config", config)
    rows = [line.split() for line in out.splitlines()]
    assert rows[0][-1] == "reading" and rows[1][-1] == "sound" and rows[2][-1] == "doubtful"
    assert out.splitlines()[-1] == ("revision 2: this HTML reads poorly: 1 numbered rule "
                                    "without text; changes may be wrong")
    code, out, _ = cli("history", "lf", "--config", config, "--format", "json")
    readings = [r["reading"] for r in json.loads(out)]
    assert [r["sound"] for r in readings] == [True, False]

    code, out, _ = cli("diff", "lf@1", "lf@2", "--config", config)
    assert "? v1.0: this HTML reads poorly" in out  # (both releases print "Version 1.0")
    assert out.count("? v1.0") == 1  # the sound one says nothing

    code, out, _ = cli("check", "lf@2", "--config", config)
    assert code == 1 and "numbered rules without text: 1.1" in out

    assert cli("publish", "--config", config)[0] == 0
    page = (tmp_path / "site" / "lf" / "revisions" / "2.html").read_text()
    assert "Doubtful reading:" in page and "1 numbered rule without text" in page
    feed = (tmp_path / "site" / "lf" / "feed.atom").read_text()
    assert "Doubtful reading:" in feed
    first = (tmp_path / "site" / "lf" / "revisions" / "1.html").read_text()
    assert "Doubtful reading:" not in first


def test_a_release_whose_reading_loses_words_is_quarantined_not_published(
        cli, watched, monkeypatch):
    """A reader that drops a paragraph is a bug rookery has not met yet; the HTML reader
    is made to drop the page's last paragraph here, as such a bug would, and the words it
    loses keep the release from being published. (Releases are read in rookery's own
    process, where that reader is, with no ceiling on a parse's memory and time.)"""
    from rookery.parsers import html

    config, script = watched
    with open(config, "a") as toml:
        toml.write("\n[parse]\nmemory = 0\ndeadline = 0\n")
    assert cli("fetch", "--config", config)[0] == 0
    real = html.read

    def losing(data, options):
        raw = real(data, options)
        raw.blocks = raw.blocks[:-1]
        return raw

    monkeypatch.setattr(html, "read", losing)
    script.on("/rules", (200, {}, SOUND.replace("nearest light", "nearest lamp").encode()))
    code, _, err = cli("fetch", "--config", config)
    assert code == 1  # a source quarantined this cycle fails the fetch, for cron
    assert "quarantined, no revision recorded: 9 words of its text in no section" in err
    assert "[2 1 a moth flies toward the nearest lamp]" in err  # what was lost, and where
    code, out, _ = cli("history", "lf", "--config", config, "--format", "json")
    assert len(json.loads(out)) == 1


def test_a_doubt_that_quotes_the_document_quotes_it_as_text_on_every_page(cli, watched,
                                                                          tmp_path):
    # headings over nothing whose words are markup: the notice names the first of them
    config, script = watched
    heads = "".join(f"<h3>&lt;img src={n} onerror=alert({n})&gt;</h3>" for n in (1, 2, 3))
    page = SOUND.replace("<h2>2. Moths</h2>", f"{heads}<h2>2. Moths</h2>")
    assert cli("fetch", "--config", config)[0] == 0
    script.on("/rules", (200, {}, page.encode()))
    assert cli("fetch", "--config", config)[0] == 0
    code, out, _ = cli("check", "lf@2", "--config", config)
    assert code == 1 and "3 headings over nothing ('<img src=1 onerror=alert(1)>')" in out
    assert cli("publish", "--config", config)[0] == 0
    page = (tmp_path / "site" / "lf" / "revisions" / "2.html").read_text()
    # the feed's summary is HTML carried as text: its HTML once the XML is read
    feed = etree.parse(str(tmp_path / "site" / "lf" / "feed.atom"))
    summary = feed.findtext(".//{http://www.w3.org/2005/Atom}entry/"
                            "{http://www.w3.org/2005/Atom}summary")
    for html in (page, summary):
        assert "headings over nothing" in html
        assert "<img" not in html and "&lt;img src=1" in html
