"""The model: board and components as data (``data/board.json``) and the per-configuration
table.

Couriers are small integers ``colour * 4 + type``; rooms are ``inn * 4 + type`` (a courier may
only occupy the room of its own type); coins are codes into the coin list of ``board.json``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from gonets.core.errors import OptionError
from gonets.core.options import Config

DATA = json.loads(resources.files("gonets.games.czar").joinpath("data", "board.json")
                  .read_text("utf-8"))

TYPES: list[str] = [t["key"] for t in DATA["types"]]
TYPE_TITLES: list[str] = [t["title"] for t in DATA["types"]]
OFFICER, COSSACK, DIPLOMAT, LADY = range(4)
PER_TYPE: int = DATA["couriers_per_type"]
COLOURS: list[str] = [c["key"] for c in DATA["colours"]]
COLOUR_FILLS: list[str] = [c["fill"] for c in DATA["colours"]]
LEVEL_KEYS: list[str] = [lv["key"] for lv in DATA["levels"]]
LEVEL_TITLES: list[str] = [lv["title"] for lv in DATA["levels"]]
INN_NAMES: list[str] = [inn["name"] for lv in DATA["levels"] for inn in lv["inns"]]
INN_KEYS: list[str] = [inn["key"] for lv in DATA["levels"] for inn in lv["inns"]]
INN_LEVEL: list[int] = [k for k, lv in enumerate(DATA["levels"]) for _ in lv["inns"]]
LEVEL_INNS: list[list[int]] = [[i for i, lv in enumerate(INN_LEVEL) if lv == k]
                               for k in range(len(LEVEL_KEYS))]
TOP = len(LEVEL_KEYS) - 1
"""Index of the grassland, the level below the palace."""
GUARD_INNS: list[int] = LEVEL_INNS[TOP]
"""Guard ``g`` stands above grassland inn ``GUARD_INNS[g]``."""
NUM_INNS = len(INN_NAMES)
PALACE = NUM_INNS
"""Destination code of a courier that reaches the palace."""
INN_BY_KEY = {key: i for i, key in enumerate(INN_KEYS)}
INN_BY_NAME = {name: i for i, name in enumerate(INN_NAMES)}
TYPE_BY_KEY = {key: i for i, key in enumerate(TYPES)}
COLOUR_BY_KEY = {key: i for i, key in enumerate(COLOURS)}
CLOSED: dict[int, set[int]] = {int(n): {INN_BY_NAME[name] for name in names}
                               for n, names in DATA["closed"].items()}
DEFAULT_PRICES: list[int] = list(DATA["guard_prices"])
COIN_KEYS: list[str] = [c["key"] for c in DATA["coins"]]
COIN_VALUE: list[int] = [c["value"] for c in DATA["coins"]]
COIN_COUNT: list[int] = [c["count"] for c in DATA["coins"]]
COIN_BY_KEY = {key: i for i, key in enumerate(COIN_KEYS)}
NJET = COIN_BY_KEY["njet"]
BLANK = COIN_BY_KEY["blank"]


def courier_name(code: int) -> str:
    """``red cossack`` for a courier code."""
    return f"{COLOURS[code >> 2]} {TYPES[code & 3]}"


def courier_json(code: int) -> dict:
    return {"colour": COLOURS[code >> 2], "type": TYPES[code & 3]}


def coin_pool(size: int) -> list[int]:
    """The coin codes of the pool: 30 with the blanks, 27 without (option ``coin_pool``)."""
    pool = [code for code, count in enumerate(COIN_COUNT) for _ in range(count)]
    if size == 27:
        pool = [code for code in pool if code != BLANK]
    return pool


class Table:
    """Everything a configuration fixes: open inns, guard prices, switches. Shared by states."""

    def __init__(self, config: Config):
        options = config.options
        self.config = config
        self.players: int = config.players
        closed = CLOSED[config.players]
        self.open: list[bool] = [i not in closed for i in range(NUM_INNS)]
        self.level_inns: list[list[int]] = [[i for i in inns if self.open[i]]
                                            for inns in LEVEL_INNS]
        self.prices: list[int] = list(options["guard_prices"])
        self.skip_guard: int = skip_guard_index(options["guard_prices"], options["skip_guard"])
        self.revised: bool = options["ruble_rules"] == "revised"
        self.arrow_order: bool = options["travel_order"] == "arrow"
        self.entry_can_skip: bool = bool(options["entry_can_skip"])
        self.instant_bribe: bool = bool(options["instant_bribe_after_coin"])
        self.turn_cap: int = options["turn_cap"]
        self.pool: list[int] = coin_pool(options["coin_pool"])
        self.entry_levels: tuple[int, ...] = tuple(range(TOP + 1)) if self.entry_can_skip else (0,)


def skip_guard_index(prices: list[int], skip_guard: str | None) -> int:
    """The guard that receives messages skipping the grassland (C12)."""
    if skip_guard is not None:
        key = skip_guard.strip().upper()
        for g, inn in enumerate(GUARD_INNS):
            if INN_NAMES[inn] == key or INN_KEYS[inn].upper() == key:
                return g
        names = ", ".join(INN_NAMES[i] for i in GUARD_INNS)
        raise OptionError(f"option 'skip_guard': {skip_guard!r} is not a grassland inn; "
                          f"choose one of {names}", "skip_guard", code="rules_option")
    tens = [g for g, price in enumerate(prices) if price == 10]
    if len(tens) != 1:
        raise OptionError("option 'skip_guard' must name the guard that receives messages "
                          "skipping the grassland, because 'guard_prices' has "
                          f"{len(tens)} guards priced 10 instead of exactly one", "skip_guard",
                          code="rules_option")
    return tens[0]


@lru_cache(maxsize=256)
def _table(key: str) -> Table:
    data = json.loads(key)
    return Table(Config(data["game"], data["players"], data["preset"], data["options"]))


def table_for(config: Config) -> Table:
    """The (cached) table of a configuration."""
    return _table(json.dumps(config.to_json(), sort_keys=True))
