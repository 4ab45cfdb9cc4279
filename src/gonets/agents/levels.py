"""Four difficulty levels for every game: ``easy``, ``normal``, ``hard`` and ``expert``.

Each level is an agent name like any other (``--bots hard,heuristic``, the lobby's seat choice,
the API). A game may tune its levels with ``LEVELS`` in its ``bot`` room, a dict from level to
the settings below; what it leaves out comes from :data:`DEFAULTS`.

- ``easy``: the game's heuristic bot (random where a game has none) that plays a random legal
  move half the time; a beginner can beat it.
- ``normal``: the heuristic bot.
- ``hard``: ISMCTS with the game's playout policy and evaluation, at most 1 s a decision.
- ``expert``: ISMCTS searching on every core for up to 3 s a decision.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

from gonets.agents.base import Agent, RandomAgent
from gonets.core.game import Game
from gonets.core.options import Config

NAMES = ("easy", "normal", "hard", "expert")

DEFAULTS: dict[str, dict] = {
    "easy": {"agent": "heuristic", "noise": 0.5},
    "normal": {"agent": "heuristic"},
    "hard": {"agent": "ismcts", "iterations": 2000, "seconds": 1.0},
    "expert": {"agent": "ismcts", "iterations": None, "seconds": 3.0, "workers": "cores"},
}


def settings(game: Game, level: str) -> dict:
    """The settings of ``level`` for ``game``: the defaults, updated by the game's own."""
    bot = game.room("bot")
    own = getattr(bot, "LEVELS", {}).get(level, {}) if bot is not None else {}
    return {**DEFAULTS[level], **own}


class NoisyAgent(Agent):
    """Another agent that, with probability ``noise``, plays a random legal move instead."""

    name = "easy"

    def __init__(self, inner: Agent, noise: float, rng: random.Random):
        super().__init__(inner.game, inner.config, inner.seat, rng)
        self.inner = inner
        self.noise = noise
        self.needs_view = inner.needs_view

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        return self.inner.act(view, legal)


def make_level(level: str, game: Game, config: Config, seat: int,
               rng: random.Random) -> Agent:
    """The agent that plays ``level`` of ``game`` at ``seat``."""
    from gonets.agents.ismcts import ISMCTSAgent

    chosen = settings(game, level)
    if chosen["agent"] == "ismcts":
        workers = chosen.get("workers") or 1
        if workers == "cores":
            workers = max(1, os.cpu_count() or 1)
        agent: Agent = ISMCTSAgent(game, config, seat, rng, iterations=chosen.get("iterations"),
                                   seconds=chosen.get("seconds"), workers=workers)
    else:
        factory = game.agents().get(chosen["agent"])
        agent = factory(game, config, seat, rng) if factory else RandomAgent(game, config,
                                                                             seat, rng)
    if chosen.get("noise"):
        agent = NoisyAgent(agent, chosen["noise"], random.Random(rng.random()))
    agent.name = level
    return agent


def factories() -> dict:
    """One ``factory(game, config, seat, rng)`` per level, for the agent registry."""
    def factory_for(level: str):
        return lambda game, config, seat, rng: make_level(level, game, config, seat, rng)

    return {level: factory_for(level) for level in NAMES}
