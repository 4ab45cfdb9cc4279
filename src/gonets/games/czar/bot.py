"""A heuristic bot that plays to win.

It rebuilds a possible world from its view (``Game.sample_world``: only what it may know, the
unseen drawn at random), tries every legal action on a copy and keeps the one whose position
scores best: its own message as high as possible and ready to leave (the arrows decide who
leaves a full inn), rivals' messages low and stuck, revised coins counted. In the classic
rubles phase it pushes its luck by expected value against the unseen coins, bolder when a
rival is close to paying.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from importlib import resources

from gonets.agents.base import Agent
from gonets.agents.ismcts import ISMCTSAgent
from gonets.games.czar import notation as A
from gonets.games.czar.rules import BONUS, DRAWN, OFFER, OVER, RUBLES, TURN, CzarState
from gonets.games.czar.rules.board import (
    COIN_BY_KEY,
    COIN_VALUE,
    INN_LEVEL,
    NJET,
    NUM_INNS,
    PALACE,
    TOP,
    coin_pool,
)

WIN = 1e6


def _readiness_of(empties: list[int], room: int) -> float:
    if len(empties) == 1:
        return 6.0 if room != (empties[0] + 3) & 3 else -3.0
    if len(empties) == 2:
        stays_if = (room + 1) & 3
        return 2.0 if stays_if not in empties else -0.5
    return 0.0


_READINESS = [[_readiness_of([r for r in range(4) if not taken >> r & 1], room)
               for room in range(4)] for taken in range(16)]
"""Readiness by the inn's taken rooms (bit r set: room r holds a courier) and the room."""


def readiness(state: CzarState, slot: int) -> float:
    """How soon the courier in ``slot`` is likely to leave its inn upwards (arrow rule): 6 if
    it leaves when the inn is next emptied, -3 if it stays, 2 or -0.5 with two rooms free."""
    rooms, base = state.rooms, slot & ~3
    taken = ((rooms[base] >= 0) | (rooms[base + 1] >= 0) << 1 | (rooms[base + 2] >= 0) << 2
             | (rooms[base + 3] >= 0) << 3)
    return _READINESS[taken][slot & 3]


def progress(state: CzarState, seat: int) -> float:
    """A score of how close ``seat`` is to winning."""
    revised = state.t.revised
    coins = state.coin_total(seat)
    if state.guard_of[seat] >= 0:
        price = state.price_of(seat)
        if revised:
            if coins >= price:
                return 400.0
            return 110.0 + 8.0 * coins - 2.0 * price
        return 110.0 + 6.0 * coins - 3.0 * price
    slot = state.msg[seat]
    scale = 2.0 if revised else 1.0
    score = 22.0 * INN_LEVEL[slot >> 2] + scale * readiness(state, slot)
    if revised:
        score += 2.5 * coins + 0.5 * len(state.coins[seat])
    return score


def position_score(state: CzarState, seat: int) -> float:
    """The heuristic bot's score of a position for ``seat`` (large when it has won)."""
    if state.phase == OVER:
        return WIN if state.winner == seat else -WIN
    mine = progress(state, seat)
    rivals = [progress(state, q) for q in range(state.n) if q != seat]
    return mine - 0.7 * max(rivals) - 0.1 * sum(rivals)


def worth_pushing(need: int, running: int, unseen: list[int], danger: float) -> bool:
    """Reveal another coin? ``need``: rubles still missing, ``running``: this turn's coins at
    stake, ``unseen``: the coins that may come, ``danger``: how close a rival is (0..1)."""
    if not unseen:
        return True
    njet = sum(1 for c in unseen if c == NJET) / len(unseen)
    values = [COIN_VALUE[c] for c in unseen if c != NJET]
    mean = sum(values) / len(values) if values else 0.0
    win_now = sum(1 for c in unseen if c != NJET and COIN_VALUE[c] >= need) / len(unseen)
    gain = (1 - njet) * mean + win_now * (need + 2.0) + danger * 2.0
    return gain > njet * running * 1.1


