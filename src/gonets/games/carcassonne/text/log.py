"""The log in words: one line per event, as a player at the table would say it.

A line names a tile by what is on it ("a tile with a city and a road"), says where it went
from a landmark everybody can find on the map - the start tile, or a monastery laid earlier
("next to the start tile, on the east side", "2 tiles north-west of Anna's monastery") - and
says who scored what and why ("Anna scores 8 points for a finished city of 3 tiles with 1 coat
of arms"). No line holds board coordinates, tile letters, rotation codes or rule numbers. Lines
are written for the viewing seat ("You place...", other seats by their names). Every phrase
comes from the ``log`` part of the catalogues ``data/phrases.<lang>.json``.

:func:`describe_log` reads a log in order, so that a line may point at the monasteries laid
before it and name the side of the tile a follower went to; :func:`describe_event` describes
one event alone (its only landmark is then the start tile).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gonets.games.carcassonne.rules.tiles import CITY, FIELD, MONASTERY, ROAD, TILE_TYPES
from gonets.games.carcassonne.text.words import count, phrases, seat_name

SIDE_VECTORS = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""Towards each side N E S W of a tile (x east, y north)."""
HALF_VECTORS = ((-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1))
"""Towards each half-edge Nw Ne En Es Se Sw Ws Wn of a tile."""
FOLLOWER_KINDS = {"highwayman": ROAD, "knight": CITY, "farmer": FIELD, "monk": MONASTERY}
KIND_KEYS = {ROAD: "road", CITY: "city", FIELD: "field", MONASTERY: "monastery"}


@dataclass(frozen=True)
class Landmark:
    """A tile a line may point at: the start tile, or a monastery with the seat that laid it."""

    kind: str            # "start" or "monastery"
    x: int
    y: int
    owner: int = -1


START = Landmark("start", 0, 0)


@dataclass(frozen=True)
class Spot:
    """Where a cell lies from a landmark: ``direction`` in eighths of a turn counter-clockwise
    from east (0 east, 2 north, 4 west, 6 south: the catalogue's ``dirs`` and ``sides``),
    ``distance`` in king's moves (0: on the landmark itself)."""

    landmark: Landmark
    direction: int
    distance: int


def direction(dx: float, dy: float) -> int:
    """The nearest of the eight compass directions of a vector (x east, y north), in eighths of
    a turn counter-clockwise from east. Integer vectors never fall on a boundary between two
    directions (those lie at odd multiples of 22.5 degrees), so the answer is exact."""
    return round(math.atan2(dy, dx) / (math.pi / 4)) % 8


def locate(x: int, y: int, landmarks: Sequence[Landmark] = (START,)) -> Spot:
    """The landmark nearest to the cell (``x``, ``y``) and where the cell lies from it.

    Nearest: fewest king's moves, then fewest steps along the rows and columns, then the
    landmark listed first (the start tile before every monastery). A monastery is never its
    own landmark; the start tile is (distance 0) when nothing else is at hand."""
    best = ((max(abs(x), abs(y)), abs(x) + abs(y), 0), START, x, y)
    for order, mark in enumerate(landmarks, 1):
        dx, dy = x - mark.x, y - mark.y
        if mark.kind == "start" or (dx == 0 and dy == 0):
            continue
        key = (max(abs(dx), abs(dy)), abs(dx) + abs(dy), order)
        if key < best[0]:
            best = (key, mark, dx, dy)
    key, mark, dx, dy = best
    return Spot(mark, direction(dx, dy) if key[0] else 0, key[0])


def placement_phrase(x: int, y: int, lang: str = "en", viewer: int | None = None,
                     names: Sequence[str] | None = None,
                     landmarks: Sequence[Landmark] = (START,)) -> str:
    """Where the cell (``x``, ``y``) lies, in words, from its nearest landmark (:func:`locate`):
    "on the start tile", "next to the start tile, on the east side", "diagonally north-west
    of Anna's monastery", "3 tiles south of the start tile", "2 tiles east and 1 tile north
    of the start tile" (never a rounded direction, which would name another cell)."""
    return offset_phrase(x, y, locate(x, y, landmarks).landmark, lang, viewer, names)


