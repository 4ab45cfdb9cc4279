"""A hero (one seat's character) and the small constants and data helpers the rules share."""

from __future__ import annotations

from typing import Any

ELEMENT_ORDER = ("wolves", "solovey", "horseman", "hut", "baba_yaga")
"""The order in which tokens on one space are met."""

DECKS = ("wilderness", "town")
"""The two encounter decks."""


def seat_name(seat: int) -> str:
    """A seat as the notation and the log write it: ``p1``, ``p2``..."""
    return f"p{seat + 1}"


class Player:
    """One seat's character."""

    __slots__ = (
        "cards",
        "char",
        "done",
        "effects",
        "elim",
        "loc",
        "met",
        "pending",
        "quest",
        "seat",
        "skip",
        "step",
        "turns",
        "won_horseman",
    )

    def __init__(self, seat: int):
        self.seat = seat
        self.char = ""
        self.quest = ""
        self.step = 0
        self.done = False
        self.loc = ""
        self.cards: list[str] = []
        self.pending: list[str] = []
        self.skip = 0                   # missed turns still to come (face down when > 0)
        self.elim = False
        self.effects: list[list] = []   # [ability, amount, duration, turn_no, source]
        self.turns = 0
        self.met: dict[str, int] = {}
        self.won_horseman = False

    def copy(self) -> Player:
        p = Player.__new__(Player)
        for name in Player.__slots__:
            setattr(p, name, getattr(self, name))
        p.cards = list(self.cards)
        p.pending = list(self.pending)
        p.effects = [list(e) for e in self.effects]
        p.met = dict(self.met)
        return p



def copy_data(value: Any) -> Any:
    """A deep copy of plain JSON-like data (lists and dicts), cheaper than ``deepcopy``."""
    if isinstance(value, list):
        return [copy_data(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    return value


def jsonable(value: Any) -> Any:
    """Plain JSON data: tuples become lists, keys become strings."""
    if isinstance(value, tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, list):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value
