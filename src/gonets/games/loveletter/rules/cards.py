"""Card data: characters, the decks of each edition, and the playing-card mappings.

Everything comes from ``data/cards.json``; cards are small integers (the character's index in
:data:`KEYS`) on every hot path, and names only at the edges (notation, views, records).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from gonets.core.errors import ContentError

DATA_FILE = Path(__file__).parent.parent / "data" / "cards.json"


REQUIRED_CHARACTERS = ("guard", "priest", "baron", "handmaid", "prince", "king", "countess",
                       "princess", "bishop", "dowager", "constable", "count", "sycophant",
                       "baroness", "cardinal", "jester", "assassin", "spy", "chancellor")
"""Characters whose effects the engine implements (each needs a row in cards.json)."""
REQUIRED_DECKS = ("classic", "premium", "zman-2019")


def _load() -> dict:
    try:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ContentError(f"{DATA_FILE.name}: cannot read the card data: {exc}") from None
    validate(data, DATA_FILE.name)
    return data


def validate(data, source: str = "cards.json") -> None:
    """Check the card data's shape; a :class:`ContentError` names the first problem."""
    def fail(problem: str):
        raise ContentError(f"{source}: {problem}")

    if not isinstance(data, dict):
        fail("the top level must be an object")
    for section in ("characters", "decks", "playing_cards"):
        if not isinstance(data.get(section), dict):
            fail(f"section {section!r} is missing or not an object")
    characters = data["characters"]
    for key in REQUIRED_CHARACTERS:
        if key not in characters:
            fail(f"character {key!r} is missing")
    for key, names in characters.items():
        if not isinstance(names, dict) or not all(
                isinstance(names.get(lang), str) and names[lang] for lang in ("en", "ru")):
            fail(f"character {key!r} needs non-empty 'en' and 'ru' names")
    for name in REQUIRED_DECKS:
        if name not in data["decks"]:
            fail(f"deck {name!r} is missing")
    for name, spec in data["decks"].items():
        _check_deck(name, spec, characters, fail)
    for size, spec in data["playing_cards"].items():
        _check_mapping(size, spec, data["decks"]["premium"]["cards"], fail)


def _check_deck(name, spec, characters, fail) -> None:
    rows = spec.get("cards") if isinstance(spec, dict) else None
    if not isinstance(rows, list) or not rows:
        fail(f"deck {name!r} needs a non-empty 'cards' list")
    seen = set()
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3):
            fail(f"deck {name!r}: {row!r} is not [character, value, copies]")
        key, value, copies = row
        if key not in characters:
            fail(f"deck {name!r} names an unknown character {key!r}")
        if key in seen:
            fail(f"deck {name!r} lists {key!r} twice")
        seen.add(key)
        if type(value) is not int or not 0 <= value <= 9:
            fail(f"deck {name!r}: the value of {key!r} must be a whole number 0-9, not "
                 f"{value!r}")
        if type(copies) is not int or copies < 1:
            fail(f"deck {name!r}: the copies of {key!r} must be a whole number of at least 1, "
                 f"not {copies!r}")


def _check_mapping(size, spec, premium_rows, fail) -> None:
    where = f"playing-card mapping {size!r}"
    if not isinstance(spec, dict) or not isinstance(spec.get("characters"), dict) or \
            not isinstance(spec.get("tokens"), list):
        fail(f"{where} needs 'characters' (an object) and 'tokens' (a list)")
    faces = spec["characters"]
    for key, _value, copies in premium_rows:
        cards = faces.get(key)
        if not isinstance(cards, list) or len(cards) < copies or \
                not all(isinstance(c, str) for c in cards):
            fail(f"{where} needs {copies} playing card(s) for {key!r}")
    unknown = set(faces) - {row[0] for row in premium_rows}
    if unknown:
        fail(f"{where} maps characters outside the premium deck: {sorted(unknown)}")
    if not isinstance(spec.get("unused_are_tokens"), bool):
        fail(f"{where} needs 'unused_are_tokens' (true or false)")
    for name in ("unused_tokens", "not_mapped"):
        if not isinstance(spec.get(name), list) or \
                not all(isinstance(c, str) for c in spec[name]):
            fail(f"{where} needs {name!r} (a list of playing cards)")
    mapped = [c for cards in faces.values() for c in cards]
    every = mapped + spec["tokens"] + spec["not_mapped"]
    twice = sorted({c for c in every if every.count(c) > 1})
    if twice:
        fail(f"{where} lists {', '.join(twice)} more than once")
    stray = sorted(set(spec["unused_tokens"]) - set(mapped))
    if stray:
        fail(f"{where}: unused_tokens names cards it does not map: {', '.join(stray)}")


DATA = _load()
KEYS: tuple[str, ...] = tuple(DATA["characters"])
"""Character keys in a fixed order; a card (int) is an index into this tuple."""
INDEX = {key: i for i, key in enumerate(KEYS)}
GUARD, PRIEST, BARON, HANDMAID, PRINCE, KING, COUNTESS, PRINCESS = (INDEX[k] for k in (
    "guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess"))
BISHOP, DOWAGER, CONSTABLE, COUNT, SYCOPHANT, BARONESS, CARDINAL, JESTER, ASSASSIN = (
    INDEX[k] for k in ("bishop", "dowager", "constable", "count", "sycophant", "baroness",
                       "cardinal", "jester", "assassin"))
SPY, CHANCELLOR = INDEX["spy"], INDEX["chancellor"]


def card_name(key: str, lang: str = "en") -> str:
    """The printed name of a character in ``lang`` ("en" or "ru")."""
    names = DATA["characters"][key]
    return names.get(lang) or names["en"]


