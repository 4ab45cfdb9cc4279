"""Action notation: the fixed action space of a configuration (every text, in a stable order).

A notation is a verb and its arguments (``move rye_fields``, ``reroll w12``, ``give w30 p2``);
an action id is its index in :func:`build_actions`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from gonets.games.babayaga.rules.content import ABILITIES, Content, pack_content
from gonets.games.babayaga.rules.hero import seat_name

__all__ = ["BOARD_VERBS", "action_steps", "action_table", "build_actions", "seat_name"]

BOARD_VERBS = ("move", "fly", "sneak", "step", "hut", "horseman", "baba")
"""Verbs whose argument is a place: their step is a click on that place of the board."""


def build_actions(content: Content, players: int) -> list[str]:
    """The fixed action space of a configuration: every notation, in a stable order."""
    locs = content.order
    deck_cards = content.decks["wilderness"] + content.decks["town"]
    every = deck_cards + content.decks["baba_yaga"]
    acts: list[str] = []
    for verb in ("move", "fly", "sneak", "step", "hut", "horseman", "baba"):
        acts += [f"{verb} {lid}" for lid in locs]
    acts += ["draw", "draw wilderness", "draw town", "special", "accept", "decline", "roll",
             "rescue", "pass", "done", "deck wilderness", "deck town", "pile wilderness",
             "pile town"]
    acts += [f"choose {a}" for a in ABILITIES]
    acts += [f"option {i}" for i in (1, 2, 3)]
    acts += [f"card {c.lower()}" for c in every]
    acts += [f"reroll {c.lower()}" for c in every if content.cards[c]["rep"] > 0]
    acts += [f"use {c.lower()}" for c in deck_cards if content.cards[c]["powers"]]
    acts += [f"pay {c.lower()}" for c in deck_cards if content.cards[c]["type"] == "item"]
    for n in (1, 2, 3):
        acts += ["order " + " ".join(str(i) for i in perm)
                 for perm in permutations(range(1, n + 1))]
    acts += [f"character {c}" for c in content.characters]
    acts += [f"quest {q}" for q in content.quests]
    for s in range(players):
        acts += [f"steal {seat_name(s)}", f"beguile {seat_name(s)}"]
        acts += [f"give {c.lower()} {seat_name(s)}" for c in deck_cards
                 if content.cards[c]["type"] == "item"]
        acts += [f"ask {c.lower()} {seat_name(s)}" for c in deck_cards
                 if content.cards[c]["type"] == "item"]
        acts.append(f"offer {seat_name(s)}")
    return acts


@lru_cache(maxsize=64)
def action_table(players: int, pack: str = "") -> tuple[list[str], dict[str, int]]:
    """The notations of a player count with a content pack (``""``: the built-in one) in id
    order, and each one's id (shared: not to be changed)."""
    actions = build_actions(pack_content(pack), players)
    return actions, {a: i for i, a in enumerate(actions)}


def action_steps(view: dict, text: str) -> list[str]:
    """The clicks that make up the legal notation ``text`` (web client step keys).

    A place verb is one click on the place (``move:rye_fields``); a co-op gift is the Item
    then the partner (``give:w30``, ``to:p2``); putting peeked cards back is one click per card
    from the top, the last one implied (``order 2 3 1`` -> ``put:2``, ``put:3``); any other
    notation is one key, its verb and arguments joined (``reroll:t13``, ``ask:w30``: the
    Item names its holder). Keys hold no spaces, ``/`` or ``|``.
    """
    verb, *args = text.split()
    if verb == "give":
        return [f"give:{args[0]}", f"to:{args[1]}"]
    if verb == "order":
        return [f"put:{n}" for n in args[:max(1, len(args) - 1)]]
    if verb == "ask":
        return [f"ask:{args[0]}"]
    return [":".join([verb, *args])]
