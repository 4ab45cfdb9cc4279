"""A bot that plays a solved equilibrium: CFR+ over the whole game tree (``make_agent("cfr")``).

Only for games small enough to walk whole, such as two-player one-round Love Letter on a study
deck (``gonets exploitability``): at its first decision the agent walks the tree of its
configuration through the OpenSpiel game and runs CFR+ for a fixed number of iterations (the
same strategy on every machine), kept for every later agent of that configuration in the
process. It then plays each information set's average strategy, drawn with its own
generator. A configuration whose tree passes :data:`MAX_NODES` is refused.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from gonets.agents.base import Agent
from gonets.core.errors import OptionError
from gonets.core.game import Game
from gonets.core.options import Config

ITERATIONS = 1000
MAX_NODES = 1_000_000


@lru_cache(maxsize=8)
def solved(game_name: str, players: int, preset: str, options: str) -> dict[str, dict]:
    """Information state string -> {action: probability} of the CFR+ average strategy."""
    import json

    from gonets.rl import cfr
    from gonets.rl.openspiel import load

    game = load(game_name, players, preset, json.loads(options))
    try:
        tree = cfr.Tree(game, limit=MAX_NODES)
    except cfr.TreeTooLarge:
        raise OptionError(f"the cfr bot solves the whole game, and this configuration has "
                          f"more than {MAX_NODES:,} positions: use a small study deck "
                          "(gonets exploitability lists them)") from None
    except cfr.NotZeroSum as exc:
        raise OptionError(f"the cfr bot solves zero-sum games only: {exc} (a tie with "
                          "several winners; for Love Letter, residual_tie=seat_order)") from None
    strategy = cfr.solve(tree, ITERATIONS)
    return {entry.key: {a: float(strategy[entry.first + i]) for i, a in enumerate(entry.actions)}
            for entry in tree.infosets}


class CFRAgent(Agent):
    """Plays the CFR+ average strategy of its (small, two-player) configuration."""

    name = "cfr"

    def __init__(self, game: Game, config: Config, seat: int, rng: random.Random):
        super().__init__(game, config, seat, rng)
        if config.players != 2:
            raise OptionError("the cfr bot solves two-player games only")

    def act(self, view: dict, legal: Sequence[int]) -> int:
        import json

        from gonets.rl.openspiel import view_key

        config = self.config
        table = solved(config.game, config.players, config.preset,
                       json.dumps(dict(config.options), sort_keys=True))
        shares = table[view_key(view)]
        pick, total = self.rng.random(), 0.0
        for action in legal:
            total += shares.get(action, 0.0)
            if pick < total:
                return action
        return legal[-1]
