"""Compiled scoring: completed features of a placement (2.3, M3) and final scoring (2.4, M25)."""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.games.carcassonne.kernel.board import (
    bordering,
    cell_of,
    find,
    neighbours_present,
    open_value,
)
from gonets.games.carcassonne.kernel.tables import (
    CITY,
    END,
    FIELD,
    FOLLOWERS,
    M_FINAL,
    M_HAND,
    M_MERGED,
    M_NN,
    M_PHASE,
    M_PLACED,
    MAX_NODES,
    MONA_TAB,
    MONASTERY,
    NSEG_TAB,
    O_FARM,
    O_FVAL,
    O_MSG,
    O_N,
    O_TINY,
    ROAD,
    S_FOLL,
    S_GRID,
    S_META,
    S_NODE,
    S_PLAY,
    S_TILE,
    SKIND_TAB,
)

_D9X = np.array([0, 0, 1, 1, 1, 0, -1, -1, -1], np.int64)
_D9Y = np.array([0, 1, 1, 0, -1, -1, -1, 0, 1], np.int64)


@njit(cache=True)
def completed_features(S, b, kinds, roots):
    """Features the tile just placed completed, in the order of rule M3; their count."""
    meta = S[S_META]
    placed = meta[b, M_PLACED]
    ot = S[S_TILE][b, 0, placed]
    base = S[S_TILE][b, 3, placed]
    opn = S[S_NODE]
    k = 0
    for kind in (ROAD, CITY):
        for g in range(NSEG_TAB[ot]):
            if SKIND_TAB[ot, g] != kind:
                continue
            r = find(S[S_NODE], b, base + g)
            if opn[b, 2, r] != 0:
                continue
            seen = False
            for j in range(k):
                if roots[j] == r:
                    seen = True
            if not seen:
                kinds[k] = kind
                roots[k] = r
                k += 1
    x = S[S_TILE][b, 1, placed]
    y = S[S_TILE][b, 2, placed]
    cell = S[S_GRID]
    for d in range(9):
        i = cell[b, 0, cell_of(x + _D9X[d], y + _D9Y[d])] - 1
        if i < 0:
            continue
        m = MONA_TAB[S[S_TILE][b, 0, i]]
        if m >= 0 and neighbours_present(S[S_GRID], b, x + _D9X[d], y + _D9Y[d]) == 8:
            kinds[k] = MONASTERY
            roots[k] = S[S_TILE][b, 3, i] + m
            k += 1
    return k


@njit(cache=True)
def completed_value(S, b, opt, kind, root):
    """Points of a completed feature."""
    if kind == ROAD:
        return int(S[S_NODE][b, 3, root])
    if kind == CITY:
        tiles = int(S[S_NODE][b, 3, root])
        arms = open_value(S, b, CITY, root, 0) - tiles
        if tiles == 2 and opt[O_TINY]:
            return tiles + arms
        return 2 * tiles + 2 * arms
    return 9


@njit(cache=True)
def best_count(S, b, root, n):
    """The largest follower count of one player on a feature."""
    fcnt = S[S_FOLL]
    best = 0
    for p in range(n):
        if fcnt[b, root, p] > best:
            best = fcnt[b, root, p]
    return best


@njit(cache=True)
def release(S, b, root, n):
    """Every follower on a feature goes back to its owner's supply."""
    slots = S[S_PLAY]
    seq = S[S_FOLL]
    for i in range(S[S_NODE][b, 4, root]):
        v = seq[b, root, 6 + i]
        slots[b, v // FOLLOWERS, 2 + v % FOLLOWERS] = -1
    for p in range(n):
        S[S_FOLL][b, root, p] = 0
    S[S_NODE][b, 4, root] = 0


@njit(cache=True)
def finish(S, b, opt):
    """Merge the figures (M25), score incomplete features and farms (2.4), end the match."""
    meta = S[S_META]
    scores = S[S_PLAY]
    n = opt[O_N]
    meta[b, M_HAND] = -1
    if opt[O_MSG] and not meta[b, M_MERGED]:
        for p in range(n):
            scores[b, p, 0] += scores[b, p, 1]
            scores[b, p, 1] = 0
        meta[b, M_MERGED] = 1
    fcnt = S[S_FOLL]
    ftot = S[S_NODE]
    kindarr = S[S_NODE]
    seen = np.zeros(MAX_NODES, np.bool_)
    fields = np.empty(MAX_NODES, np.int64)
    nfields = 0
    fval = opt[O_FVAL]
    for node in range(meta[b, M_NN]):
        r = find(S[S_NODE], b, node)
        if seen[r] or ftot[b, 4, r] == 0:
            continue
        seen[r] = True
        kind = kindarr[b, 1, r]
        if kind == FIELD:
            fields[nfields] = r
            nfields += 1
            continue
        points = open_value(S, b, kind, r, fval)
        best = best_count(S, b, r, n)
        if points:
            for p in range(n):
                if fcnt[b, r, p] == best:
                    scores[b, p, 0] += points
    buf = np.empty(MAX_NODES, np.int64)
    if opt[O_FARM] == 0:
        for i in range(nfields):
            r = fields[i]
            _k, done = bordering(S, b, r, buf)
            best = best_count(S, b, r, n)
            if done:
                for p in range(n):
                    if fcnt[b, r, p] == best:
                        scores[b, p, 0] += 3 * done
    else:
        cities = np.empty(MAX_NODES, np.int64)
        counts = np.zeros((MAX_NODES, n), np.int64)
        ncities = 0
        for i in range(nfields):
            r = fields[i]
            _k, done = bordering(S, b, r, buf)
            for j in range(done):
                at = -1
                for q in range(ncities):
                    if cities[q] == buf[j]:
                        at = q
                if at < 0:
                    at = ncities
                    cities[at] = buf[j]
                    ncities += 1
                for p in range(n):
                    counts[at, p] += fcnt[b, r, p]
        for q in range(ncities):
            best = 0
            for p in range(n):
                best = max(best, counts[q, p])
            for p in range(n):
                if counts[q, p] == best:
                    scores[b, p, 0] += fval
    meta[b, M_FINAL] = 1
    meta[b, M_PHASE] = END
