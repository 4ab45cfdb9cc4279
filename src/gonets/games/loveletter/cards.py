"""Card data: characters, the decks of each edition, and the playing-card mappings.

Everything comes from ``cards.json``; cards are small integers (the character's index in
:data:`KEYS`) on every hot path, and names only at the edges (notation, views, records).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from gonets.core.errors import ContentError

DATA_FILE = Path(__file__).with_name("cards.json")


def _load() -> dict:
    try:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ContentError(f"{DATA_FILE.name}: cannot read the card data: {exc}") from None
    for deck_name, deck in data["decks"].items():
        for key, _value, _copies in deck["cards"]:
            if key not in data["characters"]:
                raise ContentError(f"{DATA_FILE.name}: deck {deck_name!r} names an unknown "
                                   f"character {key!r}")
    return data


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

    @property
    def kinds(self) -> tuple[int, ...]:
        """Characters present, in data order."""
        return tuple(k for k in range(len(KEYS)) if self.copies[k])

    @property
    def values(self) -> tuple[int, ...]:
        """Distinct values present, ascending."""
        return tuple(sorted({self.value[k] for k in self.kinds}))

    def kinds_of_value(self, value: int) -> tuple[int, ...]:
        return tuple(k for k in self.kinds if self.value[k] == value)

    def composition(self) -> dict[str, int]:
        return {KEYS[k]: self.copies[k] for k in self.kinds}


@cache
def deck(name: str) -> Deck:
    """The deck called ``name`` in cards.json ("classic", "premium", "zman-2019")."""
    try:
        spec = DATA["decks"][name]
    except KeyError:
        raise ContentError(f"{DATA_FILE.name}: no deck {name!r}; known: "
                           f"{', '.join(DATA['decks'])}") from None
    value = [-1] * len(KEYS)
    copies = [0] * len(KEYS)
    cards: list[int] = []
    for key, card_value, count in spec["cards"]:
        kind = INDEX[key]
        value[kind], copies[kind] = card_value, count
        cards.extend([kind] * count)
    return Deck(name, tuple(cards), tuple(value), tuple(copies))


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


def playing_card_mapping(size: str, players: int) -> tuple[list[MappingRow], list[str]]:
    """The seed's playing-card mapping (fixes of items 25-26) for ``players``.

    Returns the rows of the characters in use (with the playing cards used for each, in the
    amount the deck needs) and the token cards: the mapping's token cards plus every mapped
    card that this player count leaves out.
    """
    if size not in DATA["playing_cards"]:
        raise ContentError(f"no {size}-card mapping; choose 54 or 36")
    spec = DATA["playing_cards"][size]
    in_use = deck(deck_name_for("premium", "auto", players))
    rows: list[MappingRow] = []
    spare: list[str] = []
    for key, faces in spec["characters"].items():
        need = in_use.copies[INDEX[key]]
        if need:
            rows.append(MappingRow(key, in_use.value[INDEX[key]], tuple(faces[:need])))
        spare.extend(faces[need:])
    rows.sort(key=lambda row: (-row.value, row.key))
    return rows, list(spec["tokens"]) + spare