class HeuristicAgent(Agent):
    """One-ply search over complete actions with a hand-tuned position score."""

    name = "heuristic"

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        options = set(legal)
        if A.BRIBE in options:
            return A.BRIBE
        if A.EXTRA in options:
            return A.EXTRA
        if A.STOP in options:
            return A.REVEAL if self.push_luck(view) else A.STOP
        if A.REVEAL in options:
            return A.REVEAL
        world = self.game.sample_world(view, self.rng)
        assert isinstance(world, CzarState)
        best, best_score = legal[0], -float("inf")
        base = position_score(world, self.seat)
        for action in legal:
            if action == A.DRAW:
                score = base + self.draw_bonus(world)
            elif action == A.PASS or action == A.END:
                score = base
            else:
                trial = world.clone()
                trial.apply(action)
                score = position_score(trial, self.seat)
            score += self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = action, score
        return best

    def draw_bonus(self, world: CzarState) -> float:
        """Classic: drawing is a blind move, slightly worse than a placement that changes
        nothing (a bonus for drawing cost about 8 points of win rate). Revised: couriers left
        behind earn coins, so a fuller display is worth a little."""
        if world.t.revised:
            return 1.5 if not world.display[self.seat] else 0.5
        return -1.0

    def push_luck(self, view: dict) -> bool:
        """Reveal another coin in the classic rubles action?"""
        me = view["seats"][self.seat]
        price = me["message"]["price"]
        banked = me["coin_total"] or 0
        running = sum(COIN_VALUE[COIN_BY_KEY[c]] for c in view["running"])
        need = price - banked - running
        return worth_pushing(need, running, self.unseen_coins(view), self.rival_danger(view))

    def rival_danger(self, view: dict) -> float:
        """0..1: how close the nearest rival is to paying its guard."""
        worst = 0.0
        for info in view["seats"]:
            if info["seat"] == self.seat or not info["message"] or "guard" not in info["message"]:
                continue
            have = info["coin_total"] or 0
            gap = info["message"]["price"] - have
            worst = max(worst, 1.0 if gap <= 3 else 0.5)
        return worst

    @staticmethod
    def unseen_coins(view: dict) -> list[int]:
        unseen = coin_pool(view["options"]["coin_pool"])
        seen = list(view["removed"]) + list(view["running"])
        for info in view["seats"]:
            seen.extend(info["coins"] or [])
        for key in seen:
            unseen.remove(COIN_BY_KEY[key])
        return unseen


HARD_ITERATIONS = {2: 300, 3: 600, 4: 1000, 5: 1000}
"""Iterations of a ``hard`` decision by player count: a 2-player match has about 250
decisions and searching beats the heuristic with few iterations; at 4 players rivals' moves
make the tree wider and it needs more (docs/ai.md)."""
HARD_SECONDS = 1.0
"""The most a ``hard`` decision may take, whatever its iterations."""


class SearchAgent(ISMCTSAgent):
    """ISMCTS with this game's playout policy and evaluation, its iterations set by the
    player count (:data:`HARD_ITERATIONS`) and capped at :data:`HARD_SECONDS`: the ``hard``
    level."""

    name = "search"

    def __init__(self, game, config, seat, rng):
        super().__init__(game, config, seat, rng, iterations=HARD_ITERATIONS[config.players],
                         seconds=HARD_SECONDS)


AGENTS = {"heuristic": HeuristicAgent, "search": SearchAgent}
"""The bots of this game by name (``Game.agents``)."""

LEVELS = {"hard": {"agent": "search"}}
"""The ``hard`` level is :class:`SearchAgent` (gonets.agents.levels)."""


# -- what search knows of the game (ISMCTS hooks, core/game.py) -------------------------------

FEATURES = ("level", "readiness", "delivered", "first", "first_late", "coins", "gap",
            "coin_count", "to_move")
"""What :func:`evaluate` weighs for each seat (see :func:`features`)."""


