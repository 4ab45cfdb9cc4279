"""One observation encoder per game, found by the game's name."""

from __future__ import annotations

import importlib

from gonets.core.options import Config
from gonets.core.registry import get_game
from gonets.rl.encoding import Encoder

ENCODERS = {
    "loveletter": "gonets.rl.encoders.loveletter:LoveLetterEncoder",
    "czar": "gonets.rl.encoders.czar:CzarEncoder",
    "carcassonne": "gonets.rl.encoders.carcassonne:CarcassonneEncoder",
    "babayaga": "gonets.rl.encoders.babayaga:BabaYagaEncoder",
}


def encoder_class(game: str) -> type[Encoder]:
    """The encoder class of ``game``; a clear error for a game without one."""
    try:
        module, _, name = ENCODERS[game].partition(":")
    except KeyError:
        known = ", ".join(sorted(ENCODERS))
        raise ValueError(f"no observation encoder for {game!r}; games with one: {known}") from None
    return getattr(importlib.import_module(module), name)


_CACHE: dict[tuple, Encoder] = {}


def get_encoder(config: Config) -> Encoder:
    """The (shared, stateless) encoder of a configuration."""
    key = (config.game, config.players, config.preset,
           tuple(sorted((k, _freeze(v)) for k, v in config.options.items())))
    encoder = _CACHE.get(key)
    if encoder is None:
        encoder = _CACHE[key] = encoder_class(config.game)(get_game(config.game), config)
    return encoder


def _freeze(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value
