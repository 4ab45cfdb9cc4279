"""Action ids <-> text notation: the fixed action space of every Carcassonne configuration.

Ids (RULES.md "Notation and action ids"): a placement is ``((x+71)*143 + (y+71))*4 + rotation``;
then the follower segments 0-8, ``pass``, the two figures, the message action and seal, the
message-8 recalls by follower slot 0-6 and the two chain answers. The functions here read only
plain data about the position (the tile in hand, the tile waiting for a follower, the deciding
player's followers), never the state itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gonets.core import IllegalAction
from gonets.games.carcassonne.rules.tiles import TILE_TYPES, Oriented

RADIUS = 71                     # 71 pile tiles can reach at most 71 cells from the start
WIDTH = 2 * RADIUS + 1
PLACE_ACTIONS = WIDTH * WIDTH * 4
FOLLOW = PLACE_ACTIONS          # + segment index (0-8)
PASS = PLACE_ACTIONS + 9
FIGURE = PLACE_ACTIONS + 10     # + 0 meeple, + 1 messenger
MSG_ACTION = PLACE_ACTIONS + 12
MSG_SEAL = PLACE_ACTIONS + 13
RECALL = PLACE_ACTIONS + 14     # + follower slot 0-6
CHAIN_DRAW = PLACE_ACTIONS + 21
CHAIN_STOP = PLACE_ACTIONS + 22
NUM_ACTIONS = PLACE_ACTIONS + 23

FIGURES = ("meeple", "messenger")
ROTATION_NAMES = ("r0", "r90", "r180", "r270")
FOLLOWER_HEADS = ("highwayman", "knight", "farmer", "monk")
EXAMPLES = ("expected e.g. 'place U 3,-1 r90', 'knight 1', 'pass', 'figure messenger', "
            "'message seal', 'recall 0,1 farmer 2', 'chain draw'")
_COORD = re.compile(r"^(-?\d{1,3}),(-?\d{1,3})$")

Follower = tuple[int, int, str]
"""Where one follower of the deciding player stands: ``(x, y, label)``."""


def encode_place(x: int, y: int, rot: int) -> int:
    """The id of placing a tile at ``(x, y)`` turned ``rot`` quarter turns clockwise."""
    return ((x + RADIUS) * WIDTH + (y + RADIUS)) * 4 + rot


def decode_place(action: int) -> tuple[int, int, int]:
    """``(x, y, rotation)`` of a placement id."""
    cell, rot = divmod(action, 4)
    x, y = divmod(cell, WIDTH)
    return x - RADIUS, y - RADIUS, rot


def canonical_place(action: int, letter: str) -> int:
    """The placement id with the tile's lowest rotation giving the same tile (2.2.2)."""
    x, y, rot = decode_place(action)
    return encode_place(x, y, TILE_TYPES[letter].canonical[rot])


def action_to_text(action: int, hand: str | None, placed: Oriented | None,
                   followers: Sequence[Follower | None], player: int) -> str:
    """The notation of ``action``: ``hand`` is the tile to place (None when no placement is
    due), ``placed`` the tile waiting for a follower (None when none waits), ``followers`` the
    deciding ``player``'s followers by slot (None: in the supply)."""
    if not isinstance(action, int) or isinstance(action, bool) or \
            not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"unknown action id {action!r}")
    if action < PLACE_ACTIONS:
        x, y, rot = decode_place(action)
        letter = f"{hand} " if hand else ""
        return f"place {letter}{x},{y} {ROTATION_NAMES[rot]}"
    if action == PASS:
        return "pass"
    if action < PASS:
        segment = action - FOLLOW
        if placed is None:
            raise IllegalAction("no tile is waiting for a follower now")
        if segment >= len(placed.segments):
            raise IllegalAction(f"tile {placed.letter} has no segment {segment}")
        return placed.segments[segment].label
    if action < MSG_ACTION:
        return f"figure {FIGURES[action - FIGURE]}"
    if action == MSG_ACTION:
        return "message action"
    if action == MSG_SEAL:
        return "message seal"
    if action < CHAIN_DRAW:
        slot = action - RECALL
        where = followers[slot] if slot < len(followers) else None
        if where is None:
            raise IllegalAction(f"follower slot {slot} of p{player + 1} is not on the map")
        return f"recall {where[0]},{where[1]} {where[2]}"
    return "chain draw" if action == CHAIN_DRAW else "chain stop"


