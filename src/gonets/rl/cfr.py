"""Solving small two-player games whole: the game tree as arrays, CFR+ and exact best responses.

The tree is walked once through the OpenSpiel game (every chance outcome with its
probability, every legal action, the information state string of the seat to move) and kept as
flat arrays, parents before children, so that every pass of the solver is a few NumPy
operations per depth. Values are player 0's: the games solved here are zero-sum (one round of
Love Letter where a tie still has a winner gives +1 and -1).

- :func:`solve`: CFR+ (regrets floored at zero, the average strategy weighted by iteration)
  for a fixed number of iterations, with both players updated in every iteration.
- :func:`best_response_value`: player p's exact best response against a fixed strategy of the
  other, information set by information set, deepest first.
- :func:`exploitability`: OpenSpiel's definition, the mean over the two players of what a best
  response gains against the strategy (0 at an equilibrium).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

TERMINAL, CHANCE, DECISION = 0, 1, 2


class TreeTooLarge(ValueError):
    """The game has more positions than the walk was allowed."""


class NotZeroSum(ValueError):
    """A match of the game can end with returns that do not add up to zero."""


@dataclass
class Infoset:
    """One information set: its player, its legal actions and where its strategy lies."""

    key: str
    player: int
    actions: list[int]
    first: int                  # index of its first action in the flat strategy arrays
    own_depth: int              # decisions of its player on the way to it
    state: object               # one OpenSpiel state in it (what the seat sees is the same)


class Tree:
    """The whole game tree of a two-player zero-sum OpenSpiel game, as arrays."""

    def __init__(self, game, limit: int | None = None):
        """Walk ``game`` whole; :class:`TreeTooLarge` past ``limit`` positions."""
        self.infosets: list[Infoset] = []
        self.index: dict[str, int] = {}
        self.size = 0               # actions of all information sets together
        kind, parent, depth, edge_prob, slot, utility, infoset = [], [], [], [], [], [], []
        stack = [(game.new_initial_state(), -1, 0, 1.0, -1, (0, 0))]
        while stack:
            state, up, level, prob, chosen, own = stack.pop()
            node = len(kind)
            parent.append(up)
            depth.append(level)
            edge_prob.append(prob)
            slot.append(chosen)
            if limit is not None and node >= limit:
                raise TreeTooLarge(f"the game has more than {limit:,} positions")
            if state.is_terminal():
                kind.append(TERMINAL)
                returns = state.returns()
                if abs(sum(returns)) > 1e-9:
                    raise NotZeroSum(f"a match can end with returns {returns}, which do not "
                                     "add up to zero")
                utility.append(returns[0])
                infoset.append(-1)
                continue
            utility.append(0.0)
            if state.is_chance_node():
                kind.append(CHANCE)
                infoset.append(-1)
                for action, chance in reversed(state.chance_outcomes()):
                    stack.append((state.child(action), node, level + 1, chance, -1, own))
                continue
            kind.append(DECISION)
            player = state.current_player()
            found = self._infoset(state, player, own[player])
            infoset.append(found)
            entry = self.infosets[found]
            deeper = (own[0] + (player == 0), own[1] + (player == 1))
            for i, action in reversed(list(enumerate(entry.actions))):
                stack.append((state.child(action), node, level + 1, 1.0, entry.first + i,
                               deeper))
        self.kind = np.array(kind, np.int8)
        self.parent = np.array(parent, np.int64)
        self.depth = np.array(depth, np.int64)
        self.edge_prob = np.array(edge_prob)
        self.slot = np.array(slot, np.int64)
        self.utility = np.array(utility)
        self.infoset = np.array(infoset, np.int64)
        self.slot_infoset = np.repeat(np.arange(len(self.infosets)),
                                      [len(i.actions) for i in self.infosets])
        self.slot_player = np.array([self.infosets[i].player for i in self.slot_infoset])
        self.levels = [np.flatnonzero(self.depth == d) for d in range(int(self.depth.max()) + 1)]
        mover = np.where(self.kind == DECISION,
                         np.array([self.infosets[i].player if i >= 0 else -1
                                   for i in self.infoset]), -1)
        self.edge_player = np.where(self.parent >= 0, mover[self.parent], -1)

    def _infoset(self, state, player: int, own_depth: int) -> int:
        key = state.information_state_string(player)
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.infosets)
            actions = sorted(state.legal_actions())
            self.infosets.append(Infoset(key, player, actions, self.size, own_depth,
                                         state.clone()))
            self.size += len(actions)
        return found

    @property
    def nodes(self) -> int:
        return len(self.kind)

    def uniform(self) -> np.ndarray:
        """The strategy that plays every legal action equally often."""
        counts = np.bincount(self.slot_infoset, minlength=len(self.infosets))
        return 1.0 / counts[self.slot_infoset]

    # -- passes over the tree ----------------------------------------------------------------
    def edge_factors(self, strategy: np.ndarray) -> np.ndarray:
        """The probability of each node given its parent: chance, or the mover's strategy."""
        return np.where(self.slot >= 0, strategy[np.maximum(self.slot, 0)], self.edge_prob)

    def reaches(self, factors: np.ndarray) -> np.ndarray:
        """``reach[k, n]``: the product of the factors on the way to ``n`` contributed by
        player 0 (k=0), player 1 (k=1) and chance (k=2)."""
        reach = np.ones((3, self.nodes))
        who = np.where(self.edge_player >= 0, self.edge_player, 2)
        for level in self.levels[1:]:
            up = self.parent[level]
            reach[:, level] = reach[:, up]
            reach[who[level], level] *= factors[level]
        return reach

    def values(self, factors: np.ndarray) -> np.ndarray:
        """Player 0's expected value below each node under ``factors``."""
        value = np.where(self.kind == TERMINAL, self.utility, 0.0)
        for level in reversed(self.levels[1:]):
            np.add.at(value, self.parent[level], factors[level] * value[level])
        return value


