"""The names of a content pack's places, heroes, quests and cards, in English and Russian.

English names are the pack's own (``name``, ``title``). Russian names come from
``names.ru.yaml`` (``Content.russian``, validated with the pack): the pack's own file where it
ships one, else the built-in pack's. A built-in Russian name is shown only for an id the pack
still calls by the built-in English name (a pack that renames a place, or adds one, shows its
own title), and an entry of the pack's own file that repeats the built-in one is taken for
what it is, the copy ``gonets babayaga export`` makes, under the same rule. Every function that
takes an id reads it in the content ``c`` of the game being shown (``view_content(view)``;
``None``: the built-in pack).
"""

from __future__ import annotations

from collections.abc import Sequence

from gonets.games.babayaga.rules.content import Content, default_content, view_content
from gonets.games.babayaga.text.phrases import say, word


# ---------------------------------------------------------------------------- Russian names ---
def _entry(names: dict, kind: str, key: str, part: int | None) -> str | None:
    entry = names.get(kind, {}).get(key)
    return entry[part] if entry is not None and part is not None else entry


def russian(kind: str, key: str, english: str, c: Content | None = None,
            part: int | None = None) -> str | None:
    """The Russian name of an id of ``c`` (``kind`` a section of ``names.ru.yaml``; ``part``
    0 or 1: a card's title or kept name) that ``c`` calls ``english``, or None where the pack
    gives none (its own English name is shown then)."""
    c = default_content() if c is None else c
    built_in = default_content()
    base = _entry(built_in.russian, kind, key, part)
    if c is not built_in:
        own = _entry(c.russian, kind, key, part)
        if own is not None and own != base:
            return own
    if base is None:
        return None
    if kind == "stories":
        same = (built_in.cards.get(key) or {}).get("story")
    elif kind == "cards":
        card = built_in.cards.get(key)
        same = card and (card["title"], card["name"])[part or 0]
    else:
        same = (getattr(built_in, kind).get(key) or {}).get("name")
    return base if same == english else None


# ------------------------------------------------------------------------------------ names ---
def _named(kind: str, key: str, lang: str, c: Content | None) -> str:
    """A place's, hero's or quest's name in ``lang`` (``?`` for an unknown id)."""
    entry = getattr(default_content() if c is None else c, kind).get(key)
    if entry is None:
        return "?"
    return (lang == "ru" and russian(kind, key, entry["name"], c)) or entry["name"]


def loc_name(lid: str | None, lang: str = "en", c: Content | None = None) -> str:
    """A place's name in ``lang`` (``None``: off the board)."""
    return say(lang, "word.off_board") if lid is None else _named("locations", lid, lang, c)


def char_name(char: str, lang: str = "en", c: Content | None = None) -> str:
    """A hero's name in ``lang``."""
    return _named("characters", char, lang, c)


def quest_name(qid: str, lang: str = "en", c: Content | None = None) -> str:
    """A quest's name in ``lang``."""
    return _named("quests", qid, lang, c)


def token_name(token: str, lang: str = "en") -> str:
    """A token's name in ``lang`` (the Hut, Baba Yaga...)."""
    return word(lang, "token", token)


def ability_name(ability: str, lang: str = "en") -> str:
    """An ability's name in ``lang`` (Move, Fight, Cunning; any: all challenges)."""
    return word(lang, "ability", ability)


def step_owner(c: Content | None = None) -> dict[str, tuple[str, int]]:
    """Each quest step card's quest and step number."""
    c = default_content() if c is None else c
    return {sid: (qid, i + 1) for qid, q in c.quests.items() for i, sid in enumerate(q["steps"])}


def titles(cid: str, lang: str = "en", c: Content | None = None) -> tuple[str, str]:
    """A card's title and the name of the card once kept, in ``lang``."""
    card = (default_content() if c is None else c).cards[cid]
    if lang != "ru":
        return card["title"], card["name"]
    return (russian("cards", cid, card["title"], c, 0) or card["title"],
            russian("cards", cid, card["name"], c, 1) or card["name"])


def card_story(cid: str, story: str | None, lang: str = "en", c: Content | None = None) -> str:
    """A card's story line in ``lang``: the card's own (English) one, or in Russian the one
    ``names.ru.yaml`` gives for that story ("" where there is none: a pack's card that tells
    another story than the built-in one keeps its English story out of Russian texts)."""
    if lang != "ru":
        return story or ""
    return (story and russian("stories", cid, story, c)) or ""


def card_name(cid: str, lang: str = "en", c: Content | None = None) -> str:
    """A card as the table calls it (a quest step by its quest, never by an internal id)."""
    c = default_content() if c is None else c
    card = c.cards.get(cid.upper()) or c.cards.get(cid)
    if card is None:
        return cid
    if card["deck"] == "quest":
        return say(lang, "word.step_of", quest=quest_name(step_owner(c)[card["id"]][0], lang, c))
    title, name = titles(card["id"], lang, c)
    if card["type"] == "event" or card["deck"] in ("hut", "horseman") or name == title:
        return title
    return f"{title} ({name})"


def cards_text(cards: list[str], lang: str = "en", c: Content | None = None) -> str:
    """Cards by name, comma separated (``nothing`` for none)."""
    return ", ".join(card_name(cid, lang, c) for cid in cards) or say(lang, "word.nothing")


def seat_label(seat: int, names: Sequence[str] | None) -> str:
    """What the log calls a seat: its name, else p1, p2..."""
    return names[seat] if names and seat < len(names) and names[seat] else f"p{seat + 1}"


def hero_name(view: dict, seat: int, lang: str = "en") -> str:
    """A seat with its hero, as the panels title it: ``p1 Ilya Muromets`` (in Russian the
    hero alone: ``Илья Муромец``), or with the seat's name (a bot's without its level) where
    the table gives names: ``Ann · Ilya Muromets``, ``Олег · Илья Муромец``."""
    char = view["heroes"][seat]["char"]
    hero = char_name(char, lang, view_content(view)) if char else "?"
    names = view.get("names")
    if names and seat < len(names) and names[seat]:
        return f"{str(names[seat]).split(' · ')[0]} · {hero}"
    who = say(lang, "word.seat", n=seat + 1)
    return f"{who} {hero}" if who else hero
