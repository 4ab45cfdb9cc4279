"""The Python half of a search whose iterations run whole in a game's compiled kernel.

A game's bot room offers ``compiled_search(game, config, seat, exploration)`` (see
``agents/ismcts.py``): a :class:`KernelSearch` whose compiled calls deal a world from the view,
walk the tree (``core/tree.py``), play out and back up, by the same rules as the Python
search. This class keeps what is common: the tree and its growth, the root (a new one, or a
node kept from the last decision), the budget by count or by clock (read between calls of
``CHUNK`` iterations), and the nodes read back as :class:`TreeNode`.

A search object lives for one decision (its arrays: a two-slot batch, scratch, the tree),
or until the next one where the agent keeps a node for it: each decision of an agent makes
its own, so no two threads or agents share one, and an agent at rest holds no arrays.
"""

from __future__ import annotations

import time

from gonets.core.tree import Tree, allocate_tree, children_of, grown, new_root

CHUNK = 256
"""Iterations per compiled call when a clock bounds the search (it is read between calls)."""


class TreeNode:
    """A node of a compiled search's tree as ``agents.ismcts`` reads a ``_Node``: visits,
    reward, ``private`` and the children by action (read from ``owner.tree``, the arrays the
    search holds now)."""

    __slots__ = ("index", "owner")

    def __init__(self, owner, index: int):
        self.owner, self.index = owner, index

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
        return {a: TreeNode(self.owner, i)
                for a, i in children_of(self.owner.tree, self.index).items()}


class KernelSearch:
    """One seat's search in one configuration, every iteration compiled (used by one thread
    at a time: it owns its batch and tree). A game's subclass reads a view (``start``) and
    runs ``iterations`` from a root in one compiled call (``iterate``, which releases the GIL
    while it runs)."""

    def __init__(self, seat: int, exploration: float):
        self.seat, self.exploration = seat, exploration
        self.tree: Tree = allocate_tree(1 << 12)

    def run(self, view: dict, root, iterations: int | None, deadline: float | None,
            rng) -> tuple[TreeNode, int]:
        """Grow the tree from ``view`` (continuing ``root`` where it is a node of this tree,
        else from a new root) until ``iterations`` are spent or the clock passes ``deadline``
        (``time.perf_counter``); the root and the iterations done."""
        self.start(view, rng)
        if isinstance(root, TreeNode) and root.owner is self:
            index = root.index
        else:
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

