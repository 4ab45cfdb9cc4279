"""``CompiledSearch``: ``agents.ismcts.Search.run`` for Carcassonne with every iteration in the
kernel (``tree.py``): the hidden orders shuffled, the walk down the tree (every seat by UCB1),
the playout by the policy to ``bot.rollout_done``'s stop and ``bot.evaluate`` backed up, by
the same rules as the Python search. The world is read from the view once per decision."""

from __future__ import annotations

import numpy as np

from gonets.core.kernel_search import KernelSearch
from gonets.games.carcassonne.kernel import convert, tree
from gonets.games.carcassonne.kernel.tables import LEGAL_BUF, NUM_ACTIONS
from gonets.games.carcassonne.views import hidden_world

DEPTH = 1024                 # longer than any walk: a whole match's decisions


class CompiledSearch(KernelSearch):
    """Carcassonne's whole iterations in the kernel (``core/kernel_search.py``)."""

    def __init__(self, kernel, seat: int, exploration: float, turns: int):
        super().__init__(seat, exploration)
        self.kernel, self.turns = kernel, turns
        self.batch = kernel.batch(2, 0)          # held: the kernel reuses dropped batches
        self.S, self.rng = self.batch.S, self.batch.rng
        n = kernel.players
        self.path = np.zeros(DEPTH, np.int64)
        self.values = np.zeros(n, np.float64)
        self.worth = np.zeros(n, np.float64)
        self.buf = np.zeros(LEGAL_BUF, np.int64)
        self.untried = np.zeros(LEGAL_BUF, np.int64)
        self.where = np.full(NUM_ACTIONS, -1, np.int64)
        self.hidden = self.unseen = 0

    def start(self, view: dict, rng) -> None:
        """One world ``view`` allows loaded into slot 0 and copied to slot 1, and how many
        tiles and messages another world shuffles."""
        world, self.hidden, self.unseen = hidden_world(self.kernel.config, view, rng)
        convert.load_packed(self.S, self.rng, 0, self.kernel.opt, convert.pack(world),
                            self.buf, self.batch.cur)
        tree.copy_slot(self.S, 0, 1)
        self.rng[1] = rng.getrandbits(64)

    def iterate(self, root: int, iterations: int) -> int:
        return tree.search(self.S, self.rng, self.kernel.opt, self.tree, root,
                           self.exploration, iterations, self.hidden, self.unseen, self.turns,
                           self.path, self.values, self.worth, self.buf, self.untried,
                           self.where)
