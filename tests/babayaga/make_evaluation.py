"""Fit the weights of the Baba Yaga search evaluation (``bot.evaluate``) and write them to
``src/gonets/games/babayaga/data/search.json``.

Heuristic bots play competitive matches against each other; at about one decision in five the
features of every seat (``bot.features``) are recorded with the match's winner (matches
without a winner are left out), and a conditional logit over the seats still in the game
(``P(seat wins) = softmax(w . features)``) is fitted by maximum likelihood, one weight vector
per player count, the weights of quest progress (``bot.PROGRESS``) kept at 0 or above. Run
from the repository root:

    .venv/bin/python tests/babayaga/make_evaluation.py --matches 600
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from gonets.core.registry import get_game
from gonets.games.babayaga import bot

OUT = Path(__file__).parents[2] / "src/gonets/games/babayaga/data/search.json"


def positions(players: int, matches: int, seed: int) -> tuple[list, list, list]:
    """Feature rows (one per seat), masks of the seats still in, and the winners."""
    game = get_game("babayaga")
    config = game.configure(players, "competitive")
    xs, masks, ys = [], [], []
    for index in range(matches):
        rng = random.Random(f"{seed}:{index}")
        agents = [bot.HeuristicAgent(game, config, s, random.Random(f"{seed}:{index}:{s}"))
                  for s in range(players)]
        state, rows, alive = game.new_state(config), [], []
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            seat = state.current_player()
            if state.players[0].quest and rng.random() < 0.2:
                rows.append([bot.features(state, s) for s in range(players)])
                alive.append([not p.elim for p in state.players])
            texts = state.ask[2]     # the heuristic on the light view decides as on the real one
            state.apply(state.index[agents[seat].choose(bot.lite_view(state, seat), texts)])
        winners = state.result().winners
        if len(winners) == 1:
            xs.extend(rows)
            masks.extend(alive)
            ys.extend(winners * len(rows))
    return xs, masks, ys


def fit(xs: list, masks: list, ys: list) -> tuple[list[float], float, float]:
    """Weights, mean log-loss of the fit and of the uniform guess over the seats still in."""
    x = np.asarray(xs, dtype=float)          # positions x seats x features
    off = np.where(np.asarray(masks), 0.0, -1e9)
    y = np.asarray(ys)
    rows = np.arange(len(y))

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        u = x @ w + off
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        value = -np.log(p[rows, y] + 1e-12).mean() + 1e-3 * (w @ w)
        grad = (np.einsum("ps,psf->f", p, x) - x[rows, y].sum(axis=0)) / len(y) + 2e-3 * w
        return value, grad

    bounds = [(0.0, None) if name in bot.PROGRESS else (None, None) for name in bot.FEATURES]
    found = minimize(loss, np.zeros(x.shape[2]), jac=True, method="L-BFGS-B", bounds=bounds)
    uniform = float(np.log(np.asarray(masks).sum(axis=1)).mean())
    return [round(float(v), 4) for v in found.x], float(found.fun), uniform


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=600)
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT, help="where to write (search.json)")
    args = parser.parse_args()
    weights: dict[str, list[float]] = {}
    for players in map(int, args.players.split(",")):
        xs, masks, ys = positions(players, args.matches, args.seed)
        w, loss, uniform = fit(xs, masks, ys)
        weights[str(players)] = w
        print(f"{players}p: {len(ys)} positions, log-loss {loss:.3f} (uniform {uniform:.3f}) "
              f"{w}", flush=True)
    data = {"about": "weights of bot.evaluate, fitted by tests/babayaga/make_evaluation.py "
                     f"(--matches {args.matches} --seed {args.seed})",
            "features": list(bot.FEATURES), "weights": weights}
    args.out.write_text(dumps(data) + "\n", "utf-8")


def dumps(data: dict) -> str:
    """JSON with every list of numbers on one line."""
    return re.sub(r"\[\s+([-0-9.,\s]+?)\s+\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]",
                  json.dumps(data, indent=1))


if __name__ == "__main__":
    main()
