"""Live tables: the server-authoritative match, its seats, bots, turn timer and listeners.

Every change to a table follows one path (:meth:`LiveTable._commit`): apply the action to a
copy of the match, store the new record steps, and only then adopt the copy and queue one
frame per listening connection, each built from that connection's own seat view. A failed
write drops the copy, so memory never runs ahead of the database.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gonets.agents import agent_names, make_agent
from gonets.core import (
    CHANCE,
    TERMINAL,
    IllegalAction,
    Match,
    Record,
    games,
    get_game,
    seat_names,
)
from gonets.server.frames import LogLines, seat_payload
from gonets.server.names import check_name_at_table, clean_name
from gonets.server.spec import TableError, hash_token, new_token, parse_spec
from gonets.server.storage import Storage, StoredTable

__all__ = ["Connection", "LiveTable", "TableError", "TableManager", "clean_name", "hash_token",
           "parse_spec"]

log = logging.getLogger("gonets.server")

MAX_QUEUE = 200
KEEP_FINISHED = 100           # finished tables nobody watches kept in memory (others reload)


class Connection:
    """One websocket listener: its seat (``None`` for a spectator) and an ordered outbox."""

    def __init__(self, send_text, seat: int | None, close_socket=None):
        self.send_text = send_text
        self.close_socket = close_socket
        self.overflowed = False
        self.seat = seat
        self.lang = "en"
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.close_code: int | None = None
        self.sender = asyncio.get_running_loop().create_task(self._send_loop())
        self.closed = False

    def push(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() > MAX_QUEUE:   # a client that stopped reading: let it reconnect
            self.overflowed = True
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.close()
            return
        self.outbox.put_nowait(text)

    def close(self, code: int | None = None) -> None:
        """Stop after what is queued; with ``code`` the socket itself is closed with it."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)

    async def _send_loop(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    code = 1013 if self.overflowed else self.close_code
                    if code is not None and self.close_socket is not None:
                        await self.close_socket(code)
                    return
                await self.send_text(text)
        except Exception:  # noqa: BLE001 - a dead socket ends only its own sender
            self.closed = True


class LiveTable:
    """One table in memory, rebuilt from (and kept in step with) its stored record."""

    def __init__(self, manager: TableManager, stored: StoredTable):
        self.manager = manager
        self.storage: Storage = manager.storage
        self.id = stored.id
        self.stored = stored
        self.game = get_game(stored.game)
        self.config = self.game.configure(stored.players, stored.preset, stored.options)
        self.seats = stored.seats
        self.token_hashes = stored.token_hashes
        self.status = stored.status
        self.match = self._match_from_steps(stored.steps, stored.result)
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.connections: set[Connection] = set()
        self.agents: dict[int, Any] = {}
        self.log_lines: dict[tuple[int | None, str], LogLines] = {}
        self.deadline: float | None = None
        self.last_change = time.time()
        self.task: asyncio.Task | None = None
        self.failure: str | None = None
        self._reset_deadline()

    # -- construction ------------------------------------------------------------------------------
    def _record(self, steps: list[dict], result: dict | None) -> Record:
        return Record(game=self.game.name, players=self.config.players,
                      preset=self.config.preset, options=dict(self.config.options),
                      seats=self.public_seats(), seed=self.stored.seed, steps=list(steps),
                      result=result)

    def _match_from_steps(self, steps: list[dict], result: dict | None) -> Match:
        if not steps:
            match = Match(self.game, self.config, seats=self.public_seats(),
                          seed=self.stored.seed)
            return match
        return Match.from_record(self._record(steps, result))

    # -- facts ----------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.match.record.steps)

    @property
    def state(self):
        return self.match.state

    def public_seats(self) -> list[dict]:
        """Seat facts anybody may see: kind, name, bot name. Never tokens."""
        shown = []
        for seat in self.seats:
            entry = {"kind": seat["kind"], "name": seat.get("name")}
            if seat["kind"] == "bot":
                entry["agent"] = seat["agent"]
            shown.append(entry)
        return shown

    def free_seats(self) -> list[int]:
        """Human seats nobody has claimed yet (no secret was handed out for them)."""
        return [index for index, seat in enumerate(self.seats)
                if seat["kind"] == "human" and self.token_hashes[index] is None]

    def seat_names(self) -> list[str]:
        """What the log calls each seat: the chosen name, else p1, p2..."""
        return seat_names(self.seats)

    def seat_of_token(self, token: Any) -> int:
        if not isinstance(token, str) or not token or len(token) > 200:
            raise TableError("this seat link is not valid (missing or malformed token)")
        digest = hash_token(token)
        for seat, stored in enumerate(self.token_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
        raise TableError("this seat link is not valid for this table (wrong token)")

    def summary(self) -> dict:
        summary = table_summary(self.stored_snapshot())
        for index in self.free_seats():
            summary["seats"][index]["free"] = True
        return summary

    def stored_snapshot(self) -> StoredTable:
        snap = StoredTable(**{**self.stored.__dict__, "steps": []})
        snap.seats, snap.status, snap.version = self.seats, self.status, self.version
        snap.result = self.match.record.result
        return snap

    # -- frames ---------------------------------------------------------------------------------
    def frame(self, seat: int | None, ts: float | None = None, lang: str = "en") -> dict:
        lines, names = self.log_lines.get((seat, lang)), self.seat_names()
        if lines is None or lines.names != names:       # a seat taken or renamed: describe anew
            lines = self.log_lines[(seat, lang)] = LogLines(self.game, lang, seat, names)
        payload = seat_payload(self.game, self.state.view(seat), lines, lang)
        if self.status != "running" or self.failure:
            payload["legal"] = []            # nobody may act before every seat is taken
        payload.update(self.public_frame(ts))
        payload["seat"] = seat
        return payload

    def public_frame(self, ts: float | None = None) -> dict:
        connected = [0] * self.config.players
        spectators = 0
        for conn in self.connections:
            if conn.seat is None:
                spectators += 1
            else:
                connected[conn.seat] += 1
        seats = self.public_seats()
        for index, entry in enumerate(seats):
            entry["connected"] = connected[index] > 0
        for index in self.free_seats():
            seats[index]["free"] = True
        remaining = None
        if self.deadline is not None:
            remaining = round(max(0.0, self.deadline - time.monotonic()), 1)
        return {"type": "state", "table": self.id, "game": self.game.name,
                "title": self.game.title, "version": self.version, "status": self.status,
                "seats": seats, "spectators": spectators, "turn_seconds": self.stored.turn_seconds,
                "turn_left": remaining, "ts": ts or self.last_change, "failure": self.failure}

    def broadcast(self) -> None:
        """Queue a fresh frame for every listener (built once per seat)."""
        texts: dict[tuple[int | None, str], str] = {}
        for conn in list(self.connections):
            if conn.closed:
                self.connections.discard(conn)
                continue
            key = (conn.seat, conn.lang)
            if key not in texts:
                texts[key] = json.dumps(self.frame(conn.seat, lang=conn.lang),
                                        ensure_ascii=False)
            conn.push(texts[key])

    # -- listeners ------------------------------------------------------------------------------
    def attach(self, conn: Connection) -> int:
        """Add a listener. A seat plays from one place at a time: other connections of the
        same seat are told that it was opened elsewhere and closed (they may take it back);
        returns how many were displaced."""
        displaced = 0
        if conn.seat is not None:
            for other in [c for c in self.connections if c.seat == conn.seat]:
                self.displace(other, "your seat was opened in another place (another tab, "
                                     "browser or device); this page no longer plays it")
                displaced += 1
        self.connections.add(conn)
        self.broadcast()
        return displaced

    def displace(self, conn: Connection, message: str, link_changed: bool = False) -> None:
        conn.push(json.dumps({"type": "displaced", "message": message,
                              "link_changed": link_changed}))
        self.connections.discard(conn)
        conn.close(4409)

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        conn.close()
        key = (conn.seat, conn.lang)
        if not any((other.seat, other.lang) == key for other in self.connections):
            self.log_lines.pop(key, None)    # nobody listens in that language any more
        self.broadcast()

    # -- changes --------------------------------------------------------------------------------
    async def set_name(self, seat: int, name: Any) -> None:
        async with self.lock:
            if self.status == "finished":
                raise TableError("the game is over; the names stay as they were in the record")
            name = check_name_at_table(name, seat, self.seats, agent_names(self.game))
            if self.seats[seat].get("name") == name:
                return                       # a rejoin under the saved name: nothing changes
            seats = [dict(entry) for entry in self.seats]
            seats[seat]["name"] = name
            await self._store_seats(seats, self.token_hashes, "the name")

    async def claim(self, seat: Any = None, name: Any = None) -> tuple[int, str]:
        """Give a free human seat (``seat``, or the first free one) to whoever asks, with a
        fresh secret that only they receive; ``name`` sits them down at once."""
        async with self.lock:
            free = self.free_seats()
            if self.status == "finished":
                raise TableError("the game is over; no seat can be taken")
            if not free:
                raise TableError("every seat at this table is taken")
            if seat is None:
                seat = free[0]
            if not isinstance(seat, int) or isinstance(seat, bool) or seat not in free:
                raise TableError(f"'seat' must be a free seat: "
                                 f"{', '.join(str(i) for i in free)}")
            seats = [dict(entry) for entry in self.seats]
            if name is not None:
                seats[seat]["name"] = check_name_at_table(name, seat, seats,
                                                          agent_names(self.game))
            token = new_token()
            hashes = list(self.token_hashes)
            hashes[seat] = hash_token(token)
            await self._store_seats(seats, hashes, "the seat")
            return seat, token

    async def rekey(self, seat: int, keep: Connection) -> str:
        """Take a seat back: a new secret for the place that asks; every other place of the
        seat is closed and its old link stops working."""
        async with self.lock:
            token = new_token()
            hashes = list(self.token_hashes)
            hashes[seat] = hash_token(token)
            await self._store_seats(self.seats, hashes, "the new seat link")
            for other in [c for c in self.connections if c.seat == seat and c is not keep]:
                self.displace(other, "your seat was taken back from another place with a new "
                                     "link; this link no longer works", link_changed=True)
            return token

    async def _store_seats(self, seats: list[dict], hashes: list, what: str) -> None:
        """Store seats, secrets and the status they imply, then adopt them (lock held)."""
        status = self.status
        if status == "open" and all(s.get("name") for s in seats):
            status = "running"
        try:
            await self.manager.write(self.storage.update_seats, self.id, seats, status, hashes)
        except Exception as exc:
            log.exception("table %s: storing %s failed", self.id, what)
            raise TableError(f"the server could not store {what}; please try again") from exc
        started = status != self.status
        self.seats, self.status, self.token_hashes = seats, status, hashes
        self.match.record.seats = self.public_seats()
        self.stored.seats, self.stored.status, self.stored.token_hashes = seats, status, hashes
        if started:
            self._reset_deadline()
        self.wake.set()
        self.broadcast()

    async def submit(self, seat: int, action: Any, version: Any = None) -> None:
        """A human seat's action (its notation). Refusals raise :class:`TableError`/
        :class:`IllegalAction` and change nothing."""
        if not isinstance(action, str):
            raise TableError("'action' must be the action's notation (text)")
        if len(action) > 200:
            raise TableError("that action notation is too long to be an action")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise TableError("'version' must be a whole number")
        async with self.lock:
            self._check_open_for(seat, version)
            await self._commit(seat, action)

    def _check_open_for(self, seat: int, version: Any) -> None:
        if self.failure:
            raise TableError(f"this table is stopped: {self.failure}")
        if self.status == "finished" or self.state.is_terminal():
            raise TableError("the game is over; no more actions are accepted")
        if self.status == "open":
            raise TableError("the table waits for every player to choose a name")
        if version is not None and version != self.version:
            raise TableError(f"that action was chosen at step {version} but the table is at step "
                             f"{self.version} (a repeated click?); nothing was done")
        deciding = self.state.current_player()
        if deciding != seat:
            raise TableError(f"it is not your turn: p{deciding + 1} decides now"
                             if deciding >= 0 else "nobody can act right now")

    async def _commit(self, seat: int, action: Any) -> None:
        """Apply the action to a copy of the match, store the new steps, and only then make
        the copy the table's match and tell listeners. Called with the table's lock held;
        while the write is under way, everybody still sees the stored state."""
        taken = time.time()
        trial = self.match.fork()
        start = len(trial.record.steps)
        trial.act(seat, action)             # IllegalAction: nothing changed anywhere
        new_steps = trial.record.steps[start:]
        status = "finished" if trial.state.is_terminal() else self.status
        try:
            await self.manager.write(self.storage.append_steps, self.id, start, new_steps,
                                     status, trial.record.result)
        except Exception as exc:
            log.exception("table %s: storing steps failed", self.id)
            raise TableError("the server could not store that action; nothing was done, "
                             "please try again") from exc
        self.match = trial
        self.status = status
        self.stored.status, self.stored.version = status, self.version
        self.stored.result = trial.record.result
        self.last_change = self.stored.updated = taken
        self._reset_deadline()
        self.wake.set()
        self.broadcast()

    def _reset_deadline(self) -> None:
        seconds = self.stored.turn_seconds
        deciding = self.state.current_player()
        if (seconds and self.status == "running" and deciding >= 0
                and self.seats[deciding]["kind"] == "human"):
            self.deadline = time.monotonic() + seconds
        else:
            self.deadline = None

    # -- bots and the turn timer ---------------------------------------------------------------
    def agent_for(self, seat: int) -> Any:
        agent = self.agents.get(seat)
        if agent is None:
            entry = self.seats[seat]
            name = entry["agent"] if entry["kind"] == "bot" else entry.get("fallback", "random")
            agent = make_agent(name, self.game, self.config, seat,
                               seed=self.stored.seed)
            self.agents[seat] = agent
        return agent

    async def run(self) -> None:
        """Drive the table: bots move after ``bot_delay``; absent humans after the timer."""
        while self.status != "finished" and not self.failure:
            try:
                await self._drive_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.exception("table %s stopped", self.id)
                self.failure = f"internal error ({type(exc).__name__}); the record is safe"
                self.broadcast()

    async def _drive_once(self) -> None:
        self.wake.clear()
        deciding = self.state.current_player()
        if self.status == "open" or deciding in (CHANCE, TERMINAL):
            await self.wake.wait()
        elif self.seats[deciding]["kind"] == "bot":
            version = self.version
            await asyncio.sleep(self.stored.bot_delay)
            await self._bot_move(deciding, version)
        elif self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                await self._bot_move(deciding, self.version)
            else:
                try:
                    await asyncio.wait_for(self.wake.wait(), left)
                except TimeoutError:
                    pass
        else:
            await self.wake.wait()

    async def _bot_move(self, seat: int, version: int) -> None:
        if self.version != version or self.state.current_player() != seat:
            return
        view = self.state.view(seat)
        legal = list(self.state.legal_actions())
        agent = self.agent_for(seat)
        try:
            action = await asyncio.to_thread(agent.act, view, legal)
        except Exception as exc:
            log.exception("table %s: bot of seat %d failed", self.id, seat)
            self.failure = f"the bot of p{seat + 1} failed ({type(exc).__name__})"
            self.broadcast()
            return
        async with self.lock:
            if self.version != version or self.state.current_player() != seat:
                return
            try:
                await self._commit(seat, action)
            except IllegalAction as exc:        # a faulty agent: play a random legal move
                log.error("table %s: bot move %r refused (%s); playing at random",
                          self.id, action, exc)
                await self._commit(seat, legal[secrets.randbelow(len(legal))])
            except TableError:                  # storage trouble: the next round retries
                await asyncio.sleep(0.5)

    # -- replay ---------------------------------------------------------------------------------
    def record(self) -> Record:
        return self._record(self.match.record.steps, self.match.record.result)


def table_summary(stored: StoredTable) -> dict:
    """A lobby line for a table: public facts and, when finished, the result."""
    game = games().get(stored.game)
    summary = {
        "id": stored.id, "game": stored.game, "title": game.title if game else stored.game,
        "preset": stored.preset, "players": stored.players, "status": stored.status,
        "version": stored.version, "created": stored.created, "updated": stored.updated,
        "bot_delay": stored.bot_delay, "turn_seconds": stored.turn_seconds,
        "seats": [{"kind": s["kind"], "name": s.get("name"), "agent": s.get("agent")}
                  for s in stored.seats],
    }
    if stored.result is not None:
        summary["result"] = {"scores": stored.result.get("scores"),
                             "winners": stored.result.get("winners")}
    return summary


class TableManager:
    """All tables of one server: creation, lookup, resumption after a restart."""

    def __init__(self, storage: Storage, bot_delay: float = 1.0, fixed_seeds: bool = False):
        self.storage = storage
        self.bot_delay = bot_delay
        self.fixed_seeds = fixed_seeds
        self.tables: dict[str, LiveTable] = {}
        self.keep_finished = KEEP_FINISHED
        self.writer = None if storage.is_sqlite else ThreadPoolExecutor(
            max_workers=4, thread_name_prefix="gonets-db")

    async def write(self, method, *args) -> None:
        """Run a storage write: inline for SQLite (a fraction of a millisecond), in a worker
        thread for a database server, so one table's commit never stalls the others."""
        if self.writer is None:
            method(*args)
        else:
            await asyncio.get_running_loop().run_in_executor(self.writer, method, *args)

    async def start(self) -> None:
        """Resume every unfinished table from its stored record (bots included)."""
        for table_id in self.storage.unfinished_ids():
            stored = self.storage.load_table(table_id)
            try:
                table = LiveTable(self, stored)
            except Exception:
                log.exception("table %s could not be resumed", table_id)
                continue
            self._launch(table)

    async def stop(self) -> None:
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
            for conn in list(table.connections):
                conn.close()
        tasks = [t.task for t in self.tables.values() if t.task is not None]
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.writer is not None:
            self.writer.shutdown(wait=True)

    def _launch(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        if table.status != "finished":
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

    def create(self, data: Any) -> tuple[LiveTable, int | None, str | None]:
        """Open a table; returns it, the creator's seat and that seat's secret (the only
        secret the creator ever gets: the other seats are claimed by whoever joins)."""
        spec = parse_spec(data, self.bot_delay, self.fixed_seeds)
        seat, token = spec.creator_seat, None
        hashes: list[str | None] = [None] * spec.players
        if seat is not None:
            token = new_token()
            hashes[seat] = hash_token(token)
            if spec.creator_name is not None:
                spec.seats[seat]["name"] = check_name_at_table(
                    spec.creator_name, seat, spec.seats, agent_names(get_game(spec.game)))
        named = all(s.get("name") for s in spec.seats)
        stored = StoredTable(
            id=secrets.token_hex(6), game=spec.game, players=spec.players, preset=spec.preset,
            options=spec.options, seats=spec.seats, token_hashes=hashes, seed=spec.seed,
            bot_delay=spec.bot_delay, turn_seconds=spec.turn_seconds,
            status="running" if named else "open")
        table = LiveTable(self, stored)
        table.match.deal()
        table.stored.steps = list(table.match.record.steps)
        if table.state.is_terminal():
            table.status = stored.status = "finished"
        self.storage.create_table(stored)
        table.stored.version = table.version
        table.stored.steps = []
        self._launch(table)
        return table, seat, token

    def get(self, table_id: Any) -> LiveTable:
        if not isinstance(table_id, str) or not table_id.isalnum() or len(table_id) > 32:
            raise TableError("there is no such table")
        table = self.tables.get(table_id)
        if table is None:
            stored = self.storage.load_table(table_id)
            if stored is None:
                raise TableError(f"there is no table {table_id!r}")
            table = LiveTable(self, stored)
            self._launch(table)
        return table

    def lobby(self) -> dict:
        groups: dict[str, list] = {"open": [], "running": [], "finished": []}
        for stored in self.storage.summaries():
            live = self.tables.get(stored.id)
            summary = live.summary() if live is not None else table_summary(stored)
            groups.setdefault(summary["status"], []).append(summary)
        return groups

