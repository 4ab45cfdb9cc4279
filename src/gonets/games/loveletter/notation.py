"""Action ids <-> text notation: the fixed action table of one configuration.

Every (card, choices) tuple is enumerated once; an action id is its index in the table.
Notation: ``guard p2 5`` (or ``guard p2 prince``), ``priest p3``, ``priest spare``,
``baroness p2 p4``, ``cardinal p1 p3 look p3``, ``king spare``, ``bishop p3 7``,
``chancellor`` then ``chancellor keep guard bottom priest baron``, ``redraw`` / ``keep``.
A card played without effect (L4) is written as its bare name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from gonets.core.errors import IllegalAction
from gonets.core.options import Config
from gonets.games.loveletter.rules import cards as C

NONE = -1
SPARE = 8
"""Target code of the face-down set-aside card (seats are 0..7)."""

REDRAW = 100
KEEP = 101
CHANCELLOR_KEEP = 102

# what each card may choose: "other" players only, "any" player (self included), or nothing
OTHER_TARGET = frozenset({C.GUARD, C.PRIEST, C.BARON, C.KING, C.BISHOP, C.DOWAGER, C.JESTER})
ANY_TARGET = frozenset({C.PRINCE, C.SYCOPHANT})
GUESSING = frozenset({C.GUARD, C.BISHOP})
NO_CHOICE = frozenset({C.HANDMAID, C.COUNTESS, C.PRINCESS, C.CONSTABLE, C.COUNT, C.ASSASSIN,
                       C.SPY, C.CHANCELLOR})
"""Cards that never choose anything (written bare, yet they act or do nothing by design)."""
NO_CHOICE_KEYS = frozenset(C.KEYS[k] for k in NO_CHOICE)
SPARE_LOOK_SWAP = frozenset({C.PRIEST, C.KING})


def seat_text(target: int) -> str:
    return "spare" if target == SPARE else f"p{target + 1}"


@dataclass(frozen=True)
class Action:
    """One row of the table: the card played (or a follow-up decision) and its choices."""

    kind: int
    targets: tuple[int, ...] = ()
    guess: int = 0                  # bit mask of the characters a guess hits
    guess_text: str = ""
    look: int = NONE
    keep: int = NONE                # Chancellor: the card kept
    bottom: tuple[int, ...] = ()    # Chancellor: cards put under the deck, top to bottom
    text: str = field(default="", compare=False)


def guesses(deck: C.Deck, mode: str, exclude_guard: bool) -> list[tuple[str, int]]:
    """(notation token, hit mask) for every legal guess (L2)."""
    if mode == "value":
        values = [v for v in deck.values if not (exclude_guard and v == deck.value[C.GUARD])]
        return [(str(v), sum(1 << k for k in deck.kinds_of_value(v))) for v in values]
    kinds = [k for k in deck.kinds if not (exclude_guard and k == C.GUARD)]
    return [(C.KEYS[k], 1 << k) for k in kinds]


def _text(action: Action) -> str:
    if action.kind == REDRAW:
        return "redraw"
    if action.kind == KEEP:
        return "keep"
    if action.kind == CHANCELLOR_KEEP:
        return " ".join(["chancellor", "keep", C.KEYS[action.keep], "bottom",
                         *(C.KEYS[c] for c in action.bottom)])
    words = [C.KEYS[action.kind], *(seat_text(t) for t in action.targets)]
    if action.guess_text:
        words.append(action.guess_text)
    if action.look != NONE:
        words += ["look", seat_text(action.look)]
    return " ".join(words)


def build_table(config: Config, deck: C.Deck) -> list[Action]:
    """Enumerate every action of a configuration once, in a fixed order."""
    players = range(config.players)
    spare = config["spare_card"] != "off"
    burn = config["spare_card"] == "look_swap_burn"
    guard_guesses = guesses(deck, config["guard_guess"], True)
    bishop_guesses = guesses(deck, config["bishop_guess"], config["bishop_forbid_one"])
    table: list[Action] = []
    for kind in deck.kinds:
        table.append(Action(kind))                      # bare: no choice / no effect
        if kind in GUESSING:
            named = guard_guesses if kind == C.GUARD else bishop_guesses
            table += [Action(kind, (t,), mask, text) for t in players for text, mask in named]
        elif kind in OTHER_TARGET or kind in ANY_TARGET:
            table += [Action(kind, (t,)) for t in players]
            if spare and (kind in SPARE_LOOK_SWAP or (kind == C.PRINCE and burn)):
                table.append(Action(kind, (SPARE,)))
        elif kind == C.BARONESS:
            chosen = [*players] + ([SPARE] if spare else [])
            table += [Action(kind, (t,)) for t in chosen]
            table += [Action(kind, pair) for pair in combinations(chosen, 2)]
        elif kind == C.CARDINAL:
            chosen = [*players] + ([SPARE] if spare else [])
            for pair in combinations(chosen, 2):
                table += [Action(kind, pair, look=look) for look in (NONE, *pair)]
    table += [Action(REDRAW), Action(KEEP)]
    if C.CHANCELLOR in deck.kinds:
        kinds = deck.kinds
        for keep in kinds:
            for first in kinds:
                table.append(Action(CHANCELLOR_KEEP, keep=keep, bottom=(first,)))
                table += [Action(CHANCELLOR_KEEP, keep=keep, bottom=(first, second))
                          for second in kinds]
    return [Action(**{**a.__dict__, "text": _text(a)}) for a in table]


PAIRED = ("baroness", "cardinal")
"""Cards whose two chosen seats are an unordered pair (L6): read in either order."""


def _target_order(word: str) -> int | None:
    """Where a target word sorts in the canonical notation (seats, then ``spare``)."""
    seat = _seat_word(word)
    if seat == "spare":
        return SPARE
    return seat


def canonical(text: str) -> str:
    """A notation with case and spacing normalised and the unordered pair of a Baroness or a
    Cardinal put in seat order (``cardinal p3 p2 look p3`` -> ``cardinal p2 p3 look p3``)."""
    words = text.lower().split()
    if len(words) >= 3 and words[0] in PAIRED:
        first, second = _target_order(words[1]), _target_order(words[2])
        if first is not None and second is not None and first > second:
            words[1], words[2] = words[2], words[1]
    return " ".join(words)


def read_action(text, by_text: dict[str, int], example: str) -> int:
    """The action id of a notation (case and spacing ignored, an unordered pair read in
    either order); ``example`` is a guess token of this configuration for the error
    message."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action notation must be text, not {text!r}")
    normal = canonical(text)
    found = by_text.get(normal)
    if found is None:
        words = normal.split()
        if len(words) >= 3 and words[0] in PAIRED and words[1] == words[2]:
            raise IllegalAction(f"cannot read {text!r}: the {words[0]} chooses two different "
                                f"players, not {words[1]} twice")
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise IllegalAction(f"cannot read {shown!r} as a Love Letter action; write e.g. "
                            f"'guard p2 {example}', 'prince p1', 'handmaid'")
    return found


