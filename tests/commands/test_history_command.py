import json


def test_history_tells_days_in_the_configured_time_zone(cli, history, tmp_path, monkeypatch):
    """The May 2021 FAQ came out on the evening of the 12th in California, the 13th at
    Greenwich: the operator's `timezone` decides which day players read."""
    config, _ = history
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    monkeypatch.delenv("ROOKERY_DATA", raising=False)
    days = {}
    for zone in ("UTC", "America/Los_Angeles"):
        toml = tmp_path / f"{zone.replace('/', '-')}.toml"
        toml.write_text(f'data = "{config.data}"\ntimezone = "{zone}"\n'
                        '[[source]]\nid = "faq"\nurl = "http://127.0.0.1:9/faq"\n')
        code, out, err = cli("history", "faq", "--format", "json", "--config", toml)
        assert code == 0, err
        days[zone] = [r["date"] for r in json.loads(out)]
        code, out, err = cli("diff", "faq@2021-05-12", "faq@2021-05-13", "--format", "json",
                             "--config", toml)
        assert code == 0, err
        days[zone, "changes"] = [(c["type"], (c["old"] or c["new"])["title"])
                                 for c in json.loads(out)["changes"]]
    assert "2021-05-12" in days["America/Los_Angeles"] and "2021-05-12" not in days["UTC"]
    assert "2021-05-13" in days["UTC"]
    assert len(days["UTC"]) == len(days["America/Los_Angeles"])
    # both days name the May release in California; at Greenwich the 12th is still January's
    assert days["America/Los_Angeles", "changes"] == []
    assert days["UTC", "changes"] == [("removed", "Limited Cards in Setup")]


def test_an_imported_history_is_told_by_its_release_days_as_the_pages_tell_it(
        cli, tmp_path, monkeypatch):
    """Three releases imported on one day from files (which carry no publication date):
    history, search and card name each revision by the day it took effect, as the
    section pages do, and the import day shows nowhere."""
    import emberwick
    from lxml import html

    from rookery.store import revisions as revs

    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    monkeypatch.delenv("ROOKERY_DATA", raising=False)
    monkeypatch.setenv("COLUMNS", "300")
    config = emberwick.watched(tmp_path)
    toml = tmp_path / "rookery.toml"
    with config.open_store() as store:
        imported = {r.date for r in revs.revisions(store, "ember")}
        (warden,) = [i for i in revs.find_items(store, "ember", "Kiln Warden")
                     if revs.latest_version(store, i).label.startswith("Kiln Warden (")]
    assert len(imported) == 1  # one day for all three

    said = {argv: cli(*argv, "--config", toml) for argv in [
        ("history", "ember"), ("history", "ember", "Kiln Warden"), ("search", "lantern"),
        ("card", "Kiln Warden")]}
    assert all(code == 0 for code, _out, _err in said.values())
    table = said["history", "ember"][1].splitlines()
    assert [row.split()[2:4] for row in table[1:]] == [
        ["effective", "2023-02-01"], ["effective", "2023-06-01"], ["effective", "2024-01-10"]]
    assert "  revision 2 (v1.1, effective 2023-06-01): Kiln Warden (Core Set, 12): text changed" in \
        said["history", "ember", "Kiln Warden"][1]
    assert "last changed: revision 1 (v1.0, effective 2023-02-01): first recorded" in \
        said["search", "lantern"][1]
    assert "v1.1, effective 2023-06-01 \u00b7 Emberwick FAQ (revision 2): Kiln Warden (Core " \
           "Set, 12): text changed" in said["card", "Kiln Warden"][1]
    for _code, out, _err in said.values():
        assert imported.isdisjoint(out.split()), out

    assert cli("publish", "--out", tmp_path / "site", "--config", toml)[0] == 0
    page = html.parse(str(tmp_path / "site" / "ember" / "sections" / f"{warden}.html"))
    assert [" ".join(h.text_content().split()) for h in page.iter("h2")] == [
        "v1.1 effective 2023-06-01 \u00b7 revision 2",
        "v1.0 effective 2023-02-01 \u00b7 revision 1"]
