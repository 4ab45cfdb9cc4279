"""Random play and whole matches through a game's compiled kernel (``gonets bench --fast``,
``gonets simulate --fast``).

The bench reports the same figures as :func:`gonets.sim.bench.bench` (steps in the game's own
unit, matches and the game's counters, per second of one core) so the two stand side by side.
"""

from __future__ import annotations

import time
from collections import Counter

import numpy as np

from gonets.core.game import Game
from gonets.core.kernel import kernel_for, random_legal
from gonets.core.options import Config
from gonets.sim.bench import REPORT_SECONDS, Report, machine_description

CHECK_BATCH = 8
"""Slots the differential check drives at once: few enough that a configuration's share of the
steps plays whole matches in each (their ends are compared too)."""

BENCH_BATCH = 1024
"""Matches per kernel call in the bench (enough that the call's own cost is lost in it)."""


def bench_fast(game: Game, config: Config, seconds: float = 5.0, seed: int = 0,
               size: int = BENCH_BATCH, report: Report | None = None) -> dict:
    """Play random matches through the kernel, ``size`` at a time, for about ``seconds`` (one
    core, CPU time); the rates of :func:`gonets.sim.bench.bench` for the same workload.
    ``report`` gets the steps so far every :data:`~gonets.sim.bench.REPORT_SECONDS`
    (between batches, its own time not measured)."""
    kernel = kernel_for(config)
    counts: Counter = Counter()
    slots = np.arange(size, dtype=np.int64)
    started = time.process_time()
    paused = 0.0                     # time spent in ``report``: not part of the measurement
    due = started + REPORT_SECONDS
    batch = kernel.batch(size, seed)
    while True:
        counts.update(kernel.play_random(batch))
        kernel.reset(batch, slots)             # the next matches, in the same arrays
        now = time.process_time()
        elapsed = now - started - paused
        if elapsed >= seconds:
            break
        if report is not None and now >= due:
            report(counts["steps"], elapsed)
            after = time.process_time()
            paused += after - now
            due = after + REPORT_SECONDS
    if report is not None:
        report(counts["steps"], elapsed)      # the whole count, the clock stopped
    steps, matches = counts.pop("steps"), counts.pop("matches")
    rates = {"steps_per_s": steps / elapsed, "matches_per_s": matches / elapsed}
    rates.update({f"{key}_per_s": value / elapsed for key, value in counts.items()})
    return {"game": game.name, "preset": config.preset, "players": config.players,
            "engine": "kernel", "batch": size, "seconds": elapsed, "steps": steps,
            "matches": matches, **dict(counts), **rates, **machine_description()}


def play_batch(kernel, batch, playout_seats: np.ndarray) -> np.ndarray:
    """Play every slot of ``batch`` to its end: seat ``s`` of slot ``b`` moves by the game's
    playout policy where ``playout_seats[b, s]``, else uniformly at random; the decisions
    made per slot."""
    size = batch.size
    mask = np.zeros((size, kernel.num_actions), dtype=bool)
    chosen = np.zeros(size, dtype=np.int64)
    planned = np.zeros(size, dtype=np.int64)
    decisions = np.zeros(size, dtype=np.int64)
    rows = np.arange(size)
    any_policy = bool(playout_seats.any())
    everyone = bool(playout_seats.all())
    while True:
        live = batch.cur >= 0
        if not live.any():
            return decisions
        if not everyone:
            kernel.legal_mask(batch, mask)
            random_legal(mask, batch.rng, chosen)
        if any_policy:
            kernel.policy_actions(batch, planned)
            by_policy = live & playout_seats[rows, np.maximum(batch.cur, 0)]
            chosen = np.where(by_policy, planned, chosen)
        chosen[~live] = -1
        decisions += live
        kernel.step(batch, chosen)


def check_kernel(game: Game, steps: int, seed: int = 0, echo=print) -> dict:
    """The kernel's differential check (``kernel/check.py``) over every configuration it
    lists, ``steps`` steps in all shared among them: the totals, and the first difference."""
    import importlib

    check = importlib.import_module(f"{type(game).__module__.rpartition('.')[0]}.kernel.check")
    configs = check.configurations()
    each = max(1, -(-steps // len(configs)))
    total = {"steps": 0, "matches": 0, "differences": 0, "configurations": len(configs),
             "first": None}
    started = time.perf_counter()
    for done, config in enumerate(configs, 1):
        found = check.differential(config, each, seed + done, batch=CHECK_BATCH)
        for key in ("steps", "matches", "differences"):
            total[key] += found[key]
        total["first"] = total["first"] or found["first"]
        if echo is not None:
            echo(f"{done}/{len(configs)} {config.preset} {config.players}p: {found['steps']} "
                 f"steps, {found['matches']} matches, {found['differences']} differences "
                 f"({time.perf_counter() - started:.0f} s)")
    return total
