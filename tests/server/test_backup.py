"""``gonets backup`` / ``gonets restore``: every row back, across SQLite and PostgreSQL, from
an older schema too; cut or foreign files and filled databases refused with nothing written."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys

import pytest
import sqlalchemy

from gonets.server.accounts.users import Users
from gonets.server.backup import BackupError, backup, restore
from gonets.server.migrate import current, downgrade, head
from gonets.server.storage import Storage, make_engine

from .conftest import POSTGRES, postgres_schema_url
from .test_storage import stored


def quiet(line: str) -> None:
    pass


def fill(storage: Storage) -> int:
    """A few rows in several tables; returns the new user's id."""
    storage.create_table(stored("t1"))
    storage.append_steps("t1", 1, [{"seat": 0, "action": "keep"}], "running", None)
    storage.add_chat("t1", {"ts": 2.5, "seat": 0, "name": "Ann", "text": "привет <b>"})
    return Users(storage.engine).create("Ann", "not a hash here", "ann@example.org").id


def every_row(url: str) -> dict[str, list[tuple]]:
    engine = make_engine(url)
    try:
        metadata = sqlalchemy.MetaData()
        with engine.connect() as conn:
            names = [n for n in sqlalchemy.inspect(conn).get_table_names()
                     if n.startswith("gonets_")]
            metadata.reflect(conn, only=names)
            return {name: sorted(tuple(row) for row in conn.execute(
                sqlalchemy.select(table))) for name, table in metadata.tables.items()}
    finally:
        engine.dispose()


def test_a_backup_restores_every_row_into_another_kind_of_database(storage, tmp_path):
    fill(storage)
    file = tmp_path / "server.backup"
    counts = backup(storage.url, file, quiet)
    assert counts["gonets_tables"] == 1 and counts["gonets_chat"] == 1
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    assert restore(target, file, quiet) == counts
    assert every_row(target) == every_row(storage.url)


@pytest.mark.skipif(not POSTGRES, reason="needs GONETS_TEST_POSTGRES")
def test_a_sqlite_backup_goes_into_postgresql_and_its_ids_go_on(tmp_path):
    source = Storage(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        ann = fill(source)
        file = tmp_path / "server.backup"
        backup(source.url, file, quiet)
    finally:
        source.close()
    for target in postgres_schema_url():
        restore(target, file, quiet)
        assert every_row(target) == every_row(f"sqlite:///{tmp_path / 'source.sqlite3'}")
        restored = Storage(target)
        try:
            assert Users(restored.engine).create("Bob", "not a hash here").id > ann
            assert restored.load_table("t1").steps[-1] == {"seat": 0, "action": "keep"}
        finally:
            restored.close()


def test_a_backup_of_an_older_schema_is_restored_and_migrated(storage, tmp_path):
    storage.create_table(stored("old"))
    downgrade(storage.engine, "0005")
    file = tmp_path / "old.backup"
    backup(storage.url, file, quiet)
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    restore(target, file, quiet)
    restored = Storage(target)
    try:
        assert current(restored.engine) == head()
        assert restored.load_table("old").steps == [{"chance": [1, 2]}]
    finally:
        restored.close()


def lines_of(file) -> list:
    with gzip.open(file, "rt", encoding="utf-8") as source:
        return [json.loads(line) for line in source]


def write_lines(file, lines: list) -> None:
    with gzip.open(file, "wt", encoding="utf-8") as out:
        out.writelines(json.dumps(line) + "\n" for line in lines)


def test_what_cannot_be_restored_is_refused_with_nothing_written(storage, tmp_path):
    fill(storage)
    good = tmp_path / "good.backup"
    backup(storage.url, good, quiet)
    lines = lines_of(good)
    cut, newer, foreign = (tmp_path / name for name in ("cut", "newer", "foreign"))
    write_lines(cut, lines[:-2])
    write_lines(newer, [{**lines[0], "revision": "9999"}, *lines[1:]])
    foreign.write_bytes(b"not gzip at all")
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    for file, words in ((cut, "cut short"), (newer, "does not know"),
                        (foreign, "not a readable gonets backup")):
        with pytest.raises(BackupError, match=words):
            restore(target, file, quiet)
        assert every_row(target) == {}
    before = every_row(storage.url)
    with pytest.raises(BackupError, match="holds gonets rows already"):
        restore(storage.url, good, quiet)
    assert every_row(storage.url) == before


def test_the_commands_back_up_and_restore(tmp_path):
    source = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    opened = Storage(source)
    try:
        fill(opened)
    finally:
        opened.close()
    file, target = tmp_path / "cli.backup", f"sqlite:///{tmp_path / 'target.sqlite3'}"
    for command in (["backup", str(file), "--db", source],
                    ["restore", str(file), "--db", target]):
        done = subprocess.run([sys.executable, "-m", "gonets", *command], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "rows of" in done.stderr
    assert every_row(target) == every_row(source)
    again = subprocess.run([sys.executable, "-m", "gonets", "restore", str(file), "--db",
                            target], capture_output=True, text=True, timeout=120)
    assert again.returncode == 2 and "holds gonets rows already" in again.stdout + again.stderr


def test_a_restore_never_gives_a_deleted_accounts_number_again(storage, tmp_path):
    from gonets.server.accounts.deletion import delete_account

    fill(storage)
    newest = Users(storage.engine).create("Cy", "not a hash here").id
    delete_account(storage, newest)
    file = tmp_path / "server.backup"
    backup(storage.url, file, quiet)
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"     # from either database
    restore(target, file, quiet)
    restored = Storage(target)
    try:
        assert Users(restored.engine).create("Dan", "not a hash here").id > newest
    finally:
        restored.close()


def test_a_sqlite_backup_is_one_snapshot(tmp_path):
    """Rows committed while the backup reads are not in it (it reads in one transaction)."""
    from gonets.server import backup as backups

    source = Storage(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        fill(source)
        original, added = backups._rows, []

        def rows_then_a_commit(conn, counts, progress):
            for index, item in enumerate(original(conn, counts, progress)):
                if index == 0:
                    source.add_chat("t1", {"ts": 3.0, "seat": 1, "name": "Bob", "text": "late"})
                    added.append(True)
                yield item

        backups._rows = rows_then_a_commit
        try:
            counts = backup(source.url, tmp_path / "snap.backup", quiet)
        finally:
            backups._rows = original
        assert added and counts["gonets_chat"] == 1          # the late line is not in it
    finally:
        source.close()


def test_a_backup_of_an_older_schema_goes_into_an_empty_database_of_the_newest(storage,
                                                                                tmp_path):
    storage.create_table(stored("old"))
    downgrade(storage.engine, "0005")
    file = tmp_path / "old.backup"
    backup(storage.url, file, quiet)
    target = f"sqlite:///{tmp_path / 'started.sqlite3'}"
    Storage(target).close()                 # a server started there once: empty, newest
    restore(target, file, quiet)
    assert [row[0] for row in every_row(target)["gonets_tables"]] == ["old"]
