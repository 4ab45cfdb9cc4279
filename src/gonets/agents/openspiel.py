"""OpenSpiel's own information-set MCTS as a gonets agent (``make_agent("openspiel_ismcts")``).

The agent sees its view only. At each decision it wraps a world drawn by the game's
``sample_world`` as an OpenSpiel state (only its information state matters: the bot redraws a
world from that seat's view for every simulation through ``resample_from_infostate``) and lets
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` search it with random rollouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from gonets.agents.base import Agent
from gonets.core.game import Game
from gonets.core.options import Config

SIMULATIONS = 100
UCT_C = 2.0


class OpenSpielISMCTSAgent(Agent):
    """OpenSpiel's Python ISMCTSBot (UCT, max-visit final policy, one random rollout per
    leaf), playing through the gonets OpenSpiel games."""

    name = "openspiel_ismcts"

    def __init__(self, game: Game, config: Config, seat: int, rng: random.Random,
                 simulations: int = SIMULATIONS):
        super().__init__(game, config, seat, rng)
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts

        from gonets.rl.openspiel import load

        changed = {name: value for name, value in config.options.items()
                   if game.preset_options(config.preset).get(name) != value}
        self.spiel_game = load(game.name, config.players, config.preset, changed)
        seed = rng.randrange(2**31)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                                random_state=np.random.RandomState(seed))
        self.bot = ismcts.ISMCTSBot(self.spiel_game, evaluator, uct_c=UCT_C,
                                    max_simulations=simulations,
                                    random_state=np.random.RandomState(seed + 1))
        self._pyspiel = pyspiel

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        from gonets.rl.openspiel import GonetsSpielState, _Match

        world = self.game.sample_world(view, self.rng)
        state = GonetsSpielState(self.spiel_game, _Match(self.spiel_game.config, world))
        action = int(self.bot.step(state))
        if action not in legal:
            raise RuntimeError(f"OpenSpiel's ISMCTS chose {action}, not a legal action {legal}")
        return action


def factory(game: Game, config: Config, seat: int, rng: random.Random) -> Agent:
    """The ``make_agent`` factory."""
    return OpenSpielISMCTSAgent(game, config, seat, rng)
