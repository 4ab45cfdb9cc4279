"""Baba Yaga: the observation of one seat, read from its view.

Vocabularies come from the game's content files (``board.yaml`` locations, the card files,
``characters.yaml``, ``quests.yaml``). The view's opaque ``resume`` string (the engine frames
``sample_world`` rebuilds a state from) is never read: everything encoded is a plain field of
the table the seat sees.
"""

from __future__ import annotations

import numpy as np

from gonets.core.game import Game
from gonets.core.options import Config
from gonets.rl.chance import Dice, Draws, Pick, Plan, single
from gonets.rl.data import game_data
from gonets.rl.encoding import Encoder, Vocab, relative, seat_blocks

TOKENS = ("wolves", "solovey", "horseman", "hut", "baba_yaga")
TIMES = Vocab(["dawn", "noon", "night"])
ABILITIES = Vocab(["move", "fight", "cunning"])
DECKS = ("wilderness", "town")
CARD_FILES = ("wilderness.yaml", "town.yaml", "elements.yaml")
SOURCES = Vocab(["deck", "quest", "pending", "discard", "token"])
MAX_STEPS = 6


class BabaYagaEncoder(Encoder):
    """The flat observation of a Baba Yaga seat (docs/rl.md lists every block)."""

    game = "babayaga"

    def build(self, game: Game, config: Config) -> None:
        self.locations = Vocab(loc["id"] for loc in game_data("babayaga", "board.yaml")
                               ["locations"])
        self.cards = Vocab(card["id"] for name in CARD_FILES
                           for card in game_data("babayaga", name))
        self.characters = Vocab(c["id"] for c in game_data("babayaga", "characters.yaml"))
        self.quests = Vocab(q["id"] for q in game_data("babayaga", "quests.yaml"))
        self.max_rounds = float(config.options.get("max_rounds") or 300)
        n, lay = config.players, self.layout
        loc, cards = len(self.locations), len(self.cards)
        self.o_table = lay.add("table", 6 + len(TIMES), "round/max rounds, reshuffled, Koshchey "
                               "used, decision is a random event, decision is a seat's, game "
                               "over; time of day one-hot (dawn, noon, night)")
        self.o_tokens = lay.add("tokens", len(TOKENS) * loc, "per element token ("
                                + ", ".join(TOKENS) + "): its location one-hot")
        self.o_decks = lay.add("decks", 4, "wilderness and town deck sizes / 40, cards removed "
                               "from each / 20")
        self.o_piles = lay.add("piles", 5 * cards, "multi-hot over every card: wilderness and "
                               "town discards, cards known in the decks, set aside, in the box, "
                               "known to the viewer (peeks)")
        self.o_encounter = lay.add("encounter", cards + 2 + len(SOURCES) + len(ABILITIES) + 3,
                                   "the card being resolved (one-hot), it is a quest step, any "
                                   "encounter; its source one-hot; the challenge ability "
                                   "one-hot, dice/6, difficulty/12, difficulty bonus/6")
        self.hero_size = (len(self.characters) + len(self.quests) + 9 + loc + cards)
        self.o_seats = seat_blocks(lay, n, "hero", self.hero_size,
                                   "character one-hot, quest one-hot, quest step/6, done, "
                                   "eliminated, face down, turns to skip/3, won the Horseman, "
                                   "active, reputation/10, effects/5; location "
                                   "one-hot; cards held (multi-hot)")

    def write(self, out: np.ndarray, view: dict, memo: dict | None) -> None:
        me, n = view["seat"], self.players
        loc = self.locations.index
        o = self.o_table
        out[o] = view["round"] / self.max_rounds
        out[o + 1] = float(bool(view.get("reshuffled")))
        out[o + 2] = float(bool(view.get("koshchey_used")))
        decision = view.get("decision") or {}
        out[o + 3] = float("chance" in decision)
        out[o + 4] = float("seat" in decision)
        out[o + 5] = float(bool(view.get("terminal")))
        time = TIMES.index.get(view.get("time"))
        if time is not None:
            out[o + 6 + time] = 1.0
        for t, token in enumerate(TOKENS):
            where = loc.get((view.get("tokens") or {}).get(token))
            if where is not None:
                out[self.o_tokens + t * len(loc) + where] = 1.0
        o = self.o_decks
        for d, deck in enumerate(DECKS):
            out[o + d] = view["deck_sizes"].get(deck, 0) / 40.0
            out[o + 2 + d] = view["removed_count"].get(deck, 0) / 20.0
        self._write_piles(out, view)
        self._write_encounter(out, view.get("encounter"))
        rep = view.get("rep") or []
        for hero in view["heroes"]:
            seat = hero["seat"]
            self._write_hero(out, self.o_seats[relative(seat, me, n)], hero,
                             rep[seat] if seat < len(rep) else 0, seat == view.get("active"))

    def _write_piles(self, out: np.ndarray, view: dict) -> None:
        cards, size = self.cards.index, len(self.cards)
        known = [c for group in (view.get("known") or {}).values() for c in group]
        in_deck = [c for deck in DECKS for c in (view.get("in_deck") or {}).get(deck, ())]
        groups = (view["discard"].get("wilderness", ()), view["discard"].get("town", ()),
                  in_deck, view.get("set_aside") or (), list(view.get("box") or ()) + known)
        for g, group in enumerate(groups):
            base = self.o_piles + g * size
            for card in group:
                i = cards.get(card if isinstance(card, str) else None)
                if i is not None:
                    out[base + i] = 1.0

    def _write_encounter(self, out: np.ndarray, encounter: dict | None) -> None:
        if not encounter:
            return
        o, cards = self.o_encounter, self.cards
        card = encounter.get("card")
        i = cards.index.get(card)
        if i is not None:
            out[o + i] = 1.0
        o += len(cards)
        out[o] = float(isinstance(card, str) and card.startswith("Q:"))
        out[o + 1] = 1.0
        source = SOURCES.index.get(encounter.get("source"))
        if source is not None:
            out[o + 2 + source] = 1.0
        o += 2 + len(SOURCES)
        challenge = encounter.get("challenge")
        if challenge:
            ability = ABILITIES.index.get(challenge.get("ability"))
            if ability is not None:
                out[o + ability] = 1.0
            out[o + 3] = challenge.get("dice", 0) / 6.0
            out[o + 4] = challenge.get("diff", 0) / 12.0
        out[o + 5] = (encounter.get("diff_bonus") or 0) / 6.0

    def _write_hero(self, out: np.ndarray, base: int, hero: dict, rep: int,
                    active: bool) -> None:
        chars, quests = self.characters, self.quests
        i = chars.index.get(hero.get("char"))
        if i is not None:
            out[base + i] = 1.0
        o = base + len(chars)
        i = quests.index.get(hero.get("quest"))
        if i is not None:
            out[o + i] = 1.0
        o += len(quests)
        out[o] = (hero.get("step") or 0) / MAX_STEPS
        flags = (hero.get("done"), hero.get("elim"), hero.get("face_down"))
        for j, flag in enumerate(flags):
            out[o + 1 + j] = float(bool(flag))
        out[o + 4] = (hero.get("skip") or 0) / 3.0
        out[o + 5] = float(bool(hero.get("won_horseman")))
        out[o + 6] = float(active)
        out[o + 7] = rep / 10.0
        out[o + 8] = len(hero.get("effects") or ()) / 5.0
        o += 9
        where = self.locations.index.get(hero.get("loc"))
        if where is not None:
            out[o + where] = 1.0
        o += len(self.locations)
        for card in hero.get("cards") or ():
            i = self.cards.index.get(card)
            if i is not None:
                out[o + i] = 1.0


