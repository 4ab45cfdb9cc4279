"""``CompiledSearch``: ``agents.ismcts.Search.run`` for Love Letter with every iteration in the
kernel (``tree.py``): the world dealt from the view, the walk down the tree, the playout and
the backup, with the same rules of choice as the Python search (UCB1 over availability for
the searcher, the playout policy for the rivals, the round's end as the stop, ``evaluate``
of the outcome). The world is read from the view once per decision (``views.worlds.World``)."""

from __future__ import annotations

import numpy as np

from gonets.core.kernel_search import KernelSearch
from gonets.games.loveletter.kernel import convert, tree
from gonets.games.loveletter.kernel.fast import outcome_values
from gonets.games.loveletter.kernel.layout import MAXD, TOKENS
from gonets.games.loveletter.kernel.legal import MAXLEGAL
from gonets.games.loveletter.kernel.policy import SCRATCH
from gonets.games.loveletter.kernel.tables import NCARDS
from gonets.games.loveletter.views.worlds import World

DEPTH = 512                  # the longest walk: a round's decisions
KEPT = 256                   # outcomes whose values are kept (a search meets a few dozen)
_KINDS = {"hand": tree.HAND_SLOT, "extra": tree.EXTRA_SLOT, "spare": tree.SPARE_SLOT}


class CompiledSearch(KernelSearch):
    """Love Letter's whole iterations in the kernel (``core/kernel_search.py``)."""

    def __init__(self, game, kernel, evaluate, seat: int, exploration: float):
        super().__init__(seat, exploration)
        self.game, self.kernel = game, kernel
        self.evaluate = evaluate               # evaluate(tokens, alive) -> values
        n = self.players = kernel.players
        self.S = kernel.batch(2, 0).S
        self.ctl = np.zeros(3, np.int64)
        self.path = np.zeros(DEPTH, np.int64)
        self.values = np.zeros(n, np.float64)
        self.keys = np.zeros(KEPT, np.int64)
        self.table = np.zeros((KEPT, n), np.float64)
        self.buf = np.zeros(SCRATCH + MAXLEGAL, np.int64)
        self.weights = np.zeros(MAXLEGAL, np.float64)
        self.where = np.full(kernel.num_actions, -1, np.int64)
        self.snapshot = np.zeros(kernel.snap_size, np.int64)
        self.deal = _empty_deal()
        self.world: World | None = None        # the view read last
        self.written = 0

    def start(self, view: dict, rng) -> None:
        """One world ``view`` allows loaded into slot 0, and how to deal the others
        (``tree.Deal``)."""
        world = self.world = World(self.game, view)
        state = world.sample(rng)
        _, events = convert.LogMemory().lookup(state.log)
        snapshot = self.snapshot
        convert.load_flat(*self.S, self.players, 0, convert.state_row(state), snapshot, False,
                          events, snapshot)
        self.deal = _deal_of(world)
        self.ctl[:] = 0
        self.written = 0                       # outcomes written to the table
        self.S.rng[1] = rng.getrandbits(64)

    def iterate(self, root: int, iterations: int) -> int:
        """One compiled call (an outcome it has no values for stops it: they are worked out
        here, and the next call backs its walk up first)."""
        done = tree.search(self.S, self.kernel.tables, self.deal, self.tree, root, self.seat,
                           self.exploration, iterations, self.ctl, self.path, self.values,
                           self.keys, self.table, self.buf, self.weights, self.where)
        if done < 0:
            raise AssertionError("could not deal the hidden cards")
        if self.ctl[tree.PENDING]:
            self._fill(int(self.ctl[tree.KEY]))
        return done

    def resumable(self) -> bool:
        return not self.ctl[tree.PENDING]

    def _fill(self, key: int) -> None:
        """The values of a missing outcome, for the waiting walk and (where the key holds the
        whole outcome) the table."""
        values = outcome_values(key, self.players, self.evaluate, self.S.seat[1, :, TOKENS])
        self.values[:] = values
        if key > tree.WIDE + 255:             # a ring: the oldest outcome gives way
            at = self.written % KEPT
            self.keys[at] = key
            self.table[at] = values
            self.written += 1
            self.ctl[tree.KEYS] = min(self.written, KEPT)


def _empty_deal() -> tree.Deal:
    slots = 16
    return tree.Deal(head=np.array([0, -1, 0, 0, 0], np.int64),
                     kind=np.zeros(slots, np.int64), seat=np.zeros(slots, np.int64),
                     allowed=np.full(slots, -1, np.int64), wrow=np.full(slots, -1, np.int64),
                     order=np.zeros(slots, np.int64), pool=np.zeros(2 * MAXD, np.int64),
                     bottom=np.full(MAXD, -1, np.int64),
                     weights=np.zeros((slots, NCARDS), np.float64),
                     left=np.zeros(2 * MAXD, np.int64), chosen=np.zeros(slots, np.int64),
                     mine=np.zeros(slots, np.int64), scratch=np.zeros(slots, np.int64))


def _deal_of(world: World) -> tree.Deal:
    """``world``'s hidden slots as the compiled deal reads them."""
    deal = _empty_deal()
    slots = world.slots
    if slots is None:
        return deal
    for i, (kind, seat, allowed) in enumerate(slots):
        deal.kind[i], deal.seat[i] = _KINDS[kind], seat
        if allowed is not None:
            deal.allowed[i] = sum(1 << card for card in set(allowed))
        if world.weights[i] is not None:
            deal.wrow[i] = i
            deal.weights[i, :len(world.weights[i])] = world.weights[i]
    deal.order[:len(slots)] = world.order
    deal.pool[:len(world.left)] = world.left
    for distance, card in world.bottom.items():
        deal.bottom[distance] = card
    deal.head[:] = (world.free, len(slots), len(world.left), world.size, bool(world.bottom))
    return deal
