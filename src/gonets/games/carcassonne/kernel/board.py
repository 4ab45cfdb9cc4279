"""The compiled feature engine: grid, frontier and union-find over tile segments.

The same rules as the reference ``rules/board.py``: one node per tile segment, the root of a
feature carries its open edge count, the distinct tiles it covers (a 128-bit mask in two words,
with its count), the followers per player on it and, for fields, the city nodes it borders (a
bit mask over node ids). Unions choose the root as the reference does (the larger tile set
wins, ties keep the first), so roots are the reference's roots.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.games.carcassonne.kernel.tables import (
    ADJ_WORDS,
    ARMS_TAB,
    CITY,
    EDGE_TAB,
    FIELD,
    FIELD_CODE,
    FITS_TAB,
    GRID,
    HALFSEG_TAB,
    M_NF,
    M_NN,
    M_NT,
    MAXP,
    MONA_TAB,
    MONASTERY,
    NSEG_TAB,
    OFF,
    PAIR_TAB,
    ROAD,
    S_BITS,
    S_FOLL,
    S_GRID,
    S_META,
    S_NODE,
    S_TILE,
    SCITY_TAB,
    SIDESEG_TAB,
    SKIND_TAB,
    SOPEN_TAB,
)

_DX = np.array([0, 1, 0, -1], np.int64)
_DY = np.array([1, 0, -1, 0], np.int64)
_N8X = np.array([0, 1, 1, 1, 0, -1, -1, -1], np.int64)
_N8Y = np.array([1, 1, 0, -1, -1, -1, 0, 1], np.int64)
_ONE = np.uint64(1)
MAX_SEG_BUF = 256


@njit(cache=True)
def popcount(v):
    """Set bits of a uint64."""
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((v * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def cell_of(x, y):
    """The grid index of map cell (x, y)."""
    return (x + OFF) * GRID + (y + OFF)


@njit(cache=True)
def find(parent, b, node):
    """The root of a node's feature (path halving, as the reference)."""
    while parent[b, 0, node] != node:
        parent[b, 0, node] = parent[b, 0, parent[b, 0, node]]
        node = parent[b, 0, node]
    return node


@njit(cache=True)
def union(S, b, a, c):
    """Merge the features of nodes a and c; the root of the result."""
    ra = find(S[S_NODE], b, a)
    rb = find(S[S_NODE], b, c)
    if ra == rb:
        return ra
    tcnt = S[S_NODE]
    if tcnt[b, 3, ra] < tcnt[b, 3, rb]:
        ra, rb = rb, ra
    S[S_NODE][b, 0, rb] = ra
    S[S_NODE][b, 2, ra] += S[S_NODE][b, 2, rb]
    tm0 = S[S_BITS]
    tm1 = S[S_BITS]
    tm0[b, ra, 0] |= tm0[b, rb, 0]
    tm1[b, ra, 1] |= tm1[b, rb, 1]
    tcnt[b, 3, ra] = popcount(tm0[b, ra, 0]) + popcount(tm1[b, ra, 1])
    ftot = S[S_NODE]
    if ftot[b, 4, rb]:
        fcnt = S[S_FOLL]
        for p in range(MAXP):
            fcnt[b, ra, p] += fcnt[b, rb, p]
        seq = S[S_FOLL]
        at = ftot[b, 4, ra]
        for i in range(ftot[b, 4, rb]):
            seq[b, ra, 6 + at + i] = seq[b, rb, 6 + i]
        ftot[b, 4, ra] = at + ftot[b, 4, rb]
    adj = S[S_BITS]
    for w in range(ADJ_WORDS):
        adj[b, ra, 2 + w] |= adj[b, rb, 2 + w]
    return ra


@njit(cache=True)
def place(S, b, ot, x, y):
    """Put oriented tile ``ot`` at (x, y), merge its features and update the frontier."""
    meta = S[S_META]
    idx = meta[b, M_NT]
    base = meta[b, M_NN]
    c = cell_of(x, y)
    S[S_TILE][b, 0, idx] = ot
    S[S_TILE][b, 1, idx] = x
    S[S_TILE][b, 2, idx] = y
    S[S_TILE][b, 3, idx] = base
    S[S_GRID][b, 0, c] = idx + 1
    w, bit = idx >> 6, _ONE << np.uint64(idx & 63)
    if ARMS_TAB[ot >> 2]:
        S[S_BITS][b, 256, w] |= bit
    nseg = NSEG_TAB[ot]
    for g in range(nseg):
        n = base + g
        S[S_NODE][b, 0, n] = n
        S[S_NODE][b, 1, n] = SKIND_TAB[ot, g]
        S[S_NODE][b, 2, n] = SOPEN_TAB[ot, g]
        S[S_BITS][b, n, 0] = bit if w == 0 else np.uint64(0)
        S[S_BITS][b, n, 1] = bit if w == 1 else np.uint64(0)
        S[S_NODE][b, 3, n] = 1
        S[S_NODE][b, 4, n] = 0
        for p in range(MAXP):
            S[S_FOLL][b, n, p] = 0
        for aw in range(ADJ_WORDS):
            S[S_BITS][b, n, 2 + aw] = 0
        for k in range(2):
            cg = SCITY_TAB[ot, g, k]
            if cg >= 0:
                cn = base + cg
                S[S_BITS][b, n, 2 + (cn >> 6)] |= _ONE << np.uint64(cn & 63)
        S[S_NODE][b, 5, n] = idx
    meta[b, M_NT] = idx + 1
    meta[b, M_NN] = base + nseg
    cell = S[S_GRID]
    for side in range(4):
        oi = cell[b, 0, cell_of(x + _DX[side], y + _DY[side])] - 1
        if oi < 0:
            continue
        oot = S[S_TILE][b, 0, oi]
        obase = S[S_TILE][b, 3, oi]
        opp = (side + 2) % 4
        if EDGE_TAB[ot, side] != FIELD_CODE:
            root = union(S, b, base + SIDESEG_TAB[ot, side], obase + SIDESEG_TAB[oot, opp])
            S[S_NODE][b, 2, root] -= 2
        for half in range(2 * side, 2 * side + 2):
            mine = HALFSEG_TAB[ot, half]
            if mine >= 0:
                union(S, b, base + mine, obase + HALFSEG_TAB[oot, PAIR_TAB[half]])
    _update_frontier(S, b, ot, x, y)
    return idx


