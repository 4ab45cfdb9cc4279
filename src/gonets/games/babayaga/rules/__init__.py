"""The rules of Baba Yaga (pure): the state, one module per part of the turn, the content model."""

from gonets.games.babayaga.rules.hero import Player
from gonets.games.babayaga.rules.state import BabaYagaState

__all__ = ["BabaYagaState", "Player"]
