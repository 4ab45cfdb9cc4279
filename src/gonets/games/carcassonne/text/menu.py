"""The menu lines of Carcassonne: one per legal action of the view's seat, in words.

A placement says where the tile goes from the log's landmarks and how it is turned ("Place the
tile next to the start tile, on the east side, turned a quarter right"); a follower where on
the tile it goes ("Put a farmer in the field on the north side"); a message-8 recall which
follower comes back and where it stands. No line holds coordinates, tile letters or rotation
codes, and the lines of one decision never read alike (:mod:`.places`).
"""

from __future__ import annotations

from gonets.games.carcassonne.notation import FIGURES, FOLLOWER_HEADS
from gonets.games.carcassonne.rules.tiles import TILE_TYPES
from gonets.games.carcassonne.text.log import segment_spot
from gonets.games.carcassonne.text.places import cell_places, tile_places, turn_words
from gonets.games.carcassonne.text.words import count, phrases


def board_tiles(view: dict) -> dict[tuple[int, int], tuple[str, int]]:
    """Every placed tile by its cell: its type and its rotation (quarter turns)."""
    return {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}


def follower_head(label: str) -> str:
    """The kind of follower a notation label names (``knight 1`` -> ``knight``)."""
    return label.split(" ")[0]


def recall_options(view: dict) -> dict[str, tuple[int, int, int]]:
    """The message-8 recalls of the view, each with the follower's place ``(x, y, segment)``."""
    seat = (view.get("decision") or {}).get("player")
    if seat is None:
        return {}
    tiles = board_tiles(view)
    out = {}
    for where in view["slots"][seat]:
        if where is None:
            continue
        x, y, segment = where
        letter, rot = tiles[(x, y)]
        label = TILE_TYPES[letter].rotations[rot].segments[segment].label
        out[f"recall {x},{y} {label}"] = (x, y, segment)
    return out


def describe_action(view: dict, text: str, lang: str = "en") -> str:
    """A menu line for one legal action of the view's seat."""
    words = phrases(lang)
    say = words["actions"]
    parts = text.split()
    head = parts[0]
    if head == "place":
        x, y = (int(v) for v in parts[-2].split(","))
        where = cell_places(view, lang).get((x, y))
        if where is not None:
            return say["place"].format(where=where, turn=turn_words(int(parts[-1][1:]), lang))
    if head in FOLLOWER_HEADS and view.get("placed", -1) >= 0:
        letter, _x, _y, rot = view["board"][view["placed"]]
        for index, seg in enumerate(TILE_TYPES[letter].rotations[rot].segments):
            if seg.label == text:
                return say["follower"].format(follower=words["followers_acc"][head],
                                              spot=segment_spot(letter, rot, index, lang))
    if head == "pass":
        return say["pass"]
    if head == "figure":
        rnd = view["round"]
        event = rnd["events"][rnd["next"]] if rnd["next"] < len(rnd["events"]) else None
        if event:
            figure = FIGURES.index(parts[1])
            new = view["scores"][event["player"]][figure] + event["points"]
            return say["figure"].format(figure=words["figures_acc"][parts[1]],
                                        points=count(event["points"], "point", lang),
                                        total=new, dark=say["dark"] if new % 5 == 0 else "")
    if head == "message":
        number = view["messages"]["current"]
        if parts[1] == "seal":
            return say["seal"]
        return say["message"].format(number=number, name=words["messages"].get(str(number), ""))
    if head == "recall":
        line = _recall_line(view, text, lang)
        if line is not None:
            return line
    if head == "chain":
        return say["chain_draw"] if parts[1] == "draw" else say["chain_stop"]
    return text


def _recall_line(view: dict, text: str, lang: str) -> str | None:
    """Which follower message 8 scores and takes back, where it stands and where its tile
    lies (the tiles of one decision's recalls named apart)."""
    options = recall_options(view)
    if text not in options:
        return None
    x, y, segment = options[text]
    letter, rot = board_tiles(view)[(x, y)]
    places = tile_places(view, [(cx, cy) for cx, cy, _ in options.values()], lang)
    words = phrases(lang)
    head = follower_head(text.split(" ", 2)[2])
    return words["actions"]["recall"].format(
        follower=words["followers_acc"][head],
        spot=segment_spot(letter, rot, segment, lang, "spots_at"), where=places[(x, y)])