@njit(cache=True)
def _update_frontier(S, b, ot, x, y):
    meta = S[S_META]
    fpat = S[S_GRID]
    fpos = S[S_GRID]
    front = S[S_NODE]
    c = cell_of(x, y)
    if fpat[b, 1, c]:
        pos = fpos[b, 2, c]
        last = meta[b, M_NF] - 1
        moved = front[b, 6, last]
        front[b, 6, pos] = moved
        fpos[b, 2, moved] = pos
        meta[b, M_NF] = last
        fpat[b, 1, c] = 0
    cell = S[S_GRID]
    for side in range(4):
        nc = cell_of(x + _DX[side], y + _DY[side])
        if cell[b, 0, nc]:
            continue
        if fpat[b, 1, nc] == 0:
            nf = meta[b, M_NF]
            front[b, 6, nf] = nc
            fpos[b, 2, nc] = nf
            meta[b, M_NF] = nf + 1
        code = EDGE_TAB[ot, side] << (2 * ((side + 2) % 4))
        fpat[b, 1, nc] = fpat[b, 1, nc] | code


@njit(cache=True)
def clear_board(S, b):
    """Empty the grid cells the slot's match used (tiles and their frontier)."""
    meta = S[S_META]
    cell = S[S_GRID]
    fpat = S[S_GRID]
    for i in range(meta[b, M_NT]):
        x = S[S_TILE][b, 1, i]
        y = S[S_TILE][b, 2, i]
        cell[b, 0, cell_of(x, y)] = 0
        fpat[b, 1, cell_of(x, y)] = 0
        for side in range(4):
            nc = cell_of(x + _DX[side], y + _DY[side])
            cell[b, 0, nc] = 0
            fpat[b, 1, nc] = 0
    meta[b, M_NT] = 0
    meta[b, M_NN] = 0
    meta[b, M_NF] = 0
    S[S_BITS][b, 256, 0] = 0
    S[S_BITS][b, 256, 1] = 0


@njit(cache=True)
def can_place(S, b, letter):
    """Does the tile fit anywhere on the frontier?"""
    fits = FITS_TAB
    fpat = S[S_GRID]
    front = S[S_NODE]
    for i in range(S[S_META][b, M_NF]):
        if fits[letter, fpat[b, 1, front[b, 6, i]]]:
            return True
    return False


@njit(cache=True)
def neighbours_present(cell, b, x, y):
    """Tiles on the eight cells around (x, y)."""
    k = 0
    for d in range(8):
        if cell[b, 0, cell_of(x + _N8X[d], y + _N8Y[d])]:
            k += 1
    return k


@njit(cache=True)
def arms_count(S, b, root):
    """Coat-of-arms tiles of a feature."""
    bits = S[S_BITS]
    return (popcount(bits[b, root, 0] & bits[b, 256, 0])
            + popcount(bits[b, root, 1] & bits[b, 256, 1]))


@njit(cache=True)
def bordering(S, b, root, out):
    """The distinct roots of every city a field borders into ``out``; returns
    (how many, how many of them are completed), the completed ones first."""
    k = 0
    adj = S[S_BITS]
    for w in range(ADJ_WORDS):
        word = adj[b, root, 2 + w]
        while word:
            low = word & (~word + _ONE)
            bitpos = popcount(low - _ONE)
            r = find(S[S_NODE], b, w * 64 + bitpos)
            seen = False
            for j in range(k):
                if out[j] == r:
                    seen = True
                    break
            if not seen:
                out[k] = r
                k += 1
            word ^= low
    done = 0
    opn = S[S_NODE]
    for j in range(k):
        if opn[b, 2, out[j]] == 0:
            out[j], out[done] = out[done], out[j]
            done += 1
    return k, done


@njit(cache=True)
def open_value(S, b, kind, root, field_value):
    """A feature's value as at final scoring (2.4)."""
    if kind == ROAD:
        return int(S[S_NODE][b, 3, root])
    if kind == CITY:
        return int(S[S_NODE][b, 3, root]) + arms_count(S, b, root)
    if kind == MONASTERY:
        t = S[S_NODE][b, 5, root]
        return 1 + neighbours_present(S[S_GRID], b, S[S_TILE][b, 1, t], S[S_TILE][b, 2, t])
    buf = np.empty(MAX_SEG_BUF, np.int64)
    _k, done = bordering(S, b, root, buf)
    return field_value * done



@njit(cache=True)
def monastery_node(S, b, tile):
    """The monastery node of a placed tile, or -1."""
    m = MONA_TAB[S[S_TILE][b, 0, tile]]
    return -1 if m < 0 else S[S_TILE][b, 3, tile] + m


__all__ = ["CITY", "FIELD", "MONASTERY", "ROAD", "place", "find", "union"]
