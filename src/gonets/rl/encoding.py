"""The generic part of the observation encodings: named feature blocks over a flat vector.

Every game's encoder (``gonets.rl.encoders.<game>``) reads a seat's view, the plain JSON that
``state.view(seat)`` returns, and nothing else; so an encoding can never hold what the seat may
not know. Seats are always written relative to the viewer: block ``seat 0`` is the viewer,
``seat 1`` the next seat in turn order, and so on. Every value lies in ``[0, 1]`` (counts are
divided by their largest possible value), so the observation space is ``Box(0, 1)``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gonets.core.game import CHANCE, Game, State
from gonets.core.options import Config


@dataclass(frozen=True)
class Block:
    """One named run of features: ``size`` values starting at ``offset``."""

    name: str
    offset: int
    size: int
    doc: str


class Layout:
    """The blocks of an observation vector, in order."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a block and return its offset."""
        if size <= 0:
            raise ValueError(f"feature block {name!r} must have a positive size, not {size}")
        self.blocks.append(Block(name, self.size, size, doc))
        self.size += size
        return self.size - size

    def block(self, name: str) -> Block:
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(f"no feature block {name!r}; blocks: {[b.name for b in self.blocks]}")


class Vocab:
    """A fixed list of names and their indices (one-hot and count features)."""

    def __init__(self, names: Iterable[Any]):
        self.names = list(dict.fromkeys(names))
        self.index = {name: i for i, name in enumerate(self.names)}

    def __len__(self) -> int:
        return len(self.names)

    def __repr__(self) -> str:
        return f"Vocab({self.names!r})"


def one_hot(out: np.ndarray, offset: int, vocab: Vocab, value: Any) -> None:
    """Set the feature of ``value`` (nothing for a value outside the vocabulary, e.g. None)."""
    index = vocab.index.get(value)
    if index is not None:
        out[offset + index] = 1.0


def counts(out: np.ndarray, offset: int, vocab: Vocab, values: Iterable[Any],
           scale: float) -> None:
    """Add ``1/scale`` per occurrence of each value."""
    index = vocab.index
    step = 1.0 / scale
    for value in values:
        i = index.get(value)
        if i is not None:
            out[offset + i] += step


def relative(seat: int, me: int, players: int) -> int:
    """Position of ``seat`` counted from the viewer ``me`` in turn order (0 = the viewer)."""
    return (seat - me) % players


def probe_view(game: Game, config: Config, seed: int = 0) -> dict:
    """A spectator view of the first decision of a match (random events drawn with ``seed``):
    the encoders read the configuration's vocabulary (deck, tiles, inns) from public data."""
    state = game.new_state(config)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply_chance(state.sample_chance(rng))
    return state.view(None)


class Encoder(ABC):
    """Turns one seat's view into a float32 vector of fixed size for one configuration.

    ``encode(view)`` is stateless. ``encode(view, memo)`` may reuse a small per-seat memo of
    what it read from the view's log so far (the log only grows), so a long match does not
    re-read its whole history at each step; both give the same vector (tested).
    """

    game: str = ""
    list_buffer = False
    """True: ``write`` fills a flat sequence of Python floats (an ``array("d")``, indexed like a
    list) and keeps every value in [0, 1] itself."""
    _zeros: array | None = None

    def __init__(self, game: Game, config: Config):
        self.config = config
        self.players = config.players
        self.layout = Layout()
        self.build(game, config)

    @property
    def size(self) -> int:
        return self.layout.size

    @abstractmethod
    def build(self, game: Game, config: Config) -> None:
        """Declare the feature blocks (``self.layout.add``) and the vocabularies."""

    @abstractmethod
    def write(self, out: np.ndarray | list, view: dict, memo: dict | None) -> None:
        """Write the features of ``view`` into the zeroed vector ``out`` (an ``array("d")``
        when ``list_buffer``, else a float32 array clipped to [0, 1] afterwards)."""

    def encode(self, view: dict, memo: dict | None = None) -> np.ndarray:
        if view.get("seat") is None:
            raise ValueError("an observation is encoded for a seat, not for a spectator view")
        if self.list_buffer:
            zeros = self._zeros
            if zeros is None or len(zeros) != self.layout.size:
                zeros = self._zeros = array("d", bytes(8 * self.layout.size))
            buffer = zeros[:]                # doubles, as a list of floats would hold
            self.write(buffer, view, memo)
            return np.frombuffer(buffer, np.float64).astype(np.float32)
        out = np.zeros(self.layout.size, dtype=np.float32)
        self.write(out, view, memo)
        np.clip(out, 0.0, 1.0, out=out)
        return out

    def describe(self) -> list[dict]:
        """The blocks as data (docs/rl.md is written from this)."""
        return [{"name": b.name, "offset": b.offset, "size": b.size, "doc": b.doc}
                for b in self.layout.blocks]


def seat_blocks(layout: Layout, players: int, name: str, size: int, doc: str) -> list[int]:
    """One block per seat, relative to the viewer; returns their offsets."""
    return [layout.add(f"{name}[{i}]", size, f"{doc} (seat +{i} from the viewer)")
            for i in range(players)]


def legal_mask(state: State, num_actions: int) -> np.ndarray:
    """The int8 action mask of the deciding seat (all zeros at chance or terminal nodes)."""
    mask = np.zeros(num_actions, dtype=np.int8)
    legal = state.legal_actions()
    if legal:
        mask[np.fromiter(legal, dtype=np.int64, count=len(legal))] = 1
    return mask


def seats_in_order(seats: Sequence[dict], me: int, players: int) -> list[dict]:
    """Per-seat view entries reordered so that the viewer comes first."""
    return [seats[(me + i) % players] for i in range(players)]
