"""Step and seat writes on PostgreSQL as one statement each, sent from the event loop.

A batch of the group commit (``Storage.append_batch``'s writes) is one statement whose rows
travel as two JSON texts. It updates the tables' progress first, and stores the steps only of
the tables it updated: a table whose row is gone or whose lease moved gets nothing, and the
statement names the tables it wrote. That makes a single statement safe to run on its own
(autocommit): each table's steps and progress go in together or not at all. A table that
finishes has its account seats marked won or not in the same statement (the group commit
sends a rated table's finish, which changes ratings too, through a writer thread).

A seat write (a join's name, a claimed seat) of a table no account plays at is one ``UPDATE``
of the same kind (:func:`seats_statement`).

``LoopWriter`` sends these statements on one psycopg connection driven by the event loop: a
write then needs no thread hand-over, no pool check-out and no BEGIN and COMMIT round trips
(about 150 µs of CPU against 600 µs through the engine in a writer thread, see
docs/server-performance.md). Whatever it cannot answer for a table alone (a step already stored,
a table not written) is left to ``Storage.append_batch`` and ``Storage.update_seats``, which
give each its exact outcome.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from functools import cache
from typing import TYPE_CHECKING

import orjson
from sqlalchemy.engine import make_url

if TYPE_CHECKING:                   # asyncpg comes with PostgreSQL (an optional extra)
    import asyncpg

from gonets.server.accounts.players import seat_won
from gonets.server.schema import step_rows, steps_table, table_players_table, tables_table

_APPEND = """WITH moved AS (
    UPDATE {tables} AS t
    SET version = v.new_version, status = v.new_status, updated = v.new_updated,
        result = v.new_result, deadline = v.new_deadline
    FROM json_to_recordset(%(progress)s::json) AS v(key_id varchar, new_version integer,
        new_status varchar, new_updated float8, new_result text, new_deadline float8)
    WHERE t.id = v.key_id{owned}
    RETURNING t.id),
new_steps AS (
    INSERT INTO {steps} (table_id, idx, step)
    SELECT s.table_id, s.idx, s.step FROM json_to_recordset(%(steps)s::json)
        AS s(table_id varchar, idx integer, step text)
    WHERE s.table_id IN (SELECT id FROM moved)){marked}
SELECT id FROM moved"""
_MARKED = """,
marked AS (
    UPDATE {players} AS p SET won = p.seat IN (
        SELECT json_array_elements_text(f.won)::integer)
    FROM json_to_recordset(%(finished)s::json) AS f(key_id varchar, won json)
    WHERE p.table_id = f.key_id AND p.table_id IN (SELECT id FROM moved))"""
"""A finished table's account seats marked won or not, as ``table_finished`` does (it also
changes a rated table's ratings, so the group commit leaves rated finishes to it)."""
PG_APPEND = {(owned, finishing): _APPEND.format(
    tables=tables_table.name, steps=steps_table.name,
    owned=" AND t.owner = %(owner)s" if owned else "",
    marked=_MARKED.format(players=table_players_table.name) if finishing else "")
    for owned in (False, True) for finishing in (False, True)}
"""The statement by (whether it is one process's tables, whether a table finishes)."""


def batch_rows(writes: list[tuple]) -> tuple[list[dict], list[dict]]:
    """The step rows and the tables' progress rows of ``writes`` (``Storage.append_steps``'s
    argument tuples)."""
    now = time.time()
    rows = [row for table_id, start, steps, *_ in writes
            for row in step_rows(table_id, start, steps)]
    progress = [{"key_id": table_id, "new_version": start + len(steps),
                 "new_status": status, "new_updated": now,
                 "new_result": json.dumps(result) if result is not None else None,
                 "new_deadline": rest[1] if len(rest) > 1 else None}
                for table_id, start, steps, status, result, *rest in writes]
    return rows, progress


