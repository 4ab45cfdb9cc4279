"""Bot decisions in worker processes, at low priority, with a time budget per decision.

A search bot can burn a core for seconds; computed in the server's own process it would hold
the interpreter and every human table would wait. Here each decision runs in a worker
process started at the lowest CPU priority (``nice`` 19), so the operating system serves the
server process (and the humans it answers) first. Each table has at most one decision under
way, and the workers take them first come, first served, so every bot table gets its share in
turn. A decision that outlives ``seconds`` is abandoned: its worker is killed and replaced,
and the table plays a random legal move instead. Inside that, a search stops at its level's
own cap (``seconds``, about 1 s for ``hard``) even with iterations left, and the cut is logged
(``gonets.agents.ismcts.cap_by_clock``): elsewhere budgets are counted, here a loaded machine
must not hold a table up.

A table always goes to the same worker (by its id), so an agent that keeps state between
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
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from gonets.server.metrics import BOT_SECONDS, BOT_TIMEOUTS, BOTS_BUSY

log = logging.getLogger("gonets.server")
KEEP_AGENTS = 512                 # agents a worker keeps between decisions (oldest go first)
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
    _started.value = time.time()            # the budget counts from here, not the queue
    try:
        return _choose(key, agent, game_name, players, preset, options, seat, seed, view,
                       legal)
    finally:
        _started.value = 0.0


def _choose(key: tuple, agent: str, game_name: str, players: int, preset: str,
            options: dict, seat: int, seed: int, view: dict, legal: list) -> Any:
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


HINT_LEVEL = "hard"
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


def _timed(job, *args) -> Any:
    """In a worker: ``job(*args)``, timed like a decision."""
    _started.value = time.time()
    try:
        return job(*args)
    finally:
        _started.value = 0.0


class BotTimeout(Exception):
    """A bot decision ran past its budget and was abandoned."""


class BotPool:
    """``workers`` single-process executors; a table's decisions always go to the same one."""

    def __init__(self, workers: int, seconds: float):
        self.seconds = seconds
        # fork: workers see the games registered in this process (tests register their own)
        self.context = multiprocessing.get_context("fork")
        self.executors = [self._executor() for _ in range(max(1, workers))]

    def _executor(self) -> ProcessPoolExecutor:
        started = self.context.Value("d", 0.0, lock=False)
        executor = ProcessPoolExecutor(max_workers=1, mp_context=self.context,
                                       initializer=_start_worker,
                                       initargs=(started, os.getpid()))
        executor.started = started          # when its current decision began (0: idle)
        return executor

    async def decide(self, table_id: str, seat: int, agent: str, game: str, players: int,
                     preset: str, options: dict, seed: int, view: dict, legal: list) -> Any:
        """The agent's choice; :class:`BotTimeout` past the budget (the worker is replaced)."""
        index = zlib.crc32(table_id.encode()) % len(self.executors)
        executor = self.executors[index]
        return await self._run(index, executor, _decide, (table_id, seat, agent), agent, game,
                               players, preset, options, seat, seed, view, legal)

    async def hint(self, table_id: str, game: str, players: int, preset: str, options: dict,
                   seed: int, view: dict) -> list[dict]:
        """:func:`rank_moves` in the table's worker, with the decisions' time budget."""
        index = zlib.crc32(table_id.encode()) % len(self.executors)
        return await self._run(index, self.executors[index], _timed, rank_moves, game, players,
                               preset, options, seed, view)

    async def judge(self, table_id: str, *args) -> dict:
        """:func:`judge_move` in the table's worker, with the decisions' time budget."""
        index = zlib.crc32(table_id.encode()) % len(self.executors)
        return await self._run(index, self.executors[index], _timed, judge_move, *args)

    async def _run(self, index: int, executor: ProcessPoolExecutor, job, *args) -> Any:
        future = asyncio.get_running_loop().run_in_executor(executor, job, *args)
        asked = time.monotonic()
        BOTS_BUSY.inc()
        try:
            while True:
                done, _ = await asyncio.wait([future], timeout=min(0.25, self.seconds))
                if done:
                    BOT_SECONDS.observe(time.monotonic() - asked)
                    return future.result()
                began = executor.started.value
                if began and time.time() - began > self.seconds and self.executors[index] is \
                        executor:
                    self._replace(index, executor)
                    BOT_TIMEOUTS.inc()
                    raise BotTimeout(f"the bot took more than {self.seconds:g} s")
        finally:
            BOTS_BUSY.dec()

    def _replace(self, index: int, executor: ProcessPoolExecutor) -> None:
        """Kill a worker stuck in a decision and start a fresh one in its place (decisions
        queued behind it fail and are retried by their tables)."""
        if self.executors[index] is not executor:
            return
        self.executors[index] = self._executor()
        for process in list(getattr(executor, "_processes", {}).values()):
            process.kill()
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        for executor in self.executors:
            for process in list(getattr(executor, "_processes", {}).values()):
                process.kill()
            executor.shutdown(wait=False, cancel_futures=True)
