"""Step 3 of a turn and the end of the game: completed features, their values and
majorities (2.3), final scoring of incomplete features and farms (2.4, M25).

A mixin of :class:`~gonets.games.carcassonne.rules.state.CarcassonneState`.
"""

from __future__ import annotations

from gonets.games.carcassonne.rules.board import NEIGHBOURS8
from gonets.games.carcassonne.rules.phases import END
from gonets.games.carcassonne.rules.tiles import CITY, FIELD, KIND_NAMES, MONASTERY, ROAD
from gonets.games.carcassonne.rules.variants import FIELD_VALUE


class Scoring:
    """Features completed by a placement, values, majorities and the final scoring."""

    def _completed_features(self) -> list[tuple[int, int]]:
        """Features completed by the tile just placed, in the order of rule M3."""
        board = self.board
        tile = board.tiles[self.placed]
        base = board.base[self.placed]
        found: list[tuple[int, int]] = []
        for kind in (ROAD, CITY):
            for g, seg in enumerate(tile.segments):
                if seg.kind == kind:
                    root = board.find(base + g)
                    if board.open[root] == 0 and (kind, root) not in found:
                        found.append((kind, root))
        x, y = board.coords[self.placed]
        cells = board.cells
        for dx, dy in ((0, 0),) + NEIGHBOURS8:
            index = cells.get((x + dx, y + dy))
            if index is None:
                continue
            other = board.tiles[index]
            if other.monastery >= 0 and board.neighbours_present(x + dx, y + dy) == 8:
                found.append((MONASTERY, board.base[index] + other.monastery))
        return found

    def _score_round(self) -> None:
        """Step 3 (M1): score completed features, return followers, then ask figures."""
        board = self.board
        scored = []
        for order, (kind, root) in enumerate(self._completed_features()):
            if not board.foll[root]:
                continue
            points, rule = self._completed_value(kind, root)
            winners, counts = self._majority(root)
            feature = self._describe_feature(kind, root)
            self.log.append({"type": "score", **feature, "followers": counts,
                             "holders": winners, "points": points, "rule": rule})
            for player, slot in board.foll[root]:
                self.slots[player][slot] = -1
            board.foll[root] = ()
            for player in winners:
                scored.append(((player - self.active) % self.n, order,
                               {"player": player, "points": points,
                                "source": KIND_NAMES[kind],
                                "at": [feature["x"], feature["y"], feature["segment"]]}))
        scored.sort(key=lambda item: item[:2])
        self._open_check("round", [item[2] for item in scored])

    def _completed_value(self, kind: int, root: int) -> tuple[int, str]:
        board = self.board
        if kind == ROAD:
            return board.tile_count(root), "completed road: 1 per tile"
        if kind == CITY:
            tiles, arms = board.tile_count(root), board.arms_count(root)
            if tiles == 2 and self.rules.tiny_city:
                return tiles + arms, "completed two-tile city, legacy: 1 per tile and coat of arms"
            return 2 * tiles + 2 * arms, "completed city: 2 per tile + 2 per coat of arms"
        return 9, "completed monastery: 9"

    def _majority(self, root: int) -> tuple[list[int], list[int]]:
        counts = [0] * self.n
        for player, _slot in self.board.foll[root]:
            counts[player] += 1
        best = max(counts)
        return [p for p in range(self.n) if counts[p] == best and best > 0], counts

    def _describe_feature(self, kind: int, root: int) -> dict:
        board = self.board
        tile_index = board.node_tile[root]
        x, y = board.coords[tile_index]
        info = {"feature": KIND_NAMES[kind], "x": x, "y": y,
                "segment": root - board.base[tile_index], "tiles": board.tile_count(root)}
        if kind == CITY:
            info["arms"] = board.arms_count(root)
        if kind == MONASTERY:
            info["neighbours"] = board.neighbours_present(x, y)
        return info

    def _open_value(self, kind: int, root: int) -> int:
        """Value of an incomplete feature as at final scoring (2.4)."""
        board = self.board
        if kind == ROAD:
            return board.tile_count(root)
        if kind == CITY:
            return board.tile_count(root) + board.arms_count(root)
        if kind == MONASTERY:
            x, y = board.coords[board.node_tile[root]]
            return 1 + board.neighbours_present(x, y)
        return FIELD_VALUE[self.rules.farm_scoring] * len(board.completed_cities_bordering(root))

    def follower_place(self, node: int) -> tuple[int, int, int]:
        """Where a follower standing on ``node`` is: ``(x, y, segment)`` of its tile."""
        board = self.board
        tile_index = board.node_tile[node]
        x, y = board.coords[tile_index]
        return x, y, node - board.base[tile_index]

    def _finish(self) -> None:
        """Merge figures (M25) and score incomplete features and farms (2.4)."""
        self.hand = None
        if self.rules.messengers and not self.merged:
            for pair in self.scores:
                pair[0], pair[1] = pair[0] + pair[1], 0
            self.merged = True
            self.log.append({"type": "merge", "totals": [p[0] for p in self.scores]})
        board = self.board
        by_kind: dict[int, list[int]] = {ROAD: [], CITY: [], MONASTERY: [], FIELD: []}
        seen = set()
        for node in range(len(board.parent)):
            root = board.find(node)
            if root not in seen and board.foll[root]:
                seen.add(root)
                by_kind[board.kind[root]].append(root)
        breakdown = []
        for kind in (ROAD, CITY, MONASTERY):
            for root in by_kind[kind]:
                points = self._open_value(kind, root)
                winners, counts = self._majority(root)
                breakdown.append({"type": "final", **self._describe_feature(kind, root),
                                  "followers": counts, "holders": winners, "points": points,
                                  "rule": f"incomplete {KIND_NAMES[kind]} (2.4)"})
        breakdown.extend(self._farm_scoring(by_kind[FIELD]))
        for entry in breakdown:
            if entry["points"]:
                for player in entry["holders"]:
                    self.scores[player][0] += entry["points"]
            self.log.append(entry)
        self.final = {"totals": [sum(p) for p in self.scores]}
        self.log.append({"type": "end", "totals": self.final["totals"]})
        self.phase = END

    def _farm_scoring(self, fields: list[int]) -> list[dict]:
        board = self.board
        style = self.rules.farm_scoring
        if style == "field":
            out = []
            for root in fields:
                cities = board.completed_cities_bordering(root)
                winners, counts = self._majority(root)
                out.append({"type": "final", **self._describe_feature(FIELD, root),
                            "cities": len(cities), "followers": counts, "holders": winners,
                            "points": 3 * len(cities),
                            "rule": "field: 3 per completed bordering city"})
            return out
        value = FIELD_VALUE[style]
        supply: dict[int, list[int]] = {}
        for root in fields:
            for city in board.completed_cities_bordering(root):
                supply.setdefault(city, []).append(root)
        out = []
        for city in sorted(supply):
            counts = [0] * self.n
            for field_root in supply[city]:
                for player, _slot in board.foll[field_root]:
                    counts[player] += 1
            best = max(counts)
            winners = [p for p in range(self.n) if counts[p] == best]
            out.append({"type": "final", **self._describe_feature(CITY, city),
                        "feature": "farm city", "fields": len(supply[city]),
                        "followers": counts, "holders": winners, "points": value,
                        "rule": f"legacy farms ({style}): {value} per completed city, "
                                "city by city"})
        return out

