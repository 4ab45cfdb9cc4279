"""The game protocol, options and presets, registry, match records and errors."""

from gonets.core.errors import ContentError, GonetsError, IllegalAction, OptionError, RecordError
from gonets.core.game import CHANCE, TERMINAL, Game, Result, State
from gonets.core.match import Match, play_match
from gonets.core.options import Config, Option, Preset
from gonets.core.record import Record, seat_names
from gonets.core.registry import games, get_game

__all__ = ["CHANCE", "TERMINAL", "Config", "ContentError", "Game", "GonetsError",
           "IllegalAction", "Match", "Option", "OptionError", "Preset", "Record",
           "RecordError", "Result", "State", "games", "get_game", "play_match", "seat_names"]
