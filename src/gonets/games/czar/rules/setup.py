"""Set-up and chance events: start player, coin pile, stacks, starting couriers (3.1, C10)."""

from __future__ import annotations

import random
from typing import Any

from gonets.core.errors import IllegalAction
from gonets.games.czar.rules.board import (
    COIN_BY_KEY,
    COIN_KEYS,
    COLOURS,
    PER_TYPE,
    TYPE_BY_KEY,
    TYPES,
    courier_name,
)
from gonets.games.czar.rules.phases import COINS, INITIAL, SHUFFLE, START


class SetupMixin:
    """The chance nodes of a match and the starting placements."""

    __slots__ = ()

    def _next_initial(self) -> None:
        if self.initial_left:
            seat = self.initial_left.pop(0)
            self.active = seat
            self.drawn = self.stacks[seat].pop()
            self.phase = INITIAL
            self._log({"e": "turn", "seat": seat, "courier": courier_name(self.drawn)})
            return
        for k in range(self.n):
            seat = (self.start + k) % self.n
            code = self.stacks[seat].pop()
            self.display[seat].append(code)
            self._log({"e": "display", "seat": seat, "courier": courier_name(code)})
        self._begin_turn(self.start)

    # -- chance -----------------------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Any:
        phase = self.phase
        if phase == START:
            return rng.randrange(self.n)
        if phase == COINS:
            coins = [COIN_KEYS[c] for c in self.t.pool]
            rng.shuffle(coins)
            return coins
        if phase == SHUFFLE:
            kinds = [TYPES[k] for k in range(4) for _ in range(PER_TYPE)]
            rng.shuffle(kinds)
            return kinds
        raise IllegalAction("there is no random event pending")

    def apply_chance(self, outcome: Any) -> None:
        phase = self.phase
        if phase == START:
            if type(outcome) is not int or not 0 <= outcome < self.n:
                raise IllegalAction(f"the start player must be a seat number 0..{self.n - 1}, "
                                    f"not {outcome!r}")
            self._legal = None
            self.start = outcome
            self.phase = COINS
            self._log({"e": "start", "seat": outcome})
        elif phase == COINS:
            self.pile = self._checked_deck(outcome, [COIN_KEYS[c] for c in self.t.pool],
                                           COIN_BY_KEY, "the coin pile")
            self._log({"e": "coins", "count": len(self.pile)})
            self._legal = None
            self.phase = SHUFFLE
            self.shuffle_seat = 0
            self.shuffle_colour = 0
        elif phase == SHUFFLE:
            p, colour = self.shuffle_seat, self.shuffle_colour
            kinds = self._checked_deck(outcome, [TYPES[k] for k in range(4)
                                                 for _ in range(PER_TYPE)],
                                       TYPE_BY_KEY, f"p{p + 1}'s stack")
            self._legal = None
            self.stacks[p] = [colour * 4 + k for k in kinds]
            self.known[p] = 0
            self._log({"e": "shuffle", "seat": p, "colour": COLOURS[colour]})
            if not self._setup_done():
                if p + 1 < self.n:
                    self.shuffle_seat = p + 1
                    self.shuffle_colour = p + 1
                else:
                    self.initial_left = [(self.start + k) % self.n for k in range(self.n)]
                    self._next_initial()
            else:
                self._finish_turn()
        else:
            raise IllegalAction("there is no random event pending")

    def _setup_done(self) -> bool:
        return any(m >= 0 for m in self.msg) or any(g >= 0 for g in self.guard_of)

    @staticmethod
    def _checked_deck(outcome: Any, expected: list[str], codes: dict, what: str) -> list[int]:
        """Validate a shuffled list of names (first = drawn first); internal order: top last."""
        if not isinstance(outcome, list) or not all(isinstance(x, str) for x in outcome):
            raise IllegalAction(f"{what} must be a list of names (first drawn first), "
                                f"not {str(outcome)[:40]!r}")
        if sorted(outcome) != sorted(expected):
            raise IllegalAction(f"{what} must be a permutation of {len(expected)} items: "
                                + ", ".join(f"{expected.count(k)} x {k}"
                                            for k in dict.fromkeys(expected)))
        return [codes[x] for x in reversed(outcome)]

