"""How a lab run scales with workers: the same shards on 1 and 2 workers, side by side.

``python -m gonets.lab.scaling [--backends local,ray] [--workers 1,2] [--shards 24]`` plays the
same shards on each backend with each worker count and prints matches per second and the
speed-up over one worker. Ray's workers are warmed on one shard first, so the figure is the
cluster's pace and not the start of its processes (``ray.init`` itself is not timed either).
The rows of every measurement must equal those of the first, or it stops with an error.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import time
from typing import Any

from rich.console import Console

from gonets.core.registry import get_game
from gonets.lab.backends import backend_session, shard_source
from gonets.lab.plan import LabPlan
from gonets.progress import progress_bar
from gonets.sim.pool import Count


def measure(plan: LabPlan, backend: str, workers: int,
            on_count: Count | None = None) -> tuple[float, list]:
    """Wall seconds to play every shard of ``plan`` on ``workers``, and the rows in order;
    ``on_count`` gets the matches finished so far as they are played."""
    shards = plan.shards()
    with backend_session(backend, workers):
        if backend == "ray":
            list(shard_source(backend, plan, shards[:workers], workers))   # warm the workers
        started = time.perf_counter()
        finished = sorted(shard_source(backend, plan, shards, workers, on_count=on_count),
                          key=lambda s: s[0])
        elapsed = time.perf_counter() - started
    return elapsed, [row for _, _, rows in finished for row in rows]


def scaling(plan: LabPlan, backends: list[str], workers: list[int],
            progress: Any = None) -> list[dict[str, Any]]:
    """One result per backend and worker count; rows checked equal across all of them. Each
    measurement moves a task of ``progress`` (:func:`gonets.progress.progress_bar`) match by
    match, drawn only then (no thread of its own takes a core from the workers)."""
    results, reference = [], None
    for backend in backends:
        base = None
        for count in workers:
            on_count = None
            if progress is not None:
                task = progress.add_task(f"{backend}, {count} worker{'s' * (count != 1)}",
                                         total=plan.games)
                on_count = functools.partial(_shown, progress, task)
            elapsed, rows = measure(plan, backend, count, on_count)
            if progress is not None:
                progress.remove_task(task)
            if reference is None:
                reference = rows
            elif rows != reference:
                raise SystemExit(f"{backend} on {count} workers gave other rows")
            rate = plan.games / elapsed
            base = base or rate
            results.append({"backend": backend, "workers": count, "seconds": round(elapsed, 2),
                            "matches_per_s": round(rate, 1), "speedup": round(rate / base, 2)})
    return results


def _shown(progress: Any, task: Any, done: int) -> None:
    progress.update(task, completed=done, refresh=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="loveletter")
    parser.add_argument("-p", "--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--shards", type=int, default=24)
    parser.add_argument("--shard-size", type=int, default=50)
    parser.add_argument("--backends", default="local,ray")
    parser.add_argument("--workers", default="1,2")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    config = game.configure(args.players)
    plan = LabPlan(config, (args.bots,) * args.players, args.shards * args.shard_size,
                   shard_size=args.shard_size)
    with progress_bar(Console(stderr=True), unit="matches", auto_refresh=False) as progress:
        results = scaling(plan, args.backends.split(","),
                          [int(w) for w in args.workers.split(",")], progress)
    print(json.dumps({"plan": plan.identity(), "games": plan.games, "load": os.getloadavg(),
                      "results": results}, indent=1))


if __name__ == "__main__":
    main()
