"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley, Whitehouse 2012).

Each iteration draws one possible world from the agent's view with the game's
``sample_world`` (so the agent never peeks at hidden information), walks the shared tree,
choosing among the actions legal in that world with UCB1 counted over availability, then plays
randomly to the end and backs up each seat's share of the win.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gonets.agents.base import Agent
from gonets.core.game import CHANCE, State


class _Node:
    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: int):
        self.mover = mover
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0

    def score(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits)


class ISMCTSAgent(Agent):
    """ISMCTS with a fixed number of iterations per decision."""

    name = "ismcts"
    iterations = 300
    exploration = 0.7

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        root = _Node(self.seat)
        for _ in range(self.iterations):
            self._iterate(root, self.game.sample_world(view, self.rng))
        best = max((child.visits, action) for action, child in root.children.items()
                   if action in legal)
        return best[1]

    def _iterate(self, root: _Node, state: State) -> None:
        rng = self.rng
        node, path = root, [root]
        while True:
            player = self._settle(state)
            if player < 0:
                break
            legal = state.legal_actions()
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                node.children[action] = _Node(player)
                node = node.children[action]
                node.available = 1
                state.apply(action)
                path.append(node)
                break
            action = max(legal, key=lambda a: node.children[a].score(self.exploration))
            node = node.children[action]
            state.apply(action)
            path.append(node)
        self._rollout(state)
        shares = self._shares(state)
        for visited in path:
            visited.visits += 1
            visited.reward += shares[visited.mover]

    def _settle(self, state: State) -> int:
        """Resolve chance events; return the deciding seat (or a negative code at the end)."""
        player = state.current_player()
        while player == CHANCE:
            state.apply_chance(state.sample_chance(self.rng))
            player = state.current_player()
        return player

    def _rollout(self, state: State) -> None:
        rng = self.rng
        while self._settle(state) >= 0:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])

    @staticmethod
    def _shares(state: State) -> list[float]:
        result = state.result()
        shares = [0.0] * len(result.scores)
        for seat in result.winners:
            shares[seat] = 1.0 / len(result.winners)
        return shares
