"""`rookery migrate --to URL`: the replayed store copied into a real PostgreSQL."""
from rookery.store import Store
from rookery.store import outbox
from rookery.store import revisions as revs
from rookery.store.search import search


def everything(store) -> dict:
    """What a reader of the store can see: revisions, their changes and alerts, history."""
    out = {}
    for source in store.sources():
        for rev in revs.revisions(store, source.id):
            out[(source.id, rev.number)] = (
                rev.to_json(), revs.changes(store, rev),
                [(f.type, f.detail, f.sections) for f in revs.flags(store, rev)],
                revs.held_items(store, rev))
    out["fetches"] = store.fetches(limit=10_000)
    out["outbox"] = outbox.deliveries(store, limit=10_000)
    return out


def test_a_store_copied_into_postgresql_reads_the_same(cli, history, monkeypatch,
                                                       postgres_url, tmp_path):
    config, store = history
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    code, out, err = cli("migrate", "--to", postgres_url, "--data", config.data)
    assert code == 0 and out == "", err
    assert "copied into postgresql+psycopg://" in err and "revisions" in err
    # the line to paste names the database in full (this one has no password to hide)
    assert f'now set database = "{postgres_url}" in the configuration' in err
    with Store(tmp_path, url=postgres_url, zone=store.zone) as copy:
        assert everything(copy) == everything(store)
        assert copy.integrity_problems() == []
        for query in ("limited card as a duplicate", "kneel"):
            assert [(h.source_id, h.item_id) for h in search(copy, query, limit=1000)] != []
        # the copy goes on from where the original stopped: new ids follow the old
        copy.upsert_source("extra", "Extra", None, "html", {})
        assert copy.record_fetch("extra", "https://x/", "t", "error") == \
            max(f.id for f in store.fetches(limit=10_000)) + 1

    code, _out, err = cli("migrate", "--to", postgres_url, "--data", config.data)
    assert code == 1 and err.count("\n") == 1 and "already holds" in err
    code, _out, err = cli("migrate", "--to", "mysql://root@localhost/rules", "--data",
                          config.data)
    assert code == 1 and err.count("\n") == 1 and "no database rookery can use" in err
    code, _out, err = cli("migrate", "--to", postgres_url, "--data", tmp_path / "none")
    assert code == 2 and err.count("\n") == 1 and "run `rookery fetch` first" in err


def test_a_copy_into_sqlite_names_the_file_to_paste_in_full(cli, tmp_path, fixtures,
                                                           monkeypatch):
    """The line `migrate` ends with is the one to paste into the configuration: a
    relative path is given whole (the configuration reads paths from its own folder)."""
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    monkeypatch.delenv("ROOKERY_DATA", raising=False)
    (tmp_path / "rookery.toml").write_text(
        f'data = "store"\n[[source]]\nid = "sky"\nurl = "{fixtures / "skyforge_faq_v1.html"}"\n')
    assert cli("fetch", "--config", tmp_path / "rookery.toml")[0] == 0
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    code, out, err = cli("migrate", "--to", "sqlite:///copies/rules.db", "--config",
                         tmp_path / "rookery.toml")
    assert code == 0 and out == "", err
    copy = work / "copies" / "rules.db"
    assert copy.is_file() and f"copied into sqlite:///{copy}: " in err
    said = err.splitlines()[-1].split(" ", 2)[2]  # after the log line's date and time
    assert said == f'now set database = "sqlite:///{copy}" in the configuration'
    # pasted into another folder's configuration, it names the copy
    (tmp_path / "elsewhere").mkdir()
    pasted = tmp_path / "elsewhere" / "rookery.toml"
    pasted.write_text(said.split("now set ", 1)[1].split(" in the ")[0] + "\n"
                      + (tmp_path / "rookery.toml").read_text())
    code, out, _ = cli("history", "sky", "--config", pasted)
    assert code == 0 and out.splitlines()[1].split()[:2] == ["1", "v1.0"]
    code, _, err = cli("migrate", "--to", f"sqlite:///{tmp_path / 'store' / 'rookery.db'}",
                       "--config", tmp_path / "rookery.toml")
    assert code == 2 and "--to names the store in use" in err
