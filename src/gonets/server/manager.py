"""All tables of one server: creation (within the limits), lookup, the lobby, resumption.

Database work never blocks the event loop: reads and writes go to worker threads (on
PostgreSQL the step writes are awaited on the loop, see ``groupcommit``), so a slow or locked
database slows only the request that waits for it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gonets.agents import agent_names
from gonets.core import get_game
from gonets.server.accounts.friends import invitations_for, rematch_invites
from gonets.server.accounts.players import (
    RATED_NEEDS_ACCOUNT,
    account_of,
    seat_account,
    seats_ready,
    sit_account,
)
from gonets.server.bots import BotPool
from gonets.server.chat import CHAT_HISTORY
from gonets.server.cluster import Cluster
from gonets.server.deadlines import decision_deadline
from gonets.server.faults import DATABASE_ERRORS, DatabaseUnavailable, Outage
from gonets.server.groupcommit import GroupCommit
from gonets.server.limits import ClientLimits, Limits, limits_from_environment, network_of
from gonets.server.metrics import DB_ERRORS
from gonets.server.names import check_name_at_table
from gonets.server.notify import Notifier
from gonets.server.pgwrites import create_statement, seats_statement
from gonets.server.spec import TableError, hash_token, new_token, parse_spec
from gonets.server.storage import IdTaken, Storage, StoredTable, table_row
from gonets.server.tables import KEEP_FINISHED, LiveTable, table_summary

log = logging.getLogger("gonets.server")
STOP_WRITES = 10.0             # seconds a stopping process waits for its writes under way
STATUSES = ("open", "running", "finished")
REMATCH_KEEPS_SEATS = 120.0     # seconds a rematch keeps each invited player's seat


class TableBroken(TableError):
    """A stored table whose record no longer replays."""

    http_status = 409

    def __init__(self, message: str):
        super().__init__(message, "table_broken")


NEW_ID_TRIES = 3        # random ids a creation tries before it gives up


class TableManager:
    """All tables of one server: creation, lookup, resumption after a restart."""

    def __init__(self, storage: Storage, bot_delay: float = 1.0, fixed_seeds: bool = False,
                 limits: Limits | None = None, redis_url: str | None = None):
        self.storage = storage
        self.bot_delay = bot_delay
        self.fixed_seeds = fixed_seeds
        self.limits = limits or limits_from_environment()
        self.clients = ClientLimits(self.limits)
        self.tables: dict[str, LiveTable] = {}
        self.keep_finished = KEEP_FINISHED
        # SQLite takes one writer at a time: more writer threads would only wait for its lock
        self.writer = ThreadPoolExecutor(max_workers=1 if storage.is_sqlite else 4,
                                         thread_name_prefix="gonets-db-write")
        self.reader = ThreadPoolExecutor(max_workers=2, thread_name_prefix="gonets-db-read")
        self.loading: dict[str, asyncio.Future] = {}
        self.outage = Outage()
        self.cluster = Cluster(self, redis_url) if redis_url else None
        self.process_id = self.cluster.id if self.cluster is not None else None
        self.broken: dict[str, str] = {}          # tables whose record no longer replays
        self.broken_summaries: dict[str, dict] = {}
        self.steps = GroupCommit(self)
        workers = self.limits.bot_workers
        self.bots = BotPool(workers, self.limits.bot_seconds) if workers > 0 else None
        self.notices = Notifier(self)      # "your move" notices and their e-mails

    async def append_steps(self, *args) -> Any:
        """``Storage.append_steps(*args)`` through the group commit: writes arriving while
        one transaction runs go into the next one together."""
        return await self.steps.append(args)

    async def store_new_table(self, stored: StoredTable, invites: list[int] | None,
                              notice: dict | None) -> None:
        """``Storage.create_table``: on PostgreSQL, for a table no account sits at and
        nobody is invited to, one statement from the event loop; else, and where that
        statement writes nothing, in a writer thread. A creation whose answer was lost is
        looked for: stored after all (its seed and secrets, not only its id), it counts as
        done, else the row would stay behind, a table nobody holds a link to. An id that
        turns out to be another table's raises :class:`IdTaken`."""
        try:
            await self._store_new_table(stored, invites, notice)
        except DatabaseUnavailable:
            found = await self.read(self.storage.load_table, stored.id)   # may be down too
            if found is None:
                raise
            if (found.seed, found.token_hashes) != (stored.seed, stored.token_hashes):
                raise IdTaken(stored.id) from None
            log.warning("table %s: its creation's answer was lost; it was stored", stored.id)

    async def _store_new_table(self, stored: StoredTable, invites: list[int] | None,
                               notice: dict | None) -> None:
        if self.steps.loop_writer is not None and not invites and \
                all(seat.get("user") is None for seat in stored.seats):
            stored.created = stored.updated = time.time()
            if stored.id in await self.steps.on_the_loop(*create_statement(
                    table_row(stored), stored.steps), again=False):
                return
        await self.write(self.storage.create_table, stored, invites, notice)

    async def update_seats(self, table_id: str, seats: list[dict], status: str,
                           hashes: list | None, owner: str | None, *deadline) -> list[dict]:
        """``Storage.update_seats`` (``deadline``: none, or the decision's new one): on
        PostgreSQL, for seats no account holds, one statement from the event loop (no thread
        hand-over, no pool check-out, no BEGIN and COMMIT); else, and to learn why where
        that statement wrote nothing, in a writer thread."""
        loop_writer = self.steps.loop_writer
        if loop_writer is not None and all(seat.get("user") is None for seat in seats):
            written = await self.steps.on_the_loop(*seats_statement(
                table_id, seats, status, hashes, owner, deadline))
            if table_id in written:
                return seats
        return await self.write(self.storage.update_seats, table_id, seats, status, hashes,
                                owner, *deadline)

    async def write(self, method, *args) -> Any:
        """Run a storage write in the writer thread(s); :class:`DatabaseUnavailable` when
        the database does not answer."""
        return await self.db_call(self.writer, method, args)

    async def read(self, method, *args) -> Any:
        """Run a storage read in a reader thread; :class:`DatabaseUnavailable` as above."""
        return await self.db_call(self.reader, method, args)

    async def db_call(self, executor, method, args) -> Any:
        """A storage call in ``executor``; :class:`DatabaseUnavailable` as above."""
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(executor, self._attempt, method, args)
        except DATABASE_ERRORS as exc:
            DB_ERRORS.inc()
            self.outage.failed(exc)
            raise DatabaseUnavailable() from exc
        self.outage.recovered()
        return result

    def _attempt(self, method, args) -> Any:
        """In a worker thread: the call, and once more after making the schema again when
        the database lost its tables (it was re-created empty)."""
        try:
            return method(*args)
        except DATABASE_ERRORS as exc:
            if not self.storage.schema_missing(exc):
                raise
            log.warning("the database has no gonets tables (re-created?); making them again")
            self.storage.ensure_schema()
            return method(*args)

    async def start(self) -> None:
        """Resume every unfinished table from its stored record (bots included); with
        several processes, those whose lease this process gets (the others' owners run
        them; the lease keeper takes over any whose owner stops)."""
        if self.cluster is not None:
            await self.cluster.start()
        for table_id in await self.read(self.storage.unfinished_ids):
            if self.cluster is not None and not await self.cluster.acquire(table_id):
                continue
            stored = await self.read(self.storage.load_table, table_id)
            table = self._rebuild(stored)
            if table is not None:
                self._launch(table)
        log.info("resumed %d unfinished tables (%d broken)", len(self.tables),
                 len(self.broken))

    async def take_over(self, table_id: str) -> None:
        """Run a table whose owner stopped: from its stored steps, where it stopped."""
        table = self.tables.get(table_id)
        if table is not None:
            await table.reload()
            table.become_owner()
            return
        stored = await self.read(self.storage.load_table, table_id)
        table = self._rebuild(stored) if stored is not None else None
        if table is not None:
            self._launch(table)

    def changed(self, table: LiveTable, start: int) -> None:
        """A table this process owns changed from step ``start`` on: tell the mirrors."""
        if self.cluster is not None and table.owned:
            asyncio.get_running_loop().create_task(self.cluster.publish(table, start))

    def _rebuild(self, stored: StoredTable) -> LiveTable | None:
        """The live table of a stored one, or None (and the table marked broken, with the
        reason, so that it is not replayed again on every request) when it does not replay."""
        try:
            return LiveTable(self, stored)
        except Exception as exc:  # noqa: BLE001 - any failure to replay is reported the same
            reason = f"its stored record no longer replays ({type(exc).__name__}: {exc})"
            log.error("table %s is broken: %s", stored.id, reason[:300])
            self.broken[stored.id] = reason[:300]
            self.broken_summaries[stored.id] = table_summary(stored)
            return None

    async def stop(self) -> None:
        """A graceful stop (uvicorn has stopped accepting): the tables stop driving, the
        writes under way end (up to ``STOP_WRITES`` seconds), and only then are the tables'
        leases released, so that another process takes them over from their last step. The
        cluster stops taking tables over and answering mirrors first."""
        if self.cluster is not None:
            await self.cluster.stop_listening()
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
            for conn in list(table.connections):
                conn.close()
        tasks = [t.task for t in self.tables.values() if t.task is not None]
        await asyncio.gather(*tasks, return_exceptions=True)
        try:
            await asyncio.wait_for(self._writes_done(), STOP_WRITES)
        except TimeoutError:
            log.warning("stopping with writes still unanswered after %g s", STOP_WRITES)
        if self.cluster is not None:
            await self.cluster.stop()
        await self.notices.close()
        await self.steps.close()
        self.writer.shutdown(wait=True)
        self.reader.shutdown(wait=True)
        if self.bots is not None:
            self.bots.close()

    async def _writes_done(self) -> None:
        """Wait for every table's write under way: an unanswered one, and one a table's
        lock is held for."""
        pending = [t.pending for t in self.tables.values() if t.pending is not None]
        if pending:
            await asyncio.wait(pending)
        while self.steps.running or self.steps.waiting:       # a batch of steps under way
            await asyncio.sleep(0.01)
        for table in list(self.tables.values()):
            async with table.lock:
                pass

    def _launch(self, table: LiveTable, owned: bool = True) -> None:
        self.tables[table.id] = table
        table.owned = owned
        if owned and table.status != "finished":
            table.task = asyncio.get_running_loop().create_task(table.run())
        self._forget_idle_finished()

    def _forget_idle_finished(self) -> None:
        """Drop the oldest finished tables without listeners beyond ``keep_finished``;
        :meth:`get` reloads them from storage when they are asked for again."""
        idle = [key for key, table in self.tables.items()
                if table.status == "finished" and not table.connections
                and (table.task is None or table.task.done())]
        for key in idle[:max(0, len(idle) - self.keep_finished)]:
            del self.tables[key]

    def bot_owner(self, table: LiveTable) -> str:
        """Whom a table's bot work counts to, for the bot lanes' turns: the account that
        opened it, else the network of the address that did (a table this process did not
        open, after a restart: the table alone)."""
        if table.stored.creator is not None:
            return f"user:{table.stored.creator}"
        address = self.clients.owners.get(table.id)
        return f"net:{network_of(address)}" if address else f"table:{table.id}"

    def open_ids(self) -> set[str]:
        return {key for key, table in self.tables.items() if table.status != "finished"}

    async def create(self, data: Any, address: str = "local", table_id: str | None = None,
                     keep_seats: float = 0.0, user: Any = None,
                     invited: list[int] | None = None
                     ) -> tuple[LiveTable, int | None, str | None]:
        """Open a table; returns it, the creator's seat and that seat's secret (the only
        secret the creator ever gets: the other seats are claimed by whoever joins).
        ``keep_seats``: seconds the other human seats are kept for invited players;
        ``user``: the logged-in creator, whose seat is then their account's, under its name;
        ``invited``: accounts invited already (a rematch's), else ``invite`` names friends."""
        open_ids = self.open_ids()
        self.clients.forget_finished(open_ids)
        self.clients.may_create(address, open_ids)
        spec = parse_spec(data, self.bot_delay, self.fixed_seeds, self.limits.max_level)
        account = account_of(user)
        if spec.rated and account is None:
            raise TableError(RATED_NEEDS_ACCOUNT, "rated_needs_account")
        invites, notice = await invitations_for(self, spec, account, invited)
        seat, token = spec.creator_seat, None
        if keep_seats:
            until = time.time() + keep_seats
            for index, entry in enumerate(spec.seats):
                if entry["kind"] == "human" and index != seat:
                    entry["reserved_until"] = until
        hashes: list[str | None] = [None] * spec.players
        if seat is not None:
            token = new_token()
            hashes[seat] = hash_token(token)
            if account is not None:
                spec.creator_name = account["name"]
                sit_account(spec.seats, seat, account)
            if spec.creator_name is not None:
                spec.seats[seat]["name"] = check_name_at_table(
                    spec.creator_name, seat, spec.seats, agent_names(get_game(spec.game)))
        named = seats_ready(spec.seats, spec.rated)
        stored = StoredTable(
            id=table_id or secrets.token_hex(6), game=spec.game, players=spec.players,
            preset=spec.preset,
            options=spec.options, seats=spec.seats, token_hashes=hashes, seed=spec.seed,
            bot_delay=spec.bot_delay, turn_seconds=spec.turn_seconds,
            status="running" if named else "open", hints=spec.hints, rated=spec.rated,
            absent=spec.absent,
            creator=None if account is None else account["id"],
            rules=get_game(spec.game).rules_version())
        stored.private = spec.private
        if self.cluster is not None:
            stored.owner = self.cluster.id
            stored.lease_until = time.time() + self.cluster.lease
        table = LiveTable(self, stored)
        table.chat = deque(maxlen=CHAT_HISTORY)    # a new table has no lines to read back
        table.match.deal()
        table.stored.steps = list(table.match.record.steps)
        if table.state.is_terminal():
            table.status = stored.status = "finished"
        table.deadline = stored.deadline = decision_deadline(
            stored.turn_seconds, table.status, stored.seats, table.state.current_player())
        for tries_left in reversed(range(NEW_ID_TRIES)):
            try:
                await self.store_new_table(stored, invites, notice)
                break
            except IdTaken:
                if table_id is not None or not tries_left:
                    raise DatabaseUnavailable() from None
                log.warning("table id %s was taken already; the new table gets another",
                            stored.id)
                stored.id = table.id = secrets.token_hex(6)
        table.stored.version = table.version
        table.stored.steps = []
        self.clients.created_table(address, table.id)
        self._launch(table)
        self.notices.your_move(table)
        return table, seat, token

    async def rematch(self, old: LiveTable, seat: int, address: str = "local"
                      ) -> tuple[LiveTable, int, str]:
        """The rematch of a finished table for the player of ``seat``: the first to ask opens
        it (same game, preset, options and seats: bots stay bots, the other humans' seats are
        kept for them a while) and sits there; each other player takes their own seat in it,
        with a secret of their own. Returns the table, the seat and its secret."""
        if old.status != "finished":
            raise TableError("a rematch can be opened once the game is over",
                             "rematch_not_over")
        name = old.seats[seat].get("name")
        async with old.rematch_lock:
            target = old.rematch or await self.read(self.storage.rematch_of, old.id)
            if target is None:
                target = secrets.token_hex(6)
                if await self.write(self.storage.set_rematch, old.id, target, None):
                    table, new_seat, token = await self._open_rematch(old, seat, name, target,
                                                                      address)
                    old.point_to_rematch(target)
                    return table, new_seat, token
                target = await self.read(self.storage.rematch_of, old.id)  # another was first
        old.point_to_rematch(target, announce=False)
        table = await self.get(target)
        account = seat_account(old.seats[seat])       # the account stays in its seat
        try:
            new_seat, token = await table.claim(seat, name, True, account)
        except TableError as exc:
            if not exc.code.startswith("name"):
                raise
            new_seat, token = await table.claim(seat, None, True, account)  # a name there
        return table, new_seat, token

    async def _open_rematch(self, old: LiveTable, seat: int, name: str | None, table_id: str,
                            address: str) -> tuple[LiveTable, int, str]:
        seats = [{"kind": "bot", "agent": entry["agent"]} if entry["kind"] == "bot"
                 else {"kind": "human"} for entry in old.seats]
        request = {"game": old.game.name, "players": old.config.players,
                   "preset": old.config.preset, "options": dict(old.config.options),
                   "seats": seats, "bot_delay": old.stored.bot_delay,
                   "turn_seconds": old.stored.turn_seconds, "seat": seat, "name": name,
                   "hints": old.stored.hints, "rated": old.stored.rated,
                   "absent": old.stored.absent, "private": old.stored.private}
        asker = seat_account(old.seats[seat])
        invited = await self.read(rematch_invites, self.storage.engine, old.stored, asker)
        try:
            table, new_seat, token = await self.create(request, address, table_id,
                                                       REMATCH_KEEPS_SEATS, asker, invited)
        except Exception:
            try:                                 # no rematch after all: the next may try
                await self.write(self.storage.set_rematch, old.id, None, table_id)
            except TableError:
                pass
            raise
        return table, new_seat, token

    async def get(self, table_id: Any) -> LiveTable:
        if not isinstance(table_id, str) or not table_id.isalnum() or len(table_id) > 32:
            raise TableError("there is no such table", "no_table", table=str(table_id)[:40])
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.broken:
            raise TableBroken(f"table {table_id} cannot be shown: {self.broken[table_id]}")
        if table_id not in self.loading:          # one load however many ask at once
            self.loading[table_id] = asyncio.ensure_future(self._load(table_id))
        try:
            return await asyncio.shield(self.loading[table_id])
        finally:
            if self.loading.get(table_id) is not None and self.loading[table_id].done():
                self.loading.pop(table_id, None)

    async def _load(self, table_id: str) -> LiveTable:
        stored = await self.read(self.storage.load_table, table_id)
        if stored is None:
            raise TableError(f"there is no table {table_id!r}", "no_table", table=table_id)
        owned = True
        if self.cluster is not None and stored.status != "finished":
            owned = await self.cluster.acquire(table_id)      # else: a mirror of its owner's
        table = self.tables.get(table_id)
        if table is None:
            table = self._rebuild(stored)
            if table is None:
                raise TableBroken(f"table {table_id} cannot be shown: {self.broken[table_id]}")
            self._launch(table, owned)
        return table

    # -- the lobby ------------------------------------------------------------------------------
    async def lobby(self, status: str | None = None, offset: int = 0,
                    limit: int | None = None) -> dict:
        """One page of each list (or of ``status`` only), with the totals. Unfinished tables
        are all in memory; those where somebody is connected come first, so that a flood of
        abandoned tables cannot push the tables people are waiting at out of sight. With
        several processes the lists come from the database, most recently changed first."""
        limit = min(limit or self.limits.lobby_page, self.limits.lobby_page)
        wanted = [status] if status else list(STATUSES)
        page: dict[str, Any] = {"offset": offset, "limit": limit, "totals": {}}
        live = [t for t in self.tables.values()        # private ones stay out of sight
                if t.status != "finished" and not t.stored.private]
        for name in wanted:
            if name == "finished" or self.cluster is not None:
                # with several processes only the database knows every table
                rows, total = await self.read(self.storage.page, name, offset, limit)
                page[name] = [self._summary(row) for row in rows]
            else:
                tables = sorted((t for t in live if t.status == name),
                                key=lambda t: (not t.connections, -t.stored.created))
                total = len(tables)
                page[name] = [t.summary() for t in tables[offset:offset + limit]]
            page["totals"][name] = total
        if status is None:
            page["broken"] = [{**summary, "status": "broken", "broken": self.broken[key]}
                              for key, summary in list(self.broken_summaries.items())[:limit]
                              if not summary.get("private")]
        return page

    def _summary(self, stored: StoredTable) -> dict:
        live = self.tables.get(stored.id)
        return live.summary() if live is not None else table_summary(stored)
