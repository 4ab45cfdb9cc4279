"""The land tiles as data (``tiles.json``) and every table derived from them once at import.

Conventions (rules file section 1.1): sides ``N E S W`` are 0-3 clockwise; the eight
half-edges ``Nw Ne En Es Se Sw Ws Wn`` are 0-7 clockwise from the north-west corner. Rotating a
tile by ``r`` quarter turns clockwise moves side ``s`` to ``(s + r) % 4`` and half-edge ``h`` to
``(h + 2r) % 8``. The segments of a tile are numbered roads first, then cities, then fields,
then the monastery; that number is the follower target in actions and records.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

SIDES = "NESW"
HALVES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
SIDE_HALVES = ((0, 1), (2, 3), (4, 5), (6, 7))
PAIR_HALF = (5, 4, 7, 6, 1, 0, 3, 2)
"""The half-edge of the neighbour that touches each of my half-edges."""
STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""Offset to the neighbour across each side (x grows east, y grows north)."""
ROAD, CITY, FIELD, MONASTERY = 0, 1, 2, 3
KIND_NAMES = ("road", "city", "field", "monastery")
FOLLOWER_NAMES = ("highwayman", "knight", "farmer", "monk")
TERRAIN_CODE = {"C": 1, "R": 2, "F": 3}
TERRAIN_KIND = {"R": ROAD, "C": CITY}


@dataclass(frozen=True)
class Segment:
    """One internally connected piece of a feature on a (rotated) tile."""

    kind: int
    number: int          # 1-based within its kind, in the unrotated numbering of the data
    sides: tuple[int, ...]
    halves: tuple[int, ...]
    cities: tuple[int, ...]   # for fields: indices (in the tile's segment list) of bordering cities

    @property
    def label(self) -> str:
        """``highwayman 1``, ``knight 2``, ``farmer 1`` or ``monk``: the follower notation."""
        if self.kind == MONASTERY:
            return "monk"
        return f"{FOLLOWER_NAMES[self.kind]} {self.number}"


@dataclass(frozen=True)
class Oriented:
    """A tile type in one rotation, with lookups used by the feature engine."""

    letter: str
    rot: int
    edges: str                      # terrain per side N E S W after rotation
    segments: tuple[Segment, ...]
    side_segment: tuple[int, ...]   # road/city segment at each side, -1 for a field side
    half_segment: tuple[int, ...]   # field segment at each half-edge, -1 on a city side
    monastery: int                  # segment index of the monastery or -1
    arms: bool


@dataclass(frozen=True)
class TileType:
    letter: str
    count: int
    start: bool
    arms: bool
    monastery: bool
    rotations: tuple[Oriented, ...]   # indexed by rotation 0-3
    unique_rotations: tuple[int, ...]
    canonical: tuple[int, ...]        # per rotation 0-3: the lowest rotation giving the same tile


def _load() -> dict:
    path = Path(__file__).parent.parent / "data" / "tiles.json"
    return json.loads(path.read_text(encoding="utf-8"))["tiles"]


def _orient(letter: str, data: dict, rot: int) -> Oriented:
    segments: list[Segment] = []
    roads = [tuple((SIDES.index(s) + rot) % 4 for s in group) for group in data["roads"]]
    cities = [tuple((SIDES.index(s) + rot) % 4 for s in group) for group in data["cities"]]
    for number, sides in enumerate(roads, 1):
        segments.append(Segment(ROAD, number, sides, (), ()))
    city_base = len(segments)
    for number, sides in enumerate(cities, 1):
        segments.append(Segment(CITY, number, sides, (), ()))
    for number, field in enumerate(data["fields"], 1):
        halves = tuple(sorted((HALVES.index(h) + 2 * rot) % 8 for h in field["halves"]))
        segments.append(Segment(FIELD, number, (), halves,
                                tuple(city_base + c for c in field["cities"])))
    monastery = -1
    if data["monastery"]:
        monastery = len(segments)
        segments.append(Segment(MONASTERY, 1, (), (), ()))
    edges = [""] * 4
    for side, terrain in enumerate(data["edges"]):
        edges[(side + rot) % 4] = terrain
    side_segment = [-1] * 4
    half_segment = [-1] * 8
    for index, seg in enumerate(segments):
        for side in seg.sides:
            side_segment[side] = index
        for half in seg.halves:
            half_segment[half] = index
    return Oriented(letter, rot, "".join(edges), tuple(segments), tuple(side_segment),
                    tuple(half_segment), monastery, data["arms"])


def _signature(tile: Oriented) -> frozenset:
    def city_sides(index: int) -> frozenset:
        return frozenset(tile.segments[index].sides)

    return frozenset((seg.kind, frozenset(seg.sides), frozenset(seg.halves),
                      frozenset(city_sides(c) for c in seg.cities)) for seg in tile.segments)


def _build() -> dict[str, TileType]:
    types: dict[str, TileType] = {}
    for letter, data in _load().items():
        rotations = tuple(_orient(letter, data, rot) for rot in range(4))
        first: dict[frozenset, int] = {}
        for oriented in rotations:
            first.setdefault(_signature(oriented), oriented.rot)
        canonical = tuple(first[_signature(oriented)] for oriented in rotations)
        types[letter] = TileType(letter, data["count"], data["start"], data["arms"],
                                 data["monastery"], rotations, tuple(first.values()), canonical)
    return types


TILE_TYPES: dict[str, TileType] = _build()
LETTERS: tuple[str, ...] = tuple(TILE_TYPES)
START_LETTER = next(t.letter for t in TILE_TYPES.values() if t.start)
MAX_SEGMENTS = max(len(t.rotations[0].segments) for t in TILE_TYPES.values())


def pile_counts() -> dict[str, int]:
    """How many of each type make the draw pile (the start tile is not in it)."""
    return {t.letter: t.count - (1 if t.start else 0) for t in TILE_TYPES.values()}


def _fit_table() -> dict[str, tuple[tuple[int, ...], ...]]:
    """For each type and each of the 256 neighbourhood patterns (2 bits per side: 0 empty,
    1 city, 2 road, 3 field), the distinct rotations that match every touching side."""
    table = {}
    for letter, tile in TILE_TYPES.items():
        rows = []
        for pattern in range(256):
            fitting = []
            for rot in tile.unique_rotations:
                edges = tile.rotations[rot].edges
                if all(((pattern >> (2 * s)) & 3) in (0, TERRAIN_CODE[edges[s]])
                       for s in range(4)):
                    fitting.append(rot)
            rows.append(tuple(fitting))
        table[letter] = tuple(rows)
    return table


FITS = _fit_table()
