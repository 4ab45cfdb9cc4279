"""Couriers entering the swamp (placing, drawing) and messages handed on (rules file 3.3, 3.4)."""

from __future__ import annotations

from gonets.games.czar.rules.board import (
    INN_NAMES,
    TYPES,
    courier_name,
)
from gonets.games.czar.rules.phases import DRAWN, INITIAL


class PlacingMixin:
    """Placing a courier, drawing from the stack, passing the message."""

    __slots__ = ()

    def entry_inns(self, kind: int) -> list[int]:
        """Inns a new courier of ``kind`` may enter (the swamp; higher with entry_can_skip)."""
        rooms, cnt = self.rooms, self.cnt
        for level in self.t.entry_levels:
            found = [i for i in self.t.level_inns[level] if rooms[i * 4 + kind] < 0 and cnt[i] < 3]
            if found:
                return found
        return []

    def _place(self, kind: int, inn: int, chosen: int = -1) -> None:
        """Put a courier of ``kind`` into ``inn``: the starting or drawn one, or from the
        display the first of that type (``chosen``: the display courier named by colour)."""
        p = self.active
        phase = self.phase
        if phase == INITIAL:
            code = self.drawn
            self.drawn = -1
            source = "start"
        elif phase == DRAWN:
            code = self.drawn
            self.drawn = -1
            source = "stack"
        else:
            display = self.display[p]
            for index, code in enumerate(display):
                if code == chosen if chosen >= 0 else code & 3 == kind:
                    break
            del display[index]
            source = "display"
        slot = inn * 4 + kind
        self.rooms[slot] = code
        self.cnt[inn] += 1
        if phase == INITIAL:
            self.msg[p] = slot
        self._log({"e": "place", "seat": p, "courier": courier_name(code), "inn": INN_NAMES[inn],
                   "from": source})
        if phase == INITIAL:
            self._next_initial()
        else:
            self._end_turn()

    def _draw(self) -> None:
        p = self.active
        stack = self.stacks[p]
        code = stack.pop()
        self.known[p] = min(self.known[p], len(stack))
        if self.entry_inns(code & 3):
            self.drawn = code
            self.phase = DRAWN
            self._log({"e": "draw", "seat": p, "courier": courier_name(code)})
        else:
            self.display[p].append(code)
            self._log({"e": "draw", "seat": p, "courier": courier_name(code), "display": True})
            self._end_turn()

    def _pass_message(self, slot: int) -> None:
        p = self.active
        old = self.msg[p]
        self.msg[p] = slot
        self._log({"e": "message", "seat": p, "inn": INN_NAMES[slot >> 2], "type": TYPES[slot & 3],
                   "from_inn": INN_NAMES[old >> 2], "from_type": TYPES[old & 3]})
        self._end_turn()