def text_to_action(text: str, hand: str | None, placed: Oriented | None,
                   followers: Sequence[Follower | None], player: int) -> int:
    """Read a notation (the arguments as for :func:`action_to_text`); raises
    :class:`IllegalAction` naming what could not be read."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action notation is text, not {text!r}")
    words = text.strip().split()
    if not words or len(text) > 80:
        raise IllegalAction(f"cannot read {text[:40]!r}: {EXAMPLES}")
    head = words[0].lower()
    rest = [w.lower() for w in words[1:]]
    if head == "place":
        return _parse_place(words[1:], text, hand)
    if _COORD.match(head) and len(words) == 2:     # "3,-1 r90": a placement
        return _parse_place(words, text, hand)
    if head == "pass" and not rest:
        return PASS
    if head in FOLLOWER_HEADS:
        return _parse_follower(head, rest, text, placed)
    if head == "figure" and len(rest) == 1 and rest[0] in FIGURES:
        return FIGURE + FIGURES.index(rest[0])
    if head == "message" and rest in (["action"], ["seal"]):
        return MSG_ACTION if rest[0] == "action" else MSG_SEAL
    if head == "chain" and rest in (["draw"], ["stop"]):
        return CHAIN_DRAW if rest[0] == "draw" else CHAIN_STOP
    if head == "recall" and len(rest) >= 2:
        return _parse_recall(rest, text, followers, player)
    raise IllegalAction(f"cannot read {text[:40]!r}: {EXAMPLES}")


def _parse_place(args: list[str], text: str, hand: str | None) -> int:
    """A placement; a rotation that gives the same tile as another (U turned r270 is U turned
    r90) reads as the lowest such rotation, the one the action list holds."""
    letter = None
    if len(args) == 3:
        letter, args = args[0].upper(), args[1:]
        if letter not in TILE_TYPES:
            raise IllegalAction(f"{text!r}: {letter!r} is not a tile letter A-X")
        if hand and letter != hand:
            raise IllegalAction(f"{text!r}: the tile to place is {hand}, not {letter}")
    if len(args) != 2:
        raise IllegalAction(f"cannot read {text!r}: write 'place U 3,-1 r90'")
    match = _COORD.match(args[0])
    rot = args[1].lower()
    if not match or rot not in ROTATION_NAMES:
        raise IllegalAction(f"cannot read {text!r}: coordinates as x,y and a rotation "
                            "r0, r90, r180 or r270")
    x, y = int(match.group(1)), int(match.group(2))
    if abs(x) > RADIUS or abs(y) > RADIUS:
        raise IllegalAction(f"{text!r}: no tile can ever lie at {x},{y}")
    turn = ROTATION_NAMES.index(rot)
    if letter or hand:     # a turn giving the same tile is the same placement (2.2.2)
        turn = TILE_TYPES[letter or hand].canonical[turn]
    return encode_place(x, y, turn)


def _parse_follower(head: str, rest: list[str], text: str, placed: Oriented | None) -> int:
    if placed is None:
        raise IllegalAction(f"{text!r}: no tile is waiting for a follower now")
    wanted = "monk" if head == "monk" and not rest else f"{head} {' '.join(rest)}"
    for index, seg in enumerate(placed.segments):
        if seg.label == wanted:
            return FOLLOW + index
    raise IllegalAction(f"{text!r}: tile {placed.letter} has no place for a {wanted}")


def _parse_recall(rest: list[str], text: str, followers: Sequence[Follower | None],
                  player: int) -> int:
    match = _COORD.match(rest[0])
    if not match:
        raise IllegalAction(f"cannot read {text!r}: write 'recall x,y knight 1'")
    x, y = int(match.group(1)), int(match.group(2))
    label = " ".join(rest[1:])
    for slot, where in enumerate(followers):
        if where is not None and where == (x, y, label):
            return RECALL + slot
    raise IllegalAction(f"{text!r}: p{player + 1} has no {label} at {x},{y}")


# -- clicks (the web client's step keys) ---------------------------------------------------------
def action_steps(view: dict, text: str) -> list[str]:
    """The clicks that make up the legal action ``text``: a placement is its cell and then
    its rotation (a cycling step, ``~rot``), everything else one click. Keys never hold
    spaces, ``/`` or ``|``: ``cell:3,-1`` ``~rot:90``, ``spot:knight-1`` (``spot:none`` for
    no follower), ``figure:meeple``, ``message:seal``, ``recall:3,0,farmer-1``,
    ``chain:draw``."""
    words = text.split()
    head = words[0]
    if head == "place":
        return [f"cell:{words[-2]}", f"~rot:{words[-1][1:]}"]
    if head == "pass":
        return ["spot:none"]
    if head in FOLLOWER_HEADS:
        return [f"spot:{'-'.join(words)}"]
    if head in ("figure", "message", "chain"):
        return [f"{head}:{words[1]}"]
    if head == "recall":
        return [f"recall:{words[1]},{'-'.join(words[2:])}"]
    return [text]


def step_notation(key: str) -> str | None:
    """The follower label or notation word a one-click key stands for (``spot:knight-1`` ->
    ``knight 1``, ``recall:3,0,farmer-1`` -> ``recall 3,0 farmer 1``); None for the two
    steps of a placement."""
    family, _, value = key.partition(":")
    if family == "spot":
        return "pass" if value == "none" else value.replace("-", " ")
    if family in ("figure", "message", "chain"):
        return f"{family} {value}"
    if family == "recall":
        x, y, label = value.split(",", 2)
        return f"recall {x},{y} {label.replace('-', ' ')}"
    return None
