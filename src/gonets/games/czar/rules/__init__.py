"""The rules of Message to the Czar (pure, no I/O): the state, the parts of a turn, the model."""

from gonets.games.czar.rules.phases import (
    BONUS,
    CHANCE_PHASES,
    COINS,
    DRAWN,
    INITIAL,
    OFFER,
    OVER,
    PHASES,
    RUBLES,
    RUBLES_FIRST,
    SHUFFLE,
    START,
    TURN,
)
from gonets.games.czar.rules.state import CzarState

__all__ = ["BONUS", "CHANCE_PHASES", "COINS", "DRAWN", "INITIAL", "OFFER", "OVER", "PHASES",
           "RUBLES", "RUBLES_FIRST", "SHUFFLE", "START", "TURN", "CzarState"]
