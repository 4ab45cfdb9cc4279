"""What a log line is about on the board: the ``data-ref`` keys of a log event, from the event
alone (``log_refs``)."""

from __future__ import annotations

from gonets.games.babayaga.rules.content import Content
from gonets.games.babayaga.svg.parts import TOKEN_COLOURS
from gonets.games.babayaga.text.words import options_content, special_place

PILES = ("wilderness", "town")
CARD_EVENTS = ("encounter", "won", "lost", "declined", "unmet")


def _card_refs(cid: object, c: Content) -> list[str]:
    """What an element card is about on the board: its token (the Hut, the Horseman, Baba
    Yaga, a lair's beasts), and for Baba Yaga's cards the count of those beaten."""
    card = c.cards.get(str(cid))
    if card is None:
        return []
    if card["deck"] in ("hut", "horseman"):
        return [f"token:{card['deck']}"]
    if card["deck"] == "baba_yaga":
        return ["token:baba_yaga", "deck:baba_yaga"]
    lair = (card.get("lair") or {}).get("token")
    return [f"token:{lair}"] if lair in TOKEN_COLOURS else []


def _seat_key(value: object) -> list[str]:
    return [f"hero:{value}"] if isinstance(value, int) and not isinstance(value, bool) else []


def log_refs(event: dict, options: dict | None = None) -> list[str]:
    """The ``data-ref`` keys of what a log event is about, from the event alone: ``hero:N``
    (every hero it names; the roster always draws them, the board too while on it),
    ``quest:N`` (a hero's quest progress), ``place:ID`` (a place it names), ``token:ID`` (a
    token, its card's token; the key always draws them), ``deck:wilderness``,
    ``deck:town``, ``deck:baba_yaga`` (the header's deck sizes and Baba Yaga's beaten
    count), ``round``, ``time`` and ``heroes`` (the whole roster). Cards are never named:
    a key must be drawn for every seat right after the event, and a card may be gone by
    then; nothing hidden reaches a key (a seat's peeked cards give only the deck). The
    game's ``options`` name its content pack (its board and cards; none: the built-in pack)."""
    c = options_content(options)
    kind = event.get("e")
    keys = _seat_key(event.get("seat"))
    for field in ("target", "from", "to"):
        keys += _seat_key(event.get(field))
    if isinstance(event.get("to"), str):
        keys.append(f"place:{event['to']}")
    if event.get("token") in TOKEN_COLOURS:
        keys.append(f"token:{event['token']}")
    if event.get("deck") in PILES:
        keys.append(f"deck:{event['deck']}")
    if kind in CARD_EVENTS:
        keys += _card_refs(event.get("card"), c)
    if kind in ("step", "quest_done"):
        keys += [key.replace("hero:", "quest:") for key in _seat_key(event.get("seat"))]
    where = {"special": event.get("kind"), "rescued": "koshcheys_home",
             "rescue_failed": "koshcheys_home"}.get(str(kind))
    place = special_place(where, c) if where else None
    if place is not None:
        keys.append(f"place:{place}")
    if kind == "setup":
        for seat in range(len(event.get("characters") or [])):
            keys += [f"hero:{seat}", f"quest:{seat}"]
    elif kind == "removed":
        keys += [f"deck:{deck}" for deck in event.get("count") or {} if deck in PILES]
    elif kind == "turn":
        keys.append("round")
    elif kind == "time":
        keys.append("time")
    elif kind == "global":
        keys.append("heroes")
    elif kind == "end":
        for seat in event.get("winners") or []:
            keys += _seat_key(seat)
    return list(dict.fromkeys(keys))
