"""What moves a live table on by itself: its bots (in the bot pool's worker processes), the
turn timer's stand-in for an absent player, and the hints a seat may ask for. A mixin of
:class:`gonets.server.tables.LiveTable`, kept apart so that each file reads in one sitting."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from gonets.agents import make_agent
from gonets.agents.base import decide as ask_agent
from gonets.agents.registry import is_quick
from gonets.core import CHANCE, TERMINAL, IllegalAction
from gonets.server.bots import BotTimeout, rank_moves
from gonets.server.deadlines import decision_deadline, ended_by_absence, wait_seconds
from gonets.server.faults import OutcomeUnknown
from gonets.server.spec import TableError
from gonets.server.storage import UNCHANGED

log = logging.getLogger("gonets.server")

CHEAP_AGENTS = frozenset({"random"})   # decide in microseconds: no queue behind search bots


class TableDriver:
    """The driving half of a live table (bots, the turn timer, hints)."""

    # -- hints -----------------------------------------------------------------------------------
    async def hint(self, seat: int) -> list[dict]:
        """The deciding seat's best moves, ranked by a search from that seat's view alone
        (tables opened with hints): notation, visits and estimated win chance, best first.
        One search per seat and position, shared by every page of that seat."""
        if not self.stored.hints:
            raise TableError("this table was opened without hints", "hints_off")
        if self.status != "running" or self.state.current_player() != seat:
            raise TableError("a hint is for the player who decides now", "hint_not_your_turn")
        key = (seat, self.version)
        if key not in self.hint_searches:
            self.hint_searches = {key: asyncio.ensure_future(self._search_hint(seat))}
        try:
            return await asyncio.shield(self.hint_searches[key])
        except BotTimeout:
            self.hint_searches.pop(key, None)
            raise TableError("the hint search ran out of time; try again", "hint_timeout") \
                from None

    async def _search_hint(self, seat: int) -> list[dict]:
        view = self.state.view(seat)
        pool = self.manager.bots
        if pool is not None:
            return await pool.hint(self.id, self.manager.bot_owner(self), self.game.name,
                                   self.config.players, self.config.preset,
                                   dict(self.config.options), self.stored.seed, view)
        return await asyncio.to_thread(rank_moves, self.game.name, self.config.players,
                                       self.config.preset, dict(self.config.options),
                                       self.stored.seed, view)

    # -- the turn timer ----------------------------------------------------------------------
    def resumed_deadline(self) -> float | None:
        """The deadline of the table's current decision after a (re)load: the stored one; a
        fresh one only for a table stored without any (one made before deadlines were stored)."""
        fresh = decision_deadline(self.stored.turn_seconds, self.status, self.seats,
                                  self.state.current_player())
        if fresh is None:
            return None
        return self.stored.deadline if self.stored.deadline is not None else fresh

    async def deadline_passed(self, seat: int, version: int) -> None:
        """Apply the table's ``absent`` rule to ``seat``, whose deadline passed at ``version``:
        with ``bot``, the seat is marked away the first time (its later decisions get the
        short timer) and the stand-in plays this decision."""
        rule = self.stored.absent or "bot"
        if rule == "bot" and self.seats[seat].get("away"):
            await self._bot_move(seat, version)       # the short timer of an away seat
            return
        async with self.lock:
            if (self.version != version or self.state.current_player() != seat
                    or self.pending is not None or self.failure or not self.owned
                    or self.status != "running"):
                return
            try:
                if rule == "end":
                    await self._end_by_absence(seat)
                    return
                seats = [dict(entry) for entry in self.seats]
                seats[seat]["away" if rule == "bot" else "dropped"] = True
                await self._store_seats(seats, self.token_hashes, "the absent seat")
            except (TableError, OutcomeUnknown) as exc:   # the database: the next turn retries
                log.warning("table %s: the absent rule %r waits for the database (%s)",
                            self.id, rule, exc)
                await asyncio.sleep(0.5)
                return
            if rule == "drop":
                self.deadline = None
            log.info("table %s: p%d ran out of time and was %s", self.id, seat + 1,
                     "marked away" if rule == "bot" else "dropped")
        await self._bot_move(seat, version)

    async def come_back(self, seat: int) -> None:
        """The player of ``seat`` says they are back (the page's "I'm back"): a seat marked
        away gets the whole turn timer again (see :meth:`_come_back`); nothing changes for
        a seat that is not away."""
        if not self.owned:
            await self.manager.cluster.call(self, "come_back", seat)
            return
        async with self.lock:
            await self._come_back(seat)

    async def _come_back(self, seat: int) -> None:
        """Clear the away mark of ``seat`` (the table's lock held): its decisions get the
        whole turn timer again, and when it decides now, a fresh deadline of the whole timer
        starts (stored with the seats)."""
        seats = self._returned(seat)
        if seats is None or self.status != "running" or self.failure:
            return
        deadline: Any = UNCHANGED
        if self.pending is None and self.state.current_player() == seat:
            deadline = decision_deadline(self.stored.turn_seconds, self.status, seats, seat)
        await self._store_seats(seats, self.token_hashes, "your return", deadline)
        log.info("table %s: p%d is back", self.id, seat + 1)

    def _returned(self, seat: int) -> list[dict] | None:
        """The table's seats with the away mark of ``seat`` cleared (copies), or None when
        ``seat`` is not marked away."""
        if not self.seats[seat].get("away"):
            return None
        seats = [dict(entry) for entry in self.seats]
        del seats[seat]["away"]
        return seats

    def _stands_in(self, seat: int) -> bool:
        """Whether a bot plays the decisions of ``seat`` now: a bot seat, or a human seat
        marked away or dropped. A player who came back meanwhile ("I'm back", or a move
        of their own) has their seat again, and a stand-in's choice for it is dropped."""
        entry = self.seats[seat]
        return entry["kind"] == "bot" or bool(entry.get("away") or entry.get("dropped"))

    async def _end_by_absence(self, seat: int) -> None:
        """End the game now, ``seat`` having run out of time (the table's lock held)."""
        taken = time.time()
        trial = self.match.fork()
        start = len(trial.record.steps)
        trial.record.result = ended_by_absence(self.config.players, seat,
                                               self.seat_names()[seat])
        await self._store_steps(start, [], "finished", trial.record.result, None)
        self._adopt(trial, "finished", taken, None)
        log.info("table %s: p%d ran out of time; the game ended", self.id, seat + 1)

    # -- bots ----------------------------------------------------------------------------------
    def agent_name(self, seat: int) -> str:
        """The bot of a bot seat, or the stand-in that plays for an absent human."""
        entry = self.seats[seat]
        return entry["agent"] if entry["kind"] == "bot" else entry.get("fallback", "random")

    async def decide(self, seat: int, legal: list) -> Any:
        """The seat's bot's choice: here at once for a bot that decides in microseconds (no
        thread hop, no view), else by the manager's bot pool (other processes, low priority,
        a time budget) or, without a pool, in a worker thread."""
        name = self.agent_name(seat)
        if name in CHEAP_AGENTS:
            return ask_agent(self._local_agent(seat, name), self.state, seat, legal)
        view = self.state.view(seat)
        pool = self.manager.bots
        if pool is None:
            return await asyncio.to_thread(self._local_agent(seat, name).act, view, legal)
        return await pool.decide(self.id, self.manager.bot_owner(self), seat, name,
                                 self.game.name, self.config.players, self.config.preset,
                                 dict(self.config.options), self.stored.seed, view, legal,
                                 quick=is_quick(self.game, name))

    def _local_agent(self, seat: int, name: str):
        """The seat's agent in this process (made once per seat)."""
        agent = self.agents.get(seat)
        if agent is None:
            agent = self.agents[seat] = make_agent(name, self.game, self.config, seat,
                                                   seed=self.stored.seed)
        return agent

    async def run(self) -> None:
        """Drive the table: bots move after ``bot_delay``; absent humans after the timer."""
        while (self.status != "finished" and not self.failure and self.owned
               and self.task is asyncio.current_task()):      # one driver, the newest
            try:
                await self._drive_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.exception("table %s stopped", self.id)
                self.failure = f"internal error ({type(exc).__name__}); the record is safe"
                self.broadcast()

    async def _drive_once(self) -> None:
        if self.pending is not None:
            await asyncio.wait([self.pending])
            return
        self.wake.clear()
        deciding = self.state.current_player()
        if self.status == "open" or deciding in (CHANCE, TERMINAL):
            await self.wake.wait()
        elif self.seats[deciding]["kind"] == "bot" or self.seats[deciding].get("dropped"):
            version = self.version
            await asyncio.sleep(self.stored.bot_delay)
            await self._bot_move(deciding, version)
        elif self.deadline is not None:
            left = wait_seconds(self.deadline)      # wall clock, at most a minute at a time
            if left <= 0:
                await self.deadline_passed(deciding, self.version)
            else:
                try:
                    await asyncio.wait_for(self.wake.wait(), left)
                except TimeoutError:
                    pass
        else:
            await self.wake.wait()

    async def _bot_move(self, seat: int, version: int) -> None:
        """The bot of ``seat`` (or its stand-in) decides the table's decision at ``version``
        and plays it, unless meanwhile the table moved on or the seat's player came back:
        the seat's state is checked again under the lock after the bot decided, so a move
        or an "I'm back" made while it thought wins, and its choice is dropped."""
        if self.version != version or self.state.current_player() != seat or \
                not self._stands_in(seat):
            return
        legal = list(self.state.legal_actions())
        try:
            action = await self.decide(seat, legal)
        except BotTimeout as exc:               # over its CPU budget: a random move instead
            log.warning("table %s: bot of seat %d abandoned (%s); playing at random",
                        self.id, seat, exc)
            action = legal[secrets.randbelow(len(legal))]
        except BrokenProcessPool:               # its worker was replaced: ask again
            await asyncio.sleep(0.1)
            return
        except Exception as exc:
            log.exception("table %s: bot of seat %d failed", self.id, seat)
            self.failure = f"the bot of p{seat + 1} failed ({type(exc).__name__})"
            self.broadcast()
            return
        async with self.lock:
            if self.version != version or self.state.current_player() != seat or \
                    self.pending is not None or self.failure or not self.owned:
                return
            if not self._stands_in(seat):       # the player came back while it thought
                log.info("table %s: p%d came back; the stand-in's move is dropped",
                         self.id, seat + 1)
                return
            stand_in = self.seats[seat]["kind"] == "human"   # the turn timer ran out
            try:
                await self._commit(seat, action, stand_in)
            except IllegalAction as exc:        # a faulty agent: play a random legal move
                log.error("table %s: bot move %r refused (%s); playing at random",
                          self.id, action, exc)
                await self._commit(seat, legal[secrets.randbelow(len(legal))], stand_in)
            except TableError:                  # storage trouble: told to the listeners
                await asyncio.sleep(0.5)
