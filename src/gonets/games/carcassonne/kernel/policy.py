"""The compiled playout policy and evaluation of ``games/carcassonne/bot.py``.

``rollout_action``: a uniform random placement (over the kernel's listing order), the bot's
follower rule, its figure rule, and the first legal option otherwise (message action, the
seal first for message 8, chain draw). ``expected_worth`` and ``evaluate`` are the bot's.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from gonets.core.kernel import below
from gonets.games.carcassonne.kernel.board import arms_count, bordering, find, neighbours_present
from gonets.games.carcassonne.kernel.step import current, do_action, legal_list, settle, tally
from gonets.games.carcassonne.kernel.tables import (
    CITY,
    END,
    FIELD,
    FIGURE,
    FIGURE_CHOICE,
    FOLLOW,
    FOLLOWER,
    FOLLOWERS,
    LEGAL_BUF,
    M_ACTIVE,
    M_DECISIONS,
    M_EVI,
    M_EVN,
    M_PHASE,
    M_PL,
    M_PLACED,
    M_START_TURN,
    M_TURN,
    MAX_NODES,
    MONASTERY,
    PASS,
    PLACE,
    ROAD,
    S_EV,
    S_FOLL,
    S_GRID,
    S_META,
    S_NODE,
    S_PLAY,
    S_TILE,
    TERMINAL,
)

WIN_SCALE = 12.0


@njit(cache=True)
def _follower_rule(S, b, buf, k):
    meta = S[S_META]
    active = meta[b, M_ACTIVE]
    base = S[S_TILE][b, 3, meta[b, M_PLACED]]
    supply = 0
    for s in range(FOLLOWERS):
        if S[S_PLAY][b, active, 2 + s] < 0:
            supply += 1
    late = meta[b, M_PL] < 12
    best = PASS
    best_value = 0.0
    near = np.empty(MAX_NODES, np.int64)
    for i in range(k):
        action = buf[i]
        if action == PASS:
            continue
        r = find(S[S_NODE], b, base + action - FOLLOW)
        kind = S[S_NODE][b, 1, r]
        if kind == FIELD:
            value = 0.0
            if late:
                _n, done = bordering(S, b, r, near)
                value = 1.0 + 3.0 * done
        elif kind == MONASTERY:
            value = 5.0
        else:
            tiles = float(S[S_NODE][b, 3, r])
            value = tiles + (tiles + arms_count(S, b, r) if kind == CITY else 0.0)
            if S[S_NODE][b, 2, r] == 0:
                value += 10.0
            elif supply <= 1:
                value = 0.0
        if value > best_value:
            best = action
            best_value = value
    return best


@njit(cache=True)
def _figure_rule(S, b):
    meta = S[S_META]
    i = meta[b, M_EVI]
    seat = S[S_EV][b, i, 0]
    points = S[S_EV][b, i, 1]
    t0 = S[S_PLAY][b, seat, 0] + points
    t1 = S[S_PLAY][b, seat, 1] + points
    if meta[b, M_ACTIVE] == seat:
        if t0 % 5 == 0:
            return FIGURE
        if t1 % 5 == 0:
            return FIGURE + 1
    return FIGURE + 1 if t1 % 5 > t0 % 5 else FIGURE


@njit(cache=True)
def rollout_action(S, rng, b, buf, k):
    """bot.rollout_action for the slot's decision (its k legal actions in ``buf``)."""
    phase = S[S_META][b, M_PHASE]
    if phase == PLACE:
        return buf[below(rng, b, k)]
    if phase == FOLLOWER:
        return buf[0] if k == 1 else _follower_rule(S, b, buf, k)
    if phase == FIGURE_CHOICE:
        return _figure_rule(S, b)
    return buf[0]


@njit(cache=True)
def policy_batch(S, rng, opt, cur, mask, counts):
    """Play every slot to the end: the policy for the seats in ``mask``, random otherwise."""
    buf = np.empty(LEGAL_BUF, np.int64)
    meta = S[S_META]
    for b in range(len(cur)):
        if meta[b, M_PHASE] == END:
            continue
        k = legal_list(S, b, buf)
        while meta[b, M_PHASE] != END:
            if (mask >> current(S, b)) & 1:
                action = rollout_action(S, rng, b, buf, k)
            else:
                action = buf[below(rng, b, k)]
            do_action(S, b, opt, action)
            meta[b, M_DECISIONS] += 1
            k = settle(S, b, opt, buf)
        tally(S, b, counts)
        cur[b] = TERMINAL


@njit(cache=True)
def actions_batch(S, rng, opt, out):
    """The policy's action of every slot's deciding seat (-1 where over)."""
    buf = np.empty(LEGAL_BUF, np.int64)
    for b in range(len(out)):
        k = legal_list(S, b, buf)
        out[b] = rollout_action(S, rng, b, buf, k) if k else -1


