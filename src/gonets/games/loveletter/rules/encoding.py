"""How a position is encoded: round phases, and discard piles as ``card | cause << 5``."""

from __future__ import annotations

from gonets.games.loveletter.notation import SPARE
from gonets.games.loveletter.rules import cards as C

DEAL, STARTER, PLAY, BISHOP_REDRAW, CHANCELLOR, OVER = range(6)
PHASES = ("deal", "deal", "play", "redraw", "chancellor", "over")

PLAYED, BY_PRINCE, BY_BISHOP, BY_ASSASSIN, KNOCKOUT = range(5)
CAUSES = ("played", "prince", "bishop", "assassin", "knockout")
CAUSE_SHIFT = 5
CARD_MASK = (1 << CAUSE_SHIFT) - 1

KEY = C.KEYS


def target_json(target: int):
    """A chosen target as log data: a seat number or ``"spare"``."""
    return "spare" if target == SPARE else target
