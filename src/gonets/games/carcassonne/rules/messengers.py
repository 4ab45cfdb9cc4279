"""The Messengers: figure questions, dark-space checks, messages and chains (3.2-3.5,
M1-M25).

A mixin of :class:`~gonets.games.carcassonne.rules.state.CarcassonneState`.
"""

from __future__ import annotations

from gonets.games.carcassonne.notation import FIGURES, MSG_ACTION, MSG_SEAL, RECALL
from gonets.games.carcassonne.rules.phases import CHAIN, FIGURE_CHOICE, MESSAGE, MESSAGE_NAMES
from gonets.games.carcassonne.rules.tiles import CITY, FIELD, MONASTERY, ROAD


class Messengers:
    """The figure questions of a round or a message, the messages and the chains."""

    def _message_options(self) -> list[int]:
        if self.msg == 4:
            return [MSG_ACTION, MSG_SEAL] if self.pile else [MSG_SEAL]
        if self.msg == 8:
            return [MSG_SEAL] + [RECALL + slot for slot, node in
                                 enumerate(self.slots[self.active]) if node >= 0]
        return [MSG_ACTION, MSG_SEAL]

    def _open_check(self, context: str, events: list[dict]) -> None:
        """Start the figure questions of a round or of a message event."""
        if not self.rules.messengers:
            for event in events:
                self.scores[event["player"]][0] += event["points"]
            self._end_turn()
            return
        self.ctx = context
        self.events = events
        self.ev_i = 0
        self.moved = [False, False]
        self.last_fig = -1
        self._ask_next()

    def _ask_next(self) -> None:
        """Ask the next figure question, or run the check once all are answered (M2, M5)."""
        while self.ev_i < len(self.events):
            player = self.events[self.ev_i]["player"]
            if self.rules.single_figure and self.lock[player] >= 0:
                self._give(self.lock[player], True)
            elif self.scores[player][0] == self.scores[player][1]:
                self._give(0, True)
            else:
                self.phase = FIGURE_CHOICE
                return
        if self.ctx == "round":
            self._round_check()
        else:
            self._chain_check()

    def _give(self, figure: int, forced: bool) -> None:
        event = self.events[self.ev_i]
        player, points = event["player"], event["points"]
        self.scores[player][figure] += points
        if player == self.active:
            self.moved[figure] = True
            self.last_fig = figure
        if self.rules.single_figure and self.lock[player] < 0:
            self.lock[player] = figure
        self.events[self.ev_i] = {**event, "figure": FIGURES[figure]}
        entry = {"type": "figure", "player": player, "figure": FIGURES[figure],
                 "points": points, "total": self.scores[player][figure],
                 "source": event["source"]}
        if "at" in event:
            entry["at"] = event["at"]
        if forced:
            entry["forced"] = True
        self.log.append(entry)
        self.ev_i += 1

    # -- messages ----------------------------------------------------------------------------------
    def _triggers(self, figure: int) -> bool:
        """Does this figure of the active player stand on a dark space (M8, M11)?"""
        total = self.scores[self.active][figure]
        if total % 5:
            return False
        if self.rules.require_alone:
            space = total % 50
            for player in range(self.n):
                if player != self.active and (self.scores[player][0] % 50 == space
                                              or self.scores[player][1] % 50 == space):
                    return False
        return True

    def _round_check(self) -> None:
        if self.rules.last_moved:
            candidates = [self.last_fig] if self.last_fig >= 0 else []
        else:
            candidates = [f for f in (0, 1) if self.moved[f]]
        triggering = [f for f in candidates if self._triggers(f)]
        if triggering:
            self.log.append({"type": "trigger", "player": self.active,
                             "figures": [FIGURES[f] for f in triggering]})
            self._draw_message()
        else:
            self._end_turn()

    def _chain_check(self) -> None:
        if self.last_fig >= 0 and self._triggers(self.last_fig):
            if self.rules.chain_optional:
                self.phase = CHAIN
            else:
                self._draw_message()
        else:
            self._end_turn()

    def _chain(self, draw: bool) -> None:
        self.log.append({"type": "chain", "player": self.active, "draw": draw})
        if draw:
            self._draw_message()
        else:
            self._end_turn()

    def _draw_message(self) -> None:
        number = self.stack.pop(0)
        self.stack.append(number)    # under the stack at once (M13)
        self.msg_draws += 1
        self.msg = number
        self.phase = MESSAGE
        self.log.append({"type": "message", "player": self.active, "number": number,
                         "name": MESSAGE_NAMES[number]})

    def _resolve_message(self, action: int, forced: bool) -> None:
        number = self.msg
        self.msg = 0
        entry: dict = {"type": "message_result", "player": self.active, "number": number}
        if forced:
            entry["forced"] = True
        if action == MSG_SEAL:
            points = 2
            entry.update(option="seal", points=2)
        elif number == 4:
            entry.update(option="action", points=0)
            self.log.append(entry)
            self.part = "extra"
            self._draw_tile()
            return
        elif number == 8:
            points, detail = self._recall(action - RECALL)
            entry.update(option="action", points=points, **detail)
        else:
            points, detail = self._message_points(number)
            entry.update(option="action", points=points, **detail)
        self.log.append(entry)
        if points > 0:
            self._open_check("message", [{"player": self.active, "points": points,
                                          "source": f"message {number}"}])
        else:
            self._end_turn()

    def _message_points(self, number: int) -> tuple[int, dict]:
        board = self.board
        mine = [node for node in self.slots[self.active] if node >= 0]
        if number in (1, 2, 3):
            kind = (ROAD, CITY, MONASTERY)[number - 1]
            best = None
            for node in mine:
                if board.kind[node] != kind:
                    continue
                root = board.find(node)
                key = (self._open_value(kind, root), self.follower_place(node))
                if best is None or key < best[0]:
                    best = (key, root)
            if best is None:
                return 0, {"feature": None}
            return best[0][0], {**self._describe_feature(kind, best[1]),
                                "at": list(best[0][1])}
        if number == 5:
            roots = {board.find(n) for n in mine if board.kind[n] == CITY}
            arms = sum(board.arms_count(r) for r in roots)
            return 2 * arms, {"cities": len(roots), "arms": arms}
        if number == 6:
            knights = sum(1 for n in mine if board.kind[n] == CITY)
            return 2 * knights, {"knights": knights}
        farmers = sum(1 for n in mine if board.kind[n] == FIELD)
        return 2 * farmers, {"farmers": farmers}

    def _recall(self, slot: int) -> tuple[int, dict]:
        """Message 8 (M20): score the follower's feature if in majority, take it back."""
        board = self.board
        node = self.slots[self.active][slot]
        root = board.find(node)
        kind = board.kind[node]
        _winners, counts = self._majority(root)
        mine = counts[self.active]
        majority = all(mine >= c for c in counts)
        qualifies = majority or not self.rules.msg8_majority
        points = self._open_value(kind, root) if qualifies else 0
        x, y, segment = self.follower_place(node)
        detail = {**self._describe_feature(kind, root), "followers": counts,
                  "majority": majority, "target": [x, y, segment]}
        board.foll[root] = tuple(f for f in board.foll[root] if f != (self.active, slot))
        self.slots[self.active][slot] = -1
        return points, detail

