"""Carcassonne with The Messengers: the state machine of one match (pure rules, no I/O).

A turn runs DRAW -> PLACE -> FOLLOWER -> ROUND (figure questions, in player blocks) ->
TRIGGER CHECK -> [MESSAGE -> FIGURE -> CHAIN]* -> END OF TURN; message 4 re-enters DRAW as an
extra part of the same turn. The rule numbers quoted (M1-M30, 2.x, 3.x) are those of the
rules file; RULES.md lists every interpretation.

Randomness: two chance nodes at the start, the shuffled tile pile (71 letters) and, with The
Messengers, the shuffled message stack (8 numbers). Everything afterwards is determined by the
players' actions, so a record with a chosen pile plays exactly that scenario.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from gonets.core import CHANCE, TERMINAL, IllegalAction, Result, State
from gonets.core.options import Config
from gonets.games.carcassonne.board import NEIGHBOURS8, Board
from gonets.games.carcassonne.tiles import (
    CITY,
    FIELD,
    KIND_NAMES,
    LETTERS,
    MONASTERY,
    ROAD,
    START_LETTER,
    TILE_TYPES,
    pile_counts,
)

FOLLOWERS = 7
MESSAGES = (1, 2, 3, 4, 5, 6, 7, 8)
MESSAGE_NAMES = {1: "shortest road", 2: "smallest city", 3: "smallest monastery",
                 4: "extra land tile", 5: "2 per coat of arms", 6: "2 per knight",
                 7: "2 per farmer", 8: "score a follower and take it back"}
FIGURES = ("meeple", "messenger")
RADIUS = 71                     # 71 pile tiles can reach at most 71 cells from the start
WIDTH = 2 * RADIUS + 1
PLACE_ACTIONS = WIDTH * WIDTH * 4
FOLLOW = PLACE_ACTIONS          # + segment index (0-8)
PASS = PLACE_ACTIONS + 9
FIGURE = PLACE_ACTIONS + 10     # + 0 meeple, + 1 messenger
MSG_ACTION = PLACE_ACTIONS + 12
MSG_SEAL = PLACE_ACTIONS + 13
RECALL = PLACE_ACTIONS + 14     # + follower slot 0-6
CHAIN_DRAW = PLACE_ACTIONS + 21
CHAIN_STOP = PLACE_ACTIONS + 22
NUM_ACTIONS = PLACE_ACTIONS + 23

DEAL_TILES, DEAL_MESSAGES = "deal_tiles", "deal_messages"
PLACE, FOLLOWER, FIGURE_CHOICE, MESSAGE, CHAIN, END = (
    "place", "follower", "figure", "message", "chain", "end")
DECISIONS = (PLACE, FOLLOWER, FIGURE_CHOICE, MESSAGE, CHAIN)
ROTATION_NAMES = ("r0", "r90", "r180", "r270")
SCORING_EVENTS = ("score", "figure", "message_result", "merge", "final")
FIELD_VALUE = {"field": 3, "city_4": 4, "city_3": 3}

VARIANTS = {
    # rule M24
    "hig_c2": {"require_alone": False, "msg8_requires_majority": True,
               "single_figure_per_turn": False, "chain_is_optional": True,
               "final_keep_figure": "choice"},
    "zmg_c2": {"require_alone": True, "msg8_requires_majority": False,
               "single_figure_per_turn": False, "chain_is_optional": True,
               "final_keep_figure": "meeple"},
    "c3": {"require_alone": False, "msg8_requires_majority": True,
           "single_figure_per_turn": False, "chain_is_optional": True,
           "final_keep_figure": "choice"},
    "c3_1": {"require_alone": False, "msg8_requires_majority": True,
             "single_figure_per_turn": True, "chain_is_optional": True,
             "final_keep_figure": "choice"},
}


def encode_place(x: int, y: int, rot: int) -> int:
    return ((x + RADIUS) * WIDTH + (y + RADIUS)) * 4 + rot


def decode_place(action: int) -> tuple[int, int, int]:
    cell, rot = divmod(action, 4)
    x, y = divmod(cell, WIDTH)
    return x - RADIUS, y - RADIUS, rot


class Rules:
    """The option values of one configuration, resolved into plain attributes."""

    __slots__ = (
        "chain_optional",
        "farm_scoring",
        "final_keep",
        "last_moved",
        "messengers",
        "msg8_majority",
        "require_alone",
        "single_figure",
        "tiny_city",
        "unplaceable_bottom",
        "variant",
    )

    def __init__(self, options: dict[str, Any]):
        self.messengers = bool(options.get("messengers", True))
        self.variant = options.get("messengers.variant", "c3")
        switches = dict(VARIANTS[self.variant])
        for name in switches:
            value = options.get(f"messengers.{name}")
            if value is not None:
                switches[name] = value
        self.require_alone = switches["require_alone"]
        self.msg8_majority = switches["msg8_requires_majority"]
        self.single_figure = switches["single_figure_per_turn"]
        self.chain_optional = switches["chain_is_optional"]
        self.final_keep = switches["final_keep_figure"]
        self.last_moved = options.get("messengers.trigger_figures", "moved") == "last_moved"
        self.tiny_city = options.get("tiny_city_scoring", False)
        self.farm_scoring = options.get("farm_scoring", "field")
        self.unplaceable_bottom = options.get("unplaceable", "discard") == "bottom"


class CarcassonneState(State):
    """One position of a Carcassonne match (see the module docstring for the turn flow)."""

    def __init__(self, config: Config, deal: bool = True):
        self.config = config
        self.n = config.players
        self.rules = Rules(config.options)
        self.board = Board()
        self.board.place(START_LETTER, 0, 0, 0)
        self.pile: list[str] = []
        self.remaining: dict[str, int] = pile_counts()
        self.bottom_known = 0
        self.stack: list[int] = []
        self.msg_draws = 0
        self.slots: list[list[int]] = [[-1] * FOLLOWERS for _ in range(self.n)]
        self.scores: list[list[int]] = [[0, 0] for _ in range(self.n)]
        self.merged = False
        self.phase = DEAL_TILES
        self.active = 0
        self.part = "main"
        self.turn = 0
        self.hand: str | None = None
        self.placed = -1
        self.events: list[dict] = []
        self.ev_i = 0
        self.ctx = "round"
        self.moved = [False, False]
        self.last_fig = -1
        self.lock = [-1] * self.n
        self.msg = 0
        self.under = 0
        self.discarded: list[str] = []
        self.final: dict | None = None
        self.log: list[dict] = []
        self._legal: list[int] | None = None
        self._legal_set: frozenset | set | None = None

    # -- protocol: who decides -------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == FIGURE_CHOICE:
            return self.events[self.ev_i]["player"]
        if phase in DECISIONS:
            return self.active
        if phase == END:
            return TERMINAL
        return CHANCE

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
            self._legal_set = set(self._legal)
        return self._legal

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == PLACE:
            return sorted(encode_place(x, y, r) for x, y, r in self.board.placements(self.hand))
        if phase == FOLLOWER:
            return self._follower_options()
        if phase == FIGURE_CHOICE:
            return [FIGURE, FIGURE + 1]
        if phase == MESSAGE:
            return self._message_options()
        if phase == CHAIN:
            return [CHAIN_DRAW, CHAIN_STOP]
        return []

    def _follower_options(self) -> list[int]:
        if -1 not in self.slots[self.active]:
            return [PASS]
        board = self.board
        base = board.base[self.placed]
        options = [FOLLOW + g for g in range(len(board.tiles[self.placed].segments))
                   if not board.foll[board.find(base + g)]]
        options.append(PASS)
        return options

    def _message_options(self) -> list[int]:
        if self.msg == 4:
            return [MSG_ACTION, MSG_SEAL] if self.pile else [MSG_SEAL]
        if self.msg == 8:
            return [MSG_SEAL] + [RECALL + slot for slot, node in
                                 enumerate(self.slots[self.active]) if node >= 0]
        return [MSG_ACTION, MSG_SEAL]

    # -- protocol: applying ----------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if self.phase not in DECISIONS:
            raise IllegalAction("no player decides now: "
                                + ("the match is over" if self.phase == END
                                   else "a random event (the shuffle) is pending"))
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalAction(f"an action is an integer id, not {action!r}")
        self.legal_actions()
        if action not in self._legal_set:
            raise IllegalAction(self._why_illegal(action))
        self._do(action, False)
        self._settle()

    def _why_illegal(self, action: int) -> str:
        if not 0 <= action < NUM_ACTIONS:
            return f"action id {action} is outside 0..{NUM_ACTIONS - 1}"
        try:
            text = self.action_to_text(action)
        except IllegalAction:
            text = f"action {action}"
        expected = {PLACE: f"a placement of tile {self.hand}",
                    FOLLOWER: "a follower placement on the tile just placed, or pass",
                    FIGURE_CHOICE: "figure meeple or figure messenger",
                    MESSAGE: f"the action or the seal of message {self.msg}",
                    CHAIN: "chain draw or chain stop"}[self.phase]
        return f"{text} is not legal now; expected {expected}"

    def _settle(self) -> None:
        """Apply every decision that has exactly one legal option (rule M7)."""
        while self.phase in DECISIONS:
            legal = self.legal_actions()
            if len(legal) != 1:
                return
            self._do(legal[0], True)

    def _do(self, action: int, forced: bool) -> None:
        phase = self.phase
        self._legal = None
        if phase == PLACE:
            self._place(action, forced)
        elif phase == FOLLOWER:
            self._follower(action, forced)
        elif phase == FIGURE_CHOICE:
            self._give(action - FIGURE, forced)
            self._ask_next()
        elif phase == MESSAGE:
            self._resolve_message(action, forced)
        else:
            self._chain(action == CHAIN_DRAW)
        self._legal = None

    # -- chance ------------------------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Any:
        if self.phase == DEAL_TILES:
            pile = [letter for letter, count in pile_counts().items() for _ in range(count)]
            rng.shuffle(pile)
            return pile
        if self.phase == DEAL_MESSAGES:
            stack = list(MESSAGES)
            rng.shuffle(stack)
            return stack
        raise IllegalAction("there is no random event pending")

    def apply_chance(self, outcome: Any) -> None:
        if self.phase == DEAL_TILES:
            if not isinstance(outcome, list) or not all(isinstance(t, str) for t in outcome):
                raise IllegalAction("the tile pile must be a list of tile letters")
            if Counter(outcome) != Counter(pile_counts()):
                raise IllegalAction("the tile pile must hold exactly the 71 pile tiles "
                                    f"({', '.join(f'{k}x{v}' for k, v in pile_counts().items())})")
            self.pile = list(outcome)
            self.phase = DEAL_MESSAGES if self.rules.messengers else None
            if not self.rules.messengers:
                self._start_turn(first=True)
        elif self.phase == DEAL_MESSAGES:
            if not isinstance(outcome, list) or sorted(
                    o for o in outcome if isinstance(o, int) and not isinstance(o, bool)) \
                    != list(MESSAGES) or len(outcome) != 8:
                raise IllegalAction("the message stack must be the numbers 1-8 in some order")
            self.stack = list(outcome)
            self._start_turn(first=True)
        else:
            raise IllegalAction("there is no random event pending")
        self._legal = None
        self._settle()

    # -- the turn ----------------------------------------------------------------------------------
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

    # -- scoring round -----------------------------------------------------------------------------
    def _completed_features(self) -> list[tuple[int, int]]:
        """Features completed by the tile just placed, in the order of rule M3."""
        board = self.board
        tile = board.tiles[self.placed]
        base = board.base[self.placed]
        found: list[tuple[int, int]] = []
        for kind in (ROAD, CITY):
            for g, seg in enumerate(tile.segments):
                if seg.kind == kind:
                    root = board.find(base + g)
                    if board.open[root] == 0 and (kind, root) not in found:
                        found.append((kind, root))
        x, y = board.coords[self.placed]
        cells = board.cells
        for dx, dy in ((0, 0),) + NEIGHBOURS8:
            index = cells.get((x + dx, y + dy))
            if index is None:
                continue
            other = board.tiles[index]
            if other.monastery >= 0 and board.neighbours_present(x + dx, y + dy) == 8:
                found.append((MONASTERY, board.base[index] + other.monastery))
        return found

    def _score_round(self) -> None:
        """Step 3 (M1): score completed features, return followers, then ask figures."""
        board = self.board
        scored = []
        for order, (kind, root) in enumerate(self._completed_features()):
            if not board.foll[root]:
                continue
            points, rule = self._completed_value(kind, root)
            winners, counts = self._majority(root)
            feature = self._describe_feature(kind, root)
            self.log.append({"type": "score", **feature, "followers": counts,
                             "holders": winners, "points": points, "rule": rule})
            for player, slot in board.foll[root]:
                self.slots[player][slot] = -1
            board.foll[root] = ()
            for player in winners:
                scored.append(((player - self.active) % self.n, order,
                               {"player": player, "points": points,
                                "source": KIND_NAMES[kind],
                                "at": [feature["x"], feature["y"], feature["segment"]]}))
        scored.sort(key=lambda item: item[:2])
        self._open_check("round", [item[2] for item in scored])

    def _completed_value(self, kind: int, root: int) -> tuple[int, str]:
        board = self.board
        if kind == ROAD:
            return board.tile_count(root), "completed road: 1 per tile"
        if kind == CITY:
            tiles, arms = board.tile_count(root), board.arms_count(root)
            if tiles == 2 and self.rules.tiny_city:
                return tiles + arms, "completed two-tile city, legacy: 1 per tile and coat of arms"
            return 2 * tiles + 2 * arms, "completed city: 2 per tile + 2 per coat of arms"
        return 9, "completed monastery: 9"

    def _majority(self, root: int) -> tuple[list[int], list[int]]:
        counts = [0] * self.n
        for player, _slot in self.board.foll[root]:
            counts[player] += 1
        best = max(counts)
        return [p for p in range(self.n) if counts[p] == best and best > 0], counts

    def _describe_feature(self, kind: int, root: int) -> dict:
        board = self.board
        tile_index = board.node_tile[root]
        x, y = board.coords[tile_index]
        info = {"feature": KIND_NAMES[kind], "x": x, "y": y,
                "segment": root - board.base[tile_index], "tiles": board.tile_count(root)}
        if kind == CITY:
            info["arms"] = board.arms_count(root)
        if kind == MONASTERY:
            info["neighbours"] = board.neighbours_present(x, y)
        return info

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

    def _open_value(self, kind: int, root: int) -> int:
        """Value of an incomplete feature as at final scoring (2.4)."""
        board = self.board
        if kind == ROAD:
            return board.tile_count(root)
        if kind == CITY:
            return board.tile_count(root) + board.arms_count(root)
        if kind == MONASTERY:
            x, y = board.coords[board.node_tile[root]]
            return 1 + board.neighbours_present(x, y)
        return FIELD_VALUE[self.rules.farm_scoring] * len(board.completed_cities_bordering(root))

    def _follower_place(self, node: int) -> tuple[int, int, int]:
        board = self.board
        tile_index = board.node_tile[node]
        x, y = board.coords[tile_index]
        return x, y, node - board.base[tile_index]

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
                key = (self._open_value(kind, root), self._follower_place(node))
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
        x, y, segment = self._follower_place(node)
        detail = {**self._describe_feature(kind, root), "followers": counts,
                  "majority": majority, "target": [x, y, segment]}
        board.foll[root] = tuple(f for f in board.foll[root] if f != (self.active, slot))
        self.slots[self.active][slot] = -1
        return points, detail

    # -- end ---------------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        if not self.pile:
            self._finish()
        else:
            self._start_turn()

    def _finish(self) -> None:
        """Merge figures (M25) and score incomplete features and farms (2.4)."""
        self.hand = None
        if self.rules.messengers and not self.merged:
            for pair in self.scores:
                pair[0], pair[1] = pair[0] + pair[1], 0
            self.merged = True
            self.log.append({"type": "merge", "totals": [p[0] for p in self.scores]})
        board = self.board
        by_kind: dict[int, list[int]] = {ROAD: [], CITY: [], MONASTERY: [], FIELD: []}
        seen = set()
        for node in range(len(board.parent)):
            root = board.find(node)
            if root not in seen and board.foll[root]:
                seen.add(root)
                by_kind[board.kind[root]].append(root)
        breakdown = []
        for kind in (ROAD, CITY, MONASTERY):
            for root in by_kind[kind]:
                points = self._open_value(kind, root)
                winners, counts = self._majority(root)
                breakdown.append({"type": "final", **self._describe_feature(kind, root),
                                  "followers": counts, "holders": winners, "points": points,
                                  "rule": f"incomplete {KIND_NAMES[kind]} (2.4)"})
        breakdown.extend(self._farm_scoring(by_kind[FIELD]))
        for entry in breakdown:
            if entry["points"]:
                for player in entry["holders"]:
                    self.scores[player][0] += entry["points"]
            self.log.append(entry)
        self.final = {"totals": [sum(p) for p in self.scores]}
        self.log.append({"type": "end", "totals": self.final["totals"]})
        self.phase = END

    def _farm_scoring(self, fields: list[int]) -> list[dict]:
        board = self.board
        style = self.rules.farm_scoring
        if style == "field":
            out = []
            for root in fields:
                cities = board.completed_cities_bordering(root)
                winners, counts = self._majority(root)
                out.append({"type": "final", **self._describe_feature(FIELD, root),
                            "cities": len(cities), "followers": counts, "holders": winners,
                            "points": 3 * len(cities),
                            "rule": "field: 3 per completed bordering city"})
            return out
        value = FIELD_VALUE[style]
        supply: dict[int, list[int]] = {}
        for root in fields:
            for city in board.completed_cities_bordering(root):
                supply.setdefault(city, []).append(root)
        out = []
        for city in sorted(supply):
            counts = [0] * self.n
            for field_root in supply[city]:
                for player, _slot in board.foll[field_root]:
                    counts[player] += 1
            best = max(counts)
            winners = [p for p in range(self.n) if counts[p] == best]
            out.append({"type": "final", **self._describe_feature(CITY, city),
                        "feature": "farm city", "fields": len(supply[city]),
                        "followers": counts, "holders": winners, "points": value,
                        "rule": f"legacy farms ({style}): {value} per completed city, "
                                "city by city"})
        return out

    def result(self) -> Result:
        totals = [sum(pair) for pair in self.scores]
        best = max(totals)
        scoring = [e for e in self.log if e["type"] in SCORING_EVENTS]
        return Result([float(t) for t in totals], [p for p in range(self.n) if totals[p] == best],
                      {"scoring": scoring})

    # -- notation ----------------------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        if not isinstance(action, int) or isinstance(action, bool) or \
                not 0 <= action < NUM_ACTIONS:
            raise IllegalAction(f"unknown action id {action!r}")
        if action < PLACE_ACTIONS:
            x, y, rot = decode_place(action)
            letter = f"{self.hand} " if self.phase == PLACE else ""
            return f"place {letter}{x},{y} {ROTATION_NAMES[rot]}"
        if action == PASS:
            return "pass"
        if action < PASS:
            segment = action - FOLLOW
            if self.phase != FOLLOWER:
                raise IllegalAction("no tile is waiting for a follower now")
            segments = self.board.tiles[self.placed].segments
            if segment >= len(segments):
                raise IllegalAction(f"tile {self.board.tiles[self.placed].letter} has no "
                                    f"segment {segment}")
            return segments[segment].label
        if action < MSG_ACTION:
            return f"figure {FIGURES[action - FIGURE]}"
        if action == MSG_ACTION:
            return "message action"
        if action == MSG_SEAL:
            return "message seal"
        if action < CHAIN_DRAW:
            slot = action - RECALL
            node = self.slots[self.active][slot] if self.phase in DECISIONS else -1
            if node < 0:
                raise IllegalAction(f"follower slot {slot} of p{self.active + 1} is not on the map")
            x, y, segment = self._follower_place(node)
            label = self.board.tiles[self.board.node_tile[node]].segments[segment].label
            return f"recall {x},{y} {label}"
        return "chain draw" if action == CHAIN_DRAW else "chain stop"

    _COORD = re.compile(r"^(-?\d{1,3}),(-?\d{1,3})$")

    def text_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise IllegalAction(f"an action notation is text, not {text!r}")
        words = text.strip().split()
        if not words or len(text) > 80:
            raise IllegalAction(f"cannot read {text[:40]!r}: expected e.g. 'place U 3,-1 r90', "
                                "'knight 1', 'pass', 'figure messenger', 'message seal', "
                                "'recall 0,1 farmer 2', 'chain draw'")
        head = words[0].lower()
        rest = [w.lower() for w in words[1:]]
        if head == "place":
            return self._parse_place(words[1:], text)
        if self._COORD.match(head) and len(words) == 2:     # "3,-1 r90": a placement
            return self._parse_place(words, text)
        if head == "pass" and not rest:
            return PASS
        if head in ("highwayman", "knight", "farmer", "monk"):
            return self._parse_follower(head, rest, text)
        if head == "figure" and len(rest) == 1 and rest[0] in FIGURES:
            return FIGURE + FIGURES.index(rest[0])
        if head == "message" and rest in (["action"], ["seal"]):
            return MSG_ACTION if rest[0] == "action" else MSG_SEAL
        if head == "chain" and rest in (["draw"], ["stop"]):
            return CHAIN_DRAW if rest[0] == "draw" else CHAIN_STOP
        if head == "recall" and len(rest) >= 2:
            return self._parse_recall(rest, text)
        raise IllegalAction(f"cannot read {text[:40]!r}: expected e.g. 'place U 3,-1 r90', "
                            "'knight 1', 'pass', 'figure messenger', 'message seal', "
                            "'recall 0,1 farmer 2', 'chain draw'")

    def _parse_place(self, args: list[str], text: str) -> int:
        if len(args) == 3:
            letter, args = args[0].upper(), args[1:]
            if letter not in TILE_TYPES:
                raise IllegalAction(f"{text!r}: {letter!r} is not a tile letter A-X")
            if self.phase == PLACE and letter != self.hand:
                raise IllegalAction(f"{text!r}: the tile to place is {self.hand}, not {letter}")
        if len(args) != 2:
            raise IllegalAction(f"cannot read {text!r}: write 'place U 3,-1 r90'")
        match = self._COORD.match(args[0])
        rot = args[1].lower()
        if not match or rot not in ROTATION_NAMES:
            raise IllegalAction(f"cannot read {text!r}: coordinates as x,y and a rotation "
                                "r0, r90, r180 or r270")
        x, y = int(match.group(1)), int(match.group(2))
        if abs(x) > RADIUS or abs(y) > RADIUS:
            raise IllegalAction(f"{text!r}: no tile can ever lie at {x},{y}")
        return encode_place(x, y, ROTATION_NAMES.index(rot))

    def _parse_follower(self, head: str, rest: list[str], text: str) -> int:
        if self.phase != FOLLOWER:
            raise IllegalAction(f"{text!r}: no tile is waiting for a follower now")
        wanted = "monk" if head == "monk" and not rest else f"{head} {' '.join(rest)}"
        for index, seg in enumerate(self.board.tiles[self.placed].segments):
            if seg.label == wanted:
                return FOLLOW + index
        letter = self.board.tiles[self.placed].letter
        raise IllegalAction(f"{text!r}: tile {letter} has no place for a {wanted}")

    def _parse_recall(self, rest: list[str], text: str) -> int:
        match = self._COORD.match(rest[0])
        if not match:
            raise IllegalAction(f"cannot read {text!r}: write 'recall x,y knight 1'")
        x, y = int(match.group(1)), int(match.group(2))
        label = " ".join(rest[1:])
        if self.phase in DECISIONS:
            for slot, node in enumerate(self.slots[self.active]):
                if node >= 0 and self._follower_place(node)[:2] == (x, y):
                    seg = self._follower_place(node)[2]
                    if self.board.tiles[self.board.node_tile[node]].segments[seg].label == label:
                        return RECALL + slot
        raise IllegalAction(f"{text!r}: p{self.active + 1} has no {label} at {x},{y}")

    # -- information -------------------------------------------------------------------------------
    def public(self) -> dict:
        """Everything anyone may know (M14: no seat holds private information)."""
        board = self.board
        unseen = max(0, 8 - self.msg_draws) if self.stack else 0
        return {
            "turn": self.turn, "active": self.active, "part": self.part, "phase": self.phase,
            "hand": self.hand, "placed": self.placed,
            "board": [[t.letter, x, y, t.rot] for t, (x, y) in zip(board.tiles, board.coords)],
            "slots": [[list(self._follower_place(n)) if n >= 0 else None for n in slots]
                      for slots in self.slots],
            "supply": [slots.count(-1) for slots in self.slots],
            "scores": [list(pair) for pair in self.scores],
            "totals": [sum(pair) for pair in self.scores],
            "merged": self.merged,
            "pile_size": len(self.pile),
            "remaining": dict(self.remaining),
            "pile_bottom": self.pile[len(self.pile) - self.bottom_known:]
            if self.bottom_known else [],
            "discarded": list(self.discarded), "under": self.under,
            "messages": {"draws": self.msg_draws, "unseen": unseen,
                         "known": self.stack[unseen:], "current": self.msg or None,
                         "next": self.stack[0] if self.stack and unseen == 0 else None},
            "round": {"context": self.ctx, "events": list(self.events), "next": self.ev_i,
                      "moved": list(self.moved), "last": self.last_fig},
            "lock": list(self.lock),
            "decision": {"kind": self.phase, "player": self.current_player(),
                         "options": [self.action_to_text(a) for a in self.legal_actions()]}
            if self.phase in DECISIONS else None,
            "final": self.final,
        }

    def _view(self, seat: int | None) -> dict:
        data = self.public()
        data["log"] = list(self.log)
        return data

    def snapshot(self) -> Any:
        data = self.public()
        data["log"] = list(self.log)
        data["pile"] = list(self.pile)
        data["stack"] = list(self.stack)
        return data

    @classmethod
    def from_public(cls, config: Config, data: dict, rng: random.Random) -> CarcassonneState:
        """Rebuild a state from public data, drawing the hidden order of the tile pile and of
        the never-drawn messages with ``rng`` (sample_world)."""
        state = cls(config)
        board = state.board
        for letter, x, y, rot in data["board"][1:]:
            board.place(letter, rot, x, y)
        for player, slots in enumerate(data["slots"]):
            for slot, where in enumerate(slots):
                if where is not None:
                    x, y, segment = where
                    node = board.base[board.cells[(x, y)]] + segment
                    root = board.find(node)
                    board.foll[root] = board.foll[root] + ((player, slot),)
                    state.slots[player][slot] = node
        state.scores = [list(pair) for pair in data["scores"]]
        state.merged = data["merged"]
        for key in ("turn", "active", "part", "phase", "hand", "placed", "under"):
            setattr(state, key, data[key])
        state.remaining = dict(data["remaining"])
        state.discarded = list(data["discarded"])
        bottom = list(data["pile_bottom"])
        if data["phase"] != DEAL_TILES:
            unknown = Counter(state.remaining)
            unknown.subtract(Counter(bottom))
            hidden = [letter for letter in LETTERS for _ in range(unknown[letter])]
            rng.shuffle(hidden)
            state.pile = hidden + bottom
            state.bottom_known = len(bottom)
        messages = data["messages"]
        if data["phase"] not in (DEAL_TILES, DEAL_MESSAGES) and config.options.get(
                "messengers", True):
            known = list(messages["known"])
            unseen = [m for m in MESSAGES if m not in known]
            rng.shuffle(unseen)
            state.stack = unseen + known
        state.msg_draws = messages["draws"]
        state.msg = messages["current"] or 0
        state.ctx = data["round"]["context"]
        state.events = list(data["round"]["events"])
        state.ev_i = data["round"]["next"]
        state.moved = list(data["round"]["moved"])
        state.last_fig = data["round"]["last"]
        state.lock = list(data["lock"])
        state.final = data["final"]
        state.log = list(data.get("log", []))
        return state

    def clone(self) -> CarcassonneState:
        other = CarcassonneState.__new__(CarcassonneState)
        other.__dict__.update(self.__dict__)
        other.board = self.board.clone()
        other.pile = list(self.pile)
        other.remaining = dict(self.remaining)
        other.stack = list(self.stack)
        other.slots = [list(s) for s in self.slots]
        other.scores = [list(s) for s in self.scores]
        other.events = list(self.events)
        other.moved = list(self.moved)
        other.lock = list(self.lock)
        other.discarded = list(self.discarded)
        other.log = list(self.log)
        other._legal = None
        other._legal_set = None
        return other
