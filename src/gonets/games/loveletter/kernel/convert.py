"""Conversion between a kernel slot and a reference ``LoveLetterState``.

``load`` writes a state into a slot in one compiled call from a flat row of ints; what the
seats know (the rl encoder's reader and the playout's ``_seen_hands``/``_last_play``) is read
from the state's log, from the newest ``round`` entry on, and remembered per log node, so the
worlds a search samples from one view (which share their log) replay nothing.

``to_state`` builds a reference state directly. The kernel keeps no event log: the state's log
is the one ``load`` was given while the slot has not moved since, else empty (``None``); every
other field (``snapshot()`` minus ``log``) is the slot's.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.games.loveletter.kernel import know
from gonets.games.loveletter.kernel.layout import (
    ALIVE,
    BISHOP_BY,
    BURNED,
    CARD_MASK,
    CAUSE_SHIFT,
    CH_FLAGS,
    DECK,
    DONE,
    DRAWN,
    ERR,
    EXTRA,
    FACE,
    HAND,
    JBY,
    JON,
    KH_CAP,
    KHN,
    KLAST,
    MARK,
    MK_DONE,
    MK_ROUND,
    MOVES,
    NBURN,
    NDECK,
    NDISC,
    NEXTRA,
    NFACE,
    PHASE,
    PKINDS,
    PLAST,
    PLAYED,
    PLAYED_N,
    PROT,
    ROUND,
    SHCTR,
    SPARE,
    SPARE_CARD,
    STARTER_SEAT,
    TOKENS,
    TURN,
    WINNERS,
    State,
)
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules.encoding import CAUSES

E_ROUND, E_DRAW, E_PLAY, E_DISCARD, E_OUT, E_LOOK, E_COMPARE, E_SWAP, E_CHANC, E_REDRAW, \
    E_RETURN = range(11)
EVENT_WIDTH = 8
NO_EVENTS = np.zeros((0, EVENT_WIDTH), np.int64)
_SCALARS = (PHASE, -1, TURN, DRAWN, ALIVE, PROT, MARK, JBY, JON, BISHOP_BY, SPARE_CARD, ROUND,
            STARTER_SEAT, PLAYED_N, DONE, WINNERS)


def snapshot_size(n: int) -> int:
    """Ints in one slot's knowledge snapshot (see ``know_get``)."""
    return n * KH_CAP + n * n * 4 + 3 * n + 1


@njit(cache=True, _nrt=False)
def know_get(S, b, n, out):
    i = 0
    for v in range(n):
        for j in range(KH_CAP):
            out[i] = S.kh[b, v, j]
            i += 1
        out[i], out[i + 1], out[i + 2] = S.seat[b, v, KHN], S.seat[b, v, KLAST], \
            S.seat[b, v, PLAST]
        i += 3
        for q in range(n):
            for c in range(4):
                out[i] = S.rel[b, v, q, c]
                i += 1
    out[i] = S.sc[b, SHCTR]


@njit(cache=True, _nrt=False)
def _know_put(S, b, n, snap):
    i = 0
    for v in range(n):
        for j in range(KH_CAP):
            S.kh[b, v, j] = snap[i]
            i += 1
        S.seat[b, v, KHN], S.seat[b, v, KLAST], S.seat[b, v, PLAST] = snap[i], snap[i + 1], \
            snap[i + 2]
        i += 3
        for q in range(n):
            for c in range(4):
                S.rel[b, v, q, c] = snap[i]
                i += 1
    S.sc[b, SHCTR] = snap[i]


@njit(cache=True, _nrt=False)
def _replay(S, b, n, events):
    for e in range(events.shape[0]):
        code, vis, priv = events[e, 0], events[e, 1], events[e, 2] != 0
        x0, x1, x2, x3, x4 = events[e, 3], events[e, 4], events[e, 5], events[e, 6], \
            events[e, 7]
        if code == E_ROUND:
            know.k_clear(S, b, n)
        elif code == E_DRAW:
            know.k_draw(S, b, n, x0, x1, x2, vis)
        elif code == E_PLAY:
            know.k_play(S, b, n, x0, x1)
        elif code == E_DISCARD:
            know.k_discard(S, b, n, x0, x1, x2)
        elif code == E_OUT:
            know.k_out(S, b, n, x0)
        elif code == E_LOOK:
            know.k_look(S, b, n, x0, x1, x2, vis, priv)
        elif code == E_COMPARE:
            know.k_compare(S, b, n, x0, x1, x2, x3, x4, vis, priv)
        elif code == E_SWAP:
            know.k_swap(S, b, n, x0, x1, x2, x3, vis, priv)
        elif code == E_CHANC:
            know.k_chancellor(S, b, n, x0)
        elif code == E_REDRAW:
            know.k_redraw(S, b, n, x0, x1 != 0)
        elif code == E_RETURN:
            know.k_return(S, b, n, x0, x1, vis)