def _pending_event(state) -> tuple[str, object]:
    """The kind and the spec of the pending random event: the one read of a Baba Yaga engine
    attribute (``ask = ("chance", kind, spec)``), since a view names the kind but not the
    options of a random pick."""
    ask = getattr(state, "ask", None)
    if not ask or ask[0] != "chance":
        raise ValueError("no Baba Yaga random event is pending (or the engine's 'ask' moved)")
    return ask[1], ask[2]


def chance_plan(state) -> Plan:
    """The pending random event as explicit chance nodes: dice one die at a time, a shuffle
    card by card (each deck in turn), a random pick uniformly, the deal as characters and
    quests drawn without replacement and a uniform first seat."""
    kind, spec = _pending_event(state)
    n = state.config.players
    if kind == "dice":
        return single(Dice(spec, label="die"))
    if kind == "die":
        return single(Dice(1, label="die"), scalar=True)
    if kind == "pick":
        return single(Pick(list(spec), label="pick"), scalar=True)
    if kind == "shuffle":
        decks = list(spec)
        return Plan([Draws(list(spec[d]), label=d) for d in decks],
                    lambda drawn: dict(zip(decks, drawn)))
    if kind == "deal":
        chars = [c["id"] for c in game_data("babayaga", "characters.yaml")]
        quests = [q["id"] for q in game_data("babayaga", "quests.yaml")]
        parts = [] if spec else [Draws(chars, n, label="character")]
        parts += [Draws(quests, n, label="quest"), Pick(list(range(n)), label="first")]

        def assemble(drawn: list[list]) -> dict:
            chosen = list(spec) if spec else drawn[0]
            return {"characters": chosen, "quests": drawn[-2], "first": drawn[-1][0]}
        return Plan(parts, assemble)
    raise ValueError(f"unknown Baba Yaga random event {kind!r}")


def max_chance_outcomes(config: Config) -> int:
    """A bound on the outcomes of one chance node: the largest of the card, location,
    character and quest lists, the die and the seats."""
    lists = [game_data("babayaga", name) for name in CARD_FILES]
    return max([len(x) for x in lists] + [len(game_data("babayaga", "board.yaml")["locations"]),
                len(game_data("babayaga", "characters.yaml")), 6, config.players])
