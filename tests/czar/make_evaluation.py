"""Fit the weights of the czar search evaluation (``bot.evaluate``) and write them to
``src/gonets/games/czar/data/search.json``.

Heuristic bots play each other; at the start of every turn the features of every seat
(``bot.features``) are recorded with the match's winner, and a conditional logit
(``P(seat wins) = softmax(w . features)``) is fitted by maximum likelihood, one weight vector
per ruble rules and player count. Run from the repository root:

    .venv/bin/python tests/czar/make_evaluation.py --matches 400
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from gonets.agents import make_agent
from gonets.core.registry import get_game
from gonets.games.czar import bot
from gonets.games.czar.rules import RUBLES_FIRST, TURN

OUT = Path(__file__).parents[2] / "src/gonets/games/czar/data/search.json"


def positions(preset: str, players: int, matches: int, seed: int) -> tuple[list, list]:
    """Feature matrices (one row per seat) and winners of turn-start positions."""
    game = get_game("czar")
    config = game.configure(players, preset)
    xs, ys = [], []
    for index in range(matches):
        rng = random.Random(f"{seed}:{index}")
        agents = [make_agent("heuristic", game, config, s, seed=f"{seed}:{index}:{s}")
                  for s in range(players)]
        state, rows = game.new_state(config), []
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            seat = state.current_player()
            if state.phase in (TURN, RUBLES_FIRST) and rng.random() < 0.3:
                rows.append([bot.features(state, s) for s in range(players)])
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
        winner = state.result().winners[0]
        xs.extend(rows)
        ys.extend([winner] * len(rows))
    return xs, ys


def fit(xs: list, ys: list) -> tuple[list[float], float, float]:
    """Weights, mean log-loss of the fit and of the uniform guess."""
    x = np.asarray(xs, dtype=float)          # positions x seats x features
    y = np.asarray(ys)
    rows = np.arange(len(y))

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        u = x @ w
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        value = -np.log(p[rows, y] + 1e-12).mean() + 1e-3 * (w @ w)
        grad = (np.einsum("ps,psf->f", p, x) - x[rows, y].sum(axis=0)) / len(y) + 2e-3 * w
        return value, grad

    found = minimize(loss, np.zeros(x.shape[2]), jac=True, method="L-BFGS-B")
    return [round(float(v), 4) for v in found.x], float(found.fun), float(np.log(x.shape[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    weights: dict[str, dict[str, list[float]]] = {}
    for preset in ("classic", "revised"):
        for players in range(2, 6):
            xs, ys = positions(preset, players, args.matches, args.seed)
            w, loss, uniform = fit(xs, ys)
            weights.setdefault(preset, {})[str(players)] = w
            print(f"{preset} {players}p: {len(ys)} positions, log-loss {loss:.3f} "
                  f"(uniform {uniform:.3f})", flush=True)
    data = {"about": "weights of bot.evaluate, fitted by tests/czar/make_evaluation.py "
                     f"(--matches {args.matches} --seed {args.seed})",
            "features": list(bot.FEATURES), "weights": weights}
    OUT.write_text(dumps(data) + "\n", "utf-8")


def dumps(data: dict) -> str:
    """JSON with every list of numbers on one line."""
    return re.sub(r"\[\s+([-0-9.,\s]+?)\s+\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]",
                  json.dumps(data, indent=1))


if __name__ == "__main__":
    main()
