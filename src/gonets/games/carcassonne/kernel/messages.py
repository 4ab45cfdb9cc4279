"""Compiled messages 1-8 (3.3, M17-M22): the action or the seal of the current message."""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.games.carcassonne.kernel.board import arms_count, find, open_value
from gonets.games.carcassonne.kernel.flow import draw_tile, end_turn, open_check
from gonets.games.carcassonne.kernel.scoring import best_count
from gonets.games.carcassonne.kernel.tables import (
    CITY,
    CTX_MESSAGE,
    FIELD,
    FOLLOWERS,
    M_ACTIVE,
    M_MSG,
    M_PART,
    MONASTERY,
    MSG_SEAL,
    O_FVAL,
    O_MAJ8,
    O_N,
    RECALL,
    ROAD,
    S_EV,
    S_FOLL,
    S_META,
    S_NODE,
    S_PLAY,
    SRC_MESSAGE,
)


@njit(cache=True)
def resolve_message(S, b, opt, action):
    """The action or the seal of the current message."""
    meta = S[S_META]
    number = meta[b, M_MSG]
    meta[b, M_MSG] = 0
    if action == MSG_SEAL:
        points = 2
    elif number == 4:
        meta[b, M_PART] = 1
        draw_tile(S, b, opt)
        return
    elif number == 8:
        points = recall(S, b, opt, action - RECALL)
    else:
        points = message_points(S, b, opt, number)
    if points > 0:
        ev = S[S_EV]
        ev[b, 0, 0] = meta[b, M_ACTIVE]
        ev[b, 0, 1] = points
        ev[b, 0, 2] = SRC_MESSAGE + number
        ev[b, 0, 3] = -1
        ev[b, 0, 4] = -1
        open_check(S, b, opt, CTX_MESSAGE, 1)
    else:
        end_turn(S, b, opt)


@njit(cache=True)
def message_points(S, b, opt, number):
    """Points of messages 1-3 and 5-7 for the active player (M17, M19)."""
    active = S[S_META][b, M_ACTIVE]
    slots = S[S_PLAY]
    kindarr = S[S_NODE]
    if number <= 3:
        want = ROAD if number == 1 else CITY if number == 2 else MONASTERY
        best = -1
        for s in range(FOLLOWERS):
            node = slots[b, active, 2 + s]
            if node < 0 or kindarr[b, 1, node] != want:
                continue
            v = open_value(S, b, want, find(S[S_NODE], b, node), opt[O_FVAL])
            if best < 0 or v < best:
                best = v
        return max(best, 0)
    if number == 5:
        roots = np.full(FOLLOWERS, -1, np.int64)
        total = 0
        for s in range(FOLLOWERS):
            node = slots[b, active, 2 + s]
            if node < 0 or kindarr[b, 1, node] != CITY:
                continue
            r = find(S[S_NODE], b, node)
            seen = False
            for j in range(FOLLOWERS):
                if roots[j] == r:
                    seen = True
            if seen:
                continue
            roots[s] = r
            total += arms_count(S, b, r)
        return 2 * total
    want = CITY if number == 6 else FIELD
    count = 0
    for s in range(FOLLOWERS):
        node = slots[b, active, 2 + s]
        if node >= 0 and kindarr[b, 1, node] == want:
            count += 1
    return 2 * count


@njit(cache=True)
def recall(S, b, opt, slot):
    """Message 8 (M20): score the follower's feature if in majority, take it back."""
    active = S[S_META][b, M_ACTIVE]
    node = S[S_PLAY][b, active, 2 + slot]
    r = find(S[S_NODE], b, node)
    kind = S[S_NODE][b, 1, node]
    fcnt = S[S_FOLL]
    majority = fcnt[b, r, active] >= best_count(S, b, r, opt[O_N])
    points = 0
    if majority or not opt[O_MAJ8]:
        points = open_value(S, b, kind, r, opt[O_FVAL])
    fcnt[b, r, active] -= 1
    seq = S[S_FOLL]
    me = active * FOLLOWERS + slot
    k = 0
    for i in range(S[S_NODE][b, 4, r]):
        if seq[b, r, 6 + i] != me:
            seq[b, r, 6 + k] = seq[b, r, 6 + i]
            k += 1
    S[S_NODE][b, 4, r] = k
    S[S_PLAY][b, active, 2 + slot] = -1
    return points