def append_statement(writes: list[tuple], owner: str | None) -> tuple[str, dict]:
    """The statement and parameters that store ``writes`` (all of one ``owner``, one per
    table); a table that finishes gets its account seats marked won or not (a rated one's
    ratings are ``table_finished``'s, in a writer thread's transaction)."""
    rows, progress = batch_rows(writes)
    finished = [{"key_id": table_id, "won": [seat for seat in (result or {}).get("winners")
                                             or [] if seat_won(result, seat)]}
                for table_id, _, _, status, result, *_ in writes if status == "finished"]
    params = {"steps": orjson.dumps(rows).decode(), "owner": owner,
              "progress": orjson.dumps(progress).decode()}
    if finished:
        params["finished"] = orjson.dumps(finished).decode()
    return PG_APPEND[owner is not None, bool(finished)], params


_CREATE = """WITH new_table AS (
    INSERT INTO {tables} ({columns}) VALUES ({values}) RETURNING id),
new_steps AS (
    INSERT INTO {steps} (table_id, idx, step)
    SELECT s.table_id, s.idx, s.step FROM json_to_recordset(%(steps)s::json)
        AS s(table_id varchar, idx integer, step text)
    WHERE s.table_id IN (SELECT id FROM new_table))
SELECT id FROM new_table"""


@cache
def _create(columns: tuple[str, ...]) -> str:
    return _CREATE.format(tables=tables_table.name, steps=steps_table.name,
                          columns=", ".join(columns),
                          values=", ".join(f"%({column})s" for column in columns))


def create_statement(row: dict, steps: list[dict]) -> tuple[str, dict]:
    """The statement and parameters that store a new table (``storage.table_row``) with its
    first steps, as ``Storage.create_table`` does for a table no account sits at and nobody
    is invited to; it names the table."""
    rows = step_rows(row["id"], 0, steps)
    return _create(tuple(row)), {**row, "steps": orjson.dumps(rows).decode()}


def seats_statement(table_id: str, seats: list[dict], status: str, hashes: list | None,
                    owner: str | None, deadline: tuple = ()) -> tuple[str, dict]:
    """The statement and parameters that store a table's seats and status as
    ``Storage.update_seats`` does for seats no account holds (their secrets' hashes when
    given, the decision's deadline when ``deadline`` holds one), naming the table when it
    was written (not when its row is gone or another process holds it)."""
    columns = ["seats = %(seats)s", "status = %(status)s", "updated = %(updated)s"]
    params = {"key_id": table_id, "seats": json.dumps(seats), "status": status,
              "updated": time.time(), "owner": owner}
    if hashes is not None:
        columns.append("token_hashes = %(hashes)s")
        params["hashes"] = json.dumps(hashes)
    if deadline:
        columns.append("deadline = %(deadline)s")
        params["deadline"] = deadline[0]
    owned = "" if owner is None else " AND owner = %(owner)s"
    return (f"UPDATE {tables_table.name} SET {', '.join(columns)} "
            f"WHERE id = %(key_id)s{owned} RETURNING id"), params


def owner_of(write: tuple) -> str | None:
    """The process a write is made for (``Storage.append_steps``'s ``owner``), if any."""
    return write[5] if len(write) > 5 else None


def back_of(write: tuple) -> int | None:
    """The seat a write brings back from away with its steps (``Storage.append_steps``'s
    ``back``: a move of that seat's own), if any. Such writes are rare and go through
    ``Storage.append_steps`` one by one, never this module's statement."""
    return write[7] if len(write) > 7 else None


