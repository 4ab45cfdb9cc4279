"""A heuristic Carcassonne bot: greedy one-turn lookahead on immediate and expected score.

It sees only its view: it rebuilds a possible world from the view (``sample_world``: the hidden
pile order is drawn at random, which a one-turn lookahead never reads), tries every legal
placement with every follower choice on clones, and scores each result with
:func:`margin` (points banked and pending, the expected worth of the features each player
leads, the worth of followers still in supply). Figure choices aim at dark spaces on its own
turn; messages and message-8 targets are chosen by the same lookahead; chains always draw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from gonets.agents.base import Agent
from gonets.games.carcassonne.notation import FIGURE, FOLLOW, PASS
from gonets.games.carcassonne.rules import CarcassonneState
from gonets.games.carcassonne.rules.board import Board
from gonets.games.carcassonne.rules.phases import END, FIGURE_CHOICE, FOLLOWER, MESSAGE, PLACE
from gonets.games.carcassonne.rules.tiles import CITY, FIELD, MONASTERY, ROAD


def _completion_chance(open_edges: int) -> float:
    return 0.75 if open_edges <= 2 else 0.45 if open_edges <= 4 else 0.2


def feature_worth(state: CarcassonneState, board: Board, root: int) -> float:
    """Expected points of an incomplete feature for whoever leads it."""
    kind = board.kind[root]
    if kind == ROAD:
        return float(board.tile_count(root))
    if kind == CITY:
        value = board.tile_count(root) + board.arms_count(root)
        return value * (1 + _completion_chance(board.open[root]))
    if kind == MONASTERY:
        x, y = board.coords[board.node_tile[root]]
        present = board.neighbours_present(x, y)
        return 1 + present + 0.6 * (8 - present)
    done = len(board.completed_cities_bordering(root))
    bordering = set()
    mask = board.adj[root]
    while mask:
        low = mask & -mask
        bordering.add(board.find(low.bit_length() - 1))
        mask ^= low
    return 3.0 * done + 1.2 * (len(bordering) - done)


def expected_worth(state: CarcassonneState) -> list[float]:
    """Each player's expected final score: points banked and pending, the expected worth of
    the features the player leads, and the followers still in supply."""
    n = state.n
    worth = [float(sum(pair)) for pair in state.scores]
    for event in state.events[state.ev_i:]:
        worth[event["player"]] += event["points"]
    board = state.board
    roots: dict[int, list[int]] = {}
    for player, slots in enumerate(state.slots):
        for node in slots:
            if node >= 0:
                roots.setdefault(board.find(node), [0] * n)[player] += 1
    for root, counts in roots.items():
        best = max(counts)
        value = feature_worth(state, board, root)
        for player in range(n):
            if counts[player] == best:
                worth[player] += value
    left = len(state.pile) / 71.0
    for player in range(n):
        worth[player] += state.slots[player].count(-1) * (0.3 + 1.5 * left)
    return worth


def margin(state: CarcassonneState, seat: int) -> float:
    """My expected final score minus the best opponent's."""
    worth = expected_worth(state)
    return worth[seat] - max(worth[p] for p in range(state.n) if p != seat)


# -- what search learns from this room (Game.rollout_* / Game.evaluate) ---------------------------
WIN_SCALE = 12.0
"""Points of expected lead that make a win e (2.7) times likelier (the evaluation's softness)."""

TURNS = 1
"""Turn starts a playout plays through before it stops (:func:`rollout_done`)."""

PLACE_SAMPLES = 0
"""Placements a playout tries and compares by margin (0: one at random)."""


def rollout_action(state: CarcassonneState, rng: random.Random) -> int:
    """A playout's move in a sampled world, read from the state alone (no clones, no views):
    a random placement; the follower on the best-looking free feature of the tile just placed
    (a feature it completes at once first, fields only near the end, none while a single
    follower is left unless the feature completes); the heuristic's figure rule; messages
    used and chains drawn (the first option)."""
    legal = state.legal_actions()
    phase = state.phase
    if phase == PLACE:
        if PLACE_SAMPLES and len(legal) > 1:
            return _rollout_place(state, legal, rng)
        return legal[rng.randrange(len(legal))]
    if phase == FOLLOWER:
        return _rollout_follower(state, legal)
    if phase == FIGURE_CHOICE:
        return _figure_rule(state, state.events[state.ev_i]["player"])
    return legal[0]


def _rollout_place(state: CarcassonneState, legal: list[int], rng: random.Random) -> int:
    """The best of a few random placements, each followed by the follower rule, by the
    mover's margin."""
    seat = state.active
    best, best_value = legal[0], -math.inf
    for _ in range(PLACE_SAMPLES):
        action = legal[rng.randrange(len(legal))]
        trial = state.clone()
        trial.apply(action)
        if trial.phase == FOLLOWER and trial.active == seat:
            trial.apply(_rollout_follower(trial, trial.legal_actions()))
        value = margin(trial, seat)
        if value > best_value:
            best, best_value = action, value
    return best


def _rollout_follower(state: CarcassonneState, legal: list[int]) -> int:
    if len(legal) == 1:
        return legal[0]
    board = state.board
    base = board.base[state.placed]
    supply = state.slots[state.active].count(-1)
    late = len(state.pile) < 12
    best, best_value = PASS, 0.0
    for action in legal:
        if action == PASS:
            continue
        root = board.find(base + action - FOLLOW)
        kind = board.kind[root]
        if kind == FIELD:
            value = 1.0 + 3.0 * len(board.completed_cities_bordering(root)) if late else 0.0
        elif kind == MONASTERY:
            value = 5.0
        else:
            tiles = board.tile_count(root)
            value = tiles + (tiles + board.arms_count(root) if kind == CITY else 0)
            if board.open[root] == 0:
                value += 10.0          # scored and back at once
            elif supply <= 1:
                value = 0.0
        if value > best_value:
            best, best_value = action, value
    return best


