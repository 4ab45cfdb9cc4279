"""Conversion between a kernel slot and a reference :class:`CarcassonneState`.

``to_state`` rebuilds the reference board by placing the slot's tiles in order with the
reference ``Board`` (so node ids, roots and the frontier are the reference's own) and copies
every node's follower tuple (stale ones of merged-away roots included). The event log is not
kept by the kernel: the state comes back with an empty ``log`` (so ``result().detail`` lists
no scoring events, and ``bench_counts`` counts no messages or discards).

``load`` packs the state into one integer vector and a compiled function replays it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.core.kernel import shuffle
from gonets.games.carcassonne.kernel.board import find, place
from gonets.games.carcassonne.kernel.flow import start_turn
from gonets.games.carcassonne.kernel.step import blank, current, new_match, settle
from gonets.games.carcassonne.kernel.tables import (
    FOLLOWERS,
    LETTER_INDEX,
    M_ACTIVE,
    M_BK,
    M_CTX,
    M_DISCARDS,
    M_DRAWS,
    M_EVI,
    M_EVN,
    M_FINAL,
    M_HAND,
    M_LAST,
    M_MERGED,
    M_MOV0,
    M_MSG,
    M_ND,
    M_NN,
    M_NT,
    M_PART,
    M_PH,
    M_PHASE,
    M_PL,
    M_PLACED,
    M_SH,
    M_STACKED,
    M_START_TURN,
    M_TURN,
    M_UNDER,
    MAX_TILES,
    PHASE_INDEX,
    PHASE_NAMES,
    PILE,
    S_CARD,
    S_EV,
    S_FOLL,
    S_META,
    S_NODE,
    S_PLAY,
    S_TILE,
    SRC_MESSAGE,
    START,
)
from gonets.games.carcassonne.rules import CarcassonneState
from gonets.games.carcassonne.rules.tiles import KIND_NAMES, LETTERS

_FIGURES = ("meeple", "messenger")
_SOURCE = {**{name: i for i, name in enumerate(KIND_NAMES)},
           **{f"message {m}": SRC_MESSAGE + m for m in range(1, 9)}}
_HEAD = 24


def to_state(config, S, b: int) -> CarcassonneState:
    """The reference state of slot ``b`` (its log empty)."""
    meta = S[S_META][b]
    n = config.players
    state = CarcassonneState(config)
    board = state.board
    play = S[S_PLAY][b]
    slots = play[:, 2:9]
    for p in range(n):
        state.slots[p] = [int(v) for v in slots[p]]
    tot, tx, ty = S[S_TILE][b, 0], S[S_TILE][b, 1], S[S_TILE][b, 2]
    for i in range(1, int(meta[M_NT])):
        board.place(LETTERS[tot[i] >> 2], int(tot[i] & 3), int(tx[i]), int(ty[i]))
    ftot, seq = S[S_NODE][b, 4], S[S_FOLL][b, :, 6:]
    for node in np.flatnonzero(ftot[:meta[M_NN]]).tolist():
        board.foll[node] = tuple(divmod(int(v), FOLLOWERS) for v in seq[node, :ftot[node]])
    pile = S[S_CARD][b, 0]
    head, size = int(meta[M_PH]), int(meta[M_PL])
    state.pile = [LETTERS[pile[(head + i) % MAX_TILES]] for i in range(size)]
    remaining = dict.fromkeys(LETTERS, 0)
    for letter in state.pile:
        remaining[letter] += 1
    state.remaining = remaining
    state.bottom_known = int(meta[M_BK])
    state.under = int(meta[M_UNDER])
    state.discarded = [LETTERS[v] for v in S[S_CARD][b, 2, :meta[M_ND]]]
    if meta[M_STACKED]:
        stack, sh = S[S_CARD][b, 1], int(meta[M_SH])
        state.stack = [int(stack[(sh + i) % 8]) for i in range(8)]
    state.msg_draws = int(meta[M_DRAWS])
    state.msg = int(meta[M_MSG])
    state.scores = [[int(v) for v in pair] for pair in play[:, :2]]
    state.merged = bool(meta[M_MERGED])
    state.phase = PHASE_NAMES[meta[M_PHASE]]
    state.active = int(meta[M_ACTIVE])
    state.part = "extra" if meta[M_PART] else "main"
    state.turn = int(meta[M_TURN])
    state.hand = LETTERS[meta[M_HAND]] if meta[M_HAND] >= 0 else None
    state.placed = int(meta[M_PLACED])
    state.ctx = "message" if meta[M_CTX] else "round"
    state.events = [_event(state, row) for row in S[S_EV][b, :meta[M_EVN]]]
    state.ev_i = int(meta[M_EVI])
    state.moved = [bool(meta[M_MOV0]), bool(meta[M_MOV0 + 1])]
    state.last_fig = int(meta[M_LAST])
    state.lock = [int(v) for v in play[:, 9]]
    if meta[M_FINAL]:
        state.final = {"totals": [sum(pair) for pair in state.scores]}
    state.log = []
    state._legal = None
    return state


def _event(state: CarcassonneState, row) -> dict:
    player, points, source, at, figure = (int(v) for v in row)
    event: dict = {"player": player, "points": points}
    if source >= SRC_MESSAGE:
        event["source"] = f"message {source - SRC_MESSAGE}"
    else:
        event["source"] = KIND_NAMES[source]
        event["at"] = list(state.follower_place(at))
    if figure >= 0:
        event["figure"] = _FIGURES[figure]
    return event


def pack(state: CarcassonneState) -> np.ndarray:
    """A reference state as one integer vector (the layout :func:`load_packed` reads)."""
    board = state.board
    phase = PHASE_INDEX.get(state.phase, -1 if state.phase == "deal_tiles" else -2)
    tiles = [LETTER_INDEX[t.letter] * 4 + t.rot for t in board.tiles]
    coords = board.coords
    events = state.events
    base, cells = board.base, board.cells
    head = [phase, state.active, int(state.part == "extra"), state.turn,
            LETTER_INDEX[state.hand] if state.hand else -1, state.placed, state.bottom_known,
            state.under, state.msg_draws, state.msg, int(state.merged),
            int(state.ctx == "message"), state.ev_i, len(events), int(state.moved[0]),
            int(state.moved[1]), state.last_fig, int(state.final is not None),
            int(bool(state.stack)), len(tiles), len(state.pile), len(state.discarded),
            len(state.stack), 0]
    held = [(node, f) for node, f in enumerate(board.foll) if f]
    head[23] = len(held)
    data = head
    for ot, (x, y) in zip(tiles, coords):
        data += (ot, x, y)
    for slots in state.slots:
        data += slots
    for pair in state.scores:
        data += pair
    data += state.lock
    data += [LETTER_INDEX[t] for t in state.pile]
    data += [LETTER_INDEX[t] for t in state.discarded]
    data += state.stack
    for node, f in held:
        data += (node, len(f))
        data += [p * FOLLOWERS + s for p, s in f]
    for e in events:
        at = e.get("at")
        node = base[cells[(at[0], at[1])]] + at[2] if at else -1
        fig = e.get("figure")
        data += (e["player"], e["points"], _SOURCE[e["source"]], node,
                 -1 if fig is None else _FIGURES.index(fig))
    return np.array(data, np.int64)


@njit(cache=True)
def load_packed(S, rng, b, opt, data, buf, cur):
    """Write a packed reference state into slot b (a pending deal is resolved with the slot's
    generator: a fresh match for the tile deal, the message stack for the second deal)."""
    phase = data[0]
    if phase == -1:
        new_match(S, rng, b, opt, buf)
        cur[b] = current(S, b)
        return
    blank(S, b)
    meta = S[S_META]
    n = S[S_PLAY].shape[1]
    keys = (M_PHASE, M_ACTIVE, M_PART, M_TURN, M_HAND, M_PLACED, M_BK, M_UNDER, M_DRAWS,
            M_MSG, M_MERGED, M_CTX, M_EVI, M_EVN, M_MOV0, M_MOV0 + 1, M_LAST, M_FINAL,
            M_STACKED)
    for i in range(len(keys)):
        meta[b, keys[i]] = data[i]
    nt, npile, ndisc, nstack = data[19], data[20], data[21], data[22]
    at = _HEAD
    for i in range(nt):
        if i == 0:
            place(S, b, START * 4, 0, 0)
        else:
            place(S, b, data[at], data[at + 1], data[at + 2])
        at += 3
    for p in range(n):
        for s in range(FOLLOWERS):
            S[S_PLAY][b, p, 2 + s] = data[at]
            at += 1
    for p in range(n):
        S[S_PLAY][b, p, 0] = data[at]
        S[S_PLAY][b, p, 1] = data[at + 1]
        at += 2
    for p in range(n):
        S[S_PLAY][b, p, 9] = data[at]
        at += 1
    for i in range(npile):
        S[S_CARD][b, 0, i] = data[at + i]
    at += npile
    meta[b, M_PH] = 0
    meta[b, M_PL] = npile
    for i in range(ndisc):
        S[S_CARD][b, 2, i] = data[at + i]
    at += ndisc
    meta[b, M_ND] = ndisc
    meta[b, M_DISCARDS] = ndisc
    for i in range(nstack):
        S[S_CARD][b, 1, i] = data[at + i]
    at += nstack
    meta[b, M_SH] = 0
    for _ in range(data[23]):
        node, size = data[at], data[at + 1]
        at += 2
        S[S_NODE][b, 4, node] = size
        root = find(S[S_NODE], b, node) == node
        for i in range(size):
            v = data[at + i]
            S[S_FOLL][b, node, 6 + i] = v
            if root:
                S[S_FOLL][b, node, v // FOLLOWERS] += 1
        at += size
    for i in range(meta[b, M_EVN]):
        for j in range(5):
            S[S_EV][b, i, j] = data[at + j]
        at += 5
    if phase == -2:
        _deal_messages(S, rng, b, opt, buf)
    meta[b, M_START_TURN] = meta[b, M_TURN]
    cur[b] = current(S, b)


@njit(cache=True)
def _deal_messages(S, rng, b, opt, buf):
    stack = np.arange(1, 9)
    shuffle(rng, b, stack, 8)
    for i in range(8):
        S[S_CARD][b, 1, i] = stack[i]
        S[S_CARD][b, 3, PILE + i] = stack[i]
    S[S_META][b, M_STACKED] = 1
    start_turn(S, b, opt, True)
    settle(S, b, opt, buf)
