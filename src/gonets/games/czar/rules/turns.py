"""The turn: its menu of actions, housekeeping, the extra colour and the end (3.2, 3.6, 3.9)."""

from __future__ import annotations

from gonets.games.czar import notation as A
from gonets.games.czar.rules.board import (
    COLOURS,
    INN_LEVEL,
    NUM_INNS,
    courier_name,
)
from gonets.games.czar.rules.phases import OFFER, OVER, RUBLES_FIRST, SHUFFLE, TURN


class TurnMixin:
    """What a turn offers and how turns follow one another until the match ends."""

    __slots__ = ()

    def _turn_actions(self) -> list[int]:
        p = self.active
        out: list[int] = []
        by_kind: dict[int, list[int]] = {}
        for code in self.display[p]:
            codes = by_kind.setdefault(code & 3, [])
            if code not in codes:
                codes.append(code)
        for kind, codes in by_kind.items():
            inns = self.entry_inns(kind)
            if len(codes) == 1:
                base = A.PLACE + kind * NUM_INNS
                out.extend(base + i for i in inns)
            else:                       # one type in two colours: the player names the colour
                for code in codes:
                    base = A.PLACE_COLOUR + code * NUM_INNS
                    out.extend(base + i for i in inns)
        if self.stacks[p]:
            out.append(A.DRAW)
        rooms, owner = self.rooms, self.owner
        carrier = self.msg[p]
        if carrier >= 0:
            for inn in self.t.level_inns[INN_LEVEL[carrier >> 2]]:
                base = inn * 4
                for slot in range(base, base + 4):
                    code = rooms[slot]
                    if code >= 0 and slot != carrier and owner[code >> 2] == p:
                        out.append(A.MESSAGE + slot)
        cnt = self.cnt
        for inn in range(NUM_INNS):
            if cnt[inn] == 3:
                base = inn * 4
                for slot in range(base, base + 4):
                    code = rooms[slot]
                    if code >= 0 and owner[code >> 2] == p:
                        self._travel_options(inn, out)
                        break
        if self.t.revised and self.guard_of[p] >= 0 and self.coin_total(p) >= self.price_of(p):
            out.append(A.BRIBE)
        if not out:
            out.append(A.PASS)
        return out

    def _take_extra(self) -> None:
        p = self.active
        colour = self.unused_colour()
        self.owner[colour] = p
        self.took_extra = True
        self._log({"e": "extra", "seat": p, "colour": COLOURS[colour]})
        self.shuffle_seat = p
        self.shuffle_colour = colour
        self.phase = SHUFFLE

    # -- turn sequence ----------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.active = seat
        self.passed = False
        self.took_extra = False
        self.pile_emptied = False
        if not self.t.revised and self.guard_of[seat] >= 0:
            self.phase = RUBLES_FIRST
        else:
            self.phase = TURN

    def _end_turn(self) -> None:
        p = self.active
        if not self.stacks[p] and self.unused_colour() >= 0:
            self.phase = OFFER
            return
        self._finish_turn()

    def _finish_turn(self) -> None:
        p = self.active
        n = self.n
        stack = self.stacks[p]
        if not self.display[p] and stack:
            code = stack.pop()
            self.known[p] = min(self.known[p], len(stack))
            self.display[p].append(code)
            self._log({"e": "display", "seat": p, "courier": courier_name(code)})
        self.turns += 1
        self.passes = self.passes + 1 if self.passed and not self.took_extra else 0
        if self.passes >= n:
            self._game_over(self.tiebreak(), "a full round of passes", {"why": "passes"})
            return
        if self.final_left > 0:
            self.final_left -= 1
            if self.final_left == 0:
                self._game_over(self.tiebreak(), "the final round after the coin pile ran out "
                                                 "is over", {"why": "final_round"})
                return
        elif self.pile_emptied and self.final_left < 0:
            self.final_left = n
        if self.turns >= self.t.turn_cap:
            self._game_over(self.tiebreak(), f"the turn cap ({self.t.turn_cap}) was reached",
                            {"why": "turn_cap", "cap": self.t.turn_cap})
            return
        self._begin_turn((p + 1) % n)

    def tiebreak(self) -> int:
        """The winner when no one paid (C7): first message at a guard, then coins, then the
        highest message, then turn order from the starting player."""
        if self.delivered:
            return self.delivered[0]
        tied = list(range(self.n))
        best = max(self.coin_total(s) for s in tied)
        tied = [s for s in tied if self.coin_total(s) == best]
        heights = {s: INN_LEVEL[self.msg[s] >> 2] for s in tied}
        top = max(heights.values())
        tied = [s for s in tied if heights[s] == top]
        return min(tied, key=lambda s: (s - self.start) % self.n)

    def _game_over(self, winner: int, reason: str, facts: dict) -> None:
        """End the match; ``facts`` (``why`` and its numbers) let the log line be written in
        any language, ``reason`` is the English one of the result."""
        self.winner = winner
        self.reason = reason
        self.phase = OVER
        self._log({"e": "win", "seat": winner, "reason": reason, **facts})

