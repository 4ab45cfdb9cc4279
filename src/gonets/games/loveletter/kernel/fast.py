"""The search's playout in one compiled call (``bot/search.py``'s ``compiled_playout``).

A Love Letter playout is short (to the end of the round), so what it costs is mostly the fixed
cost of a call: here a world is loaded, played out and scored in one compiled call with three
arguments (``packed.run_packed``: a one-slot batch and the tables in one array), the world
packed as one ``array('q')`` (``SearchPlayout.pack``). The outcome is a small int (the tokens,
the seats still in the round, or the winners) whose evaluation is worked out once.

What the seats know is replayed from the world's log after a snapshot kept at a node that the
loaded logs share (``SharedLog``): the worlds of one search share the view's log, so only the
entries the tree walk added are encoded (and entries alike are encoded once).
"""

from __future__ import annotations

from array import array

import numpy as np

from gonets.core.kernel import Batch
from gonets.games.loveletter.kernel import convert
from gonets.games.loveletter.kernel.layout import TOKENS
from gonets.games.loveletter.kernel.packed import (
    CAPACITY,
    DATA,
    HEAD,
    ROW,
    SNAP,
    WIDE,
    build_arena,
    replay_packed,
    run_packed,
)

_HALF = 1 << 63
_ROW_BYTES = 8 * convert.EVENT_WIDTH


class SharedLog:
    """Knowledge snapshots at the log nodes the loaded logs share (bounded). The nodes walked
    by a lookup that found no snapshot are marked; one of them walked again is shared: its
    snapshot is made then (a replay from its round) and kept, so later lookups stop there."""

    KEPT = 4096

    def __init__(self, replay):
        self.replay = replay                # replay(events as bytes, base) -> snapshot
        self.nodes: dict[int, tuple] = {}   # id -> (node, snapshot, or None: marked)
        self.rows: dict[tuple, bytes | None] = {}   # an entry's content -> its row

    def lookup(self, node, share: bool = True) -> tuple[np.ndarray | None, bytes]:
        """The snapshot of the log before ``node``'s newest entries (None: a cleared one) and
        the rows of those entries (``convert.encode_entry``, oldest first) as int64 bytes
        (``share``: mark the nodes, or make the snapshot of a marked one)."""
        get, known = self.nodes.get, self.rows
        rows = []
        base = None
        current = node
        while current is not None:
            hit = get(id(current))
            if hit is not None and hit[0] is current:
                if hit[1] is not None:
                    base = hit[1]
                    break
                if share:
                    base = self._remember(current)
                    break
            content = current[:4]                # entries alike in another world: one row
            try:
                row = known.get(content, 0)
            except TypeError:                    # a list in the entry
                row = _bytes(convert.encode_entry(content))
            if row == 0:
                row = self._encode(content)
            if row is not None:
                rows.append(row)
                if current[0] == "round":
                    break
            current = current[4]
        if base is None and share:
            self._mark(node)
        rows.reverse()
        return base, b"".join(rows)

    def _encode(self, content: tuple) -> bytes | None:
        if len(self.rows) >= self.KEPT * 4:
            self.rows.clear()
        row = self.rows[content] = _bytes(convert.encode_entry(content))
        return row

    def _mark(self, node) -> None:
        nodes = self.nodes
        if len(nodes) >= self.KEPT:
            nodes.clear()
        while node is not None:
            nodes.setdefault(id(node), (node, None))
            if node[0] == "round":
                break
            node = node[4]

    def _remember(self, node):
        """The snapshot after ``node`` (replayed from its round, or from a kept one)."""
        nodes = self.nodes
        del nodes[id(node)]
        base, events = self.lookup(node, share=False)
        snapshot = self.replay(events, base)
        nodes[id(node)] = (node, snapshot)
        return snapshot


class SearchPlayout:
    """``playout(state, rng)`` of the search in the compiled kernel: the same policy, stop
    and evaluation as the Python playout (see ``bot/search.py``'s ``compiled_playout``)."""

    def __init__(self, kernel, evaluate):
        self.kernel = kernel
        self.players = kernel.players
        self.evaluate = evaluate            # evaluate(tokens, alive) -> values
        self.arena, self.state = build_arena(kernel)
        self.batch = Batch(1, self.state.rng, self.state.cur, {"S": self.state, "logs": [None]})
        self.memory = SharedLog(self._replay)
        self.cleared = np.zeros(kernel.snap_size, np.int64)
        self.values: dict[int, tuple[float, ...]] = {}
        self._warm()

    def _warm(self) -> None:
        """Call the compiled functions once (the first call compiles or loads them)."""
        state = self.kernel.to_state(self.kernel.batch(1, 0), 0)
        self._replay(b"", None)
        run_packed(self.arena, *self.pack(state, 0))
        self.memory = SharedLog(self._replay)

    def pack(self, state, seed: int, play_out: bool = True):
        """The world ``state`` as ``run_packed`` reads it, and the knowledge snapshot."""
        base, events = self.memory.lookup(state.log)
        data = [seed, base is not None, len(events) // _ROW_BYTES, 0, play_out]
        convert.state_list(state, data)
        data[ROW] = len(data) - DATA
        packed = array("q", data)
        packed.frombytes(events)
        if len(packed) > CAPACITY:
            raise ValueError(f"a world of {len(packed)} ints does not fit the arena")
        return packed, self.cleared if base is None else base

    def load(self, state, seed: int = 0) -> None:
        """Write ``state`` into the slot (``self.state``) as the playout loads it."""
        run_packed(self.arena, *self.pack(state, seed, False))

    def __call__(self, state, rng) -> list[float]:
        key = run_packed(self.arena, *self.pack(state, rng.getrandbits(64) - _HALF))
        values = self.values.get(key)
        if values is None:
            values = self._outcome(key)
            if key > WIDE + 255:
                self.values[key] = values
        return list(values)

    def _outcome(self, key: int) -> tuple[float, ...]:
        return outcome_values(key, self.players, self.evaluate, self.state.seat[0, :, TOKENS])

    def _replay(self, events: bytes, base) -> np.ndarray:
        data = array("q", [0, base is not None, len(events) // _ROW_BYTES, 0, 0])
        data.frombytes(events)
        if len(data) > CAPACITY:
            raise ValueError(f"a log of {len(data)} ints does not fit the arena")
        replay_packed(self.arena, data, self.cleared if base is None else base)
        return _view(self.arena, SNAP).copy()


def outcome_values(key: int, players: int, evaluate, tokens) -> tuple[float, ...]:
    """The values of an outcome key of ``run_packed`` (``tokens``: the slot's, read where the
    key could not hold them): the winners' shares once the match is over, else ``evaluate``
    of the tokens and the seats still in the round."""
    if key <= WIDE + 255:
        return tuple(evaluate(tuple(tokens.tolist()), key - WIDE))
    if key < 0:
        winners = -1 - key
        share = 1.0 / max(1, winners.bit_count())
        return tuple(share if winners >> q & 1 else 0.0 for q in range(players))
    return tuple(evaluate(tuple(key >> (8 + 5 * q) & 31 for q in range(players)), key & 255))


def _bytes(row: list[int] | None) -> bytes | None:
    return None if row is None else array("q", row).tobytes()


def _view(arena: np.ndarray, k: int) -> np.ndarray:
    offset, size = int(arena[HEAD * k]), int(arena[HEAD * k + 1])
    return arena[offset:offset + size]
