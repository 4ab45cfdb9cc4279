"""The schema of a Baba Yaga content pack: every file, entry, field and bound.

A pack is seven YAML files (:data:`~.vocabulary.FILES`); :class:`Pack` has one field per file
and validates them all at once. Its models check each entry: shapes and types (strict:
``three`` is not a number, no unknown fields), the bounds the rules imply, and the places and
cards an entry names, against the ids the pack declares (the validation context). The rules
that span entries (counts, unique ids, connected graphs, set-up pulls) and the plain-word
messages are in :mod:`.problems`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Discriminator,
    Field,
    Tag,
    ValidationInfo,
    model_validator,
)

from gonets.games.babayaga.rules.vocabulary import (
    COUNTS,
    DECK_FILES,
    EDGE_KINDS,
    FILES,
    NAMES_FILE,
    PLAYERS,
    SPECIALS,
    TIMES,
    Ability,
    CardId,
    CardType,
    Challenge,
    Count,
    Deck,
    DeckCard,
    Diff,
    Effects,
    Id,
    Model,
    Place,
    PlaceOrHere,
    PlaceToken,
    Power,
    Steps,
    Time,
    Times,
    Token,
    TokenMove,
    Town,
    Wild,
    banned_effects,
    fail,
    problem,
    unique,
)


class Icons(Model):
    move: Count = 0
    fight: Count = 0
    cunning: Count = 0


class Reward(Model):
    name: str | None = None
    rep: Count = 0
    icons: Icons = Icons()
    powers: list[Power] = []


class Requires(Model):
    time: Times | None = None
    min_rep: Steps | None = None
    at: Place | None = None


class Lair(Model):
    token: Literal["wolves", "solovey"]
    location: PlaceOrHere


class PayForDice(Model):
    type: Literal["item"]
    dice_each: Literal[1] = 1


ELEMENT_TYPES = {"hut": ("event", "the Hut's card is an event (never kept)"),
                 "horseman": ("event", "the Horseman's cards are events (never kept)"),
                 "baba_yaga": ("deed", "Baba Yaga's cards are deeds (trophies kept for their "
                                       "Rep)")}
"""The type every game-element card has: the rules keep them as nothing else."""


class Card(Model):
    """An encounter card (Wilderness, Town) or a game-element card (Hut, Horseman, Baba Yaga)."""

    id: CardId
    deck: Deck
    title: str | None = None
    story: str | None = None
    type: CardType
    optional: bool = False
    requires: Requires = Requires()
    on_unmet: Literal["no_challenge", "shuffle_back", "hold_pending"] = "no_challenge"
    mode: Literal["all", "choice"] = "all"
    challenges: list[Challenge] = []
    win: Effects = []
    lose: Effects = []
    cost: Effects = []
    tokens: list[TokenMove] = []
    reward: Reward | None = None
    lair: Lair | None = None
    pay_for_dice: PayForDice | None = None
    time: Time | None = None
    order: Literal[1, 2, 3] | None = None

    @model_validator(mode="after")
    def _coherent(self) -> Card:
        deck, found = self.deck, []
        if self.type != "event" and self.reward is None:
            found.append((("reward",), "missing (a card that can be kept needs one)"))
        if (deck == "horseman") != (self.time is not None):
            found.append((("time",), "a Horseman card needs its time of day (dawn, noon or "
                                     "night), and only a Horseman card has one"))
        if (deck == "baba_yaga") != (self.order is not None):
            found.append((("order",), "a Baba Yaga card needs its order (1, 2 or 3), and "
                                      "only a Baba Yaga card has one"))
        if self.on_unmet == "hold_pending" and self.requires.at is None:
            found.append((("on_unmet",), "hold_pending needs requires: at (the place where "
                                         "the held card is met)"))
        if deck in ELEMENT_TYPES and self.type != ELEMENT_TYPES[deck][0]:
            found.append((("type",), ELEMENT_TYPES[deck][1]))
        if deck not in DECK_FILES and self.reward and self.reward.powers:
            found.append((("reward", "powers"), "only Wilderness and Town cards have powers"))
        banned = {"end_game": "only Baba Yaga's cards end the game"}
        if self.lair is None:
            banned["set_aside"] = "a card set aside needs a lair (the token that brings it back)"
        if deck in ("hut", "horseman"):
            banned["take_card"] = "the Hut's and the Horseman's cards are never kept"
        if deck == "baba_yaga":
            del banned["end_game"]
        found += banned_effects({"win": self.win, "lose": self.lose, "cost": self.cost},
                                banned)
        fail(*found)
        return self


def _default_deck(deck: str | None) -> BeforeValidator:
    """A card file's cards belong to its deck unless they name another."""
    def fill(raw: Any) -> Any:
        if deck is None or not isinstance(raw, list):
            return raw
        return [{"deck": deck, **c} if isinstance(c, dict) else c for c in raw]
    return BeforeValidator(fill)


