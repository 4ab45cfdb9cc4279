"""Bot decisions in worker processes, at low priority, shared fairly between clients.

A search bot can burn a core for seconds; computed in the server's own process it would hold
the interpreter and every human table would wait. Here each decision runs in a worker
process started at the lowest CPU priority (``nice`` 19), so the operating system serves the
server process (and the humans it answers) first.

Fairness. The workers are lanes: one quick lane for the bots that decide without a search
(heuristics, random), and ``workers`` search lanes for the searches, hints and reviews. A
lane runs one job at a time and keeps a queue per owner (the client that opened the table:
its account, else its address's network), served in turn, so twenty tables of one client
wait behind each other and not in front of another client's table. A search that starts
while other owners wait on its lane gets a smaller share of its wall-clock cap (one part in
``1 + owners waiting``, at least :data:`LEAST_SHARE`): under load the searches are cut, not
queued. A heuristic bot never waits behind a search.

Budgets. A decision that outlives ``seconds`` is abandoned: its worker is killed and
replaced, and the table plays a random legal move instead. Inside that, a search stops at its
level's own cap (``seconds``, about 1 s for ``hard``) even with iterations left, and the cut is
logged (``gonets.agents.ismcts.cap_by_clock``): elsewhere budgets are counted, here a loaded
machine must not hold a table up.

A table always goes to the same search lane (by its id), so an agent that keeps state between
decisions (search trees it reuses) finds it there.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import stat
import time
import zlib
from collections import OrderedDict, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from gonets.server.metrics import BOT_SECONDS, BOT_TIMEOUTS, BOT_WAIT, BOTS_BUSY
from gonets.server.spec import HINT_LEVEL

log = logging.getLogger("gonets.server")
KEEP_AGENTS = 512                 # agents a worker keeps between decisions (oldest go first)
LEAST_SHARE = 0.2                 # of a search's wall-clock cap, however many owners wait
_agents: OrderedDict[tuple, Any] = OrderedDict()
_started: Any = None              # in a worker: shared "decision began at" (0.0 when idle)


def _start_worker(started, parent: int) -> None:
    """In a new worker: killed with the server however it ends, lowest CPU priority, and no
    inherited sockets. A forked worker holds copies of the server's sockets; left open, a
    client's connection would not close when the server closes it (the worker's copy keeps
    it alive). The executor talks to its workers over pipes, which stay."""
    from gonets.agents.ismcts import cap_by_clock
    from gonets.core.processes import die_with_parent

    global _started
    die_with_parent(parent)
    _started = started
    cap_by_clock()
    try:
        os.nice(19)
    except OSError:                # not permitted here: still a separate process
        pass
    for name in os.listdir("/proc/self/fd") if os.path.isdir("/proc/self/fd") else []:
        try:
            if stat.S_ISSOCK(os.fstat(int(name)).st_mode):
                os.close(int(name))
        except OSError:
            pass


def _decide(key: tuple, agent: str, game_name: str, players: int, preset: str,
            options: dict, seat: int, seed: int, view: dict, legal: list) -> Any:
    """In a worker: the agent for ``key`` (made once) chooses among ``legal``."""
    from gonets.agents import make_agent
    from gonets.core import get_game

    bot = _agents.get(key)
    if bot is None:
        game = get_game(game_name)
        config = game.configure(players, preset, options)
        bot = _agents[key] = make_agent(agent, game, config, seat, seed=seed)
        while len(_agents) > KEEP_AGENTS:
            _agents.popitem(last=False)
    else:
        _agents.move_to_end(key)
    return bot.act(view, legal)


HINT_MOVES = 3


def rank_moves(game_name: str, players: int, preset: str, options: dict, seed: int,
               view: dict) -> list[dict]:
    """The best moves of ``view``'s deciding seat by the ``hard`` search, which reads nothing
    but the view: ``{"action", "visits", "win_chance"}`` each, best first."""
    from gonets.agents.hints import hints
    from gonets.core import get_game

    game = get_game(game_name)
    ranked = hints(game, view, legal_of(game, view, seed), HINT_LEVEL, seed=seed)
    return [choice.to_json() for choice in ranked[:HINT_MOVES]]


def legal_of(game, view: dict, seed) -> list[int]:
    """The action ids of ``view``'s legal moves (read off any world drawn from the view)."""
    import random

    world = game.sample_world(view, random.Random(seed))
    return [world.text_to_action(text) for text in view["legal"]]


def judge_move(game_name: str, view: dict, played: str, level: str, seed: str,
               step: int) -> dict:
    """One decision of a post-game review (:func:`gonets.agents.review.judge`), from the
    seat's view alone, and counted: no clock cuts it, so a stored review is the same whatever
    the load (the job's own time budget still holds)."""
    from gonets.agents.ismcts import uncapped
    from gonets.agents.review import judge
    from gonets.core import get_game

    game = get_game(game_name)
    with uncapped():
        return judge(game, view, legal_of(game, view, seed), played, level, seed,
                     step).to_json()


def _timed(share: float, job, *args) -> Any:
    """In a worker: ``job(*args)``, its searches at ``share`` of their clock cap, timed from
    its start (not from when it was queued)."""
    from gonets.agents.ismcts import clock_share

    _started.value = time.time()
    try:
        with clock_share(share):
            return job(*args)
    finally:
        _started.value = 0.0


class BotTimeout(Exception):
    """A bot decision ran past its budget and was abandoned."""


