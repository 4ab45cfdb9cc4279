"""The registry of games: every package under ``gonets.games`` that exports ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from gonets.core.errors import OptionError
from gonets.core.game import Game


@cache
def games() -> dict[str, Game]:
    """All registered games by name, in alphabetical order."""
    import gonets.games

    found: dict[str, Game] = {}
    for module in sorted(pkgutil.iter_modules(gonets.games.__path__), key=lambda m: m.name):
        package = importlib.import_module(f"gonets.games.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


def get_game(name: str) -> Game:
    """The game called ``name``; a clear error lists the known games otherwise."""
    try:
        return games()[name]
    except KeyError:
        known = ", ".join(games()) or "none"
        raise OptionError(f"unknown game {name!r}; known games: {known}", code="no_game",
                          name=name, known=known) from None
