"""``sample_world``: full states a seat cannot tell from the real one, dealt from its view."""

from __future__ import annotations

import random
import threading
from collections import Counter

from gonets.core.game import CHANCE, TERMINAL
from gonets.games.loveletter.notation import NONE
from gonets.games.loveletter.rules import LoveLetterState
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules.encoding import CAUSE_SHIFT, CAUSES, CHANCELLOR, PHASES, PLAY
from gonets.games.loveletter.views.knowledge import Knowledge
from gonets.games.loveletter.views.seen import entry_from_dict

_WORLDS: dict[int, World] = {}
_WORLDS_KEPT = 8
_WORLDS_LOCK = threading.Lock()


def sample_world(game, view: dict, rng: random.Random):
    """A full state consistent with ``view`` and its seat's knowledge; the rest at random.

    A search asks this thousands of times for the same view: everything that does not depend
    on ``rng`` (the configuration, the public position, the log, the viewer's knowledge and
    the unseen cards) is read once per view and kept for the last few views, so a call only
    copies that position and deals the hidden cards. A view must not be changed in place
    once given here (a replaced entry or a longer log is noticed and read again).
    """
    world = _WORLDS.get(id(view))
    if world is None or world.view is not view or world.game is not game or \
            world.fingerprint != _fingerprint(view):
        world = World(game, view)
        with _WORLDS_LOCK:
            _WORLDS.pop(id(view), None)
            while len(_WORLDS) >= _WORLDS_KEPT:
                _WORLDS.pop(next(iter(_WORLDS)))
            _WORLDS[id(view)] = world
    return world.sample(rng)


def sampler(game, view: dict):
    """``sample_world`` of one view as a function of the generator, for a caller that keeps
    the view unchanged while it samples (a search): the view is read once, here."""
    return World(game, view).sample


def _fingerprint(view: dict) -> tuple:
    return (*map(id, view.values()), len(view["log"]))


class World:
    """What one view fixes: the public position as a state, and the hidden slots to deal."""

    __slots__ = ("base", "bottom", "fingerprint", "free", "game", "left", "order", "seat",
                 "size", "slots", "view", "weights")

    def __init__(self, game, view: dict):
        self.game, self.view, self.fingerprint = game, view, _fingerprint(view)
        self.base = _public_state(game, view)
        self.slots: list[tuple[str, int, set[int] | None]] | None = None
        state = self.base
        if state.phase in (PLAY, CHANCELLOR) or PHASES[state.phase] == "redraw":
            self._read_hidden(view)

    def _read_hidden(self, view: dict) -> None:
        """The viewer's own cards (given to the base state), the slots of every other hidden
        card (hands, extra cards, the set-aside card) with what each may be, the unseen cards,
        and the known places of Chancellor cards in the draw pile."""
        state = self.base
        seat = self.seat = view["seat"]
        deck = state.rules.deck
        know = Knowledge(deck, state.n, seat, state.rules.countess_triggers).read(view["log"])
        pool = Counter(deck.cards)
        seen = [C.INDEX[k] for k in view["face_up"] + view["burned"]]
        seen += [C.INDEX[d["card"]] for s in view["seats"] for d in s["discards"]]
        own = [C.INDEX[k] for k in (view["hand"] or [])]
        pool.subtract(seen + own)
        slots: list[tuple[str, int, set[int] | None]] = []
        for s in view["seats"]:
            q = s["seat"]
            if q == seat or not s["in_round"]:
                continue
            slots.append(("hand", q, know.possible[q]))
            slots += [("extra", q, None)] * (s["hand_size"] - 1)
        if view["spare"]:
            slots.append(("spare", NONE, know.spare))
        size = self.size = view["deck_size"]
        bottom = {distance: card for card, distance in know.bottom if distance < size}
        for card in bottom.values():
            pool[card] -= 1
        if any(count < 0 for count in pool.values()):   # stale knowledge: forget it (widen)
            pool = Counter(deck.cards)
            pool.subtract(seen + own)
            bottom = {}
            slots = [(k, q, None) for k, q, _ in slots]
        self.slots, self.bottom = slots, bottom
        self.weights = [know.hand_weights(q, state.rules) if kind == "hand" else None
                        for kind, q, _ in slots]
        self.left = list(pool.elements())
        self.free = all(allowed is None for _, _, allowed in slots) and \
            len(self.left) >= len(slots) and not any(self.weights)
        self.order = sorted(range(len(slots)), key=lambda i: (
            slots[i][2] is None, self.weights[i] is None, len(slots[i][2] or ())))
        if seat is not None and own:                     # the viewer's cards are no secret
            state.hands[seat] = own[0]
            if seat == state.turn:
                if state.phase == PLAY:
                    state.drawn = own[1] if len(own) > 1 else NONE
                elif state.phase == CHANCELLOR:
                    state.extra = own[1:]

    def sample(self, rng: random.Random):
        """One world: a copy of the public position with the hidden cards dealt by ``rng``."""
        state = self.base.clone()
        if self.slots is not None:
            self._deal(state, rng)
            base = self.base
            if base._legal is None and state.cur == self.seat:
                # the viewer decides: its legal actions are the same in every world
                base._legal = state._legal_pair()
        return state

    def _deal(self, state, rng: random.Random) -> None:
        slots = self.slots
        uniform = rng.random
        if self.free:                      # no slot is narrowed: one shuffle deals them all
            rest = self.left[:]
            rest.sort(key=lambda _: uniform())   # independent uniform keys: a fair shuffle
            count = len(slots)
            chosen, rest = rest[:count], rest[count:]
        else:
            chosen, rest = _deal_weighted(slots, self.order, self.left, rng, self.weights)
            rest.sort(key=lambda _: uniform())
        turn = state.turn
        mine = []
        hands = state.hands
        for (kind, q, _), card in zip(slots, chosen):
            if kind == "hand":
                hands[q] = card
            elif kind == "extra":
                if q == turn:
                    mine.append(card)
            else:
                state.spare = card
        if mine:                           # the cards of a rival who is choosing
            if state.phase == PLAY:
                state.drawn = mine[0]
            elif state.phase == CHANCELLOR:
                state.extra = mine
        # draw pile: top is the end of the list; known Chancellor cards at their places
        size, bottom = self.size, self.bottom
        if not bottom and len(rest) >= size:
            state.deck = rest[len(rest) - size:][::-1]
        else:
            state.deck = [bottom[distance] if distance in bottom else rest.pop()
                          for distance in range(size)]


