"""OpenSpiel's Python IS-MCTS against uniform random play on a gonets game, through pyspiel.

    python examples/openspiel_ismcts.py loveletter --players 2 --matches 20 --simulations 100

The bot is open_spiel.python.algorithms.ismcts.ISMCTSBot; every simulation starts from a world
the game's sample_world draws from the bot's own view (resample_from_infostate), so it never
sees hidden cards. Seats alternate; the wins get a 95% Wilson interval.
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from gonets.rl.openspiel import load
from gonets.sim.stats import wilson_interval


def play(game, bot, seat: int, rng: np.random.Generator) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.returns()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = load(args.game, args.players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations,
                           random_state=np.random.RandomState(args.seed + 1))
    rng = np.random.default_rng(args.seed)
    wins = 0
    for match in range(args.matches):
        seat = match % args.players
        returns = play(game, bot, seat, rng)
        wins += returns[seat] > 0 and sum(r > 0 for r in returns) == 1
    low, high = wilson_interval(wins, args.matches)
    print(f"ISMCTSBot ({args.simulations} simulations) vs random on {args.game}, "
          f"{args.players} players: {wins}/{args.matches} = {wins / args.matches:.1%} "
          f"[{low:.1%}, {high:.1%}]")


if __name__ == "__main__":
    main()
