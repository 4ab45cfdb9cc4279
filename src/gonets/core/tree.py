"""The ISMCTS tree of a compiled search: ``agents/ismcts.py``'s nodes as arrays, for a game's
kernel that walks the whole iteration in compiled code (``kernel/tree.py`` of a game).

A ``Tree`` holds one row per node (struct of arrays): the seat that moved into it, the action,
its first child and next sibling, visits, availability, whether every walk through it went on to
the same seat with no chance event (``private``, for keeping a subtree between two decisions),
the summed reward and, kept up to date by the backup, the mean and the exploration spread
``c / sqrt(visits)``. Node 0 is unused: a child index of 0 means "none".

The functions here are the game-independent steps of ``agents.ismcts.Search``: UCB1 counted
over availability among the actions legal in this world (the first best action wins ties; an
untried action is tried at random), a rival's move added by the game's policy, and the backup.
They draw from slot ``b`` of a kernel's generator words (``core.kernel``), so a search depends
only on its seed.
"""

from __future__ import annotations

import math
from collections import namedtuple

import numpy as np
from numba import njit

from gonets.core.kernel import below

Tree = namedtuple("Tree", ["mover", "action", "first", "sibling", "visits", "avail",
                           "private", "reward", "mean", "spread", "used"])
"""The nodes' columns; ``used[0]`` is the number of rows in use (node 0 included)."""


def allocate_tree(capacity: int) -> Tree:
    """Room for ``capacity`` nodes (the unused node 0 included), none in use but node 0."""
    ints = [np.zeros(capacity, np.int64) for _ in range(7)]
    floats = [np.zeros(capacity, np.float64) for _ in range(3)]
    used = np.ones(1, np.int64)
    return Tree(*ints, *floats, used)


def grown(tree: Tree, capacity: int) -> Tree:
    """``tree`` with room for at least ``capacity`` nodes (itself when it has it)."""
    if tree.mover.size >= capacity:
        return tree
    bigger = allocate_tree(max(capacity, 2 * tree.mover.size))
    size = int(tree.used[0])
    for old, new in zip(tree[:-1], bigger[:-1], strict=True):
        new[:size] = old[:size]
    bigger.used[0] = size
    return bigger


@njit(cache=True, _nrt=False)
def add_node(tree, parent, action, mover):
    """A new child of ``parent`` reached by ``action`` of ``mover``, available once."""
    node = tree.used[0]
    tree.used[0] = node + 1
    tree.mover[node] = mover
    tree.action[node] = action
    tree.first[node] = 0
    tree.visits[node] = 0
    tree.avail[node] = 1
    tree.private[node] = 1
    tree.reward[node] = 0.0
    tree.mean[node] = 0.0
    tree.spread[node] = 0.0
    if parent:
        tree.sibling[node] = tree.first[parent]
        tree.first[parent] = node
    else:
        tree.sibling[node] = 0
    return node


@njit(cache=True, _nrt=False)
def new_root(tree, mover):
    """Empty the tree and make its root, whose children ``mover`` chooses among."""
    tree.used[0] = 1
    return add_node(tree, 0, -1, mover)


@njit(cache=True, _nrt=False)
def select(tree, node, legal, count, player, rng, b, where, untried):
    """UCB1 over the ``count`` actions of ``legal`` (ascending) at ``node``, counted over
    availability; an untried action at random where there is one. Returns the child and
    whether it is new (``where``: -1 per action id, left so; ``untried``: scratch)."""
    first = tree.first[node]
    if first == 0:
        return add_node(tree, node, legal[below(rng, b, count)], player), True
    child = first
    while child:
        where[tree.action[child]] = child
        child = tree.sibling[child]
    waiting = 0
    best = -1.0
    chosen = 0
    for i in range(count):
        a = legal[i]
        child = where[a]
        if child < 0:
            untried[waiting] = a
            waiting += 1
            continue
        available = tree.avail[child] + 1
        tree.avail[child] = available
        if waiting == 0:
            score = tree.mean[child] + tree.spread[child] * math.sqrt(math.log(available))
            if score > best:
                best, chosen = score, child
    child = first
    while child:
        where[tree.action[child]] = -1
        child = tree.sibling[child]
    if waiting:
        return add_node(tree, node, untried[below(rng, b, waiting)], player), True
    return chosen, False


@njit(cache=True, _nrt=False)
def follow(tree, node, action, player):
    """The child of ``node`` for ``action`` (a rival's move by the game's policy), available
    once more; a new one is made. Returns the child and whether it is new."""
    child = tree.first[node]
    while child:
        if tree.action[child] == action:
            tree.avail[child] += 1
            return child, False
        child = tree.sibling[child]
    return add_node(tree, node, action, player), True


@njit(cache=True, _nrt=False)
def back_up(tree, root, path, depth, values, exploration):
    """Each walked node gains a visit and its mover's value; the root a visit."""
    for i in range(depth):
        node = path[i]
        visits = tree.visits[node] + 1
        tree.visits[node] = visits
        reward = tree.reward[node] + values[tree.mover[node]]
        tree.reward[node] = reward
        tree.mean[node] = reward / visits
        tree.spread[node] = exploration / math.sqrt(visits)
    tree.visits[root] += 1


def children_of(tree: Tree, node: int) -> dict[int, int]:
    """The children of ``node`` by action (Python side)."""
    found = {}
    child = int(tree.first[node])
    while child:
        found[int(tree.action[child])] = child
        child = int(tree.sibling[child])
    return found

