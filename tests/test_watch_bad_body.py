"""One source's bad body never stops another source: a control character beside an
element the HTML reader drops is read, not a crash, and a body that makes its reader's
process die is quarantined with the reason while the sources after it are fetched as
usual."""
from __future__ import annotations

import re

import hostile_files
from rookery.config import parse_config
from rookery.store import Store
from rookery.store.records import FetchOutcome
from rookery.watch import Watcher

CONTROL_PAGE = (b"<!doctype html><html><body><h1>Ember Notes</h1>"
                b"<h3>(1.1) Kindling</h3><p>It is <script>x()</script> fine \x01.</p>"
                b"<h3>(1.2) Ash\x0b Piles</h3><p>Ash <style>p{}</style>\x1f stays.</p>"
                b"</body></html>")
PLAIN_PAGE = (b"<!doctype html><html><body><h1>Tide Notes</h1>"
              b"<h3>(1.1) Ebb</h3><p>The tide goes out at dusk.</p></body></html>")


def served(tmp_path, http_server, pages: dict[str, bytes]) -> str:
    folder = tmp_path / "served"
    folder.mkdir()
    for name, data in pages.items():
        (folder / name).write_bytes(data)
    return http_server(folder)


def config_for(tmp_path, base: str, names: list[str]) -> str:
    text = "".join(f'[[source]]\nid = "{n.split(".")[0]}"\nurl = "{base}/{n}"\n'
                   'format = "html"\n' for n in names)
    (tmp_path / "rookery.toml").write_text('data = "data"\n' + text)
    return str(tmp_path / "rookery.toml")


def test_a_control_character_after_a_dropped_element_is_read(tmp_path, http_server, cli):
    base = served(tmp_path, http_server, {"ember.html": CONTROL_PAGE, "tide.html": PLAIN_PAGE})
    (tmp_path / "old.html").write_bytes(CONTROL_PAGE.replace(b"stays", b"remains"))
    code, out, err = cli("diff", tmp_path / "old.html", f"{base}/ember.html")
    assert code == 0 and "Traceback" not in err, err
    assert "Ash Piles" in out

    toml = config_for(tmp_path, base, ["ember.html", "tide.html"])
    code, _out, err = cli("--config", toml, "fetch")
    assert code == 0 and "Traceback" not in err, err
    with Store(tmp_path / "data") as store:
        outcomes = {f.source_id: f.outcome for f in store.fetches()}
    assert outcomes == {"ember": FetchOutcome.REVISION, "tide": FetchOutcome.REVISION}


def test_a_body_that_crashes_its_reader_is_quarantined_and_the_next_source_fetched(
        tmp_path, http_server):
    """A PDF whose forms make PDFium build far more than the memory a parse may take:
    PDFium aborts its process, the body is quarantined with one line saying so, and the
    source after it is fetched and recorded."""
    base = served(tmp_path, http_server, {"ember.pdf": hostile_files.forms_of_long_runs(),
                                          "tide.html": PLAIN_PAGE})
    config = parse_config('[parse]\nmemory = 268435456\n'
                          f'[[source]]\nid = "ember"\nurl = "{base}/ember.pdf"\n'
                          f'[[source]]\nid = "tide"\nurl = "{base}/tide.html"\n', tmp_path)
    with Store(config.data) as store:
        stats = Watcher(store, config).cycle()
        assert stats.quarantined == 1 and len(stats.revisions) == 1
        fetches = {f.source_id: f for f in store.fetches()}
    assert fetches["ember"].outcome == FetchOutcome.QUARANTINED
    assert re.fullmatch(r".*/ember\.pdf: the reader stopped on it \(killed by SIG\w+\), most "
                        r"likely for want of memory: the 256 MB one parse may take "
                        r"\(\[parse\] memory\)", fetches["ember"].detail)
    assert fetches["tide"].outcome == FetchOutcome.REVISION