def offset_phrase(x: int, y: int, mark: Landmark, lang: str = "en",
                  viewer: int | None = None, names: Sequence[str] | None = None) -> str:
    """Exactly where a cell lies from a landmark: along a row, a column or a diagonal as the
    log says it ("3 tiles east of the start tile"), else both steps ("3 tiles east and 1 tile
    north of Anna's monastery", the longer first)."""
    dx, dy = x - mark.x, y - mark.y
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        distance = max(abs(dx), abs(dy))
        return spot_phrase(Spot(mark, direction(dx, dy) if distance else 0, distance), lang,
                           viewer, names)
    log = phrases(lang)["log"]
    steps = sorted([(abs(dx), 0 if dx > 0 else 4), (abs(dy), 2 if dy > 0 else 6)],
                   reverse=True)
    (first, first_dir), (second, second_dir) = steps
    return log["where"]["offset"].format(
        first=count(first, "tile_away", lang), first_dir=log["dirs"][first_dir],
        second=count(second, "tile_away", lang), second_dir=log["dirs"][second_dir],
        landmark=landmark_name(mark, "gen", lang, viewer, names))


def spot_phrase(spot: Spot, lang: str = "en", viewer: int | None = None,
                names: Sequence[str] | None = None) -> str:
    """A :class:`Spot` in words (see :func:`placement_phrase`)."""
    log = phrases(lang)["log"]
    where = log["where"]

    def mark(case: str) -> str:
        return landmark_name(spot.landmark, case, lang, viewer, names)

    if spot.distance == 0:
        return where["on"].format(landmark=mark("loc"))
    if spot.distance == 1 and spot.direction % 2 == 0:
        return where["beside"].format(landmark=mark("ins"), side=log["sides"][spot.direction])
    if spot.distance == 1:
        return where["corner"].format(dir=log["dirs"][spot.direction], landmark=mark("gen"))
    return where["away"].format(tiles=count(spot.distance, "tile_away", lang),
                                dir=log["dirs"][spot.direction], landmark=mark("gen"))


def landmark_name(mark: Landmark, case: str, lang: str, viewer: int | None,
                  names: Sequence[str] | None) -> str:
    """A landmark in words, in a grammatical case of the catalogue (``gen``, ``ins``,
    ``loc``): "the start tile", "Anna's monastery", "your monastery"."""
    forms = phrases(lang)["log"]["landmarks"]
    if mark.kind == "start":
        return forms["start"][case]
    if viewer is not None and mark.owner == viewer:
        return forms["monastery_yours"][case]
    return forms["monastery"][case].format(who=seat_name(mark.owner, lang, None, names))