class Lane:
    """One worker process and the jobs waiting for it: a queue per owner, the owners served
    in turn (the one served goes to the back of the line)."""

    def __init__(self, executor: ProcessPoolExecutor):
        self.executor = executor
        self.busy = False
        self.waiting: OrderedDict[str, deque[asyncio.Future]] = OrderedDict()
        self.serving: str | None = None       # the owner whose job runs now

    def owners_waiting(self) -> int:
        return len(self.waiting)

    async def turn(self, owner: str) -> None:
        """Wait until the worker is this job's (release it with :meth:`done`)."""
        if not self.busy and not self.waiting:
            self.busy, self.serving = True, owner
            return
        ticket = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(owner, deque()).append(ticket)
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():
                self.done()                  # handed the worker just as it was cancelled
            else:
                self._forget(owner, ticket)
            raise

    def done(self) -> None:
        """The job ends: the worker goes to the next owner in turn (the owner just served
        goes after every other one that waits)."""
        if len(self.waiting) > 1 and next(iter(self.waiting)) == self.serving:
            self.waiting.move_to_end(self.serving)
        while self.waiting:
            owner, tickets = next(iter(self.waiting.items()))
            ticket = tickets.popleft()
            if tickets:
                self.waiting.move_to_end(owner)
            else:
                del self.waiting[owner]
            if not ticket.done():
                ticket.set_result(None)
                self.serving = owner
                return
        self.busy, self.serving = False, None

    def _forget(self, owner: str, ticket: asyncio.Future) -> None:
        tickets = self.waiting.get(owner)
        if tickets is not None and ticket in tickets:
            tickets.remove(ticket)
            if not tickets:
                del self.waiting[owner]


class BotPool:
    """A quick lane and ``workers`` search lanes (see the module's doc); a table's searches
    always go to the same search lane."""

    def __init__(self, workers: int, seconds: float):
        self.seconds = seconds
        # fork: workers see the games registered in this process (tests register their own)
        self.context = multiprocessing.get_context("fork")
        self.quick = Lane(self._executor())
        self.lanes = [Lane(self._executor()) for _ in range(max(1, workers))]

    def _executor(self) -> ProcessPoolExecutor:
        started = self.context.Value("d", 0.0, lock=False)
        executor = ProcessPoolExecutor(max_workers=1, mp_context=self.context,
                                       initializer=_start_worker,
                                       initargs=(started, os.getpid()))
        executor.started = started          # when its current job began (0: idle)
        return executor

    def lane_of(self, table_id: str) -> Lane:
        return self.lanes[zlib.crc32(table_id.encode()) % len(self.lanes)]

    async def decide(self, table_id: str, owner: str, seat: int, agent: str, game: str,
                     players: int, preset: str, options: dict, seed: int, view: dict,
                     legal: list, quick: bool = False) -> Any:
        """The agent's choice (``quick``: an agent with no search, on the quick lane);
        :class:`BotTimeout` past the budget (the worker is replaced)."""
        lane = self.quick if quick else self.lane_of(table_id)
        return await self._run(lane, owner, _decide, (table_id, seat, agent), agent, game,
                               players, preset, options, seat, seed, view, legal)

    async def hint(self, table_id: str, owner: str, game: str, players: int, preset: str,
                   options: dict, seed: int, view: dict) -> list[dict]:
        """:func:`rank_moves` on the table's search lane, with the decisions' time budget."""
        return await self._run(self.lane_of(table_id), owner, rank_moves, game, players,
                               preset, options, seed, view)

    async def judge(self, table_id: str, owner: str, *args) -> dict:
        """:func:`judge_move` on the table's search lane, with the decisions' time budget."""
        return await self._run(self.lane_of(table_id), owner, judge_move, *args)

    async def _run(self, lane: Lane, owner: str, job, *args) -> Any:
        asked = time.monotonic()
        BOTS_BUSY.inc()
        try:
            await lane.turn(owner)
            BOT_WAIT.observe(time.monotonic() - asked)
            share = max(LEAST_SHARE, 1.0 / (1 + lane.owners_waiting()))
            executor, future, release = lane.executor, None, True
            try:
                future = asyncio.get_running_loop().run_in_executor(executor, _timed, share,
                                                                    job, *args)
                return await self._wait(lane, executor, future)
            except asyncio.CancelledError:
                if future is not None and not future.done():   # the worker is still on it
                    release = False
                    future.add_done_callback(lambda _: lane.done())
                raise
            except BrokenProcessPool:     # the worker died (killed, out of memory): anew
                if lane.executor is executor:
                    self._replace(lane)
                raise
            finally:
                if release:
                    lane.done()
        finally:
            BOTS_BUSY.dec()
            BOT_SECONDS.observe(time.monotonic() - asked)

    async def _wait(self, lane: Lane, executor: ProcessPoolExecutor, future) -> Any:
        while True:
            done, _ = await asyncio.wait([future], timeout=min(0.25, self.seconds))
            if done:
                return future.result()
            began = executor.started.value
            if began and time.time() - began > self.seconds and lane.executor is executor:
                self._replace(lane)
                BOT_TIMEOUTS.inc()
                raise BotTimeout(f"the bot took more than {self.seconds:g} s")

    def _replace(self, lane: Lane) -> None:
        """Kill a worker stuck in a job and start a fresh one in its place."""
        executor, lane.executor = lane.executor, self._executor()
        _kill(executor)

    def close(self) -> None:
        for lane in [self.quick, *self.lanes]:
            _kill(lane.executor)


def _kill(executor: ProcessPoolExecutor) -> None:
    for process in list(getattr(executor, "_processes", {}).values()):
        process.kill()
    executor.shutdown(wait=False, cancel_futures=True)