@njit(cache=True, _nrt=False)
def replay_knowledge(S, n, b, base, has_base, events, out):
    """Slot ``b``'s knowledge: the snapshot ``base`` (else a cleared one) followed by
    ``events``; the result's snapshot goes to ``out`` when there were events."""
    if has_base:
        _know_put(S, b, n, base)
    else:
        know.k_clear(S, b, n)
        S.sc[b, SHCTR] = 0
    _replay(S, b, n, events)
    if events.shape[0]:
        know_get(S, b, n, out)


@njit(cache=True, _nrt=False)
def load_slot(S, n, b, row, base, has_base, events, out):
    """Write the flat ``row`` (``state_row``) into slot ``b`` of a batch of ``n`` players, the
    knowledge snapshot ``base`` (else a cleared one) followed by ``events``; the result's
    snapshot goes to ``out`` when there were events. (The tables are not passed: fewer
    arguments to check make the call cheaper; a pending random event is left to the caller.)"""
    S.sc[b, :] = 0
    for i in range(len(_SCALARS)):
        if _SCALARS[i] >= 0:
            S.sc[b, _SCALARS[i]] = row[i]
    S.cur[b] = row[1]
    i = len(_SCALARS)
    for which, count_col in ((EXTRA, NEXTRA), (FACE, NFACE), (BURNED, NBURN), (DECK, NDECK)):
        count = row[i]
        S.sc[b, count_col] = count
        for j in range(count):
            S.pile[b, which, j] = row[i + 1 + j]
        i += 1 + count
    for q in range(n):
        S.seat[b, q, HAND] = row[i + q]
        S.seat[b, q, TOKENS] = row[i + n + q]
    i += 2 * n
    for q in range(n):
        count = row[i]
        S.seat[b, q, NDISC] = count
        played = 0
        for j in range(count):
            entry = S.disc[b, q, j] = row[i + 1 + j]
            if entry >> CAUSE_SHIFT == PLAYED:
                played |= 1 << (entry & CARD_MASK)
        S.seat[b, q, PKINDS] = played
        i += 1 + count
    replay_knowledge(S, n, b, base, has_base, events, out)
    S.sc[b, MK_ROUND] = S.sc[b, ROUND]
    S.sc[b, MK_DONE] = S.sc[b, DONE]
    S.sc[b, MOVES] = 0
    S.sc[b, ERR] = 0
    S.sc[b, CH_FLAGS] = 0
    S.stat[b, :, :] = 0


@njit(cache=True, _nrt=False)
def load_flat(sc, seat, pile, disc, kh, rel, cur, rng, stat, n, b, row, base, has_base, events,
              out):
    """``load_slot`` with the batch's arrays one by one: Numba checks plain array arguments
    much faster than a named tuple of them, and ``load`` runs once per search iteration."""
    load_slot(State(sc, seat, pile, disc, kh, rel, cur, rng, stat), n, b, row, base, has_base,
              events, out)


def state_row(state) -> np.ndarray:
    """The flat row of ints ``load_slot`` reads."""
    return np.array(state_list(state, []), np.int64)


def state_list(state, row: list[int]) -> list[int]:
    """``state_row`` added to the list ``row`` (returned)."""
    winners = 0
    for w in state.winners:
        winners |= 1 << w
    row += [state.phase, state.cur, state.turn, state.drawn, state.alive, state.prot,
           state.mark, state.jester_by, state.jester_on, state.bishop_by, state.spare,
           state.round, state.starter, state.played, state.rounds_done, winners,
           len(state.extra), *state.extra, len(state.face_up), *state.face_up,
           len(state.burned), *state.burned, len(state.deck), *state.deck,
           *state.hands, *state.tokens]
    for pile in state.discards:
        row.append(len(pile))
        row += pile
    return row


_INDEX = C.INDEX


def _seat(value) -> int:
    return SPARE if value == "spare" else value


