"""``gonets backup`` and ``gonets restore``: a server's whole database as one file that
SQLite and PostgreSQL both read back.

A backup is gzip-compressed JSON lines: a header (``gonets_backup`` 1, the schema's Alembic
``revision``, when it was made), one ``[table, row]`` line per row of every gonets table, and a
last line counting the rows of each table, so that a cut file is known as such. It is read
in one snapshot (a ``REPEATABLE READ`` transaction on PostgreSQL, one read transaction on
SQLite), so a running server can be backed up: the file holds the database as it was at one
instant.

A restore goes into a database that holds no gonets rows (a new SQLite file, or a new
PostgreSQL database or schema): the schema is made at the backup's revision, every row is
inserted in one transaction, PostgreSQL's id sequences are set past the largest id, and then
the schema is migrated to the newest revision, as a start of the server would. A file that is
not a backup, is cut short, or names a revision this version does not know, and a database
that holds rows already, are refused before anything is written.
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, func, insert, inspect, select, text
from sqlalchemy.engine import Connection

from gonets.core import GonetsError
from gonets.server.migrate import alembic_config, current, downgrade, migrate
from gonets.server.storage import make_engine

FORMAT = 1
BATCH = 1000                 # rows inserted at once
PROGRESS_EVERY = 10_000      # rows between two progress lines


class BackupError(GonetsError):
    """A backup or restore that cannot be made; nothing was written."""


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def gonets_tables(conn: Connection) -> list[str]:
    return sorted(name for name in inspect(conn).get_table_names() if name.startswith("gonets_"))


def backup(url: str, path: Path, progress: Callable[[str], None] = say) -> dict[str, int]:
    """Write the database at ``url`` to ``path``; returns the rows written per table."""
    engine = make_engine(url)
    try:
        revision = current(engine)
        if revision is None:
            raise BackupError(f"there is no gonets database at {url!r} (no schema revision)")
        counts: dict[str, int] = {}
        with engine.connect() as conn, gzip.open(path, "wt", encoding="utf-8") as out:
            if conn.dialect.name == "postgresql":
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                if conn.dialect.name == "sqlite":    # pysqlite begins only before a write
                    conn.exec_driver_sql("BEGIN")
                out.write(json.dumps({"gonets_backup": FORMAT, "revision": revision,
                                      "created": time.time(),
                                      "sequences": sequences(conn)}) + "\n")
                for name, row in _rows(conn, counts, progress):
                    out.write(json.dumps([name, row], ensure_ascii=False) + "\n")
                out.write(json.dumps({"rows": counts}) + "\n")
        progress(f"backed up {sum(counts.values())} rows of {len(counts)} tables "
                 f"(revision {revision}) to {path}")
        return counts
    finally:
        engine.dispose()


def _rows(conn: Connection, counts: dict[str, int],
          progress: Callable[[str], None]) -> Iterator[tuple[str, dict]]:
    metadata = MetaData()
    metadata.reflect(conn, only=gonets_tables(conn))
    done = 0
    for name in sorted(metadata.tables):
        table = metadata.tables[name]
        counts[name] = 0
        order = list(table.primary_key.columns) or list(table.columns)
        for row in conn.execute(select(table).order_by(*order)).mappings():
            counts[name] += 1
            done += 1
            if done % PROGRESS_EVERY == 0:
                progress(f"{done} rows so far ({name})")
            yield name, dict(row)


def restore(url: str, path: Path, progress: Callable[[str], None] = say) -> dict[str, int]:
    """Load the backup at ``path`` into the empty database at ``url``, then migrate it to
    the newest schema; returns the rows restored per table."""
    header, counts = read_backup(path)
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            filled = [name for name in gonets_tables(conn)
                      if conn.execute(select(func.count()).select_from(text(f'"{name}"')))
                      .scalar()]
        if filled:
            raise BackupError(f"the database at {url!r} holds gonets rows already (in "
                              f"{', '.join(filled)}); restore into an empty one")
        if current(engine) not in (None, header["revision"]):
            downgrade(engine, "base")           # an empty schema of another revision
        migrate(engine, header["revision"])
        with engine.begin() as conn:
            _insert(conn, path, sum(counts.values()), progress)
            _advance_sequences(conn, header.get("sequences") or {})
        migrate(engine)
        progress(f"restored {sum(counts.values())} rows of {len(counts)} tables (revision "
                 f"{header['revision']}, now {current(engine)}) from {path}")
        return counts
    finally:
        engine.dispose()


def _lines(path: Path) -> Iterator:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as source:
            for line in source:
                yield json.loads(line)
    except (OSError, EOFError, ValueError) as exc:
        raise BackupError(f"{path} is not a readable gonets backup ({exc})") from None


def read_backup(path: Path) -> tuple[dict, dict[str, int]]:
    """The header and row counts of a backup file, checked whole (one pass over it) before
    any of it is used."""
    lines = _lines(path)
    header = next(lines, None)
    if not isinstance(header, dict) or header.get("gonets_backup") != FORMAT:
        raise BackupError(f"{path} is not a gonets backup (format {FORMAT})")
    seen: dict[str, int] = {}
    end = None
    for line in lines:
        if end is not None or not isinstance(line, (list, dict)):
            raise BackupError(f"{path} has lines after its row counts, or lines of no row")
        if isinstance(line, dict):
            end = line.get("rows")
        else:
            seen[line[0]] = seen.get(line[0], 0) + 1
    if not isinstance(end, dict):
        raise BackupError(f"{path} is cut short: its last line (the row counts) is missing")
    if seen != {name: count for name, count in end.items() if count}:
        raise BackupError(f"{path} does not hold the rows its last line counts")
    known = {script.revision for script in
             ScriptDirectory.from_config(alembic_config()).walk_revisions()}
    if header.get("revision") not in known:
        raise BackupError(f"{path} was made at schema revision {header.get('revision')!r}, "
                          "which this version of gonets does not know (a newer one made it)")
    return header, end


def _insert(conn: Connection, path: Path, total: int,
            progress: Callable[[str], None]) -> None:
    metadata = MetaData()
    metadata.reflect(conn, only=gonets_tables(conn))
    batch: list[dict] = []
    batch_table, done = None, 0
    for line in _lines(path):
        if not isinstance(line, list):
            continue                                  # the header and the counts
        name, row = line
        if name not in metadata.tables:
            raise BackupError(f"the backup holds rows of {name!r}, a table its schema "
                              "revision does not have")
        if batch and (name != batch_table or len(batch) >= BATCH):
            conn.execute(insert(metadata.tables[batch_table]), batch)
            batch = []
        batch_table = name
        batch.append(row)
        done += 1
        if done % PROGRESS_EVERY == 0:
            progress(f"{done} of {total} rows restored")
    if batch:
        conn.execute(insert(metadata.tables[batch_table]), batch)


def sequences(conn: Connection) -> dict[str, int]:
    """The last number each table's id counter gave out (``table.column``), deleted rows'
    numbers included: a restore never gives them again ("former player N" stays apart)."""
    found: dict[str, int] = {}
    if conn.dialect.name == "sqlite":
        if _has_sqlite_sequence(conn):
            for name, seq in conn.execute(text("SELECT name, seq FROM sqlite_sequence")):
                if name.startswith("gonets_"):
                    found[f"{name}.id"] = int(seq)
        return found
    for name, column in _serial_columns(conn):
        sequence = _sequence_of(conn, name, column)
        value = conn.execute(text(f"SELECT last_value, is_called FROM {sequence}")).first()
        if value is not None and value[1]:
            found[f"{name}.{column}"] = int(value[0])
    return found


def _has_sqlite_sequence(conn: Connection) -> bool:
    """Whether SQLite keeps AUTOINCREMENT counters here (the inspector hides the table)."""
    return conn.execute(text("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'"))\
        .first() is not None


def _serial_columns(conn: Connection) -> list[tuple[str, str]]:
    return [(name, column["name"]) for name in gonets_tables(conn)
            for column in inspect(conn).get_columns(name)
            if _sequence_of(conn, name, column["name"])]


def _sequence_of(conn: Connection, table: str, column: str) -> str | None:
    if conn.dialect.name != "postgresql":
        return None
    return conn.execute(text("SELECT pg_get_serial_sequence(:t, :c)"),
                        {"t": table, "c": column}).scalar()


def _advance_sequences(conn: Connection, saved: dict[str, int]) -> None:
    """Set every id counter past both the largest id restored and the last number the
    backed-up database had given out."""
    if conn.dialect.name == "sqlite":
        if not _has_sqlite_sequence(conn):
            return
        for key, value in saved.items():
            name = key.split(".")[0]
            if name in gonets_tables(conn):
                conn.execute(text("DELETE FROM sqlite_sequence WHERE name = :n"), {"n": name})
                conn.execute(text(f'INSERT INTO sqlite_sequence (name, seq) SELECT :n, '
                                  f'MAX(COALESCE((SELECT MAX(id) FROM "{name}"), 0), :v)'),
                             {"n": name, "v": value})
        return
    for name, column in _serial_columns(conn):
        sequence = _sequence_of(conn, name, column)
        if sequence:
            floor = saved.get(f"{name}.{column}", 0)
            conn.execute(text(f'SELECT setval(:s, GREATEST(COALESCE((SELECT MAX("{column}") '
                              f'FROM "{name}"), 0), :v) + 1, false)'),
                         {"s": sequence, "v": floor})

