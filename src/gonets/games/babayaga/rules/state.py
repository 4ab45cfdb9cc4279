"""The Baba Yaga state: a state machine of plain-data frames.

The state keeps a stack of small dict frames (``op`` plus its fields). ``_run`` executes the top
frame until one asks for a player's decision (``self.ask = ("decide", seat, [notations])``) or a
random outcome (``("chance", kind, spec)``). ``apply`` / ``apply_chance`` validate the answer
against the question before anything changes, then resume the frame. Frames hold only public
data (card ids being resolved are public). Each part of the turn is a mixin in its own module
(set-up, turn, interaction, movement, encounters, places, challenges, effects, quests); a frame
``op`` runs the method ``_op_<op>`` of one of them.
"""

from __future__ import annotations

import random
from typing import Any

from gonets.core.errors import IllegalAction
from gonets.core.game import CHANCE, TERMINAL, Result, State
from gonets.core.options import Config
from gonets.games.babayaga.rules.challenges import Challenges
from gonets.games.babayaga.rules.content import Content
from gonets.games.babayaga.rules.effects import Effects
from gonets.games.babayaga.rules.encounters import Encounters
from gonets.games.babayaga.rules.hero import ELEMENT_ORDER, Player, copy_data, jsonable
from gonets.games.babayaga.rules.interaction import Interaction
from gonets.games.babayaga.rules.movement import Movement
from gonets.games.babayaga.rules.places import Places
from gonets.games.babayaga.rules.quests import Quests
from gonets.games.babayaga.rules.setup import Setup
from gonets.games.babayaga.rules.turn import Turn


