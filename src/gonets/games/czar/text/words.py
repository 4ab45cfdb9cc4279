"""Czar's words in English and Russian: the phrase catalogues (``data/phrases.<lang>.json``),
the words that know their grammatical forms (:class:`Word`: a placeholder may name a case,
``{courier:acc}``), the names of seats, couriers, inns and coins, and the log lines
(``describe_event``). Unknown languages fall back to English."""

from __future__ import annotations

import json
import string
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from gonets.games.czar.rules.board import (
    COIN_BY_KEY,
    COIN_VALUE,
    INN_BY_NAME,
    INN_KEYS,
    LEVEL_KEYS,
    LEVEL_TITLES,
)

LANGUAGES = ("en", "ru")


@cache
def phrases(lang: str) -> dict:
    """The phrase catalogue of ``lang`` (English for a language without one)."""
    name = lang if lang in LANGUAGES else "en"
    path = resources.files("gonets.games.czar").joinpath("data", f"phrases.{name}.json")
    return json.loads(path.read_text("utf-8"))


class Word:
    """A phrase with its grammatical forms (``nom``, ``acc``, ``gen``, ...)."""

    __slots__ = ("forms",)

    def __init__(self, forms: dict[str, str]):
        self.forms = forms

    def form(self, case: str = "") -> str:
        return self.forms.get(case) or self.forms["nom"]

    def __str__(self) -> str:
        return self.forms["nom"]


class _Formatter(string.Formatter):
    """``str.format`` where a format spec on a :class:`Word` picks its case (ignored on
    plain values, so a phrase never fails on a case the value does not have)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Word):
            return value.form(format_spec)
        return format(value, "")


_FORMAT = _Formatter()


def fill(template: str, **fields: Any) -> str:
    return _FORMAT.format(template, **fields)


def plural(lang: str, key: str, n: int) -> str:
    """``n`` with its noun in the plural form the language needs (``rubles``, ``coin_count``)."""
    forms = phrases(lang)[key]
    if "few" not in forms:
        return forms["one" if n == 1 else "other"].format(n=n)
    tens, ones = n % 100, n % 10
    if ones == 1 and tens != 11:
        which = "one"
    elif 2 <= ones <= 4 and not 12 <= tens <= 14:
        which = "few"
    else:
        which = "many"
    return forms[which].format(n=n)


def rubles(lang: str, n: int) -> str:
    return plural(lang, "rubles", n)


# -- words -----------------------------------------------------------------------------------
def type_word(lang: str, kind: str) -> Word:
    return Word(phrases(lang)["types"][kind])


def type_title(lang: str, kind: str) -> str:
    entry = phrases(lang)["types"][kind]
    return entry.get("title", entry["nom"])


def colour_word(lang: str, colour: str) -> Word:
    return Word(phrases(lang)["colours"][colour])


def courier_word(lang: str, colour: str, kind: str) -> Word:
    """``red Officer`` / ``красного офицера`` (accusative) and so on."""
    book = phrases(lang)
    noun, adjective = book["types"][kind], book["colours"][colour]
    gender = noun.get("gender")
    if gender is None:
        return Word({"nom": f"{adjective['nom']} {noun['nom']}"})
    return Word({case: f"{adjective[f'{gender}.{case}']} {noun[case]}"
                 for case in ("nom", "acc", "gen", "dat")})


def courier_of(lang: str, text: str) -> Word:
    """The word for a courier written as in the log (``red cossack``)."""
    colour, kind = text.split()
    return courier_word(lang, colour, kind)


def inn_word(lang: str, key: str) -> Word:
    """An inn by its key (``iwan``) with its cases (``трактир «Иван»``, ``трактира «Иван»``)."""
    entry = phrases(lang)["inns"][key]
    return Word({case: text for case, text in entry.items() if case != "board"})


def inn_board(lang: str, key: str) -> str:
    """The inn's name as written on the board picture."""
    entry = phrases(lang)["inns"][key]
    return entry.get("board", entry["nom"])


def inn_named(lang: str, name: str) -> Word:
    """An inn by its board name as the rules write it in events and views (``IWAN``)."""
    if name not in INN_BY_NAME:
        return Word({"nom": name})
    return inn_word(lang, INN_KEYS[INN_BY_NAME[name]])


def coin_word(lang: str, key: str) -> Word:
    return Word(phrases(lang)["coins"][key])


def joined(lang: str, words: Sequence[Word | str]) -> Word:
    """A list of words in every case: ``3 rubles, 2 rubles``."""
    sep = phrases(lang)["words"]["list"]
    cases = {case for w in words if isinstance(w, Word) for case in w.forms} | {"nom"}
    return Word({case: sep.join(w.form(case) if isinstance(w, Word) else w for w in words)
                 for case in cases})


def coins_word(lang: str, keys: Sequence[str]) -> Word:
    if not keys:
        return Word({"nom": phrases(lang)["words"]["nothing"]})
    return joined(lang, [coin_word(lang, k) for k in keys])


