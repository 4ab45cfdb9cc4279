"""Compiled legal actions, applying an action with the forced decisions after it (M7), new
matches with their chance events, and the batch loops (step, mask, random play)."""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.core.kernel import shuffle
from gonets.games.carcassonne.kernel.board import clear_board, find, place
from gonets.games.carcassonne.kernel.flow import (
    ask_next,
    do_follower,
    do_place,
    draw_message,
    end_turn,
    give,
    start_turn,
)
from gonets.games.carcassonne.kernel.messages import resolve_message
from gonets.games.carcassonne.kernel.tables import (
    CHAIN,
    CHAIN_DRAW,
    CHAIN_STOP,
    END,
    FIGURE,
    FIGURE_CHOICE,
    FITS_TAB,
    FOLLOW,
    FOLLOWER,
    FOLLOWERS,
    GRID,
    LEGAL_BUF,
    M_ACTIVE,
    M_DECISIONS,
    M_DISCARDS,
    M_DRAWS,
    M_EVI,
    M_HAND,
    M_LAST,
    M_MSG,
    M_NF,
    M_NT,
    M_PHASE,
    M_PL,
    M_PLACED,
    M_STACKED,
    M_START_TURN,
    M_TURN,
    MESSAGE,
    MSG_ACTION,
    MSG_SEAL,
    NSEG_TAB,
    O_MSG,
    PASS,
    PILE,
    PILE0_TAB,
    PLACE,
    RECALL,
    S_CARD,
    S_EV,
    S_GRID,
    S_META,
    S_NODE,
    S_PLAY,
    S_TILE,
    START,
    TERMINAL,
    WIDTH,
)


@njit(cache=True)
def current(S, b):
    """The deciding seat of a slot, or TERMINAL."""
    meta = S[S_META]
    phase = meta[b, M_PHASE]
    if phase == END:
        return TERMINAL
    if phase == FIGURE_CHOICE:
        return S[S_EV][b, meta[b, M_EVI], 0]
    return meta[b, M_ACTIVE]