def write_action(action, texts: list[str]) -> str:
    """The notation of an action id (an unknown id raises :class:`IllegalAction`)."""
    if type(action) is not int or not 0 <= action < len(texts):
        raise IllegalAction(f"{action!r} is not an action id of this configuration "
                            f"(0..{len(texts) - 1})")
    return texts[action]


def split_play(text: str) -> dict:
    """A play notation split into its card, targets (seat ints or "spare"), guess and look
    target, for readers of notations (menus, bots); unknown words become the guess."""
    words = text.split()
    parsed: dict = {"card": words[0] if words else "", "targets": [], "guess": None,
                    "look": None}
    rest = words[1:]
    while rest:
        word = rest.pop(0)
        if word == "look":
            parsed["look"] = _seat_word(rest.pop(0)) if rest else None
        elif _seat_word(word) is not None:
            parsed["targets"].append(_seat_word(word))
        else:
            parsed["guess"] = word
    return parsed


def _seat_word(word: str):
    """``pN`` as seat N-1, ``spare`` as itself, anything else None."""
    if word == "spare":
        return "spare"
    if len(word) > 1 and word[0] == "p" and word[1:].isdigit():
        return int(word[1:]) - 1
    return None



# -- clicks (the web client builds an action from step keys) --------------------------------------
# A play is clicked as its card, then its players, then its guess or look: ``card:guard``,
# ``target:p2``, ``guess:5``; a Baroness or Cardinal names its second player with ``also:p4``
# and a Cardinal's look with ``look:p4``; the Chancellor's choice is ``keep:guard`` then
# ``under:priest`` (the card put under first, drawn before the other); the Bishop's victim
# answers ``bishop:redraw`` or ``bishop:keep``. Where one action's clicks would be the start of
# another's (a Baroness on one player or on two), the shorter one ends with ``<family>:none``.
STEP_FAMILIES = ("card", "target", "also", "guess", "look", "keep", "under", "bishop")


def natural_steps(text: str) -> list[str]:
    """The clicks of one notation, before telling apart an action that another extends."""
    words = text.split()
    if not words:
        return [text]
    if words[0] in ("redraw", "keep") and len(words) == 1:
        return [f"bishop:{words[0]}"]
    if words[0] == "chancellor" and len(words) > 2 and words[1] == "keep":
        under = words[words.index("bottom") + 1:] if "bottom" in words else []
        return [f"keep:{words[2]}"] + [f"under:{key}" for key in under[:1]]
    play = split_play(text)
    steps = [f"card:{play['card']}"]
    for family, target in zip(("target", "also"), play["targets"]):
        steps.append(f"{family}:{seat_text(SPARE if target == 'spare' else target)}")
    if play["guess"] is not None:
        steps.append(f"guess:{play['guess']}")
    if play["look"] is not None:
        steps.append(f"look:{seat_text(SPARE if play['look'] == 'spare' else play['look'])}")
    return steps


def steps_table(legal: tuple[str, ...]) -> dict[str, list[str]]:
    """The clicks of every legal notation: no action's clicks start another's (an action
    that could have gone on, like a Baroness on one player where two may be chosen, ends with
    ``<family>:none`` whichever player was clicked), and a click that leaves one choice (the
    second card under the deck) is not asked for."""
    paths = {text: natural_steps(text) for text in legal}
    for text, path in paths.items():
        if path[0].startswith("keep:"):
            alike = [p for p in paths.values() if p[0] == path[0]]
            if len(alike) == 1:
                del path[1:]
    found: dict[str, list[str]] = {}
    for text, path in paths.items():
        size = len(path)
        shared = max(1, size - 1) if size >= 2 else size
        longer = [p for p in paths.values() if len(p) > size and p[:shared] == path[:shared]]
        found[text] = path + [f"{longer[0][size].split(':')[0]}:none"] if longer else path
    return found


_TABLES: dict[tuple[str, ...], dict[str, list[str]]] = {}


def action_steps(view: dict, text: str) -> list[str]:
    """The clicks that make the legal action ``text`` in ``view`` (see :func:`steps_table`);
    a notation that is not legal there gets its natural clicks."""
    legal = tuple(view.get("legal") or ())
    table = _TABLES.get(legal)
    if table is None:
        if len(_TABLES) > 256:
            _TABLES.clear()
        table = _TABLES[legal] = steps_table(legal)
    return list(table.get(text) or natural_steps(text))
