"""A small, obviously correct flood-fill oracle for Carcassonne features and scores.

It knows nothing of the engine: it reads ``tiles.json`` itself, rotates tiles with its own
code, finds features by breadth-first search over the whole map every time it is asked, and
replays a match from its public log (placements, followers, scores, messages, final scoring),
checking every score the engine wrote down against its own count.
"""

from __future__ import annotations

import json
from collections import deque
from functools import cache
from pathlib import Path

import gonets.games.carcassonne as package

RAW = json.loads((Path(package.__file__).parent / "data" / "tiles.json").read_text())["tiles"]
SIDE_NAMES = "NESW"
HALF_NAMES = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"]
OFFSET = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}


@cache
def segments(letter: str, rot: int) -> list[dict]:
    """Segments of a rotated tile, numbered roads, cities, fields, monastery."""
    raw = RAW[letter]
    out = []
    for group in raw["roads"]:
        out.append({"kind": "road", "sides": {(SIDE_NAMES.index(s) + rot) % 4 for s in group}})
    first_city = len(out)
    for group in raw["cities"]:
        out.append({"kind": "city", "sides": {(SIDE_NAMES.index(s) + rot) % 4 for s in group}})
    for field in raw["fields"]:
        out.append({"kind": "field",
                    "halves": {(HALF_NAMES.index(h) + 2 * rot) % 8 for h in field["halves"]},
                    "cities": [first_city + c for c in field["cities"]]})
    if raw["monastery"]:
        out.append({"kind": "monastery"})
    return out


def edge(letter: str, rot: int, side: int) -> str:
    return RAW[letter]["edges"][(side - rot) % 4]


