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
    assert "copied into postgresql+psycopg://***@127.0.0.1" in err and "revisions" in err
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
