"""Agents by name: every game's own (``Game.agents``) and the generic ones."""

from __future__ import annotations

import importlib.util
import random
from functools import cache

from gonets.agents import levels
from gonets.agents.base import Agent, PlayoutAgent, RandomAgent
from gonets.agents.ismcts import ISMCTSAgent
from gonets.core.errors import OptionError
from gonets.core.game import Game
from gonets.core.options import Config


@cache
def _generic_agents() -> dict:
    found = {"random": RandomAgent, "playout": PlayoutAgent, "ismcts": ISMCTSAgent,
             **levels.factories()}
    if importlib.util.find_spec("pyspiel") is not None:     # the optional OpenSpiel bots
        found["openspiel_ismcts"] = _openspiel_ismcts
        found["cfr"] = _cfr
    return found


def _openspiel_ismcts(game: Game, config: Config, seat: int, rng: random.Random) -> Agent:
    from gonets.agents.openspiel import factory

    return factory(game, config, seat, rng)


def _cfr(game: Game, config: Config, seat: int, rng: random.Random) -> Agent:
    from gonets.agents.cfr import CFRAgent

    return CFRAgent(game, config, seat, rng)


STUDY_ONLY = frozenset({"cfr"})
"""Agents for study configurations only (the cfr bot solves the whole game first): the
server does not offer them at its tables."""


QUICK = frozenset({"random", "heuristic", "playout"})
"""Agents that decide in milliseconds, with no search (the levels easy and normal are
heuristics in every game)."""


def underlying(game: Game, name: str) -> str:
    """The agent a level name plays with in ``game`` (another name is itself)."""
    return levels.settings(game, name)["agent"] if name in levels.NAMES else name


def is_quick(game: Game, name: str) -> bool:
    """Whether agent ``name`` of ``game`` decides without a search."""
    return underlying(game, name) in QUICK


def level_rank(game: Game, name: str) -> int:
    """Where agent ``name`` stands among the levels (an index of :data:`levels.NAMES`):
    random beside easy, a heuristic beside normal, any other search beside hard."""
    if name in levels.NAMES:
        return levels.NAMES.index(name)
    if name == "random":
        return 0
    return levels.NAMES.index("normal" if is_quick(game, name) else "hard")


def agent_names(game: Game) -> list[str]:
    return sorted(set(_generic_agents()) | set(game.agents()))


def make_agent(name: str, game: Game, config: Config, seat: int,
               seed: int | str | None = None) -> Agent:
    """Build the agent called ``name`` for ``seat``, with its own generator."""
    factory = game.agents().get(name) or _generic_agents().get(name)
    if factory is None:
        known = ", ".join(agent_names(game))
        raise OptionError(f"unknown agent {name!r} for {game.name}; known agents: {known}",
                          code="no_bot", name=name, game=game.name, known=known)
    return factory(game, config, seat, random.Random(f"{seed}:{seat}:{name}"))