class Surroundings:
    """What the log has shown so far that a line may point at: the landmarks (the start tile,
    then every monastery in the order laid) and the tiles placed with their rotations."""

    def __init__(self) -> None:
        self.landmarks: list[Landmark] = [START]
        self.tiles: dict[tuple[int, int], tuple[str, int]] = {}

    def see(self, event: dict) -> None:
        """Take in one event of the log (after its line is written)."""
        if event.get("type") != "place" or event.get("tile") not in TILE_TYPES:
            return
        x, y = event["x"], event["y"]
        self.tiles[(x, y)] = (event["tile"], event["rot"] // 90 % 4)
        if TILE_TYPES[event["tile"]].monastery:
            self.landmarks.append(Landmark("monastery", x, y, event["player"]))


# -- pieces of lines ------------------------------------------------------------------------
def _join(items: Sequence[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    log = phrases(lang)["log"]
    if len(items) < 2:
        return "".join(items)
    return log["sep"].join(items[:-1]) + log["and"] + items[-1]


def tile_features(letter: str) -> list[str]:
    """What is on a tile type, as keys of the catalogue's ``tile_parts``: a monastery, a
    city or two, a road, a junction of three roads or a crossroads, a coat of arms."""
    tile = TILE_TYPES[letter].rotations[0]
    kinds = [seg.kind for seg in tile.segments]
    out = ["monastery"] if tile.monastery >= 0 else []
    cities = kinds.count(CITY)
    if cities:
        out.append("city" if cities == 1 else "cities_2")
    roads = [seg for seg in tile.segments if seg.kind == ROAD]
    ends = sum(1 for seg in roads if len(seg.sides) == 1)
    if ends >= 3 and tile.monastery < 0:
        out.append("crossroads_4" if ends == 4 else "junction_3")
    elif roads:
        out.append("road" if len(roads) == 1 else "roads_2")
    if tile.arms:
        out.append("arms")
    return out


def tile_phrase(letter: str, lang: str = "en", form: str = "tile") -> str:
    """A tile type in words, as the object of a sentence: "a tile with a city and a road"
    (``form="tile_nom"``: as its subject, "плитка с городом")."""
    log = phrases(lang)["log"]
    parts = [log["tile_parts"][key] for key in tile_features(letter)]
    return log[form].format(parts=_join(parts, lang))


def source_phrase(source: str, lang: str, table: str = "sources") -> str:
    """What points came from, as the object of "for": ``the road`` or ``message 6``
    (``table="kinds"``: the feature's plain name)."""
    words = phrases(lang)
    if source.startswith("message "):
        return words["sources"]["message"].format(n=source.split()[1])
    return words[table].get(source, source)


def _segment_side(letter: str, rot: int, segment: int) -> int | None:
    """The direction (as :func:`direction`) of one segment of a tile from its middle, when
    the tile has more than one segment of that kind (None when one says enough)."""
    tile = TILE_TYPES[letter].rotations[rot]
    if not 0 <= segment < len(tile.segments):
        return None
    seg = tile.segments[segment]
    if sum(1 for other in tile.segments if other.kind == seg.kind) < 2:
        return None
    dx = sum(SIDE_VECTORS[s][0] for s in seg.sides) + sum(HALF_VECTORS[h][0] for h in seg.halves)
    dy = sum(SIDE_VECTORS[s][1] for s in seg.sides) + sum(HALF_VECTORS[h][1] for h in seg.halves)
    return direction(dx, dy) if dx or dy else None


def segment_spot(letter: str, rot: int, segment: int, lang: str = "en",
                 table: str = "spots") -> str:
    """Where on a tile a follower goes (``table="spots"``: "in the city") or stands
    (``"spots_at"``: "в городе"), with the side when the tile has more than one segment of that
    kind ("in the field on the north side") and, for the two fields of a bend that face the
    same way, whether the field touches the city. Every segment of a tile reads differently
    (tested over every tile and rotation)."""
    log = phrases(lang)["log"]
    tile = TILE_TYPES[letter].rotations[rot]
    seg = tile.segments[segment]
    text = log[table][KIND_KEYS[seg.kind]]
    side = _segment_side(letter, rot, segment)
    if side is None:
        return text
    text = log["spot_side"].format(spot=text, side=log["sides"][side])
    if any(index != segment and other.kind == seg.kind
           and _segment_side(letter, rot, index) == side
           for index, other in enumerate(tile.segments)):
        text += log["spot_city"][bool(seg.cities)]
    return text


def _follower_spot(event: dict, lang: str, around: Surroundings | None) -> tuple[str, str]:
    """The follower (as the object of a sentence) and where on its tile it stands."""
    log = phrases(lang)["log"]
    head = str(event.get("as", "")).split(" ")[0]
    spot = log["spots"][KIND_KEYS[FOLLOWER_KINDS.get(head, FIELD)]]
    placed = around.tiles.get((event.get("x"), event.get("y"))) if around else None
    if placed is not None and 0 <= event.get("segment", -1) < len(
            TILE_TYPES[placed[0]].rotations[placed[1]].segments):
        spot = segment_spot(placed[0], placed[1], event["segment"], lang)
    return phrases(lang)["followers_acc"].get(head, head), spot


def _feature_phrase(event: dict, lang: str) -> str:
    """A scored feature, as the object of "for": "a finished city of 3 tiles with 1 coat of
    arms", "an unfinished monastery with 5 neighbouring tiles", "a field next to 2 finished
    cities"."""
    log = phrases(lang)["log"]
    features = log["features"]
    feature = event.get("feature")
    state = "done" if event.get("type") == "score" else "open"
    tiles = count(event.get("tiles", 0), "tile_of", lang)
    if feature == "field":
        cities = event.get("cities", 0)
        if not cities:
            return features["field_none"]
        return features["field"].format(cities=count(cities, "finished_city", lang))
    if feature == "farm city":
        return features["farm_city"].format(tiles=tiles)
    if feature == "monastery":
        return features["monastery"][state].format(
            neighbours=count(event.get("neighbours", 0), "neighbour", lang))
    arms = event.get("arms", 0)
    arms_text = log["arms"].format(arms=count(arms, "arms_with", lang)) if arms else ""
    return features.get(feature, features["road"])[state].format(tiles=tiles, arms=arms_text)


def _scoring_line(event: dict, lang: str, viewer: int | None, names: Sequence[str] | None,
                  around: Surroundings | None) -> str:
    """Who scores how much for what, and where that feature lies."""
    log = phrases(lang)["log"]
    what = _feature_phrase(event, lang)
    if "x" in event and "y" in event:
        spot = locate(event["x"], event["y"], around.landmarks if around else (START,))
        what += log["feature_where"].format(where=spot_phrase(spot, lang, viewer, names))
    holders = list(event.get("holders", []))
    mine = viewer is not None and viewer in holders
    ordered = [p for p in holders if p != viewer] + ([viewer] if mine else [])
    if not holders:
        key = "nobody"
    elif len(holders) == 1:
        key = "you" if mine else "other"
    else:
        key = "many_you" if mine else "many"
    who = _join([seat_name(p, lang, viewer, names) for p in ordered], lang)
    return log["score"][key].format(who=who, what=what,
                                    points=count(event["points"], "point", lang),
                                    each=count(event["points"], "point_each", lang))


def _totals(totals: Sequence[int], lang: str, viewer: int | None,
            names: Sequence[str] | None) -> str:
    log = phrases(lang)["log"]
    return log["sep"].join(log["total"].format(who=seat_name(p, lang, viewer, names), total=t)
                           for p, t in enumerate(totals))


# -- lines ----------------------------------------------------------------------------------
class LogReader:
    """One reader's pass through a log, in order: ``reader(events)`` gives the lines of the
    events that follow those it read before, each written knowing them (a frame describes
    only its new events; the landmarks seen so far are kept here)."""

    def __init__(self, lang: str = "en", viewer: int | None = None,
                 names: Sequence[str] | None = None):
        self.lang, self.viewer, self.names = lang, viewer, names
        self.around = Surroundings()

    def __call__(self, events: Sequence[dict]) -> list[str]:
        lines = []
        for event in events:
            lines.append(describe_event(event, self.lang, self.viewer, self.names, self.around))
            self.around.see(event)
        return lines


def describe_log(events: Sequence[dict], lang: str = "en", viewer: int | None = None,
                 names: Sequence[str] | None = None, start: int = 0) -> list[str]:
    """The lines of ``events[start:]`` for ``viewer`` (None: a spectator), each written
    knowing every event before it (the landmarks laid, the tiles followers stand on)."""
    reader = LogReader(lang, viewer, names)
    for event in events[:start]:
        reader.around.see(event)
    return reader(events[start:])


def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None,
                   around: Surroundings | None = None) -> str:
    """One log line for ``viewer`` (None: a spectator), seats called by ``names``;
    ``around``: what the log showed before the event (without, the start tile is the only
    landmark)."""
    log = phrases(lang)["log"]
    kind = event.get("type")
    if kind in ("score", "final"):
        return _scoring_line(event, lang, viewer, names, around)
    if kind == "discard_rest":
        return log["discard_rest"].format(tiles=count(len(event.get("tiles", [])), "tile",
                                                      lang))
    if kind in ("merge", "end"):
        return log[kind].format(totals=_totals(event["totals"], lang, viewer, names))
    fields = _event_fields(event, kind, lang, viewer, names, around) \
        if "player" in event else None
    if fields is None:
        return str(event)
    key, values = fields
    forms = log[key]
    forced = phrases(lang)["forced"] if event.get("forced") else ""
    if viewer is not None and event["player"] == viewer:
        return forms["you"].format(forced=forced, **values)
    return forms["other"].format(who=seat_name(event["player"], lang, None, names),
                                 forced=forced, **values)


def _event_fields(event: dict, kind: str, lang: str, viewer: int | None,
                  names: Sequence[str] | None,
                  around: Surroundings | None) -> tuple[str, dict] | None:
    """The catalogue key and the fields of a one-player event."""
    words = phrases(lang)
    log = words["log"]
    if kind == "draw":
        extra = log["draw_extra"] if event.get("part") == "extra" else ""
        return "draw", {"tile": tile_phrase(event["tile"], lang), "extra": extra}
    if kind == "place":
        where = placement_phrase(event["x"], event["y"], lang, viewer, names,
                                 around.landmarks if around else (START,))
        return "place", {"tile": tile_phrase(event["tile"], lang), "where": where}
    if kind == "follower":
        follower, spot = _follower_spot(event, lang, around)
        return "follower", {"follower": follower, "spot": spot}
    if kind in ("discard", "under"):
        return kind, {"tile": tile_phrase(event["tile"], lang)}
    if kind in ("no_follower", "extra_failed"):
        return kind, {}
    if kind == "figure":
        return "figure", {
            "figure": words["figures_acc"][event["figure"]],
            "points": count(event["points"], "point", lang), "total": event["total"],
            "source": source_phrase(event.get("source", ""), lang)}
    if kind == "trigger":
        return "trigger", {"figures": log["sep"].join(words["figures"][f]
                                                      for f in event["figures"])}
    if kind == "message":
        return "message", {"number": event["number"],
                           "name": words["messages"][str(event["number"])]}
    if kind == "message_result":
        key = f"message_{event['option']}"
        if event["option"] == "action" and event["number"] == 4:
            key = "message_extra"
        return key, {"number": event["number"],
                     "points": count(event["points"], "point", lang)}
    if kind == "chain":
        return ("chain_draw" if event["draw"] else "chain_stop"), {}
    return None
