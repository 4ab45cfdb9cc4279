"""Rubles: the classic push-your-luck draw and the revised bribe (rules file 3.7, 3.8)."""

from __future__ import annotations

from gonets.games.czar.rules.board import (
    COIN_KEYS,
    COIN_VALUE,
    GUARD_INNS,
    INN_NAMES,
    NJET,
)
from gonets.games.czar.rules.phases import RUBLES


class RublesMixin:
    """Revealing coins, keeping them, bribing the guard."""

    __slots__ = ()

    def _reveal(self) -> None:
        p = self.active
        if not self.pile:
            self._bank()
            self._game_over(self.delivered[0], "the coin pile is exhausted: the first message "
                                               "to reach a guard wins", {"why": "pile"})
            return
        coin = self.pile.pop()
        self._log({"e": "reveal", "seat": p, "coin": COIN_KEYS[coin]})
        if coin == NJET:
            self.removed.extend(self.running)
            self.removed.append(coin)
            self._log({"e": "njet", "seat": p, "lost": [COIN_KEYS[c] for c in self.running]})
            self.running = []
            self._end_turn()
            return
        self.running.append(coin)
        total = self.coin_total(p) + sum(COIN_VALUE[c] for c in self.running)
        if total >= self.price_of(p):
            self._bank()
            self._game_over(p, f"p{p + 1} paid the guard {total} rubles",
                            {"why": "paid", "total": total})
        else:
            self.phase = RUBLES

    def _bank(self) -> None:
        if self.running:
            self._log({"e": "bank", "seat": self.active,
                       "coins": [COIN_KEYS[c] for c in self.running]})
            self.coins[self.active].extend(self.running)
            self.running = []

    def _stop(self) -> None:
        self._bank()
        self._end_turn()

    def _bribe(self) -> None:
        p = self.active
        self._log({"e": "bribe", "seat": p, "coins": [COIN_KEYS[c] for c in self.coins[p]],
                   "guard": INN_NAMES[GUARD_INNS[self.guard_of[p]]]})
        total = self.coin_total(p)
        self._game_over(p, f"p{p + 1} bribed the guard with {total} rubles",
                        {"why": "bribed", "total": total})

