"""The rules of Baba Yaga as a state machine of plain-data frames.

The engine keeps a stack of small dict frames (``op`` plus its fields). ``_run`` executes the top
frame until one asks for a player's decision (``self.ask = ("decide", seat, [notations])``) or a
random outcome (``("chance", kind, spec)``). ``apply`` / ``apply_chance`` validate the answer
against the question before anything changes, then resume the frame. Frames hold only public
data (card ids being resolved are public). A view shows the table, ``decision`` (who decides,
what is asked) and ``encounter`` (the card and roll in progress); the frames themselves travel
only inside the view's opaque ``resume`` string, which ``sample_world`` decodes to rebuild the
state around redrawn deck orders.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from itertools import permutations
from typing import Any

from gonets.core.errors import IllegalAction
from gonets.core.game import CHANCE, TERMINAL, Result, State
from gonets.core.options import Config
from gonets.games.babayaga.content import ABILITIES, Content

ELEMENT_ORDER = ("wolves", "solovey", "horseman", "hut", "baba_yaga")
DECKS = ("wilderness", "town")


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def build_actions(content: Content, players: int) -> list[str]:
    """The fixed action space of a configuration: every notation, in a stable order."""
    locs = content.order
    deck_cards = content.decks["wilderness"] + content.decks["town"]
    every = deck_cards + content.decks["baba_yaga"]
    acts: list[str] = []
    for verb in ("move", "fly", "sneak", "step", "hut", "horseman", "baba"):
        acts += [f"{verb} {lid}" for lid in locs]
    acts += ["draw", "draw wilderness", "draw town", "special", "accept", "decline", "roll",
             "rescue", "pass", "done", "deck wilderness", "deck town", "pile wilderness",
             "pile town"]
    acts += [f"choose {a}" for a in ABILITIES]
    acts += [f"option {i}" for i in (1, 2, 3)]
    acts += [f"card {c.lower()}" for c in every]
    acts += [f"reroll {c.lower()}" for c in every if content.cards[c]["rep"] > 0]
    acts += [f"use {c.lower()}" for c in deck_cards if content.cards[c]["powers"]]
    acts += [f"pay {c.lower()}" for c in deck_cards if content.cards[c]["type"] == "item"]
    for n in (1, 2, 3):
        acts += ["order " + " ".join(str(i) for i in perm)
                 for perm in permutations(range(1, n + 1))]
    acts += [f"character {c}" for c in content.characters]
    acts += [f"quest {q}" for q in content.quests]
    for s in range(players):
        acts += [f"steal {seat_name(s)}", f"beguile {seat_name(s)}"]
        acts += [f"give {c.lower()} {seat_name(s)}" for c in deck_cards
                 if content.cards[c]["type"] == "item"]
        acts += [f"ask {c.lower()} {seat_name(s)}" for c in deck_cards
                 if content.cards[c]["type"] == "item"]
        acts.append(f"offer {seat_name(s)}")
    return acts


class Player:
    """One seat's character."""

    __slots__ = (
        "cards",
        "char",
        "done",
        "effects",
        "elim",
        "loc",
        "met",
        "pending",
        "quest",
        "seat",
        "skip",
        "step",
        "turns",
        "won_horseman",
    )

    def __init__(self, seat: int):
        self.seat = seat
        self.char = ""
        self.quest = ""
        self.step = 0
        self.done = False
        self.loc = ""
        self.cards: list[str] = []
        self.pending: list[str] = []
        self.skip = 0                   # missed turns still to come (face down when > 0)
        self.elim = False
        self.effects: list[list] = []   # [ability, amount, duration, turn_no, source]
        self.turns = 0
        self.met: dict[str, int] = {}
        self.won_horseman = False

    def copy(self) -> Player:
        p = Player.__new__(Player)
        for name in Player.__slots__:
            setattr(p, name, getattr(self, name))
        p.cards = list(self.cards)
        p.pending = list(self.pending)
        p.effects = [list(e) for e in self.effects]
        p.met = dict(self.met)
        return p