@dataclass(frozen=True)
class Deck:
    """The deck in use for one configuration: which characters, their values and copies."""

    name: str
    cards: tuple[int, ...]          # every card, one entry per copy, in data order
    value: tuple[int, ...]          # printed value per character index (-1: not in this deck)
    copies: tuple[int, ...]         # copies per character index

    @cached_property
    def kinds(self) -> tuple[int, ...]:
        """Characters present, in data order."""
        return tuple(k for k in range(len(KEYS)) if self.copies[k])

    @cached_property
    def table(self) -> dict[str, dict[str, int]]:
        """Value and copies of each character present, by key (shared: read-only)."""
        return {KEYS[k]: {"value": self.value[k], "copies": self.copies[k]} for k in self.kinds}

    @property
    def values(self) -> tuple[int, ...]:
        """Distinct values present, ascending."""
        return tuple(sorted({self.value[k] for k in self.kinds}))

    def kinds_of_value(self, value: int) -> tuple[int, ...]:
        """The characters present with printed value ``value``."""
        return self.by_value.get(value, ())

    @cached_property
    def by_value(self) -> dict[int, tuple[int, ...]]:
        """Characters present by printed value (shared: read-only)."""
        found: dict[int, list[int]] = {}
        for k in self.kinds:
            found.setdefault(self.value[k], []).append(k)
        return {value: tuple(kinds) for value, kinds in found.items()}

    def composition(self) -> dict[str, int]:
        return {KEYS[k]: self.copies[k] for k in self.kinds}


@cache
def deck(name: str) -> Deck:
    """The deck called ``name`` in cards.json ("classic", "premium", "zman-2019"), or a part
    of one kept for study (``"classic:guard=2,priest=1"``, see :func:`reduced_name`)."""
    base, _, kept = name.partition(":")
    try:
        spec = DATA["decks"][base]
    except KeyError:
        raise ContentError(f"{DATA_FILE.name}: no deck {base!r}; known: "
                           f"{', '.join(DATA['decks'])}") from None
    counts = _kept_counts(base, kept) if kept else None
    value = [-1] * len(KEYS)
    copies = [0] * len(KEYS)
    cards: list[int] = []
    for key, card_value, count in spec["cards"]:
        if counts is not None:
            count = counts.get(key, 0)
            if not count:
                continue
        kind = INDEX[key]
        value[kind], copies[kind] = card_value, count
        cards.extend([kind] * count)
    return Deck(name, tuple(cards), tuple(value), tuple(copies))


def reduced_name(base: str, kept: dict[str, int]) -> str:
    """The name of the part of deck ``base`` that keeps ``kept`` copies of each character
    (in data order; characters left out or at 0 are not in it). ``ContentError`` names a
    character the deck lacks or a count above the deck's copies."""
    order = [key for key, _, _ in DATA["decks"][base]["cards"]]
    for key in kept:
        if key not in order:
            raise ContentError(f"the {base} deck has no {key!r}; it has {', '.join(order)}")
    if not any(kept.values()):
        raise ContentError("it keeps no card")
    name = f"{base}:" + ",".join(f"{key}={kept[key]}" for key in order if kept.get(key))
    _kept_counts(base, name.partition(":")[2])
    return name


def _kept_counts(base: str, kept: str) -> dict[str, int]:
    copies = {key: count for key, _, count in DATA["decks"][base]["cards"]}
    counts = {}
    for part in kept.split(","):
        key, _, count = part.partition("=")
        if key not in copies:
            raise ContentError(f"the {base} deck has no {key!r}; it has {', '.join(copies)}")
        if not count.isdigit() or not 0 < int(count) <= copies[key]:
            raise ContentError(f"the {base} deck has {copies[key]} {key} cards, so {count!r} "
                               "of them cannot be kept")
        counts[key] = int(count)
    return counts


def deck_name_for(card_set: str, extended_deck: str, players: int) -> str:
    """Which deck a configuration plays with (rules §2 item 3 and L3)."""
    if card_set == "zman-2019":
        return "zman-2019"
    if extended_deck == "always" or (extended_deck == "auto" and players >= 5):
        return "premium"
    return "classic"


@dataclass(frozen=True)
class MappingRow:
    key: str
    value: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PlayingCards:
    """How to play with an ordinary deck at one player count: the characters' cards, the
    token cards and the cards left out of the game."""

    rows: list[MappingRow]
    tokens: list[str]
    unused: list[str]


def playing_card_mapping(size: str, players: int) -> PlayingCards:
    """The seed's playing-card mapping (fixes of items 25-26) for ``players``.

    The rows of the characters in use (with the playing cards used for each, in the amount
    the deck needs); the token cards: the mapping's own token cards, then the mapped cards
    this player count leaves out that serve as tokens (54 cards: the unused Queens, as the
    seed's "remaining hearts" plus fix 25; 36 cards: every one, "the remaining cards"); and
    every other card of the deck, not used.
    """
    if size not in DATA["playing_cards"]:
        raise ContentError(f"no {size}-card mapping; choose 54 or 36")
    spec = DATA["playing_cards"][size]
    in_use = deck(deck_name_for("premium", "auto", players))
    rows: list[MappingRow] = []
    tokens, unused = list(spec["tokens"]), []
    for key, faces in spec["characters"].items():
        need = in_use.copies[INDEX[key]]
        if need:
            rows.append(MappingRow(key, in_use.value[INDEX[key]], tuple(faces[:need])))
        for face in faces[need:]:
            if spec["unused_are_tokens"] or face in spec["unused_tokens"]:
                tokens.append(face)
            else:
                unused.append(face)
    rows.sort(key=lambda row: (-row.value, row.key))
    return PlayingCards(rows, tokens, unused + list(spec["not_mapped"]))
