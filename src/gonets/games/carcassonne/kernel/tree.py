"""The compiled half of ``search.py``: whole ISMCTS iterations of ``agents/ismcts.py`` in the
kernel, the tree as arrays (``core/tree.py``).

Slot 0 of a two-slot batch holds the searcher's position with one world's hidden orders; slot
1 starts as its copy. An iteration shuffles the hidden part of slot 1's tile pile and message
stack (``views.sample_world``'s draw), walks the tree (every seat by UCB1: no seat holds a
secret), plays out by the policy to the stop of ``bot.rollout_done``, backs ``bot.evaluate``
up, then puts back from slot 0 only what the iteration can have written (``restore``): the
board around the tiles it placed, the nodes and tiles in use, the small per-slot arrays.
"""

from __future__ import annotations

from numba import njit

from gonets.core.kernel import below
from gonets.core.tree import back_up, select
from gonets.games.carcassonne.kernel.board import cell_of
from gonets.games.carcassonne.kernel.policy import evaluate_slot, rollout_action
from gonets.games.carcassonne.kernel.step import current, do_action, legal_list, settle
from gonets.games.carcassonne.kernel.tables import (
    END,
    M_NF,
    M_NN,
    M_NT,
    M_PH,
    M_PHASE,
    M_SH,
    M_START_TURN,
    M_TURN,
    MAX_TILES,
    S_BITS,
    S_CARD,
    S_EV,
    S_FOLL,
    S_GRID,
    S_META,
    S_NODE,
    S_PLAY,
    S_TILE,
)

_DX = (0, 1, 0, -1)
_DY = (-1, 0, 1, 0)


@njit(cache=True)
def deal(S, rng, b, hidden, unseen):
    """Shuffle the first ``hidden`` tiles of slot ``b``'s pile and the first ``unseen``
    messages of its stack (the orders no seat knows)."""
    meta, card = S[S_META], S[S_CARD]
    head = meta[b, M_PH]
    for i in range(hidden - 1, 0, -1):
        j = below(rng, b, i + 1)
        x, y = (head + i) % MAX_TILES, (head + j) % MAX_TILES
        card[b, 0, x], card[b, 0, y] = card[b, 0, y], card[b, 0, x]
    head = meta[b, M_SH]
    for i in range(unseen - 1, 0, -1):
        j = below(rng, b, i + 1)
        x, y = (head + i) % 8, (head + j) % 8
        card[b, 1, x], card[b, 1, y] = card[b, 1, y], card[b, 1, x]


@njit(cache=True)
def copy_slot(S, source, target):
    """Slot ``target`` becomes a whole copy of slot ``source``."""
    _copy_row(S[S_GRID], source, target)
    _copy_row(S[S_BITS], source, target)
    _copy_row(S[S_FOLL], source, target)
    _copy_small(S, source, target)


@njit(cache=True)
def restore(S, source, target):
    """Put back into slot ``target`` what an iteration may have written since it was a copy of
    slot ``source``: the cells of the tiles placed since and their four neighbours, the places
    of its frontier cells in the frontier list, the nodes and tiles in use, and the per-slot
    arrays that are small."""
    meta, grid, tile = S[S_META], S[S_GRID], S[S_TILE]
    for i in range(meta[source, M_NT], meta[target, M_NT]):
        x, y = tile[target, 1, i], tile[target, 2, i]
        for side in range(5):
            c = cell_of(x, y) if side == 4 else cell_of(x + _DX[side], y + _DY[side])
            for plane in range(3):
                grid[target, plane, c] = grid[source, plane, c]
    front = S[S_NODE]
    for i in range(meta[source, M_NF]):           # a frontier cell's place in the list moves
        c = front[source, 6, i]
        grid[target, 2, c] = grid[source, 2, c]
    nodes = max(meta[source, M_NN], meta[target, M_NN])
    bits, foll = S[S_BITS], S[S_FOLL]
    for n in range(nodes):
        for j in range(bits.shape[2]):
            bits[target, n, j] = bits[source, n, j]
        for j in range(foll.shape[2]):
            foll[target, n, j] = foll[source, n, j]
    last = bits.shape[1] - 1                               # the arms row
    for j in range(bits.shape[2]):
        bits[target, last, j] = bits[source, last, j]
    _copy_small(S, source, target)


@njit(cache=True, inline="always")
def _copy_small(S, source, target):
    """The per-slot arrays that are small (copied whole)."""
    _copy_row(S[S_META], source, target)
    _copy_row(S[S_PLAY], source, target)
    _copy_row(S[S_EV], source, target)
    _copy_row(S[S_TILE], source, target)
    _copy_row(S[S_NODE], source, target)
    _copy_row(S[S_CARD], source, target)


@njit(cache=True, inline="always")
def _copy_row(a, source, target):
    flat_target, flat_source = a[target].ravel(), a[source].ravel()
    for i in range(flat_source.size):
        flat_target[i] = flat_source[i]


@njit(cache=True)
def _walk(S, rng, opt, tree, root, turns, path, buf, untried, where):
    """One iteration's walk down the tree and playout in slot 1; the depth walked."""
    b = 1
    meta = S[S_META]
    node, depth = root, 0
    player = current(S, b)
    count = legal_list(S, b, buf)
    while player >= 0:
        child, fresh = select(tree, node, buf, count, player, rng, b, where, untried)
        do_action(S, b, opt, tree.action[child])
        count = settle(S, b, opt, buf)
        path[depth] = child
        depth += 1
        after = current(S, b)
        if after != player:
            tree.private[child] = 0
        node, player = child, after
        if fresh:
            break
    meta[b, M_START_TURN] = meta[b, M_TURN]
    while meta[b, M_PHASE] != END and meta[b, M_TURN] - meta[b, M_START_TURN] < turns:
        do_action(S, b, opt, rollout_action(S, rng, b, buf, count))
        count = settle(S, b, opt, buf)
    return depth


@njit(cache=True, nogil=True)
def search(S, rng, opt, tree, root, exploration, iterations, hidden, unseen, turns, path,
           values, worth, buf, untried, where):
    """``iterations`` iterations from ``root`` in slot 1 (a copy of slot 0, left as one)."""
    for _ in range(iterations):
        deal(S, rng, 1, hidden, unseen)
        depth = _walk(S, rng, opt, tree, root, turns, path, buf, untried, where)
        evaluate_slot(S, 1, worth, values)
        back_up(tree, root, path, depth, values, exploration)
        restore(S, 0, 1)
    return iterations
