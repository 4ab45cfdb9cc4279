"""Message to the Czar (Kurier des Zaren): couriers, inns, guards and rubles."""

from gonets.games.czar.game import CzarGame

GAME = CzarGame()
