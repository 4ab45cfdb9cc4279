"""The compiled half of ``fast.py``: a one-slot batch and the tables in one int64 array.

The *arena* is a header of offsets and shapes (``HEAD`` ints per array), then every array of
the slot's ``State``, of the ``Tables`` and the scratch, ``kw``, the weights and the generator
word as their bits; the compiled code takes its views of it, so a call checks three arguments
instead of the thirty arrays of a ``State`` and a ``Tables``. (Kept apart from the Python half:
Numba recompiles a module's functions when its file changes.)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gonets.games.loveletter.kernel import convert
from gonets.games.loveletter.kernel.flow import resolve_chance
from gonets.games.loveletter.kernel.layout import (
    CHANCE,
    TERMINAL,
    TOKENS,
    WINNERS,
    State,
    allocate,
)
from gonets.games.loveletter.kernel.legal import MAXLEGAL
from gonets.games.loveletter.kernel.policy import SCRATCH, play_to_stop
from gonets.games.loveletter.kernel.tables import N, Tables

HEAD = 5                                   # per array: offset and four dimensions
_S, _T = len(State._fields), len(Tables._fields)
# (the view helpers below are inlined: without reference counting, compiled code may return
# only arrays it was given)
BUF, WEIGHTS, SNAP, INPUT = range(_S + _T, _S + _T + 4)
ARRAYS = INPUT + 1
CAPACITY = 4096                            # ints of a packed world
SEED, HAS_BASE, EVENTS, ROW, PLAY_OUT, DATA = range(6)     # the packed world's header
WIDE = -(1 << 62)
"""The outcome when a seat holds too many tokens for the key (read from the slot instead)."""
_RNG = State._fields.index("rng")


@njit(cache=True, _nrt=False, inline="always")
def _v1(arena, k):
    o = arena[HEAD * k]
    return arena[o:o + arena[HEAD * k + 1]]


@njit(cache=True, _nrt=False, inline="always")
def _v2(arena, k):
    o, a, b = arena[HEAD * k], arena[HEAD * k + 1], arena[HEAD * k + 2]
    return arena[o:o + a * b].reshape((a, b))


@njit(cache=True, _nrt=False, inline="always")
def _v3(arena, k):
    o, a, b, c = arena[HEAD * k], arena[HEAD * k + 1], arena[HEAD * k + 2], \
        arena[HEAD * k + 3]
    return arena[o:o + a * b * c].reshape((a, b, c))


@njit(cache=True, _nrt=False, inline="always")
def _v4(arena, k):
    o, a, b, c, d = arena[HEAD * k], arena[HEAD * k + 1], arena[HEAD * k + 2], \
        arena[HEAD * k + 3], arena[HEAD * k + 4]
    return arena[o:o + a * b * c * d].reshape((a, b, c, d))


@njit(cache=True, _nrt=False, inline="always")
def _f2(arena, k):
    o, a, b = arena[HEAD * k], arena[HEAD * k + 1], arena[HEAD * k + 2]
    return arena[o:o + a * b].view(np.float64).reshape((a, b))


@njit(cache=True, _nrt=False, inline="always")
def _unpack(arena):
    """The slot's ``State`` and the ``Tables`` as views of the arena."""
    S = State(_v2(arena, 0), _v3(arena, 1), _v3(arena, 2), _v3(arena, 3), _v3(arena, 4),
              _v4(arena, 5), _v1(arena, 6), _v1(arena, 7).view(np.uint64), _v3(arena, 8))
    t = _S
    T = Tables(_v1(arena, t), _v2(arena, t + 1), _v1(arena, t + 2), _v2(arena, t + 3),
               _v3(arena, t + 4), _v2(arena, t + 5), _v3(arena, t + 6), _v3(arena, t + 7),
               _v1(arena, t + 8), _v1(arena, t + 9), _v1(arena, t + 10), _v1(arena, t + 11),
               _v1(arena, t + 12), _v1(arena, t + 13), _v1(arena, t + 14), _f2(arena, t + 15),
               _v1(arena, t + 16))
    return S, T


