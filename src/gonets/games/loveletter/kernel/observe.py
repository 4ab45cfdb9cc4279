"""The rl encoder's observation (``rl/encoders/loveletter.py``) written in compiled code from
a slot and its kept knowledge, bit for bit the encoder's floats (doubles rounded to float32)."""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.games.loveletter.kernel.layout import (
    ALIVE,
    BURNED,
    CARD_MASK,
    CHANC_PHASE,
    DRAWN,
    EXTRA,
    FACE,
    HAND,
    JBY,
    JON,
    KLAST,
    KNOWN,
    MARK,
    NBURN,
    NDECK,
    NDISC,
    NEXTRA,
    NFACE,
    NONE,
    PHASE,
    PLAY,
    PROT,
    ROUND,
    SEEN,
    SPARE_CARD,
    TOKENS,
    TURN,
    UNSURE,
)
from gonets.games.loveletter.kernel.tables import DSIZE, NCARDS, NKINDS, TARGET, N

PHASE_INDEX = np.array([0, 0, 1, 2, 3, 4], np.int64)   # kernel phase -> the encoder's vocab
FLAGS = 7
O_PHASE, O_ROUND, O_DECK, O_SPARE, O_HAND, O_DRAWN, O_FACE, O_BURNED, O_UNSEEN, O_SEATS, \
    O_SEAT_SIZE, O_SIZE = range(12)


def layout(rules) -> tuple[np.ndarray, int]:
    """The encoder's block offsets for ``rules``' configuration, and its size."""
    k, n = len(rules.deck.kinds), rules.players
    seat = 3 + FLAGS + 4 * k
    size = 8 + 5 * k + n * seat
    offsets = [0, 5, 6, 7, 8, 8 + k, 8 + 2 * k, 8 + 3 * k, 8 + 4 * k, 8 + 5 * k, seat, size]
    return np.array(offsets, np.int64), size


@njit(cache=True, _nrt=False)
def _observe(S, T, b, me, out, seen):
    o = T.obs
    n, k, target = T.cfg[N], T.cfg[NKINDS], T.cfg[TARGET]
    kidx, value = T.kidx, T.value
    phase = S.sc[b, PHASE]
    turn = S.sc[b, TURN]
    out[o[O_PHASE] + PHASE_INDEX[phase]] = 1.0
    out[o[O_ROUND]] = min(S.sc[b, ROUND] / (n * target), 1.0)
    out[o[O_DECK]] = S.sc[b, NDECK] / float(T.cfg[DSIZE])
    out[o[O_SPARE]] = 1.0 if S.sc[b, SPARE_CARD] != NONE else 0.0
    for i in range(NCARDS):
        seen[i] = 0
    hand = seen[NCARDS:]
    size = 0
    if S.seat[b, me, HAND] != NONE:
        hand[0] = S.seat[b, me, HAND]
        size = 1
        if me == turn and phase == PLAY and S.sc[b, DRAWN] != NONE:
            hand[1] = S.sc[b, DRAWN]
            size = 2
        elif me == turn and phase == CHANC_PHASE:
            for i in range(S.sc[b, NEXTRA]):
                hand[1 + i] = S.pile[b, EXTRA, i]
            size = 1 + S.sc[b, NEXTRA]
    for i in range(size):
        out[o[O_HAND] + kidx[hand[i]]] += 1.0 / 3.0
        seen[hand[i]] += 1
    if size >= 2:
        out[o[O_DRAWN] + kidx[hand[size - 1]]] = 1.0
    for which, count, offset in ((FACE, S.sc[b, NFACE], o[O_FACE]),
                                 (BURNED, S.sc[b, NBURN], o[O_BURNED])):
        for i in range(count):
            card = S.pile[b, which, i]
            out[offset + kidx[card]] += 1.0 / T.copies[card]
            seen[card] += 1
    cur = S.cur[b]
    alive, prot, mark, jon = S.sc[b, ALIVE], S.sc[b, PROT], S.sc[b, MARK], S.sc[b, JON]
    for q in range(n):
        base = o[O_SEATS] + ((q - me) % n) * o[O_SEAT_SIZE]
        out[base] = min(S.seat[b, q, TOKENS] / target, 1.0)
        held = 0
        if S.seat[b, q, HAND] != NONE:
            held = 1
            if q == turn and phase == PLAY:
                held = 2 if S.sc[b, DRAWN] != NONE else 1
            elif q == turn and phase == CHANC_PHASE:
                held = 1 + S.sc[b, NEXTRA]
        out[base + 1] = held / 3.0
        total = 0
        for i in range(S.seat[b, q, NDISC]):
            total += value[S.disc[b, q, i] & CARD_MASK]
        out[base + 2] = min(total / 40.0, 1.0)
        in_round = alive >> q & 1
        if in_round:
            out[base + 3] = 1.0
        if prot >> q & 1:
            out[base + 4] = 1.0
        if q == cur:
            out[base + 5] = 1.0
        if q == turn:
            out[base + 6] = 1.0
        if q == mark:
            out[base + 7] = 1.0
        if jon != NONE and q == jon:
            out[base + 8] = 1.0
        if jon != NONE and q == S.sc[b, JBY]:
            out[base + 9] = 1.0
        piles = base + 3 + FLAGS
        for i in range(S.seat[b, q, NDISC]):
            card = S.disc[b, q, i] & CARD_MASK
            out[piles + kidx[card]] += 1.0 / T.copies[card]
            seen[card] += 1
        last = S.seat[b, q, KLAST]
        if last != NONE:
            out[piles + k + kidx[last]] = 1.0
        if q != me and in_round:
            known = S.rel[b, me, q, KNOWN]
            if known != NONE:
                out[piles + 2 * k + kidx[known]] = 1.0
                seen[known] += 1
            mine = S.rel[b, me, q, SEEN]
            if mine == UNSURE:
                for j in range(piles + 3 * k, piles + 4 * k):
                    out[j] = 1.0
            elif mine != NONE:
                out[piles + 3 * k + kidx[mine]] = 1.0
    for i in range(k):
        card = T.kinds[i]
        copies = T.copies[card]
        if copies > seen[card]:
            out[o[O_UNSEEN] + i] = (copies - seen[card]) * (1.0 / copies)


@njit(cache=True, _nrt=False)
def observe_all(S, T, out, seats, row, seen):
    """Each slot's observation for ``seats[b]`` (-1: its deciding seat; none: zeros); ``row``
    and ``seen``: scratch of the observation's size (floats) and ``NCARDS + 3`` ints."""
    for b in range(S.cur.size):
        me = seats[b] if seats[b] >= 0 else S.cur[b]
        row[:] = 0.0
        if me >= 0:
            _observe(S, T, b, me, row, seen)
        for i in range(row.size):
            out[b, i] = np.float32(row[i])
