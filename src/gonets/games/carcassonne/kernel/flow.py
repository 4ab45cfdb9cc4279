"""The compiled turn flow: draw, place, follower, the scoring round, figure questions and
dark-space checks (the reference's ``placement``, ``scoring`` and ``messengers`` mixins; the
messages themselves are in :mod:`.messages`).

The call graph has no cycle: every path ends in a decision phase or in :func:`finish`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.games.carcassonne.kernel.board import (
    can_place,
    find,
    place,
)
from gonets.games.carcassonne.kernel.scoring import (
    best_count,
    completed_features,
    completed_value,
    finish,
    release,
)
from gonets.games.carcassonne.kernel.tables import (
    CHAIN,
    CTX_ROUND,
    FIGURE_CHOICE,
    FOLLOW,
    FOLLOWER,
    FOLLOWERS,
    LETTER_COUNT,
    M_ACTIVE,
    M_BK,
    M_CTX,
    M_DISCARDS,
    M_DRAWS,
    M_EVI,
    M_EVN,
    M_HAND,
    M_LAST,
    M_MOV0,
    M_MSG,
    M_ND,
    M_PART,
    M_PH,
    M_PHASE,
    M_PL,
    M_PLACED,
    M_SH,
    M_TURN,
    M_UNDER,
    MAX_TILES,
    MESSAGE,
    O_ALONE,
    O_BOTTOM,
    O_CHAINOPT,
    O_LASTMOVED,
    O_MSG,
    O_N,
    O_SINGLE,
    PASS,
    PLACE,
    S_CARD,
    S_EV,
    S_FOLL,
    S_META,
    S_NODE,
    S_PLAY,
    S_TILE,
    WIDTH,
)


@njit(cache=True)
def draw_tile(S, b, opt):
    """Draw until a tile fits (2.2.5, M28); an exhausted pile ends the game."""
    meta = S[S_META]
    pile = S[S_CARD]
    disc = S[S_CARD]
    while True:
        if meta[b, M_PL] == 0:
            finish(S, b, opt)
            return
        letter = pile[b, 0, meta[b, M_PH]]
        meta[b, M_PH] = (meta[b, M_PH] + 1) % MAX_TILES
        meta[b, M_PL] -= 1
        meta[b, M_BK] = min(meta[b, M_BK], meta[b, M_PL])
        if can_place(S, b, letter):
            meta[b, M_HAND] = letter
            meta[b, M_PHASE] = PLACE
            return
        if opt[O_BOTTOM]:
            pile[b, 0, (meta[b, M_PH] + meta[b, M_PL]) % MAX_TILES] = letter
            meta[b, M_PL] += 1
            meta[b, M_BK] += 1
            meta[b, M_UNDER] += 1
            if meta[b, M_UNDER] >= meta[b, M_PL]:
                counts = np.zeros(LETTER_COUNT, np.int64)
                for i in range(meta[b, M_PL]):
                    counts[pile[b, 0, (meta[b, M_PH] + i) % MAX_TILES]] += 1
                for li in range(LETTER_COUNT):
                    for _ in range(counts[li]):
                        disc[b, 2, meta[b, M_ND]] = li
                        meta[b, M_ND] += 1
                meta[b, M_PL] = 0
                meta[b, M_BK] = 0
        else:
            disc[b, 2, meta[b, M_ND]] = letter
            meta[b, M_ND] += 1
            meta[b, M_DISCARDS] += 1


@njit(cache=True)
def start_turn(S, b, opt, first):
    """The next player's turn (or the first one) starts with a draw."""
    meta = S[S_META]
    if not first:
        meta[b, M_ACTIVE] = (meta[b, M_ACTIVE] + 1) % opt[O_N]
    meta[b, M_TURN] += 1
    meta[b, M_PART] = 0
    for p in range(opt[O_N]):
        S[S_PLAY][b, p, 9] = -1
    draw_tile(S, b, opt)


@njit(cache=True)
def end_turn(S, b, opt):
    """The turn is over: the game ends with the pile, else the next turn starts."""
    if S[S_META][b, M_PL] == 0:
        finish(S, b, opt)
    else:
        start_turn(S, b, opt, False)


