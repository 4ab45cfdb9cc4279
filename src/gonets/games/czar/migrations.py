"""Records of older Czar rules, brought up to the current ones (see ``gonets.core.record``).

Version 2 (rule 3.3, RULES.md): when a player's display holds one courier type in two
colours (after an extra colour), the player names the colour to place, ``place COLOUR TYPE
INN``; the colour-free ``place TYPE INN`` is refused there. Under version 1 the colour-free
placement took the first courier of that type in the display, so that is the colour a
version-1 step is given.
"""

from __future__ import annotations

from gonets.core.errors import IllegalAction
from gonets.games.czar import notation as A
from gonets.games.czar.rules.phases import TURN

RULES = 2


def name_the_colour(state, step: dict) -> dict:
    """A version-1 step as a version-2 one: a colour-free placement from a display that
    holds the type in two colours names the colour of the first one (what version 1 placed).
    Only a turn's placement takes a courier from the display: a drawn or starting courier
    is placed colour-free under both versions. Applied to a step that follows version 2
    already, it changes nothing (a record that names no version may be either)."""
    text = step.get("action")
    if not isinstance(text, str) or state.phase != TURN:
        return step
    try:
        action = A.parse_action(text)
    except IllegalAction:
        return step                          # refused as it would have been: left to the replay
    if not A.PLACE <= action < A.MESSAGE:
        return step
    kind, inn = divmod(action - A.PLACE, A.NUM_INNS)
    codes = [code for code in state.display[state.active] if code & 3 == kind]
    if len(set(codes)) < 2:
        return step
    return {**step, "action": A.action_text(A.place_colour_id(codes[0], inn))}


MIGRATIONS = {1: name_the_colour}