def levels_word(lang: str, levels: Sequence[int]) -> Word:
    """Skipped villages: ``Forest and Mountains`` / ``лес и горы``."""
    book = phrases(lang)
    words = [book["levels"][LEVEL_KEYS[lv]] for lv in levels]
    cases = {case for w in words for case in w}
    return Word({case: book["words"]["and"].join(w.get(case) or w["nom"] for w in words)
                 for case in cases})


def level_title(lang: str, level: int) -> str:
    return phrases(lang)["levels"][LEVEL_KEYS[level]]["nom"]


def seat_name(seat: int | None, names: Sequence[str] | None, lang: str = "en") -> str:
    if seat is None:
        return phrases(lang)["words"]["nobody"]
    if names is not None and seat < len(names) and names[seat]:
        return str(names[seat])
    return f"p{seat + 1}"


def coins_value(keys: list[str]) -> int:
    return sum(COIN_VALUE[COIN_BY_KEY[k]] for k in keys)


# -- log lines ---------------------------------------------------------------------------------
def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None) -> str:
    """One log line for ``viewer`` (None: a spectator): the viewer's own deeds in the second
    person, everybody else by ``names`` (default p1, p2, ...)."""
    kind = event.get("e")
    seat = event.get("seat")
    build = _EVENT_FIELDS.get(kind)
    if build is None:
        return str(event)
    key, fields = build(event, lang, viewer, names)
    entry = phrases(lang)["events"][key]
    mine = viewer is not None and seat == viewer and "you" in entry
    template = entry["you" if mine else "other"]
    return fill(template, who=seat_name(seat, names, lang), **fields)


def _plain(event, lang, viewer, names):
    return event["e"], {}


def _coins(event, lang, viewer, names):
    return "coins", {"coins": plural(lang, "coin_count", event["count"])}


def _colour_event(event, lang, viewer, names):
    return event["e"], {"colour": colour_word(lang, event["colour"])}


def _courier_event(event, lang, viewer, names):
    key = "draw_display" if event["e"] == "draw" and event.get("display") else event["e"]
    return key, {"courier": courier_of(lang, event["courier"])}


def _place(event, lang, viewer, names):
    words = phrases(lang)["words"]
    return "place", {"courier": courier_of(lang, event["courier"]),
                     "inn": inn_named(lang, event["inn"]),
                     "source": words["source_" + event["from"]]}


def _message(event, lang, viewer, names):
    return "message", {"from_type": type_word(lang, event["from_type"]),
                       "from_inn": inn_named(lang, event["from_inn"]),
                       "to_type": type_word(lang, event["type"]),
                       "inn": inn_named(lang, event["inn"])}


def _travel(event, lang, viewer, names):
    book = phrases(lang)
    words = book["words"]
    moves = []
    for move in event["moves"]:
        skipped = [LEVEL_TITLES.index(name) for name in move["skipped"]]
        owner = move.get("message")
        message = "" if owner is None else (
            words["with_your_message"] if owner == viewer
            else fill(words["with_message_of"], owner=seat_name(owner, names, lang)))
        moves.append(fill(
            book["events"]["travel_move"]["other"], courier=courier_of(lang, move["courier"]),
            to=words["palace"] if move["to"] == "palace" else inn_named(lang, move["to"]),
            skips=fill(words["skips"], levels=levels_word(lang, skipped)) if skipped else "",
            message=message,
            delivered=(fill(words["delivered"], guard=inn_named(lang, move["guard"]))
                       if move.get("guard") else "")))
    return "travel", {"inn": inn_named(lang, event["inn"]), "moves": "; ".join(moves),
                      "stays": courier_of(lang, event["stays"])}


def _coin(event, lang, viewer, names):
    if "coin" in event:
        return "coin_seen", {"coin": coin_word(lang, event["coin"])}
    return "coin_hidden", {}


def _reveal(event, lang, viewer, names):
    return "reveal", {"coin": coin_word(lang, event["coin"])}


def _njet(event, lang, viewer, names):
    return "njet", {"lost": coins_word(lang, event["lost"])}


def _bank(event, lang, viewer, names):
    return "bank", {"coins": coins_word(lang, event["coins"])}


def _bribe(event, lang, viewer, names):
    return "bribe", {"coins": coins_word(lang, event["coins"]),
                     "guard": inn_named(lang, event["guard"])}


def _win(event, lang, viewer, names):
    why = event.get("why")
    if why is None:                     # a hand-written event: only the English reason
        return "win", {"reason": event.get("reason", "")}
    fields: dict[str, Any] = {}
    if "total" in event:
        fields["total"] = rubles(lang, event["total"])
    if "cap" in event:
        fields["cap"] = event["cap"]
    return f"win_{why}", fields


_EVENT_FIELDS = {
    "start": _plain, "coins": _coins, "shuffle": _colour_event, "turn": _courier_event,
    "place": _place, "display": _courier_event, "draw": _courier_event, "message": _message,
    "travel": _travel, "coin": _coin, "reveal": _reveal, "njet": _njet, "bank": _bank,
    "bribe": _bribe, "extra": _colour_event, "decline": _plain, "end": _plain, "pass": _plain,
    "win": _win,
}