@njit(cache=True)
def do_place(S, b, opt, action):
    """Place the tile in hand (the action is legal)."""
    meta = S[S_META]
    rot = action & 3
    cell = action >> 2
    x = cell // WIDTH - (WIDTH // 2)
    y = cell % WIDTH - (WIDTH // 2)
    meta[b, M_PLACED] = place(S, b, meta[b, M_HAND] * 4 + rot, x, y)
    meta[b, M_HAND] = -1
    meta[b, M_UNDER] = 0
    meta[b, M_PHASE] = FOLLOWER


@njit(cache=True)
def do_follower(S, b, opt, action):
    """A follower on a segment of the tile just placed (or none), then the scoring round."""
    meta = S[S_META]
    if action != PASS:
        active = meta[b, M_ACTIVE]
        slots = S[S_PLAY]
        slot = 0
        while slots[b, active, 2 + slot] >= 0:
            slot += 1
        node = S[S_TILE][b, 3, meta[b, M_PLACED]] + action - FOLLOW
        r = find(S[S_NODE], b, node)
        S[S_FOLL][b, r, active] += 1
        S[S_FOLL][b, r, 6 + S[S_NODE][b, 4, r]] = active * FOLLOWERS + slot
        S[S_NODE][b, 4, r] += 1
        slots[b, active, 2 + slot] = node
    score_round(S, b, opt)


@njit(cache=True)
def score_round(S, b, opt):
    """Step 3 (M1): score completed features, return followers, then the figure questions."""
    n = opt[O_N]
    kinds = np.empty(24, np.int64)
    roots = np.empty(24, np.int64)
    points = np.zeros(24, np.int64)
    best = np.zeros(24, np.int64)
    held = np.zeros((24, n), np.int64)
    k = completed_features(S, b, kinds, roots)
    fcnt = S[S_FOLL]
    for f in range(k):
        r = roots[f]
        if S[S_NODE][b, 4, r] == 0:
            continue
        points[f] = completed_value(S, b, opt, kinds[f], r)
        best[f] = best_count(S, b, r, n)
        for p in range(n):
            held[f, p] = fcnt[b, r, p]
        release(S, b, r, n)
    ev = S[S_EV]
    active = S[S_META][b, M_ACTIVE]
    count = 0
    for rel in range(n):
        p = (active + rel) % n
        for f in range(k):
            if best[f] > 0 and held[f, p] == best[f]:
                ev[b, count, 0] = p
                ev[b, count, 1] = points[f]
                ev[b, count, 2] = kinds[f]
                ev[b, count, 3] = roots[f]
                ev[b, count, 4] = -1
                count += 1
    open_check(S, b, opt, CTX_ROUND, count)


@njit(cache=True)
def open_check(S, b, opt, ctx, count):
    """Start the figure questions of a round or a message (without The Messengers the points
    go straight to the meeple and the turn ends)."""
    meta = S[S_META]
    ev = S[S_EV]
    if not opt[O_MSG]:
        for i in range(count):
            S[S_PLAY][b, ev[b, i, 0], 0] += ev[b, i, 1]
        end_turn(S, b, opt)
        return
    meta[b, M_CTX] = ctx
    meta[b, M_EVN] = count
    meta[b, M_EVI] = 0
    meta[b, M_MOV0] = 0
    meta[b, M_MOV0 + 1] = 0
    meta[b, M_LAST] = -1
    ask_next(S, b, opt)


@njit(cache=True)
def give(S, b, opt, figure):
    """The pending event's points go to one figure of its player."""
    meta = S[S_META]
    ev = S[S_EV]
    i = meta[b, M_EVI]
    p = ev[b, i, 0]
    S[S_PLAY][b, p, figure] += ev[b, i, 1]
    if p == meta[b, M_ACTIVE]:
        meta[b, M_MOV0 + figure] = 1
        meta[b, M_LAST] = figure
    lock = S[S_PLAY]
    if opt[O_SINGLE] and lock[b, p, 9] < 0:
        lock[b, p, 9] = figure
    ev[b, i, 4] = figure
    meta[b, M_EVI] = i + 1


@njit(cache=True)
def ask_next(S, b, opt):
    """Ask the next figure question, or run the check once all are answered (M2, M5)."""
    meta = S[S_META]
    ev = S[S_EV]
    scores = S[S_PLAY]
    lock = S[S_PLAY]
    while meta[b, M_EVI] < meta[b, M_EVN]:
        p = ev[b, meta[b, M_EVI], 0]
        if opt[O_SINGLE] and lock[b, p, 9] >= 0:
            give(S, b, opt, lock[b, p, 9])
        elif scores[b, p, 0] == scores[b, p, 1]:
            give(S, b, opt, 0)
        else:
            meta[b, M_PHASE] = FIGURE_CHOICE
            return
    if meta[b, M_CTX] == CTX_ROUND:
        round_check(S, b, opt)
    else:
        chain_check(S, b, opt)


@njit(cache=True)
def triggers(S, b, opt, figure):
    """Does this figure of the active player stand on a dark space (M8, M11)?"""
    scores = S[S_PLAY]
    active = S[S_META][b, M_ACTIVE]
    total = scores[b, active, figure]
    if total % 5:
        return False
    if opt[O_ALONE]:
        space = total % 50
        for p in range(opt[O_N]):
            if p != active and (scores[b, p, 0] % 50 == space or scores[b, p, 1] % 50 == space):
                return False
    return True


@njit(cache=True)
def round_check(S, b, opt):
    """After a round: a moved figure of the active player on a dark space draws a message."""
    meta = S[S_META]
    hit = False
    if opt[O_LASTMOVED]:
        last = meta[b, M_LAST]
        hit = last >= 0 and triggers(S, b, opt, last)
    else:
        for f in range(2):
            if meta[b, M_MOV0 + f] and triggers(S, b, opt, f):
                hit = True
    if hit:
        draw_message(S, b)
    else:
        end_turn(S, b, opt)


@njit(cache=True)
def chain_check(S, b, opt):
    """After a message's points: the figure that took them may chain the next message."""
    last = S[S_META][b, M_LAST]
    if last >= 0 and triggers(S, b, opt, last):
        if opt[O_CHAINOPT]:
            S[S_META][b, M_PHASE] = CHAIN
        else:
            draw_message(S, b)
    else:
        end_turn(S, b, opt)


@njit(cache=True)
def draw_message(S, b):
    """The top message is drawn and goes under the stack at once (M13)."""
    meta = S[S_META]
    sh = meta[b, M_SH]
    meta[b, M_MSG] = S[S_CARD][b, 1, sh]
    meta[b, M_SH] = (sh + 1) % 8
    meta[b, M_DRAWS] += 1
    meta[b, M_PHASE] = MESSAGE