@njit(cache=True)
def legal_list(S, b, buf):
    """The legal action ids of a slot into ``buf`` (placements in frontier order, the rest in
    the reference's order); their count."""
    meta = S[S_META]
    phase = meta[b, M_PHASE]
    k = 0
    if phase == PLACE:
        fits = FITS_TAB
        fpat = S[S_GRID]
        front = S[S_NODE]
        letter = meta[b, M_HAND]
        for i in range(meta[b, M_NF]):
            c = front[b, 6, i]
            bits = fits[letter, fpat[b, 1, c]]
            if bits:
                base = ((c // GRID - 1) * WIDTH + (c % GRID - 1)) * 4
                for rot in range(4):
                    if (bits >> rot) & 1:
                        buf[k] = base + rot
                        k += 1
    elif phase == FOLLOWER:
        active = meta[b, M_ACTIVE]
        slots = S[S_PLAY]
        free = False
        for s in range(FOLLOWERS):
            if slots[b, active, 2 + s] < 0:
                free = True
        if free:
            placed = meta[b, M_PLACED]
            base = S[S_TILE][b, 3, placed]
            for g in range(NSEG_TAB[S[S_TILE][b, 0, placed]]):
                if S[S_NODE][b, 4, find(S[S_NODE], b, base + g)] == 0:
                    buf[k] = FOLLOW + g
                    k += 1
        buf[k] = PASS
        k += 1
    elif phase == FIGURE_CHOICE:
        buf[0] = FIGURE
        buf[1] = FIGURE + 1
        k = 2
    elif phase == MESSAGE:
        msg = meta[b, M_MSG]
        if msg == 8:
            buf[0] = MSG_SEAL
            k = 1
            slots = S[S_PLAY]
            active = meta[b, M_ACTIVE]
            for s in range(FOLLOWERS):
                if slots[b, active, 2 + s] >= 0:
                    buf[k] = RECALL + s
                    k += 1
        elif msg == 4 and meta[b, M_PL] == 0:
            buf[0] = MSG_SEAL
            k = 1
        else:
            buf[0] = MSG_ACTION
            buf[1] = MSG_SEAL
            k = 2
    elif phase == CHAIN:
        buf[0] = CHAIN_DRAW
        buf[1] = CHAIN_STOP
        k = 2
    return k


@njit(cache=True)
def do_action(S, b, opt, action):
    """Apply a legal action (no forced decisions after it)."""
    phase = S[S_META][b, M_PHASE]
    if phase == PLACE:
        do_place(S, b, opt, action)
    elif phase == FOLLOWER:
        do_follower(S, b, opt, action)
    elif phase == FIGURE_CHOICE:
        give(S, b, opt, action - FIGURE)
        ask_next(S, b, opt)
    elif phase == MESSAGE:
        resolve_message(S, b, opt, action)
    elif action == CHAIN_DRAW:
        draw_message(S, b)
    else:
        end_turn(S, b, opt)


@njit(cache=True)
def settle(S, b, opt, buf):
    """Apply every decision with one legal option (M7); the legal actions of the decision
    left are in ``buf`` (their count; 0 once the match is over)."""
    while S[S_META][b, M_PHASE] != END:
        k = legal_list(S, b, buf)
        if k != 1:
            return k
        do_action(S, b, opt, buf[0])
    return 0


@njit(cache=True)
def apply_checked(S, b, opt, action, buf):
    """Apply a player's action if legal, then the forced decisions: 0, or -1 if illegal."""
    if S[S_META][b, M_PHASE] == END:
        return -1
    k = legal_list(S, b, buf)
    for i in range(k):
        if buf[i] == action:
            S[S_META][b, M_DECISIONS] += 1
            do_action(S, b, opt, action)
            settle(S, b, opt, buf)
            return 0
    return -1


@njit(cache=True)
def blank(S, b):
    """An empty table: the start tile not yet placed, every counter at its start value."""
    clear_board(S, b)
    meta = S[S_META]
    meta[b, :] = 0
    meta[b, M_HAND] = -1
    meta[b, M_PLACED] = -1
    meta[b, M_LAST] = -1
    play = S[S_PLAY]
    for p in range(play.shape[1]):
        play[b, p, 0] = 0
        play[b, p, 1] = 0
        for s in range(2, 10):
            play[b, p, s] = -1


@njit(cache=True)
def new_match(S, rng, b, opt, buf):
    """A new match in slot b: the start tile, the shuffled pile and message stack, the first
    turn and its forced decisions."""
    blank(S, b)
    place(S, b, START * 4, 0, 0)
    pile = PILE0_TAB.copy()
    shuffle(rng, b, pile, PILE)
    deal = S[S_CARD]
    for i in range(PILE):
        S[S_CARD][b, 0, i] = pile[i]
        deal[b, 3, i] = pile[i]
    S[S_META][b, M_PL] = PILE
    if opt[O_MSG]:
        stack = np.arange(1, 9)
        shuffle(rng, b, stack, 8)
        for i in range(8):
            S[S_CARD][b, 1, i] = stack[i]
            deal[b, 3, PILE + i] = stack[i]
        S[S_META][b, M_STACKED] = 1
    start_turn(S, b, opt, True)
    S[S_META][b, M_START_TURN] = S[S_META][b, M_TURN]
    settle(S, b, opt, buf)


@njit(cache=True)
def reset_slots(S, rng, opt, slots, cur):
    """New matches in the given slots."""
    buf = np.empty(LEGAL_BUF, np.int64)
    for i in range(len(slots)):
        b = slots[i]
        new_match(S, rng, b, opt, buf)
        cur[b] = current(S, b)


@njit(cache=True)
def step_batch(S, opt, actions, cur, errors):
    """Apply actions[b] where it is not negative; errors[b] = 1 where it was illegal."""
    buf = np.empty(LEGAL_BUF, np.int64)
    for b in range(len(actions)):
        errors[b] = 0
        if actions[b] < 0 or cur[b] == TERMINAL:
            continue
        if apply_checked(S, b, opt, actions[b], buf) < 0:
            errors[b] = 1
        cur[b] = current(S, b)


@njit(cache=True)
def mask_batch(S, out):
    """Fill the legal mask of every slot."""
    buf = np.empty(LEGAL_BUF, np.int64)
    for b in range(out.shape[0]):
        out[b, :] = False
        k = legal_list(S, b, buf)
        for i in range(k):
            out[b, buf[i]] = True


@njit(cache=True)
def tally(S, b, counts):
    """Add a finished match's figures: decisions, 1 match, tiles placed, messages, discards
    (the whole match's, like the reference ``bench_counts``)."""
    meta = S[S_META]
    counts[0] += meta[b, M_DECISIONS]
    counts[1] += 1
    counts[2] += meta[b, M_NT] - 1
    counts[3] += meta[b, M_DRAWS]
    counts[4] += meta[b, M_DISCARDS]