def conninfo(url: str) -> str:
    """A libpq connection URL for a SQLAlchemy PostgreSQL URL (any driver name)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


STATEMENT_SECONDS = 30.0
"""How long one statement of the loop writer may take before the database counts as down
(a connection dropped mid-statement would otherwise hold every write behind it)."""

LIBPQ_ONLY = ("connect_timeout", "keepalives", "keepalives_idle", "keepalives_interval",
              "keepalives_count", "tcp_user_timeout", "gssencmode", "channel_binding")
"""Connection options psycopg (libpq) takes that asyncpg would send to the server as
settings, which the server refuses."""


def asyncpg_url(url: str) -> str:
    """A libpq URL without the options only libpq knows (:data:`LIBPQ_ONLY`)."""
    parsed = make_url(url)
    kept = {key: value for key, value in parsed.query.items() if key not in LIBPQ_ONLY}
    return parsed.set(query=kept).render_as_string(hide_password=False)


@cache
def positional(statement: str) -> tuple[str, tuple[str, ...]]:
    """A statement written with ``%(name)s`` parameters as asyncpg takes it (``$1``, ``$2``
    ...), and the names in that order (a name used twice is one parameter)."""
    names: list[str] = []

    def number(match: re.Match) -> str:
        if match.group(1) not in names:
            names.append(match.group(1))
        return f"${names.index(match.group(1)) + 1}"

    return re.sub(r"%\((\w+)\)s", number, statement), tuple(names)


class LoopWriter:
    """One connection (asyncpg, autocommit) on the event loop for the group commit's batches,
    the seat writes and the creations of tables no account plays at, one statement at a
    time (asyncpg refuses a second while one runs). A failed connection is dropped and the
    next statement opens another.

    asyncpg rather than the threads' psycopg: a statement costs about 95 µs of the process's
    CPU against 150 µs (docs/server-performance.md), and these are the server's commonest
    writes."""

    def __init__(self, url: str, connect_seconds: float):
        import asyncpg  # a PostgreSQL server has it (the ``postgres`` extra)

        self.errors = asyncpg.PostgresError
        self.operational = (OSError, TimeoutError, asyncpg.InterfaceError,
                            asyncpg.exceptions.InternalClientError,
                            asyncpg.PostgresConnectionError,
                            asyncpg.exceptions.InsufficientResourcesError,
                            asyncpg.exceptions.OperatorInterventionError)
        self.unavailable = self.operational
        self.connect = asyncpg.connect
        self.conninfo = conninfo(url)
        self.connect_seconds = connect_seconds
        self.conn: asyncpg.Connection | None = None
        self.stopped = False
        self.turn = asyncio.Lock()      # one statement at a time on the connection

    async def written(self, statement: str, params: dict, again: bool = True) -> set[str]:
        """Run one statement that names the tables it wrote (:func:`append_statement`,
        :func:`seats_statement`, :func:`create_statement`); those ids. Raises asyncpg's
        errors: a unique violation when a step is stored already (then nothing was written),
        ``operational`` ones when the database fails.

        A connection that broke while it waited (the database restarted, a proxy dropped it
        when idle) is replaced and the statement sent once more at once, as a pool's ping
        before use would: a step write is keyed by (table, step index), so if the broken
        one had gone in, the second is refused as stored already and nothing is doubled; a
        seat write sets the same values again. A new table's is not sent again
        (``again`` False): a second ``INSERT`` would be refused if the first went in."""
        async with self.turn:
            reused = self.conn is not None and not self.conn.is_closed()
            try:
                return await self._send(statement, params)
            except self.operational:
                if not (again and reused) or self.stopped or self.conn is not None:
                    raise                   # a fresh connection failed, or it is not broken
                return await self._send(statement, params)

    async def _send(self, statement: str, params: dict) -> set[str]:
        conn = await self._connection()
        sql, names = positional(statement)
        try:
            rows = await conn.fetch(sql, *(params[name] for name in names),
                                    timeout=STATEMENT_SECONDS)
            return {row[0] for row in rows}
        except self.operational:
            self.conn = None
            conn.terminate()
            raise
        except self.errors:
            if conn.is_closed():
                self.conn = None
            raise

    async def _connection(self):
        if self.stopped:
            raise ConnectionError("the server is stopping: no more writes from the loop")
        if self.conn is None or self.conn.is_closed():
            self.conn = await self.connect(asyncpg_url(self.conninfo),
                                           timeout=self.connect_seconds,
                                           statement_cache_size=16)
        return self.conn

    async def close(self) -> None:
        """Close the connection; later writes are refused (a stopping server)."""
        self.stopped = True
        async with self.turn:               # after the statement under way, if any
            if self.conn is not None:
                await self.conn.close()
                self.conn = None
