"""Learn Love Letter (2 players) from scratch with MaskablePPO and evaluate it against the
random bot with a 95% Wilson interval.

    pip install -e '.[train]'          # stable-baselines3, sb3-contrib (torch comes with them)
    python examples/train_loveletter.py --timesteps 300000 --eval-games 2000

The learner plays through ``gonets.rl.gymnasium`` at a random seat each match against the
gonets ``random`` agent; illegal actions are masked (``action_masks()``), the reward is +1 for a
won match and -1 for a lost one. The evaluation plays whole matches on fresh seeds through the
gonets match driver, the greedy policy as an agent on alternating seats; a match counts as a win
when the learner is the only winner.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

from gonets.agents import make_agent
from gonets.core.match import play_match
from gonets.core.registry import get_game
from gonets.rl.encoders import get_encoder
from gonets.rl.gymnasium import env as gonets_env
from gonets.sim.stats import wilson_interval


def make_env(opponent: str, preset: str | None):
    table = gonets_env("loveletter", players=2, opponents=opponent, preset=preset,
                       seat="random")
    return ActionMasker(table, lambda wrapped: wrapped.unwrapped.action_masks())


class PolicyAgent:
    """The trained policy as a gonets agent: it reads its seat's view like any bot."""

    def __init__(self, model: MaskablePPO, config):
        self.model = model
        self.encoder = get_encoder(config)
        self.actions = get_game("loveletter").num_actions(config)

    def act(self, view: dict, legal) -> int:
        mask = np.zeros(self.actions, dtype=bool)
        mask[list(legal)] = True
        action, _ = self.model.predict(self.encoder.encode(view), action_masks=mask,
                                       deterministic=True)
        return int(action)


def evaluate(model: MaskablePPO, games: int, opponent: str, preset: str | None,
             seed: int) -> dict:
    """Play ``games`` whole matches (seats alternating) with the greedy policy through the
    gonets match driver; wins, shared wins and the Wilson interval."""
    game = get_game("loveletter")
    config = game.configure(2, preset)
    learner = PolicyAgent(model, config)
    wins = ties = 0
    for index in range(games):
        seat = index % 2
        other = make_agent(opponent, game, config, 1 - seat, seed=seed + index)
        agents = [learner, other] if seat == 0 else [other, learner]
        winners = play_match(game, config, agents, seed=seed + index).state.result().winners
        if winners == [seat]:
            wins += 1
        elif seat in winners:
            ties += 1
    low, high = wilson_interval(wins, games)
    return {"games": games, "wins": wins, "shared_wins": ties, "rate": wins / games,
            "ci95": [low, high]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=300_000)
    parser.add_argument("--eval-games", type=int, default=2000)
    parser.add_argument("--opponent", default="random", help="the agent trained against")
    parser.add_argument("--eval-against", default="random,heuristic",
                        help="comma list of agents the trained policy is evaluated against")
    parser.add_argument("--preset", default=None, help="Love Letter preset (default: seed)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    parser.add_argument("--save", default=None, help="where to save the trained model")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    np.random.seed(args.seed)
    model = MaskablePPO("MlpPolicy", make_env(args.opponent, args.preset), seed=args.seed,
                        n_steps=2048, batch_size=256, gamma=1.0, learning_rate=3e-4,
                        ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]}, verbose=0)
    before = evaluate(model, min(args.eval_games, 500), args.opponent, args.preset, 10**6)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    trained = time.perf_counter() - start
    if args.save:
        model.save(args.save)
    after = {name: evaluate(model, args.eval_games, name, args.preset, 10**7)
             for name in args.eval_against.split(",")}
    print(json.dumps({"timesteps": args.timesteps, "train_seconds": round(trained, 1),
                      "untrained_vs_" + args.opponent: before, "trained": after}, indent=2))
    for name, figure in after.items():
        low, high = figure["ci95"]
        print(f"MaskablePPO (trained vs {args.opponent}) vs {name}: {figure['wins']}/"
              f"{figure['games']} = {figure['rate']:.1%}, 95% Wilson interval "
              f"[{low:.1%}, {high:.1%}]")
    print(f"untrained policy vs {args.opponent}: {before['rate']:.1%}")


if __name__ == "__main__":
    main()