def features(state: CzarState, seat: int) -> list[float]:
    """The numbers :func:`evaluate` weighs for ``seat``: its message's height (4 once with a
    guard) and readiness to leave, delivered, first at a guard (the tie-break) and that again
    scaled by how far the coin pile is spent, coins by face value, the rubles still missing at
    its guard, coins held, and whether it moves next."""
    slot = state.msg[seat]
    coins = state.coin_total(seat)
    first = 1.0 if state.delivered and state.delivered[0] == seat else 0.0
    spent = 1.0 - len(state.pile) / len(state.t.pool)
    if state.guard_of[seat] >= 0:
        level, ready, delivered = TOP + 1.0, 0.0, 1.0
        gap = float(max(state.price_of(seat) - coins, 0))
    elif slot >= 0:
        level, ready, delivered, gap = float(INN_LEVEL[slot >> 2]), readiness(state, slot), 0.0, 0.0
    else:                       # setup: no message placed yet
        level = ready = delivered = gap = 0.0
    return [level, ready, delivered, first, first * spent, float(coins), gap,
            float(len(state.coins[seat])), 1.0 if state.active == seat else 0.0]


_SEARCH = json.loads(resources.files("gonets.games.czar").joinpath("data", "search.json")
                     .read_text("utf-8"))
_WEIGHTS = {(rules == "revised", int(players)): weights
            for rules, by_count in _SEARCH["weights"].items()
            for players, weights in by_count.items()}

ROLLOUT_ROUNDS = 1
"""A playout stops after this many rounds of turns (every seat one more turn) and is scored
by :func:`evaluate`."""
EXPLORE = 0.1
"""How often the playout policy plays a random legal move instead of its greedy choice."""
RIVAL = 0.8
"""How much a rival's message moving up costs the playout mover, against its own."""
READY_SCALE = 10.0
"""Readiness points (:func:`readiness`) worth one level to the playout policy."""
PLACE_BASE, DRAW_BASE = 0.02, -0.05
"""What the playout policy sees in a placement that changes no readiness, and in a draw."""


def evaluate(state: CzarState) -> list[float]:
    """Each seat's chance of winning: a soft maximum of the fitted utilities
    ``weights . features(seat)`` (weights per ruble rules and player count, in
    ``data/search.json``); a finished match gives the winner 1."""
    n = state.n
    if state.phase == OVER:
        return [1.0 if s == state.winner else 0.0 for s in range(n)]
    weights = _WEIGHTS[state.t.revised, n]
    utility = [sum(w * f for w, f in zip(weights, features(state, s))) for s in range(n)]
    top = max(utility)
    shares = [math.exp(u - top) for u in utility]
    total = sum(shares)
    return [x / total for x in shares]


def rollout_done(start: CzarState, state: CzarState, moves: int) -> bool:
    """A playout stops once every seat has had :data:`ROLLOUT_ROUNDS` more turns."""
    return state.turns - start.turns >= ROLLOUT_ROUNDS * state.n


