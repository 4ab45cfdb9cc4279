"""A gonets random event as a sequence of small explicit chance nodes (for OpenSpiel).

A gonets chance outcome is one JSON value (a whole shuffled deck, a die, a list of dice). An
OpenSpiel chance node lists every outcome with its probability, which a 71-tile shuffle cannot
do in one node, so each event becomes a :class:`Plan`: parts drawn one value at a time.

- :class:`Draws`: ``count`` draws without replacement from a multiset (a shuffle when ``count``
  is the multiset's size; a deal of distinct characters otherwise). Outcome id = index of the
  value among the multiset's distinct values in sorted order; probability = copies left / left.
- :class:`Pick`: one of ``options``, uniformly. Outcome id = index in ``options``.
- :class:`Dice`: ``count`` dice of ``faces`` faces. Outcome id = face - 1.

``Plan.assemble`` turns the drawn values into the outcome JSON ``apply_chance`` takes. Each
game's encoder module has ``chance_plan(state)`` reading the pending event from the state's
public protocol (``sample_chance`` shows the shape and the multiset of a shuffle).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Draws:
    """Draw ``count`` values without replacement from ``items`` (a multiset)."""

    items: list
    count: int | None = None
    label: str = "draw"

    def __post_init__(self) -> None:
        self.values = sorted(set(self.items), key=_sort_key)
        self.total = Counter(self.items)
        if self.count is None:
            self.count = len(self.items)

    def outcomes(self, drawn: list) -> list[tuple[int, float]]:
        left = self.total - Counter(drawn)
        remaining = sum(left.values())
        return [(i, left[v] / remaining) for i, v in enumerate(self.values) if left[v] > 0]

    def value(self, outcome: int) -> Any:
        return self.values[outcome]

    @property
    def size(self) -> int:
        return len(self.values)


@dataclass
class Pick:
    """One of ``options``, each with the same probability."""

    options: list
    label: str = "pick"
    count: int = 1

    def outcomes(self, drawn: list) -> list[tuple[int, float]]:
        p = 1.0 / len(self.options)
        return [(i, p) for i in range(len(self.options))]

    def value(self, outcome: int) -> Any:
        return self.options[outcome]

    @property
    def size(self) -> int:
        return len(self.options)


@dataclass
class Dice:
    """``count`` independent dice with ``faces`` faces (values 1..faces)."""

    count: int
    faces: int = 6
    label: str = "die"

    def outcomes(self, drawn: list) -> list[tuple[int, float]]:
        p = 1.0 / self.faces
        return [(i, p) for i in range(self.faces)]

    def value(self, outcome: int) -> Any:
        return outcome + 1

    @property
    def size(self) -> int:
        return self.faces


Part = Draws | Pick | Dice


@dataclass
class Plan:
    """The parts of one random event and how their drawn values make the outcome JSON."""

    parts: list[Part]
    assemble: Callable[[list[list]], Any]
    drawn: list[list] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.parts = [p for p in self.parts]
        self.drawn = [[] for _ in self.parts]

    def _current(self) -> int:
        for i, part in enumerate(self.parts):
            if len(self.drawn[i]) < part.count:
                return i
        return len(self.parts)

    def outcomes(self) -> list[tuple[int, float]]:
        i = self._current()
        return self.parts[i].outcomes(self.drawn[i])

    def label(self, outcome: int) -> str:
        i = self._current()
        part = self.parts[i]
        return f"{part.label} {part.value(outcome)}"

    def feed(self, outcome: int) -> bool:
        """Draw one value; True when the event is complete."""
        i = self._current()
        legal = dict(self.parts[i].outcomes(self.drawn[i]))
        if outcome not in legal:
            raise ValueError(f"chance outcome {outcome} is not possible now; possible: "
                             f"{sorted(legal)}")
        self.drawn[i].append(self.parts[i].value(outcome))
        return self._current() == len(self.parts)

    def outcome(self) -> Any:
        return self.assemble(self.drawn)

    def copy(self) -> Plan:
        other = Plan.__new__(Plan)
        other.parts, other.assemble = self.parts, self.assemble
        other.drawn = [list(d) for d in self.drawn]
        return other


def single(part: Part, scalar: bool = False) -> Plan:
    """A plan of one part whose outcome is the list of values (or the one value)."""
    return Plan([part], (lambda drawn: drawn[0][0]) if scalar else (lambda drawn: drawn[0]))


def _sort_key(value: Any) -> tuple:
    return (type(value).__name__, value)


def shuffle_or_seat_plan(state: Any) -> Plan:
    """The plan of a game whose random events are shuffles (a list outcome: every order of the
    multiset equally likely) and random seats (an int outcome: a seat, uniformly)."""
    import random

    sample = state.sample_chance(random.Random(0))
    if isinstance(sample, list):
        return single(Draws(sample, label="draw"))
    if isinstance(sample, int) and not isinstance(sample, bool):
        return single(Pick(list(range(state.config.players)), label="seat"), scalar=True)
    raise ValueError(f"no chance plan for an outcome like {sample!r}")
