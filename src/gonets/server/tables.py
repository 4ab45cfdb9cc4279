"""Live tables: the server-authoritative match, its seats, bots, turn timer and listeners.

Every change to a table follows one path (:meth:`LiveTable._commit`): apply the action to a
copy of the match, store the new record steps, and only then adopt the copy and queue one
frame per listening connection, each built from that connection's own seat view. A failed
write drops the copy, so memory never runs ahead of the database.

Three mixins hold the rest of a table, one concern each: its seats and their secrets
(:mod:`gonets.server.seating`), its chat (:mod:`gonets.server.chatting`), and what moves it on
by itself, bots, the turn timer and hints (:mod:`gonets.server.driving`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from gonets.core import (
    Match,
    Record,
    games,
    get_game,
    seat_names,
)
from gonets.core.botnames import PERSONA
from gonets.core.record import apply_step
from gonets.server.accounts.players import (
    attach_account,
    public_account,
)
from gonets.server.chatting import TableChat
from gonets.server.connection import Connection
from gonets.server.deadlines import (
    away_seconds,
    decision_deadline,
    public_dropped,
    turn_left,
    with_abandoned,
)
from gonets.server.driving import TableDriver
from gonets.server.faults import DatabaseUnavailable, OutcomeUnknown
from gonets.server.frames import LogLines, log_from, seat_payload, wire
from gonets.server.metrics import STEPS, UPDATE
from gonets.server.seating import TableSeating
from gonets.server.spec import TableError
from gonets.server.standins import StandIns
from gonets.server.storage import (
    LeaseLost,
    MissingTable,
    StepConflict,
    Storage,
    StoredTable,
)

if TYPE_CHECKING:
    from gonets.server.host import TableHost

__all__ = ["Connection", "LiveTable", "TableError", "table_summary"]

log = logging.getLogger("gonets.server")

RETRY_PAUSES = (0.0, 0.1, 0.3, 0.6)   # seconds before each try of a write
PRESENCE_EVERY = 0.25          # seconds between presence updates of a table, at most
KEEP_FINISHED = 100           # finished tables nobody watches kept in memory (others reload)


class LiveTable(TableSeating, TableChat, TableDriver):
    """One table in memory, rebuilt from (and kept in step with) its stored record."""

    def __init__(self, manager: TableHost, stored: StoredTable):
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
        self.log_sent: dict[tuple[int | None, str], tuple] = {}   # see :meth:`broadcast`
        self.answer: tuple[Connection, Any, int] | None = None   # see :meth:`submit`
        self.deadline: float | None = None
        self.last_change = time.time()
        self.task: asyncio.Task | None = None
        self.failure: str | None = None
        self.presence_due: asyncio.TimerHandle | None = None
        self.pending: asyncio.Task | None = None    # a write whose outcome is not known yet
        self.owned = True                # False: a mirror of a table another process runs
        self.owner: str | None = stored.owner
        self.rematch: str | None = stored.rematch      # the table its players went on to
        self.rematch_lock = asyncio.Lock()
        self.hint_searches: dict[tuple[int, int], asyncio.Future] = {}
        self.stand_ins = StandIns.of_record(self.match.record)
        self.chat: deque[dict] | None = None            # the last lines, once read
        self.spectators_seen = 0                       # numbers "spectator N" at this table
        self.deadline = self.resumed_deadline()         # wall clock (time.time)

    # -- construction ------------------------------------------------------------------------------
    def _record(self, steps: list[dict], result: dict | None) -> Record:
        return Record(game=self.game.name, players=self.config.players,
                      preset=self.config.preset, options=dict(self.config.options),
                      seats=self.public_seats(), seed=self.stored.seed, steps=list(steps),
                      result=result, rules=self.stored.rules)

    def _match_from_steps(self, steps: list[dict], result: dict | None) -> Match:
        if not steps:
            match = Match(self.game, self.config, seats=self.public_seats(),
                          seed=self.stored.seed)
            return match
        match = Match.from_record(self._record(steps, result))
        self.stored.rules = match.record.rules       # steps of older rules are migrated now
        return match

    # -- facts ----------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.match.record.steps)

    @property
    def state(self):
        return self.match.state

    def public_seats(self) -> list[dict]:
        """Seat facts anybody may see: kind, name, a bot's agent and person-name, the
        account's name of a seat an account holds. Never tokens, never account ids."""
        shown = []
        for seat in self.seats:
            entry = {"kind": seat["kind"], "name": seat.get("name")}
            if seat["kind"] == "bot":
                entry["agent"] = seat["agent"]
                if seat.get(PERSONA):
                    entry[PERSONA] = seat[PERSONA]
            shown.append(public_dropped(public_account(entry, seat), seat))
        return shown

    def seat_names(self, lang: str = "en") -> list[str]:
        """What the log calls each seat in ``lang``: the chosen name, else p1, p2...; a bot
        by its person-name and level ("Vera · hard bot")."""
        return seat_names(self.seats, lang)

    def summary(self) -> dict:
        summary = table_summary(self.stored_snapshot())
        self._mark_free(summary["seats"])
        return summary

    def stored_snapshot(self) -> StoredTable:
        snap = StoredTable(**{**self.stored.__dict__, "steps": []})
        snap.seats, snap.status, snap.version = self.seats, self.status, self.version
        snap.result = self.match.record.result
        return snap

    # -- frames ---------------------------------------------------------------------------------
    def frame(self, seat: int | None, ts: float | None = None, lang: str = "en") -> dict:
        lines, names = self.log_lines.get((seat, lang)), self.seat_names(lang)
        if lines is None or lines.names != names:       # a seat taken or renamed: describe anew
            lines = self.log_lines[(seat, lang)] = LogLines(self.game, lang, seat, names)
        marks = self.stand_ins.marks(seat) if self.stand_ins.spans else None
        payload = seat_payload(self.game, self.state.view(seat), lines, lang, marks=marks)
        if self.status != "running" or self.failure:
            payload.update(legal=[], picks={}, prompts={})  # nobody acts before all are seated
        if self.ended():
            payload["view"]["result"] = self.match.record.result
        payload.update(self.public_frame(ts))
        payload["seat"] = seat
        return payload

    def presence(self) -> tuple[list[bool], int]:
        """Which seats have a connected player, and how many spectators watch."""
        connected = [False] * self.config.players
        spectators = 0
        for conn in self.connections:
            if conn.seat is None:
                spectators += 1
            else:
                connected[conn.seat] = True
        return connected, spectators

    def spectator_count(self) -> int:
        return sum(conn.seat is None for conn in self.connections)

    def spectator_room(self) -> int:
        """Spectators this table takes: its connection cap less one place per seat (players
        always get in; each seat plays from one place)."""
        return max(0, self.manager.limits.connections_per_table - self.config.players)

    def ended(self) -> str | None:
        """Why the match was stopped before its end (the step limit), if it was."""
        detail = (self.match.record.result or {}).get("detail") or {}
        return detail.get("stopped")

    def public_frame(self, ts: float | None = None) -> dict:
        connected, spectators = self.presence()
        seats = self.public_seats()
        for index, entry in enumerate(seats):
            entry["connected"] = connected[index]
            if self.seats[index].get("away") and self.status == "running":
                entry["away"] = True          # missed a deadline: the short timer applies
        self._mark_free(seats)
        remaining = turn_left(self.deadline)
        return {"type": "state", "table": self.id, "game": self.game.name,
                "title": self.game.title, "version": self.version, "status": self.status,
                "seats": seats, "spectators": spectators, "turn_seconds": self.stored.turn_seconds,
                "away_seconds": away_seconds(self.stored.turn_seconds),
                "turn_left": remaining, "ts": ts or self.last_change, "failure": self.failure,
                "ended": self.ended(), "rematch": self.rematch, "hints": self.stored.hints}

    def broadcast(self, answering: bool = False) -> None:
        """Queue a fresh frame for every listener (built once per seat and language, and
        written once whole and once as its log's new entries for protocol 2); ``answering``
        (a stored move's frames): the move's sender gets its frame with the ``ack``
        (:meth:`submit`)."""
        frames: dict[tuple[int | None, str], tuple[dict, int]] = {}
        sent: dict[tuple, bytes] = {}
        for conn in list(self.connections):
            if conn.closed:
                self.connections.discard(conn)
                continue
            key = (conn.seat, conn.lang)
            if key not in frames:
                frames[key] = self._next_frame(conn.seat, conn.lang)
            tail = conn.protocol == 2 and frames[key][1] > 0
            if answering and self.answer is not None and conn is self.answer[0] and \
                    self.version > self.answer[2]:          # the frame of its move
                frame, start = frames[key]
                conn.push(wire({**(log_from(frame, start) if tail else frame),
                                "ack": self.answer[1]}))
                self.answer = None
                continue
            if key + (tail,) not in sent:
                frame, start = frames[key]
                sent[key + (tail,)] = wire(log_from(frame, start) if tail else frame)
            conn.push(sent[key + (tail,)])

    def _next_frame(self, seat: int | None, lang: str) -> tuple[dict, int]:
        """The frame of ``seat`` in ``lang``, and how much of its log every listener holds:
        each holds the last one broadcast to them or a whole one sent since (:meth:`attach`),
        so all of the last broadcast's log, unless the lines were written afresh since (a
        seat renamed: another LogLines, or another generation of it), and then none."""
        frame = self.frame(seat, lang=lang)
        lines = self.log_lines[(seat, lang)]
        held = self.log_sent.get((seat, lang))
        self.log_sent[(seat, lang)] = (lines, lines.generation, len(frame["log"]))
        if held is not None and held[:2] == (lines, lines.generation):
            return frame, held[2]
        return frame, 0

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
        if conn.seat is None and conn.spectator_number is None:
            self.spectators_seen += 1
            conn.spectator_number = self.spectators_seen
        self.connections.add(conn)
        try:
            whole = wire(self.frame(conn.seat, lang=conn.lang))
        except Exception:
            self.connections.discard(conn)   # it would get a broadcast's log without its start
            raise
        conn.push(whole)
        self.announce_presence()
        return displaced

    def announce_presence(self) -> None:
        """Tell every listener who is connected: one small message, sent at most every
        ``PRESENCE_EVERY`` seconds however many join or leave (never whole frames)."""
        if self.presence_due is None:
            self.presence_due = asyncio.get_running_loop().call_later(
                PRESENCE_EVERY, self._send_presence)

    def _send_presence(self) -> None:
        self.presence_due = None
        connected, spectators = self.presence()
        data = wire({"type": "presence", "table": self.id, "connected": connected,
                     "free": self.free_seats(), "spectators": spectators})
        for conn in list(self.connections):
            conn.push(data)

    def displace(self, conn: Connection, message: str, link_changed: bool = False) -> None:
        conn.push(wire({"type": "displaced", "message": message, "link_changed": link_changed}))
        self.connections.discard(conn)
        conn.close(4409)

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        conn.close()
        key = (conn.seat, conn.lang)
        if not any((other.seat, other.lang) == key for other in self.connections):
            self.log_lines.pop(key, None)    # nobody listens in that language any more
            self.log_sent.pop(key, None)
        self.announce_presence()

    # -- changes --------------------------------------------------------------------------------
    async def submit(self, seat: int, action: Any, version: Any = None,
                     answer: tuple[Connection, Any] | None = None) -> bool:
        """A human seat's action (its notation). Refusals raise :class:`TableError`/
        :class:`IllegalAction` and change nothing. ``answer``: (the protocol-2 connection
        that sent it, the message's ``ref``): the frame of the move it makes carries the
        ``ref`` as its ``ack``, in place of an acknowledgement of its own; True when it did
        (else the caller acknowledges the move)."""
        if not isinstance(action, str):
            raise TableError("'action' must be the action's notation (text)", "bad_message")
        if len(action) > 200:
            raise TableError("that action notation is too long to be an action", "bad_message")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise TableError("'version' must be a whole number", "bad_message")
        if not self.owned:
            await self.manager.cluster.call(self, "submit", seat, action, version)
            return False
        async with self.lock:
            self._check_open_for(seat, version)
            self.answer = None if answer is None else (*answer, self.version)
            try:
                # a move of their own brings an away player back: stored with the move, so
                # a refused move changes nothing and an accepted one always brings them back
                await self._commit(seat, action, back=bool(self.seats[seat].get("away")))
                return answer is not None and self.answer is None
            finally:
                self.answer = None

    def _check_open_for(self, seat: int, version: Any) -> None:
        if self.failure:
            raise TableError(f"this table is stopped: {self.failure}", "table_stopped",
                             reason=self.failure)
        if self.pending is not None:
            raise TableError("the table waits for the database to answer about the last "
                             "action; nothing was done", "action_pending")
        if self.status == "finished" or self.state.is_terminal():
            raise TableError("the game is over; no more actions are accepted", "game_over")
        if self.status == "open":
            raise TableError("the table waits for every player to choose a name", "waiting_names")
        if version is not None and version != self.version:
            raise TableError(f"that action was chosen at step {version} but the table is at step "
                             f"{self.version} (a repeated click?); nothing was done",
                             "stale_action")
        deciding = self.state.current_player()
        if deciding != seat:
            raise TableError(f"it is not your turn: p{deciding + 1} decides now"
                             if deciding >= 0 else "nobody can act right now", "not_your_turn")

    async def _commit(self, seat: int, action: Any, stand_in: bool = False,
                      back: bool = False) -> None:
        """Apply the action to a copy of the match, store the new steps, and only then make
        the copy the table's match and tell listeners. Called with the table's lock held;
        while the write is under way, everybody still sees the stored state. ``stand_in``:
        a bot plays for the absent human of ``seat`` (the step says so). ``back``: the
        player of ``seat``, marked away, is back, stored in the same write; the next
        decision's deadline is theirs as a player present."""
        taken = time.time()
        trial = self.match.fork()
        start = len(trial.record.steps)
        trial.act(seat, action)             # IllegalAction: nothing changed anywhere
        if stand_in:
            trial.record.steps[start] = {**trial.record.steps[start], "stand_in": True}
        self._stop_at_the_step_limit(trial)
        returned = seat if back else None
        seated = (self._returned(seat) if back else None) or self.seats   # after the move
        trial.record.result = with_abandoned(trial.record.result, seated)
        new_steps = trial.record.steps[start:]
        status = "finished" if trial.record.result is not None else self.status
        deadline = decision_deadline(self.stored.turn_seconds, status, seated,
                                     trial.state.current_player())
        try:
            await self._store_steps(start, new_steps, status, trial.record.result, deadline,
                                    returned)
        except OutcomeUnknown:
            self.pending = asyncio.get_running_loop().create_task(
                self._settle(trial, start, new_steps, status, taken, seat, deadline, returned))
            raise TableError("the database does not answer, so it is not known yet whether "
                             "that action was stored; the table waits and shows the outcome "
                             "as soon as the database is back", "outcome_unknown") from None
        self._adopt(trial, status, taken, deadline, returned)
        if back:
            log.info("table %s: p%d is back (a move of their own)", self.id, seat + 1)
        UPDATE.observe(time.time() - taken)

    def _adopt(self, trial: Match, status: str, taken: float,
               deadline: float | None = None, back: int | None = None) -> None:
        """Make a stored trial the table's match (its next decision's stored ``deadline``;
        ``back``: the seat whose away mark was cleared with it) and tell every listener."""
        start = self.version
        STEPS.inc(len(trial.record.steps) - start)
        if start < len(trial.record.steps):      # its first step: the one a seat chose
            self.stand_ins.observe(self.state, trial.record.steps[start], start)
        returned = self._returned(back) if back is not None else None
        if returned is not None:
            self.seats = self.stored.seats = returned
            trial.record.seats = self.public_seats()
        self.match = trial
        self.status = status
        self.stored.status, self.stored.version = status, self.version
        self.stored.result = trial.record.result
        self.last_change = self.stored.updated = taken
        self.deadline = self.stored.deadline = deadline
        self.wake.set()
        self.broadcast(answering=True)
        self.manager.changed(self, start)
        self.manager.notices.your_move(self)

    async def _store_steps(self, start: int, steps: list[dict], status: str,
                           result: dict | None, deadline: float | None = None,
                           back: int | None = None) -> None:
        """Store new steps (and the return of seat ``back``, when given, in the same
        transaction), retrying while the database does not answer. The write is keyed by
        (table, step index), so a retry after a COMMIT whose answer was lost finds the
        steps stored and succeeds without storing them twice. Raises :class:`TableError`
        with the truth when they were not stored, :class:`OutcomeUnknown` when the database
        stayed silent."""
        for pause in RETRY_PAUSES:
            await asyncio.sleep(pause)
            try:
                await self.manager.append_steps(self.id, start, steps, status, result,
                                                self.manager.process_id, deadline, back)
                return
            except DatabaseUnavailable:
                continue
            except LeaseLost:
                await self.lost_lease()
                raise TableError("this table moved to another server process meanwhile; "
                                 "that action was not applied: please try again",
                                 "table_moved") from None
            except StepConflict:
                await self.reload()
                raise TableError("this table had moved on meanwhile; that action was not "
                                 "applied: look at the table again", "stale_action") from None
            except MissingTable as exc:
                self.mark_broken(str(exc))
                raise TableError(f"this table cannot go on: {exc}", "table_stopped",
                                 reason=str(exc)) from None
        try:                                # writes fail: does the database still read?
            stored = await self.manager.read(self.storage.steps_from, self.id, start,
                                             len(steps))
        except DatabaseUnavailable:
            raise OutcomeUnknown() from None
        if stored == steps:
            return                          # stored after all (its answer was lost)
        if stored:
            await self.reload()
            raise TableError("this table had moved on meanwhile; that action was not "
                             "applied: look at the table again", "stale_action")
        raise TableError("the server could not store that action; nothing was done, "
                         "please try again", "not_stored")

    async def _settle(self, trial: Match, start: int, steps: list[dict], status: str,
                      taken: float, seat: int, deadline: float | None = None,
                      back: int | None = None) -> None:
        """After an unanswered write: keep trying the same (idempotent) write until the
        database answers; then adopt the trial (and the return of seat ``back``), or the
        stored record if it differs."""
        try:
            while True:
                try:
                    await self._store_steps(start, steps, status, trial.record.result,
                                            deadline, back)
                    break
                except OutcomeUnknown:
                    continue
                except TableError:
                    return                          # reloaded or broken: listeners told
            async with self.lock:
                self._adopt(trial, status, taken, deadline, back)
            notice = wire({"type": "notice", "code": "action_stored", "params": {},
                           "message": "the database answers again: your last action was "
                                      "stored"})
            for conn in [c for c in self.connections if c.seat == seat]:
                conn.push(notice)
        finally:
            self.pending = None

    async def reload(self) -> None:
        """Rebuild the match from what is stored (after another writer's steps)."""
        stored = await self.manager.read(self.storage.load_table, self.id)
        if stored is None:
            self.mark_broken("its record is no longer in the database")
            return
        self.stored = stored
        self.seats, self.token_hashes, self.status = stored.seats, stored.token_hashes, \
            stored.status
        self.match = self._match_from_steps(stored.steps, stored.result)
        self.stand_ins = StandIns.of_record(self.match.record)
        self.rematch = stored.rematch
        self.stored.steps = []
        self.deadline = self.resumed_deadline()
        self.wake.set()
        self.broadcast()

    # -- rematch ----------------------------------------------------------------------------
    def point_to_rematch(self, table_id: str, announce: bool = True) -> None:
        """This finished table's players went on to ``table_id``: tell every listener (and,
        with ``announce``, the other processes)."""
        if self.rematch == table_id:
            return
        self.rematch = self.stored.rematch = table_id
        self.broadcast()
        if announce and self.manager.cluster is not None:
            asyncio.get_running_loop().create_task(
                self.manager.cluster.announce(self.id, {"rematch": table_id}))

    # -- several processes ---------------------------------------------------------------
    async def run_forwarded(self, method: str, args: list) -> Any:
        """A request a mirror in another process received for this (owned) table."""
        if method == "submit":
            await self.submit(*args)
        elif method == "set_name":
            await self.set_name(*args)
        elif method == "claim":
            return list(await self.claim(*args))
        elif method == "rekey":
            return await self.rekey(args[0], None)
        elif method == "attach_account":
            await attach_account(self, *args)
        elif method == "come_back":
            await self.come_back(*args)
        else:
            raise TableError(f"unknown forwarded request {method!r}", "internal")
        return None

    def become_mirror(self) -> None:
        """Another process owns the table now: stop driving it (its loop ends at the next
        turn; a bot decision under way is dropped), follow the owner's updates."""
        self.owned = False
        self.task = None
        self.wake.set()

    async def lost_lease(self) -> None:
        """A write found another process holding the table: follow it from now on."""
        log.warning("table %s: another process holds it now", self.id)
        self.become_mirror()
        self.owner = await self.manager.read(self.storage.owner_of, self.id)
        await self.reload()

    def become_owner(self) -> None:
        self.owned = True
        if self.task is None and self.status != "finished":
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def follow(self, update: dict) -> None:
        """Apply an update of the owner: its new steps, seats and status. A gap (an update
        missed) or anything that does not apply reloads the table from the database."""
        self.owner = update.get("owner", self.owner)
        if "start" not in update:
            return
        steps, start = update["steps"], update["start"]
        try:
            if start + len(steps) > self.version:
                if start > self.version:
                    raise ValueError("an update was missed")
                for index in range(self.version, start + len(steps)):
                    step = steps[index - start]
                    self.stand_ins.observe(self.match.state, step, index)
                    apply_step(self.match.state, step, index)
                    self.match.record.steps.append(step)
        except Exception:  # noqa: BLE001 - the database has the truth
            await self.reload()
            return
        self.match.record.result = update["result"]
        self.failure = update.get("failure")
        changed_hashes = update["hashes"] != self.token_hashes
        self.seats, self.token_hashes, self.status = update["seats"], update["hashes"], \
            update["status"]
        self.stored.seats, self.stored.token_hashes = self.seats, self.token_hashes
        self.stored.status, self.stored.version = self.status, self.version
        self.stored.result = update["result"]
        self.match.record.seats = self.public_seats()
        self.last_change = time.time()
        self.stored.deadline = update.get("deadline", self.stored.deadline)
        self.deadline = self.resumed_deadline()   # shown only: the owner runs the timer
        if changed_hashes:
            for conn in [c for c in self.connections if c.seat is not None
                         and c.token_hash != self.token_hashes[c.seat]]:
                self.displace(conn, "your seat was taken back from another place with a new "
                                    "link; this link no longer works", link_changed=True)
        self.broadcast()

    def mark_broken(self, reason: str) -> None:
        log.error("table %s is broken: %s", self.id, reason)
        self.failure = reason
        self.manager.broken[self.id] = reason
        self.manager.broken_summaries[self.id] = self.summary()
        self.wake.set()
        self.broadcast()

    def step_limit(self) -> int:
        return self.manager.limits.max_steps or self.game.step_limit(self.config)

    def _stop_at_the_step_limit(self, trial: Match) -> None:
        """A match that reaches the table's step limit ends as a draw, saying why."""
        limit = self.step_limit()
        if trial.state.is_terminal() or len(trial.record.steps) < limit:
            return
        players = self.config.players
        trial.record.result = {"scores": [0.0] * players, "winners": [], "detail": {
            "stopped": f"the game reached this table's limit of {limit} steps and ended "
                       "as a draw"}}

    # -- replay ---------------------------------------------------------------------------------
    def record(self) -> Record:
        return self._record(self.match.record.steps, self.match.record.result)


def summary_seat(seat: dict) -> dict:
    """A seat as a lobby line shows it: kind, name, a bot's agent and person-name."""
    entry = {"kind": seat["kind"], "name": seat.get("name"), "agent": seat.get("agent")}
    if seat.get(PERSONA):
        entry[PERSONA] = seat[PERSONA]
    return entry


def table_summary(stored: StoredTable) -> dict:
    """A lobby line for a table: public facts and, when finished, the result."""
    game = games().get(stored.game)
    summary = {
        "id": stored.id, "game": stored.game, "title": game.title if game else stored.game,
        "preset": stored.preset, "players": stored.players, "status": stored.status,
        "version": stored.version, "created": stored.created, "updated": stored.updated,
        "bot_delay": stored.bot_delay, "turn_seconds": stored.turn_seconds,
        "rematch": stored.rematch, "hints": stored.hints,
        "rated": stored.rated, "private": stored.private,
        "seats": [public_dropped(public_account(summary_seat(s), s), s) for s in stored.seats],
    }
    if stored.result is not None:
        summary["result"] = {"scores": stored.result.get("scores"),
                             "winners": stored.result.get("winners")}
    return summary
