"""What a seat sees: ``build_view`` (the one place of redaction) and ``sample_world``.

A view shows the table, ``decision`` (who decides, what is asked) and ``encounter`` (the card and
roll in progress); the frames themselves travel only inside the view's opaque ``resume`` string,
built from public facts only, which ``sample_world`` decodes to rebuild the state around redrawn
deck orders.
"""

from __future__ import annotations

import base64
import json
import random
import threading
import zlib

from gonets.core.game import Game
from gonets.core.options import Config
from gonets.games.babayaga.notation import action_table
from gonets.games.babayaga.rules import BabaYagaState, Player
from gonets.games.babayaga.rules.content import Content, pack_content
from gonets.games.babayaga.rules.hero import DECKS, copy_data, jsonable

TABLE = ("mode", "round", "active", "first", "opener", "by_beaten", "by_defeater",
         "reshuffled", "koshchey_used", "koshchey", "koshchey_bonus", "box", "set_aside",
         "reminder", "tokens")
"""State fields everybody sees as they are."""


def table(state: BabaYagaState) -> dict:
    """What everybody sees at the table (no deck order, no engine bookkeeping)."""
    data = {name: copy_data(getattr(state, name)) for name in TABLE}
    data["time"] = state.shown_time()
    data["heroes"] = [hero_view(p) for p in state.players]
    data["rep"] = [state.rep(p) for p in state.players]
    data["deck_sizes"] = {d: len(state.decks[d]) for d in DECKS}
    data["removed_count"] = {d: len(state.removed[d]) for d in DECKS}
    data["in_deck"] = {d: list(state.in_deck[d]) for d in DECKS}
    data["discard"] = {d: list(state.discard[d]) for d in DECKS}
    data["outcome"] = copy_data(state.outcome)
    return data

def hero_view(p: Player) -> dict:
    """One character as seen at the table; lingering effects as reminders."""
    return {"seat": p.seat, "char": p.char, "quest": p.quest, "step": p.step,
            "done": p.done, "loc": p.loc, "cards": list(p.cards), "pending": list(p.pending),
            "face_down": p.skip > 0, "skip": p.skip, "elim": p.elim,
            "won_horseman": p.won_horseman,
            "effects": [{"ability": ab, "amount": amount, "duration": dur, "source": src}
                        for ab, amount, dur, _turn, src in p.effects]}

def continuation(state: BabaYagaState) -> dict:
    """The continuation of the rules engine: public facts only, needed by sample_world."""
    ask = list(state.ask) if state.ask else None
    if ask and ask[0] == "chance" and ask[1] == "shuffle":
        ask[2] = None        # the composition of a deck being shuffled is not public
    return jsonable({
        "stack": state.stack, "turn": state.turn, "ask": ask,
        "ret": list(state.ret) if isinstance(state.ret, tuple) else state.ret,
        "serial": state.serial, "decisions": state.decisions, "time_idx": state.time_idx,
        "solo_time": None if state.solo_die else state.solo_time,
        "heroes": [{"turns": p.turns, "met": p.met, "effects": p.effects}
                   for p in state.players]})

def trade_offer(state: BabaYagaState) -> dict | None:
    """The co-operative exchange waiting for its partner's answer (public at the table: the
    Items offered and asked for), or None."""
    for frame in reversed(state.stack):
        draft = frame.get("draft")
        if frame.get("stage") == "consent" and draft:
            return {"from": state.active, "to": draft["to"],
                    "give": list(draft["give"]), "ask": list(draft["ask"])}
    return None


def decision(state: BabaYagaState) -> dict | None:
    """Who decides now and what is asked (the options themselves are the view's legal)."""
    if state.outcome is not None or state.ask is None:
        return None
    frame = state.stack[-1] if state.stack else {"op": "setup"}
    question = QUESTIONS.get((frame["op"], frame.get("stage")), QUESTIONS.get(frame["op"]))
    if state.ask[0] == "chance":
        return {"chance": state.ask[1], "question": question}
    return {"seat": state.ask[1], "question": question}

def encounter_view(state: BabaYagaState) -> dict | None:
    """The card being resolved now, with the roll in progress (as shown at the table)."""
    card = next((f for f in reversed(state.stack) if f["op"] == "card"), None)
    if card is None:
        return None
    out = {"card": card["card"], "source": card["src"], "diff_bonus": card.get("bonus", 0)}
    roll = next((f for f in reversed(state.stack) if f["op"] == "challenge" and "diff" in f),
                None)
    if roll is not None:
        out["challenge"] = {"ability": roll["ability"], "dice": roll["n"], "diff": roll["diff"]}
    effects = next((f for f in reversed(state.stack) if f["op"] == "effects"), None)
    if effects is not None and effects.get("sub") and effects["sub"][0] == "choose_one":
        out["choices"] = [kind for kind, _arg in effects["sub"][1]]
    return jsonable(out)

def known_for(state: BabaYagaState, seat: int | None) -> dict:
    """The peeked deck tops ``seat`` may know (public peeks and its own)."""
    out = {}
    for key, cards in state.known.items():
        who = key.split(":")[0]
        if who == "all" or (seat is not None and who == str(seat)):
            out[key] = list(cards)
    return out

def build_view(state: BabaYagaState, seat: int | None) -> dict:
    """What ``seat`` (None: a spectator) may know: the table, the seat's peeks, its log."""
    data = jsonable(table(state))
    data["decision"] = decision(state)
    offer = trade_offer(state)
    if offer:
        data["trade"] = offer
    data["encounter"] = encounter_view(state)
    data["known"] = known_for(state, seat)
    data["log"] = [e for e in state.log if "only" not in e or e["only"] == seat]
    data["resume"] = encode_resume(continuation(state))
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
    """The engine continuation from a view's ``resume`` string."""
    return json.loads(zlib.decompress(base64.b64decode(text)))




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


