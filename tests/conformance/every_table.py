"""Cases the whole-match conformance tests share: every game's presets at the fewest and the
most seats, and people's names for the seats."""

from __future__ import annotations

import pytest

from gonets.core import games

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Ilya"]


def preset_ends() -> list:
    """One ``(game, preset, players)`` case per preset at its fewest and its most players."""
    found = []
    for name, game in sorted(games().items()):
        for preset in game.presets:
            low, high = game.player_range(preset.name)
            for players in sorted({low, high}):
                found.append(pytest.param(name, preset.name, players,
                                          id=f"{name}-{preset.name}-{players}"))
    return found
