"""Travel: a full inn empties, its two early risers move on up (rules file 2.4, 3.5)."""

from __future__ import annotations

from typing import Any

from gonets.games.czar import notation as A
from gonets.games.czar.rules.board import (
    COIN_KEYS,
    GUARD_INNS,
    INN_LEVEL,
    INN_NAMES,
    LEVEL_TITLES,
    PALACE,
    TOP,
    courier_name,
)
from gonets.games.czar.rules.phases import BONUS


class TravelMixin:
    """The travel options of a full inn and their effect."""

    __slots__ = ()

    def landing_levels(self, kind: int, above: int) -> list[list[int]]:
        """For each level above ``above``: the inns a travelling ``kind`` could stop in."""
        rooms, cnt = self.rooms, self.cnt
        return [[i for i in self.t.level_inns[level] if rooms[i * 4 + kind] < 0 and cnt[i] < 3]
                for level in range(above + 1, TOP + 1)]

    def _travel_options(self, inn: int, out: list[int]) -> None:
        """Append every complete travel option of the full ``inn``."""
        rooms = self.rooms
        base_slot = inn * 4
        empty = 0
        while rooms[base_slot + empty] >= 0:
            empty += 1
        lead, follow = (empty + 1) & 3, (empty + 2) & 3
        level = INN_LEVEL[inn]
        landing = {lead: self.landing_levels(lead, level),
                   follow: self.landing_levels(follow, level)}
        orders = ((lead, follow),) if self.t.arrow_order else ((lead, follow), (follow, lead))
        dests = A.DESTS
        for first, second in orders:
            k = first * 2 + (0 if second == (first + 1) & 3 else 1)
            base = A.TRAVEL + (inn * 8 + k) * dests * dests
            firsts = [PALACE]
            for found in landing[first]:
                if found:
                    firsts = found
                    break
            seconds_by_level = landing[second]
            for dest1 in firsts:
                seconds = [PALACE]
                for found in seconds_by_level:
                    if dest1 in found:
                        found = [i for i in found if i != dest1]
                    if found:
                        seconds = found
                        break
                row = base + dest1 * dests
                for dest2 in seconds:
                    out.append(row + dest2)

    def _travel(self, action: int) -> None:
        p = self.active
        inn, first, second, dest1, dest2 = A.decode_travel(action)
        rooms = self.rooms
        base = inn * 4
        empty = self.empty_room(inn)
        stay_slot = base + ((empty + 3) & 3)
        stayer = rooms[stay_slot]
        level = INN_LEVEL[inn]
        moves = []
        mine_delivered = False
        for kind, dest in ((first, dest1), (second, dest2)):
            slot = base + kind
            code = rooms[slot]
            rooms[slot] = -1
            carrier = -1
            for seat in range(self.n):
                if self.msg[seat] == slot:
                    carrier = seat
                    break
            move: dict[str, Any] = {"courier": courier_name(code)}
            top = INN_LEVEL[dest] if dest != PALACE else TOP + 1
            move["skipped"] = [LEVEL_TITLES[lv] for lv in range(level + 1, top)]
            if dest == PALACE:
                owner = self.owner[code >> 2]
                self.stacks[owner].insert(0, code)
                self.known[owner] += 1
                move["to"] = "palace"
                if carrier >= 0:
                    guard = GUARD_INNS.index(inn) if level == TOP else self.t.skip_guard
                    self.msg[carrier] = -1
                    self.guard_of[carrier] = guard
                    self.delivered.append(carrier)
                    move["message"] = carrier
                    move["guard"] = INN_NAMES[GUARD_INNS[guard]]
                    if carrier == p:
                        mine_delivered = True
            else:
                new_slot = dest * 4 + kind
                rooms[new_slot] = code
                self.cnt[dest] += 1
                move["to"] = INN_NAMES[dest]
                if carrier >= 0:
                    self.msg[carrier] = new_slot
                    move["message"] = carrier
            moves.append(move)
        self.cnt[inn] -= 2
        self._log({"e": "travel", "seat": p, "inn": INN_NAMES[inn],
                   "stays": courier_name(stayer), "moves": moves})
        got_coin = False
        if self.t.revised and self.pile:
            owner = self.owner[stayer >> 2]
            coin = self.pile.pop()
            self.coins[owner].append(coin)
            got_coin = owner == p
            if not self.pile:
                self.pile_emptied = True
            self._log({"e": "coin", "seat": owner}, owner, {"coin": COIN_KEYS[coin]})
        if mine_delivered or (got_coin and self.t.instant_bribe and self.guard_of[p] >= 0):
            self.phase = BONUS
        else:
            self._end_turn()

