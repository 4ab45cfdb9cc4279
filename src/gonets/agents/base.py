"""The agent protocol, the agents every game has, and how a driver asks one for a move."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from gonets.core.game import Game, State
from gonets.core.options import Config


class Agent(ABC):
    """A player that decides from its seat's view. ``view["legal"]`` holds the notations of
    ``legal`` in the same order.

    An agent class that reads nothing but ``legal`` sets ``needs_view = False``: drivers that
    play many matches (simulations, the lab) then hand it ``{"seat": seat, "legal": None}``
    instead of a view, which is most of the cost of a simulated match (:func:`decide`)."""

    name = "agent"
    needs_view = True

    def __init__(self, game: Game, config: Config, seat: int, rng: random.Random):
        self.game = game
        self.config = config
        self.seat = seat
        self.rng = rng

    @abstractmethod
    def act(self, view: dict, legal: Sequence[int]) -> int:
        """Choose one of ``legal``."""


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"
    needs_view = False

    def act(self, view: dict, legal: Sequence[int]) -> int:
        return legal[self.rng.randrange(len(legal))]


class PlayoutAgent(Agent):
    """Plays the game's playout policy (the search's ``rollout_action``) in a world sampled
    from its view: the policy ``--fast`` runs play in the compiled kernel, here on the
    reference engine."""

    name = "playout"

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        world = self.game.sample_world(view, self.rng)
        return self.game.rollout_action(world, self.rng)


def decide(agent: Agent, state: State, seat: int, legal: Sequence[int],
           views: Sequence | None = None) -> int:
    """Ask ``agent`` for the move of ``seat`` in ``state``: with the seat's view, or without
    one when the agent declares it reads none (``needs_view = False``); its choice is the
    same either way. ``views``: per seat, the game's ``SeatViews`` of this match (the same
    views, built from the seat's previous one), from :func:`seat_views`."""
    if getattr(agent, "needs_view", True):
        return agent.act(state.view(seat) if views is None else views[seat].view(state), legal)
    return agent.act({"seat": seat, "legal": None}, legal)


def seat_views(game: Game, players: int) -> list | None:
    """One ``SeatViews`` per seat when the game's views room offers them (views of one match
    asked for in order), else None (``state.view`` is used)."""
    stream = getattr(game.room("views"), "SeatViews", None)
    return None if stream is None else [stream(seat) for seat in range(players)]
