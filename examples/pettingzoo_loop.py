"""A PettingZoo AEC loop over any gonets game: random legal actions, the final rewards.

    python examples/pettingzoo_loop.py carcassonne --players 3 --matches 5 --seed 1
"""

from __future__ import annotations

import argparse

import numpy as np

from gonets.rl.pettingzoo import env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    table = env(args.game, players=args.players, preset=args.preset)
    rng = np.random.default_rng(args.seed)
    for match in range(args.matches):
        table.reset(seed=args.seed + match)
        totals = dict.fromkeys(table.possible_agents, 0.0)
        decisions = 0
        for agent in table.agent_iter():
            obs, reward, termination, truncation, _info = table.last()
            totals[agent] += reward
            if termination or truncation:
                table.step(None)
                continue
            table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            decisions += 1
        print(f"match {match}: {decisions} decisions, rewards {totals}")


if __name__ == "__main__":
    main()