# One encoder per log kind that a reader looks at: the entry as a row of ints for ``_replay``
# (code, the viewers of the private part, whether there is one, then the event's fields).
def _draw(entry) -> list[int]:
    kind, public, private, seen = entry[0], entry[1], entry[2], entry[3]
    spare = int(kind == "draw" and public[1] == "spare")
    if private is None:
        return [E_DRAW, 0, 0, public[0], -1, spare, 0, 0]
    return [E_DRAW, seen, 1, public[0], _INDEX[private[0]], spare, 0, 0]


def _play(entry) -> list[int]:
    public, private, seen = entry[1], entry[2], entry[3]
    has = private is not None
    return [E_PLAY, seen if has else 0, int(has), public[0], _INDEX[public[1]], 0, 0, 0]


def _discard(entry) -> list[int]:
    public, private, seen = entry[1], entry[2], entry[3]
    has = private is not None
    return [E_DISCARD, seen if has else 0, int(has), public[0], _INDEX[public[1]],
            CAUSES.index(public[2]), 0, 0]


def _seat_only(code: int):
    def encode(entry) -> list[int]:
        has = entry[2] is not None
        return [code, entry[3] if has else 0, int(has), entry[1][0], 0, 0, 0, 0]
    return encode


def _look(entry) -> list[int]:
    public, private, seen = entry[1], entry[2], entry[3]
    if private is None:
        return [E_LOOK, 0, 0, public[0], _seat(public[1]), -1, 0, 0]
    return [E_LOOK, seen, 1, public[0], _seat(public[1]), _INDEX[private[0]], 0, 0]


def _compare(entry) -> list[int]:
    public, private, seen = entry[1], entry[2], entry[3]
    has = private is not None
    cards = private[0] if has else ("guard", "guard")
    return [E_COMPARE, seen if has else 0, int(has), public[0], public[1],
            -1 if public[3] is None else public[3], _INDEX[cards[0]], _INDEX[cards[1]]]


def _swap(entry) -> list[int]:
    public, private, seen = entry[1], entry[2], entry[3]
    has = private is not None
    cards = private[0] if has else ("guard", "guard")
    return [E_SWAP, seen if has else 0, int(has), public[2][0], _seat(public[2][1]),
            _INDEX[cards[0]], _INDEX[cards[1]], 0]


def _redraw(entry) -> list[int]:
    public, private, seen = entry[1], entry[2], entry[3]
    has = private is not None
    return [E_REDRAW, seen if has else 0, int(has), public[0], int(public[1] == "redraw"),
            0, 0, 0]


def _return(entry) -> list[int]:
    public, private, seen = entry[1], entry[2], entry[3]
    if private is None:
        return [E_RETURN, 0, 0, public[0], -1, 0, 0, 0]
    return [E_RETURN, seen, 1, public[0], _INDEX[private[0]], 0, 0, 0]


def _round(entry) -> list[int]:
    has = entry[2] is not None
    return [E_ROUND, entry[3] if has else 0, int(has), 0, 0, 0, 0, 0]


ENCODERS = {"round": _round, "deal": _draw, "draw": _draw, "play": _play,
            "discard": _discard, "out": _seat_only(E_OUT), "look": _look,
            "compare": _compare, "swap": _swap, "chancellor": _seat_only(E_CHANC),
            "redraw": _redraw, "return": _return}
"""The encoder of each log kind a reader looks at (by the entry's kind)."""


def encode_entry(entry) -> list[int] | None:
    """One log entry as a row of ints for ``_replay`` (None: no reader looks at it)."""
    encode = ENCODERS.get(entry[0])
    return None if encode is None else encode(entry)


class LogMemory:
    """The knowledge snapshot after each log node seen (bounded; starts afresh when full)."""

    KEPT = 4096

    def __init__(self):
        self.nodes: dict[int, tuple] = {}

    def lookup(self, node):
        """(base snapshot or None, events to replay after it) for the log ending at ``node``."""
        nodes = self.nodes
        chain = []
        base = None
        current = node
        while current is not None:
            hit = nodes.get(id(current))
            if hit is not None and hit[0] is current:
                base = hit[1]
                break
            chain.append(current)
            if current[0] == "round":
                break
            current = current[4]
        if not chain:
            return base, NO_EVENTS
        rows = [row for row in map(encode_entry, reversed(chain)) if row is not None]
        return base, np.array(rows, np.int64).reshape(len(rows), EVENT_WIDTH)

    def keep(self, node, snapshot: np.ndarray) -> None:
        if node is None:
            return
        if len(self.nodes) >= self.KEPT:
            self.nodes.clear()
        self.nodes[id(node)] = (node, snapshot)
