"""Random-play throughput on one core: the workload of ``gonets bench``."""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable

from gonets.core.game import CHANCE, Game
from gonets.core.options import Config

Report = Callable[[int, float], None]
"""A bench's progress: what it has counted so far (steps, or a search's iterations) and the
seconds of its measurement so far (``gonets bench`` turns them into a bar)."""

REPORT_SECONDS = 0.25
"""How often a bench hands its count to its :data:`Report`, by its own clock, between two
matches or batches; the time the report takes is left out of the measurement."""


def machine_description() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"python": f"{platform.python_implementation()} {sys.version.split()[0]}",
            "machine": f"{platform.system()} {platform.machine()}", "cpu": cpu,
            "cores": os.cpu_count()}


def bench(game: Game, config: Config, seconds: float = 5.0, seed: int = 0,
          clock=time.perf_counter, report: Report | None = None) -> dict:
    """Play random matches back to back for about ``seconds`` of ``clock`` (wall time; the
    side-by-side run with the kernel passes ``time.process_time``); each decision picks
    uniformly among all legal actions. Returns steps, matches and the game's counters, with
    rates. ``report`` gets the steps so far every :data:`REPORT_SECONDS` (between matches,
    its own time not measured)."""
    rng = random.Random(seed)
    randrange = rng.randrange
    steps = matches = 0
    counts: Counter = Counter()
    started = now = clock()
    deadline = started + seconds
    paused = 0.0                     # time spent in ``report``: not part of the measurement
    due = started + REPORT_SECONDS
    while now - paused < deadline:
        state = game.new_state(config)
        decisions = 0
        while True:
            player = state.current_player()
            if player >= 0:
                legal = state.legal_actions()
                state.apply(legal[randrange(len(legal))])
                decisions += 1
            elif player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            else:
                break
        game_steps = game.bench_steps(state)
        steps += decisions if game_steps is None else game_steps
        matches += 1
        counts.update(game.bench_counts(state))
        now = clock()
        if report is not None and now >= due:
            report(steps, now - started - paused)
            after = clock()
            paused += after - now
            now, due = after, after + REPORT_SECONDS
    elapsed = clock() - started - paused
    if report is not None:
        report(steps, elapsed)           # the whole count, the clock stopped
    rates = {"steps_per_s": steps / elapsed, "matches_per_s": matches / elapsed}
    rates.update({f"{key}_per_s": value / elapsed for key, value in counts.items()})
    return {"game": game.name, "preset": config.preset, "players": config.players,
            "seconds": elapsed, "steps": steps, "matches": matches, **dict(counts), **rates,
            **machine_description()}


SEARCH_ENGINES = ("python", "playouts", "kernel")
"""Where a search's iterations run: all in Python, with the playouts in the game's compiled
kernel (the tree in Python), or whole in the kernel (the tree as arrays there)."""


def bench_search(game: Game, config: Config, agent: str = "ismcts", seconds: float = 5.0,
                 positions: int = 10, seed: int = 0, engine: str = "kernel",
                 report: Report | None = None) -> dict:
    """Search throughput on one core: ``agent`` (ismcts or a level) thinks about ``positions``
    decisions of random matches for ``seconds`` in all (wall clock), its iterations run by
    ``engine`` (:data:`SEARCH_ENGINES`; the compiled ones fall back to the Python path where
    the game has no kernel). Returns iterations and their rate per CPU second
    (``time.process_time``: what one core delivers, whatever else the machine runs), and the
    wall-clock rate beside it. ``report`` gets the iterations and the wall-clock seconds of
    search so far after each position (outside the clocks)."""
    from gonets.agents import make_agent
    from gonets.agents.ismcts import ISMCTSAgent

    if engine not in SEARCH_ENGINES:
        raise ValueError(f"engine {engine!r}: choose one of {', '.join(SEARCH_ENGINES)}")
    rng = random.Random(seed)
    iterations, spent, cpu = 0, 0.0, 0.0
    for index in range(positions):
        state = _decision_point(game, config, rng)
        seat = state.current_player()
        searcher = make_agent(agent, game, config, seat, seed=f"{seed}:{index}")
        if not isinstance(searcher, ISMCTSAgent):
            raise ValueError(f"{agent!r} is not a search agent: use ismcts, hard or expert")
        searcher.workers = 1
        search = searcher.search
        search.compiled = engine != "python"
        if engine != "kernel":
            search.config = None
        view, legal = state.view(seat), state.legal_actions()
        if index == 0:          # load (or compile) the kernel before the clock starts
            searcher.iterations, searcher.seconds = 8, None
            searcher.analyse(view, legal)
            search.iterations = 0
        searcher.iterations, searcher.seconds = None, seconds / positions
        started, started_cpu = time.perf_counter(), time.process_time()
        searcher.analyse(view, legal)
        spent += time.perf_counter() - started
        cpu += time.process_time() - started_cpu
        iterations += search.iterations
        if report is not None:
            report(iterations, spent)
    cpu = max(cpu, 1e-9)
    return {"game": game.name, "preset": config.preset, "players": config.players,
            "agent": agent, "engine": engine, "positions": positions, "seconds": cpu,
            "wall_seconds": spent, "iterations": iterations, "iterations_per_s": iterations / cpu,
            "iterations_per_wall_second": iterations / spent, **machine_description()}


def _decision_point(game: Game, config: Config, rng: random.Random):
    """A position a few random moves into a match where the deciding seat has a choice."""
    while True:
        state = game.new_state(config)
        for _ in range(rng.randrange(1, 12)):
            while state.current_player() == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            if state.current_player() < 0:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        while state.current_player() == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            return state


class BenchProgress:
    """The measurements of one ``gonets bench`` on a progress display, one at a time: each
    named, counting its steps (or iterations) towards the count its length will likely reach
    (the count so far over the share of its seconds gone), redrawn at its reports only. A
    measurement shows from its first report, its rate counted from there: the loading of a
    kernel or a search's warm-up before its clock starts is not part of it."""

    def __init__(self, progress, seconds: float) -> None:
        self.progress = progress
        self.seconds = seconds
        self.task = None

    def measuring(self, what: str) -> Report:
        """The :data:`Report` of a new measurement called ``what`` (the previous
        measurement's line is taken off when this one first reports)."""
        def report(done: int, elapsed: float) -> None:
            total = max(done, round(done * self.seconds / elapsed)) if elapsed > 0 else None
            if self.task is None or self.task[0] != report:
                if self.task is not None:
                    self.progress.remove_task(self.task[1])
                self.task = (report, self.progress.add_task(what, total=total,
                                                            completed=done))
            self.progress.update(self.task[1], completed=done, total=total, refresh=True)

        return report
