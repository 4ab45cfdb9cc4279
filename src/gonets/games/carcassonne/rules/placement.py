"""Steps 1 and 2 of a turn: drawing (with discards), placing the tile, the follower (2.2).

A mixin of :class:`~gonets.games.carcassonne.rules.state.CarcassonneState`: it works on the
state's attributes and hands over to the scoring round (:mod:`.scoring`).
"""

from __future__ import annotations

from gonets.games.carcassonne.notation import FOLLOW, PASS, decode_place
from gonets.games.carcassonne.rules.phases import FOLLOWER, PLACE


class Placement:
    """Turn start and end, the tile draw, the placement and the follower."""

    def _follower_options(self) -> list[int]:
        if -1 not in self.slots[self.active]:
            return [PASS]
        board = self.board
        base = board.base[self.placed]
        options = [FOLLOW + g for g in range(len(board.tiles[self.placed].segments))
                   if not board.foll[board.find(base + g)]]
        options.append(PASS)
        return options

    def _start_turn(self, first: bool = False) -> None:
        if not first:
            self.active = (self.active + 1) % self.n
        self.turn += 1
        self.part = "main"
        self.lock = [-1] * self.n
        self._draw_tile()

    def _draw_tile(self) -> None:
        """Draw until a tile fits (2.2.5, M28); an exhausted pile ends the game."""
        board = self.board
        while True:
            if not self.pile:
                if self.part == "extra":
                    self.log.append({"type": "extra_failed", "player": self.active})
                self._finish()
                return
            letter = self.pile.pop(0)
            self.remaining[letter] -= 1
            self.bottom_known = min(self.bottom_known, len(self.pile))
            if board.can_place(letter):
                self.hand = letter
                self.phase = PLACE
                self.log.append({"type": "draw", "player": self.active, "tile": letter,
                                 "part": self.part})
                return
            if self.rules.unplaceable_bottom:
                self.pile.append(letter)
                self.remaining[letter] += 1
                self.bottom_known += 1
                self.under += 1
                self.log.append({"type": "under", "player": self.active, "tile": letter})
                if self.under >= len(self.pile):
                    rest = sorted(self.pile)
                    self.log.append({"type": "discard_rest", "tiles": rest})
                    self.discarded.extend(rest)
                    for tile in rest:
                        self.remaining[tile] -= 1
                    self.pile = []
                    self.bottom_known = 0
            else:
                self.discarded.append(letter)
                self.log.append({"type": "discard", "player": self.active, "tile": letter})

    def _place(self, action: int, forced: bool) -> None:
        x, y, rot = decode_place(action)
        letter = self.hand
        self.placed = self.board.place(letter, rot, x, y)
        self.hand = None
        self.under = 0
        self.log.append({"type": "place", "player": self.active, "tile": letter, "x": x, "y": y,
                         "rot": rot * 90, **({"forced": True} if forced else {})})
        self.phase = FOLLOWER

    def _follower(self, action: int, forced: bool) -> None:
        if action != PASS:
            board = self.board
            segment = action - FOLLOW
            slots = self.slots[self.active]
            slot = slots.index(-1)
            node = board.base[self.placed] + segment
            root = board.find(node)
            board.foll[root] = board.foll[root] + ((self.active, slot),)
            slots[slot] = node
            x, y = board.coords[self.placed]
            self.log.append({"type": "follower", "player": self.active, "x": x, "y": y,
                             "segment": segment,
                             "as": board.tiles[self.placed].segments[segment].label})
        else:
            entry = {"type": "no_follower", "player": self.active}
            if forced:
                entry["forced"] = True
            self.log.append(entry)
        self._score_round()

    def _end_turn(self) -> None:
        if not self.pile:
            self._finish()
        else:
            self._start_turn()

