"""The end screen of Message to the Czar: the winner first, then the others as the rules'
tie-break orders them (the first message at a guard, then the most rubles, then the highest
message, then turn order from the starting player), each with the rubles it holds (all coins
are shown at the end) and where its message stopped; why the game ended, the guard's bill and
who reached the palace's guards, in order."""

from __future__ import annotations

from gonets.core.ending import screen
from gonets.games.czar.rules.board import INN_BY_NAME, INN_KEYS
from gonets.games.czar.text import message_score
from gonets.games.czar.text.words import describe_event, fill, inn_board, phrases, rubles, seat_name


def final(view: dict, lang: str = "en") -> dict:
    """The ranking, the reason and the deciding numbers of a finished view."""
    book = phrases(lang)
    names = view.get("names")
    winner = view.get("winner")
    delivered = list(view["delivered"])
    wins = [event for event in view.get("log") or [] if event.get("e") == "win"]
    reason = describe_event(wins[-1], lang, view.get("seat"), names) if wins else ""
    reason = reason[:1].upper() + reason[1:]
    cells, keys = [], []
    for info in view["seats"]:
        seat, msg = info["seat"], info["message"] or {}
        total = info["coin_total"] or 0
        arrived = len(delivered) - delivered.index(seat) if seat in delivered else 0
        cells.append([rubles(lang, total), message_score(view, info, lang)])
        later = (seat - (view["start_player"] or 0)) % len(view["seats"])
        keys.append((seat == winner, arrived, total, msg.get("level", -1), -later))
    columns = [book["score"]["rubles"], book["score"]["message"]]
    return screen(reason, columns, cells, keys, _deciding(view, wins, names, lang))


def _deciding(view: dict, wins: list[dict], names, lang: str) -> list:
    """The guard's bill of the winner's message, every message at a guard in the order it
    arrived with the rubles its player held, and how the others are ordered."""
    words = phrases(lang)["final"]
    order = phrases(lang)["score"]["order"]
    seats = view["seats"]
    lines: list = []
    win = wins[-1] if wins else {}
    winner = view.get("winner")
    message = seats[winner]["message"] if winner is not None else None
    if win.get("why") in ("paid", "bribed") and message and "guard" in message:
        lines.append([words["bill"], fill(words["bill_line"], price=rubles(lang, message["price"]),
                                          guard=_guard(message, lang),
                                          total=rubles(lang, win.get("total", 0)))])
    for place, seat in enumerate(view["delivered"]):
        msg = seats[seat]["message"] or {}
        lines.append([fill(words["reached"], order=order[min(place, len(order) - 1)]),
                      fill(words["reached_line"], who=seat_name(seat, names, lang),
                           guard=_guard(msg, lang), price=rubles(lang, msg.get("price", 0)),
                           total=rubles(lang, seats[seat]["coin_total"] or 0))])
    if not view["delivered"]:
        lines.append(words["nobody_reached"])
    lines.append(words["order"])
    return lines


def _guard(message: dict, lang: str) -> str:
    """The inn a guard stands above, as the board names it."""
    name = message.get("guard")
    return inn_board(lang, INN_KEYS[INN_BY_NAME[name]]) if name in INN_BY_NAME else str(name)