def rollout_action(state: CzarState, rng: random.Random) -> int:
    """A cheap version of the heuristic for playouts in a sampled world: no copies, no views;
    travels scored by how far they carry messages (own up, rivals' not), placements by whose
    message a filled inn would send off, the classic rubles pushed by the same odds."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == RUBLES:
        return A.REVEAL if _rollout_push(state) else A.STOP
    if phase == BONUS:
        return A.BRIBE if A.BRIBE in legal else A.REVEAL if A.REVEAL in legal else A.END
    if phase == OFFER:
        return A.EXTRA
    if phase not in (TURN, DRAWN) or rng.random() < EXPLORE:
        return legal[rng.randrange(len(legal))]
    if legal[-1] == A.BRIBE:
        return A.BRIBE
    me = state.active
    carriers = {slot: seat for seat, slot in enumerate(state.msg) if slot >= 0}
    best, best_score = legal[0], -math.inf
    for action in legal:
        if action >= A.PLACE_COLOUR:
            code, inn = divmod(action - A.PLACE_COLOUR, NUM_INNS)
            score = _fill_score(state, inn, code & 3, me, carriers)
        elif action >= A.TRAVEL:
            score = _travel_score(state, action, me, carriers)
        elif action >= A.MESSAGE:
            slot = action - A.MESSAGE
            score = (readiness(state, slot) - readiness(state, state.msg[me])) / READY_SCALE
        elif action >= A.PLACE:
            kind, inn = divmod(action - A.PLACE, NUM_INNS)
            score = _fill_score(state, inn, kind, me, carriers)
        else:
            score = DRAW_BASE if action == A.DRAW else 0.0
        score += rng.random() * 0.1
        if score > best_score:
            best, best_score = action, score
    return best


def _taken(rooms: list[int], base: int) -> int:
    """The taken rooms of the inn whose first room is ``base``, as bits."""
    return ((rooms[base] >= 0) | (rooms[base + 1] >= 0) << 1 | (rooms[base + 2] >= 0) << 2
            | (rooms[base + 3] >= 0) << 3)


def _travel_score(state: CzarState, action: int, me: int, carriers: dict[int, int]) -> float:
    """Levels gained by one's own message in this travel, less :data:`RIVAL` times those
    gained by rivals' messages (the palace counts as the level above the grassland), with
    the readiness changes of every message in the inns left and entered."""
    rest, dest2 = divmod(action - A.TRAVEL, A.DESTS)
    rest, dest1 = divmod(rest, A.DESTS)
    inn, k = divmod(rest, 8)
    first = k >> 1
    second = (first + 1) & 3 if not k & 1 else (first - 1) & 3
    rooms, base, level = state.rooms, inn * 4, INN_LEVEL[inn]
    score = 0.05
    if carriers:
        stay = base + ((second + 1) & 3 if second == (first + 1) & 3 else (first + 1) & 3)
        carrier = carriers.get(stay, -1)
        if carrier >= 0:                # the stayer is alone afterwards: readiness 0
            gain = -readiness(state, stay) / READY_SCALE
            score += gain if carrier == me else -RIVAL * gain
        for kind, dest in ((first, dest1), (second, dest2)):
            carrier = carriers.get(base + kind, -1)
            if dest == PALACE:
                if carrier >= 0:
                    gain = TOP + 1.0 - level - readiness(state, base + kind) / READY_SCALE
                    score += gain if carrier == me else -RIVAL * gain
                continue
            into = dest * 4
            taken = _taken(rooms, into)
            now, then = _READINESS[taken], _READINESS[taken | 1 << kind]
            if carrier >= 0:
                gain = (INN_LEVEL[dest] - level
                        + (then[kind] - readiness(state, base + kind)) / READY_SCALE)
                score += gain if carrier == me else -RIVAL * gain
            for room in range(4):
                there = carriers.get(into + room, -1)
                if there >= 0:
                    gain = (then[room] - now[room]) / READY_SCALE
                    score += gain if there == me else -RIVAL * gain
    return score


def _fill_score(state: CzarState, inn: int, kind: int, me: int,
                carriers: dict[int, int]) -> float:
    """How a new courier in ``inn`` changes the readiness (:func:`readiness`) of the messages
    there, one's own counted up and rivals' down; a full inn sends its early risers off next."""
    rooms, base = state.rooms, inn * 4
    score = PLACE_BASE
    for slot in range(base, base + 4):
        carrier = carriers.get(slot, -1)
        if carrier >= 0:
            before = readiness(state, slot)
            rooms[base + kind] = 0
            change = (readiness(state, slot) - before) / READY_SCALE
            rooms[base + kind] = -1
            score += change if carrier == me else -RIVAL * change
    return score


def _rollout_push(state: CzarState) -> bool:
    """The classic push-your-luck decision of the playout: the heuristic's odds, read from
    the sampled world (in classic every coin is face up, so what the pile holds is public)."""
    me = state.active
    running = sum(COIN_VALUE[c] for c in state.running)
    need = state.price_of(me) - state.coin_total(me) - running
    danger = 0.0
    for seat in range(state.n):
        if seat != me and state.guard_of[seat] >= 0:
            gap = state.price_of(seat) - state.coin_total(seat)
            danger = max(danger, 1.0 if gap <= 3 else 0.5)
    return worth_pushing(need, running, state.pile, danger)
