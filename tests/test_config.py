import pytest

from rookery.config import default_toml, duration_seconds, load_config, parse_config
from rookery.masking import masked, password_masked
from rookery.errors import UsageError


def test_the_shipped_defaults_watch_the_thronesdb_documents(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ROOKERY_CONFIG", raising=False)
    monkeypatch.delenv("ROOKERY_DATA", raising=False)
    config = load_config()
    assert config.path is None
    assert [s.id for s in config.sources] == ["agot-faq", "agot-rules", "agot-tournament",
                                              "agot-faq-pdf"]
    pdf = config.source("agot-faq-pdf")
    assert pdf.format == "pdf" and pdf.url is None and pdf.discover.page.endswith("/faq")
    assert config.data == tmp_path / "rookery-data"


def test_file_then_environment_then_flag(tmp_path, monkeypatch):
    (tmp_path / "a.toml").write_text('data = "from-file"\n')
    monkeypatch.setenv("ROOKERY_CONFIG", str(tmp_path / "a.toml"))
    monkeypatch.delenv("ROOKERY_DATA", raising=False)
    assert load_config().data == tmp_path / "from-file"
    monkeypatch.setenv("ROOKERY_DATA", str(tmp_path / "from-env"))
    assert load_config().data == tmp_path / "from-env"
    assert load_config(data=tmp_path / "from-flag").data == tmp_path / "from-flag"


@pytest.mark.parametrize("text,message", [
    ('colour = "red"', r"unknown key colour; allowed: author, base_url, cards, data, database, fetch, "
                        r"notify, parse, pdf_reader, site, source, timezone"),
    ('[parse]\ncache_dir = "x"',
     r"unknown key cache_dir; allowed: cache, cache_size, deadline, memory, workers"),
    ('[parse]\nworkers = -1', r"workers = -1 is out of range"),
    ('[parse]\nmemory = 1000', r"memory = 1000 is too little to read anything"),
    ('[parse]\ndeadline = -5', r"deadline = -5 is out of range"),
    ('[parse]\nmemory = 1.5', r"memory = 1.5 should be a whole number"),
    ('[parse]\ncache_size = "big"', r"cache_size = 'big' should be a whole number"),
    ('timezone = "Mars/Olympus"', r"timezone = 'Mars/Olympus' is not a time zone; give an IANA"),
    ('timezone = 2', r"timezone"),
    ('[[source]]\nid = "a"\nurl = "https://x"\nevry = "6h"', r"unknown key evry; allowed: .*every"),
    ('[fetch]\nretry = 3', r"unknown key retry; allowed: backoff, deadline, max_size, retries"),
    ('[[source]]\nid = "a"', r"either `url` or `discover`"),
    ('[[source]]\nid = "A B"\nurl = "https://x"', r"`id` is required"),
    ('[[source]]\nid = "a"\nurl = "https://x"\nformat = "doc"', r"format must be one of"),
    ('[[source]]\nid = "a"\nurl = "https://x"\nevery = "often"', r"not a duration"),
    ('[[source]]\nid = "a"\nurl = "https://x"\ncron = "every day"', r"not a crontab line"),
    ('[[source]]\nid = "a"\ndiscover = { page = "https://x", pattern = "v(\\\\d+)" }',
     r"named group \(\?P<version>"),
    ('[[source]]\nid = "a"\nurl = "https://x"\n[[source]]\nid = "a"\nurl = "https://y"',
     r"repeated: a"),
    ("data = ", r"not valid TOML"),
    ('cards = 3', r"cards = 3 should be a string"),
    ('[[notify]]\nurl = "json://localhost/"\ncards = ["Kingsgrave", ""]',
     r"cards must be a list of words"),
    ('[[notify]]\nurl = "json://localhost/"\nonly = "silent"',
     r"only must be \"changes\", \"alerts\" or \"unlisted\""),
])
def test_mistakes_are_refused_with_what_is_allowed(tmp_path, text, message):
    with pytest.raises(UsageError, match=message):
        parse_config(text, tmp_path)


@pytest.mark.parametrize("text,seconds", [("30m", 1800), ("6h", 21600), ("1d", 86400),
                                          ("1h30m", 5400), ("45s", 45), ("soon", None), ("", None)])
def test_durations(text, seconds):
    assert duration_seconds(text) == seconds


def test_every_configuration_key_is_documented_in_the_readme():
    from pathlib import Path

    from rookery import config

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    for table, keys in config.KEYS.items():
        for key in keys:  # the README's table says what the code says, word for word
            name = f"{table}.{key.name}" if table else key.name
            assert f"| `{name}` | {key.help} |" in readme, name
    assert "[[source]]" in default_toml()


def test_the_default_sources_selectors_compile(tmp_path):
    # load_config trusts the built-in selectors and does not compile them: this does
    config = parse_config(default_toml(), tmp_path, check_selectors=True)
    assert any(source.remove for source in config.sources)


def test_a_bad_selector_in_a_configuration_file_is_refused_as_it_is_read(tmp_path):
    path = tmp_path / "rookery.toml"
    path.write_text('[[source]]\nid = "a"\nurl = "https://x"\nremove = ["p[[["]\n')
    with pytest.raises(UsageError, match="is not a CSS selector"):
        load_config(path)


def test_a_sqlite_database_url_moves_the_store_file_and_other_urls_are_refused(tmp_path):
    config = parse_config('database = "sqlite:///db/main.sqlite"', tmp_path)
    assert config.db_file == tmp_path / "db" / "main.sqlite"
    with config.open_store() as store:
        assert store.file == tmp_path / "db" / "main.sqlite"
    assert config.db_file.exists()
    with pytest.raises(UsageError, match="give sqlite:///PATH or postgresql://"):
        parse_config('database = "mysql://db.example.org/rookery"', tmp_path)


@pytest.mark.parametrize("text,message", [
    ("fetch = 3", r"fetch = 3 should be a table"),
    ("data = 5", r"data = 5 should be a string"),
    ('[[source]]\nid = "a"\nurl = "https://x"\ncron = 5', r"cron = 5 should be a string"),
    ('[[source]]\nid = "a"\nurl = 5', r"url = 5 should be a string"),
    ('[[source]]\nid = "a"\nurl = "https://x"\nmin_sections = "a"', r"should be a number"),
    ('[[source]]\nid = "a"\nurl = "https://x"\nmin_sections = 3', r"between 0 and 1"),
    ('[[source]]\nid = "a"\nurl = "https://x"\nremove = ["::"]', r"remove = '::' is not a CSS"),
    ('[[source]]\nid = "a"\nurl = "gopher://x"', r"give an http\(s\) address"),
    ("[fetch]\ntimeout = 0", r"timeout = 0 is out of range"),
    ("[fetch]\nretries = -1", r"retries = -1 is out of range"),
])
def test_values_of_the_wrong_type_or_range_are_refused(tmp_path, text, message):
    with pytest.raises(UsageError, match=message):
        parse_config(text, tmp_path)


def test_config_keys_prints_every_key_with_what_it_means(cli):
    from rookery import config

    code, out, _ = cli("config", "--keys")
    assert code == 0
    for table, keys in config.KEYS.items():
        for key in keys:
            assert any(line.split()[0] == (f"{table}.{key.name}" if table else key.name)
                       and key.help[:20] in line for line in out.splitlines()), key.name


@pytest.mark.parametrize("url, shown", [
    ("json://127.0.0.1:8080/hook/abc123", "json://127.0.0.1:8080/***"),
    ("discord://1234567/AbCdEfToken", "discord://***/***"),
    ("tgram://123456:ABCdef/987", "tgram://***/***"),
    ("mailto://user:pw@mail.example.org?to=a@b.org", "mailto://***@mail.example.org/***"),
    ("ntfy://secret-topic", "ntfy://***"),
    ("postgresql://rook:pw@db.example.org/rookery", "postgresql://***@db.example.org/***"),
    ("env:GUILD_HOOK", "env:GUILD_HOOK"),
])
def test_urls_are_shown_without_their_secrets(url, shown):
    assert masked(url) == shown


@pytest.mark.parametrize("url, shown", [
    ("sqlite:////srv/rookery/store.db", "sqlite:////srv/rookery/store.db"),
    ("postgresql://rook:pw@db.example.org:5433/rookery", "postgresql://rook:***@db.example.org:5433/rookery"),
    ("postgresql://rook:p%40ss@db.example.org/rookery", "postgresql://rook:***@db.example.org/rookery"),
    ("postgresql://rook@db.example.org/rookery", "postgresql://rook@db.example.org/rookery"),
    ("postgresql://db.example.org/rookery?user=rook&password=pw&sslmode=require",
     "postgresql://db.example.org/rookery?user=rook&password=***&sslmode=require"),
])
def test_database_urls_hide_their_password_and_nothing_else(url, shown):
    """An operator pastes a database URL back into the configuration: its path and
    database name are not secrets."""
    assert password_masked(url) == shown


def test_the_shipped_configuration_leaves_the_sites_own_notes_out_of_the_faq(
        thronesdb, parsed, tmp_path):
    """ThronesDB adds notes of its own to the FAQ page (class `mplain`): watched as shipped,
    the release that dropped them changes no section by that."""
    from rookery.diffs.compare import diff_documents

    faq = next(s for s in parse_config(default_toml(), tmp_path).sources
               if s.id == "agot-faq")
    pages = [e["path"] for e in sorted(thronesdb, key=lambda e: e["observed_at"])
             if e["doc"] == "faq" and e["branch"] == "master"]
    noted = [p for p in pages if b'<p class="mplain"' in p.read_bytes()]
    assert noted and noted[-1] != pages[-1]  # the newest page prints no notes

    def changed_words(remove) -> str:
        diff = diff_documents(parsed(noted[-1], remove), parsed(pages[-1], remove))
        return " ".join(text for c in diff.changes for op, text in c.ops if op) + " ".join(
            c.section.text for c in diff.changes if c.type != "modified")
    assert "Related:" in changed_words(())
    assert "Related:" not in changed_words(tuple(faq.remove))
