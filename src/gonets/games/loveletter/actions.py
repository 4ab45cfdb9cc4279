"""The fixed action table of one configuration, and the action notation.

Every (card, choices) tuple is enumerated once; an action id is its index in the table.
Notation: ``guard p2 5`` (or ``guard p2 prince``), ``priest p3``, ``priest spare``,
``baroness p2 p4``, ``cardinal p1 p3 look p3``, ``king spare``, ``bishop p3 7``,
``chancellor`` then ``chancellor keep guard bottom priest baron``, ``redraw`` / ``keep``.
A card played without effect (L4) is written as its bare name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, permutations

from gonets.core.errors import IllegalAction
from gonets.core.options import Config
from gonets.games.loveletter import cards as C
from gonets.games.loveletter.options import token_target

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


def _guesses(deck: C.Deck, mode: str, exclude_guard: bool) -> list[tuple[str, int]]:
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
    guard_guesses = _guesses(deck, config["guard_guess"], True)
    bishop_guesses = _guesses(deck, config["bishop_guess"], config["bishop_forbid_one"])
    table: list[Action] = []
    for kind in deck.kinds:
        table.append(Action(kind))                      # bare: no choice / no effect
        if kind in GUESSING:
            guesses = guard_guesses if kind == C.GUARD else bishop_guesses
            table += [Action(kind, (t,), mask, text) for t in players for text, mask in guesses]
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


class Rules:
    """Everything fixed for one configuration: deck, flags, action table, legal-action cache."""

    def __init__(self, config: Config):
        self.config = config
        self.players = config.players
        self.deck = C.deck(C.deck_name_for(config["card_set"], config["extended_deck"],
                                           config.players))
        self.value = self.deck.value
        self.target = token_target(config)
        self.face_up = config["two_player_face_up"] if config.players == 2 else 0
        self.spare_rule = config["spare_card"] != "off"
        self.exempt = config["sycophant_self_exempt"]
        self.table = build_table(config, self.deck)
        self.texts = [a.text for a in self.table]
        self.by_text = {a.text: i for i, a in enumerate(self.table)}
        self.index = {(a.kind, a.targets, a.guess_text, a.look): i
                      for i, a in enumerate(self.table) if a.kind < REDRAW}
        self.keep_index = {(a.keep, a.bottom): i for i, a in enumerate(self.table)
                           if a.kind == CHANCELLOR_KEEP}
        # hot-path columns
        self.kind = [a.kind for a in self.table]
        self.t1 = [a.targets[0] if a.targets else NONE for a in self.table]
        self.t2 = [a.targets[1] if len(a.targets) > 1 else NONE for a in self.table]
        self.gmask = [a.guess for a in self.table]
        self.look = [a.look for a in self.table]
        self.guards = _guesses(self.deck, config["guard_guess"], True)
        self.bishops = _guesses(self.deck, config["bishop_guess"], config["bishop_forbid_one"])
        self.countess_triggers = self._countess_triggers(config["countess_trigger"])
        self.deck_names = [C.KEYS[c] for c in self.deck.cards]
        self.sorted_names = sorted(self.deck_names)
        self.princess_beats_bishop = config["princess_beats_bishop"]
        self.count_bonus = config["count_bonus"]
        self.discard_tiebreak = config["tiebreak"] == "discard_sum"
        self.residual_tie = config["residual_tie"]
        self.has_spy = bool(self.deck.copies[C.SPY])
        self.cache: dict = {}
        self.effects: list | None = None           # filled by the state module
        self.guess_json = [int(a.guess_text) if a.guess_text.isdigit() else a.guess_text
                           for a in self.table]
        self.redraw_legal = ((self.by_text["redraw"], self.by_text["keep"]),
                             frozenset((self.by_text["redraw"], self.by_text["keep"])))

    def _countess_triggers(self, mode: str) -> frozenset[int]:
        """Cards that force the Countess (rules §2 item 21, L13)."""
        names = {C.KING, C.PRINCE}
        if mode == "names":
            return frozenset(names)
        values = {self.value[k] for k in names}
        return frozenset(k for k in self.deck.kinds if self.value[k] in values and
                         k != C.COUNTESS)

    # -- legal actions -------------------------------------------------------------------------
    def play_options(self, seat: int, first: int, second: int, choosable: int, mark: int,
                     spare: bool) -> tuple[tuple[int, ...], frozenset[int]]:
        """Legal play ids (sorted) and their set, cached by the small key of the position."""
        key = (seat, first, second, choosable, mark, spare)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self._compute(seat, first, second, choosable, mark, spare)
        return found

    def _compute(self, seat, first, second, choosable, mark, spare):
        hand = {first, second}
        if C.COUNTESS in hand and (hand - {C.COUNTESS}) & self.countess_triggers:
            hand = {C.COUNTESS}
        others = [q for q in range(self.players) if choosable >> q & 1]
        ids: list[int] = []
        for kind in hand:
            ids += self.card_options(kind, seat, others, mark, spare)
        ids.sort()
        return tuple(ids), frozenset(ids)

    def card_options(self, kind: int, seat: int, others: list[int], mark: int,
                     spare: bool) -> list[int]:
        """Every legal way to play ``kind`` (rules §1.4, items 10-19, L4-L6, L15)."""
        idx = self.index
        bare = [idx[(kind, (), "", NONE)]]
        spare = spare and self.spare_rule and bool(others)   # never a way out of a lock-out
        if kind in OTHER_TARGET:
            if mark == seat:
                if not self.exempt:
                    return bare
                mark = NONE
            targets = others if mark == NONE else [t for t in others if t == mark]
            if not targets:
                return bare
            if kind in GUESSING:
                guesses = self.guards if kind == C.GUARD else self.bishops
                return [idx[(kind, (t,), g, NONE)] for t in targets for g, _ in guesses]
            result = [idx[(kind, (t,), "", NONE)] for t in targets]
            if spare and mark == NONE and kind in SPARE_LOOK_SWAP:
                result.append(idx[(kind, (SPARE,), "", NONE)])
            return result
        if kind in ANY_TARGET:
            choosable = sorted([*others, seat])
            targets = choosable if mark == NONE else [t for t in choosable if t == mark]
            if not targets:
                return bare
            result = [idx[(kind, (t,), "", NONE)] for t in targets]
            if spare and mark == NONE and (kind, (SPARE,), "", NONE) in idx:
                result.append(idx[(kind, (SPARE,), "", NONE)])
            return result
        if kind == C.BARONESS:
            if mark == seat:
                if not self.exempt:
                    return bare
                mark = NONE
            chosen = others + ([SPARE] if spare else [])
            options = [(t,) for t in chosen] + list(combinations(chosen, 2))
            if mark != NONE:
                options = [o for o in options if mark in o]
            return [idx[(kind, o, "", NONE)] for o in options] or bare
        if kind == C.CARDINAL:
            if not others:
                return bare
            chosen = sorted([*others, seat]) + ([SPARE] if spare else [])
            pairs = [p for p in combinations(chosen, 2) if mark == NONE or mark in p]
            return [idx[(kind, p, "", look)] for p in pairs for look in (NONE, *p)] or bare
        return bare

    def keep_options(self, hand: tuple[int, ...]) -> tuple[tuple[int, ...], frozenset[int]]:
        """Chancellor: keep one card, put the others under the deck in any order (L14)."""
        key = ("keep", tuple(sorted(hand)))
        found = self.cache.get(key)
        if found is None:
            ids = set()
            for order in permutations(hand):
                ids.add(self.keep_index[(order[0], tuple(order[1:]))])
            found = self.cache[key] = (tuple(sorted(ids)), frozenset(ids))
        return found

    # -- notation ------------------------------------------------------------------------------
    def text_to_action(self, text) -> int:
        if not isinstance(text, str):
            raise IllegalAction(f"an action notation must be text, not {text!r}")
        normal = " ".join(text.lower().split())
        found = self.by_text.get(normal)
        if found is None:
            shown = text if len(text) <= 40 else text[:40] + "..."
            raise IllegalAction(f"cannot read {shown!r} as a Love Letter action; write e.g. "
                                f"'guard p2 {self.guards[0][0]}', 'prince p1', 'handmaid'")
        return found

    def action_to_text(self, action) -> str:
        if type(action) is not int or not 0 <= action < len(self.table):
            raise IllegalAction(f"{action!r} is not an action id of this configuration "
                                f"(0..{len(self.table) - 1})")
        return self.texts[action]


_RULES: dict = {}


def rules_for(config: Config) -> Rules:
    """The compiled rules of a configuration (shared by every state of it)."""
    key = (config.players, config.preset, tuple(sorted(
        (k, repr(v)) for k, v in config.options.items())))
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = Rules(config)
    return found


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

