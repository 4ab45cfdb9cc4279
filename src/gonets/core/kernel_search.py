"""The Python half of a search whose iterations run whole in a game's compiled kernel.

A game's bot room offers ``compiled_search(game, config, seat, exploration)`` (see
``agents/ismcts.py``): a :class:`KernelSearch` whose compiled calls deal a world from the view,
walk the tree (``core/tree.py``), play out and back up, by the same rules as the Python
search. This class keeps what is common: the tree and its growth, the root (a new one, or a
node kept from the last decision), the budget by count or by clock (read between calls of
``CHUNK`` iterations), and the nodes read back as :class:`TreeNode`.

A search's arrays (a two-slot batch, scratch, the tree) are shared by every search of one
configuration and seat in a thread (:func:`shared`, a few kept per thread): a server's worker
holds hundreds of agents, and their searches take turns. A node kept for the next decision
stays valid while no other search has started a tree there since (``generation``); else the
next decision starts afresh, as the Python search does when its kept node does not fit.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from gonets.core.tree import Tree, allocate_tree, children_of, grown, new_root

CHUNK = 256
"""Iterations per compiled call when a clock bounds the search (it is read between calls)."""


class TreeNode:
    """A node of a compiled search's tree as ``agents.ismcts`` reads a ``_Node``: visits,
    reward, ``private`` and the children by action (read from ``owner.tree``, the arrays the
    search holds now)."""

    __slots__ = ("generation", "index", "owner")

    def __init__(self, owner, index: int):
        self.owner, self.index, self.generation = owner, index, owner.generation

    @property
    def current(self) -> bool:
        """Whether the node is still in its owner's tree (no other tree was started since)."""
        return self.generation == self.owner.generation

    @property
    def visits(self) -> int:
        return int(self.owner.tree.visits[self.index])

    @property
    def reward(self) -> float:
        return float(self.owner.tree.reward[self.index])

    @property
    def private(self) -> bool:
        return bool(self.owner.tree.private[self.index])

    @property
    def children(self) -> dict[int, TreeNode]:
        """The children by action (none once the node is no longer current)."""
        if not self.current:
            return {}
        return {a: TreeNode(self.owner, i)
                for a, i in children_of(self.owner.tree, self.index).items()}


class KernelSearch:
    """One seat's searches in one configuration, every iteration compiled (not shared by
    threads: it owns its batch and tree). A game's subclass reads a view (``start``) and runs
    ``iterations`` from a root in one compiled call (``iterate``)."""

    def __init__(self, seat: int, exploration: float):
        self.seat, self.exploration = seat, exploration
        self.tree: Tree = allocate_tree(1 << 12)
        self.generation = 0                    # trees started here so far

    def run(self, view: dict, root, iterations: int | None, deadline: float | None,
            rng) -> tuple[TreeNode, int]:
        """Grow the tree from ``view`` (continuing ``root`` where it is a node of this tree,
        else from a new root) until ``iterations`` are spent or the clock passes ``deadline``
        (``time.perf_counter``); the root and the iterations done."""
        self.start(view, rng)
        if isinstance(root, TreeNode) and root.owner is self and root.current:
            index = root.index
        else:
            self.generation += 1
            index = new_root(self.tree, self.seat)
        done = 0
        while iterations is None or done < iterations:
            chunk = CHUNK if deadline is not None else iterations - done
            if iterations is not None:
                chunk = min(chunk, iterations - done)
            self.tree = grown(self.tree, int(self.tree.used[0]) + chunk + 2)
            done += self.iterate(index, chunk)
            if deadline is not None and self.resumable() and time.perf_counter() >= deadline:
                break
        return TreeNode(self, index), done

    def start(self, view: dict, rng) -> None:
        """Read ``view`` for the searches that follow (and seed the compiled generator)."""
        raise NotImplementedError

    def iterate(self, root: int, iterations: int) -> int:
        """At most ``iterations`` iterations from node ``root`` in one compiled call (room for
        them in the tree is made); the number done."""
        raise NotImplementedError

    def resumable(self) -> bool:
        """Whether the search may stop here (no iteration is left half done)."""
        return True


KEPT_PER_THREAD = 8
"""Searches (their arrays) a thread keeps, the least recently used going first."""
_kept = threading.local()


def shared(key: tuple, make) -> KernelSearch:
    """The search of ``key`` (a configuration, seat and exploration) in this thread, made by
    ``make()`` the first time."""
    found: OrderedDict | None = getattr(_kept, "searches", None)
    if found is None:
        found = _kept.searches = OrderedDict()
    search = found.get(key)
    if search is None:
        search = found[key] = make()
        while len(found) > KEPT_PER_THREAD:
            found.popitem(last=False)
    else:
        found.move_to_end(key)
    return search