class BabaYagaState(State):
    """One position of a Baba Yaga match."""

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
        s.stack = [_copy(f) for f in self.stack]
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
        return self.c.cards[cid]

    def rep(self, p: Player) -> int:
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
        if only is not None:
            event["only"] = only
        self.log.append(event)

    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.elim]

    def ability(self, p: Player, ability: str) -> int:
        """Printed stat plus icons on the cards in play."""
        cards = self.c.cards
        return self.c.characters[p.char]["stats"][ability] + sum(cards[c]["icons"][ability]
                                                                  for c in p.cards)

    def lingering(self, p: Player, ability: str, duration: str) -> int:
        total = 0
        for ab, amount, dur, turn_no, _src in p.effects:
            if dur != duration or (ab != ability and ab != "any"):
                continue
            if dur == "next_turn" and not (p.turns == turn_no + 1 and self.active == p.seat):
                continue
            total += amount
        return total

    def move_allowance(self, p: Player) -> int:
        extra = self.turn.get("extra_move", 0)
        return max(0, self.ability(p, "move") + self.lingering(p, "move", "next_turn") + extra)

    def condition_holds(self, cond: dict, ability: str, ctx: dict) -> bool:
        if cond.get("ability") and cond["ability"] != ability:
            return False
        context = cond.get("context")
        if context == "town" and not ctx.get("town"):
            return False
        if context == "wild" and ctx.get("town"):
            return False
        if context == "baba_yaga" and not ctx.get("baba"):
            return False
        if cond.get("baba_yaga_card") and ctx.get("baba") != cond["baba_yaga_card"]:
            return False
        return not (cond.get("time") and self.time() not in cond["time"])

    def free_powers(self, p: Player, ability: str, ctx: dict) -> int:
        bonus = 0
        for power in self.c.characters[p.char]["powers"]:
            if power["effect"] == "add_dice" and \
                    self.condition_holds(power["condition"], ability, ctx):
                bonus += power["amount"]
        for cid in p.cards:
            for power in self.c.cards[cid]["powers"]:
                if power["when"] == "before_roll" and power["cost"] == "none" and \
                        power["effect"] == "add_dice" and \
                        self.condition_holds(power["condition"], ability, ctx):
                    bonus += power["amount"]
        return bonus

    def powers_of(self, p: Player, when: str, effect: str | None = None) -> list[str]:
        out = []
        for cid in p.cards:
            for power in self.c.cards[cid]["powers"]:
                if power["when"] == when and power["cost"] == "discard_self" and \
                        (effect is None or power["effect"] == effect):
                    out.append(cid)
                    break
        return out

    def left_of(self, seat: int) -> int:
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
        frame = {"op": op, **fields}
        self.stack.append(frame)
        return frame

    def pop(self, ret: Any = None) -> None:
        if self.stack:
            self.stack.pop()
        self.ret = ret

    def finish(self, winners: list[int], how: str, **detail: Any) -> None:
        self.outcome = {"winners": sorted(winners), "how": how, "round": self.round, **detail}
        self.emit({"e": "end", "how": how, "winners": sorted(winners)})
        self.stack = []
        self.ask = None

    # ------------------------------------------------------------------------- set-up --
    def _op_setup(self, f: dict, answer: Any) -> None:
        stage = f["stage"]
        n = self.config.players
        if stage == "deal":
            if self.mode == "solo":
                f["stage"] = "pick_char"
                return
            picks = f.get("picks", [])
            if self.config["choose_characters"] and len(picks) < n:
                if answer is not None:
                    f["picks"] = picks + [answer.split()[1]]
                    return
                return self._ask(len(picks), [f"character {c}" for c in sorted(self.c.characters)
                                              if c not in picks])
            if answer is None:
                return self._chance("deal", picks or None)
            for seat, (ch, q) in enumerate(zip(answer["characters"], answer["quests"])):
                self.players[seat].char = ch
                self.players[seat].quest = q
            self.first = answer["first"]
            f["stage"] = "place"
            return
        if stage == "pick_char":
            if answer is None:
                return self._ask(0, [f"character {c}" for c in sorted(self.c.characters)])
            self.players[0].char = answer.split()[1]
            f["stage"] = "pick_quest"
            return
        if stage == "pick_quest":
            if answer is None:
                return self._ask(0, [f"quest {q}" for q in sorted(self.c.quests)])
            self.players[0].quest = answer.split()[1]
            f["stage"] = "place"
            return
        if stage == "place":
            pulled = set()
            for p in self.players:
                quest = self.c.quests[p.quest]
                p.loc = quest["start"]
                for kind, arg in quest["setup"]:
                    if kind == "set_aside":
                        self.set_aside.append(arg)
                        pulled.add(arg)
                    else:
                        self.tokens[arg["token"]] = arg["location"]
                for cid in self.c.characters[p.char]["pulls"]:
                    p.cards.append(cid)
                    pulled.add(cid)
            for tok, where in self.c.token_start.items():
                self.tokens[tok] = where
            f["pulled"] = sorted(pulled)
            f["stage"] = "shuffle"
            self.emit({"e": "setup", "characters": [p.char for p in self.players],
                       "quests": [p.quest for p in self.players], "first": self.first})
            return
        if stage == "shuffle":
            if answer is None:
                spec = {d: [c for c in self.c.decks[d] if c not in f["pulled"]] for d in DECKS}
                return self._chance("shuffle", spec)
            cfg = self.config
            if self.mode == "solo":
                drop = self.c.rules["setup"]["solo_removed_per_deck"]
            else:
                drop = int(self.c.rules["setup"]["removed_per_deck"].get(n, 0))
            drop += cfg["extra_removed"]
            for deck in DECKS:
                order = list(answer[deck])
                k = min(drop, len(order) - 1)
                self.removed[deck] = order[:k]
                self.decks[deck] = order[k:]
            self.emit({"e": "removed", "count": {d: len(self.removed[d]) for d in DECKS}})
            self.active = self.first
            self.opener = self.first
            self.stack = [{"op": "turn", "stage": "start"}]
            self.turn = {"first_of_game": True}
            return

    # -------------------------------------------------------------------------- turns --
    def _op_turn(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        stage = f["stage"]
        t = self.turn
        if stage == "start":
            p.turns += 1
            self.emit({"e": "turn", "seat": p.seat, "round": self.round})
            f["stage"] = "time"
            if self.active == self.first and not t.get("first_of_game") and self.mode != "solo":
                self.time_idx = (self.time_idx + 1) % 3
                self.emit({"e": "time", "time": self.time()})
            return
        if stage == "time":
            if self.mode == "solo":
                if answer is None:
                    return self._chance("die", None)
                self.solo_time = self.c.rules["solo"]["time_die"][answer]
                self.solo_die = answer       # shown when time first matters this turn
            f["stage"] = "baba"
            return
        if stage == "baba":
            f["stage"] = "skip"
            if self.active == self.first and self.tokens["baba_yaga"] is not None:
                options = self.baba_targets()
                if options:
                    f["stage"] = "baba_move"
                    if len(options) > 1:
                        if self.config["baba_yaga_ties"] == "active_player":
                            return self._ask(p.seat, [f"baba {lid}" for lid in options])
                        return self._chance("pick", options)
                    answer = options[0]
                    return self._op_turn(f, answer)
            return
        if stage == "baba_move":
            self.move_token_to("baba_yaga", answer.split()[-1])
            f["stage"] = "skip"
            return
        if stage == "skip":
            if p.skip:
                ivan = self.powers_of(p, "on_skipped_turn", "cancel_skip")
                if ivan and answer is None:
                    return self._ask(p.seat, [f"use {c.lower()}" for c in ivan] + ["pass"])
                if answer and answer.startswith("use "):
                    self.discard_card(p, answer.split()[1].upper())
                    p.skip -= 1
                    self.emit({"e": "cancel_skip", "seat": p.seat})
                else:
                    p.skip -= 1
                    self.emit({"e": "skipped", "seat": p.seat})
                    f["stage"] = "end_checks"
                    return
            f["stage"] = "start_interact"
            return
        if stage == "start_interact":
            f["stage"] = "start_tokens"
            self.push("interact", stage="ask")
            return
        if stage == "start_tokens":
            if t.get("dead"):
                f["stage"] = "token_step"
                return
            fresh = [tok for tok in ELEMENT_ORDER if self.tokens[tok] == p.loc
                     and p.met.get(tok) != self.serial[tok]]
            if fresh:
                f["stage"] = "token_step"
                self.push("meet", loc=p.loc, todo=[tok for tok in ELEMENT_ORDER
                                                   if self.tokens[tok] == p.loc])
            else:
                f["stage"] = "encounter"
                self.push("move", stage="ask")
            return
        if stage == "encounter":
            f["stage"] = "token_step"
            if not t.get("dead") and not t.get("met_tokens"):
                self.push("encounter", stage="ask")
            return
        if stage == "token_step":
            f["stage"] = "rescue"
            if t.get("token_moves"):
                self.push("token_moves")
            return
        if stage == "rescue":
            f["stage"] = "end_interact"
            if self.koshchey and self.koshchey[1] == p.seat \
                    and self.c.locations[p.loc]["special"] == "koshcheys_home" \
                    and not t.get("dead") and not p.elim:
                self.push("rescue", stage="ask")
            return
        if stage == "end_interact":
            f["stage"] = "end_checks"
            if not t.get("dead") and not p.elim:
                self.push("interact", stage="ask")
            return
        if stage == "end_checks":
            return self.end_of_turn(f, answer)

    def end_of_turn(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        if f.get("reshuffling"):
            deck = f["reshuffling"]
            self.decks[deck] = list(answer[deck])
            self.in_deck[deck] = sorted(self.decks[deck])     # the old discard pile, all known
            self.discard[deck] = []
            self.reshuffled = True
            self.forget(deck)
            self.emit({"e": "reshuffle", "deck": deck})
            f["reshuffling"] = None
        self.check_baba_entry()
        self.check_passives()
        if self.outcome is not None:
            return
        # expire this turn's lingering effects
        keep = []
        for eff in p.effects:
            if eff[2] == "next_turn" and p.turns >= eff[3] + 1:
                continue
            keep.append(eff)
        p.effects = keep
        self.release_reminders()
        empty = [d for d in DECKS if not self.decks[d]]
        if empty:
            reshuffle_players = self.c.rules["interaction"]["reshuffle_once_players"]
            players_ok = self.config.players in reshuffle_players
            deck = empty[0]
            if players_ok and not self.reshuffled and self.discard[deck] and len(empty) == 1:
                f["reshuffling"] = deck
                return self._chance("shuffle", {deck: sorted(self.discard[deck])})
            return self.deck_out("deck_out")
        if self.mode == "cooperative" and self.tokens["baba_yaga"] is not None and \
                all(self.rep(q) == 0 for q in self.active_players()):
            return self.finish([], "no_rep")
        if not self.active_players():
            return self.finish([], "all_eliminated")
        self.next_turn()

    def deck_out(self, how: str) -> None:
        if self.mode != "competitive":
            return self.finish([], how)
        alive = self.active_players()
        best = max(self.rep(q) for q in alive)
        leaders = [q.seat for q in alive if self.rep(q) == best]
        self.finish(leaders if len(leaders) == 1 else [], how,
                    rep=[self.rep(q) for q in self.players])

    def next_turn(self) -> None:
        n = self.config.players
        if self.players[self.first].elim:
            self.first = self.left_of(self.first)
        seat = self.active
        for step in range(1, n + 1):
            cand = (seat + step) % n
            if not self.players[cand].elim:
                break
        if cand == self.first:
            self.round += 1
        if self.round > self.config["max_rounds"]:
            return self.deck_out("max_rounds")
        self.active = cand
        self.turn = {}
        self.stack = [{"op": "turn", "stage": "start"}]

    # ----------------------------------------------------------------- interaction ---
    def _op_interact(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        if self.mode == "solo" or p.elim:
            return self.pop()
        if self.mode == "competitive":
            if f["stage"] == "ask":
                if self.turn.get("attempted", 0) >= self.config["steal_attempts_per_turn"]:
                    return self.pop()
                opts = []
                for q in self.players:
                    if q is p or q.elim or q.loc != p.loc:
                        continue
                    if any(self.card(c)["type"] == "item" for c in q.cards):
                        opts.append(f"steal {seat_name(q.seat)}")
                    if any(self.card(c)["type"] == "ally" for c in q.cards):
                        opts.append(f"beguile {seat_name(q.seat)}")
                if not opts:
                    return self.pop()
                if answer is None:
                    return self._ask(p.seat, opts + ["pass"])
                if answer == "pass":
                    return self.pop()
                verb, who = answer.split()
                target = int(who[1:]) - 1
                self.turn["attempted"] = self.turn.get("attempted", 0) + 1
                f.update(stage="rolled", verb=verb, target=target)
                q = self.players[target]
                base_key = "steal_base" if verb == "steal" else "beguile_base"
                base = self.c.rules["interaction"][base_key]
                self.emit({"e": verb, "seat": p.seat, "target": target})
                self.push("challenge", ability="fight" if verb == "steal" else "cunning",
                          base=base + self.rep(q), plus_rep=False, bonus=0,
                          ctx={"town": self.is_town(p.loc)}, stage="prepare")
                return
            if f["stage"] == "rolled":
                won, cancel = self.ret
                if not won:
                    if not cancel:
                        self.miss(p)
                    return self.pop()
                f["stage"] = "take"
            if f["stage"] == "take":
                q = self.players[f["target"]]
                kind = "item" if f["verb"] == "steal" else "ally"
                opts = [f"card {c.lower()}" for c in q.cards if self.card(c)["type"] == kind]
                if not opts:
                    return self.pop()
                if answer is None:
                    return self._ask(p.seat, opts)
                cid = answer.split()[1].upper()
                q.cards.remove(cid)
                p.cards.append(cid)
                self.emit({"e": "took", "seat": p.seat, "from": q.seat, "card": cid})
                self.check_baba_entry()
                return self.pop()
        # co-operative trading (B36): the active player drafts one exchange per partner
        # (Items he gives, Items he asks for) and offers it; the partner accepts or refuses.
        return self.coop_trade(f, p, answer)

    def coop_trade(self, f: dict, p: Player, answer: Any) -> None:
        cards = self.c.cards
        done = f.setdefault("offered", [])
        draft = f.get("draft") or {"to": None, "give": [], "ask": []}
        if f.get("stage") == "consent":
            q = self.players[draft["to"]]
            if answer is None:
                return self._ask(q.seat, ["accept", "decline"])
            if answer == "accept":
                for cid in draft["give"]:
                    p.cards.remove(cid)
                    q.cards.append(cid)
                for cid in draft["ask"]:
                    q.cards.remove(cid)
                    p.cards.append(cid)
            self.emit({"e": "trade", "seat": p.seat, "to": q.seat, "give": list(draft["give"]),
                       "ask": list(draft["ask"]), "accepted": answer == "accept"})
            f["offered"] = done + [q.seat]
            f["draft"] = None
            f["stage"] = "ask"
            self.check_passives()
            return
        mates = [q for q in self.players if q is not p and not q.elim and q.loc == p.loc
                 and q.seat not in done and (draft["to"] is None or draft["to"] == q.seat)]
        opts = []
        for q in mates:
            who = seat_name(q.seat)
            opts += [f"give {c.lower()} {who}" for c in p.cards
                     if cards[c]["type"] == "item" and c not in draft["give"]]
            opts += [f"ask {c.lower()} {who}" for c in q.cards
                     if cards[c]["type"] == "item" and c not in draft["ask"]]
        if draft["to"] is not None:
            opts.append(f"offer {seat_name(draft['to'])}")
        if not opts:
            return self.pop()
        if answer is None:
            return self._ask(p.seat, opts + ["done"])
        if answer == "done":
            return self.pop()
        parts = answer.split()
        if parts[0] == "offer":
            f["stage"] = "consent"
            return
        target = int(parts[2][1:]) - 1
        key = "give" if parts[0] == "give" else "ask"
        f["draft"] = {"to": target, "give": list(draft["give"]), "ask": list(draft["ask"])}
        f["draft"][key].append(parts[1].upper())

    # -------------------------------------------------------------------- movement ---
    def is_town(self, loc: str) -> bool:
        return self.c.locations[loc]["kind"] == "town"

    def token_spaces(self) -> set:
        return {loc for loc in self.tokens.values() if loc is not None}

    def reachable(self, start: str, steps: int, stop_at: set, allow_pass: bool = False) -> dict:
        """End spaces within ``steps`` moves; token spaces end a move (unless one may be passed)."""
        walk = self.c.walk
        best = {(start, False): 0}
        frontier = [(start, False)]
        for depth in range(steps):
            nxt = []
            for loc, used in frontier:
                if loc in stop_at and loc != start and not (allow_pass and not used):
                    continue
                passing = used or (loc in stop_at and loc != start)
                for n in walk[loc]:
                    key = (n, passing)
                    if key not in best:
                        best[key] = depth + 1
                        nxt.append(key)
            frontier = nxt
        ends: dict[str, bool] = {}
        for (loc, used) in best:
            if not used:
                ends[loc] = False
            elif loc not in ends:
                ends[loc] = True
        return ends

    def _op_move(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        t = self.turn
        if answer is None:
            stops = self.token_spaces()
            allowance = self.move_allowance(p)
            caps = self.powers_of(p, "on_token_encounter", "skip_token_encounter")
            ends = self.reachable(p.loc, allowance, stops, allow_pass=bool(caps))
            opts = [f"move {lid}" for lid in self.c.order if ends.get(lid) is False]
            if caps:
                opts += [f"sneak {lid}" for lid in self.c.order if ends.get(lid) is True]
            for cid in self.powers_of(p, "during_move", "extra_move"):
                opts.append(f"use {cid.lower()}")
            if self.powers_of(p, "during_move", "teleport"):
                opts += [f"fly {lid}" for lid in self.c.order
                         if self.c.locations[lid]["kind"] == "wild" and lid != p.loc]
            if len(opts) == 1:
                answer = opts[0]
            else:
                return self._ask(p.seat, opts)
        verb, arg = answer.split()
        if verb == "use":
            cid = arg.upper()
            power = next(pw for pw in self.card(cid)["powers"] if pw["when"] == "during_move")
            t["extra_move"] = t.get("extra_move", 0) + power["amount"]
            self.discard_card(p, cid)
            self.emit({"e": "used", "seat": p.seat, "card": cid})
            return
        if verb == "fly":
            cid = self.powers_of(p, "during_move", "teleport")[0]
            self.discard_card(p, cid)
            self.emit({"e": "used", "seat": p.seat, "card": cid})
        if verb == "sneak":
            cid = self.powers_of(p, "on_token_encounter", "skip_token_encounter")[0]
            self.discard_card(p, cid)
            self.emit({"e": "used", "seat": p.seat, "card": cid})
        p.loc = arg
        self.emit({"e": "move", "seat": p.seat, "to": arg})
        self.pop()
        here = [tok for tok in ELEMENT_ORDER if self.tokens[tok] == arg]
        if here:
            t["met_tokens"] = True
            self.push("meet", loc=arg, todo=here)

    def move_token_to(self, token: str, dest: str) -> None:
        if self.tokens[token] != dest:
            self.tokens[token] = dest
            self.serial[token] += 1
            self.emit({"e": "token", "token": token, "to": dest})

    # -------------------------------------------------------------- token meetings ---
    def _op_meet(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        self.turn["met_tokens"] = True
        if self.turn.get("dead") or p.elim or not f["todo"]:
            return self.pop()
        quest_tok = self.quest_token_step(p)
        if quest_tok is not None and self.card(quest_tok)["no_encounter"] and \
                self.card(quest_tok)["trigger"]["token"] in f["todo"]:
            # B19: the step cancels every element encounter on this space this turn
            for tok in f["todo"]:
                p.met[tok] = self.serial[tok]
            f["todo"] = []
            self.push("card", card=quest_tok, src="quest", stage="start", bonus=0)
            return
        tok = f["todo"][0]
        f["todo"] = f["todo"][1:]
        if self.tokens[tok] != f["loc"]:
            return
        p.met[tok] = self.serial[tok]
        if quest_tok is not None and self.card(quest_tok)["trigger"]["token"] == tok:
            self.push("card", card=quest_tok, src="quest", stage="start", bonus=0)
            return
        if tok in ("wolves", "solovey"):
            cid = next((c for c in self.set_aside
                        if (self.card(c)["lair"] or {}).get("token") == tok), None)
            if cid is None:
                return
            self.push("card", card=cid, src="set_aside", stage="start", bonus=0, element=tok)
        elif tok == "horseman":
            cid = next(c for c in self.c.decks["horseman"] if self.card(c)["time"] == self.time())
            self.push("card", card=cid, src="element", stage="start", bonus=0, element=tok)
        elif tok == "hut":
            self.push("card", card=self.c.decks["hut"][0], src="element", stage="start", bonus=0,
                      element=tok)
        else:
            if self.by_beaten >= 3:
                return
            cid = self.c.decks["baba_yaga"][self.by_beaten]
            self.push("card", card=cid, src="element", stage="start", bonus=0, element=tok)

    def quest_token_step(self, p: Player) -> str | None:
        sid = self.current_step(p)
        if sid is None:
            return None
        trig = self.card(sid)["trigger"]
        if "token" in trig and self.tokens[trig["token"]] == p.loc:
            return sid
        return None

    def current_step(self, p: Player) -> str | None:
        if p.done or p.elim:
            return None
        steps = self.c.quests[p.quest]["steps"]
        return steps[p.step] if p.step < len(steps) else None

    # ------------------------------------------------------------------- encounters ---
    def encounter_options(self, p: Player) -> tuple[str | None, list[str]]:
        """The forced encounter (quest step or pending card), else the menu of choices."""
        loc = p.loc
        sid = self.current_step(p)
        if sid is not None:
            trig = self.card(sid)["trigger"]
            due = trig.get("at") == loc and (not trig.get("time") or self.time() in trig["time"])
            if due and self.config["quest_step_mandatory"]:
                return sid, []
        for cid in p.pending:
            if self.card(cid)["requires"].get("at") == loc:
                return "pending:" + cid, []
        special = self.c.locations[loc]["special"]
        opts = ["draw"]
        if special == "golden_halls":
            opts = ["draw wilderness", "draw town"]
        elif special and self.special_available(p, special):
            opts.append("special")
        if sid is not None and not self.config["quest_step_mandatory"]:
            trig = self.card(sid)["trigger"]
            if trig.get("at") == loc and (not trig.get("time") or self.time() in trig["time"]):
                opts.append("accept")
        return None, opts

    def special_available(self, p: Player, special: str) -> bool:
        cards = self.c.cards
        if special == "dead_forest":
            return any(cards[c]["challenges"] for c in self.discard["wilderness"])
        if special in ("forlorn_hills", "khorov", "spirits_hollow"):
            deck = "town" if special == "khorov" else "wilderness"
            return special == "forlorn_hills" or bool(self.decks[deck])
        if special == "koldunoi":
            return bool(self.discard["town"]) and any(cards[c]["type"] in ("item", "ally")
                                                      for c in p.cards)
        if special == "koshcheys_home":
            return not self.koshchey_used and any(cards[c]["type"] == "ally" for c in p.cards)
        if special == "tsarov":
            forbidden = self.c.rules["special_rules"]["tsarov"]["forbidden_times"]
            return any(cards[c]["type"] == "item" for c in p.cards) and \
                any(cards[c]["type"] == "item" for d in DECKS for c in self.discard[d]) and \
                self.time() not in forbidden
        return False

    def _op_encounter(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        if answer is None:
            forced, opts = self.encounter_options(p)
            if forced is not None:
                self.pop()
                if forced.startswith("pending:"):
                    cid = forced.split(":", 1)[1]
                    p.pending.remove(cid)
                    self.push("card", card=cid, src="pending", stage="start", bonus=0)
                else:
                    self.push("card", card=forced, src="quest", stage="start", bonus=0)
                return
            if len(opts) == 1:
                answer = opts[0]
            else:
                return self._ask(p.seat, opts)
        self.pop()
        if answer == "accept":
            forced = self.current_step(p)
            self.push("card", card=forced, src="quest", stage="start", bonus=0)
        elif answer == "special":
            self.push("special", kind=self.c.locations[p.loc]["special"], stage="start")
        else:
            parts = answer.split()
            deck = parts[1] if len(parts) > 1 else ("town" if self.is_town(p.loc) else "wilderness")
            cid = self.draw(deck, p)
            if cid is not None:
                self.push("card", card=cid, src="deck", stage="start", bonus=0)

    def draw(self, deck: str, p: Player) -> str | None:
        if not self.decks[deck]:
            return None
        cid = self.decks[deck].pop()
        if cid in self.in_deck[deck]:
            self.in_deck[deck].remove(cid)
        for key in list(self.known):
            if key.endswith(":" + deck):
                self.known[key] = self.known[key][1:]
                if not self.known[key]:
                    del self.known[key]
        self.emit({"e": "draw", "seat": p.seat, "card": cid, "deck": deck})
        return cid

    def forget(self, deck: str) -> None:
        for key in list(self.known):
            if key.endswith(":" + deck):
                del self.known[key]

    # ---------------------------------------------------------------- special places ---
    def _op_special(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        kind = f["kind"]
        cards = self.c.cards
        rules = self.c.rules["special_rules"]
        stage = f["stage"]
        if kind == "dead_forest":
            opts = [f"card {c.lower()}" for c in reversed(self.discard["wilderness"])
                    if cards[c]["challenges"]]
            if answer is None:
                return self._ask(p.seat, opts)
            cid = answer.split()[1].upper()
            self.discard["wilderness"].remove(cid)
            self.emit({"e": "special", "kind": kind, "seat": p.seat, "card": cid})
            self.pop()
            self.push("card", card=cid, src="discard", stage="start",
                      bonus=rules["dead_forest"]["diff_bonus"])
            return
        if kind in ("khorov", "spirits_hollow"):
            deck = "town" if kind == "khorov" else "wilderness"
            if stage == "start":
                drawn = [c for c in (self.draw(deck, p), self.draw(deck, p)) if c]
                f.update(stage="pick", drawn=drawn)
                self.emit({"e": "special", "kind": kind, "seat": p.seat})
                if len(drawn) == 1:
                    answer = f"card {drawn[0].lower()}"
                else:
                    return self._ask(p.seat, [f"card {c.lower()}" for c in drawn])
            if answer is None:
                return self._ask(p.seat, [f"card {c.lower()}" for c in f["drawn"]])
            cid = answer.split()[1].upper()
            for other in f["drawn"]:
                if other != cid:
                    self.discard[deck].append(other)
            self.pop()
            self.push("card", card=cid, src="deck", stage="start", bonus=0)
            return
        if kind == "forlorn_hills":
            rule = rules["forlorn_hills"]
            if stage == "start":
                self.emit({"e": "special", "kind": kind, "seat": p.seat})
                self.queue_tokens([{"token": "horseman", "steps": rule["horseman_toward_player"],
                                    "toward": "active_player", "on": "always"}])
                f["stage"] = "rolled"
                self.push("challenge", ability=rule["ability"],
                          base=rule["diff_by_time"][self.time()], plus_rep=False, bonus=0,
                          ctx={"town": False}, stage="prepare")
                return
            if stage == "rolled":
                won, cancel = self.ret
                if not won:
                    if not cancel:
                        self.miss(p)
                    self.emit({"e": "miss_turn", "seat": p.seat})
                    return self.pop()
                f["stage"] = "reward"
            piles = [d for d in DECKS if any(cards[c]["rep"] for c in self.discard[d])]
            if not piles:
                return self.pop()
            if answer is None and len(piles) > 1:
                return self._ask(p.seat, [f"pile {d}" for d in piles])
            deck = answer.split()[1] if answer else piles[0]
            cid = next(c for c in reversed(self.discard[deck]) if cards[c]["rep"])
            self.discard[deck].remove(cid)
            self.gain(p, cid)
            return self.pop()
        if kind == "koldunoi":
            if stage == "start":
                if answer is None:
                    return self._ask(p.seat, [f"card {c.lower()}" for c in p.cards
                                              if cards[c]["type"] in ("item", "ally")])
                cid = answer.split()[1].upper()
                p.cards.remove(cid)
                self.box.append(cid)
                self.emit({"e": "special", "kind": kind, "seat": p.seat, "card": cid})
                f["stage"] = "pick"
                return
            if answer is None:
                return self._ask(p.seat,
                                 [f"card {c.lower()}" for c in reversed(self.discard["town"])])
            cid = answer.split()[1].upper()
            self.discard["town"].remove(cid)
            self.pop()
            self.push("card", card=cid, src="discard", stage="start", bonus=0)
            return
        if kind == "koshcheys_home":
            if answer is None:
                return self._ask(p.seat, [f"card {c.lower()}" for c in p.cards
                                          if cards[c]["type"] == "ally"])
            cid = answer.split()[1].upper()
            p.cards.remove(cid)
            self.koshchey = [cid, p.seat]
            self.koshchey_used = True
            self.koshchey_bonus = -1 if self.mode == "cooperative" else p.seat
            self.emit({"e": "special", "kind": kind, "seat": p.seat, "card": cid})
            rule = rules["koshcheys_home"]
            self.queue_tokens([{"token": "horseman", "steps": rule["horseman_toward_player"],
                                "toward": "active_player", "on": "always"}])
            self.check_passives()
            return self.pop()
        if kind == "tsarov":
            if stage == "start":
                if answer is None:
                    return self._ask(p.seat, [f"card {c.lower()}" for c in p.cards
                                              if cards[c]["type"] == "item"])
                cid = answer.split()[1].upper()
                p.cards.remove(cid)
                self.box.append(cid)
                self.emit({"e": "special", "kind": kind, "seat": p.seat, "card": cid})
                f["stage"] = "pick"
                return
            opts = [f"card {c.lower()}" for d in DECKS for c in reversed(self.discard[d])
                    if cards[c]["type"] == "item"]
            if answer is None:
                return self._ask(p.seat, opts)
            cid = answer.split()[1].upper()
            self.discard[cards[cid]["deck"]].remove(cid)
            self.gain(p, cid)
            return self.pop()

    def _op_rescue(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        if f["stage"] == "ask":
            if answer is None:
                return self._ask(p.seat, ["rescue", "pass"])
            if answer == "pass":
                return self.pop()
            rule = self.c.rules["special_rules"]["koshcheys_home"]["rescue"]
            f["stage"] = "rolled"
            self.push("challenge", ability=rule["ability"], base=rule["diff"], plus_rep=False,
                      bonus=0, ctx={"town": False}, stage="prepare")
            return
        cid = self.koshchey[0]
        won, cancel = self.ret
        if won:
            p.cards.append(cid)
            self.koshchey = None
            self.emit({"e": "rescued", "seat": p.seat, "card": cid})
        elif not cancel:
            self.koshchey_bonus = None
            self.emit({"e": "rescue_failed", "seat": p.seat})
            self.kill(p)
        self.pop()

    # ------------------------------------------------------------------ card frames ---
    def _op_card(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        card = self.card(f["card"])
        stage = f["stage"]
        if stage == "start":
            if f["src"] != "quest":
                self.emit({"e": "encounter", "seat": p.seat, "card": f["card"], "src": f["src"]})
            req = card["requires"]
            unmet = (req.get("time") and self.time() not in req["time"]) or \
                (req.get("min_rep") and self.rep(p) < req["min_rep"]) or \
                (req.get("at") and p.loc != req["at"])
            if unmet:
                return self.card_unmet(f, card, p)
            if card["optional"] or card["cost"]:
                f["stage"] = "optional"
            else:
                f["stage"] = "challenge_setup"
            return
        if stage == "optional":
            if answer is None:
                opts = ["decline"]
                if self.can_pay(p, card["cost"]):
                    opts.insert(0, "accept")
                return self._ask(p.seat, opts)
            if answer == "decline":
                self.emit({"e": "declined", "seat": p.seat, "card": f["card"]})
                self.queue_tokens(card["tokens"], None)
                self.put_away(f["card"], p, f)
                return self.pop()
            f["stage"] = "challenge_setup"
            if card["cost"]:
                self.push("effects", todo=list(card["cost"]), seat=p.seat, card=f["card"], sub=None)
            return
        if stage == "challenge_setup":
            chs = card["challenges"]
            if card["mode"] == "choice" and len(chs) > 1:
                if answer is None:
                    return self._ask(p.seat, [f"choose {ch['ability']}" for ch in chs])
                ab = answer.split()[1]
                f["todo"] = [i for i, ch in enumerate(chs) if ch["ability"] == ab][:1]
            else:
                f["todo"] = list(range(len(chs)))
            f["stage"] = "challenges"
            f["won"] = True
            f["cancel_lose"] = False
            return
        if stage == "challenges":
            if f.get("rolling"):
                f["rolling"] = False
                won, cancel = self.ret
                if cancel:
                    f["cancel_lose"] = True
                if not won:
                    f["won"] = False
                    f["todo"] = []
            if self.turn.get("dead") or p.elim:
                return self.pop()
            if f["todo"]:
                idx = f["todo"][0]
                f["todo"] = f["todo"][1:]
                ch = card["challenges"][idx]
                ctx = {"town": card["deck"] == "town" or self.is_town(p.loc),
                       "baba": card["order"] if card["deck"] == "baba_yaga" else 0}
                bonus = f["bonus"]
                extra = 0
                if card["deck"] == "baba_yaga" and self.koshchey_bonus in (p.seat, -1):
                    extra = self.c.rules["special_rules"]["koshcheys_home"]["bonus_dice"]
                    f["koshchey"] = True
                f["rolling"] = True
                self.push("challenge", ability=ch["ability"], base=ch["base"],
                          plus_rep=ch["plus_rep"], bonus=bonus, ctx=ctx, stage="prepare",
                          extra=extra + f.get("paid", 0), pay=bool(card["pay_for_dice"]))
                return
            f["stage"] = "outcome"
            if f.get("koshchey"):
                self.koshchey_bonus = None
            if f["won"]:
                self.emit({"e": "won", "seat": p.seat, "card": f["card"]})
                if f.get("element") == "horseman":
                    p.won_horseman = True
                self.push("effects", todo=list(card["win"]), seat=p.seat, card=f["card"], sub=None)
            else:
                self.emit({"e": "lost", "seat": p.seat, "card": f["card"],
                           "cancelled": f["cancel_lose"]})
                if card["deck"] == "baba_yaga" and self.mode == "solo" and \
                        self.config["solo_lose_on_baba_fail"]:
                    return self.finish([], "baba_yaga_failed")
                lose = list(card["lose"])
                if f["cancel_lose"]:   # B29: the Flask never prevents elimination
                    lose = [e for e in lose if e[0] == "eliminate"]
                if lose:
                    self.push("effects", todo=lose, seat=p.seat, card=f["card"], sub=None)
            return
        if stage == "outcome":
            if card["deck"] == "quest":
                if f["won"]:
                    self.complete_step(p)
                return self.pop()
            self.queue_tokens(card["tokens"], f["won"])
            self.put_away(f["card"], p, f)
            self.check_baba_entry()
            self.check_passives()
            return self.pop()

    def card_unmet(self, f: dict, card: dict, p: Player) -> None:
        how = card["on_unmet"]
        self.emit({"e": "unmet", "seat": p.seat, "card": card["id"], "how": how})
        if how == "hold_pending":
            p.pending.append(card["id"])
            self.queue_tokens(card["tokens"], None)
            return self.pop()
        if how == "no_challenge":
            self.queue_tokens(card["tokens"], None)
            self.put_away(card["id"], p, f)
            return self.pop()
        # shuffle back
        deck = card["deck"]
        if f["src"] == "discard":
            self.discard[deck].append(card["id"])
            return self.pop()
        self.pop()
        self.push("reshuffle", deck=deck, card=card["id"])

    def _op_reshuffle(self, f: dict, answer: Any) -> None:
        deck = f["deck"]
        if answer is None:
            return self._chance("shuffle", {deck: sorted(self.decks[deck] + [f["card"]])})
        self.decks[deck] = list(answer[deck])
        self.in_deck[deck] = sorted(self.in_deck[deck] + [f["card"]])
        self.forget(deck)
        self.emit({"e": "shuffle_back", "deck": deck, "card": f["card"]})
        self.pop()

    def put_away(self, cid: str, p: Player, f: dict) -> None:
        """A resolved card that nobody kept: reminder zone, set aside, or its discard pile."""
        card = self.card(cid)
        if card["deck"] in ("hut", "horseman", "quest"):
            return
        if card["deck"] == "baba_yaga":
            return
        if any(q.cards.count(cid) for q in self.players) or cid in self.set_aside or \
                cid in p.pending or (self.koshchey and self.koshchey[0] == cid):
            return
        for q in self.players:
            if any(e[4] == cid for e in q.effects):
                self.reminder.append([cid, q.seat])
                return
        self.discard[card["deck"]].append(cid)

    def release_reminders(self) -> None:
        keep = []
        for cid, seat in self.reminder:
            if any(e[4] == cid for e in self.players[seat].effects):
                keep.append([cid, seat])
            else:
                self.discard[self.card(cid)["deck"]].append(cid)
        self.reminder = keep

    def can_pay(self, p: Player, cost: list) -> bool:
        for kind, arg in cost:
            if kind == "discard_own" and not self.own_matching(p, arg["type"]):
                return False
        return True

    def own_matching(self, p: Player, types: list) -> list[str]:
        cards = self.c.cards
        out = []
        for c in p.cards:
            card = cards[c]
            if "any" in types or card["type"] in types or ("rep" in types and card["rep"] > 0):
                out.append(c)
        return out

    # -------------------------------------------------------------------- challenges ---
    def _op_challenge(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        stage = f["stage"]
        if stage == "prepare":
            ab = f["ability"]
            n = self.ability(p, ab) + self.lingering(p, ab, "next_turn") + \
                self.free_powers(p, ab, f["ctx"]) + f.get("extra", 0)
            consumed = [e for e in p.effects if e[2] == "next_challenge" and e[0] in (ab, "any")]
            n += sum(e[1] for e in consumed)
            if consumed:
                p.effects = [e for e in p.effects if not any(e is c for c in consumed)]
            diff = f["base"] + (self.rep(p) if f["plus_rep"] else 0) + f["bonus"]
            f["n"] = n
            f["diff"] = max(2, min(6, diff))
            f["stage"] = "before"
            return
        if stage == "before":
            opts = []
            if f.get("pay"):
                opts += [f"pay {c.lower()}" for c in p.cards if self.card(c)["type"] == "item"]
            for cid in p.cards:
                for power in self.card(cid)["powers"]:
                    if power["when"] == "before_roll" and power["cost"] == "discard_self" and \
                            self.condition_holds(power["condition"], f["ability"], f["ctx"]):
                        opts.append(f"use {cid.lower()}")
            if opts and answer is None:
                return self._ask(p.seat, opts + ["roll"])
            if answer and answer != "roll":
                verb, cid = answer.split()
                cid = cid.upper()
                if verb == "pay":
                    f["n"] += 1
                else:
                    power = next(pw for pw in self.card(cid)["powers"]
                                 if pw["when"] == "before_roll")
                    f["n"] += power["amount"]
                self.discard_card(p, cid)
                self.emit({"e": "used", "seat": p.seat, "card": cid})
                return
            f["n"] = max(self.c.rules.get("dice", {}).get("min_dice", 1), f["n"])
            f["stage"] = "roll"
            return
        if stage == "roll":
            if answer is None:
                return self._chance("dice", f["n"])
            won = max(answer) >= f["diff"]
            self.emit({"e": "roll", "seat": p.seat, "ability": f["ability"], "diff": f["diff"],
                       "dice": list(answer), "won": won})
            if won:
                return self.pop((True, False))
            f["stage"] = "failed"
            return
        if stage == "failed":
            opts = [f"reroll {c.lower()}" for c in p.cards if self.card(c)["rep"] > 0]
            for cid in p.cards:
                for power in self.card(cid)["powers"]:
                    if power["when"] == "after_failed_roll" and \
                            self.condition_holds(power["condition"], f["ability"], f["ctx"]):
                        opts.append(f"use {cid.lower()}")
                    if power["when"] == "on_lose_result":
                        opts.append(f"use {cid.lower()}")
            if not opts:
                return self.pop((False, False))
            if answer is None:
                return self._ask(p.seat, opts + ["accept"])
            if answer == "accept":
                return self.pop((False, False))
            verb, cid = answer.split()
            cid = cid.upper()
            self.discard_card(p, cid)
            self.emit({"e": "reroll" if verb == "reroll" else "used", "seat": p.seat, "card": cid})
            if verb == "use" and any(pw["when"] == "on_lose_result"
                                     for pw in self.card(cid)["powers"]):
                return self.pop((False, True))
            f["stage"] = "roll"
            return

    # ----------------------------------------------------------------------- effects ---
    def _op_effects(self, f: dict, answer: Any) -> None:
        p = self.players[f["seat"]]
        if f["sub"] is not None:
            done = self.effect_step(f, p, f["sub"], answer)
            if not done:
                return
            f["sub"] = None
        while f["todo"]:
            if self.outcome is not None:
                return
            if p.elim or (self.turn.get("dead") and f["seat"] == self.active and
                          f["todo"][0][0] not in ("set_aside", "place_token")):
                f["todo"] = []
                break
            eff = f["todo"][0]
            f["todo"] = f["todo"][1:]
            f["sub"] = [eff[0], eff[1], {}]
            done = self.effect_step(f, p, f["sub"], None)
            if not done:
                return
            f["sub"] = None
            if not self.stack or self.stack[-1] is not f:
                return
        if self.stack and self.stack[-1] is f:
            self.pop()

    def effect_step(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        """Run one effect; False when it waits for a decision or a child frame."""
        kind, arg, mem = sub
        cid = f["card"]
        if kind == "take_card":
            self.gain(p, cid)
            if self.card(cid)["deck"] == "baba_yaga":
                self.by_beaten += 1
                self.by_defeater = p.seat
            if self.card(cid)["lair"]:
                self.set_aside = [c for c in self.set_aside if c != cid]
            return True
        if kind == "kill":
            self.kill(p)
            return True
        if kind == "eliminate":
            self.eliminate(p)
            return True
        if kind == "miss_turn":
            self.miss(p)
            return True
        if kind == "dice_mod":
            src = cid if self.card(cid)["deck"] in DECKS else None
            p.effects.append([arg["ability"], arg["amount"], arg["duration"], p.turns, src])
            self.emit({"e": "effect", "seat": p.seat, "ability": arg["ability"],
                       "amount": arg["amount"], "duration": arg["duration"]})
            return True
        if kind == "clear_lingering":
            p.effects = []
            self.release_reminders()
            self.emit({"e": "cleared", "seat": p.seat})
            return True
        if kind == "set_aside":
            if cid not in self.set_aside:
                self.set_aside.append(cid)
            return True
        if kind == "place_token":
            where = p.loc if arg["location"] == "here" else arg["location"]
            if arg["token"] in ("hut", "horseman", "wolves", "solovey") and self.is_town(where):
                return True
            self.move_token_to(arg["token"], where)
            if where == p.loc:      # B8: drawing the card counts as meeting its token
                p.met[arg["token"]] = self.serial[arg["token"]]
            return True
        if kind == "remove_token":
            if self.tokens[arg["token"]] is not None:
                self.tokens[arg["token"]] = None
                self.serial[arg["token"]] += 1
                self.emit({"e": "token", "token": arg["token"], "to": None})
            self.check_passives()
            return True
        if kind == "end_game":
            return self.baba_yaga_beaten(p) or True
        if kind == "global":
            for q in self.active_players():
                for k2, a2 in arg:
                    if k2 == "dice_mod":
                        src = cid if self.card(cid)["deck"] in DECKS else None
                        q.effects.append([a2["ability"], a2["amount"], a2["duration"], q.turns,
                                          src])
                    elif k2 == "miss_turn":
                        self.miss(q)
                    elif k2 == "clear_lingering":
                        q.effects = []
            self.emit({"e": "global", "card": cid})
            return True
        if kind == "discard_own":
            opts = self.own_matching(p, arg["type"])
            if not opts:
                return True
            if answer is None:
                if len(opts) == 1:
                    answer = f"card {opts[0].lower()}"
                else:
                    self._ask(p.seat, [f"card {c.lower()}" for c in opts])
                    return False
            self.discard_card(p, answer.split()[1].upper())
            mem["count"] = mem.get("count", 0) + 1
            if mem["count"] < arg.get("count", 1):
                return self.effect_step(f, p, sub, None)
            return True
        if kind == "choose_one":
            doable = [i for i, (k2, a2) in enumerate(arg)
                      if k2 != "discard_own" or self.own_matching(p, a2["type"])]
            if not doable:
                return True
            if answer is None and "picked" not in mem:
                if len(doable) == 1:
                    answer = f"option {doable[0] + 1}"
                else:
                    self._ask(p.seat, [f"option {i + 1}" for i in doable])
                    return False
            if "picked" not in mem:
                mem["picked"] = int(answer.split()[1]) - 1
                answer = None
            k2, a2 = arg[mem["picked"]]
            inner = mem.setdefault("inner", [k2, a2, {}])
            return self.effect_step(f, p, inner, answer)
        if kind == "take_from_discard":
            cards = self.c.cards
            want = arg.get("filter") or {}

            def matches(c: str) -> bool:
                card = cards[c]
                if want.get("type") and card["type"] != want["type"]:
                    return False
                return not (want.get("has_rep") and not card["rep"])
            piles = DECKS if arg["pile"] == "either" else (arg["pile"],)
            piles = [d for d in piles if any(matches(c) for c in self.discard[d])]
            if not piles:
                mem.setdefault("else", [arg["else"], 0])
                todo = arg["else"]
                f["todo"] = list(todo) + f["todo"]
                return True
            if answer is None and len(piles) > 1:
                self._ask(p.seat, [f"pile {d}" for d in piles])
                return False
            deck = answer.split()[1] if answer else piles[0]
            got = next(c for c in reversed(self.discard[deck]) if matches(c))
            self.discard[deck].remove(got)
            self.gain(p, got)
            return True
        if kind == "move_character":
            return self.effect_move_character(p, arg, mem, answer)
        if kind == "move_token":
            return self.effect_baba_away(p, arg, mem, answer)
        if kind == "peek_reorder":
            return self.effect_peek(p, arg, mem, answer)
        raise AssertionError(f"effect {kind} has no rule")   # the loader rejects unknown kinds

    def effect_move_character(self, p: Player, arg: dict, mem: dict, answer: Any) -> bool:
        if answer is not None:
            stepped = isinstance(answer, str) and answer.startswith("step ")
            dest = answer.split()[1] if stepped else answer
            p.loc = dest
            self.emit({"e": "pushed", "seat": p.seat, "to": dest})
            return True
        steps = arg["steps"]
        if arg.get("toward"):
            dist = self.c.dist["walk"][arg["toward"]]
            if p.loc != arg["toward"]:
                opts = [n for n in self.c.walk[p.loc] if dist[n] < dist[p.loc]]
            else:
                opts = []
        elif arg.get("up_to"):
            ends = self.reachable(p.loc, steps, set())
            opts = [lid for lid in self.c.order if lid in ends]
        else:
            opts = self.path_ends(self.c.walk, p.loc, steps)
        opts = [lid for lid in self.c.order if lid in set(opts)]
        if not opts:
            return True
        chooser = p.seat if arg["chooser"] == "self" else self.left_of(p.seat)
        if arg["chooser"] == "left_player" and self.config.players == 1:
            if len(opts) == 1:
                return self.effect_move_character(p, arg, mem, opts[0])
            self._chance("pick", opts)
            return False
        if len(opts) == 1:
            return self.effect_move_character(p, arg, mem, f"step {opts[0]}")
        self._ask(chooser, [f"step {lid}" for lid in opts])
        return False

    def effect_baba_away(self, p: Player, arg: dict, mem: dict, answer: Any) -> bool:
        if self.tokens["baba_yaga"] is None:
            return True
        if answer is not None:
            self.move_token_to("baba_yaga", answer.split()[1])
            mem["done"] = mem.get("done", 0) + 1
        if mem.get("done", 0) >= arg["steps"]:
            return True
        here = self.tokens["baba_yaga"]
        dist = self.c.dist["flight"][p.loc]
        opts = [lid for lid in self.c.order
                if lid in self.c.flight[here] and dist[lid] > dist[here]]
        if not opts:
            return True
        self._ask(p.seat, [f"baba {lid}" for lid in opts])
        return False

    def effect_peek(self, p: Player, arg: dict, mem: dict, answer: Any) -> bool:
        if "deck" not in mem:
            decks = [d for d in DECKS if self.decks[d]]
            if not decks:
                return True
            if answer is None:
                if len(decks) == 1:
                    answer = f"deck {decks[0]}"
                else:
                    self._ask(p.seat, [f"deck {d}" for d in decks])
                    return False
            mem["deck"] = answer.split()[1]
            deck = mem["deck"]
            count = min(arg.get("count", 3), len(self.decks[deck]))
            mem["count"] = count
            top = list(reversed(self.decks[deck][-count:]))
            who = None if self.mode != "competitive" else p.seat
            self.known[f"{p.seat if who is not None else 'all'}:{deck}"] = top
            self.emit({"e": "peek", "seat": p.seat, "deck": deck, "count": count})
            self.emit({"e": "peeked", "seat": p.seat, "deck": deck, "cards": top}, only=who)
            self.ask = None
            if count <= 1:
                return True
            self._ask(p.seat, ["order " + " ".join(map(str, perm))
                               for perm in permutations(range(1, count + 1))])
            return False
        deck, count = mem["deck"], mem["count"]
        top = list(reversed(self.decks[deck][-count:]))
        order = [int(x) - 1 for x in answer.split()[1:]]
        new_top = [top[i] for i in order]
        self.decks[deck][-count:] = list(reversed(new_top))
        key = f"{p.seat if self.mode == 'competitive' else 'all'}:{deck}"
        self.known[key] = new_top
        self.emit({"e": "reordered", "seat": p.seat, "deck": deck})
        return True

    # --------------------------------------------------------------- cards and death ---
    def gain(self, p: Player, cid: str) -> None:
        p.cards.append(cid)
        self.emit({"e": "gain", "seat": p.seat, "card": cid})
        self.check_baba_entry()

    def discard_card(self, p: Player, cid: str) -> None:
        p.cards.remove(cid)
        deck = self.card(cid)["deck"]
        if deck in DECKS:
            self.discard[deck].append(cid)
        self.emit({"e": "discard", "seat": p.seat, "card": cid})

    def miss(self, p: Player) -> None:
        """Flip the character face down: one more missed turn (they stack only by option)."""
        p.skip = p.skip + 1 if self.config["skip_stacks"] else 1
        self.emit({"e": "miss_turn", "seat": p.seat})

    def kill(self, p: Player) -> None:
        apples = self.powers_of(p, "on_death", "cancel_death")
        if apples:
            self.discard_card(p, apples[0])
            self.emit({"e": "death_cancelled", "seat": p.seat, "card": apples[0]})
            return
        self.emit({"e": "killed", "seat": p.seat})
        for cid in [c for c in p.cards if self.card(c)["rep"] > 0]:
            self.discard_card(p, cid)
        for cid in p.pending:
            self.discard[self.card(cid)["deck"]].append(cid)
        p.pending = []
        p.effects = []
        self.release_reminders()
        p.loc = self.c.quests[p.quest]["start"]
        self.miss(p)
        if p.seat == self.active:
            self.turn["dead"] = True
        if self.mode == "solo" and self.config["solo_lose_on_death"]:
            self.finish([], "died")

    def eliminate(self, p: Player) -> None:
        self.emit({"e": "eliminated", "seat": p.seat})
        for cid in list(p.cards):
            self.discard_card(p, cid)
        for cid in p.pending:
            self.discard[self.card(cid)["deck"]].append(cid)
        p.pending = []
        p.effects = []
        self.release_reminders()
        p.elim = True
        p.skip = 0
        p.loc = self.c.quests[p.quest]["start"]
        if p.seat == self.active:
            self.turn["dead"] = True
        if self.mode == "solo":
            return self.finish([], "eliminated")
        if not self.active_players():
            return self.finish([], "all_eliminated")
        if self.mode == "cooperative":
            self.check_coop_win()

    def baba_yaga_beaten(self, p: Player) -> bool:
        if self.mode != "competitive":
            self.finish(list(range(self.config.players)) if self.mode == "cooperative" else [0],
                        "baba_yaga")
            return True
        alive = self.active_players()
        best = max(self.rep(q) for q in alive)
        leaders = [q.seat for q in alive if self.rep(q) == best]
        if len(leaders) == 1:
            winners = leaders
        else:
            winners = [p.seat] if p.seat in leaders else []
        self.finish(winners, "baba_yaga", rep=[self.rep(q) for q in self.players])
        return True

    def check_baba_entry(self) -> None:
        if self.tokens["baba_yaga"] is not None or self.by_beaten >= 3 or self.outcome is not None:
            return
        need = self.c.rules["baba_yaga"]["appear_at_rep"]
        if any(self.rep(q) >= need for q in self.active_players()):
            self.move_token_to("baba_yaga", self.c.baba_entry)

    # ------------------------------------------------------------------------ quests ---
    def complete_step(self, p: Player, auto: bool = False) -> None:
        sid = self.current_step(p)
        if sid is None:
            return
        self.emit({"e": "step", "seat": p.seat, "step": p.step + 1, "auto": auto})
        p.step += 1
        p.won_horseman = False
        if self.card(sid).get("final"):
            p.done = True
            self.emit({"e": "quest_done", "seat": p.seat})
            if self.mode != "cooperative":
                return self.finish([p.seat], "quest")
            if not auto:
                for q in self.active_players():
                    if q is not p and not q.done:
                        nxt = self.current_step(q)
                        if nxt is not None and not self.card(nxt).get("final"):
                            self.complete_step(q, auto=True)
            self.check_coop_win()
            return
        self.check_passives()

    def check_coop_win(self) -> None:
        if self.outcome is not None:
            return
        alive = self.active_players()
        if alive and all(q.done for q in alive):
            self.finish(list(range(self.config.players)), "quests")

    def check_passives(self) -> None:
        changed = True
        while changed and self.outcome is None:
            changed = False
            for p in self.players:
                sid = self.current_step(p)
                if sid is None:
                    continue
                passive = self.card(sid)["trigger"].get("passive")
                if not passive:
                    continue
                if self.passive_met(p, passive):
                    self.complete_step(p)
                    changed = True

    def passive_met(self, p: Player, passive: dict) -> bool:
        if "token_absent" in passive:
            return self.tokens[passive["token_absent"]] is None
        if "holds" in passive:
            kind = passive["holds"].get("type")
            return any(self.card(c)["type"] == kind for c in p.cards)
        if "min_rep" in passive:
            return self.rep(p) >= passive["min_rep"]
        if "won_element" in passive:
            return p.won_horseman
        return False

    # ----------------------------------------------------------------- token moves ---
    def queue_tokens(self, directions: list, won: bool | None = None) -> None:
        moves = self.turn.setdefault("token_moves", [])
        for d in directions:
            if d["on"] == "always" or (won is True and d["on"] == "win") or \
                    (won is False and d["on"] == "lose"):
                moves.append([d["token"], d["steps"], d["toward"]])

    def path_ends(self, graph: dict, start: str, steps: int) -> list[str]:
        """End spaces of simple paths of exactly ``steps`` (or the longest that exist)."""
        best_len, ends = 0, {start}

        def walk(loc: str, seen: tuple, left: int) -> None:
            nonlocal best_len, ends
            depth = steps - left
            if depth > best_len:
                best_len, ends = depth, {loc}
            elif depth == best_len:
                ends.add(loc)
            if left == 0:
                return
            for n in graph[loc]:
                if n not in seen:
                    walk(n, seen + (n,), left - 1)
        walk(start, (start,), steps)
        return sorted(ends)

    def toward_options(self, token: str, steps: int, targets: list[Player]) -> list[str]:
        """End spaces of moving ``token`` up to ``steps`` along shortest paths to the nearest
        of ``targets`` (a target in a town is reached from a bordering wilderness space)."""
        here = self.tokens[token]
        graph = self.c.token
        dist_from = self.c.dist["token"]

        def distance(loc: str, target: str) -> int:
            if self.is_town(target):
                d = [dist_from[loc][n] + 1 for n in self.c.walk[target] if n in graph]
                return min(d) if d else 999
            return dist_from[loc].get(target, 999)
        scored = [(distance(here, q.loc), q.loc) for q in targets]
        if not scored:
            return [here]
        best = min(d for d, _ in scored)
        goals = {loc for d, loc in scored if d == best}
        ends = set()
        for goal in goals:
            frontier = {here}
            for _ in range(steps):
                if goal in frontier:
                    break
                d_now = {loc: distance(loc, goal) for loc in frontier}
                nxt = set()
                for loc in frontier:
                    if d_now[loc] == 0 or (self.is_town(goal) and d_now[loc] == 1):
                        nxt.add(loc)
                        continue
                    for n in graph[loc]:
                        if distance(n, goal) == d_now[loc] - 1:
                            nxt.add(n)
                frontier = nxt
            ends |= frontier
        return [lid for lid in self.c.order if lid in ends]

    def _op_token_moves(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        moves = self.turn.get("token_moves") or []
        if answer is not None:
            token = moves[0][0]
            self.move_token_to(token, answer.split()[1])
            self.turn["token_moves"] = moves[1:]
            return
        if not moves:
            return self.pop()
        token, steps, toward = moves[0]
        if self.mode == "solo" or toward == "active_player":
            opts = self.toward_options(token, steps, [p])
        elif toward == "nearest_player":
            opts = self.toward_options(token, steps, self.active_players())
        else:
            opts = self.path_ends(self.c.token, self.tokens[token], steps)
        if len(opts) == 1:
            self.move_token_to(token, opts[0])
            self.turn["token_moves"] = moves[1:]
            return
        self._ask(p.seat, [f"{token} {lid}" for lid in opts])

    def baba_targets(self) -> list[str]:
        """Where Baba Yaga may end her move this round (several: a random pick)."""
        need = self.c.rules["baba_yaga"]["appear_at_rep"]
        alive = self.active_players()
        if not alive:
            return []
        best = max(self.rep(q) for q in alive)
        if best < need:
            return []
        here = self.tokens["baba_yaga"]
        dist = self.c.dist["flight"]
        leaders = [q for q in alive if self.rep(q) == best]
        near = min(dist[here][q.loc] for q in leaders)
        goals = {q.loc for q in leaders if dist[here][q.loc] == near}
        steps = self.c.rules["baba_yaga"]["steps_per_round"]
        ends = set()
        for goal in goals:
            frontier = {here}
            for _ in range(steps):
                if goal in frontier:
                    break
                frontier = {n for loc in frontier for n in self.c.flight[loc]
                            if dist[goal][n] == dist[goal][loc] - 1}
            ends |= frontier
        return [lid for lid in self.c.order if lid in ends]

    # ------------------------------------------------------------------------ views ---
    TABLE = ("mode", "round", "active", "first", "opener", "by_beaten", "by_defeater",
             "reshuffled", "koshchey_used", "koshchey", "koshchey_bonus", "box", "set_aside",
             "reminder", "tokens")

    def table(self) -> dict:
        """What everybody sees at the table (no deck order, no engine bookkeeping)."""
        data = {name: _copy(getattr(self, name)) for name in self.TABLE}
        data["time"] = self.shown_time()
        data["heroes"] = [self.hero_view(p) for p in self.players]
        data["rep"] = [self.rep(p) for p in self.players]
        data["deck_sizes"] = {d: len(self.decks[d]) for d in DECKS}
        data["removed_count"] = {d: len(self.removed[d]) for d in DECKS}
        data["in_deck"] = {d: list(self.in_deck[d]) for d in DECKS}
        data["discard"] = {d: list(self.discard[d]) for d in DECKS}
        data["outcome"] = _copy(self.outcome)
        return data

    @staticmethod
    def hero_view(p: Player) -> dict:
        """One character as seen at the table; lingering effects as reminders."""
        return {"seat": p.seat, "char": p.char, "quest": p.quest, "step": p.step,
                "done": p.done, "loc": p.loc, "cards": list(p.cards), "pending": list(p.pending),
                "face_down": p.skip > 0, "skip": p.skip, "elim": p.elim,
                "won_horseman": p.won_horseman,
                "effects": [{"ability": ab, "amount": amount, "duration": dur, "source": src}
                            for ab, amount, dur, _turn, src in p.effects]}

    def engine(self) -> dict:
        """The continuation of the rules engine: public facts only, needed by sample_world."""
        ask = list(self.ask) if self.ask else None
        if ask and ask[0] == "chance" and ask[1] == "shuffle":
            ask[2] = None        # the composition of a deck being shuffled is not public
        return _jsonable({
            "stack": self.stack, "turn": self.turn, "ask": ask,
            "ret": list(self.ret) if isinstance(self.ret, tuple) else self.ret,
            "serial": self.serial, "decisions": self.decisions, "time_idx": self.time_idx,
            "solo_time": None if self.solo_die else self.solo_time,
            "heroes": [{"turns": p.turns, "met": p.met, "effects": p.effects}
                       for p in self.players]})

    def decision(self) -> dict | None:
        """Who decides now and what is asked (the options themselves are the view's legal)."""
        if self.outcome is not None or self.ask is None:
            return None
        frame = self.stack[-1] if self.stack else {"op": "setup"}
        question = QUESTIONS.get((frame["op"], frame.get("stage")), QUESTIONS.get(frame["op"]))
        if self.ask[0] == "chance":
            return {"chance": self.ask[1], "question": question}
        return {"seat": self.ask[1], "question": question}

    def encounter_view(self) -> dict | None:
        """The card being resolved now, with the roll in progress (as shown at the table)."""
        card = next((f for f in reversed(self.stack) if f["op"] == "card"), None)
        if card is None:
            return None
        out = {"card": card["card"], "source": card["src"], "diff_bonus": card.get("bonus", 0)}
        roll = next((f for f in reversed(self.stack) if f["op"] == "challenge" and "diff" in f),
                    None)
        if roll is not None:
            out["challenge"] = {"ability": roll["ability"], "dice": roll["n"], "diff": roll["diff"]}
        effects = next((f for f in reversed(self.stack) if f["op"] == "effects"), None)
        if effects is not None and effects.get("sub") and effects["sub"][0] == "choose_one":
            out["choices"] = [kind for kind, _arg in effects["sub"][1]]
        return _jsonable(out)

    def snapshot(self) -> Any:
        data = self.table()
        data["engine"] = self.engine()
        data["solo_time_die"] = [self.solo_time, self.solo_die]
        data["decks"] = {d: list(self.decks[d]) for d in DECKS}
        data["removed"] = {d: list(self.removed[d]) for d in DECKS}
        data["known"] = {k: list(v) for k, v in self.known.items()}
        data["log"] = list(self.log)
        return _jsonable(data)

    def known_for(self, seat: int | None) -> dict:
        out = {}
        for key, cards in self.known.items():
            who = key.split(":")[0]
            if who == "all" or (seat is not None and who == str(seat)):
                out[key] = list(cards)
        return out

    def _view(self, seat: int | None) -> dict:
        data = _jsonable(self.table())
        data["decision"] = self.decision()
        data["encounter"] = self.encounter_view()
        data["known"] = self.known_for(seat)
        data["log"] = [e for e in self.log if "only" not in e or e["only"] == seat]
        data["resume"] = encode_resume(self.engine())
        return data


# What a pending decision asks, by engine step (shown to players and clients).
QUESTIONS = {
    "setup": "set-up", ("setup", "pick_char"): "choose your character",
    ("setup", "pick_quest"): "choose your quest", "turn": "start of the turn",
    "interact": "steal, beguile or trade", "move": "where to move",
    "meet": "meeting the tokens here", "encounter": "which encounter to have",
    "special": "the special location", "rescue": "rescue the Ally from Koshchey",
    "card": "the encounter card", "challenge": "the challenge roll",
    "effects": "the card's results", "token_moves": "where the Hut or Horseman goes",
    "reshuffle": "shuffling a card back",
}


def encode_resume(engine: dict) -> str:
    """The engine continuation as one opaque string (public facts only)."""
    raw = json.dumps(engine, separators=(",", ":"), sort_keys=True).encode()
    return base64.b64encode(zlib.compress(raw, 1)).decode("ascii")


def decode_resume(text: str) -> dict:
    return json.loads(zlib.decompress(base64.b64decode(text)))


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _restore_players(view: dict, engine: dict) -> list[Player]:
    players = []
    for hero, inner in zip(view["heroes"], engine["heroes"]):
        p = Player(hero["seat"])
        for name in ("char", "quest", "step", "done", "loc", "skip", "elim", "won_horseman"):
            setattr(p, name, hero[name])
        p.cards = list(hero["cards"])
        p.pending = list(hero["pending"])
        p.turns = inner["turns"]
        p.met = dict(inner["met"])
        p.effects = [list(e) for e in inner["effects"]]
        players.append(p)
    return players


def state_from_view(content: Content, config: Config, actions: list[str], index: dict,
                    view: dict, rng: random.Random) -> BabaYagaState:
    """A full state matching ``view``: the unseen deck orders and removed cards redrawn."""
    s = BabaYagaState(content, config, actions, index, fresh=False)
    engine = decode_resume(view["resume"])
    for name in BabaYagaState.TABLE:
        setattr(s, name, _copy(view[name]))
    for name in ("serial", "decisions", "time_idx", "solo_time"):
        setattr(s, name, _copy(engine[name]))
    if s.mode == "solo" and engine["solo_time"] is None:     # the face-down time die
        s.solo_die = rng.randint(1, 6)
        s.solo_time = content.rules["solo"]["time_die"][s.solo_die]
    else:
        s.solo_die = 0
    s.koshchey = list(view["koshchey"]) if view["koshchey"] else None
    s.players = [p for p in _restore_players(view, engine)]
    s.discard = {d: list(view["discard"][d]) for d in DECKS}
    s.in_deck = {d: list(view["in_deck"][d]) for d in DECKS}
    s.stack = _copy(engine["stack"])
    s.turn = _copy(engine["turn"])
    ask = engine["ask"]
    s.ask = tuple(ask) if ask else None
    s.ret = tuple(engine["ret"]) if isinstance(engine["ret"], list) else engine["ret"]
    s.outcome = _copy(view["outcome"])
    s.log = list(view["log"])
    s.known = {k: list(v) for k, v in view["known"].items()}
    seen: set[str] = set()
    for p in s.players:
        seen.update(p.cards)
        seen.update(p.pending)
    seen.update(s.box)
    seen.update(s.set_aside)
    seen.update(c for c, _ in s.reminder)
    if s.koshchey:
        seen.add(s.koshchey[0])
    for d in DECKS:
        seen.update(s.discard[d])
    for f in s.stack:
        for key in ("card", "drawn"):
            val = f.get(key)
            if isinstance(val, str):
                seen.add(val)
            elif isinstance(val, list):
                seen.update(val)
    s.decks, s.removed = {}, {}
    for d in DECKS:
        known_top: list[str] = []
        for key, cards in s.known.items():
            if key.endswith(":" + d):
                known_top = list(cards)
        surely_in = [c for c in s.in_deck[d] if c not in known_top]
        pool = [c for c in content.decks[d]
                if c not in seen and c not in known_top and c not in s.in_deck[d]]
        rng.shuffle(pool)
        fill = view["deck_sizes"][d] - len(known_top) - len(surely_in)
        hidden = surely_in + pool[:fill]
        rng.shuffle(hidden)
        s.decks[d] = hidden + list(reversed(known_top))
        s.removed[d] = pool[fill:fill + view["removed_count"][d]]
    if s.ask and s.ask[0] == "chance" and s.ask[1] == "shuffle":
        top = s.stack[-1]
        if top["op"] == "reshuffle":
            spec = {top["deck"]: sorted(s.decks[top["deck"]] + [top["card"]])}
        elif top["op"] == "turn":
            deck = top["reshuffling"]
            spec = {deck: sorted(s.discard[deck])}
        else:
            pulled = set(top.get("pulled", []))
            spec = {d: [c for c in content.decks[d] if c not in pulled] for d in DECKS}
        s.ask = ("chance", "shuffle", spec)
    return s


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value
