"""The fast feature engine: an unbounded map with a union-find over tile segments.

Every segment of a placed tile is a node. Nodes of one feature share a root, and the root
carries the feature's data: its open edge count (roads and cities; 0 means complete), the set
of distinct tiles it covers (an ``int`` bit mask over tile indices, so clones share it), the
followers standing on it (a tuple of ``(player, slot)``) and, for fields, the city nodes it
borders (a bit mask over node ids). No flood fill and no deep copies: placing a tile costs a
handful of unions, and a clone copies a few flat lists.
"""

from __future__ import annotations

from gonets.games.carcassonne.rules.tiles import (
    CITY,
    FIELD,
    FITS,
    MONASTERY,
    PAIR_HALF,
    ROAD,
    SIDE_HALVES,
    STEP,
    TERRAIN_CODE,
    TILE_TYPES,
    Oriented,
)

NEIGHBOURS8 = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""The eight surrounding cells in the order N, NE, E, SE, S, SW, W, NW (rule M3)."""


class Board:
    """Placed tiles and the features they form."""

    __slots__ = (
        "adj",
        "arms_mask",
        "base",
        "cells",
        "coords",
        "foll",
        "frontier",
        "kind",
        "node_tile",
        "open",
        "parent",
        "tiles",
        "tmask",
    )

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], int] = {}
        self.tiles: list[Oriented] = []
        self.base: list[int] = []          # first node id of each tile
        self.parent: list[int] = []
        self.kind: list[int] = []
        self.open: list[int] = []
        self.tmask: list[int] = []
        self.foll: list[tuple] = []
        self.adj: list[int] = []
        self.node_tile: list[int] = []
        self.frontier: dict[tuple[int, int], int] = {}
        self.arms_mask = 0
        self.coords: list[tuple[int, int]] = []

    def clone(self) -> Board:
        other = Board.__new__(Board)
        other.cells = dict(self.cells)
        other.tiles = list(self.tiles)
        other.base = list(self.base)
        other.parent = list(self.parent)
        other.kind = list(self.kind)
        other.open = list(self.open)
        other.tmask = list(self.tmask)
        other.foll = list(self.foll)
        other.adj = list(self.adj)
        other.node_tile = list(self.node_tile)
        other.coords = list(self.coords)
        other.frontier = dict(self.frontier)
        other.arms_mask = self.arms_mask
        return other

    # -- union-find ------------------------------------------------------------------------------
    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def _union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        tmask = self.tmask
        if tmask[ra].bit_count() < tmask[rb].bit_count():
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.open[ra] += self.open[rb]
        tmask[ra] |= tmask[rb]
        if self.foll[rb]:
            self.foll[ra] = self.foll[ra] + self.foll[rb]
        self.adj[ra] |= self.adj[rb]
        return ra

    # -- placement -------------------------------------------------------------------------------
    def placements(self, letter: str) -> list[tuple[int, int, int]]:
        """Every legal ``(x, y, rotation)`` for a tile type (symmetric rotations merged)."""
        fits = FITS[letter]
        found = []
        for (x, y), pattern in self.frontier.items():
            for rot in fits[pattern]:
                found.append((x, y, rot))
        return found

    def can_place(self, letter: str) -> bool:
        fits = FITS[letter]
        return any(fits[pattern] for pattern in self.frontier.values())

    def fits(self, letter: str, rot: int, x: int, y: int) -> bool:
        pattern = self.frontier.get((x, y))
        return pattern is not None and rot in FITS[letter][pattern]

    def place(self, letter: str, rot: int, x: int, y: int) -> int:
        """Put a tile down (legality is the caller's business) and merge its features."""
        tile = TILE_TYPES[letter].rotations[rot]
        index = len(self.tiles)
        base = len(self.parent)
        bit = 1 << index
        self.tiles.append(tile)
        self.base.append(base)
        self.cells[(x, y)] = index
        self.coords.append((x, y))
        if tile.arms:
            self.arms_mask |= bit
        for offset, seg in enumerate(tile.segments):
            node = base + offset
            self.parent.append(node)
            self.kind.append(seg.kind)
            self.open.append(len(seg.sides))
            self.tmask.append(bit)
            self.foll.append(())
            self.adj.append(sum(1 << (base + c) for c in seg.cities))
            self.node_tile.append(index)
        cells = self.cells
        edges = tile.edges
        for side in range(4):
            dx, dy = STEP[side]
            other_index = cells.get((x + dx, y + dy))
            if other_index is None:
                continue
            other = self.tiles[other_index]
            other_base = self.base[other_index]
            opposite = (side + 2) % 4
            terrain = edges[side]
            if terrain != "F":
                root = self._union(base + tile.side_segment[side],
                                   other_base + other.side_segment[opposite])
                self.open[root] -= 2
            for half in SIDE_HALVES[side]:
                mine = tile.half_segment[half]
                if mine >= 0:
                    self._union(base + mine, other_base + other.half_segment[PAIR_HALF[half]])
        self._update_frontier(x, y, edges)
        return index

    def _update_frontier(self, x: int, y: int, edges: str) -> None:
        frontier = self.frontier
        frontier.pop((x, y), None)
        cells = self.cells
        for side in range(4):
            dx, dy = STEP[side]
            cell = (x + dx, y + dy)
            if cell in cells:
                continue
            code = TERRAIN_CODE[edges[side]] << (2 * ((side + 2) % 4))
            frontier[cell] = frontier.get(cell, 0) | code

    # -- queries ---------------------------------------------------------------------------------
    def node(self, tile_index: int, segment: int) -> int:
        return self.base[tile_index] + segment

    def neighbours_present(self, x: int, y: int) -> int:
        cells = self.cells
        return sum(1 for dx, dy in NEIGHBOURS8 if (x + dx, y + dy) in cells)

    def tile_count(self, root: int) -> int:
        return self.tmask[root].bit_count()

    def arms_count(self, root: int) -> int:
        return (self.tmask[root] & self.arms_mask).bit_count()

    def completed_cities_bordering(self, field_root: int) -> list[int]:
        """Roots of the completed cities a field borders, each once, in node order."""
        roots = []
        mask = self.adj[field_root]
        while mask:
            low = mask & -mask
            root = self.find(low.bit_length() - 1)
            if self.open[root] == 0 and root not in roots:
                roots.append(root)
            mask ^= low
        return sorted(roots)

    def position(self, tile_index: int) -> tuple[int, int]:
        return self.coords[tile_index]


__all__ = ["CITY", "FIELD", "MONASTERY", "NEIGHBOURS8", "ROAD", "Board"]
