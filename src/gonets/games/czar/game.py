"""The ``Game`` definition of Message to the Czar: metadata, options, presets, config checks."""

from __future__ import annotations

from typing import Any

from gonets.core.game import Game, State
from gonets.core.options import Config, Option, Preset
from gonets.games.czar import notation
from gonets.games.czar.rules import CzarState
from gonets.games.czar.rules.board import (
    DEFAULT_PRICES,
    GUARD_INNS,
    INN_KEYS,
    INN_NAMES,
    skip_guard_index,
)

MAX_TURN_CAP = 10_000
"""The longest match a turn cap may allow (random 5-player play ends within a few hundred)."""
MAX_PRICE = 30
"""The highest guard price: the face value of every coin together."""


def _check_prices(value: Any) -> str | None:
    if not isinstance(value, list) or len(value) != len(GUARD_INNS) or not all(
            type(v) is int and 1 <= v <= MAX_PRICE for v in value):
        return (f"give a list of {len(GUARD_INNS)} whole ruble prices (1-{MAX_PRICE}), one per "
                "guard from left to right (above " + ", ".join(INN_NAMES[i] for i in GUARD_INNS)
                + f"), e.g. {DEFAULT_PRICES}")
    return None


def _check_skip_guard(value: Any) -> str | None:
    if value is None:
        return None
    names = {INN_NAMES[i] for i in GUARD_INNS} | {INN_KEYS[i] for i in GUARD_INNS}
    if not isinstance(value, str) or (value.strip() not in names and \
            value.strip().upper() not in names):
        return ("name the grassland inn whose guard receives skipping messages: one of "
                + ", ".join(INN_NAMES[i] for i in GUARD_INNS) + " (or null for the 10 guard)")
    return None


def _check_cap(value: Any) -> str | None:
    if type(value) is not int or not 1 <= value <= MAX_TURN_CAP:
        return (f"the turn cap must be a whole number of turns from 1 to {MAX_TURN_CAP}, "
                f"not {value!r}")
    return None


OPTIONS = (
    Option("ruble_rules", "classic",
           "classic: the first edition (Kurier des Zaren, 2003) - once your message is with a "
           "guard your only action is the push-your-luck rubles draw; revised: 2004 rules - the "
           "owner of the courier left behind in an emptied inn draws a hidden coin, and 'bribe' "
           "wins when your coins reach your guard's price", choices=("classic", "revised")),
    Option("coin_pool", 30, "30 coins with the 3 blanks (worth 0), or 27 without them",
           choices=(30, 27)),
    Option("travel_order", "player",
           "player: the active player chooses which leaver moves first (as in the rulebook's "
           "IWAN example); arrow: the courier right after the empty room always moves first",
           choices=("player", "arrow")),
    Option("entry_can_skip", False,
           "house rule: a new courier with no room in the swamp enters the first higher village "
           "with room (never the palace) instead of waiting", choices=(False, True)),
    Option("instant_bribe_after_coin", False,
           "revised only: may bribe in the same turn when the coin just earned for your courier "
           "left behind completes the price", choices=(False, True)),
    Option("guard_prices", list(DEFAULT_PRICES),
           "price of each guard, left to right above PAWL HOF, RACHMANIN HOF, MASL HOF, ROMAN "
           "HOF, REHR HOF", check=_check_prices, bounds=(1, MAX_PRICE)),
    Option("skip_guard", None,
           "grassland inn whose guard receives messages that skip the grassland; null = the "
           "single guard priced 10", check=_check_skip_guard),
    Option("turn_cap", 2000, "completed turns after which the match ends by the tie-break list",
           check=_check_cap, bounds=(1, MAX_TURN_CAP)),
)

PRESETS = (
    Preset("classic", "First edition (Kurier des Zaren, 2003): push-your-luck rubles once "
           "delivered", {"ruble_rules": "classic"}),
    Preset("revised", "2004 rules: a coin for the courier left behind, bribe to win",
           {"ruble_rules": "revised"}),
)


class CzarGame(Game):
    """Message to the Czar (Kurier des Zaren), 2-5 players."""

    name = "czar"
    title = "Message to the Czar"
    min_players = 2
    max_players = 5
    options = OPTIONS
    presets = PRESETS
    default_preset = "classic"
    description = ("Couriers climb from the swamp through forest and mountains to the "
                   "grassland; the first message past its palace guard wins.")

    def check_config(self, config: Config) -> None:
        skip_guard_index(config["guard_prices"], config["skip_guard"])

    def new_state(self, config: Config) -> State:
        return CzarState(config)

    def num_actions(self, config: Config) -> int:
        return notation.NUM_ACTIONS

    def bench_counts(self, state: State) -> dict[str, int]:
        assert isinstance(state, CzarState)
        return {"turns": state.turns, "delivered": len(state.delivered)}

    def progress(self, state: State) -> float:
        """Completed turns (the clock the turn cap reads)."""
        assert isinstance(state, CzarState)
        return float(state.turns)

