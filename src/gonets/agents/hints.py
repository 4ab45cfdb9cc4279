"""Hints: the top moves for a seat, ranked by a search that sees only that seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gonets.agents.ismcts import Choice, ISMCTSAgent
from gonets.agents.levels import NAMES, make_level
from gonets.core.errors import OptionError
from gonets.core.game import Game
from gonets.core.registry import get_game


def hints(game: Game | str, view: dict, legal: Sequence[int], level: str = "hard",
          seed: int | str | None = None) -> list[Choice]:
    """Rank every legal move of ``view``'s seat, best first, with visits and win chances.

    ``level`` is a difficulty level or ``ismcts``; the search reads nothing but ``view``."""
    if isinstance(game, str):
        game = get_game(game)
    seat = view.get("seat")
    if seat is None or view.get("to_move") != seat:
        raise OptionError("a hint is for the seat that decides now")
    config = game.configure(view["players"], view["preset"], view["options"])
    rng = random.Random(f"hint:{seed}:{seat}:{len(view.get('log') or [])}")
    if level in NAMES:
        agent = make_level(level, game, config, seat, rng)
    elif level == "ismcts":
        agent = ISMCTSAgent(game, config, seat, rng)
    else:
        raise OptionError(f"hints come from a search: ismcts or a level ({', '.join(NAMES)})",
                          code="no_search", known=", ".join(NAMES))
    if not isinstance(agent, ISMCTSAgent):
        agent = ISMCTSAgent(game, config, seat, rng, iterations=1000, seconds=1.0)
    return agent.analyse(view, legal)
