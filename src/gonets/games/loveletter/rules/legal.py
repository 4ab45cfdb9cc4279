"""Everything fixed for one configuration (deck, flags, token target, the action table of
``notation``) and the legal actions of a position, cached by a small key."""

from __future__ import annotations

from itertools import combinations, permutations

from gonets.core.errors import ContentError, OptionError
from gonets.core.options import Config
from gonets.games.loveletter.notation import (
    ANY_TARGET,
    CHANCELLOR_KEEP,
    GUESSING,
    NONE,
    OTHER_TARGET,
    REDRAW,
    SPARE,
    SPARE_LOOK_SWAP,
    build_table,
    guesses,
    read_action,
    write_action,
)
from gonets.games.loveletter.rules import cards as C


def token_target(config: Config) -> int:
    """Tokens that win the game for this configuration."""
    target = {str(k): v for k, v in config["tokens_to_win"].items()}.get(str(config.players))
    if target is None:
        raise OptionError(f"tokens_to_win has no entry for {config.players} players; add "
                          f"\"{config.players}\": N to the mapping", "tokens_to_win",
                          code="rules_option", part=str(config.players))
    return target


def deck_of(config: Config) -> C.Deck:
    """The deck of this configuration: the card set's, or the part of it option ``deck``
    keeps (an :class:`OptionError` names a character or count the deck cannot give)."""
    base = C.deck_name_for(config["card_set"], config["extended_deck"], config.players)
    kept = config["deck"]
    if not kept:
        return C.deck(base)
    try:
        return C.deck(C.reduced_name(base, kept))
    except ContentError as exc:
        raise OptionError(f"option 'deck': {exc}", code="rules") from None


class Rules:
    """Everything fixed for one configuration: deck, flags, action table, legal-action cache."""

    def __init__(self, config: Config):
        self.config = config
        self.players = config.players
        self.deck = deck_of(config)
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
        self.guards = guesses(self.deck, config["guard_guess"], True)
        self.bishops = guesses(self.deck, config["bishop_guess"], config["bishop_forbid_one"])
        self.countess_triggers = self._countess_triggers(config["countess_trigger"])
        self.deck_names = [C.KEYS[c] for c in self.deck.cards]
        self.sorted_names = sorted(self.deck_names)
        self.sorted_cards = sorted(self.deck.cards)
        self.princess_beats_bishop = config["princess_beats_bishop"]
        self.count_bonus = config["count_bonus"]
        self.discard_tiebreak = config["tiebreak"] == "discard_sum"
        self.residual_tie = config["residual_tie"]
        self.has_spy = bool(self.deck.copies[C.SPY])
        self.has_constable = bool(self.deck.copies[C.CONSTABLE])
        self.constable_on_knockout = config["constable_counts_knockout_discard"]
        self.constable_self_pays = config["constable_self_knockout_pays"]
        self.winner_first = config["simultaneous_target"] == "round_winner_first"
        self.next_starter = config["next_starter"]
        self.cache: dict = {}
        self.effects: list | None = None           # filled by the state module
        self.playout = None                          # the bot's playout tables, when searched
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
        return read_action(text, self.by_text, self.guards[0][0])

    def action_to_text(self, action) -> str:
        return write_action(action, self.texts)


_RULES: dict = {}
_BY_CONFIG: dict[int, tuple[Config, Rules]] = {}


def rules_for(config: Config) -> Rules:
    """The compiled rules of a configuration (shared by every state of it; a configuration
    object seen before is recognised at once, without reading its options again)."""
    hit = _BY_CONFIG.get(id(config))
    if hit is not None and hit[0] is config:
        return hit[1]
    key = (config.players, config.preset, tuple(sorted(
        (k, repr(v)) for k, v in config.options.items())))
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = Rules(config)
    if len(_BY_CONFIG) >= 1024:
        _BY_CONFIG.clear()
    _BY_CONFIG[id(config)] = (config, found)
    return found