@njit(cache=True, _nrt=False, inline="always")
def _copy_in(data, arena):
    """The packed world copied to the arena's input (an ``array('q')`` is not sliced)."""
    inp = _v1(arena, INPUT)
    for i in range(len(data)):
        inp[i] = data[i]
    return inp


@njit(cache=True, _nrt=False, inline="always")
def _events(inp, start):
    count = inp[EVENTS]
    width = convert.EVENT_WIDTH
    return inp[start:start + count * width].reshape((count, width))


@njit(cache=True, _nrt=False)
def run_packed(arena, data, base):
    """Load the packed world ``data`` into the slot (the knowledge from the snapshot ``base``
    when ``data[HAS_BASE]``) and, when ``data[PLAY_OUT]``, play it out by the policy to the
    stop. Returns the outcome: ``-1 - winners`` once the match is over, else the mask of the
    seats still in the round plus each seat's tokens in 5 bits from bit 8 (``WIDE`` plus the
    mask where they do not fit)."""
    S, T = _unpack(arena)
    n = T.cfg[N]
    inp = _copy_in(data, arena)
    end = DATA + inp[ROW]
    _v1(arena, _RNG)[0] = inp[SEED]
    convert.load_slot(S, n, 0, inp[DATA:end], base, inp[HAS_BASE] != 0, _events(inp, end),
                      _v1(arena, SNAP))
    if S.cur[0] == CHANCE:
        resolve_chance(S, T, 0)
    if not inp[PLAY_OUT]:
        return 0
    alive = play_to_stop(S, T, 0, _v1(arena, BUF), _v1(arena, WEIGHTS).view(np.float64))
    if S.cur[0] == TERMINAL:
        return -1 - S.sc[0, WINNERS]
    key = alive
    for q in range(n):
        tokens = S.seat[0, q, TOKENS]
        if tokens < 0 or tokens >= 32:
            return WIDE + alive
        key |= tokens << (8 + 5 * q)
    return key


@njit(cache=True, _nrt=False)
def replay_packed(arena, data, base):
    """The knowledge snapshot after ``base`` (when ``data[HAS_BASE]``, else a cleared one)
    and the events of the packed ``data`` (no row: they start at ``DATA``), into ``SNAP``."""
    S, T = _unpack(arena)
    n = T.cfg[N]
    inp = _copy_in(data, arena)
    snap = _v1(arena, SNAP)
    convert.replay_knowledge(S, n, 0, base, inp[HAS_BASE] != 0, _events(inp, DATA), snap)
    convert.know_get(S, 0, n, snap)
    return 0


def build_arena(kernel) -> tuple[np.ndarray, State]:
    """The arena of a one-slot batch of ``kernel`` and the batch's ``State`` as NumPy views
    of it (the Python side of the kernel reads and writes the slot through them)."""
    tables = kernel.tables
    state = allocate(1, kernel.players, np.zeros(1, np.uint64))
    arrays = [*state, *tables, np.zeros(SCRATCH, np.int64), np.zeros(MAXLEGAL, np.float64),
              np.zeros(kernel.snap_size, np.int64), np.zeros(CAPACITY, np.int64)]
    assert len(arrays) == ARRAYS
    total = HEAD * ARRAYS + sum(a.size for a in arrays)
    arena = np.zeros(total, np.int64)
    offset = HEAD * ARRAYS
    views = []
    for k, source in enumerate(arrays):
        shape = (*source.shape, 1, 1, 1)[:4]
        arena[HEAD * k:HEAD * k + HEAD] = (offset, *shape)
        flat = arena[offset:offset + source.size]
        view = flat.view(source.dtype).reshape(source.shape)
        view[...] = source
        views.append(view)
        offset += source.size
    return arena, State(*views[:_S])
