"""The vocabulary of a Baba Yaga content pack and the schema's building blocks.

The words and numbers a pack's entries are made of (abilities, times of day, tokens, card
types, effects, powers, challenges, token directions) as pydantic types and models, each with
the bounds the rules give it, and the helpers of the schema (:mod:`.schema`): references to the
places and cards a pack declares, checked against the validation context, and problems in the
project's own words.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    ValidationInfo,
    create_model,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

FILES = {"board": "board.yaml", "characters": "characters.yaml", "quests": "quests.yaml",
         "wilderness": "cards/wilderness.yaml", "town": "cards/town.yaml",
         "elements": "cards/elements.yaml", "rules": "rules.yaml"}
"""The pack's files by role, as paths inside the pack folder."""
NAMES_FILE = "names.ru.yaml"
"""The pack's one optional file: the Russian names of its ids (the built-in pack's serve
where it has none)."""

ABILITIES = ("move", "fight", "cunning")
TIMES = ("dawn", "noon", "night")
TOKENS = ("wolves", "solovey", "horseman", "hut", "baba_yaga")
CARD_TYPES = ("ally", "deed", "item", "event")
EDGE_KINDS = ("open", "bridge", "pass", "causeway", "river", "mountain", "lake")
SPECIALS = ("dead_forest", "forlorn_hills", "golden_halls", "khorov", "koldunoi",
            "koshcheys_home", "spirits_hollow", "tsarov")
COUNTS = {"wilderness": 40, "town": 32, "horseman": 3, "hut": 1, "baba_yaga": 3}
"""Cards per deck (B50)."""
DECK_FILES = {"wilderness": FILES["wilderness"], "town": FILES["town"]}
PLAYERS = (1, 6)
"""The game's player counts: solo is 1, competitive and cooperative 2-6."""
POWERS = {"before_roll": ("add_dice",), "after_failed_roll": ("reroll_all",),
          "on_death": ("cancel_death",), "on_lose_result": ("cancel_lose",),
          "during_move": ("extra_move", "teleport"),
          "on_token_encounter": ("skip_token_encounter",), "on_skipped_turn": ("cancel_skip",)}
"""What a power may do at each moment: the only pairs the rules give a meaning to."""

Ability = Literal[ABILITIES]
Time = Literal[TIMES]
Token = Literal[TOKENS]
CardType = Literal[CARD_TYPES]
Deck = Literal[tuple(COUNTS)]
Count = Annotated[int, Field(ge=0)]
Steps = Annotated[int, Field(ge=1)]
Diff = Annotated[int, Field(ge=2, le=6)]          # a Diff is clamped to 2-6 (#22)
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
CardId = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9_]*$")]


def problem(type_: str, message: str, **ctx: Any) -> PydanticCustomError:
    """A problem in the project's own words (``message`` may use ``{name}`` from ``ctx``)."""
    return PydanticCustomError(type_, message, ctx or None)


def fail(*problems: tuple[tuple, str]) -> None:
    """Raise every ``(loc, message)`` problem of one entry at once."""
    errors = [InitErrorDetails(type=problem("pack", "{text}", text=text), loc=loc, input=None)
              for loc, text in problems]
    if errors:
        raise ValidationError.from_exception_data("pack", errors)


def unique(values: list) -> list:
    """The list itself, refused if some value appears twice."""
    twice = sorted({v for v in values if values.count(v) > 1}, key=str)
    if twice:
        raise problem("pack", "{twice} given twice", twice=", ".join(map(str, twice)))
    return values


Times = Annotated[list[Time], Field(min_length=1), AfterValidator(unique)]


def _ref(table: str, what: str, kinds: tuple[str, ...] = (), here: bool = False
         ) -> AfterValidator:
    """A reference to a place or a card the pack declares (``here``: the hero's place)."""
    def check(value: str, info: ValidationInfo) -> str:
        known = getattr(info.context, table)
        if here and value == "here":
            return value
        if value not in known:
            raise problem("ref", "{value} is not {what}", value=repr(value), what=what)
        if kinds and known[value] not in kinds:
            raise problem("ref", "{value} is a {kind}, not {what}", value=repr(value),
                          kind="town" if known[value] == "town" else "wilderness space",
                          what=what)
        return value
    return AfterValidator(check)