# ------------------------------------------------------------------- heroes and quests ---
class Stats(Model):
    move: Count
    fight: Count
    cunning: Count


class Pull(Model):
    card: DeckCard
    to: Literal["in_play"] = "in_play"


class Character(Model):
    id: Id
    name: str | None = None
    stats: Stats
    descriptor: str = ""
    powers: list[Power] = []
    setup_pull: list[Pull] = []

    @model_validator(mode="after")
    def _hero_powers(self) -> Character:
        fail(*[(("powers", i), "a hero's own power can only add dice before a roll (when: "
                               "before_roll, effect: {add_dice: N}, cost: none)")
               for i, p in enumerate(self.powers) if p.name != "add_dice" or p.cost != "none"])
        return self


class Holds(Model):
    type: CardType


class Passive(Model):
    token_absent: Token | None = None
    holds: Holds | None = None
    min_rep: Steps | None = None
    won_element: Literal["horseman"] | None = None

    @model_validator(mode="after")
    def _one(self) -> Passive:
        if len(self.model_fields_set) != 1:
            fail(((), "needs exactly one of token_absent, holds, min_rep, won_element"))
        return self


class Trigger(Model):
    at: Place | None = None
    token: Token | None = None
    passive: Passive | None = None
    time: Times | None = None

    @model_validator(mode="after")
    def _one(self) -> Trigger:
        if len(self.model_fields_set - {"time"}) != 1:
            fail(((), "needs exactly one of at, token, passive"))
        if self.time is not None and self.at is None:
            fail((("time",), "a time of day applies only to an 'at' step"))
        return self


class Step(Model):
    text: str = ""
    trigger: Trigger
    challenges: list[Challenge] = []
    win: Effects = []
    lose: Effects = []
    final: bool = False
    no_encounter: bool = False

    @model_validator(mode="after")
    def _coherent(self) -> Step:
        found = []
        if self.no_encounter and self.trigger.token is None:
            found.append((("no_encounter",), "applies only to a token step"))
        never = "a quest step cannot be kept, set aside or end the game"
        found += banned_effects({"win": self.win, "lose": self.lose},
                                dict.fromkeys(("take_card", "set_aside", "end_game"), never))
        fail(*found)
        return self


class SetAside(Model):
    set_aside: DeckCard


class SetupPlacement(PlaceToken):
    location: Place                 # at set-up no hero stands anywhere yet: no "here"


class SetupToken(Model):
    place_token: SetupPlacement


def _one_key(raw: Any) -> Any:
    """The kind of a ``{kind: settings}`` item (None: not such an item)."""
    return next(iter(raw)) if isinstance(raw, dict) and len(raw) == 1 else None


SetupItem = Annotated[Annotated[SetAside, Tag("set_aside")]
                      | Annotated[SetupToken, Tag("place_token")], Discriminator(_one_key)]


class Quest(Model):
    id: Id
    name: str | None = None
    start: Town
    setup: list[SetupItem] = []
    steps: Annotated[list[Step], Field(min_length=1)]

    @model_validator(mode="after")
    def _final_last(self) -> Quest:
        last = len(self.steps) - 1
        found = [(("steps", i, "final"), "exactly the last step is final")
                 for i, st in enumerate(self.steps) if st.final != (i == last)]
        if "eliminate" not in [e.kind for e in self.steps[last].lose]:
            found.append((("steps", last, "lose"), "the final step's lose result must "
                                                   "eliminate"))
        fail(*found)
        return self


# ------------------------------------------------------------------------------- board ---
class Location(Model):
    id: Id
    name: str | None = None
    kind: Literal["town", "wild"]
    grid: Annotated[list[Count], Field(min_length=2, max_length=2)]
    special: Literal[SPECIALS] | None = None


def _edge_form(raw: Any) -> Any:
    if isinstance(raw, list) and len(raw) in (2, 3):
        return dict(zip(("a", "b", "kind"), raw, strict=False))
    raise problem("edge", "an edge is [a, b] or [a, b, kind], not {raw}", raw=repr(raw))


class Edge(Model):
    a: Place
    b: Place
    kind: Literal[EDGE_KINDS] = "open"


class TokenStart(Model):
    hut: Wild
    horseman: Wild


class Board(Model):
    walkable_kinds: list[Literal[EDGE_KINDS]] = ["open", "bridge", "pass", "causeway"]
    token_start: TokenStart
    baba_yaga_entry: Wild
    locations: list[Location]
    edges: list[Annotated[Edge, BeforeValidator(_edge_form)]]


# ------------------------------------------------------------------------------- rules ---
Removal = Annotated[int, Field(ge=0, le=min(COUNTS["wilderness"], COUNTS["town"]) - 1)]
MultiPlayer = Annotated[int, Field(ge=2, le=PLAYERS[1])]


def _every(keys: tuple, what: str) -> AfterValidator:
    def check(table: dict) -> dict:
        gaps = [str(k) for k in keys if k not in table]
        if gaps:
            raise problem("pack", "needs every {what}: {gaps} missing", what=what,
                          gaps=", ".join(gaps))
        return table
    return AfterValidator(check)


