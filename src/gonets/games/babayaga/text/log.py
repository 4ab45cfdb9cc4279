"""The log lines of Baba Yaga: one line per event, in the second person for the viewing seat
and by name for the others, naming places, heroes, quests and cards as the game's content pack
calls them.

An event does not say which pack its game is played on, so :func:`describe_event` takes the
game's ``options`` (a view's ``options``; the platform passes them, ``Game.describe_event``) and
reads the pack their ``pack`` names; without them, the built-in pack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gonets.games.babayaga.rules.content import Content, default_content, pack_content
from gonets.games.babayaga.text.cards import modifier_text
from gonets.games.babayaga.text.names import (
    ability_name,
    card_name,
    cards_text,
    char_name,
    loc_name,
    quest_name,
    seat_label,
    token_name,
)
from gonets.games.babayaga.text.phrases import catalogue, plural, say, word


def options_content(options: Mapping[str, Any] | None) -> Content:
    """The content pack a game's options name (``pack``; none: the built-in pack)."""
    return pack_content((options or {}).get("pack") or "")


def _variant(lang: str, key: str, actor: int | None, target: int | None,
             viewer: int | None) -> str:
    variants = catalogue(lang)["event"][key]
    if "all" in variants:
        return variants["all"]
    if actor is not None and actor == viewer:
        return variants["you"]
    aimed = target is not None and target == viewer and "to_you" in variants
    return variants["to_you" if aimed else "other"]


def winners_text(winners: list[int], lang: str, viewer: int | None,
                 names: Sequence[str] | None) -> str:
    """Who won, in words ("you won", "p2 won", "nobody won")."""
    if not winners:
        return say(lang, "word.nobody")
    if winners == [viewer]:
        return say(lang, "word.you_won")
    shown = [say(lang, "word.you") if w == viewer else seat_label(w, names) for w in winners]
    return say(lang, "word.winners", names=", ".join(shown))


def special_place(kind: str, c: Content | None = None) -> str | None:
    """The place of a special kind (``khorov``, ``koshcheys_home``...) on the pack's board."""
    c = default_content() if c is None else c
    return next((lid for lid in c.order if c.locations[lid]["special"] == kind), None)


def event_fields(event: dict, lang: str, viewer: int | None, names: Sequence[str] | None,
                 c: Content | None = None) -> dict:
    """The placeholders an event's line may use, in ``lang``."""
    fields: dict[str, Any] = {}
    if "seat" in event:
        fields["who"] = seat_label(event["seat"], names)
    other = event.get("target", event.get("from", event.get("to")))
    if isinstance(other, int):
        fields["whom"] = seat_label(other, names)
    if "card" in event:
        fields["card"] = card_name(event["card"], lang, c)
    if isinstance(event.get("to"), str):
        fields["place"] = loc_name(event["to"], lang, c)
    if "deck" in event:
        fields["deck"] = word(lang, "deck", event["deck"])
    if "token" in event:
        fields["token"] = token_name(event["token"], lang)
    if "ability" in event:
        fields["ability"] = ability_name(event["ability"], lang)
    for key in ("round", "diff", "die", "step"):
        if key in event:
            fields[key] = event[key]
    return fields


def describe_event(event: dict, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None,
                   options: Mapping[str, Any] | None = None) -> str:
    """One log line for ``viewer`` (None: a spectator): "you draw ...", "p2 draws ..."; the
    game's ``options`` say which content pack names its places, heroes and cards."""
    kind = event.get("e")
    if kind not in catalogue(lang)["event"]:
        return str(event)
    c = options_content(options)
    fields = event_fields(event, lang, viewer, names, c)
    key = kind
    if kind == "setup":
        fields["heroes"] = "; ".join(
            say(lang, "event.setup_hero.all", who=seat_label(i, names),
                character=char_name(ch, lang, c), quest=quest_name(q, lang, c))
            for i, (ch, q) in enumerate(zip(event["characters"], event["quests"])))
    elif kind == "removed":
        fields.update(event["count"])
    elif kind == "time":
        fields["time"] = word(lang, "time", event["time"])
        key = "time_die" if "die" in event else "time"
    elif kind == "token" and event.get("to") is None:
        key = "token_off"
    elif kind == "roll":
        fields["dice"] = " ".join(str(d) for d in event["dice"])
        fields["verdict"] = say(lang, "word.success" if event["won"] else "word.failure")
    elif kind == "lost":
        fields["cancelled"] = say(lang, "word.cancelled") if event.get("cancelled") else ""
    elif kind == "effect":
        fields["modifier"] = modifier_text(event["ability"], event["amount"], event["duration"],
                                           lang)
    elif kind == "step":
        fields["helped"] = say(lang, "word.helped") if event.get("auto") else ""
    elif kind == "unmet":
        fields["how"] = word(lang, "unmet", event["how"])
    elif kind == "peek":
        fields["count"] = plural(lang, "cards", event["count"])
    elif kind == "peeked":
        fields["cards"] = cards_text(event["cards"], lang, c)
    elif kind == "special":
        fields["place"] = loc_name(special_place(event["kind"], c), lang, c)
    elif kind == "trade":
        fields.update(give=cards_text(event["give"], lang, c),
                      ask=cards_text(event["ask"], lang, c),
                      answer=say(lang, "word.accepted" if event["accepted"] else "word.refused"))
    elif kind == "end":
        fields["how"] = word(lang, "how", event["how"])
        fields["winners"] = winners_text(event["winners"], lang, viewer, names)
    target = event.get("target", event.get("from", event.get("to")))
    line = _variant(lang, key, event.get("seat"), target if isinstance(target, int) else None,
                    viewer)
    return line.format(**fields)
