"""Hand-made lab runs: a manifest and rows whose winners and scores a test chooses, so every
statistic over them can be worked out by hand."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from gonets.core import get_game
from gonets.lab.plan import LabPlan
from gonets.lab.store import RunDir


def synthetic_run(path: Path, players: int, winners: Sequence[Sequence[int]], *,
                  bots: Sequence[str] | None = None, scores: Sequence[Sequence[float]] | None
                  = None, seed: int = 0, preset: str | None = None, rotate: bool = True,
                  shard_size: int = 1000) -> Path:
    """A run of ``len(winners)`` matches of a ``players``-seat Love Letter configuration whose
    match ``i`` has the winners ``winners[i]`` (0-based seats), the bots ``bots`` rotated as
    a real run rotates them, and the scores ``scores[i]`` (default: 1 for a winner, else 0)."""
    game = get_game("loveletter")
    config = game.configure(players, preset)
    bots = tuple(bots or ["bot"] * players)
    plan = LabPlan(config, bots, len(winners), seed=seed, rotate=rotate, shard_size=shard_size)
    run = RunDir(path)
    run.start(plan, resume=False)
    rows = []
    for index, won in enumerate(winners):
        row_scores = scores[index] if scores is not None else \
            [1.0 if seat in won else 0.0 for seat in range(players)]
        rows.append({"index": index, "seed": seed + index, "game": "loveletter",
                     "players": players, "preset": config.preset,
                     "options": json.dumps(config.options, sort_keys=True),
                     "agents": list(plan.seating(index)), "scores": [float(s) for s in row_scores],
                     "winners": [int(w) for w in won], "decisions": 10 + index % 7,
                     "end_reason": "finished"})
    for start, end in plan.shards():
        run.write_shard(start, end, rows[start:end])
    return path