class Oracle:
    def __init__(self, players: int, tiny_city: bool = False, farm: str = "field",
                 msg8_majority: bool = True):
        self.players = players
        self.tiles: dict[tuple[int, int], tuple[str, int]] = {(0, 0): ("D", 0)}
        self.followers: list[tuple[int, int, int, int]] = []   # (x, y, segment, player)
        self.totals = [0] * players
        self.tiny_city = tiny_city
        self.farm = farm
        self.msg8_majority = msg8_majority
        self.owed: list[tuple[int, int]] = []      # (player, points) still to take a figure
        self.final_scored: list[frozenset] = []

    # -- features by flood fill -------------------------------------------------------------------
    def neighbours(self, x: int, y: int, seg: int) -> list[tuple[int, int, int]]:
        letter, rot = self.tiles[(x, y)]
        data = segments(letter, rot)[seg]
        found = []
        if data["kind"] in ("road", "city"):
            for side in data["sides"]:
                dx, dy = OFFSET[side]
                other = self.tiles.get((x + dx, y + dy))
                if other is None:
                    continue
                opposite = (side + 2) % 4
                for index, seg2 in enumerate(segments(*other)):
                    if seg2["kind"] == data["kind"] and opposite in seg2["sides"]:
                        found.append((x + dx, y + dy, index))
        elif data["kind"] == "field":
            for half in data["halves"]:
                side = half // 2
                dx, dy = OFFSET[side]
                other = self.tiles.get((x + dx, y + dy))
                if other is None:
                    continue
                # my half-edge touches the neighbour's mirrored half on the opposite side
                partner = {0: 5, 1: 4, 2: 7, 3: 6, 4: 1, 5: 0, 6: 3, 7: 2}[half]
                for index, seg2 in enumerate(segments(*other)):
                    if seg2["kind"] == "field" and partner in seg2["halves"]:
                        found.append((x + dx, y + dy, index))
        return found

    def feature(self, x: int, y: int, seg: int) -> set[tuple[int, int, int]]:
        seen = {(x, y, seg)}
        queue = deque(seen)
        while queue:
            for nxt in self.neighbours(*queue.popleft()):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def all_features(self) -> list[set]:
        done: set = set()
        features = []
        for (x, y), (letter, rot) in self.tiles.items():
            for index in range(len(segments(letter, rot))):
                if (x, y, index) not in done:
                    feature = self.feature(x, y, index)
                    done |= feature
                    features.append(feature)
        return features

    def kind(self, feature: set) -> str:
        x, y, seg = next(iter(feature))
        return segments(*self.tiles[(x, y)])[seg]["kind"]

    def open_edges(self, feature: set) -> int:
        count = 0
        for x, y, seg in feature:
            data = segments(*self.tiles[(x, y)])[seg]
            for side in data.get("sides", ()):
                dx, dy = OFFSET[side]
                if (x + dx, y + dy) not in self.tiles:
                    count += 1
        return count

    def tile_count(self, feature: set) -> int:
        return len({(x, y) for x, y, _ in feature})

    def arms(self, feature: set) -> int:
        return len({(x, y) for x, y, _ in feature if RAW[self.tiles[(x, y)][0]]["arms"]})

    def neighbours_present(self, x: int, y: int) -> int:
        return sum((x + dx, y + dy) in self.tiles
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)

    def complete(self, feature: set) -> bool:
        kind = self.kind(feature)
        if kind == "monastery":
            x, y, _ = next(iter(feature))
            return self.neighbours_present(x, y) == 8
        return kind != "field" and self.open_edges(feature) == 0

    def counts(self, feature: set) -> list[int]:
        counts = [0] * self.players
        for x, y, seg, player in self.followers:
            if (x, y, seg) in feature:
                counts[player] += 1
        return counts

    def open_value(self, feature: set) -> int:
        kind = self.kind(feature)
        if kind == "road":
            return self.tile_count(feature)
        if kind == "city":
            return self.tile_count(feature) + self.arms(feature)
        if kind == "monastery":
            x, y, _ = next(iter(feature))
            return 1 + self.neighbours_present(x, y)
        per_city = {"field": 3, "city_4": 4, "city_3": 3}[self.farm]
        return per_city * len(self.bordering_complete_cities(feature))

    def bordering_complete_cities(self, feature: set) -> list[frozenset]:
        cities = []
        for x, y, seg in feature:
            for city_seg in segments(*self.tiles[(x, y)])[seg]["cities"]:
                city = frozenset(self.feature(x, y, city_seg))
                if self.complete(city) and city not in cities:
                    cities.append(city)
        return cities

    def completed_value(self, feature: set) -> int:
        kind = self.kind(feature)
        if kind == "road":
            return self.tile_count(feature)
        if kind == "monastery":
            return 9
        tiles, arms = self.tile_count(feature), self.arms(feature)
        if tiles == 2 and self.tiny_city:
            return tiles + arms
        return 2 * (tiles + arms)

    def feature_at(self, x: int, y: int, seg: int) -> set:
        return self.feature(x, y, seg)

    # -- replay of a public log ------------------------------------------------------------------
    def follow(self, event: dict, state_rules) -> None:
        """Apply one log event, checking any points it claims. Raises AssertionError."""
        kind = event["type"]
        if kind == "place":
            x, y = event["x"], event["y"]
            letter, rot = event["tile"], event["rot"] // 90
            assert (x, y) not in self.tiles
            touching = 0
            for side, (dx, dy) in OFFSET.items():
                other = self.tiles.get((x + dx, y + dy))
                if other:
                    touching += 1
                    assert edge(letter, rot, side) == edge(*other, (side + 2) % 4), event
            assert touching, "a tile must touch the map"
            self.tiles[(x, y)] = (letter, rot)
            self.last = (x, y)
        elif kind == "follower":
            feature = self.feature(event["x"], event["y"], event["segment"])
            assert sum(self.counts(feature)) == 0, "follower on an occupied feature"
            self.followers.append((event["x"], event["y"], event["segment"], event["player"]))
        elif kind == "score":
            feature = self.find_scored(event)
            assert self.complete(feature), event
            counts = self.counts(feature)
            assert counts == event["followers"], (counts, event)
            best = max(counts)
            assert event["holders"] == [p for p in range(self.players) if counts[p] == best]
            assert event["points"] == self.completed_value(feature), (event, feature)
            self.followers = [f for f in self.followers if f[:3] not in feature]
            for player in event["holders"]:
                if state_rules.messengers:
                    self.owed.append((player, event["points"]))
                else:
                    self.totals[player] += event["points"]
        elif kind == "figure":
            owed = (event["player"], event["points"])
            assert owed in self.owed, ("points no scoring event owed", event, self.owed)
            self.owed.remove(owed)
            self.totals[event["player"]] += event["points"]
        elif kind == "message_result":
            if event["option"] == "action" and event["number"] != 4:
                self.check_message(event, state_rules)
            if event["points"]:
                self.owed.append((event["player"], event["points"]))
        elif kind in ("merge", "end"):
            assert not self.owed, ("points never given to a figure", self.owed)
            if kind == "end":
                self.check_final_complete()
        elif kind == "final" and event["feature"] != "farm city":
            feature = self.find_scored(event)
            assert not self.complete(feature) or event["feature"] == "field", event
            assert self.open_value(feature) == event["points"], event
            counts = self.counts(feature)
            assert counts == event["followers"], (counts, event)
            best = max(counts)
            assert event["holders"] == [p for p in range(self.players) if counts[p] == best]
            self.final_scored.append(frozenset(feature))
            for player in event["holders"]:
                self.totals[player] += event["points"]
        elif kind == "final":
            self.check_farm_city(event)
            for player in event["holders"]:
                self.totals[player] += event["points"]

    def check_final_complete(self) -> None:
        """Final scoring listed every feature that still held followers, and only those."""
        expected = {frozenset(f) for f in self.all_features() if sum(self.counts(f))
                    and (self.kind(f) != "field" or self.farm == "field")}
        assert set(self.final_scored) == expected and \
            len(self.final_scored) == len(expected), "final scoring missed or doubled a feature"

    def find_scored(self, event: dict) -> set:
        feature = self.feature(event["x"], event["y"], event["segment"])
        assert self.kind(feature) == event["feature"], event
        assert event["tiles"] == self.tile_count(feature), event
        return feature

    def check_message(self, event: dict, rules) -> None:
        player, number = event["player"], event["number"]
        mine = [f for f in self.followers if f[3] == player]
        if number in (1, 2, 3):
            kind = {1: "road", 2: "city", 3: "monastery"}[number]
            values = [self.open_value(self.feature(*f[:3])) for f in mine
                      if segments(*self.tiles[f[:2]])[f[2]]["kind"] == kind]
            assert event["points"] == (min(values) if values else 0), event
        elif number == 5:
            cities = {frozenset(self.feature(*f[:3])) for f in mine
                      if segments(*self.tiles[f[:2]])[f[2]]["kind"] == "city"}
            assert event["points"] == sum(2 * self.arms(c) for c in cities), event
        elif number in (6, 7):
            kind = "city" if number == 6 else "field"
            count = sum(1 for f in mine if segments(*self.tiles[f[:2]])[f[2]]["kind"] == kind)
            assert event["points"] == 2 * count, event
        elif number == 8:
            x, y, seg = event["target"]
            feature = self.feature(x, y, seg)
            counts = self.counts(feature)
            majority = counts[player] >= max(counts)
            expected = self.open_value(feature) if majority or not self.msg8_majority else 0
            assert event["points"] == expected, (event, counts)
            self.followers.remove((x, y, seg, player))

    def check_farm_city(self, event: dict) -> None:
        """Legacy farm scoring, city by city: farmers of every field bordering the city."""
        cities = [self.find_scored({**event, "feature": "city"})]
        assert self.complete(cities[0])
        fields = [f for f in self.all_features() if self.kind(f) == "field"
                  and sum(self.counts(f))]
        for city in cities:
            supplying = [f for f in fields if frozenset(city) in
                         [frozenset(c) for c in self.bordering_complete_cities(f)]]
            if not supplying:
                continue
            counts = [sum(self.counts(f)[p] for f in supplying) for p in range(self.players)]
            if counts == event["followers"]:
                best = max(counts)
                assert event["holders"] == [p for p in range(self.players) if counts[p] == best]
                assert event["points"] == {"city_4": 4, "city_3": 3}[self.farm]
                return
        raise AssertionError(f"no completed city supplied as claimed: {event}")
