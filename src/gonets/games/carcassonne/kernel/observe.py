"""The compiled observation: ``rl/encoders/carcassonne.py`` on the slot's view, bit for bit.

The block offsets come from the encoder's own layout; the values are computed with the same
arithmetic (float64 quotients stored as float32, float32 quotients where the encoder divides
by its float32 copy counts) and clipped to [0, 1] as ``Encoder.encode`` does. The encoder's
"moved a figure" feature reads the round's per-figure ``moved`` list by seat (seats 0 and 1
get the meeple and messenger flags); the kernel reproduces that reading.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.games.carcassonne.kernel.step import current
from gonets.games.carcassonne.kernel.tables import (
    FOLLOWERS,
    LETTER_COUNT,
    M_ACTIVE,
    M_BK,
    M_DRAWS,
    M_HAND,
    M_MERGED,
    M_MOV0,
    M_MSG,
    M_ND,
    M_NT,
    M_PH,
    M_PHASE,
    M_PL,
    M_PLACED,
    M_SH,
    M_STACKED,
    M_UNDER,
    MAX_TILES,
    S_CARD,
    S_META,
    S_NODE,
    S_PLAY,
    S_TILE,
)
from gonets.games.carcassonne.rules.tiles import LETTERS

(L_PHASE, L_HAND, L_COUNTS, L_REMAINING, L_BOTTOM, L_MESSAGES, L_TILES, L_TILE_SIZE, L_FIG_SIZE,
 L_SEATS) = range(10)


class Observer:
    """The encoder's layout and vocabulary as arrays, and the batch observation."""

    def __init__(self, config):
        from gonets.rl.encoders import get_encoder

        encoder = get_encoder(config)
        self.size = encoder.size
        e = encoder
        head = [e.o_phase, e.o_hand, e.o_counts, e.o_remaining, e.o_bottom, e.o_messages,
                e.o_tiles, e.tile_size, e.fig_size]
        self.layout = np.array(head + list(e.o_seats), np.int64)
        self.letters = np.array([e.letters.index[letter] for letter in LETTERS], np.int64)
        self.copies = np.array([e.copies[e.letters.index[letter]] for letter in LETTERS],
                               np.float32)

    def observe(self, batch, out: np.ndarray, seats: np.ndarray) -> None:
        """Fill ``out`` (B, size) with each slot's observation for ``seats[b]``."""
        observe_batch(batch.S, self.layout, self.letters, self.copies, seats, out)


@njit(cache=True)
def observe_batch(S, layout, letters, copies, seats, out):
    """Every slot's observation for its seat."""
    for b in range(out.shape[0]):
        out[b, :] = 0.0
        observe_slot(S, layout, letters, copies, b, seats[b], out[b])
        for i in range(out.shape[1]):
            v = out[b, i]
            if v < 0.0:
                out[b, i] = 0.0
            elif v > 1.0:
                out[b, i] = 1.0


@njit(cache=True)
def observe_slot(S, layout, letters, copies, b, me, row):
    """One observation (``row`` zeroed)."""
    meta = S[S_META]
    n = S[S_PLAY].shape[1]
    row[layout[L_PHASE] + meta[b, M_PHASE] + 2] = 1.0
    if meta[b, M_HAND] >= 0:
        row[layout[L_HAND] + letters[meta[b, M_HAND]]] = 1.0
    o = layout[L_COUNTS]
    row[o] = meta[b, M_PLACED] / MAX_TILES
    row[o + 1] = meta[b, M_PL] / (MAX_TILES - 1)
    row[o + 2] = meta[b, M_UNDER] / (MAX_TILES - 1)
    row[o + 3] = meta[b, M_ND] / (MAX_TILES - 1)
    row[o + 4] = 1.0 if meta[b, M_MERGED] else 0.0
    pile = S[S_CARD]
    counts = np.zeros(LETTER_COUNT, np.int64)
    head, size = meta[b, M_PH], meta[b, M_PL]
    for i in range(size):
        counts[pile[b, 0, (head + i) % MAX_TILES]] += 1
    for li in range(LETTER_COUNT):
        i = letters[li]
        row[layout[L_REMAINING] + i] = np.float32(counts[li]) / copies[li]
    for k in range(size - meta[b, M_BK], size):
        li = pile[b, 0, (head + k) % MAX_TILES]
        i = layout[L_BOTTOM] + letters[li]
        row[i] = row[i] + np.float32(1.0) / copies[li]
    _messages(S, b, layout[L_MESSAGES], row)
    cell = 1.0 / 142.0
    tsize = layout[L_TILE_SIZE]
    for k in range(min(meta[b, M_NT], MAX_TILES)):
        base = layout[L_TILES] + k * tsize
        ot = S[S_TILE][b, 0, k]
        row[base] = 1.0
        row[base + 1] = (S[S_TILE][b, 1, k] + 71) * cell
        row[base + 2] = (S[S_TILE][b, 2, k] + 71) * cell
        row[base + 3 + letters[ot >> 2]] = 1.0
        row[base + 3 + LETTER_COUNT + (ot & 3)] = 1.0
    to_move = current(S, b)
    slots = S[S_PLAY]
    scores = S[S_PLAY]
    fsize = layout[L_FIG_SIZE]
    for seat in range(n):
        base = layout[L_SEATS + (seat - me) % n]
        row[base] = 1.0 if seat == to_move else 0.0
        row[base + 1] = 1.0 if seat == meta[b, M_ACTIVE] else 0.0
        free = 0
        for s in range(FOLLOWERS):
            if slots[b, seat, 2 + s] < 0:
                free += 1
        row[base + 2] = free / FOLLOWERS
        row[base + 3] = scores[b, seat, 0] / 300.0
        row[base + 4] = scores[b, seat, 1] / 300.0
        if seat < 2:
            row[base + 5] = 1.0 if meta[b, M_MOV0 + seat] else 0.0
        for f in range(FOLLOWERS):
            node = slots[b, seat, 2 + f]
            if node < 0:
                continue
            t = S[S_NODE][b, 5, node]
            fig = base + 6 + f * fsize
            row[fig] = 1.0
            row[fig + 1] = (S[S_TILE][b, 1, t] + 71) * cell
            row[fig + 2] = (S[S_TILE][b, 2, t] + 71) * cell
            row[fig + 3 + node - S[S_TILE][b, 3, t]] = 1.0


@njit(cache=True)
def _messages(S, b, o, row):
    meta = S[S_META]
    draws = meta[b, M_DRAWS]
    row[o] = draws / 8
    stacked = meta[b, M_STACKED]
    unseen = max(0, 8 - draws) if stacked else 0
    row[o + 1] = unseen / 8
    if stacked:
        sh = meta[b, M_SH]
        for i in range(unseen, 8):
            row[o + 2 + S[S_CARD][b, 1, (sh + i) % 8] - 1] = 1.0
        if unseen == 0:
            row[o + 2 + 16 + S[S_CARD][b, 1, sh] - 1] = 1.0
    if meta[b, M_MSG]:
        row[o + 2 + 8 + meta[b, M_MSG] - 1] = 1.0
