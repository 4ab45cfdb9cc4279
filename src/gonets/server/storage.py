"""Durable storage of tables: SQLAlchemy over SQLite (default) or PostgreSQL.

A table's state *is* its stored record: one row per table (configuration, seats, token
hashes, status, result) and one row per record step. New steps are written in one
transaction before anyone is told about them, so a restart (even after ``kill -9``) rebuilds
every table exactly by replaying its steps.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, create_engine, event, func, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from gonets.server.accounts.friends import write_invites
from gonets.server.accounts.players import table_finished, write_table_players
from gonets.server.pgwrites import append_statement, back_of, batch_rows, owner_of
from gonets.server.schema import chat_table, reviews_table, step_rows, steps_table, tables_table

DATABASE_ENV = "GONETS_DATABASE_URL"
CONNECT_SECONDS = 5         # the longest a new PostgreSQL connection may take
SQLITE_BUSY_MS = 5000       # the longest an SQLite statement waits for another's lock

# The statements of the hot path (one commit per action, a table's creation, a seat taken),
# built once: building and keying a statement per call costs SQLAlchemy about twice the time
# of the SQLite work itself.
INSERT_STEP = insert(steps_table)
INSERT_TABLE = insert(tables_table)
UPDATE_TABLE = update(tables_table).where(tables_table.c.id == bindparam("key_id"))
"""Sets the columns its parameters name besides ``key_id``."""
UPDATE_OWNED_TABLE = UPDATE_TABLE.where(tables_table.c.owner == bindparam("key_owner"))
UPDATE_PROGRESS = (
    update(tables_table).where(tables_table.c.id == bindparam("key_id"))
    .values(version=bindparam("new_version"), status=bindparam("new_status"),
            updated=bindparam("new_updated"), result=bindparam("new_result"),
            deadline=bindparam("new_deadline")))
UNCHANGED: Any = object()   # update_seats: leave the stored deadline as it is


def default_database_url() -> str:
    """``GONETS_DATABASE_URL`` when set, else a SQLite file in the user's data folder."""
    url = os.environ.get(DATABASE_ENV)
    if url:
        return url
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "gonets"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


def normalise_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs and use the psycopg (3) driver for them."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


POOL_SIZE = 12


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL journaling so a killed process loses nothing
    that was committed."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection, _record):
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
            cursor.close()

        return engine
    # a database that accepts the connection and never answers must not hold a thread
    connect = {"connect_timeout": CONNECT_SECONDS} if url.startswith("postgresql") else {}
    # a pool at least as large as the threads that use it (4 writers, 2 readers, requests'
    # account queries): an overflow connection would be opened and closed again per use
    return create_engine(url, pool_pre_ping=True, pool_size=POOL_SIZE, connect_args=connect)


class _BatchMismatch(Exception):
    """A batch of step writes changed fewer tables than it wrote to (rolled back)."""


class StepConflict(Exception):
    """Other steps are stored at the indexes a writer meant to fill."""


class MissingTable(Exception):
    """A table's row is gone from the database (it was emptied or re-created)."""


class LeaseLost(Exception):
    """The writing process no longer holds the table: another one runs it now."""


class IdTaken(Exception):
    """A new table's id is another table's (a random id drawn twice, or a rematch's)."""


@dataclass
class StoredTable:
    """One table as stored: configuration, seats, status and its record steps."""

    id: str
    game: str
    players: int
    preset: str
    options: dict[str, Any]
    seats: list[dict]
    token_hashes: list[str | None]
    seed: int
    bot_delay: float
    turn_seconds: float | None
    status: str
    result: dict | None = None
    version: int = 0
    created: float = 0.0
    updated: float = 0.0
    steps: list[dict] = field(default_factory=list)
    owner: str | None = None
    lease_until: float | None = None
    rematch: str | None = None
    hints: bool = False
    rated: bool = False               # its result changes the players' ratings
    private: bool = False             # only invited accounts see it
    absent: str = "bot"               # when a decision's deadline passes: bot, drop or end
    deadline: float | None = None     # wall clock: when the deciding human's time runs out
    creator: int | None = None        # the account that opened it
    rules: int = 1                    # the version of its game's rules its steps follow


