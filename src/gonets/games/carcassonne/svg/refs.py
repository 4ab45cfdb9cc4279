"""What a log line points at on the pictures: the keys of :func:`log_refs` and the elements
that carry them in ``data-ref`` (the web table lights them while the line is pointed at).

Keys hold coordinates, which no player reads: ``tile:x,y`` a placed tile; ``follower:x,y,s`` a
follower put on segment ``s`` of that tile (its figure while it stands there, its tile once
it has gone back); ``feature:x,y,s`` a road, city, monastery or field, named by the segment
the rules keep its data on (``x``, ``y`` and ``segment`` of a scoring event: every tile the
feature covers carries the key); ``track:p1-meeple`` a figure on the scoring track (after
the final merge the scoring meeple carries its messenger's key too); ``drawn:p1-U`` a tile of
type U drawn by the first seat: the tile in hand while it holds it, and every such tile it
has placed (a draw event says nothing of where its tile went, so a draw's line lights all
the tiles of that type the seat laid, the one it drew among them).

A feature's named segment is that of the rules' feature engine (:mod:`..rules.board`), found
here by laying the view's tiles again in their order. It stays the same once the feature is
finished, and for good at the end; an unfinished feature scored by a message may later grow
into another, and its old line then lights nothing.
"""

from __future__ import annotations

from functools import lru_cache

from gonets.games.carcassonne.rules.board import Board
from gonets.games.carcassonne.rules.tiles import TILE_TYPES

Cell = tuple[int, int]


def tile_key(x: int, y: int) -> str:
    return f"tile:{x},{y}"


def follower_key(x: int, y: int, segment: int) -> str:
    return f"follower:{x},{y},{segment}"


def feature_key(x: int, y: int, segment: int) -> str:
    return f"feature:{x},{y},{segment}"


def track_key(player: int, figure: str) -> str:
    return f"track:p{player + 1}-{figure}"


def drawn_key(player: int, letter: str) -> str:
    return f"drawn:p{player + 1}-{letter}"


def log_refs(event: dict) -> list[str]:
    """The keys a log event refers to (none for a draw, a discard, a message drawn...)."""
    kind = event.get("type")
    if kind == "draw":
        return [drawn_key(event["player"], event["tile"])]
    if kind == "place":
        return [tile_key(event["x"], event["y"])]
    if kind == "follower":
        return [follower_key(event["x"], event["y"], event["segment"])]
    if kind in ("score", "final", "message_result"):
        keys = []
        if event.get("feature") and "x" in event:
            keys.append(feature_key(event["x"], event["y"], event["segment"]))
        if "target" in event:                       # message 8: the follower taken back
            keys.append(follower_key(*event["target"]))
        return keys
    if kind == "figure":
        keys = [track_key(event["player"], event["figure"])]
        if "at" in event:
            keys.append(feature_key(*event["at"]))
        return keys
    if kind == "trigger":
        return [track_key(event["player"], figure) for figure in event["figures"]]
    if kind in ("merge", "end"):
        return [track_key(player, "meeple") for player in range(len(event["totals"]))]
    return []


def tile_refs(view: dict) -> dict[Cell, str]:
    """The ``data-ref`` of every placed tile: its own key, the keys of the features it
    covers, the key of its draw, and those of the followers put on it that have gone back."""
    standing = {tuple(where) for slots in view["slots"] for where in slots if where}
    extra: dict[Cell, list[str]] = {}
    for event in view.get("log", ()):
        if event.get("type") == "place":
            extra.setdefault((event["x"], event["y"]), []).append(
                drawn_key(event["player"], event["tile"]))
        elif event.get("type") == "follower":
            place = (event["x"], event["y"], event["segment"])
            if place not in standing:
                extra.setdefault(place[:2], []).append(follower_key(*place))
    features = _features(tuple((letter, x, y, rot) for letter, x, y, rot in view["board"]))
    return {cell: " ".join([tile_key(*cell), *keys, *extra.get(cell, [])])
            for cell, keys in features.items()}


@lru_cache(maxsize=16)
def _features(board: tuple) -> dict[Cell, tuple[str, ...]]:
    """The feature keys of each tile's segments, from the tiles laid again in order."""
    engine = Board()
    for letter, x, y, rot in board:
        engine.place(letter, rot, x, y)
    out = {}
    for index, (letter, x, y, rot) in enumerate(board):
        base = engine.base[index]
        keys = []
        for segment in range(len(TILE_TYPES[letter].rotations[rot].segments)):
            root = engine.find(base + segment)
            home = engine.node_tile[root]
            key = feature_key(*engine.coords[home], root - engine.base[home])
            if key not in keys:
                keys.append(key)
        out[(x, y)] = tuple(keys)
    return out