class BabaYagaState(Setup, Turn, Interaction, Movement, Encounters, Places,
                    Challenges, Effects, Quests, State):
    """One position of a Baba Yaga match."""

    FIELDS = ("mode", "decks", "discard", "removed", "in_deck", "box", "set_aside", "reminder",
              "tokens", "serial", "time_idx", "solo_time", "solo_die", "by_beaten", "by_defeater",
              "round", "active", "first", "opener", "reshuffled", "koshchey_used", "koshchey",
              "koshchey_bonus", "known", "log", "stack", "turn", "ask", "ret", "outcome",
              "decisions")
    """Every field of the state (``snapshot`` shows them all, hidden ones included)."""

    # ----------------------------------------------------------------------------- creation --
    def __init__(self, content: Content, config: Config, actions: list[str],
                 index: dict[str, int], fresh: bool = True):
        self.c = content
        self.config = config
        self.actions = actions
        self.index = index
        if not fresh:
            return
        n = config.players
        self.mode = config["mode"]
        self.players = [Player(s) for s in range(n)]
        self.decks = {"wilderness": [], "town": []}
        self.discard = {"wilderness": [], "town": []}
        self.removed = {"wilderness": [], "town": []}
        self.in_deck = {"wilderness": [], "town": []}   # cards all know are in the deck
        self.box: list[str] = []
        self.set_aside: list[str] = []
        self.reminder: list[list] = []       # [card, seat]
        self.tokens = {"wolves": None, "solovey": None, "horseman": None, "hut": None,
                       "baba_yaga": None}
        self.serial = {t: 0 for t in ELEMENT_ORDER}
        self.time_idx = 0
        self.solo_time = "dawn"
        self.solo_die = 0                    # this turn's time die, face down until time matters
        self.by_beaten = 0
        self.by_defeater = -1
        self.round = 1
        self.active = 0
        self.first = 0
        self.opener = 0                      # the seat that played first (never changes)
        self.reshuffled = False
        self.koshchey_used = False
        self.koshchey: list | None = None    # [card, seat]
        self.koshchey_bonus = None           # seat, or -1 for anyone (co-op)
        self.known: dict[str, list[str]] = {}  # "seat:deck" -> top cards known, top first
        self.log: list[dict] = []
        self.stack: list[dict] = [{"op": "setup", "stage": "deal"}]
        self.turn: dict = {}
        self.ask: tuple | None = None
        self.ret: Any = None
        self.outcome: dict | None = None
        self.decisions = 0
        self._run()

    def clone(self) -> BabaYagaState:
        s = BabaYagaState(self.c, self.config, self.actions, self.index, fresh=False)
        s.mode = self.mode
        s.players = [p.copy() for p in self.players]
        s.decks = {k: list(v) for k, v in self.decks.items()}
        s.discard = {k: list(v) for k, v in self.discard.items()}
        s.removed = {k: list(v) for k, v in self.removed.items()}
        s.in_deck = {k: list(v) for k, v in self.in_deck.items()}
        s.box = list(self.box)
        s.set_aside = list(self.set_aside)
        s.reminder = [list(r) for r in self.reminder]
        s.tokens = dict(self.tokens)
        s.serial = dict(self.serial)
        for name in ("time_idx", "solo_time", "solo_die", "by_beaten", "by_defeater", "round",
                     "active", "first", "opener", "reshuffled", "koshchey_used", "koshchey_bonus",
                     "ask", "ret", "outcome", "decisions"):
            setattr(s, name, getattr(self, name))
        s.koshchey = list(self.koshchey) if self.koshchey else None
        s.known = {k: list(v) for k, v in self.known.items()}
        s.log = list(self.log)          # events are never mutated once logged
        s.stack = [copy_data(f) for f in self.stack]
        s.turn = {k: (list(v) if isinstance(v, list) else v) for k, v in self.turn.items()}
        return s

    # ------------------------------------------------------------------------- protocol --
    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        if self.ask is None:
            return TERMINAL
        return CHANCE if self.ask[0] == "chance" else self.ask[1]

    def legal_actions(self) -> list[int]:
        if self.ask is None or self.ask[0] != "decide" or self.outcome is not None:
            return []
        return [self.index[t] for t in self.ask[2]]

    def action_to_text(self, action: int) -> str:
        if isinstance(action, bool) or not isinstance(action, int) or \
                not 0 <= action < len(self.actions):
            raise IllegalAction(f"unknown action id {action!r}: ids run from 0 to "
                                f"{len(self.actions) - 1}")
        return self.actions[action]

    def text_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise IllegalAction(f"an action notation must be text, not {text!r}")
        key = " ".join(text.strip().lower().split())
        if key not in self.index:
            raise IllegalAction(f"cannot read action {text[:60]!r}; see the list of legal actions")
        return self.index[key]

    def apply(self, action: int) -> None:
        text = self.action_to_text(action)
        if self.outcome is not None:
            raise IllegalAction("the match is over; no more actions are accepted")
        if self.ask is None or self.ask[0] != "decide":
            raise IllegalAction("no player decision is pending now (a random event is due)")
        if text not in self.ask[2]:
            raise IllegalAction(f"{text!r} is not legal now; legal: {', '.join(self.ask[2])}")
        self.ask = None
        self.decisions += 1
        self._resume(text)

    def sample_chance(self, rng: random.Random) -> Any:
        if self.ask is None or self.ask[0] != "chance":
            raise IllegalAction("there is no random event pending")
        kind, spec = self.ask[1], self.ask[2]
        if kind == "dice":
            return [rng.randint(1, 6) for _ in range(spec)]
        if kind == "die":
            return rng.randint(1, 6)
        if kind == "pick":
            return spec[rng.randrange(len(spec))]
        if kind == "shuffle":
            out = {}
            for deck, cards in spec.items():
                cards = list(cards)
                rng.shuffle(cards)
                out[deck] = cards
            return out
        if kind == "deal":
            chars = sorted(self.c.characters)
            quests = sorted(self.c.quests)
            rng.shuffle(chars)
            rng.shuffle(quests)
            n = self.config.players
            return {"characters": list(spec) if spec else chars[:n], "quests": quests[:n],
                    "first": rng.randrange(n)}
        raise IllegalAction(f"unknown random event {kind!r}")

    def apply_chance(self, outcome: Any) -> None:
        if self.outcome is not None or self.ask is None or self.ask[0] != "chance":
            raise IllegalAction("there is no random event pending")
        kind, spec = self.ask[1], self.ask[2]
        self._check_outcome(kind, spec, outcome)
        self.ask = None
        self._resume(outcome)

    def _check_outcome(self, kind: str, spec: Any, outcome: Any) -> None:
        if kind == "dice":
            if not isinstance(outcome, list) or len(outcome) != spec or \
                    any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6
                        for d in outcome):
                raise IllegalAction(f"a roll of {spec} dice must be a list of {spec} values 1-6")
        elif kind == "die":
            if isinstance(outcome, bool) or not isinstance(outcome, int) or not 1 <= outcome <= 6:
                raise IllegalAction("a die roll must be a number 1-6")
        elif kind == "pick":
            if not isinstance(outcome, str) or outcome not in spec:
                raise IllegalAction(f"the random choice must be one of {spec}")
        elif kind == "shuffle":
            if not isinstance(outcome, dict) or set(outcome) != set(spec):
                raise IllegalAction(f"a shuffle must give an order for {sorted(spec)}")
            for deck, cards in spec.items():
                got = outcome[deck]
                if not isinstance(got, list) or sorted(map(str, got)) != sorted(cards):
                    raise IllegalAction(f"the {deck} order must be a permutation of its cards")
        elif kind == "deal":
            n = self.config.players
            if not isinstance(outcome, dict):
                raise IllegalAction("a deal must be an object with characters, quests, first")
            chars = outcome.get("characters")
            quests = outcome.get("quests")
            first = outcome.get("first")
            if not isinstance(chars, list) or len(chars) != n or len(set(map(str, chars))) != n \
                    or any(ch not in self.c.characters for ch in chars):
                raise IllegalAction(f"the deal needs {n} different known characters")
            if not isinstance(quests, list) or len(quests) != n or len(set(map(str, quests))) != n \
                    or any(q not in self.c.quests for q in quests):
                raise IllegalAction(f"the deal needs {n} different known quests")
            if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
                raise IllegalAction("the deal's first seat is out of range")
            if spec and list(chars) != list(spec):
                raise IllegalAction(f"the characters were chosen by the players: {spec}")

    def result(self) -> Result:
        n = self.config.players
        if self.outcome is None:
            return Result([0.0] * n, [], {"unfinished": True})
        winners = list(self.outcome["winners"])
        scores = [1.0 if s in winners else 0.0 for s in range(n)]
        return Result(scores, winners, dict(self.outcome))

    # ------------------------------------------------------------------------- helpers --
    def card(self, cid: str) -> dict:
        """A card of the content pack by id."""
        return self.c.cards[cid]

    def rep(self, p: Player) -> int:
        """A hero's Rep: the sum over his cards."""
        cards = self.c.cards
        return sum(cards[c]["rep"] for c in p.cards)

    def time(self) -> str:
        """The time of day for a rules decision. Solo: the die rolled face down at the start of
        the turn is shown now, the first time in the turn that time matters (#7)."""
        if self.mode == "solo":
            if self.solo_die:
                self.emit({"e": "time", "time": self.solo_time, "die": self.solo_die})
                self.solo_die = 0
            return self.solo_time
        return self.c.rules["setup"]["horseman_order"][self.time_idx]

    def shown_time(self) -> str | None:
        """The time of day as the table sees it (solo: None while this turn's die is hidden)."""
        if self.mode == "solo":
            return None if self.solo_die else self.solo_time
        return self.c.rules["setup"]["horseman_order"][self.time_idx]

    def emit(self, event: dict, only: int | None = None) -> None:
        """Log an event (``only``: visible to that seat alone)."""
        if only is not None:
            event["only"] = only
        self.log.append(event)

    def active_players(self) -> list[Player]:
        """The heroes still in the game."""
        return [p for p in self.players if not p.elim]


    def left_of(self, seat: int) -> int:
        """The next active seat clockwise."""
        n = self.config.players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if not self.players[other].elim:
                return other
        return seat

    # ------------------------------------------------------------------------ the loop --
    def _ask(self, seat: int, options: list[str]) -> None:
        self.ask = ("decide", seat, options)

    def _chance(self, kind: str, spec: Any) -> None:
        self.ask = ("chance", kind, spec)

    def _run(self, answer: Any = None) -> None:
        while self.outcome is None and self.stack and self.ask is None:
            frame = self.stack[-1]
            getattr(self, "_op_" + frame["op"])(frame, answer)
            answer = None
        if self.outcome is not None:
            self.ask = None

    def reask(self) -> None:
        """Recompute the pending question after a test edited the state by hand."""
        if self.ask is not None and self.ask[0] == "decide":
            self.ask = None
            self._run()

    def _resume(self, answer: Any) -> None:
        frame = self.stack[-1]
        getattr(self, "_op_" + frame["op"])(frame, answer)
        self._run()

    def push(self, op: str, **fields: Any) -> dict:
        """Start a frame on top of the stack."""
        frame = {"op": op, **fields}
        self.stack.append(frame)
        return frame

    def pop(self, ret: Any = None) -> None:
        """End the top frame, handing ``ret`` to the one below."""
        if self.stack:
            self.stack.pop()
        self.ret = ret

    def finish(self, winners: list[int], how: str, **detail: Any) -> None:
        """The game is over: winners and how."""
        self.outcome = {"winners": sorted(winners), "how": how, "round": self.round, **detail}
        self.emit({"e": "end", "how": how, "winners": sorted(winners)})
        self.stack = []
        self.ask = None

    def snapshot(self) -> Any:
        data = {name: copy_data(getattr(self, name)) for name in self.FIELDS}
        data["players"] = [{name: copy_data(getattr(p, name)) for name in Player.__slots__}
                           for p in self.players]
        return jsonable(data)