def _public_state(game, view: dict):
    """A state holding everything public in ``view`` (hidden cards not dealt yet)."""
    config = game.configure(view["players"], view["preset"], view["options"])
    state = LoveLetterState(config)
    state.phase = PHASES.index(view["phase"]) if view["phase"] != "deal" else \
        (0 if view["starter"] is not None else 1)
    state.round = view["round"]
    state.starter = NONE if view["starter"] is None else view["starter"]
    state.turn = NONE if view["turn"] is None else view["turn"]
    state.cur = (TERMINAL if view["terminal"] else
                 view["to_move"] if view["to_move"] is not None else CHANCE)
    state.tokens = [s["tokens"] for s in view["seats"]]
    state.alive = sum(1 << s["seat"] for s in view["seats"] if s["in_round"])
    state.prot = sum(1 << s["seat"] for s in view["seats"] if s["protected"])
    state.mark = NONE if view["sycophant"] is None else view["sycophant"]
    if view["jester"]:
        state.jester_by, state.jester_on = view["jester"]["by"], view["jester"]["on"]
    state.discards = [[C.INDEX[d["card"]] | CAUSES.index(d["cause"]) << CAUSE_SHIFT
                       for d in s["discards"]] for s in view["seats"]]
    state.face_up = [C.INDEX[k] for k in view["face_up"]]
    state.burned = [C.INDEX[k] for k in view["burned"]]
    if view["terminal"]:
        state.winners = list(view["result"]["winners"])
    node = None
    seat = view["seat"]
    for event in view["log"]:
        node = (*entry_from_dict(event, seat), node)
    state.log = node
    state.rounds_done = sum(1 for e in view["log"] if e["e"] == "round_end")
    state.played = sum(1 for e in view["log"] if e["e"] == "play")
    return state


def _assign(slots, order: list[int], pool: list[int], rng: random.Random,
            weights: list) -> tuple[list[int], list[int]]:
    """One card per slot from ``pool`` (a list grouped by card) respecting each slot's
    allowed set, in ``order``, each card of the pool drawn in proportion to the slot's
    ``weights`` where it has some; the cards chosen by slot and the cards left, in pool
    order."""
    for attempt in range(200):
        left = pool[:]
        chosen = [NONE] * len(slots)
        for i in order:
            allowed = slots[i][2] if attempt < 199 else None
            options = left if allowed is None else [c for c in left if c in allowed]
            if not options:
                break
            card = options[rng.randrange(len(options))] if weights[i] is None else \
                _weighted(options, weights[i], rng)
            chosen[i] = card
            left.remove(card)
        else:
            return chosen, left
    raise AssertionError("could not deal the hidden cards")


REJECTION_TRIES = 8
"""Uniform deals tried before several weighted hands are drawn one after another."""


def _deal_weighted(slots, order: list[int], pool: list[int], rng: random.Random,
                   weights: list) -> tuple[list[int], list[int]]:
    """:func:`_assign` in proportion to the product of the slots' weights. One weighted hand
    is drawn by its weights; with several, a uniform deal is kept with the product as its
    chance (the weights are at most 1), so no seat takes the likely cards first; after
    ``REJECTION_TRIES`` refused deals the hands are drawn by their weights one after another,
    in an order shuffled for each world (near, not exact)."""
    weighted = [i for i in order if weights[i] is not None]
    if len(weighted) < 2:
        return _assign(slots, order, pool, rng, weights)
    uniform = [None] * len(slots)
    for _ in range(REJECTION_TRIES):
        chosen, left = _assign(slots, order, pool, rng, uniform)
        chance = 1.0
        for i in weighted:
            chance *= weights[i][chosen[i]]
        if rng.random() < chance:
            return chosen, left
    narrowed = [i for i in order if slots[i][2] is not None]
    hinted = [i for i in weighted if slots[i][2] is None]
    rng.shuffle(hinted)
    rest = [i for i in order if slots[i][2] is None and weights[i] is None]
    return _assign(slots, narrowed + hinted + rest, pool, rng, weights)


def _weighted(options: list[int], weights: list[float], rng: random.Random) -> int:
    """A card of ``options`` drawn in proportion to its ``weights``."""
    pick = rng.random() * sum(weights[c] for c in options)
    for card in options:
        pick -= weights[card]
        if pick < 0:
            return card
    return options[-1]
