"""One match position of Message to the Czar (pure, no I/O): its fields, the dispatch of
legal actions and moves, notation, snapshot and result; the parts of a turn live in the
mixins beside this module.

See ``RULES.md`` for every interpretation. Internals: ``rooms[inn*4 + type]`` holds a courier
code (``colour*4 + type``) or -1; stacks are lists with the top at the end and the known
part (couriers put under the stack at the palace) at the start; the coin pile has its top at
the end. The log is a linked list of ``(previous, event, private_seat, private_fields)`` nodes,
shared between clones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gonets.core.errors import IllegalAction
from gonets.core.game import CHANCE, TERMINAL, Result, State
from gonets.core.options import Config
from gonets.games.czar import notation as A
from gonets.games.czar.rules.board import (
    COIN_KEYS,
    COIN_VALUE,
    COLOURS,
    NUM_INNS,
    Table,
    courier_name,
    table_for,
)
from gonets.games.czar.rules.phases import (
    BONUS,
    DRAWN,
    INITIAL,
    OFFER,
    OVER,
    PHASES,
    RUBLES,
    RUBLES_FIRST,
    SHUFFLE,
    START,
    TURN,
)
from gonets.games.czar.rules.placing import PlacingMixin
from gonets.games.czar.rules.refusals import RefusalMixin
from gonets.games.czar.rules.rubles import RublesMixin
from gonets.games.czar.rules.setup import SetupMixin
from gonets.games.czar.rules.travel import TravelMixin
from gonets.games.czar.rules.turns import TurnMixin

_FIELDS = ("t", "n", "rooms", "cnt", "owner", "stacks", "known", "display", "msg", "guard_of",
           "delivered", "pile", "coins", "removed", "running", "phase", "active", "start",
           "initial_left", "shuffle_seat", "shuffle_colour", "drawn", "turns", "passes",
           "final_left", "pile_emptied", "took_extra", "passed", "winner", "reason", "log",
           "log_len", "_legal")


class CzarState(PlacingMixin, TravelMixin, RublesMixin, TurnMixin, SetupMixin,
                RefusalMixin, State):
    """One position of a match of Message to the Czar."""

    __slots__ = _FIELDS + ("config",)

    def __init__(self, config: Config):
        t = table_for(config)
        n = config.players
        self.config = config
        self.t: Table = t
        self.n = n
        self.rooms = [-1] * (NUM_INNS * 4)
        self.cnt = [0] * NUM_INNS
        self.owner = [seat if seat < n else -1 for seat in range(len(COLOURS))]
        self.stacks: list[list[int]] = [[] for _ in range(n)]
        self.known = [0] * n
        self.display: list[list[int]] = [[] for _ in range(n)]
        self.msg = [-1] * n
        self.guard_of = [-1] * n
        self.delivered: list[int] = []
        self.pile: list[int] = []
        self.coins: list[list[int]] = [[] for _ in range(n)]
        self.removed: list[int] = []
        self.running: list[int] = []
        self.phase = START
        self.active = 0
        self.start = -1
        self.initial_left: list[int] = []
        self.shuffle_seat = 0
        self.shuffle_colour = 0
        self.drawn = -1
        self.turns = 0
        self.passes = 0
        self.final_left = -1
        self.pile_emptied = False
        self.took_extra = False
        self.passed = False
        self.winner = -1
        self.reason = ""
        self.log: tuple | None = None
        self.log_len = 0
        self._legal: list[int] | None = None

    # -- protocol: who decides ------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= SHUFFLE:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.active

    def clone(self) -> CzarState:
        new = CzarState.__new__(CzarState)
        new.config = self.config
        new.t = self.t
        new.n = self.n
        new.rooms = self.rooms[:]
        new.cnt = self.cnt[:]
        new.owner = self.owner[:]
        new.stacks = [s[:] for s in self.stacks]
        new.known = self.known[:]
        new.display = [d[:] for d in self.display]
        new.msg = self.msg[:]
        new.guard_of = self.guard_of[:]
        new.delivered = self.delivered[:]
        new.pile = self.pile[:]
        new.coins = [c[:] for c in self.coins]
        new.removed = self.removed[:]
        new.running = self.running[:]
        new.initial_left = self.initial_left[:]
        for name in ("phase", "active", "start", "shuffle_seat", "shuffle_colour", "drawn",
                     "turns", "passes", "final_left", "pile_emptied", "took_extra", "passed",
                     "winner", "reason", "log", "log_len", "_legal"):
            setattr(new, name, getattr(self, name))
        return new

    # -- log ------------------------------------------------------------------------------------
    def _log(self, event: dict, private_seat: int = -1, private: dict | None = None) -> None:
        self.log = (self.log, event, private_seat, private)
        self.log_len += 1

    def events(self, seat: int | None) -> list[dict]:
        """The log as ``seat`` may know it (private fields only for their owner)."""
        out = []
        node = self.log
        while node is not None:
            node, event, owner, private = node
            if private is not None and seat == owner:
                event = {**event, **private}
            out.append(event)
        out.reverse()
        return out

    def full_log(self) -> list[list]:
        out = []
        node = self.log
        while node is not None:
            node, event, owner, private = node
            out.append([event, owner, private])
        out.reverse()
        return out

    # -- helpers --------------------------------------------------------------------------------
    def owner_of(self, code: int) -> int:
        return self.owner[code >> 2]

    def coin_total(self, seat: int) -> int:
        return sum(COIN_VALUE[c] for c in self.coins[seat])

    def price_of(self, seat: int) -> int:
        return self.t.prices[self.guard_of[seat]]

    def unused_colour(self) -> int:
        for colour, owner in enumerate(self.owner):
            if owner < 0:
                return colour
        return -1

    def empty_room(self, inn: int) -> int:
        base = inn * 4
        rooms = self.rooms
        for r in range(4):
            if rooms[base + r] < 0:
                return r
        return -1

    # -- legal actions --------------------------------------------------------------------------
    def legal_actions(self) -> Sequence[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions()
        if phase == DRAWN:
            kind = self.drawn & 3
            return [A.PLACE + kind * NUM_INNS + i for i in self.entry_inns(kind)]
        if phase == INITIAL:
            kind = self.drawn & 3
            return [A.PLACE + kind * NUM_INNS + i for i in self.t.level_inns[0] if self.cnt[i] == 0]
        if phase == RUBLES_FIRST:
            return [A.REVEAL]
        if phase == RUBLES:
            return [A.REVEAL, A.STOP]
        if phase == BONUS:
            if not self.t.revised:
                return [A.REVEAL, A.END]
            if self.coin_total(self.active) >= self.price_of(self.active):
                return [A.BRIBE, A.END]
            return [A.END]
        if phase == OFFER:
            return [A.EXTRA, A.DECLINE]
        return []

    # -- applying actions -------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if type(action) is not int:
            raise IllegalAction(f"an action must be an integer id, not {action!r}")
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("the match is over; no more actions are accepted")
        if phase <= SHUFFLE:
            raise IllegalAction("a random event is pending (a shuffle or the start player); "
                                "no player acts now")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        if action >= A.PLACE_COLOUR:
            code, inn = divmod(action - A.PLACE_COLOUR, NUM_INNS)
            self._place(code & 3, inn, code)
        elif action >= A.TRAVEL:
            self._travel(action)
        elif action >= A.MESSAGE:
            self._pass_message(action - A.MESSAGE)
        elif action >= A.PLACE:
            kind, inn = divmod(action - A.PLACE, NUM_INNS)
            self._place(kind, inn)
        elif action == A.DRAW:
            self._draw()
        elif action == A.REVEAL:
            self._reveal()
        elif action == A.STOP:
            self._stop()
        elif action == A.BRIBE:
            self._bribe()
        elif action == A.END:
            self._log({"e": "end", "seat": self.active})
            self._end_turn()
        elif action == A.EXTRA:
            self._take_extra()
        elif action == A.DECLINE:
            self._log({"e": "decline", "seat": self.active})
            self._finish_turn()
        else:  # PASS
            self.passed = True
            self._log({"e": "pass", "seat": self.active})
            self._end_turn()

    # -- notation -------------------------------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        return A.action_text(action)

    def text_to_action(self, text: str) -> int:
        return A.parse_action(text)

    # -- information ------------------------------------------------------------------------------
    def snapshot(self) -> Any:
        """Every field, hidden parts included: stacks bottom first, the coin pile top last."""
        return {
            "phase": PHASES[self.phase], "active": self.active, "start": self.start,
            "rooms": [None if c < 0 else courier_name(c) for c in self.rooms],
            "owner": list(self.owner), "msg": list(self.msg), "guard_of": list(self.guard_of),
            "delivered": list(self.delivered),
            "stacks": [[courier_name(c) for c in s] for s in self.stacks],
            "known": list(self.known),
            "display": [[courier_name(c) for c in d] for d in self.display],
            "pile": [COIN_KEYS[c] for c in self.pile],
            "coins": [[COIN_KEYS[c] for c in coins] for coins in self.coins],
            "removed": [COIN_KEYS[c] for c in self.removed],
            "running": [COIN_KEYS[c] for c in self.running],
            "drawn": None if self.drawn < 0 else courier_name(self.drawn),
            "initial_left": list(self.initial_left),
            "shuffle": [self.shuffle_seat, self.shuffle_colour],
            "turns": self.turns, "passes": self.passes, "final_left": self.final_left,
            "pile_emptied": self.pile_emptied, "took_extra": self.took_extra,
            "passed": self.passed, "winner": self.winner, "reason": self.reason,
            "log": self.full_log(),
        }

    def result(self) -> Result:
        if self.phase != OVER:
            return Result([0.0] * self.n, [], {"reason": "the match is not over"})
        scores = [1.0 if s == self.winner else 0.0 for s in range(self.n)]
        return Result(scores, [self.winner], {"reason": self.reason, "turns": self.turns})