def solve(tree: Tree, iterations: int, on_iteration: Callable[[int], None] | None = None
          ) -> np.ndarray:
    """CFR+ for ``iterations``; returns the average strategy (one probability per action)."""
    regret = np.zeros(tree.size)
    average = np.zeros(tree.size)
    strategy = tree.uniform()
    decided = np.flatnonzero(tree.slot >= 0)
    slots = tree.slot[decided]
    ups = tree.parent[decided]
    movers = tree.edge_player[decided]
    sign = np.where(movers == 0, 1.0, -1.0)
    for t in range(1, iterations + 1):
        factors = tree.edge_factors(strategy)
        reach = tree.reaches(factors)
        value = tree.values(factors)
        others = reach[2, ups] * reach[1 - movers, ups]
        gain = sign * others * (value[decided] - value[ups])
        step = np.zeros(tree.size)
        np.add.at(step, slots, gain)
        regret = np.maximum(regret + step, 0.0)
        own = np.zeros(tree.size)
        np.add.at(own, slots, reach[movers, ups] * strategy[slots] / _reached_once(tree, slots))
        average += t * own
        strategy = normalised(tree, regret)
        if on_iteration is not None:
            on_iteration(t)
    return normalised(tree, average)


def _reached_once(tree: Tree, slots: np.ndarray) -> np.ndarray:
    """How many tree edges share each slot (an information set's nodes each count its reach
    once; the strategy itself is per set, not per node)."""
    return np.bincount(slots, minlength=tree.size)[slots]


def normalised(tree: Tree, weights: np.ndarray) -> np.ndarray:
    """Per information set, ``weights`` scaled to sum to 1 (uniform where all are 0)."""
    totals = np.bincount(tree.slot_infoset, weights, minlength=len(tree.infosets))
    share = totals[tree.slot_infoset]
    return np.where(share > 0, weights / np.where(share > 0, share, 1.0), tree.uniform())


def best_response_value(tree: Tree, strategy: np.ndarray, player: int) -> float:
    """What ``player`` gets (in its own returns) with an exact best response to the other
    player's part of ``strategy``."""
    current = strategy.copy()
    mine = [i for i, entry in enumerate(tree.infosets) if entry.player == player]
    sign = 1.0 if player == 0 else -1.0
    decided = np.flatnonzero(tree.slot >= 0)
    for own_depth in sorted({tree.infosets[i].own_depth for i in mine}, reverse=True):
        factors = tree.edge_factors(current)
        reach = tree.reaches(factors)
        value = tree.values(factors)
        edges = decided[tree.edge_player[decided] == player]
        ups = tree.parent[edges]
        weight = reach[2, ups] * reach[1 - player, ups]
        score = np.zeros(tree.size)
        np.add.at(score, tree.slot[edges], sign * weight * value[edges])
        for i in mine:
            entry = tree.infosets[i]
            if entry.own_depth != own_depth:
                continue
            span = slice(entry.first, entry.first + len(entry.actions))
            best = int(np.argmax(score[span]))
            current[span] = 0.0
            current[entry.first + best] = 1.0
    return float(sign * tree.values(tree.edge_factors(current))[0])


def exploitability(tree: Tree, strategy: np.ndarray) -> float:
    """The mean over both players of their best response's value against ``strategy`` (the
    game is zero-sum: 0 at an equilibrium, in units of the returns)."""
    return (best_response_value(tree, strategy, 0) + best_response_value(tree, strategy, 1)) / 2