@njit(cache=True)
def _completion_chance(open_edges):
    return 0.75 if open_edges <= 2 else 0.45 if open_edges <= 4 else 0.2


@njit(cache=True)
def feature_worth(S, b, root, near):
    """bot.feature_worth: expected points of an incomplete feature for its leaders."""
    kind = S[S_NODE][b, 1, root]
    tiles = float(S[S_NODE][b, 3, root])
    if kind == ROAD:
        return tiles
    if kind == CITY:
        value = tiles + arms_count(S, b, root)
        return value * (1 + _completion_chance(S[S_NODE][b, 2, root]))
    if kind == MONASTERY:
        t = S[S_NODE][b, 5, root]
        present = neighbours_present(S[S_GRID], b, S[S_TILE][b, 1, t], S[S_TILE][b, 2, t])
        return 1 + present + 0.6 * (8 - present)
    k, done = bordering(S, b, root, near)
    return 3.0 * done + 1.2 * (k - done)


@njit(cache=True)
def expected_worth(S, b, n, worth):
    """bot.expected_worth into ``worth[:n]`` (the same additions in the same order)."""
    meta = S[S_META]
    scores = S[S_PLAY]
    slots = S[S_PLAY]
    fcnt = S[S_FOLL]
    for p in range(n):
        worth[p] = float(scores[b, p, 0] + scores[b, p, 1])
    ev = S[S_EV]
    for i in range(meta[b, M_EVI], meta[b, M_EVN]):
        worth[ev[b, i, 0]] += ev[b, i, 1]
    roots = np.empty(n * FOLLOWERS, np.int64)
    nroots = 0
    near = np.empty(MAX_NODES, np.int64)
    for p in range(n):
        for s in range(FOLLOWERS):
            node = slots[b, p, 2 + s]
            if node < 0:
                continue
            r = find(S[S_NODE], b, node)
            seen = False
            for j in range(nroots):
                if roots[j] == r:
                    seen = True
            if not seen:
                roots[nroots] = r
                nroots += 1
    for j in range(nroots):
        r = roots[j]
        best = 0
        for p in range(n):
            best = max(best, fcnt[b, r, p])
        value = feature_worth(S, b, r, near)
        for p in range(n):
            if fcnt[b, r, p] == best:
                worth[p] += value
    left = meta[b, M_PL] / 71.0
    for p in range(n):
        free = 0
        for s in range(FOLLOWERS):
            if slots[b, p, 2 + s] < 0:
                free += 1
        worth[p] += free * (0.3 + 1.5 * left)


@njit(cache=True)
def playout_batch(S, rng, opt, cur, turns, worth):
    """Policy play until ``turns`` turns have started since the load (or the end); each slot's
    expected worth (final totals once over) into ``worth``."""
    buf = np.empty(LEGAL_BUF, np.int64)
    meta = S[S_META]
    n = S[S_PLAY].shape[1]
    for b in range(len(cur)):
        k = legal_list(S, b, buf)
        while meta[b, M_PHASE] != END and meta[b, M_TURN] - meta[b, M_START_TURN] < turns:
            do_action(S, b, opt, rollout_action(S, rng, b, buf, k))
            k = settle(S, b, opt, buf)
        cur[b] = current(S, b)
        if meta[b, M_PHASE] == END:
            for p in range(n):
                worth[b, p] = float(S[S_PLAY][b, p, 0] + S[S_PLAY][b, p, 1])
        else:
            expected_worth(S, b, n, worth[b])


@njit(cache=True)
def evaluate_batch(S, opt, out):
    """bot.evaluate of every slot."""
    worth = np.empty(S[S_PLAY].shape[1], np.float64)
    for b in range(out.shape[0]):
        evaluate_slot(S, b, worth, out[b])


@njit(cache=True)
def evaluate_slot(S, b, worth, out):
    """bot.evaluate of slot ``b`` into ``out`` (``worth``: scratch of a float per player)."""
    meta = S[S_META]
    n = S[S_PLAY].shape[1]
    if meta[b, M_PHASE] == END:
        best = -1
        for p in range(n):
            best = max(best, S[S_PLAY][b, p, 0] + S[S_PLAY][b, p, 1])
        wins = 0
        for p in range(n):
            if S[S_PLAY][b, p, 0] + S[S_PLAY][b, p, 1] == best:
                wins += 1
        for p in range(n):
            out[p] = 1.0 / wins if S[S_PLAY][b, p, 0] + S[S_PLAY][b, p, 1] == best else 0.0
        return
    expected_worth(S, b, n, worth)
    top = worth.max()
    total = 0.0
    for p in range(n):
        out[p] = math.exp((worth[p] - top) / WIN_SCALE)
        total += out[p]
    for p in range(n):
        out[p] /= total
