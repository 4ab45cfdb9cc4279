"""What each log line points at on the board (``Game.log_refs``): keys that the picture's
elements carry in ``data-ref``, in both arrangements.

* ``palace``, ``pile``, ``running``, ``out``: the palace, the coin pile, this turn's coins,
  the coins out of play;
* ``guard:INN``: the guard above the grassland inn ``INN``;
* ``inn:INN``: the inn; ``room:INN.TYPE``: one of its rooms (drawn in every open inn,
  occupied or not);
* ``msg:SEAT``: where the seat's message is: the courier carrying it, or its mark at a guard.

Keys come from the event alone, and only from what every seat sees: a coin drawn in secret
points at the pile it came from, never at its value. Lines about what only one seat sees (its
stack, display, the courier it drew or turned up) and about a seat's choice alone (start,
shuffle, pass, end, decline, extra) point at nothing."""

from __future__ import annotations

from gonets.games.czar.svg.parts import inn_key


def _room(inn: str, courier: str) -> str:
    """The room of ``courier`` (``red cossack``) in the inn named ``inn`` (``IWAN``)."""
    return f"room:{inn_key(inn)}.{courier.split()[-1]}"


def _travel(event: dict) -> list[str]:
    keys = [f"inn:{inn_key(event['inn'])}", _room(event["inn"], event["stays"])]
    for move in event["moves"]:
        keys.append("palace" if move["to"] == "palace" else _room(move["to"], move["courier"]))
        if move.get("guard"):
            keys.append(f"guard:{inn_key(move['guard'])}")
    return keys


def log_refs(event: dict) -> list[str]:
    """The ``data-ref`` keys of the board elements a log event is about (none: it is about
    nothing every seat sees on the board)."""
    kind = event.get("e")
    if kind == "place":
        return [_room(event["inn"], event["courier"])]
    if kind == "message":
        return [f"room:{inn_key(event['from_inn'])}.{event['from_type']}",
                f"room:{inn_key(event['inn'])}.{event['type']}"]
    if kind == "travel":
        return _travel(event)
    if kind == "bribe":
        return [f"guard:{inn_key(event['guard'])}", f"msg:{event['seat']}"]
    if kind == "win" and event.get("seat") is not None:
        return [f"msg:{event['seat']}"]
    return {"coins": ["pile"], "coin": ["pile"], "reveal": ["pile", "running"],
            "njet": ["running", "out"], "bank": ["running"]}.get(kind, [])
