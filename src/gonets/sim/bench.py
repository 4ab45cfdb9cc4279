"""Random-play throughput on one core: the workload of ``gonets bench``."""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from collections import Counter

from gonets.core.game import CHANCE, Game
from gonets.core.options import Config


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


def bench(game: Game, config: Config, seconds: float = 5.0, seed: int = 0) -> dict:
    """Play random matches back to back for about ``seconds``; each decision picks uniformly
    among all legal actions. Returns steps, matches and the game's counters, with rates."""
    rng = random.Random(seed)
    randrange = rng.randrange
    steps = matches = 0
    counts: Counter = Counter()
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
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
    elapsed = time.perf_counter() - started
    rates = {"steps_per_s": steps / elapsed, "matches_per_s": matches / elapsed}
    rates.update({f"{key}_per_s": value / elapsed for key, value in counts.items()})
    return {"game": game.name, "preset": config.preset, "players": config.players,
            "seconds": elapsed, "steps": steps, "matches": matches, **dict(counts), **rates,
            **machine_description()}
