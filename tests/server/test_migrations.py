"""Alembic migrations on SQLite and PostgreSQL: a new database, a database made before
migrations (32-bit seeds, no version table), several processes starting at once, and the
way back down."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from gonets.server.migrate import current, downgrade, head, migrate
from gonets.server.schema import metadata
from gonets.server.storage import Storage, normalise_url

from .test_storage import stored

OLD_SCHEMA = (
    "CREATE TABLE gonets_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL,"
    " players INTEGER NOT NULL, preset VARCHAR(64) NOT NULL, options TEXT NOT NULL,"
    " seats TEXT NOT NULL, token_hashes TEXT NOT NULL, seed INTEGER NOT NULL,"
    " bot_delay FLOAT NOT NULL, turn_seconds FLOAT, status VARCHAR(16) NOT NULL,"
    " result TEXT, version INTEGER NOT NULL, created FLOAT NOT NULL,"
    " updated FLOAT NOT NULL)",
    "CREATE TABLE gonets_steps (table_id VARCHAR(32) NOT NULL, idx INTEGER NOT NULL,"
    " step TEXT NOT NULL, PRIMARY KEY (table_id, idx))",
    "INSERT INTO gonets_tables VALUES ('old', 'toy', 2, 'default', '{}',"
    " '[{\"kind\": \"bot\", \"agent\": \"random\", \"name\": \"random bot\"}]', '[null]', 7,"
    " 0.0, NULL, 'running', NULL, 1, 1.0, 1.0)",
    "INSERT INTO gonets_steps VALUES ('old', 0, '{\"chance\": [1]}')",
)


def engine_for(db_url):
    return sqlalchemy.create_engine(normalise_url(db_url))


def schema_differences(engine) -> list:
    with engine.connect() as conn:
        return compare_metadata(MigrationContext.configure(conn), metadata)


def test_a_new_database_gets_the_newest_schema(db_url):
    storage = Storage(db_url)
    try:
        assert current(storage.engine) == head()
        assert schema_differences(storage.engine) == []
        Storage(db_url).close()                      # a second start changes nothing
        assert current(storage.engine) == head()
    finally:
        storage.close()


def test_a_database_made_before_migrations_is_upgraded_keeping_its_tables(db_url):
    engine = engine_for(db_url)
    with engine.begin() as conn:
        for statement in OLD_SCHEMA:
            conn.execute(sqlalchemy.text(statement))
    assert current(engine) is None
    storage = Storage(db_url)
    try:
        assert current(storage.engine) == head()
        assert schema_differences(storage.engine) == []
        old = storage.load_table("old")
        assert old.seed == 7 and old.steps == [{"chance": [1]}] and old.status == "running"
        seed = {c["name"]: c["type"] for c in
                sqlalchemy.inspect(storage.engine).get_columns("gonets_tables")}["seed"]
        assert isinstance(seed, sqlalchemy.BigInteger)
        wide = stored("wide")
        wide.seed = 2**53 - 1
        storage.create_table(wide)
        assert storage.load_table("wide").seed == 2**53 - 1
        indexes = sqlalchemy.inspect(storage.engine).get_indexes("gonets_tables")
        assert "gonets_tables_status_updated" in [i["name"] for i in indexes]
    finally:
        storage.close()
        engine.dispose()


def test_processes_starting_together_migrate_once(db_url):
    if db_url.startswith("sqlite"):
        pytest.skip("SQLite is the single-process database")
    problems = []

    def start():
        try:
            Storage(db_url).close()
        except Exception as exc:  # noqa: BLE001 - collected for the assertion
            problems.append(exc)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
    engine = engine_for(db_url)
    assert current(engine) == head()
    engine.dispose()


def test_every_revision_goes_down_and_up_again(storage):
    storage.create_table(stored("kept"))
    downgrade(storage.engine, "0002")
    assert current(storage.engine) == "0002"
    migrate(storage.engine)
    assert current(storage.engine) == head()
    assert storage.load_table("kept").steps == [{"chance": [1, 2]}]
    downgrade(storage.engine, "base")
    assert "gonets_tables" not in sqlalchemy.inspect(storage.engine).get_table_names()
    migrate(storage.engine)
    assert current(storage.engine) == head()


def test_seats_of_tables_finished_before_0009_are_marked_won_or_not(db_url):
    engine = engine_for(db_url)
    migrate(engine, "0008")
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text(
            "INSERT INTO gonets_tables (id, game, players, preset, options, seats, "
            "token_hashes, seed, bot_delay, status, result, version, created, updated) VALUES "
            "('done', 'toy', 3, 'default', '{}', '[]', '[]', 1, 0, 'finished', "
            "'{\"winners\": [0, 2], \"detail\": {\"abandoned\": [2]}}', 1, 1.0, 1.0)"))
        for seat in range(3):
            conn.execute(sqlalchemy.text(
                "INSERT INTO gonets_table_players (table_id, seat, user_id) "
                "VALUES ('done', :seat, :user)"), {"seat": seat, "user": seat + 1})
    migrate(engine)
    with engine.connect() as conn:
        won = conn.execute(sqlalchemy.text(
            "SELECT seat, won FROM gonets_table_players ORDER BY seat")).all()
    assert [(seat, bool(flag)) for seat, flag in won] == [(0, True), (1, False), (2, False)]
    engine.dispose()


def test_a_stored_table_of_older_rules_is_migrated_when_it_is_loaded(sqlite_url):
    """A Czar table stored before the colour choice (rules version 1) opens and replays,
    never marked broken; its record is served under the current rules."""
    from pathlib import Path

    from gonets.core import Record
    from gonets.server.storage import StoredTable

    from .helpers import ServerThread

    old = Record.load(Path(__file__).parents[1] / "records" / "corpus" / "d04770f"
                      / "random-czar-classic-2p-59.json")
    storage = Storage(sqlite_url)
    try:
        storage.create_table(StoredTable(
            id="old", game="czar", players=2, preset=old.preset, options=old.options,
            seats=[{"kind": "bot", "agent": "random", "name": "random bot"}] * 2,
            token_hashes=[None, None], seed=1, bot_delay=0.0, turn_seconds=None,
            status="running", steps=old.steps, rules=1))
        storage.append_steps("old", len(old.steps), [], "finished", old.result)
        assert storage.load_table("old").rules == 1
    finally:
        storage.close()
    with ServerThread(sqlite_url) as server:
        served = server.http.get("/api/tables/old/record")
        assert served.status_code == 200, served.text
        record = Record.from_json(served.json())
        assert record.rules == 2 and record.steps != old.steps
        assert record.replay().is_terminal()
        assert "old" not in server.manager.broken
