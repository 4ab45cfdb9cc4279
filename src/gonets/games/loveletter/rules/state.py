"""The rules of Love Letter: one ``LoveLetterState`` per position.

Cards are ints (see ``cards.py``); the card effects are in ``effects.py``, the flow of a
round in ``rounds.py``; hands are one int per seat plus the turn player's drawn
card; discard piles are lists of ``card | cause << 5``; the draw pile is a list whose *end* is
the top. The log is an immutable linked list shared by clones: ``self.log`` is the newest
entry ``(kind, public values, private values, mask of entitled seats, previous entry)``.
"""

from __future__ import annotations

import random

from gonets.core.errors import IllegalAction
from gonets.core.game import CHANCE, TERMINAL, Result, State, views_room
from gonets.core.options import Config
from gonets.games.loveletter.notation import CHANCELLOR_KEEP, NONE, REDRAW
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules.effects import CardEffects, effects_for
from gonets.games.loveletter.rules.encoding import (
    BISHOP_REDRAW,
    CARD_MASK,
    CAUSE_SHIFT,
    CAUSES,
    CHANCELLOR,
    DEAL,
    KEY,
    PHASES,
    PLAY,
    STARTER,
)
from gonets.games.loveletter.rules.legal import Rules, rules_for
from gonets.games.loveletter.rules.rounds import RoundFlow

_new = object.__new__
_FULL_VIEW = None


def _views():
    """The game's ``views`` room, found by name when first needed, as the base
    ``State._view`` finds it (rules import no adapter; the views import this module)."""
    global _FULL_VIEW
    views = views_room("loveletter")
    _FULL_VIEW = views.full_view
    return views