class _Template:
    """What one view fixes, read once: the public position and, per deck, the cards known on
    top, the cards surely in it and the unseen pool its hidden cards come from."""

    def __init__(self, content: Content, config: Config, actions: list[str], index: dict,
                 view: dict):
        self.content, self.config, self.actions, self.index = content, config, actions, index
        self.view = view
        self.fingerprint = _fingerprint(view)
        engine = decode_resume(view["resume"])
        self.table = {name: copy_data(view[name]) for name in TABLE}
        self.engine = {name: copy_data(engine[name])
                       for name in ("serial", "decisions", "time_idx", "solo_time")}
        self.players = _restore_players(view, engine)
        self.discard = {d: list(view["discard"][d]) for d in DECKS}
        self.in_deck = {d: list(view["in_deck"][d]) for d in DECKS}
        self.stack = copy_data(engine["stack"])
        self.turn = copy_data(engine["turn"])
        ask = engine["ask"]
        self.ask = tuple(ask) if ask else None
        self.ret = tuple(engine["ret"]) if isinstance(engine["ret"], list) else engine["ret"]
        self.outcome = copy_data(view["outcome"])
        self.log = list(view["log"])
        self.known = {k: list(v) for k, v in view["known"].items()}
        seen: set[str] = set()
        for p in self.players:
            seen.update(p.cards)
            seen.update(p.pending)
        seen.update(view["box"])
        seen.update(view["set_aside"])
        seen.update(c for c, _ in view["reminder"])
        if view["koshchey"]:
            seen.add(view["koshchey"][0])
        for d in DECKS:
            seen.update(self.discard[d])
        for f in self.stack:
            for key in ("card", "drawn"):
                val = f.get(key)
                if isinstance(val, str):
                    seen.add(val)
                elif isinstance(val, list):
                    seen.update(val)
        self.decks = {}
        for d in DECKS:
            known_top: list[str] = []
            for key, cards in self.known.items():
                if key.endswith(":" + d):
                    known_top = list(cards)
            surely_in = [c for c in self.in_deck[d] if c not in known_top]
            pool = [c for c in content.decks[d]
                    if c not in seen and c not in known_top and c not in self.in_deck[d]]
            fill = view["deck_sizes"][d] - len(known_top) - len(surely_in)
            self.decks[d] = (known_top[::-1], surely_in, pool, fill, view["removed_count"][d])

    def deal(self, rng: random.Random) -> BabaYagaState:
        """A full state of this view with the unseen deck orders (and the solo time die) drawn
        with ``rng``."""
        content = self.content
        s = BabaYagaState(content, self.config, self.actions, self.index, fresh=False)
        for name, value in self.table.items():
            setattr(s, name, copy_data(value))
        for name, value in self.engine.items():
            setattr(s, name, copy_data(value))
        if s.mode == "solo" and s.solo_time is None:     # the face-down time die
            s.solo_die = rng.randint(1, 6)
            s.solo_time = content.rules["solo"]["time_die"][s.solo_die]
        else:
            s.solo_die = 0
        s.players = [p.copy() for p in self.players]
        s.discard = {d: list(v) for d, v in self.discard.items()}
        s.in_deck = {d: list(v) for d, v in self.in_deck.items()}
        s.stack = copy_data(self.stack)
        s.turn = copy_data(self.turn)
        s.ask = self.ask
        s.ret = self.ret
        s.outcome = copy_data(self.outcome)
        s.log = list(self.log)
        s.known = {k: list(v) for k, v in self.known.items()}
        s.decks, s.removed = {}, {}
        for d, (top, surely_in, pool, fill, removed) in self.decks.items():
            pool = list(pool)
            rng.shuffle(pool)
            hidden = surely_in + pool[:fill]
            rng.shuffle(hidden)
            s.decks[d] = hidden + top
            s.removed[d] = pool[fill:fill + removed]
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


def _fingerprint(view: dict) -> tuple:
    return (*map(id, view.values()), len(view["log"]))


def state_from_view(content: Content, config: Config, actions: list[str], index: dict,
                    view: dict, rng: random.Random) -> BabaYagaState:
    """A full state matching ``view``: the unseen deck orders and removed cards redrawn."""
    return _Template(content, config, actions, index, view).deal(rng)


_TEMPLATES: dict[int, _Template] = {}
_TEMPLATES_KEPT = 8
_TEMPLATES_LOCK = threading.Lock()


def sample_world(game: Game, view: dict, rng: random.Random) -> BabaYagaState:
    """A full state consistent with ``view``, the unseen deck orders drawn with ``rng``.

    A search asks this thousands of times for one view: what does not depend on ``rng`` (the
    configuration, the decoded ``resume``, the public position, the unseen pools) is read once
    per view and kept for the last few views, so a call only copies it and deals the decks
    (the same worlds from the same draws as reading the view each time). A view must not be
    changed in place once given here (a replaced entry or a longer log is read again).
    """
    template = _TEMPLATES.get(id(view))
    if template is None or template.view is not view or \
            template.fingerprint != _fingerprint(view):
        config = game.configure(view["players"], view["preset"], view["options"])
        actions, index = action_table(config.players, config["pack"])
        template = _Template(pack_content(config["pack"]), config, actions, index, view)
        with _TEMPLATES_LOCK:
            _TEMPLATES.pop(id(view), None)
            while len(_TEMPLATES) >= _TEMPLATES_KEPT:
                _TEMPLATES.pop(next(iter(_TEMPLATES)))
            _TEMPLATES[id(view)] = template
    return template.deal(rng)
