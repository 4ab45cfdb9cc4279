"""Carcassonne with The Messengers: the state machine of one match (pure rules, no I/O).

A turn runs DRAW -> PLACE -> FOLLOWER -> ROUND (figure questions, in player blocks) ->
TRIGGER CHECK -> [MESSAGE -> FIGURE -> CHAIN]* -> END OF TURN; message 4 re-enters DRAW as an
extra part of the same turn. The parts live in :mod:`.placement`, :mod:`.scoring` and
:mod:`.messengers`; this module holds the protocol (who decides, legal actions, applying,
chance, notation, clone). The rule numbers quoted (M1-M30, 2.x, 3.x) are those of the rules
file; RULES.md lists every interpretation.

Randomness: two chance nodes at the start, the shuffled tile pile (71 letters) and, with The
Messengers, the shuffled message stack (8 numbers). Everything afterwards is determined by the
players' actions, so a record with a chosen pile plays exactly that scenario.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gonets.core import CHANCE, TERMINAL, IllegalAction, Result, State
from gonets.core.options import Config
from gonets.games.carcassonne import notation
from gonets.games.carcassonne.notation import (
    CHAIN_DRAW,
    CHAIN_STOP,
    FIGURE,
    NUM_ACTIONS,
    PLACE_ACTIONS,
    canonical_place,
)
from gonets.games.carcassonne.rules.board import Board
from gonets.games.carcassonne.rules.messengers import Messengers
from gonets.games.carcassonne.rules.phases import (
    CHAIN,
    DEAL_MESSAGES,
    DEAL_TILES,
    DECISIONS,
    END,
    FIGURE_CHOICE,
    FOLLOWER,
    FOLLOWERS,
    MESSAGE,
    MESSAGES,
    PLACE,
    SCORING_EVENTS,
)
from gonets.games.carcassonne.rules.placement import Placement
from gonets.games.carcassonne.rules.scoring import Scoring
from gonets.games.carcassonne.rules.tiles import FITS, START_LETTER, pile_counts
from gonets.games.carcassonne.rules.variants import Rules


class CarcassonneState(Placement, Scoring, Messengers, State):
    """One position of a Carcassonne match (see the module docstring for the turn flow)."""

    def __init__(self, config: Config):
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
        if phase == PLACE:       # the hot path of search: encode_place inlined
            fits, radius, width = FITS[self.hand], notation.RADIUS, notation.WIDTH
            found = [((x + radius) * width + y + radius) * 4 + rot
                     for (x, y), pattern in self.board.frontier.items() for rot in fits[pattern]]
            found.sort()
            return found
        if phase == FOLLOWER:
            return self._follower_options()
        if phase == FIGURE_CHOICE:
            return [FIGURE, FIGURE + 1]
        if phase == MESSAGE:
            return self._message_options()
        if phase == CHAIN:
            return [CHAIN_DRAW, CHAIN_STOP]
        return []

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
        if self.phase == PLACE and action < PLACE_ACTIONS:
            same = canonical_place(action, self.hand)
            if same != action and same in self._legal_set:
                return (f"{text} is the same placement as {self.action_to_text(same)} (tile "
                        f"{self.hand} looks the same turned either way): the action list holds "
                        f"it once, as id {same}")
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
            rng.shuffle(stack)       # all 8 shuffled, then a removed tile taken out: the
            return [m for m in stack if m in self.rules.messages]   # others keep their order
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
            self.stack = self._read_stack(outcome)
            self._start_turn(first=True)
        else:
            raise IllegalAction("there is no random event pending")
        self._legal = None
        self._settle()

    def _read_stack(self, outcome: Any) -> list[int]:
        """The message stack of a chance outcome, checked against the tiles in play."""
        messages = self.rules.messages
        numbers = sorted(o for o in outcome if isinstance(o, int) and not isinstance(o, bool)) \
            if isinstance(outcome, list) else None
        if numbers == list(messages) and len(outcome) == len(messages):
            return list(outcome)
        if len(messages) == len(MESSAGES):
            raise IllegalAction("the message stack must be the numbers 1-8 in some order")
        raise IllegalAction(f"the message stack must be the numbers 1-8 without "
                            f"{self.rules.removed_message} (messengers.remove_message) in "
                            "some order")

    def result(self) -> Result:
        totals = [sum(pair) for pair in self.scores]
        best = max(totals)
        scoring = [e for e in self.log if e["type"] in SCORING_EVENTS]
        return Result([float(t) for t in totals], [p for p in range(self.n) if totals[p] == best],
                      {"scoring": scoring})

    # -- notation ----------------------------------------------------------------------------------
    def _notation_context(self) -> tuple:
        """What the notation reads: the tile in hand, the tile waiting for a follower and the
        deciding player's followers by slot."""
        phase = self.phase
        placed = self.board.tiles[self.placed] if phase == FOLLOWER else None
        followers = []
        if phase in DECISIONS:
            tiles = self.board.tiles
            for node in self.slots[self.active]:
                if node < 0:
                    followers.append(None)
                    continue
                x, y, segment = self.follower_place(node)
                label = tiles[self.board.node_tile[node]].segments[segment].label
                followers.append((x, y, label))
        return (self.hand if phase == PLACE else None), placed, followers, self.active

    def action_to_text(self, action: int) -> str:
        if isinstance(action, int) and 0 <= action < PLACE_ACTIONS:   # the hot path
            return notation.action_to_text(
                action, self.hand if self.phase == PLACE else None, None, (), self.active)
        return notation.action_to_text(action, *self._notation_context())

    def text_to_action(self, text: str) -> int:
        return notation.text_to_action(text, *self._notation_context())

    # -- information -------------------------------------------------------------------------------
    def snapshot(self) -> Any:
        """Every field of the state, the hidden pile and message stack included."""
        board = self.board
        return {
            "board": [[t.letter, x, y, t.rot] for t, (x, y) in zip(board.tiles, board.coords)],
            "followers": [[node, list(map(list, held))] for node, held in enumerate(board.foll)
                          if held],
            "slots": [list(s) for s in self.slots], "scores": [list(s) for s in self.scores],
            "merged": self.merged, "phase": self.phase, "active": self.active,
            "part": self.part, "turn": self.turn, "hand": self.hand, "placed": self.placed,
            "pile": list(self.pile), "remaining": dict(self.remaining),
            "bottom_known": self.bottom_known, "under": self.under,
            "discarded": list(self.discarded), "stack": list(self.stack),
            "msg_draws": self.msg_draws, "msg": self.msg,
            "round": {"context": self.ctx, "events": list(self.events), "next": self.ev_i,
                      "moved": list(self.moved), "last": self.last_fig},
            "lock": list(self.lock), "final": self.final, "log": list(self.log),
        }

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
