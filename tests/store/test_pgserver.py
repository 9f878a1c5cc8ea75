"""The tests' own PostgreSQL server (tests/pgserver.py): real, and a fresh database per test."""
import os

import sqlalchemy as sa

# tables seen by the two tests below, whichever runs first (same process: one file per worker)
seen: dict[str, str] = {}


def tables(engine) -> list[str]:
    return sa.inspect(engine).get_table_names()


def test_the_server_answers_through_sqlalchemy(postgres_url):
    assert postgres_url.startswith("postgresql+psycopg://rookery@127.0.0.1:")
    engine = sa.create_engine(postgres_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT version()")).scalar().startswith("PostgreSQL ")
            assert conn.execute(sa.text("SHOW server_encoding")).scalar() == "UTF8"
            assert conn.execute(sa.text("SELECT current_database()")).scalar() == \
                postgres_url.rsplit("/", 1)[1]
    finally:
        engine.dispose()


def _fresh_database_with_a_table(postgres_url, table):
    assert postgres_url not in seen.values()  # not the other test's database
    engine = sa.create_engine(postgres_url)
    try:
        assert tables(engine) == []  # empty: the other test's table is not here
        with engine.begin() as conn:
            conn.execute(sa.text(f"CREATE TABLE {table} (id integer PRIMARY KEY, body text)"))
            conn.execute(sa.text(f"INSERT INTO {table} VALUES (1, 'é — ok')"))
        with engine.connect() as conn:
            assert conn.execute(sa.text(f"SELECT body FROM {table}")).scalar() == "é — ok"
        assert tables(engine) == [table]
    finally:
        engine.dispose()
    seen[table] = postgres_url


def test_each_test_gets_its_own_empty_database(postgres_url):
    _fresh_database_with_a_table(postgres_url, "first")


def test_a_table_of_one_database_is_absent_from_another(postgres_url):
    _fresh_database_with_a_table(postgres_url, "second")


def test_two_databases_at_once_are_distinct(postgres_server):
    a, b = postgres_server.create_database("one"), postgres_server.create_database("two")
    try:
        one, two = sa.create_engine(a), sa.create_engine(b)
        with one.begin() as conn:
            conn.execute(sa.text("CREATE TABLE only_here (id integer)"))
        assert tables(one) == ["only_here"] and tables(two) == []
        one.dispose(), two.dispose()
    finally:
        postgres_server.drop_database("one"), postgres_server.drop_database("two")


def test_the_server_belongs_to_this_process(postgres_server):
    # pytest-xdist workers each start their own: the port is this server's alone
    print(f"worker {os.environ.get('PYTEST_XDIST_WORKER', 'main')}: port {postgres_server.port}, "
          f"{postgres_server.dir}")
    assert postgres_server.running and postgres_server.port
