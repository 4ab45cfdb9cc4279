"""The fixed action space of Message to the Czar and its text notation.

Ids (the same for every configuration):

========================  =============================================  ======================
ids                       meaning                                        notation
========================  =============================================  ======================
0..7                      pass, draw, reveal, stop, bribe, end,          ``pass`` ... ``decline``
                          extra, decline
PLACE + type*18 + inn     put a courier of that type into an inn         ``place officer taiga``
MESSAGE + inn*4 + type    hand the message to your courier in that room  ``message olga officer``
TRAVEL + ((inn*8 + k)     empty a full inn: first leaver ``k//2`` (type),  ``travel iwan diplomat
  *19 + d1)*19 + d2       the other leaver the next (k even) or previous   katharina cossack
                          (k odd) room clockwise; destinations d1, d2      rachmanin``
                          (18 = the palace)
PLACE_COLOUR + (colour*4  put the display courier of that colour and      ``place purple officer
  + type)*18 + inn        type into an inn: only when the display holds   taiga``
                          that type in two colours (after an extra
                          colour), so the player chooses (rules 3.3)
========================  =============================================  ======================
"""

from __future__ import annotations

from gonets.core.errors import IllegalAction
from gonets.games.czar.rules.board import (
    COLOUR_BY_KEY,
    COLOURS,
    INN_BY_KEY,
    INN_KEYS,
    NUM_INNS,
    PALACE,
    TYPE_BY_KEY,
    TYPES,
)

PASS, DRAW, REVEAL, STOP, BRIBE, END, EXTRA, DECLINE = range(8)
WORDS = ["pass", "draw", "reveal", "stop", "bribe", "end", "extra", "decline"]
WORD_IDS = {word: i for i, word in enumerate(WORDS)}
PLACE = len(WORDS)
MESSAGE = PLACE + 4 * NUM_INNS
TRAVEL = MESSAGE + 4 * NUM_INNS
DESTS = NUM_INNS + 1
PLACE_COLOUR = TRAVEL + NUM_INNS * 8 * DESTS * DESTS
NUM_ACTIONS = PLACE_COLOUR + len(COLOURS) * 4 * NUM_INNS


def place_id(kind: int, inn: int) -> int:
    return PLACE + kind * NUM_INNS + inn


def place_colour_id(code: int, inn: int) -> int:
    """Id placing the display courier ``code`` (``colour*4 + type``) into ``inn``."""
    return PLACE_COLOUR + code * NUM_INNS + inn


def message_id(inn: int, kind: int) -> int:
    return MESSAGE + inn * 4 + kind


def travel_id(inn: int, first: int, second: int, dest1: int, dest2: int) -> int:
    """Id of a travel action; ``second`` must be the room next to ``first`` (either side)."""
    k = first * 2 + (0 if second == (first + 1) & 3 else 1)
    return TRAVEL + ((inn * 8 + k) * DESTS + dest1) * DESTS + dest2


def decode_travel(action: int) -> tuple[int, int, int, int, int]:
    """``(inn, first type, second type, dest1, dest2)`` of a travel id."""
    rest, dest2 = divmod(action - TRAVEL, DESTS)
    rest, dest1 = divmod(rest, DESTS)
    inn, k = divmod(rest, 8)
    first = k >> 1
    second = (first + 1) & 3 if k & 1 == 0 else (first - 1) & 3
    return inn, first, second, dest1, dest2


def _dest_text(dest: int) -> str:
    return "palace" if dest == PALACE else INN_KEYS[dest]