Place = Annotated[str, _ref("places", "a place on the board")]
Town = Annotated[str, _ref("places", "a town", ("town",))]
Wild = Annotated[str, _ref("places", "a wilderness space", ("wild",))]
PlaceOrHere = Annotated[str, _ref("places", "a place on the board (or here)", here=True)]
DeckCard = Annotated[str, _ref("cards", "a Wilderness or Town card", ("wilderness", "town"))]


class Model(BaseModel):
    """An entry of a pack file: exact types, no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# ------------------------------------------------------------------------------ effects ---
class DiceMod(Model):
    ability: Literal["any", "move", "fight", "cunning"]
    amount: int
    duration: Literal["next_turn", "next_challenge"]


class MoveCharacter(Model):
    steps: Steps
    chooser: Literal["self", "left_player"]
    toward: Place | None = None
    up_to: bool = False


class PlaceToken(Model):
    token: Token
    location: PlaceOrHere

    @model_validator(mode="after")
    def _no_town_for_walkers(self, info: ValidationInfo) -> PlaceToken:
        if self.token in ("hut", "horseman") and info.context.places.get(self.location) == "town":
            fail((("location",), f"puts the {self.token} in the town {self.location!r}: the "
                                 f"{self.token} never enters towns"))
        return self


class RemoveToken(Model):
    token: Token


class MoveToken(Model):             # the rules move only Baba Yaga, away from the hero
    token: Literal["baba_yaga"]
    steps: Steps
    toward: Literal["away_from_here"]


class DiscardOwn(Model):
    type: Annotated[list[Literal["ally", "deed", "item", "event", "rep", "any"]],
                    Field(min_length=1)]
    count: Steps = 1


class Filter(Model):
    type: CardType | None = None
    has_rep: bool = False


class TakeFromDiscard(Model):
    pile: Literal["town", "wilderness", "either"]
    filter: Filter = Filter()
    pick: Literal["top_match"] = "top_match"
    else_: list[Effect] = Field(default_factory=list, alias="else")


class PeekReorder(Model):
    deck: Literal["choose"] = "choose"           # the player names the deck when it happens
    count: Annotated[int, Field(ge=1, le=3)] = 3  # the notation orders at most 3 cards


EFFECTS: dict[str, Any] = {
    "take_card": None, "kill": None, "eliminate": None, "miss_turn": None, "set_aside": None,
    "end_game": None, "clear_lingering": None, "dice_mod": DiceMod,
    "move_character": MoveCharacter, "place_token": PlaceToken, "remove_token": RemoveToken,
    "move_token": MoveToken, "discard_own": DiscardOwn, "take_from_discard": TakeFromDiscard,
    "peek_reorder": PeekReorder,
    "global": Annotated[list["Effect"], Field(min_length=1), AfterValidator(
        lambda effects: _only(effects, ("dice_mod", "miss_turn", "clear_lingering"),
                              "an effect on every hero"))],
    "choose_one": Annotated[list["Effect"], Field(min_length=2, max_length=3)],
}
"""Every effect kind and the type of its settings (None: it takes none)."""


class EffectBase(Model):
    """One effect: a model with a single field named after its kind."""

    @property
    def kind(self) -> str:
        return next(iter(type(self).model_fields))

    @property
    def arg(self) -> Any:
        return getattr(self, self.kind)


def _effect_form(raw: Any) -> Any:
    """``kill`` or ``{kind: settings}``; ``move_mod`` is ``dice_mod`` on Move (B9)."""
    if isinstance(raw, str):
        raw = {raw: None}
    if not isinstance(raw, dict) or len(raw) != 1:
        raise problem("effect", "an effect is a word (kill) or one kind with its settings "
                      "({{dice_mod: {{...}}}}), not {raw}", raw=repr(raw))
    (kind, arg), = raw.items()
    if kind == "move_mod":
        kind, arg = "dice_mod", {"ability": "move", **(arg if isinstance(arg, dict) else {})}
    if kind not in EFFECTS:
        raise problem("effect", "unknown effect kind {kind} (known: {known})", kind=repr(kind),
                      known=", ".join(EFFECTS))
    if arg is None and EFFECTS[kind] is not None:
        arg = [] if kind in ("global", "choose_one") else {}
    return {kind: arg}


_EFFECT_MODELS = {kind: create_model(kind, __base__=EffectBase, __module__=__name__,
                                     **{kind: (arg, ...)}) for kind, arg in EFFECTS.items()}
Effect = Annotated[Union[tuple(Annotated[m, Tag(k)] for k, m in _EFFECT_MODELS.items())],  # noqa: UP007
                   Discriminator(lambda v: next(iter(v)) if isinstance(v, dict) else v.kind),
                   BeforeValidator(_effect_form)]
Effects = list[Effect]
for _model in (*_EFFECT_MODELS.values(), TakeFromDiscard):
    _model.model_rebuild()


def kinds(effects: list[EffectBase]) -> list[str]:
    """Every effect kind in a list, nested ones (choices, fall-backs) included."""
    out = []
    for e in effects:
        out.append(e.kind)
        if e.kind in ("global", "choose_one"):
            out += kinds(e.arg)
        elif e.kind == "take_from_discard":
            out += kinds(e.arg.else_)
    return out


def _only(effects: list[EffectBase], allowed: tuple[str, ...], what: str) -> list:
    bad = [e.kind for e in effects if e.kind not in allowed]
    if bad:
        raise problem("effect", "{bad} cannot be {what} (only {allowed})", what=what,
                      bad=", ".join(bad), allowed=", ".join(allowed))
    return effects


def banned_effects(lists: dict[str, list], banned: dict[str, str]) -> list[tuple]:
    """``(loc, message)`` for every effect in ``lists`` whose kind is ``banned`` (-> why)."""
    return [((name,), f"{kind}: {banned[kind]}") for name, effects in lists.items()
            for kind in dict.fromkeys(kinds(effects)) if kind in banned]


# ------------------------------------------------------------------------ cards, powers ---
class Challenge(Model):
    ability: Ability
    base: Diff
    plus_rep: bool = False


class TokenMove(Model):
    token: Literal["hut", "horseman"]
    steps: Steps
    toward: Literal["chooser", "nearest_player", "active_player", "away_from_here"]
    on: Literal["always", "win", "lose"] = "always"

    @model_validator(mode="before")
    @classmethod
    def _yaml_on(cls, raw: Any) -> Any:
        if isinstance(raw, dict) and True in raw:      # YAML 1.1 reads a bare key on as true
            raw = {("on" if k is True else k): v for k, v in raw.items()}
        return raw


class Condition(Model):
    ability: Ability | None = None
    context: Literal["town", "wild", "baba_yaga"] | None = None
    time: Times | None = None
    baba_yaga_card: Literal[1, 2, 3] | None = None


class Power(Model):
    when: Literal[tuple(POWERS)]
    effect: Any
    condition: Condition = Condition()
    cost: Literal["none", "discard_self"] = "none"

    @property
    def name(self) -> str:
        return self.effect if isinstance(self.effect, str) else next(iter(self.effect))

    @property
    def amount(self) -> Any:
        return None if isinstance(self.effect, str) else self.effect[self.name]

    @model_validator(mode="after")
    def _meaningful(self) -> Power:
        effect, allowed = self.effect, POWERS[self.when]
        if not (isinstance(effect, str) or (isinstance(effect, dict) and len(effect) == 1)):
            fail((("effect",), f"a power's effect is a word (reroll_all) or one kind with its "
                               f"amount ({{add_dice: 1}}), not {effect!r}"))
        name, amount = self.name, self.amount
        if name not in allowed:
            fail((("effect",), f"{name!r}: a {self.when} power can only "
                               f"{' or '.join(allowed)}"))
        if name in ("add_dice", "extra_move") and (
                isinstance(amount, bool) or not isinstance(amount, int) or amount < 1):
            fail((("effect", name), f"{amount!r} must be a whole number of at least 1"))
        if name == "teleport" and amount != "wild":
            fail((("effect", name), f"{amount!r}: the carpet flies only to a wilderness space "
                                    f"(write teleport: wild)"))
        if name not in ("add_dice", "extra_move", "teleport") and amount is not None:
            fail((("effect", name), "takes no amount"))
        if self.cost != "discard_self" and self.when != "before_roll":
            fail((("cost",), f"a {self.when} power is used by discarding its card: "
                             f"write cost: discard_self"))
        return self
