"""What both arrangements of the picture share: which element carries which step key, the
keys log lines light (``data-ref``), colours and the small SVG writers."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from gonets.games.czar.notation import action_steps, step_parts
from gonets.games.czar.rules.board import (
    COLOUR_BY_KEY,
    COLOUR_FILLS,
    INN_BY_NAME,
    INN_KEYS,
    TYPES,
)
from gonets.games.czar.text.words import fill, phrases, seat_name, type_title

DARK_TEXT = {"yellow"}
HIDDEN = ' pointer-events="none" style="display:none"'
"""Previews start hidden; the client shows them once their steps are chosen."""


def colour_fill(colour: str) -> str:
    return COLOUR_FILLS[COLOUR_BY_KEY[colour]] if colour in COLOUR_BY_KEY else "#888"


def on_colour(colour: str) -> str:
    """The text class readable on a courier of ``colour``."""
    return "cz-k" if colour in DARK_TEXT else "cz-w"


def text(x: float, y: float, words: str, css: str, anchor: str = "") -> str:
    end = f' text-anchor="{anchor}"' if anchor else ""
    return f'<text x="{x:g}" y="{y:g}" class="{css}"{end}>{escape(str(words))}</text>'


def pick(keys: list[str] | None) -> str:
    return f' data-pick="{escape("|".join(keys))}"' if keys else ""


def ref(*keys: str) -> str:
    """The ``data-ref`` attribute naming what log lines may point at (``refs.log_refs``)."""
    return f' data-ref="{escape(" ".join(keys))}"'


def room_ref(inn: dict, kind: str, room: dict | None) -> str:
    keys = [f"room:{inn['key']}.{kind}"]
    if room is not None and room["message"] is not None:
        keys.append(f"msg:{room['message']}")
    return ref(*keys)


def inn_key(name: str) -> str:
    return INN_KEYS[INN_BY_NAME[name]]


def who(view: dict, seat: int, lang: str) -> str:
    """A seat as the picture writes it: "you" for the viewer, else its short name."""
    if seat == view.get("seat"):
        return phrases(lang)["svg"]["you"]
    return short_name(view, seat, lang)


def short_name(view: dict, seat: int, lang: str) -> str:
    """A seat's name as the picture writes it: a bot's person-name without its level."""
    return seat_name(seat, view.get("names"), lang).split(" · ")[0]


def seat_colour(view: dict, seat: int) -> str:
    colours = view["seats"][seat]["colours"]
    return colours[0] if colours else ""


_QUOTED = re.compile(r"«([^»]+)»")


def short_inn(lang: str, key: str) -> str:
    """An inn's name short enough for a phone's board: the catalogue's ``short`` if it has
    one, else the quoted part of the board name (``Бар «Байкал»``: Байкал) or its first word,
    capitalised (``RACHMANIN HOF``: Rachmanin)."""
    entry = phrases(lang)["inns"][key]
    if entry.get("short"):
        return entry["short"]
    board = entry.get("board", entry["nom"])
    quoted = _QUOTED.search(board)
    word = quoted.group(1) if quoted else re.split(r"[\s-]+", board.strip())[0]
    return word.capitalize() if word.isupper() else word


# -- which element carries which key ----------------------------------------------------------
def _targets(view: dict, key: str) -> list[str]:
    """The elements (by a local name) that carry ``key``; none: the client makes a button."""
    family, parts = step_parts(key)
    if family == "draw":
        return ["stack"]
    if family == "courier":
        return [f"display:{parts[0]}-{parts[1]}"]
    if family in ("to", "give"):
        return [f"room:{parts[0]}.{parts[1]}"]
    if family == "empty":
        return [f"inn:{parts[0]}"] + [f"room:{parts[0]}.{kind}" for kind in TYPES]
    if family in ("first", "then", "arrive", "again"):
        return ["palace"] if parts[2] == "palace" else [f"room:{parts[2]}.{parts[1]}"]
    msg = own_message(view)
    if family == "msg" and msg and "inn" in msg:
        return [f"room:{inn_key(msg['inn'])}.{msg['room']}"]
    if family == "bribe" and msg and "guard" in msg:
        return [f"guard:{inn_key(msg['guard'])}"]
    return {"reveal": ["pile"], "stop": ["running"]}.get(family, [])


def own_message(view: dict) -> dict | None:
    seat = view.get("seat")
    return view["seats"][seat]["message"] if seat is not None else None


def carried_keys(view: dict) -> dict[str, list[str]]:
    """Element name -> the step keys it carries, from the seat's legal actions."""
    out: dict[str, list[str]] = {}
    for line in view.get("legal") or []:
        for key in action_steps(view, line):
            for target in _targets(view, key):
                keys = out.setdefault(target, [])
                if key not in keys:
                    keys.append(key)
    return out


def travel_paths(legal: list[list[str]], key: str) -> list[list[str]]:
    """The step paths of the legal travels out of the inn ``key``."""
    return [steps for steps in legal if steps[0] == f"empty:{key}"]


def leavers(paths: list[list[str]]) -> set[str]:
    """The room types whose couriers leave in any of the travel ``paths``."""
    return {step_parts(steps[n])[1][1] for steps in paths for n in (1, 2)}


def palace_line(lang: str, first: str, then: str) -> str:
    """Which of two leavers bound for the palace arrives first, and to click the palace again
    for the other (the narrow arrangement breaks it in two where it says ``·``)."""
    kinds = [type_title(lang, step_parts(step)[1][1]) for step in (first, then)]
    return fill(phrases(lang)["svg"]["palace_next"], first=kinds[0], second=kinds[1])
