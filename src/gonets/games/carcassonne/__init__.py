"""Carcassonne (base game with farmers) plus the mini-expansion The Messengers."""

from gonets.games.carcassonne.game import Carcassonne

GAME = Carcassonne()

__all__ = ["GAME", "Carcassonne"]