def table_row(table: StoredTable) -> dict[str, Any]:
    """The ``gonets_tables`` row of a new table (its steps so far give its version)."""
    return dict(
        id=table.id, game=table.game, players=table.players, preset=table.preset,
        options=json.dumps(table.options), seats=json.dumps(table.seats),
        token_hashes=json.dumps(table.token_hashes), seed=table.seed,
        bot_delay=table.bot_delay, turn_seconds=table.turn_seconds, status=table.status,
        result=None, version=len(table.steps), created=table.created, updated=table.updated,
        owner=table.owner, lease_until=table.lease_until, hints=table.hints,
        rated=table.rated, private=table.private, absent=table.absent,
        deadline=table.deadline, creator=table.creator, rules=table.rules)


class Storage:
    """All database access of the server. Every method commits before it returns."""

    def __init__(self, url: str):
        self.url = url
        self.engine = make_engine(url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self.ensure_schema()

    def close(self) -> None:
        self.engine.dispose()

    # -- writing ---------------------------------------------------------------------------------
    def create_table(self, table: StoredTable, invites: list[int] | None = None,
                     notice: dict | None = None) -> None:
        """Store a new table, and in the same transaction its invitations (``invites``:
        account ids) with an ``invited`` notice each when ``notice`` (its params) is given;
        :class:`IdTaken` when another table has its id."""
        table.created = table.updated = time.time()
        with self.engine.begin() as conn:
            if conn.execute(select(tables_table.c.id).where(
                    tables_table.c.id == table.id)).first() is not None:
                raise IdTaken(table.id)
            table.seats = write_table_players(conn, table.id, table.seats)
            conn.execute(INSERT_TABLE, table_row(table))
            write_invites(conn, table.id, invites or [], notice)
            self._insert_steps(conn, table.id, 0, table.steps)

    def append_steps(self, table_id: str, start: int, steps: list[dict], status: str,
                     result: dict | None, owner: str | None = None,
                     deadline: float | None = None, back: int | None = None) -> bool:
        """Store steps ``start..`` of a table with its new status and the wall-clock
        ``deadline`` of the decision they lead to (None: no timer runs), in one transaction;
        with ``back``, that seat's away mark is cleared in it too (a player back by a move
        of their own: the move and the return are stored together or not at all; the rest
        of the stored seats stays as it is).

        Idempotent: a step is keyed by (table, index), so writing the same steps again (a
        retry after a lost answer to COMMIT) stores nothing and returns False; True when
        they were stored now. Other steps already at those indexes raise
        :class:`StepConflict`; a table whose row is gone raises :class:`MissingTable`. With
        ``owner``, only while that process holds the table (else :class:`LeaseLost`)."""
        try:
            with self.engine.begin() as conn:
                self._insert_steps(conn, table_id, start, steps)
                values = {"key_id": table_id, "new_version": start + len(steps),
                          "new_status": status, "new_updated": time.time(),
                          "new_result": json.dumps(result) if result is not None else None,
                          "new_deadline": deadline}
                if owner is None:
                    done = conn.execute(UPDATE_PROGRESS, values)
                else:
                    done = conn.execute(UPDATE_PROGRESS.where(tables_table.c.owner == owner),
                                        values)
                if done.rowcount != 1:
                    self._missing_or_moved(conn, table_id, owner)
                if back is not None:
                    self._clear_away(conn, table_id, back)
                if status == "finished":
                    table_finished(conn, table_id, result)   # ratings: the same transaction
            return True
        except IntegrityError:
            stored = self.steps_from(table_id, start, len(steps))
            if stored == steps:
                return False
            raise StepConflict(f"table {table_id}: steps from {start} were stored "
                               "differently (by another writer)") from None

    def append_batch(self, writes: list[tuple]) -> list[Any]:
        """Several tables' :meth:`append_steps` calls (their argument tuples) in one
        transaction: every step and every table's progress written together, one COMMIT (a
        group commit). The outcome of each, in order: True, or the exception it raised. When
        the batch cannot go in whole (a step already stored, a lease moved, a missing table),
        each write is tried on its own, so every one gets exactly its own answer; a failing
        database raises for the whole batch. A batch with a write that brings a seat back
        (a rare one, :func:`~gonets.server.pgwrites.back_of`) is written one by one."""
        if (len(writes) == 1 and not self.is_postgres) or \
                any(back_of(write) is not None for write in writes):
            return [self._outcome(self.append_steps, write) for write in writes]
        owners = {owner_of(write) for write in writes}
        if len(owners) == 1 and len({write[0] for write in writes}) == len(writes):
            try:
                self._append_together(writes, owners.pop())
                return [True] * len(writes)
            except (IntegrityError, _BatchMismatch):
                pass
        return [self._outcome(self.append_steps, write) for write in writes]

    def _append_together(self, writes: list[tuple], owner: str | None) -> None:
        with self.engine.begin() as conn:
            if self.is_postgres:
                statement, params = append_statement(writes, owner)
                changed = len(conn.exec_driver_sql(statement, params).all())
            else:
                changed = self._append_rows(conn, writes, owner)
            if changed != len(writes):
                raise _BatchMismatch()        # rolled back: each is tried on its own
            for table_id, _, _, status, result, *_ in writes:
                if status == "finished":
                    table_finished(conn, table_id, result)

    @staticmethod
    def _append_rows(conn, writes: list[tuple], owner: str | None) -> int:
        """SQLite: the batch's steps, then its tables' progress; how many tables changed."""
        rows, progress = batch_rows(writes)
        if rows:
            conn.execute(INSERT_STEP, rows)
        query = UPDATE_PROGRESS if owner is None else \
            UPDATE_PROGRESS.where(tables_table.c.owner == owner)
        return conn.execute(query, progress).rowcount

    @staticmethod
    def _clear_away(conn, table_id: str, seat: int) -> None:
        """In the caller's transaction, which has updated the table's row already (so holds
        it): clear the away mark of ``seat`` in the stored seats."""
        text = conn.execute(select(tables_table.c.seats)
                            .where(tables_table.c.id == table_id)).scalar()
        seats = json.loads(text or "[]")
        if 0 <= seat < len(seats) and seats[seat].pop("away", None) is not None:
            conn.execute(update(tables_table).where(tables_table.c.id == table_id)
                         .values(seats=json.dumps(seats)))

    @staticmethod
    def _outcome(method, args: tuple) -> Any:
        """A write's answer about its own table; database failures end the whole batch (every
        write in it is then retried, and those already stored are found stored)."""
        try:
            return method(*args)
        except (StepConflict, MissingTable, LeaseLost) as exc:
            return exc

    @staticmethod
    def _missing_or_moved(conn, table_id: str, owner: str | None) -> None:
        exists = conn.execute(select(tables_table.c.id).where(tables_table.c.id == table_id))
        if exists.first() is None:
            raise MissingTable(f"table {table_id} is no longer in the database")
        raise LeaseLost(f"table {table_id} is run by another process now (not {owner})")

    def steps_from(self, table_id: str, start: int, count: int) -> list[dict]:
        """Stored steps ``start .. start + count - 1`` of a table (fewer if missing)."""
        query = (select(steps_table.c.step).where(steps_table.c.table_id == table_id)
                 .where(steps_table.c.idx >= start).where(steps_table.c.idx < start + count)
                 .order_by(steps_table.c.idx))
        with self.engine.connect() as conn:
            return [json.loads(text) for (text,) in conn.execute(query)]

    @staticmethod
    def schema_missing(exc: BaseException) -> bool:
        """True when ``exc`` says the gonets tables do not exist."""
        text = str(exc).lower()
        return "gonets_" in text and ("no such table" in text or "does not exist" in text)

    def ensure_schema(self) -> None:
        """Bring the schema to the newest revision: at start, and when the tables went
        missing (a database re-created empty gets them all again)."""
        from gonets.server.migrate import migrate

        migrate(self.engine)

    def update_seats(self, table_id: str, seats: list[dict], status: str,
                     token_hashes: list[str | None] | None = None,
                     owner: str | None = None, deadline: Any = UNCHANGED) -> list[dict]:
        """Store a table's seats and status (and its seat secrets' hashes, and the decision's
        ``deadline``, when given); with ``owner``, only while that process holds the table
        (else :class:`LeaseLost`). Returns the seats as stored (a deleted account's seat is
        not written back: ``write_table_players``)."""
        with self.engine.begin() as conn:
            seats = write_table_players(conn, table_id, seats)
            values = {"key_id": table_id, "seats": json.dumps(seats), "status": status,
                      "updated": time.time()}
            if deadline is not UNCHANGED:
                values["deadline"] = deadline
            if token_hashes is not None:
                values["token_hashes"] = json.dumps(token_hashes)
            if owner is not None:
                values["key_owner"] = owner
            query = UPDATE_TABLE if owner is None else UPDATE_OWNED_TABLE
            if conn.execute(query, values).rowcount != 1:
                self._missing_or_moved(conn, table_id, owner)
        return seats

    @staticmethod
    def _insert_steps(conn, table_id: str, start: int, steps: list[dict]) -> None:
        if steps:
            conn.execute(INSERT_STEP, step_rows(table_id, start, steps))

    # -- chat and rematch --------------------------------------------------------------------
    def add_chat(self, table_id: str, entry: dict) -> int:
        """Store one chat line of a table (``ts``, ``seat``, ``name``, ``spectator``,
        ``text``); returns its id, which orders a table's lines."""
        with self.engine.begin() as conn:
            done = conn.execute(insert(chat_table).values(
                table_id=table_id, ts=entry["ts"], seat=entry.get("seat"),
                name=entry.get("name"), spectator=entry.get("spectator"), text=entry["text"]))
            return int(done.inserted_primary_key[0])

    def chat_history(self, table_id: str, limit: int) -> list[dict]:
        """The last ``limit`` chat lines of a table, oldest first."""
        query = (select(chat_table).where(chat_table.c.table_id == table_id)
                 .order_by(chat_table.c.id.desc()).limit(limit))
        with self.engine.connect() as conn:
            rows = list(conn.execute(query))
        return [{"id": row.id, "ts": row.ts, "seat": row.seat, "name": row.name,
                 "spectator": row.spectator, "text": row.text} for row in reversed(rows)]

    def set_rematch(self, table_id: str, rematch: str | None, expected: str | None) -> bool:
        """Point a table to its rematch if it still points to ``expected`` (None: to none
        yet); True when it did. Two players asking at once get one rematch."""
        current = (tables_table.c.rematch.is_(None) if expected is None
                   else tables_table.c.rematch == expected)
        with self.engine.begin() as conn:
            done = conn.execute(update(tables_table).where(tables_table.c.id == table_id)
                                .where(current).values(rematch=rematch))
            return done.rowcount == 1

    def rematch_of(self, table_id: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(tables_table.c.rematch)
                                .where(tables_table.c.id == table_id)).scalar()

    def ping(self) -> None:
        """Ask the database something trivial (raises when it does not answer)."""
        with self.engine.connect() as conn:
            conn.execute(select(1)).scalar()

    # -- reviews ---------------------------------------------------------------------------
    def save_review(self, table_id: str, seat: int, level: str, body: dict) -> None:
        """Keep a finished table's review of ``seat``; the first one stored stays (two
        processes that computed it at once computed the same)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(reviews_table).values(
                    table_id=table_id, seat=seat, level=level, created=time.time(),
                    body=json.dumps(body, ensure_ascii=False, separators=(",", ":"))))
        except IntegrityError:
            pass

    def load_review(self, table_id: str, seat: int) -> dict | None:
        with self.engine.connect() as conn:
            body = conn.execute(select(reviews_table.c.body)
                                .where(reviews_table.c.table_id == table_id)
                                .where(reviews_table.c.seat == seat)).scalar()
        return None if body is None else json.loads(body)

    # -- leases (several processes) ------------------------------------------------------------
    def acquire(self, table_id: str, owner: str, until: float, now: float) -> bool:
        """Make ``owner`` the table's process until ``until`` if nobody holds a live lease
        on it (or ``owner`` does); True when it does now."""
        free = or_(tables_table.c.owner.is_(None), tables_table.c.owner == owner,
                   tables_table.c.lease_until < now)
        with self.engine.begin() as conn:
            done = conn.execute(update(tables_table).where(tables_table.c.id == table_id)
                                .where(free).values(owner=owner, lease_until=until))
            return done.rowcount == 1

    def renew(self, owner: str, ids: list[str], until: float) -> set[str]:
        """Extend ``owner``'s leases on ``ids``; returns the ids it still holds."""
        if not ids:
            return set()
        mine = (tables_table.c.owner == owner) & tables_table.c.id.in_(ids)
        with self.engine.begin() as conn:
            conn.execute(update(tables_table).where(mine).values(lease_until=until))
            return {row[0] for row in conn.execute(select(tables_table.c.id).where(mine))}

    def release(self, owner: str, ids: list[str]) -> None:
        if ids:
            with self.engine.begin() as conn:
                conn.execute(update(tables_table).where(tables_table.c.owner == owner)
                             .where(tables_table.c.id.in_(ids))
                             .values(owner=None, lease_until=None))

    def orphans(self, now: float, limit: int = 200) -> list[str]:
        """Unfinished tables whose lease ran out (their process died) or that have none."""
        query = (select(tables_table.c.id).where(tables_table.c.status != "finished")
                 .where(or_(tables_table.c.lease_until.is_(None),
                            tables_table.c.lease_until < now))
                 .order_by(tables_table.c.created).limit(limit))
        with self.engine.connect() as conn:
            return [row[0] for row in conn.execute(query)]

    def versions(self, ids: list[str]) -> dict[str, int]:
        """The stored step count of each table in ``ids``."""
        if not ids:
            return {}
        query = select(tables_table.c.id, tables_table.c.version).where(
            tables_table.c.id.in_(ids))
        with self.engine.connect() as conn:
            return {row[0]: row[1] for row in conn.execute(query)}

    def owner_of(self, table_id: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(tables_table.c.owner)
                                .where(tables_table.c.id == table_id)).scalar()

    # -- reading ---------------------------------------------------------------------------------
    def load_table(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_table).where(tables_table.c.id == table_id)).first()
            if row is None:
                return None
            stored = self._from_row(row)
            stored.steps = [json.loads(text) for (text,) in conn.execute(
                select(steps_table.c.step).where(steps_table.c.table_id == table_id)
                .order_by(steps_table.c.idx))]
        return stored

    def unfinished_ids(self) -> list[str]:
        query = (select(tables_table.c.id).where(tables_table.c.status != "finished")
                 .order_by(tables_table.c.created))
        with self.engine.connect() as conn:
            return [row[0] for row in conn.execute(query)]

    def finished_page(self, offset: int, limit: int) -> tuple[list[StoredTable], int]:
        """Finished tables, newest first: one page and how many there are in all."""
        return self.page("finished", offset, limit)

    def page(self, status: str, offset: int, limit: int) -> tuple[list[StoredTable], int]:
        """Tables of ``status``, the most recently changed first: one page and the total."""
        # private tables stay out of the lobby (accounts/friends.py)
        done = (tables_table.c.status == status) & tables_table.c.private.is_(False)
        query = (select(tables_table).where(done).order_by(tables_table.c.updated.desc())
                 .offset(offset).limit(limit))
        with self.engine.connect() as conn:
            rows = [self._from_row(row) for row in conn.execute(query)]
            total = conn.execute(select(func.count()).select_from(tables_table)
                                 .where(done)).scalar_one()
        return rows, total

    def tables_matching(self, query) -> list[StoredTable]:
        """The stored tables (without their steps) a select of ``gonets_tables`` finds."""
        with self.engine.connect() as conn:
            return [self._from_row(row) for row in conn.execute(query)]

    def summaries(self, limit: int = 200) -> list[StoredTable]:
        """The newest tables (without their steps), for the lobby."""
        query = select(tables_table).order_by(tables_table.c.created.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [self._from_row(row) for row in conn.execute(query)]

    @staticmethod
    def _from_row(row: Any) -> StoredTable:
        return StoredTable(
            id=row.id, game=row.game, players=row.players, preset=row.preset,
            options=json.loads(row.options), seats=json.loads(row.seats),
            token_hashes=json.loads(row.token_hashes), seed=row.seed, bot_delay=row.bot_delay,
            turn_seconds=row.turn_seconds, status=row.status,
            result=json.loads(row.result) if row.result else None, version=row.version,
            created=row.created, updated=row.updated, owner=row.owner,
            lease_until=row.lease_until, rematch=row.rematch, hints=bool(row.hints),
            rated=bool(row.rated), private=bool(row.private), absent=row.absent,
            deadline=row.deadline, creator=row.creator, rules=row.rules)