def action_text(action: int) -> str:
    """The notation of any id in the action space (``IllegalAction`` for other values)."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"{action!r} is not an action id of Message to the Czar "
                            f"(ids are 0..{NUM_ACTIONS - 1})")
    if action < PLACE:
        return WORDS[action]
    if action < MESSAGE:
        kind, inn = divmod(action - PLACE, NUM_INNS)
        return f"place {TYPES[kind]} {INN_KEYS[inn]}"
    if action < TRAVEL:
        inn, kind = divmod(action - MESSAGE, 4)
        return f"message {INN_KEYS[inn]} {TYPES[kind]}"
    if action >= PLACE_COLOUR:
        code, inn = divmod(action - PLACE_COLOUR, NUM_INNS)
        return f"place {COLOURS[code >> 2]} {TYPES[code & 3]} {INN_KEYS[inn]}"
    inn, first, second, dest1, dest2 = decode_travel(action)
    return (f"travel {INN_KEYS[inn]} {TYPES[first]} {_dest_text(dest1)} "
            f"{TYPES[second]} {_dest_text(dest2)}")


def _inn(word: str, text: str) -> int:
    if word not in INN_BY_KEY:
        raise IllegalAction(f"cannot read {text!r}: {word!r} is not an inn; inns are "
                            + ", ".join(INN_KEYS))
    return INN_BY_KEY[word]


def _kind(word: str, text: str) -> int:
    if word not in TYPE_BY_KEY:
        raise IllegalAction(f"cannot read {text!r}: {word!r} is not a courier type; types are "
                            + ", ".join(TYPES))
    return TYPE_BY_KEY[word]


def _colour(word: str, text: str) -> int:
    if word not in COLOUR_BY_KEY:
        raise IllegalAction(f"cannot read {text!r}: {word!r} is not a colour; colours are "
                            + ", ".join(COLOURS))
    return COLOUR_BY_KEY[word]


def _dest(word: str, text: str) -> int:
    return PALACE if word == "palace" else _inn(word, text)


def parse_action(text: str) -> int:
    """The id of a notation such as ``travel iwan diplomat katharina cossack rachmanin``."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action notation must be text, not {text!r}")
    shown = text if len(text) <= 60 else text[:57] + "..."
    words = text.lower().split()
    if not words:
        raise IllegalAction("an empty text is not an action; try 'draw' or 'pass'")
    head = words[0]
    if len(words) == 1 and head in WORD_IDS:
        return WORD_IDS[head]
    if head == "place" and len(words) == 3:
        return place_id(_kind(words[1], shown), _inn(words[2], shown))
    if head == "place" and len(words) == 4:
        code = _colour(words[1], shown) * 4 + _kind(words[2], shown)
        return place_colour_id(code, _inn(words[3], shown))
    if head == "message" and len(words) == 3:
        return message_id(_inn(words[1], shown), _kind(words[2], shown))
    if head == "travel" and len(words) == 6:
        inn = _inn(words[1], shown)
        first, second = _kind(words[2], shown), _kind(words[4], shown)
        if second not in ((first + 1) & 3, (first - 1) & 3):
            raise IllegalAction(f"cannot read {shown!r}: the two leavers of an inn sit in "
                                f"neighbouring rooms, {words[2]} and {words[4]} do not")
        return travel_id(inn, first, second, _dest(words[3], shown), _dest(words[5], shown))
    raise IllegalAction(
        f"cannot read {shown!r}; write one of: pass, draw, reveal, stop, bribe, end, extra, "
        "decline, 'place TYPE INN', 'place COLOUR TYPE INN', 'message INN TYPE', "
        "'travel INN TYPE DEST TYPE DEST' (DEST an inn or palace)")


# -- the clicks of an action (the web client) ---------------------------------------------------
# A legal action is built by clicking its steps on the board (keys hold no space, ``/`` or ``|``):
#   draw, reveal, stop, bribe            the own stack, the coin pile, this turn's coins, the guard
#   end, extra, decline, pass            buttons (yes/no choices)
#   courier:COLOUR-TYPE, to:INN.TYPE     a display courier, then the room it goes into (the
#                                        courier turned up at the start or drawn: only the room)
#   msg, give:INN.TYPE                   the own message, then the courier that takes it
#   empty:INN, first:INN.TYPE.DEST,      the full inn, then the destination room (or the palace)
#   then:INN.TYPE.DEST                   of the leaver that moves first, then the other's
#   arrive:INN.TYPE.palace,              the same when both leave for the palace (a grassland
#   again:INN.TYPE.palace                inn): the palace twice, each click its own step
def action_steps(view: dict, text: str) -> list[str]:
    """The keys a seat clicks, in order, to make the legal action ``text`` in ``view``."""
    words = text.split()
    head = words[0] if words else ""
    if head == "place" and len(words) in (3, 4):
        kind, inn = words[-2], words[-1]
        room = f"to:{inn}.{kind}"
        if view.get("phase") != "turn":
            return [room]
        colour = words[1] if len(words) == 4 else _display_colour(view, kind)
        return [f"courier:{colour}-{kind}", room]
    if head == "message" and len(words) == 3:
        return ["msg", f"give:{words[1]}.{words[2]}"]
    if head == "travel" and len(words) == 6:
        inn = words[1]
        first, then = ("arrive", "again") if words[3] == words[5] == "palace" else \
            ("first", "then")
        return [f"empty:{inn}", f"{first}:{inn}.{words[2]}.{words[3]}",
                f"{then}:{inn}.{words[4]}.{words[5]}"]
    return [text]


def _display_colour(view: dict, kind: str) -> str:
    seat = view.get("seat")
    mine = view["seats"][seat] if seat is not None else {"display": [], "colours": ["?"]}
    return next((c["colour"] for c in mine["display"] if c["type"] == kind),
                mine["colours"][0] if mine["colours"] else "?")


def step_parts(key: str) -> tuple[str, list[str]]:
    """``("first", ["iwan", "diplomat", "katharina"])`` for ``first:iwan.diplomat.katharina``;
    a plain word is its own family with no parts."""
    family, _, rest = key.partition(":")
    if not rest:
        return family, []
    if family == "courier":
        return family, rest.split("-", 1)
    return family, rest.split(".")
