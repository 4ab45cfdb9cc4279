"""What each seat is called in logs, score tables and end screens.

A person is called by the name they chose (``p1``, ``p2``... until they choose one). A bot is
called by a person-like name of its own with its level beside it: "Vera · hard bot", "Вера ·
сложный бот", so that two bots of the same level never read the same.

The words are the platform catalogue's (``gonets/web/i18n/<lang>.json``, the same the web page
reads): ``bot.names`` lists the names, one person per place, in each language in the same
order (new names go at the end); ``bot.<agent>`` words one agent or level ("{name} · hard
bot"), ``seat.bot`` any other agent. A bot seat keeps its name's English form in
``persona``; seat ``i`` is given the ``i``-th name (:func:`bot_seat`), so the names at a
table differ and a record names its bots alike on every replay. A bot seat written before
bots had names (no ``persona``: an older table or record) keeps a person's name it was given
(``Boris``), and one named after its agent (``random bot``) is called by the name of its
place (:func:`personas`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from gonets.core.memo import Keyed
from gonets.words import LANGUAGES, platform_words

PERSONA = "persona"
"""The field of a bot seat that holds its person-name (English form)."""


def bot_names(lang: str = "en") -> list[str]:
    """The person-names bots are given, in ``lang``, in the order of the places."""
    return [name.strip() for name in platform_words(lang)["bot.names"].split(",")
            if name.strip()]


def persona_for(index: int) -> str:
    """The person-name (English form) of a bot at seat ``index`` (0-based)."""
    names = bot_names("en")
    return names[index % len(names)]


def is_bot(seat: dict) -> bool:
    """True for a bot seat: ``kind`` bot, or (records of the terminal game) no ``kind`` and
    an ``agent`` other than ``human``."""
    kind = seat.get("kind")
    return kind == "bot" or (kind is None and seat.get("agent") not in (None, "human"))


def person_name(persona: str, lang: str = "en") -> str:
    """``persona`` (an English form from ``bot.names``) in ``lang``; a name the list no
    longer holds is shown as it was written."""
    english, own = bot_names("en"), bot_names(lang)
    place = english.index(persona) if persona in english else -1
    return own[place] if 0 <= place < len(own) else persona


def bot_label(persona: str, agent: str, lang: str = "en") -> str:
    """A bot's display name: "Vera · hard bot" (the agent or level worded in ``lang``)."""
    words = platform_words(lang)
    template = words.get(f"bot.{agent}") if agent != "names" else None
    text = template or words["seat.bot"]
    return text.replace("{name}", person_name(persona, lang)).replace("{agent}", agent)


def bot_seat(agent: str, index: int) -> dict:
    """A new bot seat at place ``index``: its agent, its person-name (``persona``) and, as
    ``name``, its English display name (what older readers of the seat show)."""
    persona = persona_for(index)
    return {"kind": "bot", "agent": agent, "name": bot_label(persona, agent), PERSONA: persona}


def own_persona(seat: dict) -> str | None:
    """The person-name a bot seat carries: its ``persona``; else (a seat written before bots
    had them) its ``name`` when that is a person's (``Boris``) rather than the agent's
    (``random bot``, ``heuristic 2``); else None."""
    persona = seat.get(PERSONA)
    if isinstance(persona, str) and persona:
        return persona
    name, agent = seat.get("name"), str(seat.get("agent") or "").casefold()
    if not isinstance(name, str) or not name.strip():
        return None
    words = re.split(r"[\W_]+", name.casefold())
    return None if "bot" in words or (agent and agent in name.casefold()) else name


def personas(seats: list[dict]) -> list[str | None]:
    """The person-name (English form) of each bot seat, None for the others. A bot without
    one of its own gets the name of its place, or the next name nobody at the table has."""
    found = [own_persona(seat) if is_bot(seat) else None for seat in seats]
    used = {name for name in found if name}
    names = bot_names("en")
    for index, seat in enumerate(seats):
        if is_bot(seat) and found[index] is None:
            free = [names[(index + step) % len(names)] for step in range(len(names))]
            found[index] = next((name for name in free if name not in used), free[0])
            used.add(found[index])
    return found


def display_names(seats: list[dict], lang: str = "en") -> list[str]:
    """What each seat is called in ``lang``: a bot by its person-name and level
    (:func:`personas`), anybody else by their name, else by number as the language writes
    it (``seat.badge``: ``p1``, ``игрок 1``). A table asks for every frame, and its seats
    seldom change: the answer is remembered for the seats as they are (seats JSON cannot
    write, from a hand-made record, are named afresh)."""
    try:
        keyed = Keyed(seats)
    except TypeError:
        return list(_names(seats, lang))
    return list(_remembered_names(keyed, lang))


@lru_cache(maxsize=4096)
def _remembered_names(keyed: Keyed, lang: str) -> tuple[str, ...]:
    return _names(keyed.value, lang)


def _names(seats: list[dict], lang: str) -> tuple[str, ...]:
    seats = [seat or {} for seat in seats]
    badge = platform_words(lang).get("seat.badge") or "p{n}"
    return tuple(bot_label(persona, str(seat.get("agent") or ""), lang) if persona is not None
                 else seat.get("name") or badge.replace("{n}", str(index + 1))
                 for index, (seat, persona) in enumerate(zip(seats, personas(seats))))


def every_bot_label(agents: list[str] | tuple[str, ...] = ()) -> set[str]:
    """Every display name a bot can have, in every language: each place's name with each
    agent the catalogue words (and ``agents``)."""
    found = set()
    for lang in LANGUAGES:
        words = platform_words(lang)
        named = {key[4:] for key in words if key.startswith("bot.") and key != "bot.names"}
        for agent in named | set(agents):
            found.update(bot_label(persona, agent, lang) for persona in bot_names("en"))
    return found