class Setup(Model):
    removed_per_deck: Annotated[dict[MultiPlayer, Removal],
                                _every(tuple(range(2, PLAYERS[1] + 1)), "player count 2-6")]
    solo_removed_per_deck: Removal
    horseman_order: Annotated[list[Time], Field(min_length=3, max_length=3),
                              AfterValidator(unique)]


class BabaYagaRules(Model):
    appear_at_rep: Steps
    steps_per_round: Steps


class Solo(Model):
    time_die: Annotated[dict[Annotated[int, Field(ge=1, le=6)], Time],
                        _every((1, 2, 3, 4, 5, 6), "face of the die")]


class Interaction(Model):
    steal_base: Diff
    beguile_base: Diff
    reshuffle_once_players: Annotated[list[Annotated[int, Field(ge=PLAYERS[0], le=PLAYERS[1])]],
                                      AfterValidator(unique)]


class Dice(Model):
    min_dice: Steps = 1


class ForlornHills(Model):
    ability: Ability
    diff_by_time: Annotated[dict[Time, Diff], _every(TIMES, "time of day")]
    horseman_toward_player: Steps


class DeadForest(Model):
    diff_bonus: Annotated[int, Field(ge=0, le=4)]   # more than +4 cannot raise a Diff of 2


class Rescue(Model):
    ability: Ability
    diff: Diff


class KoshcheysHome(Model):
    bonus_dice: Steps
    horseman_toward_player: Steps
    rescue: Rescue


class Tsarov(Model):
    forbidden_times: Annotated[list[Time], AfterValidator(unique)]


class SpecialRules(Model):
    forlorn_hills: ForlornHills | None = None
    dead_forest: DeadForest | None = None
    koshcheys_home: KoshcheysHome | None = None
    tsarov: Tsarov | None = None

    @model_validator(mode="after")
    def _board_needs(self, info: ValidationInfo) -> SpecialRules:
        fail(*[((name,), f"missing (the board has the special place {name})")
               for name in type(self).model_fields
               if name in info.context.specials and getattr(self, name) is None])
        return self


class Rules(Model):
    setup: Setup
    baba_yaga: BabaYagaRules
    solo: Solo
    interaction: Interaction
    special_rules: SpecialRules = Field(default_factory=dict, validate_default=True)
    dice: Dice = Dice()


NEEDED_BY = {
    ("setup",): "every mode needs it", ("baba_yaga",): "every mode needs it",
    ("solo",): "the solo preset needs it", ("setup", "solo_removed_per_deck"): "the solo "
    "preset needs it", ("setup", "removed_per_deck"): "competitive and cooperative games need "
    "it", ("setup", "horseman_order"): "competitive and cooperative games need it",
    ("interaction",): "competitive and cooperative games need it",
    ("interaction", "reshuffle_once_players"): "competitive and cooperative games need it",
    ("interaction", "steal_base"): "competitive games need it",
    ("interaction", "beguile_base"): "competitive games need it",
}
"""Why a section of ``rules.yaml`` is required: the mode that reads it."""


def _no_entries(value: Any) -> Any:
    return {} if value is None else value      # a section left empty in the YAML


def _title_and_name(value: Any) -> Any:
    if not (isinstance(value, list) and len(value) == 2):
        raise problem("pack", "must be [title, name of the kept card], not {value}",
                      value=repr(value))
    return value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise problem("pack", "is empty")
    return value


Text = Annotated[str, AfterValidator(_not_blank)]
Named = Annotated[dict[str, Text], BeforeValidator(_no_entries)]


class RussianNames(Model):
    """``names.ru.yaml``: Russian names by id; a card's entry is ``[title, kept name]``, a
    story is a card's story line (whether each id is the pack's: ``problems.py``)."""

    locations: Named = {}
    characters: Named = {}
    quests: Named = {}
    cards: Annotated[dict[str, Annotated[list[Text], BeforeValidator(_title_and_name)]],
                     BeforeValidator(_no_entries)] = {}
    stories: Named = {}


class Pack(Model):
    """A whole content pack, one field per file (the Russian names may be left out)."""

    board: Board = Field(alias=FILES["board"])
    characters: list[Character] = Field(alias=FILES["characters"])
    quests: list[Quest] = Field(alias=FILES["quests"])
    wilderness: Annotated[list[Card], _default_deck("wilderness")] = Field(
        alias=FILES["wilderness"])
    town: Annotated[list[Card], _default_deck("town")] = Field(alias=FILES["town"])
    elements: list[Card] = Field(alias=FILES["elements"])
    rules: Rules = Field(alias=FILES["rules"])
    names: RussianNames | None = Field(None, alias=NAMES_FILE)

    def cards(self) -> list[Card]:
        """Every card of the three card files, in file order."""
        return [*self.wilderness, *self.town, *self.elements]