class LoveLetterState(CardEffects, RoundFlow, State):
    """A position of a Love Letter match: many rounds up to the token target."""

    def __init__(self, config: Config):
        self.config = config
        self.rules: Rules = rules_for(config)
        if self.rules.effects is None:
            self.rules.effects = effects_for(self.rules)
        n = self.n = config.players
        self.phase = STARTER if config["next_starter"] == "random" else DEAL
        self.cur = CHANCE
        self.turn = NONE
        self.hands = [NONE] * n
        self.drawn = NONE
        self.extra: list[int] = []          # Chancellor: the cards drawn by it
        self.alive = 0
        self.prot = 0
        self.mark = NONE
        self.jester_by = self.jester_on = NONE
        self.bishop_by = NONE
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []
        self.spare = NONE
        self.face_up: list[int] = []
        self.burned: list[int] = []
        self.tokens = [0] * n
        self.round = 0
        self.starter = 0 if self.phase == DEAL else NONE
        self.winners: list[int] = []
        self.played = 0
        self.rounds_done = 0
        self.log = None                      # newest entry; each links to the one before
        self._legal = None

    # -- cloning ---------------------------------------------------------------------------------
    def clone(self) -> LoveLetterState:
        """An independent copy: the lists the rules change in place are copied; ``face_up``,
        ``extra`` and ``winners``, which they only ever replace, and the log (immutable) are
        shared."""
        other = _new(LoveLetterState)
        fields = self.__dict__.copy()
        fields["hands"] = self.hands[:]
        fields["discards"] = [pile[:] for pile in self.discards]
        fields["deck"] = self.deck[:]
        fields["burned"] = self.burned[:]
        fields["tokens"] = self.tokens[:]
        other.__dict__ = fields
        return other

    # -- log -------------------------------------------------------------------------------------
    def _event(self, kind: str, public: tuple, private: tuple | None = None,
               seen_by: int = 0) -> None:
        self.log = (kind, public, private, seen_by, self.log)

    def log_entries(self) -> list[tuple]:
        """The log, oldest first, as ``(kind, public, private, seen_by)`` entries."""
        entries = []
        node = self.log
        while node is not None:
            entries.append(node[:4])
            node = node[4]
        entries.reverse()
        return entries

    # -- information -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """:meth:`State.view` built in one pass (``views.full_view``): the same keys in the
        same order (tested against the base method)."""
        return (_FULL_VIEW or _views().full_view)(self, seat)

    def _view(self, seat: int | None) -> dict:
        """The game's part of a view: ``views.build_view``."""
        return _views().build_view(self, seat)

    # -- who decides -----------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.cur

    def legal_actions(self):
        found = self._legal
        if found is not None:
            return found[0]
        if self.cur < 0:
            return ()
        if self.phase == PLAY:                   # what _legal_pair does, in line
            p = self.turn
            a, b = self.hands[p], self.drawn
            if a > b:
                a, b = b, a
            key = (p, a, b, self.alive & ~self.prot & ~(1 << p), self.mark, self.spare >= 0)
            found = self.rules.cache.get(key)
            if found is None:
                found = self.rules.play_options(*key)
            self._legal = found
            return found[0]
        return self._legal_pair()[0]

    def _legal_pair(self):
        """(legal ids, their frozenset), cached by a small key of the position."""
        found = self._legal
        if found is None:
            phase = self.phase
            rules = self.rules
            if phase == PLAY:
                p = self.turn
                a, b = self.hands[p], self.drawn
                if a > b:
                    a, b = b, a
                key = (p, a, b, self.alive & ~self.prot & ~(1 << p), self.mark,
                       self.spare >= 0)
                found = rules.cache.get(key)
                if found is None:
                    found = rules.play_options(*key)
            elif phase == BISHOP_REDRAW:
                found = rules.redraw_legal
            else:
                found = rules.keep_options((self.hands[self.turn], *self.extra))
            self._legal = found
        return found

    def action_to_text(self, action: int) -> str:
        texts = self.rules.texts
        if type(action) is int and 0 <= action < len(texts):
            return texts[action]
        return self.rules.action_to_text(action)        # names what is wrong with it

    def text_to_action(self, text: str) -> int:
        return self.rules.text_to_action(text)

    # -- applying --------------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if self.cur < 0:
            if self.cur == TERMINAL:
                raise IllegalAction("the match is over; no more actions are accepted")
            raise IllegalAction("a random event (the shuffle) is pending, not a decision")
        if type(action) is not int or action not in (self._legal or self._legal_pair())[1]:
            raise IllegalAction(self._refusal(action))
        self._legal = None
        rules = self.rules
        kind = rules.kind[action]
        if kind >= REDRAW:
            if kind == CHANCELLOR_KEEP:
                self._chancellor_keep(action)
            else:
                self._bishop_redraw(kind == REDRAW)
            return
        # play a card: the mark binds the very next played card only (L5)
        p = self.turn
        hands = self.hands
        if hands[p] == kind:
            hands[p] = self.drawn
        self.drawn = NONE
        self.discards[p].append(kind)
        self.played += 1
        self.mark = NONE
        self.log = ("play", (p, KEY[kind], rules.texts[action]), None, 0, self.log)
        effect = rules.effects[action]
        if effect is not None and effect(self, p, action):
            return                                   # a follow-up decision is pending
        if self.phase != PLAY:
            return
        alive, deck = self.alive, self.deck
        if alive & (alive - 1) == 0 or not deck:
            self._end_turn()                         # the round is decided
            return
        n = self.n                                   # _end_turn's next turn, in line
        p = (p + 1) % n
        while not alive >> p & 1:
            p = (p + 1) % n
        self.turn = self.cur = p
        self.prot &= ~(1 << p)
        card = self.drawn = deck.pop()
        self.log = ("draw", (p, "deck"), (KEY[card],), 1 << p, self.log)

    def _refusal(self, action) -> str:
        """Why ``action`` is refused, naming only what the deciding seat may know."""
        rules = self.rules
        if type(action) is not int or not 0 <= action < len(rules.table):
            return (f"{action!r} is not an action id of this configuration "
                    f"(0..{len(rules.table) - 1})")
        text = rules.texts[action]
        who = f"p{self.cur + 1}"
        kind = rules.kind[action]
        if self.phase == BISHOP_REDRAW:
            return f"{who} must answer the Bishop with 'redraw' or 'keep', not {text!r}"
        if self.phase == CHANCELLOR:
            return f"{who} must choose what the Chancellor keeps; {text!r} is not possible"
        if kind >= REDRAW:
            return f"{text!r} is not a card play; {who} must play a card"
        if kind not in (self.hands[self.turn], self.drawn):
            return f"{who} does not hold a {C.card_name(KEY[kind])}"
        legal = ", ".join(rules.texts[a] for a in self._legal_pair()[0])
        return f"{text!r} is not legal now ({self._reason(action)}); {who} may play: {legal}"

    def _reason(self, action: int) -> str:
        """The public reason a play of a held card is refused."""
        rules = self.rules
        hand = {self.hands[self.turn], self.drawn}
        if C.COUNTESS in hand and (hand - {C.COUNTESS}) & rules.countess_triggers and \
                rules.kind[action] != C.COUNTESS:
            return "the Countess must be played"
        for t in (rules.t1[action], rules.t2[action]):
            if 0 <= t < self.n and not self.alive >> t & 1:
                return f"p{t + 1} is out of the round"
            if 0 <= t < self.n and self.prot >> t & 1:
                return f"p{t + 1} is protected by a Handmaid"
        if self.mark != NONE:
            return f"the Sycophant's mark binds this card to p{self.mark + 1}"
        return "a choice this card cannot make now"

    # -- chance ----------------------------------------------------------------------------------
    def sample_chance(self, rng: random.Random):
        if self.cur != CHANCE:
            raise IllegalAction("there is no random event pending")
        if self.phase == STARTER:
            return rng.randrange(self.n)
        draw = rng.random                  # sort by independent uniform keys: a fair shuffle
        return sorted(self.rules.deck_names, key=lambda _: draw())

    def resolve_chance(self, rng: random.Random) -> None:
        """``apply_chance(sample_chance(rng))`` without spelling the shuffle out as names: the
        same position for the same generator (a search's random events need no record)."""
        if self.cur != CHANCE:
            raise IllegalAction("there is no random event pending")
        if self.phase == STARTER:
            self.apply_chance(rng.randrange(self.n))
            return
        draw = rng.random                  # the keys of sample_chance, on the card ids
        self._deal(sorted(self.rules.deck.cards, key=lambda _: draw()))

    def apply_chance(self, outcome) -> None:
        if self.cur != CHANCE:
            raise IllegalAction("there is no random event pending")
        if self.phase == STARTER:
            if type(outcome) is not int or not 0 <= outcome < self.n:
                raise IllegalAction(f"the random starter must be a seat number 0..{self.n - 1}, "
                                    f"not {outcome!r}")
            self.starter = outcome
            self.phase = DEAL
            self._event("starter", (outcome,))
            return
        self._deal(self._read_deck(outcome))

    def _read_deck(self, outcome) -> list[int]:
        """Check that ``outcome`` is a permutation of the deck in use (names the problem)."""
        if type(outcome) is list:
            try:
                index = C.INDEX
                cards = [index[name] for name in outcome]
                if sorted(cards) == self.rules.sorted_cards:
                    return cards
            except (KeyError, TypeError):
                pass
        deck = self.rules.deck
        if not isinstance(outcome, list):
            raise IllegalAction(f"the shuffle must be a list of {len(deck.cards)} card names, "
                                f"not {type(outcome).__name__}")
        if len(outcome) != len(deck.cards):
            raise IllegalAction(f"the shuffle must list {len(deck.cards)} cards "
                                f"({deck.name} deck), not {len(outcome)}")
        cards = []
        for name in outcome:
            if not isinstance(name, str) or name not in C.INDEX or \
                    not deck.copies[C.INDEX[name]]:
                raise IllegalAction(f"the shuffle names {name!r}, which is not a card of the "
                                    f"{deck.name} deck")
            cards.append(C.INDEX[name])
        for kind in deck.kinds:
            count = cards.count(kind)
            if count != deck.copies[kind]:
                raise IllegalAction(f"the shuffle has {count} {KEY[kind]} card(s); the "
                                    f"{deck.name} deck has {deck.copies[kind]}")
        return cards

    # -- end -------------------------------------------------------------------------------------
    def result(self) -> Result:
        return Result([float(t) for t in self.tokens], list(self.winners),
                      {"tokens": list(self.tokens), "rounds": self.rounds_done,
                       "target": self.rules.target})

    def snapshot(self):
        def names(cards):
            return [KEY[c] for c in cards]

        return {
            "phase": PHASES[self.phase], "cur": self.cur, "turn": self.turn,
            "round": self.round, "starter": self.starter,
            "hands": [KEY[c] if c != NONE else None for c in self.hands],
            "drawn": KEY[self.drawn] if self.drawn != NONE else None,
            "extra": names(self.extra),
            "deck_top_first": names(self.deck[::-1]),
            "spare": KEY[self.spare] if self.spare != NONE else None,
            "face_up": names(self.face_up), "burned": names(self.burned),
            "alive": [bool(self.alive >> q & 1) for q in range(self.n)],
            "protected": [bool(self.prot >> q & 1) for q in range(self.n)],
            "mark": self.mark, "jester": [self.jester_by, self.jester_on],
            "bishop_by": self.bishop_by,
            "discards": [[[KEY[e & CARD_MASK], CAUSES[e >> CAUSE_SHIFT]] for e in pile]
                         for pile in self.discards],
            "tokens": list(self.tokens), "winners": list(self.winners),
            "played": self.played, "rounds_done": self.rounds_done,
            "log": [[k, list(pub), list(priv) if priv is not None else None, seen]
                    for k, pub, priv, seen in self.log_entries()],
        }