def rollout_done(start: CarcassonneState, state: CarcassonneState, moves: int) -> bool:
    """A playout stops when the next turn starts (:data:`TURNS`): from a leaf inside the
    searcher's turn it finishes that turn (follower, figures, messages) and the expected worth
    of the map judges it; from a leaf at another player's turn it plays that turn out. Longer
    playouts with random placements made the search weaker (docs/ai.md)."""
    return state.turn - start.turn >= TURNS


def evaluate(state: CarcassonneState) -> list[float]:
    """Each seat's chance of winning from a position that is not over: a soft maximum of the
    expected final scores (:func:`expected_worth`); a finished match gives its winners equal
    shares."""
    if state.phase == END:
        winners = state.result().winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.n)]
    worth = expected_worth(state)
    best = max(worth)
    weights = [math.exp((w - best) / WIN_SCALE) for w in worth]
    total = sum(weights)
    return [w / total for w in weights]


def compiled_playout(config):
    """The search's playout in the compiled kernel (``agents.ismcts``): the sampled world is
    loaded into a one-slot batch, played by the kernel's :func:`rollout_action` to the stop of
    :func:`rollout_done` and scored as :func:`evaluate` scores it; None where the kernel does
    not play ``config`` or the playout compares placements (``PLACE_SAMPLES``), which the
    kernel's policy does not."""
    from gonets.core.kernel import kernel_or_none

    kernel = None if PLACE_SAMPLES else kernel_or_none(config)
    if kernel is None:
        return None
    batch = kernel.batch(1, 0)

    def playout(state, rng) -> list[float]:
        batch.rng[0] = rng.getrandbits(64)
        kernel.load(batch, 0, state)
        kernel.playout(batch, TURNS)
        return kernel.evaluate(batch)[0].tolist()

    return playout


def compiled_search(game, config, seat: int, exploration: float):
    """Whole search iterations in the compiled kernel (``agents.ismcts``): the hidden orders
    shuffled, the tree walked, the turn played out by :func:`rollout_action` to the stop of
    :func:`rollout_done` and scored as :func:`evaluate` scores it (``kernel/search.py``);
    None where :func:`compiled_playout` is."""
    from gonets.core.kernel import kernel_or_none
    from gonets.games.carcassonne.kernel.search import CompiledSearch

    kernel = None if PLACE_SAMPLES else kernel_or_none(config)
    return None if kernel is None else CompiledSearch(kernel, seat, exploration, TURNS)


def _figure_rule(state: CarcassonneState, seat: int) -> int:
    """Which figure takes the points of the pending event: one that lands on a dark space on
    the seat's own turn, else one left a short step below a dark space."""
    event = state.events[state.ev_i]
    scores = state.scores[seat]
    totals = [scores[f] + event["points"] for f in (0, 1)]
    if state.active == seat:
        dark = [f for f in (0, 1) if totals[f] % 5 == 0]
        if dark:
            return FIGURE + dark[0]
    return FIGURE + max((0, 1), key=lambda f: (totals[f] % 5, -f))


LEVELS = {"hard": {"agent": "ismcts", "iterations": 15000, "seconds": 1.0}}
"""Carcassonne's difficulty levels (the rest as in :mod:`gonets.agents.levels`): ``hard`` searches
15,000 iterations, whole in the compiled kernel about the time 1,500 took with the tree in
Python, and stronger for it (docs/ai.md); where the kernel does not play a configuration the
Python search takes about ten times as long."""


class HeuristicAgent(Agent):
    """Greedy on immediate and expected score, with sensible follower use."""

    name = "heuristic"

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        state = self.game.sample_world(view, self.rng)
        phase = state.phase
        if phase == FIGURE_CHOICE:
            return self._figure(state, legal)
        if phase == PLACE:
            return max(legal, key=lambda a: self._placement_value(state, a))
        if phase in (FOLLOWER, MESSAGE):
            return max(legal, key=lambda a: self._after(state, a))
        return legal[0]      # chain: always draw

    def _after(self, state: CarcassonneState, action: int) -> float:
        trial = state.clone()
        trial.apply(action)
        return margin(trial, self.seat)

    def _placement_value(self, state: CarcassonneState, action: int) -> float:
        trial = state.clone()
        trial.apply(action)
        if trial.phase == FOLLOWER and trial.active == self.seat:
            return max(self._after(trial, f) for f in trial.legal_actions())
        return margin(trial, self.seat)

    def _figure(self, state: CarcassonneState, legal: Sequence[int]) -> int:
        return _figure_rule(state, self.seat)


class StandingPreference(Agent):
    """A seat adapter for the standing preference of rule M6: figure questions asked outside
    the player's own turn are answered with the preferred figure (``meeple`` or
    ``messenger``); every other decision goes to the wrapped agent. The answer is an ordinary
    action, so it is recorded and replays need no preference."""

    name = "standing-preference"

    def __init__(self, agent: Agent, preference: str):
        super().__init__(agent.game, agent.config, agent.seat, agent.rng)
        if preference not in ("ask", "meeple", "messenger"):
            raise ValueError(f"a standing preference is ask, meeple or messenger, "
                             f"not {preference!r}")
        self.agent = agent
        self.preference = preference

    def act(self, view: dict, legal: Sequence[int]) -> int:
        decision = view.get("decision") or {}
        if self.preference != "ask" and decision.get("kind") == "figure" \
                and view["active"] != self.seat:
            wanted = f"figure {self.preference}"
            for action, text in zip(legal, view["legal"]):
                if text == wanted:
                    return action
        return self.agent.act(view, legal)


AGENTS = {"heuristic": HeuristicAgent}
