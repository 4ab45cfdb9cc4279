"""Four difficulty levels for every game: ``easy``, ``normal``, ``hard`` and ``expert``.

Each level is an agent name like any other (``--bots hard,heuristic``, the lobby's seat choice,
the API). A game may tune its levels with ``LEVELS`` in its ``bot`` room, a dict from level to
the settings below; what it leaves out comes from :data:`DEFAULTS`.

- ``easy``: the game's heuristic bot (random where a game has none) that plays a random legal
  move half the time; a beginner can beat it.
- ``normal``: the heuristic bot.
- ``hard``: ISMCTS with the game's playout policy and evaluation, a fixed number of
  iterations a decision (the game's choice, about 1 s or less on one core).
- ``expert``: the ``hard`` search with ``scale`` times its iterations (within 3 s a decision
  on one core).

Budgets are counted, never timed, so a level plays the same moves for the same seed on any
machine under any load. ``seconds`` is the wall-clock cap that the server's bot workers put on
top (``gonets.agents.ismcts.cap_by_clock``); elsewhere it cuts nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gonets.agents.base import Agent, RandomAgent
from gonets.agents.ismcts import ISMCTSAgent
from gonets.core.game import Game
from gonets.core.options import Config

NAMES = ("easy", "normal", "hard", "expert")

DEFAULTS: dict[str, dict] = {
    "easy": {"agent": "heuristic", "noise": 0.5},
    "normal": {"agent": "heuristic"},
    "hard": {"agent": "ismcts", "iterations": 2000, "seconds": 1.0},
    "expert": {"scale": 4, "seconds": 3.0},
}
"""An ``expert`` that names no agent is the game's ``hard`` with these settings on top."""


def settings(game: Game, level: str) -> dict:
    """The settings of ``level`` for ``game``: the defaults, updated by the game's own."""
    bot = game.room("bot")
    own = getattr(bot, "LEVELS", {}).get(level, {}) if bot is not None else {}
    chosen = {**DEFAULTS[level], **own}
    if "agent" not in chosen:
        chosen = {**settings(game, "hard"), **chosen}
    return chosen


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
    chosen = settings(game, level)
    if chosen["agent"] == "ismcts":
        agent: Agent = ISMCTSAgent(game, config, seat, rng, iterations=chosen.get("iterations"),
                                   seconds=chosen.get("seconds"), workers=chosen.get("workers"))
    else:
        factory = game.agents().get(chosen["agent"])
        agent = factory(game, config, seat, rng) if factory else RandomAgent(game, config,
                                                                             seat, rng)
    if isinstance(agent, ISMCTSAgent):
        if chosen.get("scale") and agent.iterations is not None:
            agent.iterations *= chosen["scale"]
        if "seconds" in chosen:
            agent.seconds = chosen["seconds"]
    if chosen.get("noise"):
        agent = NoisyAgent(agent, chosen["noise"], random.Random(rng.random()))
    agent.name = level
    return agent


def factories() -> dict:
    """One ``factory(game, config, seat, rng)`` per level, for the agent registry."""
    def factory_for(level: str):
        return lambda game, config, seat, rng: make_level(level, game, config, seat, rng)

    return {level: factory_for(level) for level in NAMES}
